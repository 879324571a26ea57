"""S101 reference-matches-same-as — 「X」を参照 names the script `same_as` uses

An effect printed as 「効果の内容は「X」を参照」 reuses the effect of the action named X.
The resolver follows `same_as ID` (and reports E170 when ID is not an action); this rule
checks that the printed reference and `same_as` agree, so the action list a player reads
says what the engine does:

- the text says 「X」を参照 but the effect has no `same_as` (the 参照 is unresolved),
- no script is named X,
- `same_as` names an action whose printed name is not X.

The printed form is the ruleset's own: its `phrase … { means: reference }` declarations
(8.2: `phrase refers "「{what}」を参照"`, see the [language reference](../language.md#vocabulary)).
A ruleset that declares none gets no S101.

## Failing example

```bps
extends "blackpoker-8.2"

action quickThrow "クイック投擲" (速攻魔法) {
  @直接-通常-クイック ★♠A〜K と ♣A〜K
  target: opponent
  effect: "効果の内容は「投擲」を参照。" same_as destroyBulwark
  formats: mast
}
```

## Passing example

```bps
extends "blackpoker-8.2"

action quickThrow "クイック投擲" (速攻魔法) {
  @直接-通常-クイック ★♠A〜K と ♣A〜K
  target: opponent
  effect: "効果の内容は「投擲」を参照。" same_as throwing
  formats: mast
}
```

## How to fix

Write `same_as` with the id of the action the text names (`same_as throwing` for
「投擲」), or correct the printed name.
"""

from __future__ import annotations

from typing import Iterator

from ...model import ruleset as m
from ...model.vocabulary import PhraseMeaning
from ..core import Finding, LintContext, Level, Rule
from ..words import phrase_patterns

RULE = Rule("S101", "reference-matches-same-as", Level.STRUCTURAL, "5.1",
            "a printed reference to another action's effect names the action `same_as` uses")


def check(ctx: LintContext) -> Iterator[Finding]:
    rs = ctx.ruleset
    patterns = phrase_patterns(rs.vocabulary, PhraseMeaning.REFERENCE)
    if not patterns:
        return
    names: dict[str, list[m.ActionScript]] = {}
    for a in rs.actions():
        names.setdefault(a.name, []).append(a)
    for s in rs.actions():
        if s.effect is None or not ctx.own(s):
            continue
        refs = [mt.group("what") for p in patterns for mt in p.finditer(s.effect.text)]
        if not refs:
            continue
        span = s.span_of("effect")
        name = refs[0]
        named = names.get(name, [])
        if s.effect.same_as is None:
            fix = (f"add `same_as {named[0].id}` after the text" if named
                   else "add `same_as ID` with the id of the action the text names")
            yield ctx.finding(RULE, f"the effect of '{s.id}' refers to the effect of 「{name}」 but has no `same_as`",
                              span, script=s, fix=fix)
            continue
        if not named:
            yield ctx.finding(RULE, f"the effect of '{s.id}' refers to 「{name}」, but no action is named so",
                              span, script=s, fix="correct the printed name")
            continue
        target = rs.scripts.get(s.effect.same_as)
        if target is not None and target.name != name:
            yield ctx.finding(
                RULE, f"the effect of '{s.id}' refers to the effect of 「{name}」 but `same_as {target.id}` "
                      f"is 「{target.name}」",
                span, script=s, fix=f"write `same_as {named[0].id}`, or print 「{target.name}」")
