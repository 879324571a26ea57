"""Names in the editor as the checker resolves them: hover says what a name is (local,
context name, vocabulary term, constant, script id), completion offers the names the
script provides and, where a parameter takes one, the words the vocabulary declares."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from lsp_editor import ROOT, Editor, position_of

HOMEBREW = ROOT / "frames" / "homebrew-example"
BODY = """    let picked = [c for c in key if c.number < 3 and c.number > 0]
    move(picked, to=grave, position=bottom)
    if count(units(soldier, me)) > 0 {
      grant_label(units(soldier, me), attacker)
    }
    draw(me)"""


@pytest.fixture
def package(tmp_path) -> tuple[Path, str]:
    """The example homebrew package, its duelDraw effect rewritten to use every kind of name."""
    target = tmp_path / "mini"
    shutil.copytree(HOMEBREW, target)
    frame = target / "frame.bps"
    text = frame.read_text("utf-8").replace("    draw(me)", BODY, 1)
    frame.write_text(text, encoding="utf-8")
    return frame, text


def run(scenario):
    return asyncio.run(scenario())


def test_the_edited_package_checks_clean(package):
    frame, _ = package

    async def scenario():
        async with Editor() as ed:
            uri = ed.open(frame)
            assert [d for d in await ed.diagnostics(uri) if d.severity == 1] == []
    run(scenario)


def test_hover_shows_what_each_name_resolved_to(package):
    frame, text = package

    async def scenario():
        async with Editor() as ed:
            uri = ed.open(frame)
            await ed.diagnostics(uri)

            async def hover(needle: str, offset: int = 0) -> str:
                found = await ed.hover(uri, *position_of(text, needle, offset))
                assert found is not None, needle
                return found.contents.value

            assert (await hover("move(picked", 6)).startswith("`picked` — local name")
            assert (await hover("if c.number", 3)).startswith("`c` — local name")
            assert (await hover("for c in key", 9)).startswith("`key` — context name: cards, provided by action `duelDraw`")
            zone = await hover("to=grave", 4)
            assert zone.startswith("`grave` — vocabulary term (zones): 「墓地」 — declared at stdlib/blackpoker-8.2/00-vocabulary.bps:")
            kind = await hover("units(soldier, me))", 7)
            assert kind.startswith("`soldier` — vocabulary term (unit_kinds): 「兵士」")
            label = await hover("me), attacker)", 5)
            assert label.startswith("`attacker` — vocabulary term (labels): 「アタッカー」")
            assert (await hover("position=bottom", 10)).startswith("`bottom` — constant: position")
            target = await hover("on=target", 4)
            assert target.startswith("`target` — context name: unit, provided by action `up`")
            fog = await hover("as=upFog", 4)
            assert fog.startswith("`upFog` — script id: fog 【アップ】") and "**ユニット条件**: ☆♡A〜10" in fog
    run(scenario)


def test_completion_offers_what_the_script_provides(package):
    frame, text = package

    async def scenario():
        async with Editor() as ed:
            uri = ed.open(frame)
            in_draw = {i.label: i for i in await ed.complete(uri, *position_of(text, "    draw(me)", 4))}
            assert {"me", "key", "picked", "upFog", "move"} <= set(in_draw)
            assert in_draw["picked"].detail == "local"
            # duelDraw has no 対象 and is not triggered; zones go only where a parameter takes one
            assert not {"target", "event", "unit", "it", "grave", "c"} & set(in_draw)
            in_up = {i.label for i in await ed.complete(uri, *position_of(text, "    place_fog(key", 4))}
            assert {"target", "key"} <= in_up and "picked" not in in_up
            # by keyword: a zone; by position: a unit kind, a label
            zones = {i.label: i.detail for i in await ed.complete(uri, *position_of(text, "to=grave", 3))}
            assert zones["grave"] == "墓地" and "life" in zones and "me" not in zones
            kinds = {i.label: i.detail for i in await ed.complete(uri, *position_of(text, "units(soldier, me))", 6))}
            assert kinds["soldier"] == "兵士" and "character" in kinds and "grave" not in kinds
            labels = {i.label for i in await ed.complete(uri, *position_of(text, "me), attacker)", 4))}
            assert {"attacker", "blocker", "haste"} <= labels
            # inside a comprehension its variable is in scope
            inside = {i.label for i in await ed.complete(uri, *position_of(text, "c.number < 3", 0))}
            assert "c" in inside
    run(scenario)


def test_completion_of_item_keywords_includes_every_declaration_kind(tmp_path):
    async def scenario():
        async with Editor() as ed:
            uri = ed.open(tmp_path / "v.bps", 'extends "blackpoker-8.2"\n\nru\n')
            words = {i.label for i in await ed.complete(uri, 2, 2)}
            assert {"rule", "phrase", "label", "action", "override", "extends"} <= words
    run(scenario)


def test_a_vocabulary_word_goes_to_its_declaration(package):
    frame, text = package
    vocabulary = (ROOT / "stdlib" / "blackpoker-8.2" / "00-vocabulary.bps").read_text("utf-8")

    async def scenario():
        async with Editor() as ed:
            uri = ed.open(frame)
            loc = await ed.definition(uri, *position_of(text, "to=grave", 4))
            assert loc.uri.endswith("stdlib/blackpoker-8.2/00-vocabulary.bps")
            assert loc.range.start.line == position_of(vocabulary, 'zone grave "')[0]
            loc = await ed.definition(uri, *position_of(text, "me), attacker)", 5))
            assert loc.range.start.line == position_of(vocabulary, 'label attacker "')[0]
    run(scenario)


def test_a_rule_note_field_names_its_declaration():
    path = ROOT / "stdlib" / "blackpoker-8.2" / "40-normal-magic.bps"
    text = path.read_text("utf-8")

    async def scenario():
        async with Editor() as ed:
            uri = ed.open(path)
            at = position_of(text, "  note: untargetableByCounter", len("  note: un"))
            hover = await ed.hover(uri, *at)
            assert hover.contents.value.startswith(
                "`untargetableByCounter` — vocabulary term (notes): 「※このアクションはカウンターアクションの対象にならない。」")
            loc = await ed.definition(uri, *at)
            assert loc.uri.endswith("stdlib/blackpoker-8.2/40-normal-magic.bps")
            assert loc.range.start.line == position_of(text, "note untargetableByCounter")[0]
            names = {i.label: i.detail for i in await ed.complete(uri, *at)}
            assert names["untargetableByCounter"].startswith("※このアクションは")
            assert "grave" not in names and "move" not in names  # only the declared notes
    run(scenario)
