"""The engine's implementation of the verb library (`bpscript/verbs.py`).

`VERBS` maps a verb or query name to a function `(ctx, *args, **kwargs)` whose
parameter names are those the library declares (`as` is spelled `as_`; a test checks
the two agree). `EVENTS` are the events the core flow emits and matches
(`bpscript.engine.game`). `IMPLEMENTED` is what `bpscript check --coverage` counts.

Every move of cards goes through `_take` / `_put`, which record a `moved` event
(from, to, cards, owner, component) for the trigger check (9.4.1).
"""

from __future__ import annotations

import builtins
from typing import Any, Callable

from ..cards import Card, Suit
from .request import Ctx, Request
from .state import GameState, Unit, owner_of

VERBS: dict[str, Callable[..., Any]] = {}
#: the events the core flow emits and the trigger check matches
EVENTS = frozenset({"resolved", "requested", "added_to_stage", "moved", "discarded", "unblocked"})


def verb(fn: Callable[..., Any]) -> Callable[..., Any]:
    VERBS[fn.__name__] = fn
    return fn


def _cards(what: Any) -> list[Card]:
    if isinstance(what, Card):
        return [what]
    if isinstance(what, Unit):
        return list(what.cards)
    if isinstance(what, (list, tuple)):
        return [c for x in what for c in _cards(x)]
    return []


def _units(what: Any) -> list[Unit]:
    if isinstance(what, Unit):
        return [what]
    if isinstance(what, (list, tuple)):
        return [u for u in what if isinstance(u, Unit)]
    return []


def _on_field(st: GameState, unit: Unit) -> bool:
    return any(unit in p.field for p in st.players)


def take(st: GameState, cards: list[Card]) -> dict[Card, tuple[str, str | None]]:
    """Remove cards from their owner's zones; returns card → (zone, component it was).
    A unit losing its last card leaves the field (4.2.4: a unit moves together)."""
    where: dict[Card, tuple[str, str | None]] = {}
    for card in cards:
        p = st.players[owner_of(card)]
        for zone in ("hand", "life", "grave", "fog"):
            pile = getattr(p, zone)
            if card in pile:
                pile.remove(card)
                where[card] = (zone, None)
                break
        else:
            for u in p.field:
                if card in u.cards:
                    u.cards.remove(card)
                    where[card] = ("field", u.component)
                    if not u.cards:
                        p.field.remove(u)
                    break
            else:
                where[card] = ("stage", None)  # a key card of a resolving request
    return where


def put(st: GameState, cards: list[Card], zone: str, bottom: bool = False) -> None:
    """Put cards into their owner's pile, recording `moved` events."""
    where = take(st, cards)
    for card in cards:
        pile = getattr(st.players[owner_of(card)], zone)
        if bottom:
            pile.insert(0, card)
        else:
            pile.append(card)
    groups: dict[tuple[str, str | None, int], list[Card]] = {}
    for card in cards:
        frm, comp = where[card]
        groups.setdefault((frm, comp, owner_of(card)), []).append(card)
    for (frm, comp, owner), cs in groups.items():
        st.events.append(("moved", frm, zone, tuple(cs), owner, comp))
    st.rematch()


def unit_to_grave(st: GameState, unit: Unit) -> None:
    """A unit leaves the field as one (4.2.4)."""
    if _on_field(st, unit):
        put(st, list(unit.cards), "grave")


# ---------------------------------------------------------------- moving things
@verb
def move(ctx: Ctx, what: Any, to: Any, position: Any = None, face: Any = None) -> None:
    cards = _cards(what)
    if cards:
        put(ctx.state, cards, to[1], bottom=position is not None and position[1] == "bottom")


@verb
def summon(ctx: Ctx, cards: Any, as_: Any = None, face: Any = None, state: Any = None) -> None:
    """Cards become one unit on the field; it is matched to its component (4.1.3)."""
    cards = _cards(cards)
    if not cards:
        return
    st = ctx.state
    take(st, cards)
    unit = st.put_unit(owner_of(cards[0]), cards, face_up=face is None or face[1] == "up",
                       charged=state is None or state[1] == "charged")
    st.events.append(("moved", "hand", "field", tuple(cards), unit.owner, unit.component))


@verb
def attach(ctx: Ctx, cards: Any, to: Unit) -> None:
    cards = _cards(cards)
    if not _on_field(ctx.state, to):
        return
    take(ctx.state, cards)
    to.cards.extend(cards)
    ctx.state.rematch()


