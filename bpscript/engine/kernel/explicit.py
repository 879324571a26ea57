"""A request named in full by its caller — a test or a rule author driving a game through
`Game.request(player, action, keys=…, target=…, costs=…)` — checked against the rules.

An agent picks among the legal requests the engine offers; a caller names one, so the
engine says why it is not legal, citing the rule: the chance (9.1.5), the timing (5.1),
the trigger (5.1: a triggered action is never requested), the activation condition
(5.1 起動条件), key cards from the hand (5.3 step 3), the key unit (5.3 step 4), the
target (5.3.1), the costs (5.2). What it answers for the costs is used for the cost
decisions of this request only, one answer per decision (more or fewer raise
`RequestError`); an answer that does not pay raises `CostError`, and nothing moves.
"""

from __future__ import annotations

from typing import Any, Sequence

from ...model import ruleset as m
from ...model.cards import Card, card_key
from ...model.vocabulary import Origin, Window
from .base import ActionEffect
from .registry import NotExecutable
from .legal import Option
from .request import COST, Chooser, Request, T, kind_of
from .state import RulesError, Unit


class RequestError(RulesError):
    """A request the rules do not allow; `section` is the rule that forbids it."""

    def __init__(self, section: str, message: str):
        super().__init__(f"{message} ({section})")
        self.section = section


class _CostAnswers(Chooser):
    """Answers the cost decisions of one request from the caller's list, every other
    decision from the seats as usual."""

    def __init__(self, seats: Chooser, answers: Sequence[object]):
        self.seats, self.answers = seats, list(answers)

    def choose(self, player: int, options: Sequence[T], count: int | None, prompt: str,
               at_least: int = 1) -> list[T]:
        if kind_of(prompt) != COST:
            return self.seats.choose(player, options, count, prompt, at_least)
        if not self.answers:
            raise RequestError("5.2", f"no answer given for {prompt}")
        want = self.answers.pop(0)
        wanted = list(want) if isinstance(want, (list, tuple)) else [want]
        names = {str(w) for w in wanted}
        return [o for o in options if any(o is w for w in wanted) or str(o) in names]

    def yes(self, player: int, question: str) -> bool:
        return self.seats.yes(player, question)


#: key cards as a caller names them: cards, their texts, or the texts in one string
Keys = str | Sequence[Card | str] | None


def _cards(player_hand: list[Card], keys: Keys, zone: str = "hand") -> list[Card]:
    """The key cards named by the caller (cards, or their text) as cards of the hand (or of
    the zone the key condition takes them from: a rare card)."""
    if isinstance(keys, str):
        keys = keys.split()
    out: list[Card] = []
    for k in keys or ():
        found = k if isinstance(k, Card) else next((c for c in player_hand if str(c) == str(k) and c not in out), None)
        if found is None or found not in player_hand:
            raise RequestError("5.3", f"key card {k} is not in the player's {zone}")
        out.append(found)
    return out


def find_option(game: Any, player: int, action: str, keys: Keys = (),  # Any: a Game (game.py imports this module)
                key_unit: Unit | None = None, target: object = None) -> Option:
    """The legal request matching what the caller names, or a `RequestError` citing the
    first rule it breaks."""
    st = game.state
    if st.winner is not None:
        raise RequestError("5.5", f"the game is over: P{st.winner} won")
    script = game.ruleset.scripts.get(action)
    if not isinstance(script, m.ActionScript) or script.header is None:
        raise RequestError("5.1", f"no action '{action}' in this ruleset")
    if game.rules.format not in script.formats and game.rules.frame not in script.frames:
        raise RequestError("8.3", f"'{action}' is not an action of {game.rules.format} / {game.rules.frame}")
    if action not in game.rules.executable:
        missing = dict(game.rules.not_executable).get(action, ())
        raise NotExecutable(action, ", ".join(missing) or "not structured")
    cls = game.rules.action(action)
    if cls.origin != Origin.REQUEST:
        raise RequestError("5.1", f"'{action}' is a triggered action: it is never requested")
    if game.chance != player:
        raise RequestError("9.1.5", f"P{player} does not have the chance (P{game.chance} has)")
    zone = getattr(script.key.condition, "zone", None) if script.key is not None else None
    cards = _cards(getattr(st.players[player], zone or "hand"), keys, zone or "hand")
    options = [o for o in game.legal_requests(player) if o.action == action]
    if not options:
        raise RequestError(*_why_not(game, player, cls))
    if key_unit is not None:
        options = [o for o in options if o.key_unit is key_unit]
        if not options:
            raise RequestError("5.3", f"{key_unit!r} is not a key unit '{action}' accepts")
    if cls.key is not None and not cls.key_is_unit:
        options = [o for o in options if sorted(o.keys, key=card_key) == sorted(cards, key=card_key)]
        if not options:
            shown = " ".join(map(str, cards)) or "none"
            raise RequestError("5.3", f"key cards {shown} do not meet '{action}''s key card condition {cls.key}")
    elif cards:
        raise RequestError("5.3", f"'{action}' has no key card condition: no key cards are given")
    if cls.target_kinds:
        if target is None:
            raise RequestError("5.3.1", f"'{action}' needs a target")
        options = [o for o in options if o.target is target or (isinstance(target, int) and o.target == target)]
        if not options:
            raise RequestError("5.3.1", f"{target!r} is not a target '{action}' may take")
    elif target is not None:
        raise RequestError("5.3.1", f"'{action}' takes no target")
    found: Option = options[0]
    return found


def _why_not(game: Any, player: int, cls: type[ActionEffect]) -> tuple[str, str]:  # Any: as `find_option`
    """Why an action has no legal way at all for `player` now."""
    st = game.state
    if cls.window == Window.MAIN and (player != st.turn_player or st.stage):
        return "5.1", f"'{cls.id}' has main timing: only the turn player, on an empty stage"
    inst = game.rules.instance(cls.id)
    probe = game.ctx(Request(cls.id, player))
    if not inst.can_activate(probe):
        return "5.1", f"the activation condition of '{cls.id}' does not hold"
    needs = game.costs.totals(cls, player)
    if needs and not game.costs.affordable(needs, game.costs.funds(player, needs), (), None):
        return "5.2", f"P{player} cannot pay the cost of '{cls.id}' ({''.join(cls.cost)})"
    if cls.target_kinds and not game.legal.targets(probe, cls, player):
        return "5.3.1", f"'{cls.id}' has no target it may take"
    if cls.key is not None:
        return "5.3", f"no key card (or key unit) of P{player} meets '{cls.id}''s condition {cls.key}"
    return "5.3", f"'{cls.id}' cannot be requested now"


def request(game: Any, player: int, action: str, keys: Keys = (),  # Any: as `find_option`
            key_unit: Unit | None = None, target: object = None, costs: Sequence[object] | None = None) -> Request:
    """Make the request through the core flow, as if `player`'s agent had chosen it; the
    request made. `costs`: what pays each cost, in printed order (else the agent is asked)."""
    option = find_option(game, player, action, keys, key_unit, target)
    made: Request
    if costs is None:
        made = game.take_request(player, option)
        return made
    asked = game.costs.decisions(game.rules.action(option.action), player)
    if len(costs) != asked:  # an answer left over would pay nothing: say so before anything moves
        raise RequestError("5.2", f"{len(costs)} cost answer(s) given; paying '{option.action}' asks "
                                  f"{asked} cost decision(s) of P{player}")
    seats = game.seats
    game.seats = _CostAnswers(seats, costs)
    try:
        made = game.take_request(player, option)
        return made
    finally:
        game.seats = seats
