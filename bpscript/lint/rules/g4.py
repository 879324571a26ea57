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
  `choose_hand` cards are picked from the deck (ストラテジー) — the only cards a player
  can count on as key cards; the others, and the first player's draw (3.9.3), are
  random and serve only as cards to discard or to put on the field; the preset bulwark
  and soldier (`preset`, 3.9.1); the face-up trump the first player picks (`trumps`,
  `open_trump`, エクストラ).
- **The second player's life** is at most the largest legal deck (54 cards, 3.3, or the
  frame's listed `cards`) minus the hand, pack, rare cards, trumps, the preset and the
  card turned to decide the first player (3.9.2): 30 in パック, 27 in エクストラ.
- **Each action** the first player may request on turn 1: direct, its activation
  condition true on the first turn (`once_per_turn()` limits it to one use,
  `is_turn_player(me)` holds, `face_up_trump(me, X)` only for the one trump turned up,
  an unknown condition counts as false), no key unit, its costs paid from the bulwarks,
  life, hand and characters the player has at that point (B L D S), its key cards drawn
  from the chosen cards (each card once), and its effect **structured**: the static
  interpreter follows `damage`, `draw`, `discard`, `summon` (a bulwark pays a later B, a
  soldier a later S), `move` of the player's own characters (the effect needs them) and
  `if`/`for`/`let`, taking the worse branch when a condition depends on the game. An
  effect written as text only is not counted.
- **The search** tries sequences of such requests — the same action again when nothing
  limits it — until the damage reaches the second player's life. It is bounded (the
  strongest actions first, a few thousand states per regulation), so it finds the lines
  that matter without proving that none exists.

A sequence found is reported with the regulation, each request with its key cards and
costs, and the second player's **outs**: the quick actions they might hold that could
stop a request on the stage — nullify it (カウンター) or change its target
(対象変更 on a `target: player`). 即時 requests resolve without the stage (9.2.1) and
cannot be answered. A sequence that only a particular answer stops is still reported:
it is the 致命的アドバンテージ the guideline forbids. The finding is placed on the
user's script that deals the decisive damage or, when the sequence uses only official
actions, on the frame whose setup makes it possible.

No official regulation allows a sure first-turn win: R・S・F needs five chosen cards in
hand, and no official setup lets a player choose more than three.

**Engine hook.** The static pass cannot play out the stack of answers to answers. A
game engine can refine it: `LintContext.engine`, when set, is asked
`engine.first_turn_win(regulation, line)` for each sequence found and may return
`True` (confirmed), `False` (the second player can always stop it: the finding is
dropped) or `None` (undecided: the static result stands). See `FirstTurnSearch`.
`bpscript lint` wires in `bpscript.engine.first_turn.EngineFirstTurnSearch`, which
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
from typing import Iterator, Protocol

from ... import effects as fx
from ... import model as m
from ...cards import Card
from ...conditions import RareCard
from ...setup_steps import StepKind
from ...verbs import LIBRARY
from ..cardsets import key_options
from ..core import Finding, LintContext, Rule
from ..evaluate import UNK, Evaluator, Player, RequestFacts, arg
from ..regulation import Regulation, Setup

RULE = Rule("G4", "no-first-turn-win", "先攻1ターン目に確実に勝利できる効果を作らない", "必須", "10.2.2",
            "the first player cannot win for sure on turn 1")

FIRST, SECOND = Player("first"), Player("second")
NODE_BUDGET = 4000     # states the search visits per regulation
MAX_DEPTH = 40         # requests in one sequence
MAX_BRANCH = 32        # different actions tried from one state (the strongest first)
MAX_KEY_OPTIONS = 48   # key card sets listed per condition (the highest numbers first)
KEYS_TRIED = 6         # of those, evaluated when the effect reads the key cards
KEEP_KEYSETS = 3       # key sets kept per outcome (alternatives when cards are already spent)


class OpponentLife:
    """`life(opponent)`: a damage of this amount ends the game whatever the life is."""


OPP_LIFE = OpponentLife()


