"""G2 key-card-for-normal-quick — キーカード条件なしの通常-クイックアクションを作らない (必須)

Rulebook 10.2.2, 「キーカード条件なしの通常-クイックアクションを作らない」: *ステージに残る
通常-クイックアクションは、必ず明示的なキーカードを指定します。* A request that waits on
the stage (スピード 通常) and can be stacked at any time (タイミング クイック) is told apart
and ordered by its key cards; without them the order of resolution on the stage
becomes unclear.

## What it checks

Every `@…-通常-クイック` action — direct or triggered — needs a key card condition
(`★…`, cards from the hand). A key *unit* condition (`★<スラッシュ> を持つ兵士1体`) is not
a key card: the unit stays on the field (5.4.5), so it does not count. A ★ that is
written but cannot be read (`★♠A〜14`, `★10〜A`) is a key card condition all the same:
it gets its own error (E130), not this one.

## Failing example

```bps
extends "blackpoker-8.2"

action quickDraw "早引き" (速攻魔法) {
  @直接-通常-クイック $D
  effect: "ライフの一番上からカードを1枚引き、手札に加える。" {
    draw(me)
  }
  formats: lite
}
```

## Passing example

```bps
extends "blackpoker-8.2"

action quickDraw "早引き" (速攻魔法) {
  @直接-通常-クイック $D ★♢A〜5
  effect: "ライフの一番上からカードを1枚引き、手札に加える。" {
    draw(me)
  }
  formats: lite
}
```

## How to fix

Add a key card condition (`★♢A〜5`), or make the action 即時 (it then resolves at
once without the stage: `@直接-即時-クイック`). A triggered action should be
`@誘発-即時-クイック` anyway (G3).
"""

from __future__ import annotations

from typing import Iterator

from ...model.vocabulary import Resolution, Window
from ..core import Finding, LintContext, Level, Rule
from ..words import header_text

RULE = Rule("G2", "key-card-for-normal-quick", Level.MUST, "10.2.2",
            "an action that waits on the stage and may be requested at any time has a key card condition")


def check(ctx: LintContext) -> Iterator[Finding]:
    for s in ctx.ruleset.actions():
        h = s.header
        if h is None or not ctx.own(s):
            continue
        if s.key is None and "key" in s.field_spans:
            continue  # a ★ is written but cannot be read: its own error (E130) says so
        if h.speed.resolution is Resolution.STAGE and h.timing.window is Window.ANY and s.key_cards is None:
            unit = " (a key unit condition is not a key card)" if s.key_unit is not None else ""
            at_once = header_text(ctx.ruleset.vocabulary, h.trigger.origin, Resolution.AT_ONCE, Window.ANY)
            yield ctx.finding(
                RULE, f"{h.text} action '{s.id}' has no key card condition{unit}",
                h.span, script=s,
                fix="add a key card condition after the header (e.g. `★♢A〜5`), "
                    f"or make it {at_once} so it never waits on the stage")
