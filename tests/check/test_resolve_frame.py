"""A frame's deck and setup become typed objects at resolve time; each misuse is one
located diagnostic (tests/fixtures/frames/, one file per misuse, `# expect:` lines)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bpscript.model.cards import Card, card_key
from bpscript.model.deck import DeckList, DeckRule
from bpscript.diagnostics import render
from bpscript.load.loader import load, load_official
from bpscript.model.setup_steps import StepKind

ROOT = Path(__file__).parents[2]
FIXTURES = sorted((ROOT / "tests" / "fixtures" / "frames").glob("*.bps"))
EXPECT = re.compile(r"^# expect: (E\d{3}) (\d+):(\d+) (\S+)$", re.M)


@pytest.fixture(scope="module")
def official():
    return load_official().ruleset


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_each_misuse_is_one_located_error(path):
    text = path.read_text("utf-8")
    expected = [(c, int(l), int(col), tok) for c, l, col, tok in EXPECT.findall(text)]
    assert expected, "a fixture says what it expects"
    result = load([ROOT / "tests" / "fixtures" / "zones.bps", path])  # the words frames use: zones
    got = [(d.code, d.span.line, d.span.column) for d in result.diagnostics]
    assert got == [e[:3] for e in expected]
    lines = text.splitlines()
    for d, (_, line, col, token) in zip(result.diagnostics, expected):
        assert lines[line - 1][col - 1:].startswith(token)
        shown = render(d, result.sources)
        assert shown.startswith(f"{d.span.file}:{line}:{col}: error[{d.code}]") and "^" in shown
        assert d.expected or d.fix


def test_the_fixtures_cover_every_frame_code():
    codes = {c for p in FIXTURES for c, *_ in EXPECT.findall(p.read_text("utf-8"))}
    assert {"E501", "E502", "E503", "E504", "E505", "E506", "E510", "E511", "E512", "E513", "E514",
            "E515"} <= codes


def test_a_misused_frame_still_resolves_the_rest(tmp_path):
    # two errors in one frame, both reported; the frame is still there
    f = tmp_path / "two.bps"
    f.write_text(FIXTURES[0].read_text("utf-8").replace("min forty", "min forty, colour red"), "utf-8")
    result = load([ROOT / "tests" / "fixtures" / "zones.bps", f])
    assert [d.code for d in result.diagnostics] == ["E504", "E501"]
    assert "f" in result.ruleset.frames


def test_several_settings_on_one_line(tmp_path):
    f = tmp_path / "one_line.bps"
    f.write_text('format lite "ライト" {\n  summary: "x"\n}\n\nframe f "F" {\n  formats: lite\n'
                 '  deck: "30〜40枚、Jokerなし" { min 30 max 40 jokers 0 }\n  zones: life grave field hand fog\n'
                 '  setup: "…" { shuffle life hand 5 preset decide_first start }\n}\n', "utf-8")
    result = load([ROOT / "tests" / "fixtures" / "zones.bps", f])
    assert not result.diagnostics
    fr = result.ruleset.frames["f"]
    assert fr.deck == DeckRule(30, 40, 0, "30〜40枚、Jokerなし", fr.deck.span)
    assert [str(s) for s in fr.setup.steps] == ["shuffle", "life", "hand 5", "preset", "decide_first", "start"]


def test_entry20_lists_the_printed_cards(official):
    fr = official.frames["entry20"]
    assert isinstance(fr.deck, DeckList) and fr.deck.fixed
    printed = []  # the printed text, read here only to check the typed deck against it
    for line in fr.deck.text.splitlines()[1:]:
        suit, *numbers = line.lstrip("・").replace(",", " ").split()
        printed += [Card.parse(suit[0] + suit[1:])] + [Card.parse(suit[0] + n) for n in numbers]
    assert sorted(printed, key=card_key) == sorted(fr.deck.cards, key=card_key) and len(fr.deck.cards) == 20
    assert (fr.deck.smallest, fr.deck.largest) == (20, 20)


def test_the_rule_decks_of_the_official_frames(official):
    for fid in ("pack", "rarePack", "strategy", "extra"):
        deck = official.frames[fid].deck
        assert isinstance(deck, DeckRule) and deck.text == "40枚以上"
        assert (deck.smallest, deck.largest, deck.jokers, len(deck.pool)) == (40, 54, 2, 54)


def test_one_typed_step_per_printed_step(official):
    for fr in official.frames.values():
        printed = [l for l in fr.setup.text.splitlines() if re.match(r"\d+\. ", l)]
        lines = sorted({st.span.line for st in fr.setup.steps})
        assert len(lines) == len(printed), fr.id  # one line of steps per printed step
    extra = official.frames["extra"].setup
    assert [str(s) for s in extra.steps] == [
        "trumps 2", "choose_hand 3", "rare 1", "shuffle", "pack 14", "life", "hand 7", "preset face_down",
        "decide_first", "reveal_soldier first", "open_trump first", "reveal_soldier second", "open_trump second",
        "start"]
    assert official.frames["strategy"].setup.chosen == 3 and official.frames["strategy"].setup.hand == 7
    assert {k for fr in official.frames.values() for k in fr.setup.kinds} == set(StepKind)
