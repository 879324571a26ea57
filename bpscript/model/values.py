"""The runtime values of the language's words: one enum per type of constant (state,
face, position, duration), the zones, and a reference to a script.

Generated code binds these members (`_k_charged = State.CHARGED`, `_z_grave = Zone.GRAVE`)
and the engine compares them by identity of type, never by a tag read at a position.
They sit outside `bpscript.engine` because codegen names them too.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum

from .cards import Suit


class State(Enum):
    """A unit's state (チャージ / ドライブ, 4.2.2)."""

    CHARGED = "charged"
    DRIVEN = "driven"


class Face(Enum):
    """Which side of a card or unit is shown."""

    UP = "up"
    DOWN = "down"


class Position(Enum):
    """Where in a pile cards go (the top of a pile is the end of its list)."""

    TOP = "top"
    BOTTOM = "bottom"


class Duration(Enum):
    """How long an effect lasts."""

    END_OF_TURN = "end_of_turn"


class Zone(StrEnum):
    """The zones the engine keeps (the vocabulary's `zones`): the value is the zone's id,
    which is also the `Player` attribute holding it, so a zone hashes and compares as its
    id (the trigger table and the events keep ids)."""

    LIFE = "life"
    GRAVE = "grave"
    HAND = "hand"
    FIELD = "field"
    FOG = "fog"
    PACK = "pack"
    RARE = "rare"
    TRUMP = "trump"


@dataclass(frozen=True, slots=True)
class ScriptRef:
    """A script named in an effect (`upFog`): what `as=`, `unit=` and action arguments hold."""

    id: str

    def __str__(self) -> str:
        return self.id


#: the constants of the language (`bpscript.verbs.CONSTANTS`) as the engine holds them
CONSTANTS: dict[str, object] = {
    "charged": State.CHARGED, "driven": State.DRIVEN,
    "face_up": Face.UP, "face_down": Face.DOWN,
    "end_of_turn": Duration.END_OF_TURN, "top": Position.TOP, "bottom": Position.BOTTOM,
    "spade": Suit.SPADE, "heart": Suit.HEART, "diamond": Suit.DIAMOND, "club": Suit.CLUB,
    "true": True, "false": False,
}

#: a zone id → its member (a zone the engine does not keep is absent)
ZONES: dict[str, Zone] = {z.value: z for z in Zone}


def source_of(value: object) -> str:
    """The Python source generated code binds a constant with (`State.CHARGED`, `True`)."""
    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    return repr(value)


# The members as module names: a member read through its enum class costs a look-up in
# the class each time (about 8 times a global's), and the engine reads them in every move.
CHARGED, DRIVEN = State.CHARGED, State.DRIVEN
FACE_UP, FACE_DOWN = Face.UP, Face.DOWN
TOP, BOTTOM = Position.TOP, Position.BOTTOM
END_OF_TURN = Duration.END_OF_TURN
