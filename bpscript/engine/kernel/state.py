"""The state of a game: players, zones, cards and units (rulebook 3.5, 4.1).

A unit is a group of cards on the field (or in the fog / trump zone) that moves
together (4.2.4); the component it is, is not stored but matched from the zone and
the unit condition after every change (4.1.3) — `GameState.rematch()`.

Each player plays their own deck, and both decks of エントリー20 hold the same cards: a
card is told apart by its owner, kept in `Card.copy` (`copy // 2` is the owner; Jokers
use `copy % 2` as before), so `♠5` of one player never equals `♠5` of the other.

This module holds state and the invariants the property tests check; the setup (3.9)
is `bpscript.engine.setup.start`, the core flow `bpscript.engine.kernel.game`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import operator
import random
from collections.abc import Sequence
from typing import Any
from dataclasses import dataclass, field
from functools import partial

from ...model import ruleset as m
from ...model.cards import Card, Suit, card_key, texts
from ...model.conditions import CardCondition, UnitCondition
from ...model.values import Zone
from .events import EVERY, Event, Moved, Watch
from .memo import Memo

ZONE_OF_KIND = {"character": "field", "fog": "fog", "trump": "trump"}
_LIFE, _GRAVE = Zone.LIFE, Zone.GRAVE  # the zones damage moves cards between, read once


@dataclass(eq=False)  # units are things, not values: equal is identical (compared in C, hashed as itself)
class Unit:
    """Cards on the field acting as one character (4.1.1)."""

    cards: list[Card]
    owner: int
    face_up: bool = True
    charged: bool = True
    entered_turn: int = 0
    component: str | None = None
    size_bonus: int = 0  # until the end of the turn (add_size(…, until=end_of_turn))
    size_lasting: int = 0  # for as long as the unit stays (add_size without `until`)
    ability_size: int = 0  # from abilities, recomputed (9.4.2)
    ability_roles: set[str] = field(default_factory=set)  # roles abilities give, recomputed (9.4.2)
    link: "Unit | None" = None  # a fog mark: the unit it was placed for
    #: the component it was put on the field as (summon(as=…), preset): it stays that
    #: component until its cards change or it leaves, whatever its cards would match
    designated: str | None = None
    #: statuses it holds (attacking, blocking), each with the unit it is linked to, if any
    statuses: dict[str, "Unit | None"] = field(default_factory=dict)
    # what static abilities give it, recomputed with ability_size (9.3, 9.4.2; bpscript.engine.kernel.abilities)
    ability_labels: set[str] = field(default_factory=set)  # labels granted (<革命ドロー> …)
    ability_suits: set[Suit] = field(default_factory=set)  # suits it also counts as (♠兵士としても扱う)
    untargetable_by: set[str | None] = field(default_factory=set)  # action ids that cannot target it; None: every action
    must_attack: str | None = None  # the attack action it must join whenever possible (巨人)
    ability_locked: bool = False  # a trump that cannot be turned face up (クローズ's mark)
    gone: list[Card] = field(default_factory=list)  # its cards that left it (移せた場合: where they went)

    def clear_abilities(self) -> None:
        """Forget what abilities gave: they are recomputed from a clean state (9.4.2)."""
        self.ability_size = 0
        self.ability_roles.clear()
        self.ability_labels.clear()
        self.ability_suits.clear()
        self.untargetable_by.clear()
        self.must_attack = None
        self.ability_locked = False

    def holds_abilities(self) -> bool:
        """Whether an ability gave it anything `clear_abilities` forgets (kept beside it,
        so a new ability field is cleared and tested in one place)."""
        return bool(self.ability_size or self.ability_roles or self.ability_labels or self.ability_suits
                    or self.untargetable_by or self.must_attack is not None or self.ability_locked)

    def __repr__(self) -> str:
        return f"<{self.component or 'unit'} {' '.join(map(str, self.cards))} of {self.owner}>"

    def __str__(self) -> str:
        return "".join(map(str, self.cards)) + ("" if self.face_up else " (face down)")


@dataclass
class Player:
    """One player's zones. The top of a pile (life, grave) is the end of its list."""

    index: int
    life: list[Card] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    grave: list[Card] = field(default_factory=list)
    fog: list[Card] = field(default_factory=list)
    field: list[Unit] = field(default_factory=list)
    marks: list[Unit] = dataclasses.field(default_factory=list)  # fog cards as units linked to what they mark
    pack: list[Card] = dataclasses.field(default_factory=list)  # the pack (パック), face down until opened
    rare: list[Card] = dataclasses.field(default_factory=list)  # the rare cards (レアカード), face down
    pack_opened: bool = False  # 開封済み: the pack is face up (its contents are the owner's to see)

    trump: list[Card] = dataclasses.field(default_factory=list)  # the trump zone (4.4), in the order placed
    #: one unit per card of the trump zone, face up (表切札) or face down (裏切札): kept by rematch
    trumps: list[Unit] = dataclasses.field(default_factory=list)

    def piles(self) -> tuple[list[Card], ...]:
        """The zones that hold cards as lists, in `PILES` order (the field holds units)."""
        return _piles_of(self)

    def cards(self) -> list[Card]:
        return [c for pile in self.piles() for c in pile] + [c for u in self.field for c in u.cards]

    def units_in(self, zone: str | None) -> "list[Unit] | tuple[()]":
        """The units of a zone that holds units: the field, or the trump zone (none elsewhere)."""
        return self.field if zone == "field" else self.trumps if zone == "trump" else ()


