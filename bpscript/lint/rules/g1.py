"""G1 single-target — アクションの対象は単対象 (必須)

Rulebook 10.2.2, 「アクションの対象は単対象」: *アクションの対象は必ず一つになるように
設計する。* With several targets, resolving them together and checking what they
trigger needs a pile of exceptions (5.4.1: a request whose target is gone or split
does nothing), and the rules stop being simple.

## What it checks

An action's `target:` must name exactly one thing. It is an error when

- the count is not 1 (`target: soldier 2` — 兵士2体),
- the count is variable (`target: soldier any` — any number of soldiers),
- two target specs are joined with `&` (`target: soldier & opponent` — 兵士1体と対戦相手1人).

An action without `target:` has no target and passes (「対象」がないアクション). Effects
that touch many things without targeting them (`全ての兵士を墓地に移す`) are not targets.

## Failing example

```bps
extends "blackpoker-8.2"

action doubleShot "ダブルショット" (通常魔法) {
  @直接-通常-メイン ★♠A〜K と ♣A〜K
  target: soldier & opponent "兵士1体と対戦相手1人"
  effect: "対象の兵士を墓地に移し、対象の対戦相手に1点のダメージを与える。"
  formats: mast
}
```

## Passing example

```bps
extends "blackpoker-8.2"

action shot "ショット" (通常魔法) {
  @直接-通常-メイン ★♠A〜K と ♣A〜K
  target: soldier
  effect: "対象の兵士を墓地に移す。"
  formats: mast
}
```

## How to fix

Keep one target and let the effect reach the rest without targeting them (「対戦相手に
1点のダメージを与える」 needs no target), or split the action in two.
"""

from __future__ import annotations

from typing import Iterator

from ... import model as m
from ..core import Finding, LintContext, Rule

RULE = Rule("G1", "single-target", "アクションの対象は単対象", "必須", "10.2.2",
            "an action targets exactly one thing")


def _describe(spec: m.TargetSpec) -> str:
    """`1 soldier of self`, `any number of character`: the spec by its declared ids."""
    count = "any number of" if spec.count is None else str(spec.count)
    owner = f" of {spec.owner}" if spec.owner else ""
    return f"{count} {spec.kind}{owner}"


def check(ctx: LintContext) -> Iterator[Finding]:
    for s in ctx.ruleset.actions():
        if s.target is None or not ctx.own(s):
            continue
        specs = s.target.specs
        if not specs:  # printed text only: nothing to count yet
            continue
        if len(specs) > 1:
            what = " and ".join(_describe(sp) for sp in specs)
            yield ctx.finding(
                RULE, f"'{s.id}' has {len(specs)} targets ({what}); an action must have exactly one",
                specs[1].span, script=s,
                fix="keep one target spec and let the effect reach the others without targeting them, "
                    "or split the action")
            continue
        spec = specs[0]
        if spec.count is None:
            yield ctx.finding(
                RULE, f"'{s.id}' targets a variable number of things ({_describe(spec)}); "
                      "an action must have exactly one target",
                spec.span, script=s, fix=f"write `target: {spec.kind}` (one {spec.kind})")
        elif spec.count != 1:
            yield ctx.finding(
                RULE, f"'{s.id}' targets {spec.count} things ({_describe(spec)}); "
                      "an action must have exactly one target",
                spec.span, script=s, fix=f"write `target: {spec.kind}` (one {spec.kind})")
