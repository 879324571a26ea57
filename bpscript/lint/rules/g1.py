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

An effect may also choose its targets itself, without the `target:` field: its text
then says so (「兵士2体を対象とし…」, with `choose_units(…, 2)` in the body). The rule
reads the ruleset's targeting phrases (`phrase … { means: target }`, 8.2:
`"{what}を対象と"`, see the [language reference](../language.md#vocabulary)) with `{what}`
a declared unit or target kind, a number and its counter (兵士2体, 対戦相手1人), and it
is an error when they add up, with the `target:` field, to more than one. The finding
points at the choice in the body that picks them, when there is one. A phrase that
restates the `target:` field's one target — its kind's name (or no name and its counter)
and the count 1, like 「兵士1体を対象とし」 for `target: soldier` — is that same target,
not a second one.

An action without `target:` whose text targets nothing has no target and passes
(「対象」がないアクション). Effects that touch many things without targeting them
(`全ての兵士を墓地に移す`, 「兵士2体を選び」) are not targets.

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

import re
from typing import Iterator

from ...model import effects as fx
from ...model import ruleset as m
from ...model.semantics import Read, Role
from ...model.vocabulary import ComponentDef, PhraseMeaning, TargetKindDef, TypeDef, Vocabulary
from ..core import Finding, LintContext, Level, Rule
from ..evaluate import Evaluator, use_of
from ..words import phrase_patterns

RULE = Rule("G1", "single-target", Level.MUST, "10.2.2", "an action targets exactly one thing")


def _describe(spec: m.TargetSpec) -> str:
    """`1 soldier of self`, `any number of character`: the spec by its declared ids."""
    count = "any number of" if spec.count is None else str(spec.count)
    owner = f" of {spec.owner}" if spec.owner else ""
    return f"{count} {spec.kind}{owner}"


def _printed_targets(vocab: Vocabulary) -> list[re.Pattern[str]]:
    """The ruleset's targeting phrases, with `{what}` as a printed thing and its number:
    a unit kind's or target kind's name (optional), a number, a counter (兵士2体)."""
    names: set[str] = set()
    counters: set[str] = set()
    for t in vocab.types:
        comp = vocab.components.get(t.kind)
        if t.kind != "action" and comp is not None and comp.counter:
            names.add(t.name)
            counters.add(comp.counter)
    for c in vocab.components:
        if c.counter:
            names.add(c.name)
            counters.add(c.counter)
    for k in vocab.target_kinds:
        if k.counter:
            names.add(k.name)
            counters.add(k.counter)
    if not counters:
        return []
    alt = lambda words: "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))  # noqa: E731
    what = f"(?P<name>{alt(names)})?(?P<count>\\d+)(?P<counter>{alt(counters)})"
    return phrase_patterns(vocab, PhraseMeaning.TARGET, what)


def _restates(vocab: Vocabulary, spec: m.TargetSpec, mt: re.Match[str]) -> bool:
    """Whether a printed target (兵士1体) is the field's one target said again: the count 1,
    and the spec's kind by name, or no name and the kind's counter."""
    if mt.group("count") != "1" or spec.count != 1 or spec.of is None:
        return False
    counter = spec.of.counter if isinstance(spec.of, (ComponentDef, TargetKindDef)) else None
    if isinstance(spec.of, TypeDef):
        comp = vocab.components.get(spec.of.kind)
        counter = comp.counter if comp is not None else None
    name = mt.group("name")
    return name == spec.of.name if name else mt.group("counter") == counter


def _choice(body, count: int):
    """The call of the effect that chooses `count` things (a unit or card choice), if any."""
    ev = Evaluator()
    for n in fx.walk(list(body)):
        u = use_of(n, Read.CHOOSE_UNITS, Read.CHOOSE_CARDS)
        if u is not None and u.value(Role.COUNT, ev) == count:
            return u.call
    return None


def check(ctx: LintContext) -> Iterator[Finding]:
    patterns = _printed_targets(ctx.ruleset.vocabulary)
    for s in ctx.ruleset.actions():
        if not ctx.own(s):
            continue
        specs = s.target.specs if s.target is not None else ()
        if len(specs) > 1:
            what = " and ".join(_describe(sp) for sp in specs)
            yield ctx.finding(
                RULE, f"'{s.id}' has {len(specs)} targets ({what}); an action must have exactly one",
                specs[1].span, script=s,
                fix="keep one target spec and let the effect reach the others without targeting them, "
                    "or split the action")
            continue
        if specs and specs[0].count is None:
            spec = specs[0]
            yield ctx.finding(
                RULE, f"'{s.id}' targets a variable number of things ({_describe(spec)}); "
                      "an action must have exactly one target",
                spec.span, script=s, fix=f"write `target: {spec.kind}` (one {spec.kind})")
            continue
        if specs and specs[0].count != 1:
            spec = specs[0]
            yield ctx.finding(
                RULE, f"'{s.id}' targets {spec.count} things ({_describe(spec)}); "
                      "an action must have exactly one target",
                spec.span, script=s, fix=f"write `target: {spec.kind}` (one {spec.kind})")
            continue
        finding = _effect_targets(ctx, s, patterns, specs[0] if specs else None)
        if finding is not None:
            yield finding


def _effect_targets(ctx: LintContext, s: m.ActionScript, patterns, spec: m.TargetSpec | None) -> Finding | None:
    """Targets the effect chooses itself, as its printed text says (兵士2体を対象とし…);
    one phrase that restates the field's target is that target, not another."""
    if s.effect is None or not patterns:
        return None
    printed = [mt for p in patterns for mt in p.finditer(s.effect.text)]
    vocab = ctx.ruleset.vocabulary
    same = next((mt for mt in printed if spec is not None and _restates(vocab, spec, mt)), None)
    printed = [mt for mt in printed if mt is not same]
    in_field = 1 if spec is not None else 0
    total = sum(int(mt.group("count")) for mt in printed)
    if not printed or total + in_field <= 1:
        return None
    shown = "」「".join(mt.group("what") for mt in printed)
    field = f" besides the {in_field} of its `target:`" if in_field else ""
    call = _choice(s.effect.body, total) if s.effect.body is not None and len(printed) == 1 else None
    return ctx.finding(
        RULE, f"the effect of '{s.id}' targets {total} thing(s){field}: its text targets 「{shown}」; "
              "an action must have exactly one target",
        call.span if call is not None else s.span_of("effect"), script=s,
        fix="target one thing (in `target:`) and let the effect reach the others without targeting them, "
            "or split the action")