#: the piles a player's cards lie in, as `Player` has them (the field, fog marks and the
#: trump zone's units are units, not cards)
PILES = tuple(f.name for f in dataclasses.fields(Player)
              if f.default_factory is list and f.name not in ("field", "marks", "trumps"))
_piles_of = operator.attrgetter(*PILES)  # a player's piles in one call (`Player.piles`)
#: the piles whose cards other things depend on: fog marks (the fog), the trump zone's units
MATCHED_PILES = frozenset({"fog", "trump"})
#: where a card is looked for (`GameState.find`): the hand (most cards taken), the other
#: short piles, the field's units, then the long piles, the grave and the life (a card taken
#: from the life is mostly its top card, looked at first). A card lies in one place, so the
#: order changes only how many cards are compared before it is found.
LONG_PILES = ("grave", "life")
SHORT_PILES = tuple(z for z in PILES if z not in LONG_PILES and z != "hand")
_short_piles_of = operator.attrgetter(*SHORT_PILES)
_long_piles_of = operator.attrgetter(*LONG_PILES)


def owner_of(card: Card) -> int:
    """The player whose deck the card belongs to."""
    return card.copy // 2


def owned(card: Card, player: int) -> Card:
    """The same card in `player`'s deck (found once per card and player: every game deals
    its decks through it)."""
    return _OWNED[card, player]


def _owned(key: tuple[Card, int]) -> Card:
    card, player = key
    return Card(card.number, card.suit, card.copy % 2 + 2 * player)


#: (card, player) → the card in `player`'s deck (cards are made once, `Card.__new__`: so is this table)
_OWNED: Memo[tuple[Card, int], Card] = Memo(_owned)


def owned_deck(cards: Sequence[Card], player: int) -> list[Card]:
    """A deck's cards as `player`'s (`owned`)."""
    return [owned(c, player) for c in cards]



def _of_kind(kinds: dict[str, tuple[str, str]], kind: str) -> frozenset[str]:
    """The scripts of the type or the component kind `kind` (what `GameState.units_of`
    selects by), of script id → (its type, its kind): `Matcher.of_kind`, once per kind."""
    return frozenset(sid for sid, of in kinds.items() if kind in of)


