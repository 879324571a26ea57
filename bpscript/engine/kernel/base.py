"""What generated modules bind, and errors that point at `.bps` lines.

A generated module keeps `__bps_lines__`, a map from its own line numbers to the
`file:line:column` of the script statement they came from (as Jinja2 keeps a map from
compiled template lines to template lines). `locate()` walks a traceback and
returns the `.bps` place of the innermost generated frame.
"""

from __future__ import annotations

import sys
from types import TracebackType
from typing import Any, Callable, ClassVar

from ...model.conditions import CardCondition, UnitCondition, from_json
from ...model.values import CONSTANTS  # noqa: F401  (generated code binds `_K` from here)
from .context import EffectContext  # noqa: F401  (registers the verbs and queries generated code binds)
from .readers import reader
from .registry import VERBS, NotExecutable  # noqa: F401  (NotExecutable is public here)
from .scripts import ActionEffect as ActionEffect  # generated classes derive from these
from .scripts import ComponentEffect as ComponentEffect
from .scripts import Script as Script



def verb(name: str) -> Callable[..., Any]:  # Any: a verb's own signature (the library declares it)
    """The engine's function for a verb or query, bound once per generated module; one the
    engine lacks raises when called (coverage never lets the engine call it)."""
    found = VERBS.get(name)
    if found is not None:
        return found

    def missing(*args: Any, **kwargs: Any) -> Any:  # Any: as the verb it stands for
        raise NotImplementedError(f"the engine does not implement '{name}'")
    return missing


def attribute(of: str, name: str) -> Callable[..., Any]:  # Any: a reader's value, of the type the checker recorded
    """The reader of attribute `name` of a value of type `of`, as the checker typed it
    (`x.total` of cards → `_a_cards_total(x)`, a unit's state → `_a_unit_state(ctx, u)`),
    bound once per generated module (`bpscript.engine.kernel.readers.reader`)."""
    return reader(of, name)


def condition(data: dict[str, Any]) -> CardCondition | UnitCondition:  # Any: JSON values
    """A card condition, built from the JSON data generated code holds (never from text)."""
    return from_json(data)


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
