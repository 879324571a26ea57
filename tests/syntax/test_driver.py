"""The parser's own LALR loop (bpscript.syntax.driver) builds the trees lark's `parse`
builds, positions and all, and fails where lark fails with the same error."""

from __future__ import annotations

from pathlib import Path

import pytest
from lark.exceptions import UnexpectedInput

from bpscript.syntax.driver import Loop
from bpscript.syntax.parser import grammar_parser, parse_text

ROOT = Path(__file__).parents[2]
FIELDS = ("line", "column", "end_line", "end_column", "container_line", "container_column",
          "container_end_line", "container_end_column")
FILES = sorted([*ROOT.glob("stdlib/**/*.bps"), *ROOT.glob("frames/**/*.bps"), *ROOT.glob("tests/**/*.bps")])

BROKEN = [
    'action a "名" (通常魔法) {\n  effect "x" {\n  }\n}\n',         # a field without ':'
    'action a "名" (通常魔法) {\n  effect: "x" {\n    draw(me\n  }\n}\n',  # unclosed call
    'action a "名" (通常魔法) {\n',                                   # end of file inside an item
    'action a "名\n',                                                 # unterminated string
    'action a "名" (通常魔法) {\n  effect: "x" { draw(me) ` }\n}\n',   # a character no terminal reads
    '}\n', '', '\n\n', '"""\n', 'action\n', '@@@\n', 'effect: 1 +\n',
]


def positions(tree) -> list[tuple]:
    return [(t.data, t.meta.empty, *(getattr(t.meta, f, None) for f in FIELDS)) for t in tree.iter_subtrees()]


def outcome(parse, text: str):
    """(tree with every node's positions) or (error class, position, expected/allowed, token)."""
    try:
        tree = parse(text)
    except UnexpectedInput as err:
        return (type(err).__name__, err.line, err.column, getattr(err, "pos_in_stream", None),
                sorted(getattr(err, "expected", None) or getattr(err, "allowed", None) or ()),
                str(getattr(err, "token", "")), getattr(getattr(err, "token", None), "type", None))
    return tree, positions(tree), [(t.type, t.line, t.column, t.end_line, t.end_column, t.start_pos, t.end_pos)
                                   for t in tree.scan_values(lambda v: hasattr(v, "type"))]


def test_the_parser_runs_its_own_loop():
    assert isinstance(parse_text().__self__, Loop)


def test_every_bundled_script_and_fixture_parses_as_lark_parses_it():
    lark = grammar_parser().parse
    compared = 0
    for f in FILES:
        text = f.read_text("utf-8")
        text = text if text.endswith("\n") else text + "\n"
        assert outcome(parse_text(), text) == outcome(lark, text), f
        compared += 1
    assert compared > 100


@pytest.mark.parametrize("text", BROKEN)
def test_a_broken_text_fails_where_and_as_lark_fails(text):
    theirs = outcome(grammar_parser().parse, text)
    assert outcome(parse_text(), text) == theirs


def test_every_cut_of_a_script_fails_or_parses_as_with_lark():
    """Each prefix of a script: end of file at every place the grammar can meet it."""
    text = (ROOT / "stdlib" / "blackpoker-8.2").glob("*.bps").__next__().read_text("utf-8")[:1500]
    for end in range(0, len(text), 7):
        cut = text[:end] + "\n"
        assert outcome(parse_text(), cut) == outcome(grammar_parser().parse, cut), end
