"""A request (9.2.2) and the chooser every in-effect decision goes to.

These are the engine's smallest pieces: the verbs, the context and the core flow all
use them, and they use nothing of the engine but the state.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence, TypeVar

from ...model.cards import Card
from ...model.setup_steps import SetupStep
from ...model.vocabulary import Resolution, Window
from .state import GameState, Unit

T = TypeVar("T")


class Prompt(str):
    """The question of a decision, with its kind, so an agent can tell a cost (5.2) from
    an effect's choice, the order of triggered requests (9.4.1) or a decision of the
    setup (3.9, 8.3: the chosen hand, rare cards, trumps) without reading the text. A
    plain `str` prompt is an effect's choice."""

    kind: str
    #: for a setup decision, the frame's step that asks it (a `bpscript.model.setup_steps.SetupStep`)
    step: SetupStep | None

    def __new__(cls, text: str, kind: str = "effect", step: SetupStep | None = None) -> "Prompt":
        self = super().__new__(cls, text)
        self.kind = kind
        self.step = step
        return self


#: the kinds of `Prompt`: paying a cost, a choice an effect asks, the order of triggered
#: requests, a decision of the setup before the game starts
COST, EFFECT, ORDER, SETUP = "cost", "effect", "order", "setup"


def kind_of(prompt: str) -> str:
    """The kind of a decision's prompt (`EFFECT` for a plain string)."""
    return getattr(prompt, "kind", EFFECT)


class Chooser:
    """Every choice an effect asks of a player (the agent protocol, in-effect part)."""

    def choose(self, player: int, options: Sequence[T], count: int | None, prompt: str,
               at_least: int = 1) -> list[T]:
        """`count` items of `options`; with no count, from `at_least` (1, or 0: none is an
        answer too) to all of them."""
        raise NotImplementedError

    def yes(self, player: int, question: str) -> bool:
        raise NotImplementedError


class RandomChooser(Chooser):
    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, player: int, options: Sequence[T], count: int | None, prompt: str,
               at_least: int = 1) -> list[T]:
        options = list(options)
        n = self.rng.randint(min(at_least, len(options)), len(options)) if count is None \
            else min(count, len(options))
        return self.rng.sample(options, n)

    def yes(self, player: int, question: str) -> bool:
        return self.rng.random() < 0.5


class Note:
    """A note's text, written when it is read: the request or option it names keeps the
    text it had (an action, a controller, key cards), and most notes are never read."""

    __slots__ = ("template", "args")

    def __init__(self, template: str, *args: object):
        self.template, self.args = template, args

    def __str__(self) -> str:
        return self.template.format(*self.args)


_ids = iter(range(1, 1 << 62)).__next__


@dataclass(eq=False, slots=True)  # made for every request, trigger and probe: no instance dict
class Request:
    """A request (9.2.2): its action, controller, key cards, key unit and target."""

    action: str
    controller: int
    keys: list[Card] = field(default_factory=list)
    key_unit: Unit | None = None
    target: "Unit | Request | int | None" = None
    resolution: str = Resolution.STAGE
    window: str = Window.MAIN
    triggered: bool = False
    target_cards: tuple[Card, ...] = ()  # the target unit's cards when targeted (split check, 5.4.1)
    event: "EventFacts | None" = None  # what made a triggered request (its `event`)
    id: int = field(default_factory=_ids)

    def __str__(self) -> str:
        keys = " ".join(map(str, self.keys))
        return f"{self.action}[P{self.controller}{' ' + keys if keys else ''}]"


@dataclass(frozen=True)
class EventFacts:
    """What a triggered action's `event` holds: the event's kind, the player it concerns,
    the cards it moved and the request it was about (when any)."""

    kind: str
    player: int | None = None
    cards: tuple[Card, ...] = ()
    request: str | None = None  # the action id of the request it was about
    unit: Unit | None = None

    @property
    def count(self) -> int:
        return len(self.cards)


class Ctx(Protocol):
    """What a verb sees of the context it runs in (`bpscript.engine.kernel.context.EffectContext`)."""

    state: GameState
    request: Request
    chooser: Chooser
    ability: bool
    me: int

    @property
    def load_class(self) -> Callable[[str], Any] | None:  # Any: an action's or a component's class
        """Script id → its generated class (the caller names the Protocol it reads it by:
        `targeting.ActionClass`)."""

    def __init__(self, state: GameState, request: Request, chooser: Chooser,
                 load_class: Callable[[str], Any] | None = None,  # Any: as `load_class`
                 ability: bool = False) -> None:
        """A context of the same class for another request (a probe)."""

    def size(self, unit: Unit) -> int: ...

    def has_label(self, unit: Unit, label: str) -> bool: ...

    def has_role(self, unit: Unit, role: str) -> bool: ...
