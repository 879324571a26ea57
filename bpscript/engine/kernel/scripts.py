"""The base classes of the generated effect classes: the metadata each carries and the
methods generated code overrides. Apart from `base` (which binds what generated code calls
and imports the context), so the engine's kernel can name them without an import loop."""

from __future__ import annotations

from typing import Any, ClassVar

from .registry import NotExecutable


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

    def can_activate(self, ctx: Any) -> bool:  # Any: the EffectContext (context imports this module)
        return True

    def trigger_guard(self, ctx: Any) -> bool:  # Any: as can_activate
        return True

    def event_args(self, ctx: Any) -> tuple[tuple[Any, ...], dict[str, Any]]:  # Any: the context, and event arguments of any type
        return (), {}

    def target_ok(self, ctx: Any, index: int, it: Any) -> bool:  # Any: the context, and a candidate of the target's kind
        return True

    def effect(self, ctx: Any) -> None:  # Any: as can_activate
        """The compiled statements of the effect (generated for structured scripts), done
        when the request resolves (5.4.2). The engine resolves only scripts its coverage
        (`bpscript.engine.kernel.coverage`) finds executable; any other raises NotExecutable."""
        raise NotExecutable(self.id, "the effect is not structured")


class ComponentEffect(Script):
    """A character, fog or trump: unit condition, size, labels and abilities."""

    zone: ClassVar[str] = ""
    unit_condition: ClassVar[str] = ""
    labels: ClassVar[tuple[str, ...]] = ()
    scopes: ClassVar[tuple[str, ...]] = ()

    def size(self, ctx: Any, unit: Any) -> int | None:  # Any: the context and the unit (state imports nothing here, context does)
        return None

    def has_label(self, ctx: Any, unit: Any, label: str) -> bool:  # Any: as size
        return label in self.labels

    def apply_abilities(self, ctx: Any, unit: Any, scope: str) -> None:  # Any: as size
        """Apply this component's abilities of one scope (all → your → this, 9.4.2)."""
        if scope in self.scopes:
            raise NotExecutable(self.id, "its abilities are not structured")
