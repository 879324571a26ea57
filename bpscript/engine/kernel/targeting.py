"""Targets (5.3.1): the candidates for an action's target — requests on the stage,
players, units on the field, trumps of the trump zone (表切札) — without the ones an
ability shields (アクションの対象にできない, 9.3), and the verbs that work on a request's
target or request another action: 対象変更, 修繕 (can_target), 追撃 (request_action).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Protocol

from ...model.values import ScriptRef
from ...model.vocabulary import ComponentDef, Resolution, Subject, TypeDef, Vocabulary
from .events import script_event
from .registry import cards_of, verb
from .request import Ctx, Request
from .state import ZONE_OF_KIND, GameState, RulesError, Unit
from .verbs import take

__all__ = ["untargetable", "where_of", "candidates", "has_candidate", "zone_index", "targets", "TARGET_ZONES"]

#: the zones whose units an action may target (5.3.1): characters on the field, trumps
TARGET_ZONES = ("field", "trump")


#: a target kind of an action (`ActionEffect.target_kinds`): kind, count, owner ("self" or None)
TargetSpec = tuple[str, int | None, str | None]


class _Action(Protocol):
    """What the verbs here read of an action's generated instance (`ActionEffect`; this module
    cannot import it: the generated classes' base imports the verbs)."""

    def can_activate(self, ctx: Any) -> bool: ...  # Any: the generated code's `ctx`

    def target_ok(self, ctx: Any, index: int, it: object) -> bool: ...  # Any: as above


class ActionClass(Protocol):
    """What the verbs here read of an action's generated class (`type[ActionEffect]`)."""

    @property
    def id(self) -> str: ...
    @property
    def cost(self) -> tuple[str, ...]: ...
    @property
    def resolution(self) -> str: ...
    @property
    def window(self) -> str: ...
    @property
    def target_kinds(self) -> tuple[TargetSpec, ...]: ...

    def __call__(self) -> _Action: ...


def untargetable(unit: object, action: str) -> bool:
    """Whether an ability keeps `action` from taking the unit as its target."""
    return isinstance(unit, Unit) and (None in unit.untargetable_by or action in unit.untargetable_by)


def _note_shields(st: GameState, req: Request, by: str) -> bool:
    """A rule note (※) may shield a request from some actions (剣の雨 from カウンター)."""
    note = getattr(st.ruleset.scripts.get(req.action), "note_def", None)
    return note is not None and by in note.untargetable_by


#: what a target kind ranges over (`where_of`): requests on the stage, both players, the
#: opponent, units of a zone (with the zone), or nothing the engine knows
REQUESTS, PLAYERS, OPPONENT, UNITS, NOTHING = "requests", "players", "opponent", "units", "nothing"


@dataclass(frozen=True, slots=True)
class Reach:
    """What a target kind ranges over (`where_of`): one of the names above, and the zone
    of its units (UNITS only, else "")."""

    what: str
    zone: str = ""


def where_of(voc: Vocabulary, kind: str) -> Reach:
    """What targets of the kind `kind` are, as the vocabulary declares it: (REQUESTS |
    PLAYERS | OPPONENT | NOTHING, None) or (UNITS, the zone they live in). It depends on
    the vocabulary only: legal requests work it out once per action."""
    subject = voc.target_kinds.get(kind)
    if subject is not None:
        if subject.subject is Subject.REQUEST:
            return Reach(REQUESTS)
        return Reach(PLAYERS if subject.subject is Subject.PLAYER else OPPONENT)
    of = voc.unit_kind(kind)
    if of is None:
        return Reach(NOTHING)
    zone = ZONE_OF_KIND.get(of.kind if isinstance(of, TypeDef) else of.id if isinstance(of, ComponentDef) else "")
    return Reach(UNITS, zone) if zone is not None and zone in TARGET_ZONES else Reach(NOTHING)


def candidates(st: GameState, action: str, spec: TargetSpec, p: int,
               where: Reach | None = None) -> list[Request | int | Unit]:
    """What an action of player `p` could take as a target of the kind `spec` (kind, count,
    owner), before its own where-condition: requests (not one a note shields), players,
    or units of the kind where the kind lives, less those an ability shields. `where` is
    `where_of` the kind, when already known (legal requests work it out once per action)."""
    kind, _count, owner = spec
    reach = where or where_of(st.ruleset.vocabulary, kind)
    what, zone = reach.what, reach.zone
    if what == UNITS:
        found: list[Request | int | Unit] = []
        for q in _players(owner, p):
            for u in st.units_of(q, kind, zone):
                # most units have no shield: `untargetable` is asked of those that have one
                if not (u.untargetable_by and untargetable(u, action)):
                    found.append(u)
        return found
    if what == REQUESTS:
        return _unshielded(st, action)
    if what == PLAYERS:
        return [0, 1]
    return [1 - p] if what == OPPONENT else []


#: owner → per player `p`, the players whose units a target kind of that owner ranges over:
#: both (no owner), `p` ("self"), else `p`'s opponent (`_players`)
_OWNERS: dict[str | None, tuple[tuple[int, ...], tuple[int, ...]]] = {None: ((0, 1), (0, 1)), "self": ((0,), (1,))}
_OPPONENT = ((1,), (0,))


def _players(owner: str | None, p: int) -> tuple[int, ...]:
    """The players whose units a target kind of this owner ranges over, for player `p`."""
    return _OWNERS.get(owner, _OPPONENT)[p]


