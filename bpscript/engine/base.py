"""Base classes of the generated effect classes, and errors that point at `.bps` lines.

A generated module keeps `__bps_lines__`, a map from its own line numbers to the
`file:line:column` of the script statement they came from (as Jinja2 keeps a map from
compiled template lines to template lines). `locate()` walks a traceback and
returns the `.bps` place of the innermost generated frame.
"""

from __future__ import annotations

import sys
from types import TracebackType
from typing import Any, Callable, ClassVar

from ..conditions import from_json
from ..values import CONSTANTS  # noqa: F401  (generated code binds `_K` from here)
from .context import EffectContext  # noqa: F401  (registers the verbs and queries generated code binds)
from .readers import reader
from .registry import VERBS, NotExecutable  # noqa: F401  (NotExecutable is public here)



def verb(name: str) -> Callable[..., Any]:
    """The engine's function for a verb or query, bound once per generated module; one the
    engine lacks raises when called (coverage never lets the engine call it)."""
    found = VERBS.get(name)
    if found is not None:
        return found

    def missing(*args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(f"the engine does not implement '{name}'")
    return missing


def attribute(of: str, name: str) -> Callable[..., Any]:
    """The reader of attribute `name` of a value of type `of`, as the checker typed it
    (`x.total` of cards → `_a_cards_total(x)`, a unit's state → `_a_unit_state(ctx, u)`),
    bound once per generated module (`bpscript.engine.readers.reader`)."""
    return reader(of, name)


def condition(data: dict) -> Any:
    """A card condition, built from the JSON data generated code holds (never from text)."""
    return from_json(data)


class Script:
    """Metadata every generated class carries as class attributes."""

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    kind: ClassVar[str] = ""
    type: ClassVar[str] = ""
    category: ClassVar[str] = ""
    formats: ClassVar[tuple[str, ...]] = ()
    frames: ClassVar[tuple[str, ...]] = ()
    source: ClassVar[str] = ""


class ActionEffect(Script):
    """An action script: header, cost, key condition, and compiled checks and effect."""

    origin: ClassVar[str] = ""  # vocabulary.Origin value of the trigger
    resolution: ClassVar[str] = ""  # vocabulary.Resolution value of the speed
    window: ClassVar[str] = ""  # vocabulary.Window value of the timing
    cost: ClassVar[tuple[str, ...]] = ()
    key: ClassVar[str | None] = None
    key_is_unit: ClassVar[bool] = False
    target_kinds: ClassVar[tuple[tuple[str, int | None, str | None], ...]] = ()
    event: ClassVar[tuple[str, bool] | None] = None  # (event name, once per card)
    event_static: ClassVar[bool] = False  # event arguments depend only on the controller

    def can_activate(self, ctx: Any) -> bool:
        return True

    def trigger_guard(self, ctx: Any) -> bool:
        return True

    def event_args(self, ctx: Any) -> tuple[tuple[Any, ...], dict[str, Any]]:
        return (), {}

    def target_ok(self, ctx: Any, index: int, it: Any) -> bool:
        return True

    def effect(self, ctx: Any) -> None:
        """The compiled statements of the effect (generated for structured scripts), done
        when the request resolves (5.4.2). The engine resolves only scripts its coverage
        (`bpscript.engine.coverage`) finds executable; any other raises NotExecutable."""
        raise NotExecutable(self.id, "the effect is not structured")


class ComponentEffect(Script):
    """A character, fog or trump: unit condition, size, labels and abilities."""

    zone: ClassVar[str] = ""
    unit_condition: ClassVar[str] = ""
    labels: ClassVar[tuple[str, ...]] = ()
    scopes: ClassVar[tuple[str, ...]] = ()

    def size(self, ctx: Any, unit: Any) -> int | None:
        return None

    def has_label(self, ctx: Any, unit: Any, label: str) -> bool:
        return label in self.labels

    def apply_abilities(self, ctx: Any, unit: Any, scope: str) -> None:
        """Apply this component's abilities of one scope (all → your → this, 9.4.2)."""
        if scope in self.scopes:
            raise NotExecutable(self.id, "its abilities are not structured")


def locate(tb: TracebackType | None = None) -> str | None:
    """The `.bps` place (file:line:column) of the innermost generated frame of `tb`."""
    if tb is None:
        tb = sys.exc_info()[2]
    place = None
    while tb is not None:
        lines = tb.tb_frame.f_globals.get("__bps_lines__")
        if lines:
            place = lines.get(tb.tb_lineno, place)
        tb = tb.tb_next
    return place
