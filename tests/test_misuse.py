"""Each misuse that once passed `check` now gets a located diagnostic at check time
(issue: one semantic model). One small `.bps` per case, under tests/fixtures/misuse."""

from __future__ import annotations

from pathlib import Path

import pytest

from bpscript.model.cards import Card, Suit
from bpscript.diagnostics import render
from bpscript.model.effects import Lit, NodeWalker
from bpscript.engine.kernel.coverage import coverage
from bpscript.load.loader import load

ROOT = Path(__file__).parents[1]
MISUSE = ROOT / "tests" / "fixtures" / "misuse"
BASE = [str(ROOT / "stdlib" / "blackpoker-8.2")]

CASES = [
    # file, code, line, column, words the message must hold
    ("condition_text.bps", "E130", 6, 28, "rank '1' is outside A〜K"),
    ("key_without_star.bps", "E320", 5, 14, "'key' is not available here"),
    ("target_without_target.bps", "E320", 5, 19, "'target' is not available here"),
    ("event_outside_trigger.bps", "E320", 5, 14, "'event' is not available here"),
    ("key_unit_without_unit.bps", "E320", 5, 10, "'key_unit' is not available here"),
    ("id_collides.bps", "E205", 2, 8, "script id 'target'"),
    ("vocab_word_misplaced.bps", "E305", 5, 14, "'grave' is a zone"),
]


@pytest.mark.parametrize("name,code,line,col,words", CASES, ids=[c[0] for c in CASES])
def test_misuse_is_located_at_check_time(name, code, line, col, words):
    result = load(BASE + [str(MISUSE / name)])
    found = [(d.code, d.span.line, d.span.column) for d in result.errors]
    assert found == [(code, line, col)], found
    text = render(result.errors[0], result.sources)
    assert words in text
    assert f"{line} |" in text and "^" in text  # an excerpt with a caret
    if code == "E320":  # a context name the script lacks: say what to write instead
        assert result.errors[0].fix and f"= fix: {result.errors[0].fix}" in text


class _Lits(NodeWalker):
    def __init__(self) -> None:
        self.found: list[Lit] = []

    def visit_Lit(self, node: Lit) -> None:
        self.found.append(node)


def test_matches_takes_the_spellings_the_star_parser_takes():
    """♦ and 2-10 pass check, and the condition the engine receives is the ★ matcher's."""
    result = load(BASE + [str(MISUSE / "condition_spellings.bps")])
    assert result.errors == []
    script = next(rs.scripts["wideMatch"] for _, rs in result.rulesets if "wideMatch" in rs.scripts)
    walker = _Lits()
    for stmt in script.effect.body:
        walker.visit(stmt)
    [lit] = walker.found
    assert lit.text == "♦2-10"
    cond = lit.value
    assert cond.matches((Card(5, Suit.DIAMOND),))
    assert cond.matches((Card(10, Suit.DIAMOND),))
    assert not cond.matches((Card(11, Suit.DIAMOND),))
    assert not cond.matches((Card(5, Suit.HEART),))


def test_a_zone_the_engine_lacks_is_not_executable_and_says_why(tmp_path):
    """A script that reads a zone the engine does not keep: coverage names the zone instead
    of counting the verb (the rare zone, once missing, is kept now: レアドロー runs)."""
    path = tmp_path / "vault.bps"
    path.write_text('''extends "blackpoker-8.2"

zone vault "金庫" { holds: cards }

action vaultDraw "金庫ドロー" (速攻魔法) {
  @直接-即時-クイック
  effect: "金庫のカードを1枚手札に加える。" {
    move(choose_cards(me, cards_in(vault, me), 1), to=hand)
  }
  formats: lite
}
''', encoding="utf-8")
    result = load([path])
    assert not result.errors
    by_id = {c.id: c for c in coverage(result.ruleset)}
    assert not by_id["vaultDraw"].executable
    assert by_id["vaultDraw"].missing == ["engine: zone 'vault'"]
    assert by_id["raredraw"].executable and by_id["draw"].executable
