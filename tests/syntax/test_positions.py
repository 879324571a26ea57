"""The parser's own position propagation (bpscript.syntax.positions) gives every node of
every tree the positions lark's `propagate_positions` gives it."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from lark import Lark, Tree

from bpscript.syntax.parser import grammar_parser
from bpscript.syntax.positions import Positions

ROOT = Path(__file__).parents[2]
FIELDS = ("line", "column", "end_line", "end_column", "container_line", "container_column",
          "container_end_line", "container_end_column")


def lark_own() -> Lark:
    text = resources.files("bpscript.syntax").joinpath("grammar.lark").read_text("utf-8")
    return Lark(text, parser="lalr", lexer="contextual", strict=True, propagate_positions=True,
                maybe_placeholders=True)


def positions(tree: Tree) -> list[tuple]:
    return [(t.data, t.meta.empty, *(getattr(t.meta, f, None) for f in FIELDS)) for t in tree.iter_subtrees()]


def test_the_parser_uses_its_own_propagation():
    callbacks = grammar_parser().parser.parser.parser.callbacks
    assert all(isinstance(cb, Positions) for cb in callbacks.values())


def test_every_bundled_script_and_fixture_gets_the_positions_lark_gives():
    theirs, ours = lark_own(), grammar_parser()
    files = sorted([*ROOT.glob("stdlib/**/*.bps"), *ROOT.glob("frames/**/*.bps"), *ROOT.glob("tests/**/*.bps")])
    compared = 0
    for f in files:
        try:
            text = f.read_text("utf-8")
            expected = theirs.parse(text if text.endswith("\n") else text + "\n")
        except Exception:  # noqa: BLE001 - a fixture that does not parse: compared by the error tests
            continue
        assert positions(ours.parse(text if text.endswith("\n") else text + "\n")) == positions(expected), f
        compared += 1
    assert compared > 100
