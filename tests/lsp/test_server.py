"""`bpscript lsp` driven as an editor drives it: JSON-RPC over the server's stdio."""

from __future__ import annotations

import asyncio
import re
import shutil
from pathlib import Path

import pytest
from lsprotocol import types as lsp

from bpscript.lint.runner import lint_result
from bpscript.load.loader import display_path, load
from bpscript.syntax.conditions import parse_condition
from bpscript.syntax.format import format_text

from lsp_editor import ROOT, Editor, position_of

HOMEBREW = ROOT / "frames" / "homebrew-example"
MESSY = ROOT / "tests" / "syntax" / "fixtures" / "messy.bps"


@pytest.fixture
def package(tmp_path) -> Path:
    """A copy of the example homebrew package (it extends the official rules)."""
    target = tmp_path / "mini"
    shutil.copytree(HOMEBREW, target)
    return target


def run(scenario):
    return asyncio.run(scenario())


def cli_findings(directory: Path, file: Path) -> list[tuple[str, int, int, str]]:
    """What `check` + `lint` (without G4's engine search) report for one file."""
    report = lint_result(load([directory]), engine=None)
    name = display_path(file)
    return sorted({(f.code, f.span.line - 1, f.span.column - 1, f.message) for f in report.findings
                   if f.span.file == name})


def shown(diags: list[lsp.Diagnostic]) -> list[tuple[str, int, int, str]]:
    return sorted({(d.code, d.range.start.line, d.range.start.character, d.message.split("\n")[0]) for d in diags})


# ---------------------------------------------------------------- initialize, diagnostics
def test_initialize_announces_the_features():
    async def scenario():
        async with Editor() as ed:
            caps = ed.capabilities
            assert caps.hover_provider and caps.definition_provider and caps.document_formatting_provider
            assert caps.document_symbol_provider
            assert "@" in caps.completion_provider.trigger_characters
            assert caps.text_document_sync.change == lsp.TextDocumentSyncKind.Incremental
    run(scenario)


def test_diagnostics_as_you_type_match_check_and_lint(package):
    frame = package / "frame.bps"
    text = frame.read_text("utf-8")

    async def scenario():
        async with Editor() as ed:
            uri = ed.open(frame)
            assert await ed.diagnostics(uri, 1) == []  # the package is clean
            # a typo in a cost letter, typed in (not saved): E120 on that line
            line, col = position_of(text, "$DL ★♡A〜10", 3)
            version = ed.edit(uri, line, col, col, "X")
            diags = await ed.diagnostics(uri, version)
            assert [(d.code, d.range.start.line) for d in diags] == [("E120", line)]
            assert diags[0].severity == lsp.DiagnosticSeverity.Error and diags[0].source == "bpscript"
            # the same codes, spans and messages as the command line gives for that text
            frame.write_text(text[:text.index("$DL ★")] + "$DLX ★" + text[text.index("$DL ★") + 5:], "utf-8")
            assert shown(diags) == cli_findings(package, frame)
            # a lint finding: a 通常-クイック action without a key card (G2), in place of the key
            line, col = position_of(text, "@直接-通常-クイック $DL ★♡A〜10")
            version = ed.edit(uri, line, col, col + len("@直接-通常-クイック $DLX ★♡A〜10"), "@直接-通常-クイック $D")
            diags = await ed.diagnostics(uri, version)
            assert ("G2", line) in [(d.code, d.range.start.line) for d in diags]
            frame.write_text(ed_text(text, "@直接-通常-クイック $DL ★♡A〜10", "@直接-通常-クイック $D"), "utf-8")
            assert shown(diags) == cli_findings(package, frame)
            # fixed again: the diagnostics clear
            version = ed.change(uri, text)
            assert await ed.diagnostics(uri, version) == []
    run(scenario)


