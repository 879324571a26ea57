"""The in-effect choices of the ismcts agent: costs, attackers, blockers, an effect's
option, yes/no questions — decided by what the position shows, not by chance.

A request's search (`ismcts`) is spoiled if what follows it is played at random: an
attack with the wrong attackers, a block that trades a hero for nothing, the best card
discarded. `Tactics` answers those decisions from what the player may see (its own
cards, the public board; it never reads a hidden card): cheap, deterministic rules a
player would follow. A decision it has no rule for goes to a seeded random agent, so any
ruleset still plays. The rules read the 8.2 / 9.0 basic actions' shapes (attack: own
ready units, at least one; block: the opponent's attacker, optional blockers).
"""

from __future__ import annotations

from typing import Any, Sequence

from ...model.cards import Card
from ...model.values import State
from .agents import Agent, PlayerView, RandomAgent, T
from ..kernel.game import Game
from ..kernel.legal import Option
from ..kernel.request import COST, EFFECT, kind_of
from ..kernel.state import GameState, Player, Unit

#: a card's worth in hand when one must go (a Joker searches, the face cards summon heroes)
JOKER_VALUE, ACE_VALUE = 14, 7
#: the attacker size from which a face-down bulwark is worth spending on a block
BULWARK_BLOCK = 3
#: the life at or above which the optional extra draw is taken
DRAW_MORE_LIFE = 8


class Tactics(Agent):
    """The choices inside requests (the `choose` and `yes` of the agent protocol)."""

    def __init__(self, seed: int = 0, fallback: Agent | None = None):
        self.fallback = fallback if fallback is not None else RandomAgent(seed)
        self._blocking: tuple[object, ...] = ()  # ids and the turn (a key)
        self._blocked = 0

    def _block_index(self, st: GameState) -> int:
        """Which attacker this block choice is for: the block effect asks once per attacker,
        in field order, while blockers are left (8.2 / 9.0 ブロック)."""
        key = (id(st), st.turn, tuple(id(u) for u in st.players[st.turn_player].field if "attacking" in u.statuses))
        if key != self._blocking:
            self._blocking, self._blocked = key, 0
        self._blocked += 1
        return self._blocked - 1

    def request(self, view: PlayerView, player: int, options: Sequence[Option]) -> Option | None:
        """Not a request policy (the search decides those): the fallback's."""
        return self.fallback.request(view, player, options)

    def choose(self, view: PlayerView, player: int, options: Sequence[T], count: int | None, prompt: str,
               at_least: int = 1) -> list[T]:
        game = getattr(view, "game", None)
        opts = list(options)
        if game is not None and opts:
            picked = self._decide(game, player, opts, count, prompt, at_least)
            if picked is not None:
                return picked
        return self.fallback.choose(view, player, options, count, prompt, at_least)

    def yes(self, view: PlayerView, player: int, question: str) -> bool:
        game = getattr(view, "game", None)
        if game is not None and _resolving(game) == "draw":  # one more card from the life (8.2 ドロー)
            me: Player = game.state.players[player]
            return len(me.life) >= DRAW_MORE_LIFE and len(me.hand) < 6
        return self.fallback.yes(view, player, question)

    # ------------------------------------------------------------ the rules
    def _decide(self, game: Game, p: int, opts: list[Any], count: int | None,  # Any: the options
                prompt: str, at_least: int) -> list[Any] | None:  # Any: as `Agent.choose`
        kind = kind_of(prompt)
        n = len(opts) if count is None else min(count, len(opts))
        if kind == COST:
            if all(isinstance(o, Card) for o in opts):
                return sorted(opts, key=card_value)[:n]  # discard the least useful cards
            if all(isinstance(o, Unit) for o in opts):
                return sorted(opts, key=game.size)[:n]  # drive or sacrifice the smallest
            return None
        if kind != EFFECT:
            return None
        if all(isinstance(o, State) for o in opts) and count == 1:
            return [_state_for(game, p, opts)]
        if prompt == "choose units" and count is None and all(isinstance(o, Unit) for o in opts):
            st = game.state
            if at_least >= 1 and st.turn_player == p and all(_holds(game, p, u) for u in opts):
                return attackers(game, p, opts)
            if at_least == 0 and st.turn_player != p:
                return blockers(game, p, opts, self._block_index(st))
        return None


def card_value(card: Card) -> int:
    """What a card in hand is worth keeping (the lowest goes first to a discard)."""
    if card.suit is None:
        return JOKER_VALUE
    return ACE_VALUE if card.number == 1 else card.number


def _resolving(game: Game, what: str = "action") -> Any:  # Any: what the resolving request holds
    """The resolving request's action id (or its `what`): which effect asks."""
    return getattr(game.resolving, what, None)


def _state_for(game: Game, p: int, opts: Sequence[State]) -> State:
    """Charge one's own unit, drive the opponent's (ツイスト's choice)."""
    target = _resolving(game, "target")
    mine = isinstance(target, Unit) and _holds(game, p, target)
    want = State.CHARGED if mine else State.DRIVEN
    return want if want in opts else opts[0]


def _holds(game: Game, p: int, unit: Unit) -> bool:
    return any(u is unit for u in game.state.players[p].field)


def _soldiers(game: Game, p: int) -> list[Unit]:
    """`p`'s charged face-up characters (the ones that can block an attack by size)."""
    return [u for u in game.state.players[p].field if u.charged and u.face_up]


def _bulwarks(game: Game, p: int) -> list[Unit]:
    return [u for u in game.state.players[p].field if u.charged and not u.face_up]


def attackers(game: Game, p: int, ready: list[Unit]) -> list[Unit]:
    """Each ready unit the opponent's charged soldiers cannot stop (bigger than the biggest),
    all of them when they deal the opponent's life, at least the biggest (the attack is made)."""
    opp = 1 - p
    ready = sorted(ready, key=lambda u: -game.size(u))
    walls = _soldiers(game, opp)
    biggest = max((game.size(u) for u in walls), default=0)
    life = len(game.state.players[opp].life)
    blockers_left = len(walls) + len(_bulwarks(game, opp))
    if sum(game.size(u) for u in ready[blockers_left:]) >= life:
        return ready  # more attackers than blockers, and the unblocked ones finish the game
    chosen = [u for u in ready if game.size(u) > biggest]
    return chosen or ready[:1]


def blockers(game: Game, p: int, ready: list[Unit], index: int) -> list[Unit]:
    """The blocker for the attacker being blocked now: a soldier that survives and kills it,
    else a face-down bulwark against a big attacker or a lethal attack, else a chump block
    when the attack would end the game; none when the damage can be taken."""
    st = game.state
    attacking = [u for u in st.players[1 - p].field if "attacking" in u.statuses]
    if index >= len(attacking):
        return []
    current = attacking[index]
    size = game.size(current)
    held = {id(b.statuses["blocking"]) for b in st.players[p].field if b.statuses.get("blocking") is not None}
    unblocked = sum(game.size(a) for a in attacking[:index] if id(a) not in held) \
        + sum(game.size(a) for a in attacking[index:])
    lethal = unblocked >= len(st.players[p].life)
    soldiers = sorted((u for u in ready if u.face_up), key=game.size)
    walls = [u for u in ready if not u.face_up]
    killers = [u for u in soldiers if game.size(u) > size]
    if killers:
        return [killers[0]]
    if walls and (size >= BULWARK_BLOCK or lethal):
        return [walls[0]]
    even = [u for u in soldiers if game.size(u) == size]
    if even and (lethal or size >= 5):
        return [even[0]]
    if lethal and soldiers:
        return [soldiers[0]]
    return []
