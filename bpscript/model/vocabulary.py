"""BlackPoker's vocabulary as the ruleset declares it: the words of the rules and what
each one means to the engine and the linter.

A ruleset's `.bps` declares every word it uses — triggers, speeds and timings, zones,
component kinds, action and component types, the categories scripts are listed under,
roles and the labels that carry them, unit statuses, rule variants, cost letters and what each pays,
target kinds and owners, accepted spellings, and the few printed phrases the tools
recognise in text. Each declaration has an English id (what code and
scripts refer to), its printed name (Japanese, reproduced exactly on the pages) and,
where the engine needs one, a *semantic* value from the small enums below. The engine
and the linter act on those values and ids; they never look at a printed name. A
ruleset that renames a label or a header word changes only its `.bps`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Generic, Iterator, TypeVar

from ..source import NO_SPAN, Span


# ---------------------------------------------------------------- semantics
class Origin(str, Enum):
    """How a request of an action comes to be (トリガー)."""

    REQUEST = "request"  # a player requests it (直接)
    EVENT = "event"      # the trigger check makes it (誘発)


class Resolution(str, Enum):
    """What happens to a request once made (スピード)."""

    AT_ONCE = "at_once"  # resolved at once, never on the stage (即時)
    STAGE = "stage"      # added to the stage, resolved when both players pass (通常)


class Window(str, Enum):
    """When an action may be requested (タイミング)."""

    MAIN = "main"  # the turn player, with an empty stage (メイン)
    ANY = "any"    # whenever the player has the chance (クイック)


class Holds(str, Enum):
    """What a zone holds."""

    CARDS = "cards"  # a pile of cards (its end is the top)
    UNITS = "units"  # units: groups of cards matched to a component (4.1.1)
    MARKS = "marks"  # cards kept as marks linked to what they affect (フォグ)


class Payment(str, Enum):
    """What paying one cost letter does (5.2)."""

    DRIVE = "drive"          # drive a charged unit of the payer (of a type, or the key unit)
    DAMAGE = "damage"        # the payer takes that much damage
    DISCARD = "discard"      # the payer discards that many cards (not the key cards)
    SACRIFICE = "sacrifice"  # the payer moves one of their units to the grave


class Subject(str, Enum):
    """What a target kind that is not a unit names (対象)."""

    REQUEST = "request"    # a request on the stage
    PLAYER = "player"      # either player
    OPPONENT = "opponent"  # the controller's opponent


class PhraseMeaning(str, Enum):
    """What a declared phrase says when it is printed in a script's text."""

    TARGET = "target"        # the effect targets what {what} names (兵士2体を対象とし…)
    REFERENCE = "reference"  # the effect is the one of the action {what} names (「X」を参照)


# ---------------------------------------------------------------- declarations
@dataclass(frozen=True)
class Term:
    """One declared word: its id, its printed name and where it was declared."""

    id: str
    name: str
    span: Span = field(default=NO_SPAN, compare=False)


@dataclass(frozen=True)
class TriggerDef(Term):
    origin: Origin = Origin.REQUEST


@dataclass(frozen=True)
class SpeedDef(Term):
    resolution: Resolution = Resolution.STAGE


@dataclass(frozen=True)
class TimingDef(Term):
    window: Window = Window.ANY


@dataclass(frozen=True)
class ZoneDef(Term):
    holds: Holds = Holds.CARDS


@dataclass(frozen=True)
class ComponentDef(Term):
    """A component kind (character / fog / trump): the zone its units live in, the
    counter word that prints a number of them (兵士1体, 切札1枚), and the mark its unit
    condition is printed with (☆; 9.0 prints a fog's with ★ — the model keeps a unit
    condition either way)."""

    zone: str = ""
    counter: str = ""
    mark: str = "☆"


@dataclass(frozen=True)
class TypeDef(Term):
    """An action or component type (速攻魔法, 兵士, 滞留魔法 …). `kind` is the script kind
    it applies to (action / character / fog / trump); a type is also a category of the
    same id and name unless a script says otherwise. `sized` types need a size (兵士)."""

    kind: str = "action"
    sized: bool = False


@dataclass(frozen=True)
class CategoryDef(Term):
    """A heading scripts are listed under on the pages (基本, 基礎魔法, 切札♠A 革命 …).
    `trump` names the trump script a category stands for, if any."""

    trump: str | None = None


@dataclass(frozen=True)
class RoleDef(Term):
    """A part a unit may play in the rules (may attack, may block, …). Effects ask for
    roles (`has_role(u, attack)`), never for a label's name."""


@dataclass(frozen=True)
class LabelDef(Term):
    """A label (<アタッカー>) and the roles it gives the units that carry it."""

    roles: tuple[str, ...] = ()


@dataclass(frozen=True)
class StatusDef(Term):
    """A status a unit holds for a while (アタッカー during an attack, …)."""


@dataclass(frozen=True)
class RuleDef(Term):
    """A variant of a rule that an ability may switch on (`switch_on(revolution)`), and that
    the scripts of the rule ask for (`rule_on(revolution)`): 革命's damage judgement."""


@dataclass(frozen=True)
class NoteDef(Term):
    """A rule note (※) printed on scripts, and what it means to the engine: `name` is the
    printed text. Either the engine enforces it (`untargetable_by`: the actions that may not
    target a request of a script carrying it) or it is text only, with the reason why."""

    untargetable_by: tuple[str, ...] = ()
    text_only: str = ""

    @property
    def structured(self) -> bool:
        return bool(self.untargetable_by)


