"""Printed text → paragraphs and nested lists: nothing lost, nesting as printed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpscript.backends.textfmt import Block, Item, parse_blocks, plain
from bpscript.load.loader import load_official


def _norm(line: str) -> str:
    # `1.text` and `1. text` print the same; the parser keeps the text after the marker
    return line.rstrip().replace(". ", ".").replace(" ", "")


def _official_texts() -> list[tuple[str, str]]:
    rs = load_official().ruleset
    out = []
    for s in rs.scripts.values():
        for attr in ("effect", "activation", "trigger_condition", "target", "unit_condition", "size"):
            v = getattr(s, attr, None)
            if v is not None:
                out.append((f"{s.id}.{attr}", v.text))
        out += [(f"{s.id}.ability", a.text) for a in getattr(s, "abilities", ())]
        if s.story:
            out.append((f"{s.id}.story", s.story))
    for f in rs.frames.values():
        out += [(f"{f.id}.setup", f.setup.text), (f"{f.id}.deck", f.deck.text)]
    return out


TEXTS = _official_texts()


@pytest.mark.parametrize("where,text", TEXTS, ids=[w for w, _ in TEXTS])
def test_nothing_is_lost(where, text):
    lines = [_norm(x) for x in text.split("\n") if x.strip()]
    assert [_norm(x) for x in plain(parse_blocks(text))] == lines


def _shape(blocks: list[Block]) -> list:
    return [(b.kind, b.text) if b.kind == "p" else (b.kind, [(i.marker, i.text, _shape(i.children)) for i in b.items])
            for b in blocks]


def test_damage_judge_nests_three_levels():
    text = dict(TEXTS)["damageJudge.effect"]
    blocks = parse_blocks(text)
    assert [b.kind for b in blocks] == ["p", "ol"]
    second = blocks[1].items[1]
    assert second.marker == "2" and [b.kind for b in second.children] == ["ol"]
    inner = second.children[0].items[0]
    assert [b.kind for b in inner.children] == ["ol-alpha"]
    assert [i.marker for i in inner.children[0].items] == ["A", "B"]
    assert blocks[1].items[2].marker == "3"  # back out of the nesting


def test_bj_bullets_under_numbered_steps():
    blocks = parse_blocks(dict(TEXTS)["bj.effect"])
    assert len(blocks) == 1 and blocks[0].kind == "ol"
    steps = blocks[0].items
    assert [i.marker for i in steps] == ["1", "2", "3", "4"]
    assert [len(b.items) for b in steps[1].children] == [2] and steps[1].children[0].kind == "ul"
    assert steps[3].children[0].items[0].text.startswith("ヒット")


# Random documents: lists of numbered / bulleted items nested up to three levels,
# printed the way the official texts print them, parse back to the same shape.
_words = st.text(alphabet="兵士防壁墓地アタックABC♠♡♢♣0123456789、。", min_size=1, max_size=12).filter(
    lambda t: not t[0].isdigit() and not (t[0].isupper() and t[1:2] == "."))


@st.composite
def _items(draw, depth: int) -> list[Block]:
    kind = draw(st.sampled_from(["ol", "ul"]))
    count = draw(st.integers(1, 4))
    items = []
    for n in range(count):
        children = draw(_items(depth + 1)) if depth < 2 and draw(st.booleans()) else []
        items.append(Item(str(n + 1) if kind == "ol" else "・", draw(_words), children))
    return [Block(kind, items=items)]


@st.composite
def _documents(draw) -> list[Block]:
    blocks: list[Block] = []
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()) and (not blocks or blocks[-1].kind != "p"):
            blocks.append(Block("p", draw(_words)))
        else:
            new = draw(_items(0))
            if blocks and blocks[-1].kind == new[0].kind:
                blocks.append(Block("p", draw(_words)))
            blocks += new
    return blocks


@settings(max_examples=200, deadline=None)
@given(_documents())
def test_printed_lists_parse_back(doc):
    text = "\n".join(plain(doc))
    assert _shape(parse_blocks(text)) == _shape(doc)
