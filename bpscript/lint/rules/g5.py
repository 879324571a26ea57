"""G5 one-main-trigger-at-a-time — 誘発-通常-メインは同時に2つ以上誘発しない (必須)

Rulebook 10.2.2, 「誘発-メインは同時に 2 つ以上誘発しないように制限」: *「誘発-通常-
メイン」のアクションは、一度の解決で二重に誘発しないよう条件を設定します。* A
誘発-通常-メイン request goes on the stage only when the stage is empty, and is dropped
otherwise (9.4.1 [6-10-4]–[6-10-6]); the official ones (ドロー, ブロック, ダメージ判定)
are designed to sit alone at the bottom of the stage. Two of them at once leave the
order of resolution unclear.

## What it checks

For every `@誘発-通常-メイン` action with a structured trigger (`on event(…) when …`):

1. **per-card events** — `on moved(…) each` fires once per card: one resolution that
   moves two cards fires it twice.
2. **both players' copies** — each player holds every action (9.2.1 オーナー), so a
   trigger fires once for each player unless its guard names one of them:
   `when is_turn_player(me)` (as the official phase actions do, 「ターンプレイヤーかつ」),
   `not is_turn_player(me)`, or `… == me` with a single player on the left.
3. **two actions on one event** — two 誘発-通常-メイン actions of one regulation (format +
   frame) that wait for the same event fire together. Events are compared with all
   their arguments, by the parameters the event declares: `moved(…, unit=knight)` and
   `moved(…, unit=chariot)` are different happenings, so are two different card
   conditions (`condition="J,Q,K"` and `condition="A〜10"`; a card that meets both is
   not looked for); an argument only one of them gives narrows it but leaves an overlap.
   Guards that exclude each other for the same player are not a double trigger either:
   `P` and `not P`, or a number bounded to ranges that do not meet
   (`hand_count(me) >= 4` and `hand_count(me) <= 3`, `x == 0` and `x >= 1`).

A trigger written as text only cannot be checked and is skipped.

## Failing example

```bps
extends "blackpoker-8.2"

action rallyCall "招集" (誘発魔法) {
  @誘発-通常-メイン ★♡A〜5
  trigger: "兵士が場から墓地に移るたびに誘発する。" on moved(from=field, to=grave) each
  effect: "ライフの一番上からカードを1枚引き、手札に加える。" {
    draw(me)
  }
  allow G3 "ターンの流れを作るため"
  formats: lite
}
```

## Passing example

```bps
extends "blackpoker-8.2"

action rallyCall "招集" (誘発魔法) {
  @誘発-通常-メイン ★♡A〜5
  trigger: "ターンプレイヤーかつ、防壁設置アクションが解決した時に誘発する。" on resolved(setBulwark) when is_turn_player(me) and hand_count(me) == 0
  effect: "ライフの一番上からカードを1枚引き、手札に加える。" {
    draw(me)
  }
  allow G3 "ターンの流れを作るため"
  formats: lite
}
```

## How to fix

Wait for an event that happens once per resolution (drop `each`), guard the trigger
with `when is_turn_player(me)`, and give each 誘発-通常-メイン its own event — or make
it `@誘発-即時-クイック` (G3), which may fire any number of times.
"""

from __future__ import annotations

from typing import Iterator

from ...model import effects as fx
from ...model import ruleset as m
from ...model.vocabulary import Origin, Resolution, Window
from ..core import Finding, LintContext, Level, Rule
from ..guards import events_overlap, exclusive, player_pin, source
from ..words import header_text

__all__ = ["RULE", "check", "events_overlap", "exclusive", "player_pin"]

RULE = Rule("G5", "one-main-trigger-at-a-time", Level.MUST, "10.2.2",
            "a triggered-normal-main action fires at most once per resolution")


def _is_main_trigger(s: m.ActionScript) -> bool:
    h = s.header
    return (h is not None and h.trigger.origin is Origin.EVENT and h.speed.resolution is Resolution.STAGE
            and h.timing.window is Window.MAIN)


def check(ctx: LintContext) -> Iterator[Finding]:
    triggers = [s for s in ctx.ruleset.actions() if _is_main_trigger(s)
                and s.trigger_condition is not None and s.trigger_condition.event is not None]
    quick = header_text(ctx.ruleset.vocabulary, Origin.EVENT, Resolution.AT_ONCE, Window.ANY)
    for s in triggers:
        if not ctx.own(s):
            continue
        tc = s.trigger_condition
        ev = tc.event
        if ev.each:
            yield ctx.finding(
                RULE, f"{s.header.text} action '{s.id}' fires once per card (`on {ev.name}(…) each`): "
                      "one resolution that moves several cards fires it several times",
                ev.span, script=s,
                fix=f"drop `each` (fire once per resolution), or make the action {quick}")
        elif player_pin(tc.when) is None:
            yield ctx.finding(
                RULE, f"{s.header.text} action '{s.id}' fires for both players on the same `{ev.name}` "
                      "(each player holds the action, 9.2.1)",
                ev.span, script=s,
                fix="guard it with `when is_turn_player(me)`, as the rules' own phase actions do")
    # two actions on one event, within a regulation
    reported: dict[tuple[str, str], tuple[m.ActionScript, m.ActionScript, list[str]]] = {}
    for reg in ctx.regulations:
        ids = {id(s) for s in reg.scripts}
        here = [s for s in triggers if id(s) in ids]
        by_event: dict[str, list[m.ActionScript]] = {}
        for s in here:
            by_event.setdefault(s.trigger_condition.event.name, []).append(s)
        for group in by_event.values():
            if len(group) < 2:
                continue
            group.sort(key=lambda s: (ctx.own(s), s.span.file, s.span.line))
            for i, second in enumerate(group):
                if not ctx.own(second):
                    continue
                for first in group[:i]:
                    pair = (first.id, second.id)
                    if pair in reported:
                        reported[pair][2].append(reg.name)
                        break
                    ca, cb = first.trigger_condition, second.trigger_condition
                    if not events_overlap(ca.event, cb.event) or exclusive(ca, cb):
                        continue
                    reported[pair] = (first, second, [reg.name])
                    break  # the first action it clashes with
    for first, second, regs in reported.values():
        cb = second.trigger_condition
        shown = ", ".join(regs[:4]) + (f" and {len(regs) - 4} more" if len(regs) > 4 else "")
        yield ctx.finding(
            RULE, f"{second.header.text} actions '{second.id}' and '{first.id}' 「{first.name}」 fire on the same "
                  f"event (`{_src_event(cb.event)}`) in {shown}",
            cb.event.span, script=second,
            notes=[f"'{first.id}' is defined at {first.span}"],
            fix=f"wait for another event, add guards that exclude each other, or make one of them {quick}")


def _src_event(ev: fx.Event) -> str:
    parts = [source(a) for a in ev.args] + [f"{k}={source(v)}" for k, v in ev.kwargs]
    return f"on {ev.name}({', '.join(parts)})" + (" each" if ev.each else "")
