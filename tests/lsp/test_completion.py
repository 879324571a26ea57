"""Completion from the grammar (lark's interactive parser at the cursor): the words offered
are those the parser takes there, and the names those the checker will see in scope."""

from __future__ import annotations

import pytest

from bpscript.load.loader import load_official
from bpscript.lsp.completion import complete

HEAD = 'action a "エー" (速攻魔法) {\n  @直接-即時-クイック\n'


@pytest.fixture(scope="module")
def rs():
    return load_official().ruleset


def labels(text: str, rs) -> set[str]:
    return {i.label for i in complete(text, len(text), rs).items}


def test_locals_are_those_in_scope_by_the_checkers_rules(rs):
    body = HEAD + ('  effect: "t" {\n    let kept = 1\n    if true { let inner = 2 }\n'
                   '    step 1 { let stepped = 3 }\n    for u in units(soldier, me) {\n      ')
    found = labels(body, rs)
    assert {"kept", "stepped", "u", "draw", "me"} <= found
    assert "inner" not in found  # its block is closed: E300 if used here
    assert "value" not in labels(HEAD + '  effect: "t" {\n    let value = val', rs)  # not in its own value
    assert "r" in labels(HEAD + '  effect: "t" {\n    repeat { let r = 1 } until ', rs)
    assert "c" not in labels(HEAD + '  effect: "t" {\n    let p = [c for c in ', rs)


def test_nothing_is_offered_in_a_string_a_comment_or_a_text_field(rs):
    assert labels(HEAD + '  effect: "自分の', rs) == set()
    assert labels(HEAD + '  effect: "t" {\n    draw(me)  # then dr', rs) == set()
    assert labels(HEAD + '  story: ', rs) == set()


def test_the_words_offered_are_those_the_grammar_takes(rs):
    top = labels('extends "blackpoker-8.2"\n\n', rs)
    assert {"action", "override", "label", "extends"} <= top and "effect" not in top
    fields = labels(HEAD, rs)
    assert {"effect", "target", "formats"} <= fields and "action" not in fields and "move" not in fields
    after = labels(HEAD + '  effect: "t" {\n    draw(me)\n  }\n}\n', rs)
    assert "action" in after and "effect" not in after  # the script is closed: a new item


def test_arguments_are_read_from_tokens_not_text(rs):
    """A parenthesis or comma inside a string is no argument separator."""
    zones = labels(HEAD + '  effect: "t" {\n    move(key, to=', rs)
    assert {"grave", "hand"} <= zones and "me" not in zones
    text = HEAD + '  effect: "t" {\n    if choose_yes(me, "(,") and move(key, to='
    assert {"grave", "hand"} <= labels(text, rs)
    kinds = labels(HEAD + '  effect: "t" {\n    draw(count(units(', rs)
    assert "soldier" in kinds and "grave" not in kinds
