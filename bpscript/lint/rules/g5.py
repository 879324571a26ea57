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
   frame) that wait for the same event (same name, no argument telling them apart) fire
   together, unless their guards exclude each other (`P` and `not P`, for the same player).

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

from ... import effects as fx
from ... import model as m
from ...semantics import Read, Role
from ...vocabulary import Origin, Resolution, Window
from ..core import Finding, LintContext, Rule
from ..evaluate import conjuncts, use_of

RULE = Rule("G5", "one-main-trigger-at-a-time", "誘発-通常-メインは同時に2つ以上誘発しない", "必須", "10.2.2",
            "a 誘発-通常-メイン action fires at most once per resolution")


def _is_main_trigger(s: m.ActionScript) -> bool:
    h = s.header
    return (h is not None and h.trigger.origin is Origin.EVENT and h.speed.resolution is Resolution.STAGE
            and h.timing.window is Window.MAIN)


def _mentions(e, name: str) -> bool:
    return any(isinstance(n, fx.Name) and n.id == name for n in fx.walk(e))


class _Pin(fx.NodeVisitor):
    """The player one literal of a guard names: 'turn', 'other', 'one' or None."""

    nodes = fx.EXPRESSIONS

    def visit_Not(self, e: fx.Not, neg: bool) -> str | None:
        return self.visit(e.operand, not neg)

    def visit_Call(self, e: fx.Call, neg: bool) -> str | None:
        turn = use_of(e, Read.IS_TURN_PLAYER)
        who = turn.expr(Role.PLAYER) if turn is not None else None
        if isinstance(who, fx.Name) and who.id in ("me", "opponent"):
            mine = (who.id == "me") != neg
            return "turn" if mine else "other"
        return None

    def visit_BinOp(self, e: fx.BinOp, neg: bool) -> str | None:
        if e.op != "==" or neg:
            return None
        for side, other in ((e.left, e.right), (e.right, e.left)):
            if isinstance(side, fx.Name) and side.id == "me" and not _mentions(other, "me"):
                if isinstance(other, fx.Name) and other.id == "turn_player":
                    return "turn"
                return "one"
        return None

    def visit_Num(self, e: fx.Expr, neg: bool) -> None:
        return None

    visit_Str = visit_Name = visit_Attr = visit_Neg = visit_ListExpr = visit_ListComp = visit_Lit = visit_Num


_PIN = _Pin()


def player_pin(when) -> str | None:
    """'turn' / 'other' when the guard holds for the turn player only / the other only;
    'one' when it names one player another way (`x == me`); None when both may fire."""
    for c in conjuncts(when):
        pin = _PIN.visit(c, False)
        if pin is not None:
            return pin
    return None


def _src(e) -> str:
    try:
        return fx.to_source(e)
    except TypeError:
        return repr(e)


def _literals(when) -> set[tuple[bool, str]]:
    out = set()
    for c in conjuncts(when):
        neg = False
        while isinstance(c, fx.Not):
            neg, c = not neg, c.operand
        out.add((neg, _src(c)))
    return out


def events_overlap(a: fx.Event, b: fx.Event) -> bool:
    """Whether one happening can match both events (arguments that differ tell them apart;
    an argument only one of them has narrows it, but leaves an overlap)."""
    if a.name != b.name:
        return False
    for x, y in zip(a.args, b.args):
        if _src(x) != _src(y):
            return False
    ka, kb = dict(a.kwargs), dict(b.kwargs)
    for k in ("from", "to", "action", "who"):
        if k in ka and k in kb and _src(ka[k]) != _src(kb[k]):
            return False
    return True


def exclusive(a: m.Condition, b: m.Condition) -> bool:
    """Guards that cannot both hold for one resolution: the same player pin and a literal
    that one has and the other negates."""
    pa, pb = player_pin(a.when), player_pin(b.when)
    if pa is None or pa != pb or pa == "one":
        return False
    la, lb = _literals(a.when), _literals(b.when)
    return any((not neg, src) in lb for neg, src in la)


def check(ctx: LintContext) -> Iterator[Finding]:
    triggers = [s for s in ctx.ruleset.actions() if _is_main_trigger(s)
                and s.trigger_condition is not None and s.trigger_condition.event is not None]
    for s in triggers:
        if not ctx.own(s):
            continue
        tc = s.trigger_condition
        ev = tc.event
        if ev.each:
            yield ctx.finding(
                RULE, f"誘発-通常-メイン '{s.id}' fires once per card (`on {ev.name}(…) each`): "
                      "one resolution that moves several cards fires it several times",
                ev.span, script=s,
                fix="drop `each` (fire once per resolution), or make the action @誘発-即時-クイック")
        elif player_pin(tc.when) is None:
            yield ctx.finding(
                RULE, f"誘発-通常-メイン '{s.id}' fires for both players on the same `{ev.name}` "
                      "(each player holds the action, 9.2.1)",
                ev.span, script=s,
                fix="guard it with `when is_turn_player(me)` (「ターンプレイヤーかつ」), as ドロー and ブロック do")
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
            RULE, f"誘発-通常-メイン '{second.id}' and '{first.id}' 「{first.name}」 fire on the same "
                  f"event (`{_src_event(cb.event)}`) in {shown}",
            cb.event.span, script=second,
            notes=[f"'{first.id}' is defined at {first.span}"],
            fix="wait for another event, add guards that exclude each other, "
                "or make one of them @誘発-即時-クイック")


def _src_event(ev: fx.Event) -> str:
    parts = [_src(a) for a in ev.args] + [f"{k}={_src(v)}" for k, v in ev.kwargs]
    return f"on {ev.name}({', '.join(parts)})" + (" each" if ev.each else "")