@verb
def place_fog(ctx: Ctx, cards: Any, on: Any = None, as_: Any = None) -> None:
    """The cards go to their owner's fog as one mark, linked to `on` (the fog component's
    abilities read it through `linked`)."""
    cards = _cards(cards)
    if not cards:
        return
    st = ctx.state
    take(st, cards)
    owner = owner_of(cards[0])
    st.players[owner].fog.extend(cards)
    mark = Unit(list(cards), owner, True, True, st.turn, None, link=on if isinstance(on, Unit) else None)
    st.players[owner].marks.append(mark)
    st.rematch()
    if mark.component is None and as_ is not None:
        mark.component = as_[1]


@verb
def return_to_hand(ctx: Ctx, what: Any) -> None:
    move(ctx, what, ("zone", "hand"))


@verb
def set_state(ctx: Ctx, what: Any, state: Any) -> None:
    for u in _units(what):
        u.charged = state[1] == "charged"


@verb
def add_size(ctx: Ctx, what: Any, amount: int, until: Any = None) -> None:
    for u in _units(what):
        if ctx.ability:
            u.ability_size += amount
        else:
            u.size_bonus += amount


# ---------------------------------------------------------------- cards and players
@verb
def draw(ctx: Ctx, player: int, count: int = 1) -> None:
    life = ctx.state.players[player].life
    put(ctx.state, life[len(life) - min(count, len(life)):][::-1], "hand")


@verb
def discard(ctx: Ctx, player: int, count: int = 1, cards: Any = None) -> None:
    hand = ctx.state.players[player].hand
    chosen = _cards(cards) if cards is not None else ctx.chooser.choose(player, list(hand), min(count, len(hand)), "discard")
    if chosen:
        put(ctx.state, chosen, "grave")
        ctx.state.events.append(("discarded", player))


@verb
def discard_down_to(ctx: Ctx, player: int, count: int) -> None:
    """The player discards cards of their choice until the hand holds `count` (エンド 1.)."""
    extra = len(ctx.state.players[player].hand) - count
    if extra > 0:
        discard(ctx, player, extra)


@verb
def damage(ctx: Ctx, player: int, amount: int) -> None:
    """3.8: as many cards as possible from the top of the life to the grave (5.4.2)."""
    ctx.state.damage(player, amount)


@verb
def reveal(ctx: Ctx, cards: Any, to: int) -> None:
    ctx.state.log.append(f"reveal {' '.join(map(str, _cards(cards)))} to P{to}")


@verb
def shuffle(ctx: Ctx, zone: Any, player: int) -> None:
    ctx.state.rng.shuffle(getattr(ctx.state.players[player], zone[1]))


def rank_matches(card: Card, condition: str) -> bool:
    """A card against a list of ranks such as "Joker,A,J,Q,K" (suits and ranges allowed:
    "♢2〜10")."""
    for part in condition.replace("、", ",").split(","):
        part = part.strip()
        if part.lower() == "joker":
            if card.is_joker:
                return True
            continue
        if card.is_joker:
            continue
        if part and part[0] in "♠♡♢♣":
            if card.suit is None or card.suit.value != part[0]:
                continue
            part = part[1:]
        lo, _, hi = part.partition("〜")
        nums = {"A": 1, "J": 11, "Q": 12, "K": 13}
        a = nums.get(lo, None) or (int(lo) if lo.isdigit() else None)
        b = (nums.get(hi, None) or (int(hi) if hi.isdigit() else None)) if hi else a
        if a is not None and b is not None and a <= card.number <= b:
            return True
    return False


@verb
def dig_until(ctx: Ctx, player: int, condition: str) -> None:
    """Move cards from the top of the life to the grave until one matching the condition
    appears; that one goes to the hand."""
    p = ctx.state.players[player]
    while p.life:
        card = p.life[-1]
        if rank_matches(card, condition):
            put(ctx.state, [card], "hand")
            return
        put(ctx.state, [card], "grave")


# ---------------------------------------------------------------- queries
@verb
def cards_in(ctx: Ctx, zone: Any, player: int) -> list[Card]:
    return list(getattr(ctx.state.players[player], zone[1]))


@verb
def top_cards(ctx: Ctx, player: int, count: int) -> list[Card]:
    life = ctx.state.players[player].life
    return life[len(life) - min(count, len(life)):][::-1]


