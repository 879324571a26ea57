"""The server's features on their own: snippets that are valid bpscript, conditions
described, positions in UTF-16 units, braces counted outside strings."""

from __future__ import annotations

import re

import pytest

from bpscript.lsp.completion import condition_forms, verb_snippet
from bpscript.lsp.cursor import at
from bpscript.lsp.hover import describe_condition
from bpscript.lsp.positions import from_utf16, to_utf16
from bpscript.lsp.symbols import symbols
from bpscript.syntax.parser import parse_module
from bpscript.verbs import LIBRARY

HOLE = re.compile(r"\$\{\d+[:|]([^,}|]*)[^}]*\}|\$0")


def filled(snippet: str) -> str:
    return HOLE.sub(lambda m: m.group(1) or "", snippet)


@pytest.mark.parametrize("name", sorted(n for n, s in LIBRARY.items() if s.kind == "verb"))
def test_every_verb_snippet_is_a_statement_that_parses(name):
    call = filled(verb_snippet(LIBRARY[name]))
    text = f'action a "A" {{\n  effect: "x" {{\n    {call}\n  }}\n}}\n'
    module, diags = parse_module(text)
    assert not diags, call
    (stmt,) = module.items[0].fields[0].body
    required = [p.name for p in LIBRARY[name].params if p.required]
    given = [p.name for p in LIBRARY[name].params[:len(stmt.call.args)]] + [k for k, _ in stmt.call.kwargs]
    assert sorted(given) == sorted(required)


@pytest.mark.parametrize("label, snippet, doc", condition_forms())
def test_every_condition_form_is_described(label, snippet, doc):
    for text in (label, filled(snippet)):
        described = describe_condition("★", text)
        assert "not a condition" not in described, described


def test_conditions_say_which_cards_and_how_many_ways():
    assert "♠A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10" in describe_condition("★", "♠A〜10 を 2枚")
    assert "45 way(s)" in describe_condition("★", "♠A〜10 を 2枚")  # 10 choose 2
    assert "78 way(s)" in describe_condition("★", "同じ数字を2枚")  # 13 × (4 choose 2)
    assert "not a condition" in describe_condition("★", "♠Z")


def test_positions_count_utf16_units():
    lines = ["a𝒜b ★♡A"]  # 𝒜 is outside the BMP: two UTF-16 units
    assert to_utf16(lines, 0, 2) == (0, 3)
    assert from_utf16(lines, 0, 3).column == 2
    assert from_utf16(lines, 0, 99).column == len(lines[0])


def test_braces_are_counted_outside_strings_and_comments():
    text = 'action a "{" {\n  effect: """\n  }}}\n  """ {  # {\n    '
    assert at(text, len(text)).depth() == 2
    for call in ("move(target, to=", "move(f(x), to="):
        text = f'action a "(" {{\n  effect: "t" {{\n    {call}'
        assert at(text, len(text)).call() == ("move", 1, "to")


def test_the_outline_lists_vocabulary_declarations():
    text = 'rule revolution "革命のダメージ判定"\nphrase refers "「{what}」を参照" { means: reference }\n'
    module, _ = parse_module(text)
    outline = symbols(module)
    assert [(s.name, s.detail) for s in outline] == [("revolution", "rule 「革命のダメージ判定」"),
                                                     ("refers", "phrase 「「{what}」を参照」")]
    assert outline[0].selection_range.start.character == len("rule ")


def test_the_outline_lists_the_ruleset_and_its_supplements():
    text = ('ruleset "my-rules" "わたしのルール" { edition: "1.0" }\n\n'
            'supplement placing "置き方" {\n  text: "補足の本文"\n}\n')
    module, diags = parse_module(text)
    assert not diags
    assert [(s.name, s.detail) for s in symbols(module)] == [("ruleset my-rules", "わたしのルール"),
                                                             ("placing", "supplement 「置き方」")]
