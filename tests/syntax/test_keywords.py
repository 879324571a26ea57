"""The grammar's words as `bpscript.syntax.keywords` lists them for recovery, completion
and highlighting: the same as `grammar.lark`."""

from __future__ import annotations

import re
from pathlib import Path

from bpscript.syntax.keywords import FIELD_NAMES, SCRIPT_KINDS, VOCABULARY_KINDS

GRAMMAR = re.sub(r"//[^\n]*", "", (Path(__file__).parents[2] / "bpscript" / "syntax" / "grammar.lark")
                 .read_text("utf-8"))


def _alternatives(rule: str) -> list[str]:
    body = re.search(rf"^!?{rule}:(.*?)(?=^\S)", GRAMMAR, re.S | re.M).group(1)
    return re.findall(r'"([a-z_]+)"', body)


def test_vocabulary_kinds_are_the_grammars():
    assert VOCABULARY_KINDS == tuple(_alternatives("vocab_kind"))


def test_script_kinds_are_the_grammars():
    assert SCRIPT_KINDS == tuple(re.findall(r'^\w+_def: \[override\] "(\w+)"', GRAMMAR, re.M))


def test_field_names_are_the_grammars():
    keyed = {w for rule in ("text_key", "ids_key", "condition_key") for w in _alternatives(rule)}
    colon = set(re.findall(r'"([a-z_]+)" ":"', GRAMMAR))
    named = {"allow", "disclosure"}  # `allow G2 "…"`, `disclosure pack: …`
    assert FIELD_NAMES == keyed | colon | named
