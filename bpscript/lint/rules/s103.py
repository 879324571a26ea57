"""S103 key-cards-in-frame-deck — フレームのデッキで満たせる条件

A frame may fix the cards of its deck (`deck: "…" { cards … }`, e.g. エントリー20's twenty
cards) or limit them (`{ min 40 jokers 0 }`). The resolver checks every card condition
against a 54-card deck (E131); this rule checks the scripts that belong to frames
(`frames: …`) against the cards those frames' decks may hold: a key card condition (★)
or a unit condition (☆) that no cards of those decks can meet makes the script dead in
its only home.

Scripts of a format (`formats: …`) are not judged here: a format's action may be
unusable in one small frame and still belong to the format.

## Failing example

```bps
extends "blackpoker-8.2"

frame tiny "ミニ" {
  formats: lite
  deck: "♠A〜5、♡A〜5 の10枚" { cards ♠A ♠2 ♠3 ♠4 ♠5 ♡A ♡2 ♡3 ♡4 ♡5 }
  zones: life grave field hand fog
  setup: "3.9.1 共通手順：プリセット配置、3.9.2 共通手順：先攻決定、3.9.3 共通手順：ゲーム開始" {
    shuffle, life, hand 4, preset, decide_first, start
  }
}

action royal "王命" (通常魔法) {
  @直接-通常-メイン ★K
  effect: "ライフの一番上からカードを1枚引き、手札に加える。" {
    draw(me)
  }
  frames: tiny
}
```

## Passing example

```bps
extends "blackpoker-8.2"

frame tiny "ミニ" {
  formats: lite
  deck: "♠A〜5、♡A〜5 の10枚" { cards ♠A ♠2 ♠3 ♠4 ♠5 ♡A ♡2 ♡3 ♡4 ♡5 }
  zones: life grave field hand fog
  setup: "3.9.1 共通手順：プリセット配置、3.9.2 共通手順：先攻決定、3.9.3 共通手順：ゲーム開始" {
    shuffle, life, hand 4, preset, decide_first, start
  }
}

action royal "王命" (通常魔法) {
  @直接-通常-メイン ★♠5
  effect: "ライフの一番上からカードを1枚引き、手札に加える。" {
    draw(me)
  }
  frames: tiny
}
```

## How to fix

Use cards the frame's deck holds, or add the cards to the deck's `cards`.
"""

from __future__ import annotations

from typing import Iterator

from ...model import ruleset as m
from ..core import Finding, LintContext, Level, Rule

RULE = Rule("S103", "key-cards-in-frame-deck", Level.STRUCTURAL, "8.2",
            "a frame script's card conditions can be met by the frame's deck")


def check(ctx: LintContext) -> Iterator[Finding]:
    rs = ctx.ruleset
    decks = {fid: fr.deck.pool for fid, fr in rs.frames.items()}
    for s in rs.scripts.values():
        if not s.frames or not ctx.own(s):
            continue
        homes = [f for f in s.frames if f in decks]
        if not homes:
            continue
        kc = s.key if isinstance(s, m.ActionScript) else getattr(s, "unit_condition", None)
        if kc is None or kc.is_unit:
            continue
        sat = getattr(kc.condition, "satisfiable", None)
        if sat is None:
            continue
        if not any(sat(decks[f]) for f in homes):
            names = ", ".join(rs.frames[f].name for f in homes)
            what = "key card condition" if isinstance(s, m.ActionScript) else "unit condition"
            yield ctx.finding(
                RULE, f"the {what} '{kc.text}' of '{s.id}' cannot be met by the deck of {names}",
                kc.span, script=s, fix="use cards the frame's deck holds, or add them to the deck")