def zone_index(st: GameState, player: int, zone: str) -> tuple[set[str | None], list[Unit]]:
    """The units of a player's zone (the field, the trump zone) as `has_candidate` asks
    them: the components of those no ability shields, and the shielded units themselves."""
    units = st.players[player].units_in(zone)
    free: set[str | None] = set()
    shielded: list[Unit] = []
    for u in units:
        if u.untargetable_by:
            shielded.append(u)
        else:
            free.add(u.component)
    return free, shielded


def _unshielded(st: GameState, action: str) -> list[Request | int | Unit]:
    """The requests on the stage no note shields from `action`."""
    return [r for r in st.stage if not _note_shields(st, r, action)]


def has_candidate(st: GameState, action: str, spec: TargetSpec, p: int, where: Reach,
                  zone_index_of: Callable[[int, str], tuple[set[str | None], list[Unit]]]) -> bool:
    """Whether `candidates` has one, with no list made: a legal request's first look at an
    action whose targets do not depend on its key cards. `zone_index_of(player, zone)`
    stands for `zone_index` (looked up once a decision)."""
    kind, _count, owner = spec
    what, zone = where.what, where.zone
    if what == UNITS:
        ids = st.matcher.of_kind(kind)  # what `GameState.units_of` selects by (a dict's lookup)
        for q in _OWNERS.get(owner, _OPPONENT)[p]:  # `_players`, read in place (asked at most looks)
            free, shielded = zone_index_of(q, zone)
            if not ids.isdisjoint(free):
                return True
            for u in shielded:
                if u.component in ids and not untargetable(u, action):
                    return True
        return False
    if what == REQUESTS:
        return bool(_unshielded(st, action))
    return what == PLAYERS or what == OPPONENT


def targets(st: GameState, ctx: Ctx, cls: ActionClass, inst: _Action, p: int) -> list[Request | int | Unit]:
    """The candidates that meet the action's where-condition (`ctx` is the request's)."""
    return [c for c in candidates(st, cls.id, cls.target_kinds[0], p) if inst.target_ok(ctx, 0, c)]


def _action_class(ctx: Ctx, action: str) -> ActionClass:
    """The generated class of an action, from the context a verb runs in (a game's: it has one)."""
    load = ctx.load_class
    assert load is not None, "a verb that requests or targets runs in a game's context"
    cls: ActionClass = load(action)
    return cls


# ---------------------------------------------------------------- verbs and queries
@verb
def change_target(ctx: Ctx, request: object, chooser: int) -> None:
    """The chooser changes the request's target to another one its action may take
    (対象変更): never the request itself; another request, the 対象変更 one included."""
    st = ctx.state
    if not isinstance(request, Request) or request not in st.stage or request.target is None:
        return
    cls = _action_class(ctx, request.action)
    rctx = type(ctx)(st, request, ctx.chooser, ctx.load_class)
    now = request.target
    options = [c for c in targets(st, rctx, cls, cls(), request.controller)
               if c is not request and not (c is now or (isinstance(c, int) and c == now))]
    if not options:
        return
    new = ctx.chooser.choose(chooser, options, 1, "choose the new target")[0]
    request.target = new
    request.target_cards = tuple(new.cards) if isinstance(new, Unit) else ()


@verb
def can_target(ctx: Ctx, action: ScriptRef, what: object) -> bool:
    """Whether the action could take `what` as its target: a candidate of its target kind
    for this player that no ability shields. Its where-condition is not asked: it may
    depend on key cards not chosen yet (修繕 asks before choosing the 装備 key)."""
    cls = _action_class(ctx, action.id)
    return bool(cls.target_kinds) and any(
        c is what for c in candidates(ctx.state, cls.id, cls.target_kinds[0], ctx.me))


@verb
def request_action(ctx: Ctx, action: ScriptRef, player: int, free: bool = False,
                   target: Unit | Request | int | None = None,
                   keys: object = None) -> None:
    """The player requests another action (追撃: アタック; 修繕: 装備 without its cost): its
    activation condition must hold; the key cards leave their zone; the request goes on
    the stage (5.3). An action with costs to pay, or one that resolves at once, is not
    requested this way by any official script and is refused."""
    st = ctx.state
    cls = _action_class(ctx, action.id)
    if cls.cost and not free:
        raise RulesError(f"request_action: '{cls.id}' has a cost; only a free request or a costless action")
    if cls.resolution != Resolution.STAGE:
        raise RulesError(f"request_action: '{cls.id}' resolves at once; only actions that go on the stage")
    cards = cards_of(keys) if keys is not None else []
    req = Request(cls.id, player, cards, None, target, cls.resolution, cls.window,
                  target_cards=tuple(target.cards) if isinstance(target, Unit) else ())
    probe = type(ctx)(st, req, ctx.chooser, ctx.load_class)
    if not cls().can_activate(probe):
        st.log.append(f"P{player} cannot request {cls.id}: its activation condition does not hold")
        return
    if cards:
        take(st, cards)
    st.requested.add((player, cls.id))
    scripts = st.watch.scripts  # the script events a triggered action waits for: no other is recorded
    if ("requested", cls.id) in scripts:
        st.events.append(script_event("requested", cls.id, player))
    st.stage.append(req)
    if ("added_to_stage", cls.id) in scripts:
        st.events.append(script_event("added_to_stage", cls.id, player))
    st.log.append(f"P{player} requests {req}")