@dataclass(frozen=True)
class TargetKindDef(Term):
    """A kind of target that is not a unit: request or player (対象). Unit targets are
    named by a type (soldier) or a component kind (character)."""

    counter: str = ""
    subject: Subject = Subject.REQUEST


@dataclass(frozen=True)
class CostPayment:
    """What one cost letter pays: a `Payment` and its object (a type id or `key_unit`
    for DRIVE, a component kind for SACRIFICE) or amount (DAMAGE, DISCARD)."""

    kind: Payment
    what: str | None = None
    amount: int = 1


@dataclass(frozen=True)
class CostDef:
    """A cost letter (B L D S C): its English id, printed text and what it pays."""

    letter: str
    id: str
    text: str
    pays: CostPayment | None = None
    span: Span = field(default=NO_SPAN, compare=False)

    @property
    def name(self) -> str:
        return self.letter


@dataclass(frozen=True)
class SpellingDef(Term):
    """Accepted spellings of a word (`name`) in card conditions and headers: スーツ for
    スート, ♥ for ♡."""

    alternatives: tuple[str, ...] = ()


@dataclass(frozen=True)
class PhraseDef(Term):
    """A printed phrase the tools recognise in text that is not structured: `name` is
    the phrase with `{what}` where the thing it names is printed, `meaning` what it says
    (the linter compares the printed text with the structure by it)."""

    meaning: PhraseMeaning = PhraseMeaning.TARGET


T = TypeVar("T")


class Table(Generic[T]):
    """Declarations of one sort, by id, in declaration order; found by id or by printed name."""

    def __init__(self) -> None:
        self._by_id: dict[str, T] = {}
        self._by_name: dict[str, T] = {}

    def add(self, term: T) -> T | None:
        """Add a declaration; returns the earlier one with the same id, if any (not replaced)."""
        key = term.id  # type: ignore[attr-defined]
        if key in self._by_id:
            return self._by_id[key]
        self._by_id[key] = term
        self._by_name.setdefault(term.name, term)  # type: ignore[attr-defined]
        return None

    def get(self, key: str) -> T | None:
        """By id, else by printed name."""
        return self._by_id.get(key) or self._by_name.get(key)

    def __getitem__(self, key: str) -> T:
        found = self.get(key)
        if found is None:
            raise KeyError(key)
        return found

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.get(key) is not None

    def __iter__(self) -> Iterator[T]:
        return iter(self._by_id.values())

    def __len__(self) -> int:
        return len(self._by_id)

    def ids(self) -> list[str]:
        return list(self._by_id)

    def names(self) -> list[str]:
        return [t.name for t in self._by_id.values()]  # type: ignore[attr-defined]


@dataclass
class Vocabulary:
    """Every word a ruleset declares (see the module docstring)."""

    triggers: Table[TriggerDef] = field(default_factory=Table)
    speeds: Table[SpeedDef] = field(default_factory=Table)
    timings: Table[TimingDef] = field(default_factory=Table)
    zones: Table[ZoneDef] = field(default_factory=Table)
    components: Table[ComponentDef] = field(default_factory=Table)
    types: Table[TypeDef] = field(default_factory=Table)
    categories: Table[CategoryDef] = field(default_factory=Table)
    roles: Table[RoleDef] = field(default_factory=Table)
    labels: Table[LabelDef] = field(default_factory=Table)
    statuses: Table[StatusDef] = field(default_factory=Table)
    rules: Table[RuleDef] = field(default_factory=Table)
    target_kinds: Table[TargetKindDef] = field(default_factory=Table)
    owners: Table[Term] = field(default_factory=Table)
    costs: Table[CostDef] = field(default_factory=Table)
    spellings: Table[SpellingDef] = field(default_factory=Table)
    phrases: Table[PhraseDef] = field(default_factory=Table)
    notes: Table[NoteDef] = field(default_factory=Table)

    def types_of(self, kind: str) -> list[TypeDef]:
        return [t for t in self.types if t.kind == kind]

    def category(self, key: str) -> CategoryDef | None:
        """A declared category, or the category a type stands for (same id and name)."""
        found = self.categories.get(key)
        if found is not None:
            return found
        t = self.types.get(key)
        return CategoryDef(t.id, t.name, t.span) if t is not None else None

    def roles_of(self, label: str) -> tuple[str, ...]:
        found = self.labels.get(label)
        return found.roles if found is not None else ()

    def spelling_map(self) -> dict[str, str]:
        """Every accepted alternative spelling → its canonical form."""
        return {alt: s.name for s in self.spellings for alt in s.alternatives}

    def header_example(self, origin: Origin | None = None) -> str:
        """A header in the declared words (`@直接-通常-クイック`), for messages: the first
        trigger (of `origin`, if given), speed and timing declared; `…` for a part none names."""
        trigger = next((t.name for t in self.triggers if origin is None or t.origin is origin), "…")
        speed = next((s.name for s in self.speeds), "…")
        timing = next((t.name for t in self.timings), "…")
        return f"@{trigger}-{speed}-{timing}"

    def spelled(self) -> dict[str, str]:
        """Each declared spelling's id → its word (the card-condition notation reads its
        words by id: `bpscript.syntax.conditions.WORD_IDS`)."""
        return {s.id: s.name for s in self.spellings}

    def unit_kind(self, key: str) -> TypeDef | ComponentDef | None:
        """A unit target kind: a type of a component (soldier) or a component kind (character)."""
        t = self.types.get(key)
        if t is not None and t.kind != "action":
            return t
        return self.components.get(key)
