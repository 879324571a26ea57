"""S102 cost-c-needs-key-unit — コスト C にはキーユニット条件

Cost C (CharacterDrive, 5.2) is paid by driving the action's key unit: キーユニットの
キャラクターをドライブする. An action whose cost has a C but whose ★ is not a key unit
condition (`★<スラッシュ> を持つ兵士1体`, `★「策士」1体`) — or that has no ★ at all — asks
for a payment no player can make.

## Failing example

```bps
extends "blackpoker-8.2"

action rally "鼓舞" (兵士起因) {
  @直接-即時-クイック $C ★♡A〜10
  target: soldier
  effect: "対象の兵士のサイズをこのターンが終わるまで1加算する。" {
    add_size(target, 1, until=end_of_turn)
  }
  formats: lite
}
```

## Passing example

```bps
extends "blackpoker-8.2"

action rally "鼓舞" (兵士起因) {
  @直接-即時-クイック $C ★「エース」1体
  target: soldier
  effect: "対象の兵士のサイズをこのターンが終わるまで1加算する。" {
    add_size(target, 1, until=end_of_turn)
  }
  formats: lite
}
```

## How to fix

Give the action a key unit condition (the unit that is driven), or pay with another
cost letter (B L D S).
"""

from __future__ import annotations

from typing import Iterator

from ..core import Finding, LintContext, Level, Rule

RULE = Rule("S102", "cost-c-needs-key-unit", Level.STRUCTURAL, "5.2",
            "cost C comes with a key unit condition")


def check(ctx: LintContext) -> Iterator[Finding]:
    costs = ctx.ruleset.costs
    drives_key_unit = {x for x, c in costs.items() if c.pays is not None and c.pays.what == "key_unit"}
    example = next((a for a in ctx.ruleset.actions() if a.key_unit is not None), None)
    such_as = f" such as `★{example.key.text}` ({example.id})" if example is not None else ""
    for s in ctx.ruleset.actions():
        if s.cost is None or s.key_unit is not None or not ctx.own(s):
            continue
        letters = [x for x in s.cost.letters if x in drives_key_unit]
        if not letters:
            continue
        what = "a key card condition" if s.key is not None else "no key condition"
        yield ctx.finding(
            RULE, f"'{s.id}' pays cost {letters[0]} (drive the key unit) but has {what}, "
                  "so there is no key unit to drive",
            s.cost.span, script=s,
            fix=f"write a key unit condition{such_as}, or use another cost letter")