def _field(ctx: Ctx, player: Any, kinds: tuple[str, ...]) -> list[Unit]:
    st = ctx.state
    players = st.players if player is None else [st.players[player]]
    scripts = st.ruleset.scripts
    return [u for p in players for u in p.field
            if u.component is not None and scripts[u.component].type.id in kinds]


@verb
def soldiers(ctx: Ctx, player: Any = None) -> list[Unit]:
    return _field(ctx, player, ("soldier",))


@verb
def bulwarks(ctx: Ctx, player: Any = None) -> list[Unit]:
    return _field(ctx, player, ("bulwark",))


@verb
def characters(ctx: Ctx, player: Any = None) -> list[Unit]:
    st = ctx.state
    players = st.players if player is None else [st.players[player]]
    scripts = st.ruleset.scripts
    return [u for p in players for u in p.field if u.component is not None and scripts[u.component].kind == "character"]


@verb
def attackers(ctx: Ctx) -> list[Unit]:
    return list(ctx.state.attackers)


@verb
def size(ctx: Ctx, unit: Any) -> int:
    return ctx.size(unit) if isinstance(unit, Unit) else 0


@verb
def count(ctx: Ctx, items: Any) -> int:
    return len(items) if isinstance(items, (list, tuple)) else int(items is not None)


def _sum(ctx: Ctx, numbers: Any) -> int:
    return builtins.sum(numbers)


VERBS["sum"] = _sum


@verb
def total_size(ctx: Ctx, units: Any) -> int:
    return builtins.sum(ctx.size(u) for u in _units(units))


@verb
def key_of(ctx: Ctx, suit: Suit) -> Card | None:
    return next((c for c in ctx.request.keys if c.suit is suit), None)


@verb
def has_number(ctx: Ctx, what: Any, number: int) -> bool:
    return any(c.number == number for c in _cards(what))


@verb
def has_suit(ctx: Ctx, what: Any, suit: Any) -> bool:
    suits = {suit} if isinstance(suit, Suit) else set(suit or ())
    return any(c.suit in suits for c in _cards(what))


@verb
def matches(ctx: Ctx, what: Any, condition: str) -> bool:
    cards = _cards(what)
    return bool(cards) and all(rank_matches(c, condition) for c in cards)


@verb
def matching(ctx: Ctx, cards: Any, condition: str) -> list[Card]:
    return [c for c in _cards(cards) if rank_matches(c, condition)]


@verb
def choose_cards(ctx: Ctx, player: int, cards: list[Card], count: int | None = None) -> list[Card]:
    return ctx.chooser.choose(player, list(cards), count, "choose cards") if cards else []


@verb
def choose_units(ctx: Ctx, player: int, units: list[Unit], count: int | None = None) -> list[Unit]:
    return ctx.chooser.choose(player, list(units), count, "choose units") if units else []


@verb
def choose_option(ctx: Ctx, player: int, options: list[Any]) -> Any:
    return ctx.chooser.choose(player, list(options), 1, "choose one")[0]


@verb
def choose_yes(ctx: Ctx, player: int, question: str) -> bool:
    return ctx.chooser.yes(player, question)


@verb
def once_per_turn(ctx: Ctx) -> bool:
    return (ctx.request.controller, ctx.request.action) not in ctx.state.requested


@verb
def is_turn_player(ctx: Ctx, player: int) -> bool:
    return ctx.state.turn_player == player


@verb
def life(ctx: Ctx, player: int) -> int:
    return len(ctx.state.players[player].life)


@verb
def hand_count(ctx: Ctx, player: int) -> int:
    return len(ctx.state.players[player].hand)


@verb
def linked(ctx: Ctx, unit: Unit) -> Any:
    return unit.link if isinstance(unit, Unit) else None


@verb
def is_soldier(ctx: Ctx, unit: Any) -> bool:
    return isinstance(unit, Unit) and unit.component is not None and \
        ctx.state.ruleset.scripts[unit.component].type.id == "soldier"


@verb
def is_bulwark(ctx: Ctx, unit: Any) -> bool:
    return isinstance(unit, Unit) and unit.component is not None and \
        ctx.state.ruleset.scripts[unit.component].type.id == "bulwark"


@verb
def in_zone(ctx: Ctx, what: Any, zone: Any) -> bool:
    if isinstance(what, Unit):
        return zone[1] == "field" and _on_field(ctx.state, what)
    cards = _cards(what)
    return bool(cards) and all(c in getattr(ctx.state.players[owner_of(c)], zone[1], ()) for c in cards)


