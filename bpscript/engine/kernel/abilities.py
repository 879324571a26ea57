"""Static abilities (9.3) that change how the rules treat a unit or a player: labels and
suits it is given, actions that cannot target it (`bpscript.engine.kernel.targeting` reads
them), an attack it must join (巨人), cost letters waived (魔術士), damage prevented (要塞).

Each verb records its fact on the unit or the state while abilities are applied; the
facts are cleared and recomputed from scratch, scope by scope, whenever the state changes
(`bpscript.engine.kernel.context.apply_abilities`, 9.4.2). The flow reads them: legal requests
and costs (`waived_letters`, `forced_attack`), the resolution (`shielded`), choices of an
attack (`forced_choices`).
"""

from __future__ import annotations

from typing import Iterable

from ...model.cards import Suit
from ...model.values import ScriptRef
from .registry import cards_of, on_field, units_of, verb
from .request import Ctx, Request
from .state import GameState, Unit


# ---------------------------------------------------------------- verbs (inside abilities)
@verb
def grant_label(ctx: Ctx, units: object, label: str) -> None:
    """The units have the label while the ability holds (<スラッシュ> …)."""
    for u in units_of(units):
        u.ability_labels.add(label)


@verb
def treat_as_suits(ctx: Ctx, unit: object, suits: Suit | Iterable[Suit] | None) -> None:
    """The unit also counts as a soldier of each suit (♠兵士としても♡兵士としても扱う)."""
    ctx.state.suits_given += 1  # `apply_abilities` runs its second pass only when this grew
    given = [suits] if isinstance(suits, Suit) else list(suits or ())
    for u in units_of(unit):
        u.ability_suits.update(given)


@verb
def cannot_be_targeted(ctx: Ctx, unit: object, by: ScriptRef | None = None) -> None:
    """No action (only the action `by`, when given) may take the unit as its target."""
    for u in units_of(unit):
        u.untargetable_by.add(None if by is None else by.id)


@verb
def must_attack(ctx: Ctx, unit: object, action: ScriptRef) -> None:
    """On its controller's turn the attack action is requested whenever it may be, and the
    unit, when it may be named, is named among the attackers (巨人)."""
    for u in units_of(unit):
        u.must_attack = action.id


@verb
def waive_cost(ctx: Ctx, player: int, action_type: str, letter: str) -> None:
    """The player's actions of the type (its printed name or id, as the vocabulary declares
    it) do not pay the cost letter while the ability holds (魔術士)."""
    t = ctx.state.ruleset.vocabulary.types.get(action_type)
    if t is None:
        raise ValueError(f"waive_cost: no type '{action_type}' in the vocabulary")
    ctx.state.waived.add((player, t.id, letter))


@verb
def shield_from_suit(ctx: Ctx, player: int, suit: Suit) -> None:
    """The player takes no damage from the effect of an opponent's action whose key cards
    hold the suit, when the player has a character just before it takes effect (要塞)."""
    ctx.state.shields.add((player, suit))


# ---------------------------------------------------------------- what the flow reads
def waived_letters(st: GameState, player: int, action_type: str) -> set[str]:
    """The cost letters `player` does not pay for an action of the type."""
    return {letter for p, t, letter in st.waived if p == player and t == action_type}


def without_waived(st: GameState, player: int, action_type: str, letters: tuple[str, ...]) -> tuple[str, ...]:
    """The cost letters left to pay: each waived letter is not paid at all (コストDが無しになる)."""
    waived = waived_letters(st, player, action_type)
    return tuple(x for x in letters if x not in waived)


def shielded(st: GameState, req: Request) -> frozenset[int]:
    """The players the effect of `req` deals no damage to (要塞), decided just before it
    takes effect: an opponent of its controller with a shield from a suit its key cards
    hold, and a unit on the field."""
    if not st.shields or not req.keys:
        return frozenset()
    suits = {c.suit for c in cards_of(list(req.keys))}
    return frozenset(p for p, suit in st.shields
                     if p != req.controller and suit in suits and st.players[p].field)


def forced_attack(st: GameState, player: int) -> set[str]:
    """The attack actions `player` must request whenever they may (巨人 on its owner's turn)."""
    if st.turn_player != player:
        return set()
    return {u.must_attack for u in st.players[player].field if u.must_attack is not None}


def forced_choices(st: GameState, req: Request, offered: Iterable[object]) -> list[Unit]:
    """Units among `offered` (a choice inside `req`'s effect) that must be chosen: those
    bound to join the attack action `req` is, when their controller makes the choice."""
    return [u for u in units_of(offered)
            if u.must_attack == req.action and u.owner == req.controller and on_field(st, u)]
