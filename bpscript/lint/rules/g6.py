"""G6 characters-at-a-glance — 場のキャラクターは一目でわかる (必須)

Rulebook 10.2.2, 「場のキャラクターは一目でわかるように定義」: *場に出るキャラクターは、
スート、数字、枚数、裏表などを考慮して一意になるよう定義します。* A unit on the field
is whatever character its cards match (4.1.3, decided constantly and automatically);
if two characters accept the same unit, nobody can tell which one it is.

## What it checks

Within each regulation (format + frame), no two character components (兵士, 防壁) may
accept the same unit. The rule decides it on the cards: it looks for a set of cards of
the regulation's deck (54 cards, or the cards the frame's deck lists), face up or face down,
that both unit conditions (☆) accept — counting the cards (枚数), their suits and
numbers, and the face: 防壁's `☆全て(裏向き)` accepts only face-down cards, every
other condition only face-up ones. The finding shows such a unit.

An overlap with an official character counts: a homebrew ☆7〜10 soldier and 一般兵
☆2〜10 both accept a face-up ♠7.

## Failing example

```bps
extends "blackpoker-8.2"

character veteran "古参兵" (兵士) {
  ☆7〜10
  size: "ユニットカードの数字" = unit.number
  labels: <アタッカー> <ブロッカー>
  formats: lite
}
```

## Passing example

```bps
extends "blackpoker-8.2"

character veteran "古参兵" (兵士) {
  ☆♠7 と ♡7
  size: 14
  labels: <アタッカー> <ブロッカー>
  formats: lite
}
```

(二枚の7 is two cards of different suits: 装備兵 ☆同じスートを2枚以上 needs one suit,
一般兵 ☆2〜10 one card.)

Each character is reported once, with the first character (official ones first, then in
the order they are written) it is confused with; fixing it shows the next, if any.

## How to fix

Make the unit condition tell the characters apart — a different number of cards, suits
or numbers no other character of the regulation takes, or the other face — or keep the
character out of the regulations where the other one is.
"""

from __future__ import annotations

from typing import Iterator

from ...model import ruleset as m
from ..cardsets import card_mask, faces, sizes, witness
from ..core import Finding, LintContext, Level, Rule

RULE = Rule("G6", "characters-at-a-glance", Level.MUST, "10.2.2",
            "no two characters of a regulation accept the same unit")


def _unit_text(cards, face_up: bool) -> str:
    return " ".join(str(c) for c in cards) + (" (face up)" if face_up else " (face down)")


def check(ctx: LintContext) -> Iterator[Finding]:
    # regulations with the same characters and the same deck give the same answer
    groups: dict[tuple, tuple[list[m.ComponentScript], tuple, list[str]]] = {}
    for reg in ctx.regulations:
        chars = [c for c in reg.components("character")
                 if c.unit_condition is not None and not c.unit_condition.is_unit]
        if len(chars) < 2 or not any(ctx.own(c) for c in chars):
            continue
        key = (id(reg.deck), frozenset(c.id for c in chars))
        if key in groups:
            groups[key][2].append(reg.name)
        else:
            # the base's characters first, then the user's in the order they are written
            chars.sort(key=lambda c: (ctx.own(c), c.span.file, c.span.line))
            groups[key] = (chars, reg.deck, [reg.name])
    found: dict[str, tuple[m.ComponentScript, m.ComponentScript, tuple, list[str]]] = {}
    cache: dict[tuple, object] = {}
    for chars, deck, regs in groups.values():
        info = []
        for c in chars:
            cond = c.unit_condition.condition
            info.append((c, cond, card_mask(cond, deck), sizes(cond), frozenset(faces(cond))))
        for i, (b, cb, mb, sb, fb) in enumerate(info):
            if not ctx.own(b):
                continue
            for a, ca, ma, sa, fa in info[:i]:
                if not (ma & mb) or not (fa & fb):
                    continue
                if (sa[1] is not None and sa[1] < sb[0]) or (sb[1] is not None and sb[1] < sa[0]):
                    continue
                try:
                    ck = (ca, cb, id(deck))
                    w = cache[ck] if ck in cache else cache.setdefault(ck, witness(ca, cb, deck))
                except TypeError:
                    w = witness(ca, cb, deck)
                if w is None:
                    continue
                if b.id in found:
                    found[b.id][3].extend(r for r in regs if r not in found[b.id][3])
                else:
                    found[b.id] = (a, b, w, list(regs))
                break  # the first character it is confused with; fixing it shows the next
    for first, second, (cards, face_up), regs in found.values():
        shown = ", ".join(regs[:4]) + (f" and {len(regs) - 4} more" if len(regs) > 4 else "")
        yield ctx.finding(
            RULE, f"character '{second.id}' ☆{second.unit_condition.text} and '{first.id}' 「{first.name}」 "
                  f"☆{first.unit_condition.text} both match the unit {_unit_text(cards, face_up)} in {shown}",
            second.unit_condition.span, script=second,
            notes=[f"'{first.id}' 「{first.name}」 is defined at {first.span}"],
            fix="make the unit condition tell them apart (number of cards, suits, numbers or face), "
                "or keep the two characters out of the same regulation")