class Matcher:
    """Which component a group of cards is, in one regulation (4.1.3).

    The answer depends only on the cards' numbers and suits, the zone and whether the
    unit is face up, so it is remembered: units are re-matched after every change, and
    the same few shapes come back again and again."""

    def __init__(self, ruleset: m.Ruleset, fmt: str, frame: str):
        self.ruleset = ruleset  # held, so the id used as a key is never reused
        self._components = {
            zone: [(s.id, s.unit_condition.condition if s.unit_condition else None)
                   for s in ruleset.components()
                   if ZONE_OF_KIND[s.kind] == zone and (fmt in s.formats or frame in s.frames)]
            for zone in set(ZONE_OF_KIND.values())}
        self._memo: dict[tuple[object, ...], str | None] = {}
        #: the character a card placed face down is (`GameState.face_down_character`), once found
        self.face_down: str | None = None
        #: script id → (its type, its kind): what `GameState.units_of` selects by
        self.kinds: dict[str, tuple[str, str]] = {sid: (s.type.id, s.kind) for sid, s in ruleset.scripts.items()}
        #: the types of the components (兵士, 防壁 …): cards put on the field as one of them
        #: are matched by the unit conditions, never designated (`GameState.designation`)
        self.types: frozenset[str] = frozenset(s.type.id for s in ruleset.components())
        #: kind → its scripts (`of_kind`, a dict's own lookup: asked by every `units_of`)
        self.of_kind = Memo(partial(_of_kind, self.kinds)).__getitem__
        #: the components with static abilities (their class's `scopes`): the holders
        #: `apply_abilities` looks for, found without loading every unit's class
        self.scoped: frozenset[str] = frozenset(sid for sid, s in ruleset.scripts.items()
                                                if getattr(s, "abilities", ()))

    def components(self, zone: str) -> list[tuple[str, CardCondition | UnitCondition | None]]:
        return self._components.get(zone, [])

    def match(self, zone: str, cards: list[Card], face_up: bool) -> str | None:
        key = (zone, face_up, *cards)  # the cards' owners differ, never their component
        try:
            return self._memo[key]
        except KeyError:
            pass
        found = None
        for comp, cond in self.components(zone):
            if isinstance(cond, CardCondition) and cond.matches(tuple(cards), face_up=face_up):
                found = comp
                break
        self._memo[key] = found
        return found


def _matcher(ruleset: m.Ruleset, fmt: str, frame: str) -> Matcher:
    return ruleset.derived((Matcher, fmt, frame), Matcher, ruleset, fmt, frame)


class RulesError(Exception):
    """An action the rules do not allow in this state."""


