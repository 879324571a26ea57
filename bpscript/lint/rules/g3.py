"""G3 triggered-is-immediate — 誘発アクションは即時 (推奨)

Rulebook 10.2.2, 「誘発アクションは即時」: *トリガーが「誘発」のアクションはスピードを
「即時」、タイミングを「クイック」にする。* A triggered action fires when its condition
is met; resolving it at once saves the players from remembering pending triggers. The
official turn-structure triggers (チャージ, ドロー, ブロック, ダメージ判定) are not 即時
on purpose — *ターンの大きな流れを作るためにそう設計しています* — and carry an `allow G3`.

## What it checks

Every `@誘発-…` action should be `@誘発-即時-クイック`. Anything else is a warning
(the guideline is 推奨, not 必須).

## Failing example

```bps
extends "blackpoker-8.2"

action lateBloom "遅咲き" (誘発魔法) {
  @誘発-通常-クイック ★♡A〜5
  trigger: "自分のエンドアクションをリクエストした時に誘発する。" on requested(end) when is_turn_player(me)
  effect: "ライフの一番上からカードを1枚引き、手札に加える。" {
    draw(me)
  }
  formats: lite
}
```

## Passing example

```bps
extends "blackpoker-8.2"

action lateBloom "遅咲き" (誘発魔法) {
  @誘発-即時-クイック
  trigger: "自分のエンドアクションをリクエストした時に誘発する。" on requested(end) when is_turn_player(me)
  effect: "ライフの一番上からカードを1枚引き、手札に加える。" {
    draw(me)
  }
  formats: lite
}
```

## How to fix

Write the header as `@誘発-即時-クイック`. If the action must shape the flow of the
turn like the official phase actions, keep it and say why: `allow G3 "…"`.
"""

from __future__ import annotations

from typing import Iterator

from ...model.vocabulary import Origin, Resolution, Window
from ..core import Finding, LintContext, Level, Rule
from ..words import header_text

RULE = Rule("G3", "triggered-is-immediate", Level.SHOULD, "10.2.2",
            "a triggered action is immediate and quick (resolved at once, at any time)")


def check(ctx: LintContext) -> Iterator[Finding]:
    want = header_text(ctx.ruleset.vocabulary, Origin.EVENT, Resolution.AT_ONCE, Window.ANY)
    for s in ctx.ruleset.actions():
        h = s.header
        if h is None or not ctx.own(s) or h.trigger.origin is not Origin.EVENT:
            continue
        if h.speed.resolution is not Resolution.AT_ONCE or h.timing.window is not Window.ANY:
            yield ctx.finding(
                RULE, f"triggered action '{s.id}' is {h.text}; a triggered action should be {want}",
                h.span, script=s, fix=f"write the header as `{want}`")