@verb
def with_suit(ctx: Ctx, units: Any, suit: Suit) -> list[Unit]:
    return [u for u in _units(units) if any(c.suit is suit for c in u.cards)]


@verb
def in_state(ctx: Ctx, units: Any, state: Any) -> list[Unit]:
    return [u for u in _units(units) if u.charged == (state[1] == "charged")]


# ---------------------------------------------------------------- turn structure
@verb
def end_turn(ctx: Ctx) -> None:
    """The turn passes to the opponent; sizes changed until the end of the turn reset."""
    st = ctx.state
    for p in st.players:
        for u in p.field:
            u.size_bonus = 0
    st.turn_player = 1 - st.turn_player
    st.turn += 1
    st.requested.clear()
    st.attackers, st.blocks = [], []
    st.version += 1


# ---------------------------------------------------------------- requests
@verb
def nullify(ctx: Ctx, request: Any, keys_to_grave: bool = True) -> None:
    """Take a request off the stage without resolving it (無効); its key cards go to its
    owner's grave unless `keys_to_grave` is false (then back to the hand — 停戦 does not
    say where; a decision to confirm)."""
    st = ctx.state
    if isinstance(request, Request) and request in st.stage:
        st.stage.remove(request)
        if request.keys:
            put(st, list(request.keys), "grave" if keys_to_grave else "hand")


# ---------------------------------------------------------------- combat (アタック, ブロック, ダメージ判定)
def can_attack(ctx: Ctx, unit: Unit) -> bool:
    st = ctx.state
    return (unit.charged and ctx.has_role(unit, "attack")
            and (unit.entered_turn < st.turn or ctx.has_role(unit, "haste")))


@verb
def declare_attackers(ctx: Ctx, player: int) -> None:
    """The player names attackers among their charged units with <アタッカー>; a unit that
    came this turn only with <速攻>. Attackers are driven."""
    st = ctx.state
    eligible = [u for u in st.players[player].field if can_attack(ctx, u)]
    chosen = ctx.chooser.choose(player, eligible, None, "choose the attackers") if eligible else []
    for u in chosen:
        u.charged = False
    st.attackers = list(chosen)
    st.blocks = [(a, []) for a in chosen]


@verb
def declare_blockers(ctx: Ctx, player: int) -> None:
    """For each attacker the player names blockers among their charged units with
    <ブロッカー>: several soldiers, or one bulwark; a unit blocks one attacker."""
    st = ctx.state
    used: set[int] = set()
    for attacker, blockers in st.blocks:
        eligible = [u for u in st.players[player].field
                    if u.charged and id(u) not in used and ctx.has_role(u, "block")]
        if not eligible:
            continue
        chosen = ctx.chooser.choose(player, eligible, None, f"choose the blockers of {attacker}")
        if any(is_bulwark(ctx, u) for u in chosen):  # a bulwark blocks alone
            chosen = [next(u for u in chosen if is_bulwark(ctx, u))]
        blockers.extend(chosen)
        used.update(id(u) for u in chosen)


@verb
def judge_damage(ctx: Ctx) -> None:
    """ダメージ判定: compare each attacker with its blockers, as the effect's steps 1–3 say."""
    st = ctx.state
    for attacker, blockers in st.blocks:
        if not _on_field(st, attacker):
            continue
        on_field = [b for b in blockers if _on_field(st, b)]
        if not on_field:  # 3. no blocker (left) on the field: damage by the attacker's number
            st.events.append(("unblocked", attacker.owner))
            st.damage(1 - attacker.owner, ctx.size(attacker))
            continue
        bulwarks_ = [b for b in on_field if is_bulwark(ctx, b)]
        if bulwarks_:  # 2. a bulwark: turn it face up; Joker or a shared number kills the attacker
            bulwark = bulwarks_[0]
            bulwark.face_up = True
            card = bulwark.cards[0]
            if card.is_joker or any(c.number == card.number for c in attacker.cards):
                unit_to_grave(st, attacker)
            unit_to_grave(st, bulwark)
            continue
        total = builtins.sum(ctx.size(b) for b in on_field)  # 1. soldiers: the smaller goes
        mine = ctx.size(attacker)
        if mine <= total:
            unit_to_grave(st, attacker)
        if total <= mine:
            for b in on_field:
                unit_to_grave(st, b)
    st.attackers, st.blocks = [], []
    st.rematch()


IMPLEMENTED: frozenset[str] = frozenset(VERBS) | EVENTS