class FirstTurnSearch(Protocol):
    """What a game engine offers G4: a bounded search of a line against every answer."""

    def first_turn_win(self, regulation: Regulation, line: "Line") -> bool | None: ...


# ---------------------------------------------------------------- effect deltas
@dataclass
class Delta:
    """What one request certainly does for the first player (lower bounds of gains)."""

    damage: int = 0
    lethal: bool = False
    self_damage: int = 0
    bulwarks: int = 0       # charged bulwarks put on the field
    hand_gain: int = 0      # cards drawn into the hand
    hand_use: int = 0       # cards taken from the hand (to the field, discarded)
    units_gain: int = 0     # other characters put on the field (charged soldiers)
    units_use: int = 0      # the player's own characters the effect takes off the field
    units_all: bool = False  # … all of them (no requirement, but none are left)

    def worse(self, other: "Delta") -> "Delta":
        return Delta(min(self.damage, other.damage), self.lethal and other.lethal,
                     max(self.self_damage, other.self_damage), min(self.bulwarks, other.bulwarks),
                     min(self.hand_gain, other.hand_gain), max(self.hand_use, other.hand_use),
                     min(self.units_gain, other.units_gain), max(self.units_use, other.units_use),
                     self.units_all or other.units_all)

    def add(self, other: "Delta") -> None:
        self.damage += other.damage
        self.lethal = self.lethal or other.lethal
        self.self_damage += other.self_damage
        self.bulwarks += other.bulwarks
        self.hand_gain += other.hand_gain
        self.hand_use += other.hand_use
        self.units_gain += other.units_gain
        self.units_use += other.units_use
        self.units_all = self.units_all or other.units_all

    def signature(self) -> tuple:
        return (self.damage, self.lethal, self.self_damage, self.bulwarks, self.hand_gain, self.hand_use,
                self.units_gain, self.units_use, self.units_all)

    @property
    def useful(self) -> bool:
        return (self.damage > 0 or self.lethal or self.bulwarks > 0 or self.hand_gain > self.hand_use
                or self.units_gain > 0)


