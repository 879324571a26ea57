"""The requests the first player can make on turn 1 of a regulation, and what each
surely does (G4): activation true on turn 1, key cards from the chosen hand, effect
structured. Queries are answered by what they read (`bpscript.model.semantics.Read`)."""

from __future__ import annotations

from dataclasses import dataclass

from ...model import effects as fx
from ...model import ruleset as m
from ...model.cards import Card
from ...model.conditions import FaceDown, RareCard
from ...model.semantics import Change, Read, Role
from ...model.vocabulary import CostDef, CostPayment, Origin
from ..cardsets import key_options
from ..evaluate import UNK, Evaluator, Use, kinds_in, use_of
from ..regulation import Regulation, Setup
from .delta import FIRST, SECOND, Amount, Delta, Quantity
from .hands import avoiding
from .interpreter import Cards, EffectInterpreter

MAX_KEY_OPTIONS = 48   # key card sets listed per condition (the highest numbers first)
KEYS_TRIED = 6         # of those, evaluated when the effect reads the key cards
KEEP_KEYSETS = 3       # key sets kept per outcome (alternatives when cards are already spent)

#: what makes an action worth trying: it deals damage or brings cards or units
GAINS = frozenset({Change.DAMAGE, Change.PUT_ON_FIELD, Change.DRAW})


@dataclass(frozen=True)
class Move:
    action: m.ActionScript
    keys: tuple[Card, ...]
    delta: Delta
    once: bool
    trump: str | None  # the face-up trump the activation needs
    rare: int = 0      # key cards taken from the rare zone (★レアカード1枚)
    payments: tuple[CostPayment | None, ...] = ()  # what each cost letter pays, in printed order
    drawn: int = 0     # key cards taken from the cards nobody chose: every such hand holds them (`hands`)
    avoid: int = 0     # … once it has more than this many cards

    @property
    def cost(self) -> tuple[str, ...]:
        return self.action.cost.letters if self.action.cost else ()

    def describe(self, delta: Delta | None = None) -> str:
        """The request as the finding shows it; `delta` is what it did in the line (where it
        grows with the position), else what it surely does."""
        d = self.delta if delta is None else delta
        parts = [f"{self.action.name}"]
        if self.cost:
            parts.append("$" + "".join(self.cost))
        if self.keys:
            parts.append("★" + " ".join(str(c) for c in self.keys))
        if (self.rare or self.drawn) and self.action.key is not None:
            parts.append(f"★{self.action.key.text}" + (" (any hand holds it)" if self.drawn else ""))
        what = []
        if d.lethal:
            what.append("wins")
        elif d.damage:
            what.append(f"{d.damage} damage")
        if d.bulwarks:
            what.append(f"+{d.bulwarks} bulwark")
        if d.hand_gain:
            what.append(f"+{d.hand_gain} card")
        if d.units_gain:
            what.append(f"+{d.units_gain} soldier")
        return " ".join(parts) + (f" ({', '.join(what)})" if what else "")


def is_player(u: Use, ev: Evaluator, player: object) -> object:
    """Whether the query's player is `player` (UNK when the call names none)."""
    who = u.expr(Role.PLAYER)
    return (ev.eval(who) is player) if who is not None else UNK


