"""What a verb changes and what a query reads: the typed summary each one declares.

Every entry of the verb library (`bpscript.verbs`) states, next to its signature, the
kind of change it makes (`Change`) or the fact it reads (`Read`), and which of its
parameters plays each role of that kind (`Role`), e.g.

    damage(player, amount)   DAMAGE(player=player, amount=amount)
    draw(player, count?)     DRAW(player=player, count=count or 1)
    return_to_hand(what)     MOVE(what=what, to='hand')

The linter's analyses (the three-valued evaluator, G4's first-turn search, G5's
trigger pins) read these summaries and never a verb's name: a new verb that deals
damage is seen as damage because it says so, and renaming one changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Union


class Change(Enum):
    """What a verb (a statement) changes in the game."""

    DAMAGE = "cards from the top of a player's life to the grave, as damage (3.8)"
    DRAW = "cards from the top of a player's life into the hand"
    DISCARD = "cards from a player's hand to the grave"
    DIG = "cards from the top of the life to the grave or the hand, by what they are"
    PUT_ON_FIELD = "cards become one unit of a character"
    ATTACH = "cards join a unit on the field"
    MOVE = "units or cards go to a zone"
    FOG = "cards go to the fog as a mark"
    TRANSFORM = "soldiers become bulwarks, or bulwarks soldiers"
    STATE = "units are charged or driven"
    SIZE = "units' sizes change for a while"
    REVEAL = "cards are shown to a player"
    SHUFFLE = "a pile is shuffled"
    ORDER = "a player's units are put in another order"
    NULLIFY = "a request leaves the stage without resolving"
    RETARGET = "a request's target changes"
    REQUEST = "another action is requested"
    END_TURN = "the turn passes"
    STATUS = "units hold a status, or stop holding it (attacking, blocking)"
    FACE = "units or cards are turned face up or face down"
    SIGNAL = "an event happens for the trigger check"
    OPEN_PACK = "a pack is opened"
    TRUMP = "trumps are placed, or turned face up or down"
    # static abilities (9.3): rules that hold while the ability does
    COST_RULE = "a cost letter is not paid"
    TARGET_RULE = "what actions may target"
    SUIT_RULE = "the suits a unit counts as"
    LABEL = "units have a label"
    ATTACK_RULE = "when a unit must attack"
    TRUMP_RULE = "when a trump may be turned"
    DAMAGE_RULE = "damage a player does not take"
    RULE = "a rule variant is on"


class Read(Enum):
    """What a query (an expression) reads or asks."""

    LIFE = "how many cards a player's life holds"
    HAND_COUNT = "how many cards a player's hand holds"
    ZONE_CARDS = "the cards in a player's zone"
    TOP_CARDS = "the top cards of a player's life"
    UNITS = "a player's units on the field, of a kind"
    STAGE = "the requests on the stage"
    RULE_ON = "whether a rule variant is on"
    SIZE = "the size of units, with every modifier"
    COUNT = "how many items"
    SUM = "the sum of numbers"
    KEY_CARD = "the key card of a suit"
    CARD_TEST = "whether cards have a number, a suit, a condition"
    FILTER = "the items that have a suit, a state, a condition"
    CHOOSE_CARDS = "a player chooses cards among some"
    CHOOSE_UNITS = "a player chooses units among some"
    CHOOSE = "a player chooses an option, an order, a request, yes or no"
    ONCE_PER_TURN = "whether the player has not yet requested the action this turn"
    IS_TURN_PLAYER = "whether a player has the turn"
    FACE_UP_TRUMP = "whether a player has a trump face up"
    TRUMPS = "trump cards"
    PACK_OPENED = "whether a player's pack is opened"
    UNIT_KIND = "whether a unit is of a kind, has a role, a label or a status"
    IN_ZONE = "whether cards or a unit are in a zone"
    FIND_CARD = "a card searched for in all of a player's zones"
    CAN_TARGET = "whether an action could target something"
    LINKED = "what a fog card was placed for"


class Role(Enum):
    """The part a value plays in a change or a read."""

    PLAYER = "player"        # whose life, hand or units; who chooses or is shown
    AMOUNT = "amount"        # a number: damage dealt, size added
    COUNT = "count"          # how many cards or units
    DOWN_TO = "down_to"      # the hand size a discard stops at
    CARDS = "cards"
    WHAT = "what"            # units or cards
    UNIT = "unit"
    AMONG = "among"          # what a player chooses from
    TO = "to"                # the zone things go to
    ZONE = "zone"
    AS = "as"                # the character or fog the cards become
    INTO = "into"            # what units turn into
    STATE = "state"
    FACE = "face"
    UNTIL = "until"
    REQUEST = "request"
    ACTION = "action"
    TARGET = "target"
    SUIT = "suit"
    NUMBER = "number"
    CONDITION = "condition"
    TRUMP = "trump"
    KIND = "kind"            # soldier, bulwark or character
    LABEL = "label"
    ROLE = "role"
    STATUS = "status"
    RULE = "rule"


@dataclass(frozen=True)
class Arg:
    """A role filled by a parameter of the verb; `default` when the argument is omitted
    (None: no value)."""

    param: str
    default: object = None

    def __str__(self) -> str:
        return self.param + ("" if self.default is None else f" or {self.default!r}")


@dataclass(frozen=True)
class Fixed:
    """A role the verb always fills with the same value (return_to_hand: to the hand)."""

    value: object

    def __str__(self) -> str:
        return repr(self.value)


Source = Union[Arg, Fixed]


@dataclass(frozen=True)
class Fact:
    """One thing a verb changes or a query reads, with where each role's value comes from."""

    kind: Change | Read
    roles: tuple[tuple[Role, Source], ...] = ()

    def source(self, role: Role) -> Source | None:
        return next((s for r, s in self.roles if r is role), None)

    @property
    def params(self) -> tuple[str, ...]:
        """The verb parameters this fact reads."""
        return tuple(s.param for _, s in self.roles if isinstance(s, Arg))

    def __str__(self) -> str:
        roles = ", ".join(f"{r.value}={s}" for r, s in self.roles)
        return f"{self.kind.name}({roles})"


def fact(kind: Change | Read, /, **roles: str | Source) -> Fact:
    """`fact(Change.DRAW, player="player", count=Arg("count", 1))`: a keyword names a role
    (`as_` for `as`), a string names the parameter that fills it."""
    out = []
    for name, src in roles.items():
        role = Role(name.rstrip("_"))
        out.append((role, Arg(src) if isinstance(src, str) else src))
    return Fact(kind, tuple(out))