class EffectInterpreter:
    """Abstract execution of an effect body: the `Delta` it surely brings."""

    def __init__(self, bulwark_ids: set[str], win_verbs: dict[str, str]):
        self.bulwark_ids = bulwark_ids
        self.win_verbs = win_verbs  # verb name -> "win" (player wins) | "lose"

    def run(self, body, ev: Evaluator) -> Delta:
        d = Delta()
        for st in body:
            d.add(self.stmt(st, ev))
        return d

    def stmt(self, st, ev: Evaluator) -> Delta:
        if isinstance(st, fx.Do):
            return self.call(st.call, ev)
        if isinstance(st, fx.Step):
            return self.run(st.body, ev)
        if isinstance(st, fx.Let):
            ev.names[st.name] = ev.eval(st.value)
            ev.names["@" + st.name] = st.value  # the expression, for what `move(name, …)` takes
            return Delta()
        if isinstance(st, fx.If):
            return self._if([(st.cond, st.then)] + list(st.elifs), st.orelse, ev)
        if isinstance(st, fx.ForEach):
            items = ev.eval(st.iterable)
            d = Delta()
            if isinstance(items, tuple) and len(items) <= 60:
                for it in items:
                    d.add(self.run(st.body, ev.child(**{st.var: it})))
            return d
        if isinstance(st, fx.RepeatUntil):
            return self.run(st.body, ev.child())
        return Delta()

    def _if(self, branches, orelse, ev: Evaluator) -> Delta:
        if not branches:
            return self.run(orelse, ev.child())
        (cond, body), rest = branches[0], branches[1:]
        t = ev.truth(cond)
        if t is True:
            return self.run(body, ev.child())
        if t is False:
            return self._if(rest, orelse, ev)
        return self.run(body, ev.child()).worse(self._if(rest, orelse, ev))

    def call(self, c: fx.Call, ev: Evaluator) -> Delta:
        d = Delta()
        if c.func == "damage":
            who, amount = ev.eval(arg(c, 0, "player")), arg(c, 1, "amount")
            amt = OPP_LIFE if _is_opp_life(amount, ev) else ev.eval(amount)
            if who is SECOND:
                if amt is OPP_LIFE:
                    d.lethal = True
                elif isinstance(amt, int) and not isinstance(amt, bool):
                    d.damage = max(amt, 0)
            elif who is FIRST and isinstance(amt, int):
                d.self_damage = max(amt, 0)
        elif c.func == "summon":
            as_ = arg(c, 1, "as")
            n, from_hand = self._count_cards(arg(c, 0, "cards"), ev)
            d.hand_use = n if from_hand else 0
            if isinstance(as_, fx.Name) and as_.id in self.bulwark_ids:
                state = c.kwarg("state")
                d.bulwarks = 0 if isinstance(state, fx.Name) and state.id == "driven" else n
            elif n:
                d.units_gain = 1  # the cards form one unit
        elif c.func in ("move", "return_to_hand"):
            taken = self._own_units(arg(c, 0, "what"), ev)
            if taken == "all":
                d.units_all = True
            elif taken:
                d.units_use = taken
        elif c.func == "draw":
            who = ev.eval(arg(c, 0, "player"))
            n = ev.eval(arg(c, 1, "count")) if arg(c, 1, "count") is not None else 1
            if who is FIRST and isinstance(n, int):
                d.hand_gain = n
        elif c.func == "discard":
            who = ev.eval(arg(c, 0, "player"))
            n = ev.eval(arg(c, 1, "count")) if arg(c, 1, "count") is not None else 1
            if who is FIRST:
                d.hand_use = n if isinstance(n, int) else 99
        elif c.func in self.win_verbs:
            who = ev.eval(c.args[0]) if c.args else UNK
            kind = self.win_verbs[c.func]
            if (kind == "win" and who is FIRST) or (kind == "lose" and who is SECOND):
                d.lethal = True
        return d

    @staticmethod
    def _own_units(e, ev: Evaluator) -> int | str:
        """How many of the first player's own characters an argument takes ('all', or 0)."""
        for _ in range(8):  # `let chosen = choose_units(…)` … `move(chosen, …)`
            if not (isinstance(e, fx.Name) and isinstance(ev.names.get("@" + e.id), (fx.Call, fx.Name))):
                break
            e = ev.names["@" + e.id]

        def own_set(x) -> bool:
            return (isinstance(x, fx.Call) and x.func in ("characters", "soldiers", "bulwarks")
                    and (not x.args or ev.eval(x.args[0]) is FIRST))
        if isinstance(e, fx.Call) and e.func == "choose_units" and ev.eval(arg(e, 0, "player")) is FIRST:
            if own_set(arg(e, 1, "units")):
                n = ev.eval(arg(e, 2, "count")) if arg(e, 2, "count") is not None else 1
                return n if isinstance(n, int) and n > 0 else 1
            return 0
        return "all" if own_set(e) else 0

    def _count_cards(self, e, ev: Evaluator) -> tuple[int, bool]:
        """How many cards an argument names, and whether they come from the hand."""
        if isinstance(e, fx.Call) and e.func == "choose_cards":
            src = arg(e, 1, "cards")
            n = ev.eval(arg(e, 2, "count")) if arg(e, 2, "count") is not None else 1
            from_hand = (isinstance(src, fx.Call) and src.func == "cards_in" and src.args
                         and isinstance(src.args[0], fx.Name) and src.args[0].id == "hand")
            return (n if isinstance(n, int) else 0), bool(from_hand)
        v = ev.eval(e)
        if isinstance(v, tuple):
            return len(v), False
        if isinstance(v, Card):
            return 1, False
        return 0, False


def _is_opp_life(e, ev: Evaluator) -> bool:
    if isinstance(e, fx.Call) and e.func == "life" and e.args:
        return ev.eval(e.args[0]) is SECOND
    if isinstance(e, fx.Attr) and e.name == "life":
        return ev.eval(e.obj) is SECOND
    return False