@dataclass
class GameState:
    ruleset: m.Ruleset
    format: str
    frame: str
    players: tuple[Player, Player]
    rng: random.Random
    turn: int = 1
    turn_player: int = 0
    first_player: int = 0
    #: the requests waiting, last = top (LIFO)
    stage: list[Any] = field(default_factory=list)  # Any: a `request.Request` (request.py imports this module)
    rules_on: set[str] = field(default_factory=set)  # rule variants abilities switched on (recomputed)
    waived: set[tuple[int, str, str]] = field(default_factory=set)  # (player, action type, cost letter), recomputed
    #: a request made, its triggers checked before it is staged
    pending: list[Any] = field(default_factory=list)  # Any: as `stage`
    shields: set[tuple[int, object]] = field(default_factory=set)  # (player, suit) 要塞 protects from, recomputed
    log: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)  # since the last trigger check
    requested: set[tuple[int, str]] = field(default_factory=set)  # (player, action) this turn
    version: int = 0  # bumped by every change of units (abilities are recomputed)
    winner: int | None = None
    end_reason: str = ""
    decks: tuple[Sequence[Card], ...] = ()  # each player's deck as dealt (owned cards), for the invariants
    #: the version static abilities were last applied at (`bpscript.engine.kernel.context.apply_abilities`)
    abilities_at: int = field(default=-1, repr=False, compare=False)
    #: a card left a unit, the fog or the trump zone (or came into the trump zone) since
    #: the units were last matched: `changed` matches them again only then
    stale: bool = field(default=False, repr=False, compare=False)
    #: the key cards of the request resolving that are still on the stage, in no zone
    #: (`take` finds them there without searching the piles; None: none resolving)
    staged: set[Card] | None = field(default=None, repr=False, compare=False)
    #: that application found no holder of abilities: it left every unit's ability fields,
    #: `rules_on`, `waived` and `shields` empty, and only an ability fills them again
    abilities_none: bool = field(default=False, repr=False, compare=False)
    #: the component matcher of this regulation (shared by every game of it): set once made,
    #: a plain attribute because units are matched and selected by it all the time
    matcher: Matcher = field(init=False, repr=False, compare=False)
    #: how many times an ability gave a unit suits (`treat_as_suits`): an application of
    #: abilities runs its second pass, which keeps those suits, only when this grew in its first
    suits_given: int = field(default=0, repr=False, compare=False)
    #: (component, owner) → its scopes and id, and the request and instance its abilities
    #: are applied with (`bpscript.engine.kernel.context.apply_abilities`; nothing in it refers to the state)
    ability_contexts: dict[tuple[str | None, int], Any] = field(  # Any: context.py's entries (as `stage`)
        default_factory=dict, repr=False, compare=False)
    #: the events the trigger check can act on (`Watch`; set by the game's `Triggers`):
    #: the others are not recorded in `events`
    watch: Watch = field(default=EVERY, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.matcher = _matcher(self.ruleset, self.format, self.frame)

    # ------------------------------------------------------------ components
    def components(self, zone: str) -> list[tuple[str, CardCondition | UnitCondition | None]]:
        """The components of this regulation that live in `zone`, in script order."""
        return self.matcher.components(zone)

    def match(self, unit: Unit) -> str | None:
        """The component a unit is (4.1.3): the one it was put on the field as, else the
        first whose unit condition accepts its cards."""
        if unit.designated is not None:
            return unit.designated
        return self.matcher.match("field", unit.cards, unit.face_up)

    def designation(self, as_: str | None) -> str | None:
        """What a unit put on the field `as_` is designated as: nothing when `as_` names a
        type (「兵士として」: its unit conditions decide, 4.1.3, 7.3.2), including where a
        component shares the type's id (一般兵 and 兵士 are both `soldier`); else the component."""
        return None if as_ is None or as_ in self.matcher.types else as_

    def face_down_character(self) -> str:
        """The character a card placed face down on the field is (the one whose unit
        condition takes a face-down card: 防壁 in the official lists), found from the
        regulation's components, never by name. A preset bulwark is designated as it."""
        found = self.matcher.face_down
        if found is None:
            probe = (Card(1),)
            for comp, cond in self.components("field"):
                if isinstance(cond, CardCondition) and cond.matches(probe, face_up=False):
                    found = self.matcher.face_down = comp  # the same for every game of the regulation
                    break
            else:
                raise RulesError(f"no character of {self.format} / {self.frame} is placed face down")
        return found

    def match_fog(self, unit: Unit) -> str | None:
        """The fog component a mark is: the one it was placed as, else by its cards."""
        if unit.designated is not None:
            return unit.designated
        return self.matcher.match("fog", unit.cards, True)

    def changed(self) -> None:
        """After a change of cards or units: static abilities are recomputed when next read
        (the version), and the units matched again (`rematch`) when a card left a unit,
        the fog or the trump zone since they last were (`stale`, set by `take`): a move
        between other piles (a draw, a discard) cannot change what a unit is."""
        if self.stale:
            self.rematch()
        else:
            self.version += 1

    def rematch(self) -> None:
        """Re-evaluate which component every unit is (4.1.3), after any change."""
        self.version += 1
        self.stale = False
        match = self.matcher.match
        for p in self.players:
            for u in p.field:
                u.component = u.designated if u.designated is not None else match("field", u.cards, u.face_up)
            if p.marks:  # a mark stays while all its cards are in the fog
                in_fog = set(p.fog).issuperset
                p.marks = marks = [mk for mk in p.marks if in_fog(mk.cards)]
                for mk in marks:
                    self.match_mark(mk)
            if p.trump or p.trumps:
                self.rematch_trumps(p)

    def match_mark(self, mk: Unit) -> None:
        """A fog mark's component, and its link kept only while the unit it marks is on
        the field or in the trump zone (part of `rematch`; a mark just placed alone)."""
        mk.component = self.match_fog(mk)
        link = mk.link
        if link is not None:  # a loop, not any(…): asked of every mark at every rematch
            for q in self.players:
                if link in q.field or link in q.trumps:
                    return
            mk.link = None

    def rematch_trumps(self, p: Player) -> None:
        """The trump zone's units: one per card, a card placed without a face is face down
        (3.9 エクストラ: trumps are placed face down); each is matched by its face (4.4)."""
        if not p.trump and not p.trumps:
            return
        held = {u.cards[0]: u for u in p.trumps if u.cards[0] in p.trump}
        p.trumps = [held.get(c) or Unit([c], p.index, False, True, self.turn) for c in p.trump]
        matcher = self.matcher
        for u in p.trumps:
            u.component = matcher.match("trump", u.cards, u.face_up)

    # ------------------------------------------------------------ basic operations
    def damage(self, player: int, amount: int) -> int:
        """Move cards from the top of the life to the grave (3.8); returns how many moved."""
        p = self.players[player]
        watched = (_LIFE, _GRAVE) in self.watch.moves
        moved = 0
        for _ in range(max(amount, 0)):
            if not p.life:
                break
            card = p.life.pop()
            p.grave.append(card)
            if watched:
                self.events.append(Moved(_LIFE, _GRAVE, (card,), player, None))
            moved += 1
        return moved

    def draw(self, player: int, count: int = 1) -> int:
        p = self.players[player]
        drawn = 0
        for _ in range(count):
            if not p.life:
                break
            p.hand.append(p.life.pop())
            drawn += 1
        return drawn

    def find(self, card: Card) -> "tuple[str, list[Card], Unit | None] | None":
        """Where the card lies among its owner's zones: (zone, its pile, None), or ("field",
        the unit's cards, the unit); None when it is in none (on the stage as a key). Looked
        for in the hand, the other short piles, the field's units, then the long piles."""
        p = self.players[card.copy // 2]  # owner_of
        if card in p.hand:
            return "hand", p.hand, None
        for zone, pile in zip(SHORT_PILES, _short_piles_of(p)):
            if card in pile:
                return zone, pile, None
        for u in p.field:
            if card in u.cards:
                return "field", u.cards, u
        for zone, pile in zip(LONG_PILES, _long_piles_of(p)):
            if card in pile:
                return zone, pile, None
        return None

    def holds(self, card: Card) -> bool:
        """Whether the card is in one of its owner's zones (not on the stage as a key)."""
        return self.find(card) is not None

    def units_of(self, player: int, kind: str | None, zone: str = "field") -> list[Unit]:
        """The player's units in `zone` (the field, or the trump zone) whose component is of
        the type (`soldier`) or the component kind (`character`); any component for None."""
        p = self.players[player]
        units = p.field if zone == "field" else p.units_in(zone)  # the field, mostly
        if not units:
            return []
        ids = self.matcher.kinds if kind is None else self.matcher.of_kind(kind)  # (None is in neither)
        found = []
        for u in units:  # a loop: asked at most decisions, mostly of a field of a few units
            if u.component in ids:
                found.append(u)
        return found

    def put_unit(self, player: int, cards: list[Card], face_up: bool, charged: bool = True,
                 designated: str | None = None) -> Unit:
        unit = Unit(list(cards), player, face_up, charged, self.turn, designated=designated)
        self.players[player].field.append(unit)
        unit.component = self.match(unit)
        self.version += 1
        return unit

    def lost(self, player: int) -> bool:
        """A player whose life is empty has lost (3.7)."""
        return not self.players[player].life

    def win_check(self) -> int | None:
        """The winner, if the game is over (5.5): the turn player is checked first, so
        when both lives are empty the turn player loses."""
        tp = self.turn_player
        players = self.players  # `lost`, read in place: checked after every resolution
        if not players[tp].life:
            return 1 - tp
        if not players[1 - tp].life:
            return tp
        return None

    # ------------------------------------------------------------ invariants
    def check_invariants(self, deck: list[Card] | None = None) -> None:
        """Each player's cards are exactly their deck (`deck` for both, else each one's deck
        as dealt), each card in one place (3.6), every unit the component its cards' unit
        conditions select (4.1.3), worked out from the model (`bpscript.engine.kernel.invariants`)."""
        from .invariants import components, one_place
        one_place(self, deck)
        components(self)

    def digest(self) -> str:
        """A fingerprint of everything that matters (for replays and determinism). Written
        once per game: empty parts are not joined, and each unit's line is appended."""
        parts = [f"turn {self.turn} {self.turn_player} {self.first_player} {self.winner}",
                 " ".join(f"{r.action}:{r.controller}:{[str(c) for c in r.keys]}" for r in self.stage)
                 if self.stage else ""]
        append = parts.append
        for p in self.players:
            append(f"{texts(p.life)}|{texts(p.hand)}|{texts(p.grave)}|{texts(p.fog)}|"
                   + (" ".join(f"{u.cards[0]}{'+' if u.face_up else '-'}" for u in p.trumps) if p.trumps else ""))
            if p.pack or p.rare or p.pack_opened:  # only frames with a pack or rare cards: digests stay as they were
                append(texts(p.pack) + f"|{p.pack_opened}|" + texts(p.rare))
            for u in p.field:
                append(f"{list(map(str, u.cards))} {u.face_up} {u.charged} {u.component} {u.size_bonus} "
                       f"{u.size_lasting} {sorted(u.statuses) if u.statuses else '[]'}")
        return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()
