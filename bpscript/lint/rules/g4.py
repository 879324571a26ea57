"""G4 no-first-turn-win — 先攻1ターン目に確実に勝利できる効果を作らない (必須)

Rulebook 10.2.2, 「先行 1 ターン目に確実に勝利できる効果を作らない」: *先攻プレイヤーが
1 ターン目に確実な勝利や致命的アドバンテージを得ることを目的とするアクションは禁止
する。* A game decided before the second player acts has no play in it.

## What it checks

For every regulation (format + frame) the rule asks: can the first player, on turn 1,
using only what the frame's setup **guarantees**, request a sequence of actions that
ends the game — damage at least the second player's greatest possible life, or an
effect that wins outright (`damage(opponent, life(opponent))`)?

This is an analysis of the scripts, not a keyword match:

- **The setup** (3.9, the frame's typed `setup` steps): the hand (`hand`), of which
  `choose_hand` cards are picked from the deck (ストラテジー); the others and the first
  player's draw (3.9.3) are random; the preset bulwark and soldier (`preset`, 3.9.1);
  the face-up trump the first player picks (`trumps`, `open_trump`, エクストラ).
- **Key cards** come from the chosen cards, or from the random ones when **every hand
  holds them**: a hand of `n` cards holds a key set of a condition when `n` exceeds the
  most cards of the deck that hold none (Hall's condition over the condition's card
  slots; per suit or per number for 同じスート / 同じ数字). ★A〜K is in every hand of three
  cards or more, since a deck has at most two Jokers (3.3). Where the regulation fixes
  the deck (エントリー20), that deck is every possible opening hand's; where the players
  build it, the first player builds one that suits the key (the largest legal deck, the
  accepted cards first). The bound holds for whatever the player holds later in the turn
  (cards drawn are cards of the same deck); an effect that reads its key cards needs
  them chosen, since its worth depends on which they are.
- **The second player's life** is at most the largest legal deck (54 cards, 3.3, or the
  frame's listed `cards`) minus the hand, pack, rare cards, trumps, the preset and the
  card turned to decide the first player (3.9.2): 30 in パック, 27 in エクストラ.
- **The first player's life** is what the largest legal deck gives them (they build the
  deck that suits the plan): 29 in パック, 28 in レアパック. It bounds the life paid as
  `$L` (a cost letter that declares a DAMAGE payment on its payer) and what an effect
  reading `life(me)` gets.
- **Each action** the first player may request on turn 1: direct, its activation
  condition true on the first turn (`once_per_turn()` limits it to one use,
  `is_turn_player(me)` holds, `face_up_trump(me, X)` only for the one trump turned up,
  an unknown condition counts as false), no key unit, its costs paid from the bulwarks,
  life, hand and characters the player has at that point (B L D S), its key cards drawn
  from the chosen cards (each card once), and its effect **structured**: the static
  interpreter follows what each verb declares it changes (its summary in the
  [verb library](../reference/verbs.md)): DAMAGE (`damage`), DRAW (`draw`), DISCARD
  (`discard`), PUT_ON_FIELD (`summon`, `summon_with_trump`: a bulwark pays a later B, a
  soldier a later S), MOVE of the player's own characters (`move`, `return_to_hand`: the
  effect needs them) and `if`/`for`/`let`, taking the worse branch when a condition
  depends on the game. Damage counts wherever it stands: in an expression of the
  position (`damage(opponent, hand_count(me) * 5)`, `life(me)`), in a loop over the hand
  (`for c in cards_in(hand, me) { damage(opponent, 5) }`: so much per card the player
  holds when the request resolves), or in `repeat … until` (run once, or until the
  opponent's death when the condition cannot hold while they have life —
  `until life(opponent) == 0` — and each run deals damage at no cost). An effect written
  as text only is not counted.
- **The search** tries sequences of such requests — the same action again when nothing
  limits it — until the damage reaches the second player's life. It is bounded (the
  strongest actions first, a few thousand states per regulation), so it finds the lines
  that matter without proving that none exists.

A sequence found is reported with each regulation and its own numbers (the damage of
its line against its second player's greatest life), each request with its key cards
and costs, and the second player's **outs**: the quick actions they might hold that
could stop a request on the stage — nullify it (カウンター) or change its target
(対象変更 on a `target: player`). 即時 requests resolve without the stage (9.2.1) and
cannot be answered.

- When no answer from any hand the second player may hold stops the sequence, the win
  is **sure**: an error.
- When only specific answers stop it, it is a **warning** that names them: the
  guideline forbids a *sure* win, and this one needs the second player to hold the
  answer (it is still the 致命的アドバンテージ the guideline warns about).

The finding is placed on the user's script that deals the decisive damage or, when the
sequence uses only official actions, on the frame whose setup makes it possible.

No official regulation allows a sure first-turn win: R・S・F needs five chosen cards in
hand, and no official setup lets a player choose more than three.

**Engine hook.** The static pass cannot play out the stack of answers to answers. A
game engine can refine it: `LintContext.engine`, when set, is asked
`engine.first_turn_win(regulation, line)` for each sequence found and may return
`True` (confirmed), `False` (the second player can always stop it: the finding is
dropped) or `None` (undecided: the static result stands). See
`bpscript.lint.analysis.search.FirstTurnSearch`.
`bpscript lint` wires in `bpscript.engine.players.first_turn.EngineFirstTurnSearch`, which
plays the line on a few deals of the regulation (a bounded AND–OR search over both
players' decisions) and adds what it saw to the finding's notes; `--no-engine` turns
it off.

## Failing example

```bps
extends "blackpoker-8.2"

action meteor "隕石" (通常魔法) {
  @直接-即時-メイン
  target: opponent
  effect: "対象の対戦相手に40点のダメージを与える。" {
    damage(target, 40)
  }
  formats: lite
}
```

## Passing example

```bps
extends "blackpoker-8.2"

action meteor "隕石" (通常魔法) {
  @直接-即時-メイン ★♠J〜K を 3枚
  activation: "プレイヤーは、1ターンに1回までこのアクションを起こすことができる。" when once_per_turn()
  target: opponent
  effect: "対象の対戦相手に5点のダメージを与える。" {
    damage(target, 5)
  }
  formats: lite
}
```

## How to fix

Make the effect smaller than the second player's life, require key cards a setup cannot
guarantee, limit it (`once_per_turn()`, an activation that cannot hold on the first
turn such as `life(me) <= 9`), or give it a cost the first turn cannot pay.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

from ...model import ruleset as m
from ...diagnostics import Severity

from ...model.setup_steps import StepKind
from ..analysis import Analyzer, Line
from ..core import Finding, LintContext, Level, Rule
from ..regulation import Regulation

RULE = Rule("G4", "no-first-turn-win", Level.MUST, "10.2.2", "the first player cannot win for sure on turn 1")


@dataclass
class _Found:
    """One finding in the making: the line of each regulation that shares its place and requests."""

    span: object
    script: m.Script | None
    sure: bool
    regs: list[tuple[Regulation, Line, list[str]]] = field(default_factory=list)


def check(ctx: LintContext) -> Iterator[Finding]:
    an = Analyzer(ctx)
    found: dict[tuple, _Found] = {}
    for reg in ctx.regulations:
        if reg.frame is None and reg.format is not None and ctx.ruleset.frames:
            continue  # a format every frame leaves out is not played
        line = an.search(reg)
        if line is None:
            continue
        engine = getattr(ctx, "engine", None)
        engine_notes: list[str] = []
        if engine is not None:
            verdict = engine.first_turn_win(reg, line)
            if verdict is False:
                continue
            engine_notes = list(engine.notes()) if hasattr(engine, "notes") else []
        line.outs = an.outs(reg, line)
        place = _place(ctx, reg, line)
        if place is None:
            continue
        span, script = place
        sure = not line.outs  # no answer of the second player's possible hands stops it
        key = (span, frozenset(mv.action.id for mv in line.moves), sure)
        found.setdefault(key, _Found(span, script, sure)).regs.append((reg, line, engine_notes))
    for f in found.values():
        yield _finding(ctx, f)


def _finding(ctx: LintContext, f: _Found) -> Finding:
    reg, line, engine_notes = f.regs[0]
    # each regulation with its own numbers: the damage of its line against its greatest life
    shown = [r.name if ln.lethal else f"{r.name} ({ln.damage} damage against {ln.opponent_life} life)"
             for r, ln, _ in f.regs[:4]]
    regs = ", ".join(shown) + (f" and {len(f.regs) - 4} more" if len(f.regs) > 4 else "")
    decisive = max(range(len(line.moves)), key=lambda i: _weight(line, i))
    if line.lethal:
        outcome = f"{line.moves[decisive].action.name} ends the game"
    else:
        outcome = f"requesting {_names(line)} deals at least the second player's greatest life"
    notes = [f"sequence: {line.describe()}",
             f"setup: {reg.setup.describe()}" + (f"; face-up trump: {line.trump}" if line.trump else "")]
    if f.sure:
        msg = f"the first player surely wins on turn 1: {outcome}, in {regs}"
        notes.append("the second player has no answer in the scripts: nothing in the regulation nullifies "
                     "these requests or changes their target")
    else:
        answers = " or ".join(dict.fromkeys(f"「{o.action.name}」" for o in line.outs))
        msg = f"the first player wins on turn 1 unless the second player holds {answers}: {outcome}, in {regs}"
        notes.append("the second player stops it only with: " + "; ".join(str(o) for o in line.outs))
    notes += engine_notes
    return ctx.finding(RULE, msg, f.span, script=f.script, notes=notes,
                       severity=None if f.sure else Severity.WARNING,
                       fix="make the effect smaller than the second player's life, need key cards no setup "
                           "guarantees, or limit it (once_per_turn(), an activation false on turn 1, a heavier cost)")


def _weight(line: Line, i: int) -> tuple:
    """How much the i-th request of the line counts: winning, then damage dealt."""
    d = line.deltas[i] if i < len(line.deltas) else line.moves[i].delta
    return (d.lethal, d.damage, d.bulwarks)


def _names(line: Line) -> str:
    names: list[str] = []
    for mv in line.moves:
        if mv.action.name not in names:
            names.append(mv.action.name)
    return " and ".join(f"「{n}」" for n in names)


def _place(ctx: LintContext, reg: Regulation, line: Line):
    """Where to report: the user's decisive script, else the user's frame (its setup)."""
    own = [i for i, mv in enumerate(line.moves) if ctx.own(mv.action)]
    if own:
        i = max(own, key=lambda i: _weight(line, i))
        s, (lethal, damage, _) = line.moves[i].action, _weight(line, i)
        span = s.span_of("effect") if (damage or lethal) else s.span_of("header")
        return span, s
    if reg.frame is not None and ctx.own(reg.frame):
        chosen = [st for st in reg.frame.setup.steps if st.kind is StepKind.CHOOSE_HAND and st.span is not None]
        return (chosen[0].span if chosen else ctx.frame_span(reg.frame, "setup")), None
    return None