# ---------------------------------------------------------------- moves and lines
@dataclass(frozen=True)
class Move:
    action: m.ActionScript
    keys: tuple[Card, ...]
    delta: Delta
    once: bool
    trump: str | None  # the face-up trump the activation needs
    rare: int = 0      # key cards taken from the rare zone (★レアカード1枚)

    @property
    def cost(self) -> tuple[str, ...]:
        return self.action.cost.letters if self.action.cost else ()

    def describe(self) -> str:
        parts = [f"{self.action.name}"]
        if self.cost:
            parts.append("$" + "".join(self.cost))
        if self.keys:
            parts.append("★" + " ".join(str(c) for c in self.keys))
        if self.rare:
            parts.append(f"★レアカード{self.rare}枚")
        what = []
        if self.delta.lethal:
            what.append("wins")
        elif self.delta.damage:
            what.append(f"{self.delta.damage} damage")
        if self.delta.bulwarks:
            what.append(f"+{self.delta.bulwarks} bulwark")
        if self.delta.hand_gain:
            what.append(f"+{self.delta.hand_gain} card")
        if self.delta.units_gain:
            what.append(f"+{self.delta.units_gain} soldier")
        return " ".join(parts) + (f" ({', '.join(what)})" if what else "")


@dataclass
class Line:
    moves: list[Move]
    damage: int
    lethal: bool
    opponent_life: int
    trump: str | None = None
    outs: list[str] = field(default_factory=list)

    def describe(self) -> str:
        out: list[tuple[str, int]] = []
        for mv in self.moves:
            d = mv.describe()
            if out and out[-1][0] == d:
                out[-1] = (d, out[-1][1] + 1)
            else:
                out.append((d, 1))
        return " → ".join(d + (f" ×{n}" if n > 1 else "") for d, n in out)


@dataclass(frozen=True)
class State:
    slots: int            # chosen cards not yet spent
    rare: int             # rare cards (chosen) not yet spent
    free: int             # other cards in hand
    bulwarks: int         # charged bulwarks
    driven: int           # driven bulwarks (still characters)
    soldiers: int
    life: int
    damage: int
    lethal: bool
    used: frozenset       # chosen key cards spent
    once: frozenset       # once-per-turn actions used
    trump: str | None