class MoveFinder:
    """The moves of each action in each regulation, cached by what they depend on."""

    def __init__(self, bulwark_ids: set[str], costs: dict[str, CostDef]):
        self.interp = EffectInterpreter(bulwark_ids)
        self.costs = costs
        self._static: dict[str, bool] = {}
        self._moves: dict[tuple, list[Move]] = {}
        self._uses_key: dict[str, bool] = {}
        self._deps: dict[str, tuple[bool, bool, bool]] = {}
        self._delta: dict[tuple, Delta] = {}

    # ------------------------------------------------------------ per action, once
    def candidate(self, a: m.ActionScript) -> bool:
        """Cheap, regulation-independent: could this action ever be part of a line?"""
        hit = self._static.get(a.id)
        if hit is not None:
            return hit
        unreadable_key = a.key is None and "key" in a.field_spans  # its own error (E130)
        ok = (a.header is not None and a.header.trigger.origin is Origin.REQUEST and not unreadable_key
              and a.effect is not None and a.effect.body is not None
              and a.key_unit is None and not any(p is None or p.what == "key_unit" for p in self.payments(a))
              and bool(kinds_in(a.effect.body) & GAINS))
        self._static[a.id] = ok
        return ok

    def payments(self, a: m.ActionScript) -> tuple[CostPayment | None, ...]:
        """What each of the action's cost letters pays, as the ruleset declares it."""
        return tuple(self.costs[x].pays if x in self.costs else None for x in (a.cost.letters if a.cost else ()))

    def activation(self, a: m.ActionScript, setup: Setup, trumps: set[str]) -> tuple[bool, bool, str | None]:
        """(usable on turn 1, once per turn, the face-up trump it needs)."""
        if a.activation is None:
            return True, False, None
        if a.activation.when is None:
            return False, False, None  # a condition in text only cannot be relied on
        needed: list[str] = []
        once = [False]

        def face_up_trump(u: Use, ev: Evaluator):
            who, t = u.value(Role.PLAYER, ev), u.expr(Role.TRUMP)
            if who is not FIRST or not isinstance(t, fx.Name) or t.id not in trumps or setup.trumps < 1:
                return False
            needed.append(t.id)
            return True

        def once_per_turn(u: Use, ev: Evaluator):
            once[0] = True
            return True

        ev = Evaluator({"me": FIRST, "opponent": SECOND, "turn_player": FIRST},
                       {Read.IS_TURN_PLAYER: lambda u, ev: is_player(u, ev, FIRST),
                        Read.ONCE_PER_TURN: once_per_turn, Read.FACE_UP_TRUMP: face_up_trump,
                        Read.PACK_OPENED: lambda u, ev: False})
        # the first player picks the size of the deck, so the life can be anything in between
        for life in sorted({setup.own_life_max, setup.own_life_min}):
            needed.clear()
            ev.queries[Read.LIFE] = (lambda lv: lambda u, ev: lv if is_player(u, ev, FIRST) is True
                                     else UNK)(life)
            if ev.truth(a.activation.when) is True and len(set(needed)) <= 1:
                return True, once[0], (needed[0] if needed else None)
        return False, once[0], None

    def effect_env(self, a: m.ActionScript, keys: tuple[Card, ...], setup: Setup) -> Evaluator:
        """The names and queries of an effect run: the first player's hand and life are
        the position's when the request resolves (`Amount`s the search fills in)."""
        target: object = UNK
        if a.target is not None and len(a.target.specs) == 1 and a.target.specs[0].kind in ("opponent", "player"):
            target = SECOND
        names = {"me": FIRST, "opponent": SECOND, "turn_player": FIRST, "key": keys, "target": target}
        position = {"hand": Quantity.HAND, "life": Quantity.LIFE}  # zone ids → what the search counts

        def key_of(u: Use, ev: Evaluator):
            suit = u.value(Role.SUIT, ev)
            found = [k for k in keys if k.suit is not None and k.suit.value == suit]
            return found[0] if len(found) == 1 else UNK

        def life(u: Use, ev: Evaluator):
            return Amount.of(Quantity.LIFE) if is_player(u, ev, FIRST) is True else UNK

        def hand_count(u: Use, ev: Evaluator):
            return Amount.of(Quantity.HAND) if is_player(u, ev, FIRST) is True else UNK

        def zone_cards(u: Use, ev: Evaluator):
            zone = u.expr(Role.ZONE)
            q = position.get(zone.id) if isinstance(zone, fx.Name) else None
            return Cards(Amount.of(q)) if q is not None and is_player(u, ev, FIRST) is True else UNK

        def count(u: Use, ev: Evaluator):
            v = u.value(Role.WHAT, ev)
            if isinstance(v, Cards):
                return v.count
            return len(v) if isinstance(v, tuple) else UNK

        return Evaluator(names, {Read.KEY_CARD: key_of, Read.LIFE: life, Read.COUNT: count,
                                 Read.HAND_COUNT: hand_count, Read.ZONE_CARDS: zone_cards,
                                 Read.IS_TURN_PLAYER: lambda u, ev: is_player(u, ev, FIRST)})

    # ------------------------------------------------------------ per regulation
    def moves(self, reg: Regulation) -> list[Move]:
        setup = reg.setup
        # the trumps a player may turn face up: those whose unit condition accepts a face-up card
        trumps = frozenset(t.id for t in reg.components("trump")
                           if t.unit_condition is not None and not isinstance(t.unit_condition.condition, FaceDown))
        deck_key = id(reg.deck)  # one shared tuple per distinct deck
        sig = (deck_key, setup.choose_hand, setup.rare, setup.trumps, trumps, setup.own_life_min,
               setup.own_life_max, (setup.random_hand, reg.deck_condition.fixed, reg.deck_condition.largest))
        out: list[Move] = []
        for a in reg.actions():
            if not self.candidate(a):
                continue
            key = (a.id, self._reads(a, sig))
            hit = self._moves.get(key)
            if hit is None:
                hit = self._moves[key] = self._action_moves(a, reg, setup, trumps)
            out.extend(hit)
        # strongest first (in the opening position): the search tries them in this order
        opening = {Quantity.HAND: setup.choose_hand + setup.random_hand, Quantity.LIFE: setup.own_life_max}
        strength = {id(mv): mv.delta.at(opening) for mv in out}
        out.sort(key=lambda mv: (not strength[id(mv)].lethal, -strength[id(mv)].damage, len(mv.keys), mv.action.id))
        return out

    def _reads(self, a: m.ActionScript, sig: tuple) -> tuple:
        """The part of a regulation's setup the moves of `a` depend on (the cache key)."""
        reads = self._deps.get(a.id)
        if reads is None:
            kinds = kinds_in(list(a.effect.body))
            if a.activation is not None and a.activation.when is not None:
                kinds |= kinds_in(a.activation.when)
            keyed = a.key is not None
            reads = self._deps[a.id] = (keyed, Read.LIFE in kinds, Read.FACE_UP_TRUMP in kinds)
        keyed, life, trump = reads
        deck_key, choose, rare, trumps_n, trumps, life_min, life_max, hand = sig
        return ((deck_key, choose, rare, hand) if keyed else None,
                (life_min, life_max) if life else None,
                (trumps_n, trumps) if trump else None)

    def _action_moves(self, a: m.ActionScript, reg: Regulation, setup: Setup, trumps) -> list[Move]:
        usable, once, trump = self.activation(a, setup, set(trumps))
        if not usable:
            return []
        drawn = self._drawn_moves(a, reg, setup, once, trump)
        if a.key is not None and not isinstance(a.key.condition, RareCard) \
                and getattr(a.key.condition, "min_cards", 1) > setup.choose_hand:
            return drawn  # no chosen cards can make its key cards: only a hand that holds them
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
                return drawn
        uses_key = self.uses_key(a)
        if uses_key:
            # the effect reads the key cards: try the strongest cards first, and a few others
            ranked = sorted(options, key=lambda o: -sum(c.number for c in o))
            tried = ranked[:KEYS_TRIED] + ranked[KEYS_TRIED:][-2:]
        else:
            tried = options[:6]
        by_delta: dict[tuple, list[tuple[Card, ...]]] = {}
        deltas: dict[tuple, Delta] = {}
        for keys in tried:
            ck = (a.id, keys if uses_key else len(keys))
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
        pays = self.payments(a)
        return drawn + [Move(a, keys, deltas[s], once, trump, rare, pays) for s in best for keys in by_delta[s]]

    def uses_key(self, a: m.ActionScript) -> bool:
        """Whether the effect reads its key cards (then which cards they are matters)."""
        hit = self._uses_key.get(a.id)
        if hit is None:
            hit = self._uses_key[a.id] = any(
                isinstance(n, fx.Name) and n.id == "key" or use_of(n, Read.KEY_CARD) is not None
                for n in fx.walk(list(a.effect.body)))
        return hit

    def _drawn_moves(self, a: m.ActionScript, reg: Regulation, setup: Setup, once: bool,
                     trump: str | None) -> list[Move]:
        """The request with key cards nobody chose, when every hand of the cards the player
        holds unchosen holds a key set (`hands`); not for an effect that reads its keys,
        whose worth depends on which cards they are."""
        if a.key is None or isinstance(a.key.condition, RareCard) or self.uses_key(a):
            return []
        avoid = avoiding(a.key.condition, reg.deck_condition)
        size = a.key.condition.min_cards
        if avoid is None or setup.random_hand <= avoid or setup.random_hand < size:
            return []
        ck = (a.id, size)
        d = self._delta.get(ck)
        if d is None:
            d = self._delta[ck] = self.interp.run(a.effect.body, self.effect_env(a, (), setup))
        return [Move(a, (), d, once, trump, 0, self.payments(a), drawn=size, avoid=avoid)] if d.useful else []