def ed_text(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


def test_changes_are_debounced(package):
    frame = package / "frame.bps"
    text = frame.read_text("utf-8")

    async def scenario():
        async with Editor(debounce=1.0) as ed:
            uri = ed.open(frame)
            await ed.diagnostics(uri, 1)
            before = len(ed.published[uri])
            for n in range(5):  # five keystrokes in a row: one check, of the last text
                last = ed.change(uri, text.replace("$DL ★", "$DL" + "Q" * (n + 1) + " ★"))
            diags = await ed.diagnostics(uri, last)
            assert len(ed.published[uri]) == before + 1
            assert {d.code for d in diags} == {"E120"}
    run(scenario)


def test_a_new_unsaved_file_is_checked_with_its_package(package):
    new = package / "draft.bps"
    text = ('extends "blackpoker-8.2"\n\naction draft "下書き" (通常魔法) {\n  @直接-通常-メイン\n'
            '  effect: "x" { draw(me) }\n  frames: nowhere\n}\n')

    async def scenario():
        async with Editor() as ed:
            uri = ed.open(new, text)
            diags = await ed.diagnostics(uri, 1)
            line, _ = position_of(text, "frames: nowhere")
            assert [(d.code, d.range.start.line) for d in diags] == [("E161", line)]
    run(scenario)


def test_a_syntax_error_is_reported_where_it_is(package):
    frame = package / "frame.bps"
    text = frame.read_text("utf-8").replace('effect: "ライフの', 'effect "ライフの')

    async def scenario():
        async with Editor() as ed:
            uri = ed.open(frame, text)
            diags = await ed.diagnostics(uri, 1)
            line, col = position_of(text, '"ライフの')
            assert [(d.code, d.range.start.line, d.range.start.character) for d in diags] == [("E001", line, col)]
            assert "expected: ':'" in diags[0].message
    run(scenario)


# ---------------------------------------------------------------- hover
def test_hover_on_a_verb_a_script_a_reference_and_a_condition(package):
    frame = package / "frame.bps"
    text = frame.read_text("utf-8")
    extra = ROOT / "frames" / "50-extra" / "frame.bps"
    extra_text = extra.read_text("utf-8")

    async def scenario():
        async with Editor() as ed:
            uri = ed.open(frame)
            verb = await ed.hover(uri, *position_of(text, "place_fog(key, on=target, as=upFog)", 2))
            assert "place_fog(cards: cards, on: any?, as: script?)" in verb.contents.value
            assert "フォグに置く" in verb.contents.value
            fog = await ed.hover(uri, *position_of(text, "as=upFog", 5))
            assert "【アップ】(滞留魔法)" in fog.contents.value and "**ユニット条件**: ☆♡A〜10" in fog.contents.value
            key = await ed.hover(uri, *position_of(text, "★♡A〜10", 2))
            value = key.contents.value
            assert "Takes 1 card(s)" in value and "♡A ♡2 ♡3 ♡4 ♡5 ♡6 ♡7 ♡8 ♡9 ♡10" in value
            assert "♡J" not in value and "10 way(s)" in value
            uri2 = ed.open(extra)
            ref = await ed.hover(uri2, *position_of(extra_text, "「リアニメーター召喚」を参照", 3))
            assert "【リアニメーター召喚】(召喚)" in ref.contents.value
            unit = await ed.hover(uri2, *position_of(extra_text, "★「リアニメーター」1体", 1))
            assert "character 「リアニメーター」" in unit.contents.value
            assert await ed.hover(uri, *position_of(text, "ミニ決闘", 1)) is None
    run(scenario)


# ---------------------------------------------------------------- completion
def test_completion_by_context(package):
    frame = package / "frame.bps"
    text = frame.read_text("utf-8")

    async def scenario():
        async with Editor() as ed:
            uri = ed.open(frame)
            line, col = position_of(text, "@直接-通常-メイン $L", 1)
            headers = {i.label for i in await ed.complete(uri, line, col)}
            assert {"直接-通常-クイック", "誘発-即時-メイン"} <= headers and len(headers) == 8
            line, col = position_of(text, "$L ★♠A〜5", 1)
            costs = {i.label: i.detail for i in await ed.complete(uri, line, col)}
            assert costs["L"] == "1点ダメージを受ける" and set(costs) == {"B", "L", "D", "S", "C"}
            line, col = position_of(text, "★♠A〜5", 1)
            forms = await ed.complete(uri, line, col)
            assert any(i.label == "同じスートを2枚" for i in forms)
            for item in forms:  # every form, as inserted with its default values, is a condition
                parse_condition(re.sub(r"\$\{\d+[:|]([^,}|]*)[^}]*\}", r"\1", item.text_edit.new_text))
            line, col = position_of(text, "draw(me)")
            effect = {i.label: i for i in await ed.complete(uri, line, col)}
            assert effect["move"].text_edit.new_text == "move(${1:what}, to=${2:zone})$0"
            assert effect["move"].insert_text_format == lsp.InsertTextFormat.Snippet
            assert {"me", "key", "upFog", "duelDraw"} <= set(effect)
            assert "target" not in effect and "grave" not in effect  # no 対象 here; a zone only as a zone
            line, col = position_of(text, "place_fog(key, on=target, as=upFog)", len("place_fog(key, on=target, as="))
            fogs = {i.label for i in await ed.complete(uri, line, col)}
            assert "upFog" in fogs and "duelDraw" not in fogs
            line, col = position_of(text, "zones: life", len("zones: "))
            assert {"life", "grave", "rare"} <= {i.label for i in await ed.complete(uri, line, col)}
            line, col = position_of(text, "  formats: lite\n", 2)
            assert {"formats", "effect", "target"} <= {i.label for i in await ed.complete(uri, line, col)}
    run(scenario)


# ---------------------------------------------------------------- definition
def test_go_to_definition(package):
    frame = package / "frame.bps"
    text = frame.read_text("utf-8")
    extra = ROOT / "frames" / "50-extra" / "frame.bps"
    extra_text = extra.read_text("utf-8")
    quick = (ROOT / "stdlib" / "blackpoker-8.2" / "30-quick-magic.bps").read_text("utf-8")
    fogs = (ROOT / "stdlib" / "blackpoker-8.2" / "60-fogs.bps").read_text("utf-8")

    async def scenario():
        async with Editor() as ed:
            uri = ed.open(frame)
            # the override → the official script it replaces
            loc = await ed.definition(uri, *position_of(text, "override action up", len("override action ")))
            assert loc.uri.endswith("stdlib/blackpoker-8.2/30-quick-magic.bps")
            assert (loc.range.start.line, loc.range.start.character) == position_of(quick, 'action up "', 7)
            # a fog's id → its script
            loc = await ed.definition(uri, *position_of(text, "as=upFog", 4))
            assert loc.uri.endswith("stdlib/blackpoker-8.2/60-fogs.bps")
            assert loc.range.start.line == position_of(fogs, 'fog upFog "')[0]
            # same_as X and 「X」を参照 → X
            uri2 = ed.open(extra)
            target = position_of(extra_text, 'action summonReanimator "', 7)
            loc = await ed.definition(uri2, *position_of(extra_text, "same_as summonReanimator", 9))
            assert loc.uri.endswith("frames/50-extra/frame.bps")
            assert (loc.range.start.line, loc.range.start.character) == target
            loc = await ed.definition(uri2, *position_of(extra_text, "「リアニメーター召喚」を参照", 2))
            assert (loc.range.start.line, loc.range.start.character) == target
            assert await ed.definition(uri, *position_of(text, "ミニ決闘", 1)) is None
    run(scenario)


# ---------------------------------------------------------------- outline and formatting
def test_document_symbols_outline_the_file(package):
    frame = package / "frame.bps"

    async def scenario():
        async with Editor() as ed:
            uri = ed.open(frame)
            outline = await ed.symbols(uri)
            assert [s.name for s in outline] == ["extends blackpoker-8.2", "miniDuel", "duelDraw", "up"]
            up = outline[-1]
            assert up.kind == lsp.SymbolKind.Function and up.detail == "override action 【アップ】(速攻魔法) in miniDuel"
            assert [c.name for c in up.children] == ["header", "target", "effect", "since"]
    run(scenario)


def test_formatting_gives_the_canonical_layout(tmp_path):
    messy = MESSY.read_text("utf-8")
    path = tmp_path / "messy.bps"

    async def scenario():
        async with Editor() as ed:
            uri = ed.open(path, messy)
            edits = await ed.format(uri)
            assert len(edits) == 1 and edits[0].new_text == format_text(messy)
            assert edits[0].range.start == lsp.Position(0, 0)
            assert edits[0].range.end.line == messy.count("\n")
            uri2 = ed.open(tmp_path / "ok.bps", format_text(messy))
            assert await ed.format(uri2) == []
            uri3 = ed.open(tmp_path / "bad.bps", 'action a "A" {\n  effect "x"\n}\n')
            assert await ed.format(uri3) == []  # does not parse: no edit, the diagnostics say why
            assert (await ed.diagnostics(uri3, 1))[0].code == "E001"
    run(scenario)