class Analyzer:
    """G4 for one ruleset: usable moves per regulation, and the search."""

    def __init__(self, ctx: LintContext):
        self.ctx = ctx
        rs = ctx.ruleset
        self.bulwark_ids = {c.id for c in rs.components("character") if c.type == "防壁"}
        self.win_verbs = {n: ("lose" if "lose" in n else "win") for n, v in LIBRARY.items()
                          if v.kind == "verb" and n in ("win", "lose", "win_game", "lose_game")}
        self.interp = EffectInterpreter(self.bulwark_ids, self.win_verbs)
        self._static: dict[str, object] = {}
        self.script_names = {sid: sid for sid in rs.scripts}  # `it.action == damageJudge`
        self._moves: dict[tuple, list[Move]] = {}
        self._uses_key: dict[str, bool] = {}
        self._deps: dict[str, tuple[bool, bool, bool]] = {}
        self._delta: dict[tuple, Delta] = {}
        self._answers: dict[tuple, list] = {}

    # ------------------------------------------------------------ per action, once
    def candidate(self, a: m.ActionScript) -> bool:
        """Cheap, regulation-independent: could this action ever be part of a line?"""
        hit = self._static.get(a.id)
        if hit is not None:
            return hit  # type: ignore[return-value]
        ok = (a.header is not None and a.header.trigger is m.Trigger.DIRECT
              and a.effect is not None and a.effect.body is not None
              and a.key_unit is None and not (a.cost and "C" in a.cost.letters)
              and any(c.func in ("damage", "summon", "draw") or c.func in self.win_verbs
                      for c in fx.calls(a.effect.body)))
        self._static[a.id] = ok
        return ok

    def activation(self, a: m.ActionScript, setup: Setup, trumps: set[str]) -> tuple[bool, bool, str | None]:
        """(usable on turn 1, once per turn, the face-up trump it needs)."""
        if a.activation is None:
            return True, False, None
        if a.activation.when is None:
            return False, False, None  # a condition in text only cannot be relied on
        needed: list[str] = []
        once = [False]

        def face_up_trump(c, ev):
            who = ev.eval(c.args[0]) if c.args else UNK
            t = c.args[1] if len(c.args) > 1 else c.kwarg("trump")
            if who is not FIRST or not isinstance(t, fx.Name) or t.id not in trumps or setup.trumps < 1:
                return False
            needed.append(t.id)
            return True

        def once_per_turn(c, ev):
            once[0] = True
            return True

        ev = Evaluator({"me": FIRST, "opponent": SECOND, "turn_player": FIRST},
                       {"is_turn_player": lambda c, ev: (ev.eval(c.args[0]) is FIRST) if c.args else UNK,
                        "once_per_turn": once_per_turn, "face_up_trump": face_up_trump,
                        "pack_opened": lambda c, ev: False})
        # the first player picks the size of the deck, so the life can be anything in between
        for life in sorted({setup.own_life_max, setup.own_life_min}):
            needed.clear()
            ev.calls["life"] = (lambda lv: lambda c, ev: lv if c.args and ev.eval(c.args[0]) is FIRST
                                else UNK)(life)
            if ev.truth(a.activation.when) is True and len(set(needed)) <= 1:
                return True, once[0], (needed[0] if needed else None)
        return False, once[0], None

    def effect_env(self, a: m.ActionScript, keys: tuple[Card, ...], setup: Setup) -> Evaluator:
        target: object = UNK
        if a.target is not None and len(a.target.specs) == 1 and a.target.specs[0].kind in ("opponent", "player"):
            target = SECOND
        names = {"me": FIRST, "opponent": SECOND, "turn_player": FIRST, "key": keys, "target": target}

        def key_of(c, ev):
            suit = ev.eval(c.args[0]) if c.args else UNK
            found = [k for k in keys if k.suit is not None and k.suit.value == suit]
            return found[0] if len(found) == 1 else UNK

        def life(c, ev):
            who = ev.eval(c.args[0]) if c.args else UNK
            return setup.own_life_min if who is FIRST else UNK

        return Evaluator(names, {"key_of": key_of, "life": life,
                                 "is_turn_player": lambda c, ev: (ev.eval(c.args[0]) is FIRST) if c.args else UNK,
                                 "count": lambda c, ev: (len(v) if isinstance(v := ev.eval(c.args[0]), tuple)
                                                         else UNK) if c.args else UNK})

    def moves(self, reg: Regulation) -> list[Move]:
        setup = reg.setup
        trumps = frozenset(t.id for t in reg.components("trump") if t.type != "裏切札")
        deck_key = id(reg.deck)  # one shared tuple per distinct deck
        sig = (deck_key, setup.choose_hand, setup.rare, setup.trumps, trumps, setup.own_life_min,
               setup.own_life_max)
        out: list[Move] = []
        for a in reg.actions():
            if not self.candidate(a):
                continue
            key = (a.id, self._reads(a, sig))
            hit = self._moves.get(key)
            if hit is None:
                hit = self._moves[key] = self._action_moves(a, reg, setup, trumps)
            out.extend(hit)
        # strongest first: the search tries them in this order
        out.sort(key=lambda mv: (not mv.delta.lethal, -mv.delta.damage, len(mv.keys), mv.action.id))
        return out

    def _reads(self, a: m.ActionScript, sig: tuple) -> tuple:
        """The part of a regulation's setup the moves of `a` depend on (the cache key)."""
        reads = self._deps.get(a.id)
        if reads is None:
            funcs = {c.func for c in fx.calls(list(a.effect.body))}
            if a.activation is not None and a.activation.when is not None:
                funcs |= {c.func for c in fx.calls(a.activation.when)}
            keyed = a.key is not None
            reads = self._deps[a.id] = (keyed, "life" in funcs, "face_up_trump" in funcs)
        keyed, life, trump = reads
        deck_key, choose, rare, trumps_n, trumps, life_min, life_max = sig
        return ((deck_key, choose, rare) if keyed else None,
                (life_min, life_max) if life else None,
                (trumps_n, trumps) if trump else None)

    def _action_moves(self, a: m.ActionScript, reg: Regulation, setup: Setup, trumps) -> list[Move]:
        if a.key is not None and not isinstance(a.key.condition, RareCard) \
                and getattr(a.key.condition, "min_cards", 1) > setup.choose_hand:
            return []  # its key cards cannot be guaranteed
        usable, once, trump = self.activation(a, setup, set(trumps))
        if not usable:
            return []
        rare = 0
        if a.key is None:
            options: list[tuple[Card, ...]] = [()]
        elif isinstance(a.key.condition, RareCard):
            rare = a.key.condition.count
            if rare > setup.rare:
                return []
            options = [()]
        else:
            cond = a.key.condition
            if setup.choose_hand == 0 or getattr(cond, "min_cards", 1) > setup.choose_hand:
                return []
            try:
                options = key_options(cond, reg.deck, MAX_KEY_OPTIONS)
            except Exception:  # a matcher that cannot enumerate: no guaranteed keys
                return []
            options = [o for o in options if 0 < len(o) <= setup.choose_hand]
            if not options:
                return []
        uses_key = self._uses_key.get(a.id)
        if uses_key is None:
            uses_key = self._uses_key[a.id] = any(
                isinstance(n, fx.Name) and n.id == "key" or isinstance(n, fx.Call) and n.func == "key_of"
                for n in fx.walk(list(a.effect.body)))
        if uses_key:
            # the effect reads the key cards: try the strongest cards first, and a few others
            ranked = sorted(options, key=lambda o: -sum(c.number for c in o))
            tried = ranked[:KEYS_TRIED] + ranked[KEYS_TRIED:][-2:]
        else:
            tried = options[:6]
        by_delta: dict[tuple, list[tuple[Card, ...]]] = {}
        deltas: dict[tuple, Delta] = {}
        for keys in tried:
            ck = (a.id, keys if uses_key else len(keys), setup.own_life_min)
            d = self._delta.get(ck)
            if d is None:
                d = self._delta[ck] = self.interp.run(a.effect.body, self.effect_env(a, keys, setup))
            dsig = d.signature() + (len(keys),)
            lst = by_delta.setdefault(dsig, [])
            if keys not in lst and len(lst) < KEEP_KEYSETS:
                lst.append(keys)
            deltas[dsig] = d
        best = sorted((s for s in by_delta if deltas[s].useful),
                      key=lambda s: (not deltas[s].lethal, -deltas[s].damage, -deltas[s].bulwarks,
                                     -deltas[s].hand_gain, s[-1]))[:3]
        return [Move(a, keys, deltas[s], once, trump, rare) for s in best for keys in by_delta[s]]

    # ------------------------------------------------------------ search
    def search(self, reg: Regulation) -> Line | None:
        setup = reg.setup
        goal = setup.opponent_life_max
        moves = self.moves(reg)
        if not moves or not any(mv.delta.damage or mv.delta.lethal for mv in moves):
            return None
        # a request that needs nothing and is not limited can be repeated until the game ends
        start = State(setup.choose_hand, setup.rare, setup.random_hand, setup.preset_bulwarks, 0, setup.preset_soldiers,
                      setup.own_life_min, 0, False, frozenset(), frozenset(), None)
        seen: set[State] = set()
        budget = [NODE_BUDGET]
        path: list[Move] = []

        def dfs(st: State, depth: int) -> State | None:
            if st.lethal or st.damage >= goal:
                return st
            if depth >= MAX_DEPTH or budget[0] <= 0 or st in seen:
                return None
            seen.add(st)
            budget[0] -= 1
            tried: set[str] = set()
            for mv in moves:
                if mv.action.id in tried:
                    continue  # another key set of an action already tried from here
                nxt = self.apply(st, mv)
                if nxt is None:
                    continue
                tried.add(mv.action.id)
                path.append(mv)
                res = dfs(nxt, depth + 1)
                if res is not None:
                    return res
                path.pop()
                if len(tried) >= MAX_BRANCH or budget[0] <= 0:
                    break
            return None

        end = dfs(start, 0)
        if end is None:
            return None
        return Line(list(path), end.damage, end.lethal, goal, end.trump)

    @staticmethod
    def apply(st: State, mv: Move) -> State | None:
        a = mv.action
        if mv.once and a.id in st.once:
            return None
        if mv.trump is not None and st.trump is not None and mv.trump != st.trump:
            return None
        if mv.keys and (len(mv.keys) > st.slots or any(k in st.used for k in mv.keys)):
            return None
        if mv.rare > st.rare:
            return None
        slots, free = st.slots - len(mv.keys), st.free
        bulwarks, driven, soldiers, life = st.bulwarks, st.driven, st.soldiers, st.life
        for letter in mv.cost:
            if letter == "B":
                if bulwarks < 1:
                    return None
                bulwarks, driven = bulwarks - 1, driven + 1
            elif letter == "L":
                life -= 1
            elif letter == "D":
                if free > 0:
                    free -= 1
                elif slots > 0:
                    slots -= 1
                else:
                    return None
            elif letter == "S":
                if soldiers > 0:
                    soldiers -= 1
                elif driven > 0:
                    driven -= 1
                elif bulwarks > 0:
                    bulwarks -= 1
                else:
                    return None
            else:
                return None
        d = mv.delta
        use = d.hand_use
        take = min(use, free)
        free -= take
        if use - take > slots:
            return None
        slots -= use - take
        free += d.hand_gain
        life -= d.self_damage
        if d.units_use:
            need = d.units_use
            for_soldiers = min(need, soldiers)
            soldiers, need = soldiers - for_soldiers, need - for_soldiers
            for_driven = min(need, driven)
            driven, need = driven - for_driven, need - for_driven
            for_bulwarks = min(need, bulwarks)
            bulwarks, need = bulwarks - for_bulwarks, need - for_bulwarks
            if need:
                return None  # the effect needs characters the player does not have
        if d.units_all:
            soldiers = driven = bulwarks = 0
        soldiers += d.units_gain
        if life < 1:
            return None
        return State(slots, st.rare - mv.rare, free, bulwarks + d.bulwarks, driven, soldiers, life,
                     min(st.damage + d.damage, 10_000), st.lethal or d.lethal,
                     st.used | frozenset(mv.keys), st.once | ({a.id} if mv.once else set()),
                     st.trump or mv.trump)

    # ------------------------------------------------------------ the second player's outs
    def answers(self, reg: Regulation) -> list[tuple[m.ActionScript, m.TargetSpec, set[str] | None]]:
        """The quick actions the second player could request on the first turn that target
        a request: (action, its target spec, the functions its effect calls or None)."""
        key = reg.key
        hit = self._answers.get(key)
        if hit is not None:
            return hit
        out = []
        for x in reg.actions():
            if x.target is None or len(x.target.specs) != 1 or x.target.specs[0].kind != "request":
                continue
            if not self._opponent_can_answer(x, reg):
                continue
            body = x.effect.body if x.effect is not None else None
            funcs = {c.func for c in fx.calls(list(body))} if body is not None else None
            out.append((x, x.target.specs[0], funcs))
        self._answers[key] = out
        return out

    def outs(self, reg: Regulation, line: Line) -> list[str]:
        found: dict[str, str] = {}
        answers = self.answers(reg)
        for mv in line.moves:
            a = mv.action
            if a.header is None or a.header.speed is m.Speed.IMMEDIATE:
                continue
            keys = mv.keys
            req = RequestFacts(a.id, len(keys) + mv.rare, keys[0].number if len(keys) == 1 else None,
                               sum(k.number for k in keys), a.target is not None, FIRST)
            redirectable = (a.target is not None and any(sp.kind == "player" for sp in a.target.specs))
            for x, spec, funcs in answers:
                if x.id in found:
                    continue
                if spec.where is not None:
                    ok = Evaluator({**self.script_names, "it": req, "me": SECOND, "opponent": FIRST,
                                    "turn_player": FIRST}, {}).truth(spec.where)
                    if ok is False:
                        continue
                key = f" {x.key.text}" if x.key is not None else ""
                if funcs is None:
                    found[x.id] = f"{x.name}{key} (its effect is not structured; it targets {a.name})"
                elif "nullify" in funcs:
                    found[x.id] = f"{x.name}{key} (nullifies {a.name})"
                elif "change_target" in funcs and redirectable:
                    found[x.id] = f"{x.name}{key} (turns {a.name} on its controller)"
        return list(found.values())

    @staticmethod
    def _opponent_can_answer(x: m.ActionScript, reg: Regulation) -> bool:
        h = x.header
        if h is None or h.trigger is not m.Trigger.DIRECT or h.timing is not m.Timing.QUICK:
            return False
        if x.activation is not None and x.activation.when is not None:
            ev = Evaluator({"me": SECOND, "opponent": FIRST, "turn_player": FIRST},
                           {"is_turn_player": lambda c, ev: (ev.eval(c.args[0]) is SECOND) if c.args else UNK,
                            "once_per_turn": lambda c, ev: True})
            if ev.truth(x.activation.when) is False:
                return False
        if x.key is not None and not x.key.is_unit:
            sat = getattr(x.key.condition, "satisfiable", None)
            if sat is not None and not sat():
                return False
        return True


def check(ctx: LintContext) -> Iterator[Finding]:
    an = Analyzer(ctx)
    reported: dict[tuple, tuple[Finding, list[str]]] = {}
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
        key = (span, frozenset(mv.action.id for mv in line.moves))
        if key in reported:
            reported[key][1].append(reg.name)
            continue
        decisive = max(line.moves, key=lambda mv: (mv.delta.lethal, mv.delta.damage))
        if line.lethal:
            outcome = f"{decisive.action.name} ends the game"
        else:
            outcome = (f"requesting {_names(line)} deals {line.damage} damage, at least the second player's "
                       f"greatest life ({line.opponent_life})")
        notes = [f"sequence: {line.describe()}",
                 f"setup: {reg.setup.describe()}" + (f"; face-up trump: {line.trump}" if line.trump else "")]
        if line.outs:
            notes.append("the second player stops it only with: " + "; ".join(line.outs))
        else:
            notes.append("the second player has no answer in the scripts: nothing in the regulation nullifies "
                         "these requests or changes their target")
        notes += engine_notes
        regs: list[str] = [reg.name]
        msg = f"the first player can win on turn 1 in {{regs}}: {outcome}"
        f = ctx.finding(RULE, msg, span, script=script, notes=notes,
                        fix="make the effect smaller than the second player's life, need key cards no setup "
                            "guarantees, or limit it (once_per_turn(), an activation false on turn 1, a heavier cost)")
        reported[key] = (f, regs)
    for f, regs in reported.values():
        shown = ", ".join(regs[:4]) + (f" and {len(regs) - 4} more" if len(regs) > 4 else "")
        d = f.diagnostic
        from dataclasses import replace
        yield replace(f, diagnostic=replace(d, message=d.message.replace("{regs}", shown)))


def _names(line: Line) -> str:
    names: list[str] = []
    for mv in line.moves:
        if mv.action.name not in names:
            names.append(mv.action.name)
    return " and ".join(f"「{n}」" for n in names)


def _place(ctx: LintContext, reg: Regulation, line: Line):
    """Where to report: the user's decisive script, else the user's frame (its setup)."""
    own = [mv for mv in line.moves if ctx.own(mv.action)]
    if own:
        mv = max(own, key=lambda mv: (mv.delta.lethal, mv.delta.damage, mv.delta.bulwarks))
        s = mv.action
        span = s.span_of("effect") if (mv.delta.damage or mv.delta.lethal) else s.span_of("header")
        return span, s
    if reg.frame is not None and ctx.own(reg.frame):
        chosen = [st for st in reg.frame.setup.steps if st.kind is StepKind.CHOOSE_HAND and st.span is not None]
        return (chosen[0].span if chosen else ctx.frame_span(reg.frame, "setup")), None
    return None
