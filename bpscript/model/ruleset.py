"""The checked model of a ruleset: formats, frames, costs and scripts.

This is what every backend and the engine read. It holds no syntax: card
conditions are matchers (`bpscript.model.conditions`), effects are statement trees
(`bpscript.model.effects`), and every element keeps the `Span` it came from.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Iterator, TypeVar, cast

from .conditions import CardCondition, UnitCondition
from .deck import STANDARD_DECK, Deck
from .effects import Event, Expr, Stmt
from .setup_steps import DEFAULT_SETUP, Setup
from ..source import NO_SPAN, Span
from .vocabulary import (CategoryDef, ComponentDef, CostDef, LabelDef, NoteDef, SpeedDef, TargetKindDef, TimingDef,
                         TriggerDef, TypeDef, Vocabulary)

T = TypeVar("T")


#: ability scopes, in the order they apply (9.4.2)
SCOPES = ("all", "your", "this")


@dataclass(frozen=True)
class Header:
    """`@トリガー-スピード-タイミング`."""

    trigger: TriggerDef
    speed: SpeedDef
    timing: TimingDef
    span: Span

    @property
    def text(self) -> str:
        return f"@{self.trigger.name}-{self.speed.name}-{self.timing.name}"


@dataclass(frozen=True)
class Cost:
    """`$BBL`: the letters in printed order (B L D S C, repeated)."""

    letters: tuple[str, ...]
    span: Span

    @property
    def text(self) -> str:
        return "$" + "".join(self.letters)

    def count(self, letter: str) -> int:
        return self.letters.count(letter)


@dataclass(frozen=True)
class KeyCondition:
    """★: a card condition (cards from the hand) or a unit condition (a unit on the field)."""

    condition: CardCondition | UnitCondition
    text: str
    span: Span

    @property
    def is_unit(self) -> bool:
        return isinstance(self.condition, UnitCondition)


@dataclass(frozen=True)
class TargetSpec:
    """One thing to target: kind, count (None = any number), owner, and a predicate over `it`.

    `kind` is the id as written; `of` is what it names in the vocabulary: a type
    (soldier), a component kind (character) or a target kind (request, player).
    """

    kind: str
    count: int | None
    owner: str | None
    where: Expr | None
    span: Span
    of: TypeDef | ComponentDef | TargetKindDef | None = None


@dataclass(frozen=True)
class Target:
    """対象: the specs, and the printed text. No specs: printed text only (not yet structured)."""

    specs: tuple[TargetSpec, ...]
    text: str
    span: Span

    @property
    def structured(self) -> bool:
        return bool(self.specs)


@dataclass(frozen=True)
class Effect:
    """The effect: its printed text and, once written, its statements.

    `same_as` names the script whose effect this one uses (`効果の内容は「X」を参照`);
    the resolver fills `body` from it.
    """

    text: str
    body: tuple[Stmt, ...] | None
    same_as: str | None
    span: Span

    @property
    def structured(self) -> bool:
        return self.body is not None


@dataclass(frozen=True)
class Condition:
    """起動条件 / 誘発条件: printed text, the event waited for, and a guard."""

    text: str
    event: Event | None
    when: Expr | None
    span: Span

    @property
    def structured(self) -> bool:
        return self.event is not None or self.when is not None


@dataclass(frozen=True)
class Flavor:
    text: str
    speaker: str | None


@dataclass(frozen=True)
class Suppression:
    """`allow G2 "理由"`: one lint rule silenced for one script, with its reason."""

    code: str
    reason: str
    span: Span


@dataclass(frozen=True)
class Label:
    """A label a component carries (<アタッカー>), optionally printed with a qualifier and
    guarded by `when`."""

    label: LabelDef
    qualifier: str | None
    when: Expr | None
    span: Span

    @property
    def id(self) -> str:
        return self.label.id

    @property
    def name(self) -> str:
        return self.label.name

    @property
    def text(self) -> str:
        return self.name + (f"({self.qualifier})" if self.qualifier else "")


@dataclass(frozen=True)
class LabelRef:
    """A label a printed text names (「<攻撃> を持っているキャラクター」): the field it stands in,
    the name as printed, and the declared label of that name (None when none is)."""

    field: str
    name: str
    label: LabelDef | None


@dataclass(frozen=True)
class Size:
    """サイズ: printed text and its expression over `unit` (None: text only, not yet structured)."""

    text: str
    expr: Expr | None
    span: Span

    @property
    def structured(self) -> bool:
        return self.expr is not None


@dataclass(frozen=True)
class Ability:
    """A static ability (9.3); scope all / your / this decides its order (9.4.2)."""

    text: str
    scope: str
    body: tuple[Stmt, ...] | None
    span: Span


@dataclass
class Script:
    """What every script has: identity, membership and the printed extras."""

    id: str
    name: str
    kind: str  # action | character | fog | trump
    type: TypeDef
    category: CategoryDef
    span: Span
    ruby: str | None = None
    formats: tuple[str, ...] = ()
    frames: tuple[str, ...] = ()
    since: str | None = None
    update: tuple[str, ...] = ()
    story: str | None = None
    flavor: Flavor | None = None
    dev_note: str | None = None  # the official data's devNote: kept, never printed on the lists
    suppressions: tuple[Suppression, ...] = ()
    override: bool = False
    #: for an override written `in lite miniDuel`: the formats and frames where it replaces the base
    scope: tuple[str, ...] = ()
    #: the labels its printed texts name (<…>), in order
    label_refs: tuple[LabelRef, ...] = ()
    field_spans: dict[str, Span] = field(default_factory=dict)

    def span_of(self, name: str) -> Span:
        """The span of a field (for carets), or the script's header if absent."""
        return self.field_spans.get(name, self.span)


@dataclass
class ActionScript(Script):
    header: Header | None = None
    cost: Cost | None = None
    key: KeyCondition | None = None
    note: str | None = None
    #: the declared rule note the script names (`note: untargetableByCounter`); None for a
    #: note written as free text, which is text only
    note_def: NoteDef | None = None
    activation: Condition | None = None
    trigger_condition: Condition | None = None
    target: Target | None = None
    effect: Effect | None = None

    @property
    def key_unit(self) -> KeyCondition | None:
        return self.key if self.key is not None and self.key.is_unit else None

    @property
    def key_cards(self) -> KeyCondition | None:
        return self.key if self.key is not None and not self.key.is_unit else None


@dataclass
class ComponentScript(Script):
    unit_condition: KeyCondition | None = None
    size: Size | None = None
    labels: tuple[Label, ...] = ()
    abilities: tuple[Ability, ...] = ()
    placed_by: str | None = None
    zone: str = ""  # the zone its units live in (the component kind's, in the vocabulary)


@dataclass(frozen=True)
class Format:
    id: str
    name: str
    summary: str
    span: Span


@dataclass(frozen=True)
class Disclosure:
    """公開レベル of one zone (6.1): what is public, owner-only, hidden."""

    zone: str
    public: str
    owner_only: str
    hidden: str


@dataclass
class Frame:
    """A frame (8.2): its formats and zones, its deck (`bpscript.model.deck`) and its setup
    (`bpscript.model.setup_steps`), typed; a frame that states neither gets the defaults."""

    id: str
    name: str
    span: Span
    formats: tuple[str, ...] = ()
    deck: Deck = STANDARD_DECK
    zones: tuple[str, ...] = ()
    setup: Setup = DEFAULT_SETUP
    action_lists: tuple[str, ...] = ()
    disclosure: tuple[Disclosure, ...] = ()
    summary: str = ""


@dataclass(frozen=True)
class RulesetInfo:
    """Who the rules are (`ruleset "blackpoker-9.0" "…" { … }`): the name `extends` and
    `--ruleset` use, the printed title, edition and date, the bundled frame directories it
    includes, the ruleset it follows (its change history compares with it) and, for a
    homebrew package, the ruleset it extends."""

    name: str
    title: str
    edition: str = ""
    date: str = ""
    frames: tuple[str, ...] = ()
    follows: str | None = None
    base: "RulesetInfo | None" = None
    span: Span = field(default=NO_SPAN, compare=False)
    edition_name: str = ""  # the edition as the official lists print it: 第8.2版

    @property
    def homebrew(self) -> bool:
        return self.base is not None


@dataclass(frozen=True)
class Supplement:
    """A supplement of the ruleset (補足, 共通手順): printed on the pages whose text cites it
    by name. Not a ※ rule note, which the vocabulary declares (`Vocabulary.notes`)."""

    id: str
    name: str
    text: str
    span: Span


@dataclass
class Ruleset:
    """Everything loaded and resolved: the one model all backends share."""

    formats: dict[str, Format] = field(default_factory=dict)
    frames: dict[str, Frame] = field(default_factory=dict)
    scripts: dict[str, Script] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    vocabulary: Vocabulary = field(default_factory=Vocabulary)
    info: RulesetInfo = field(default_factory=lambda: RulesetInfo("", ""))
    #: the (補足) supplements and 共通手順, by id (the ※ rule notes are `vocabulary.notes`)
    supplements: dict[str, Supplement] = field(default_factory=dict)
    #: overrides written `in …`, by the id they replace: each holds only in its scope
    scoped: dict[str, tuple[Script, ...]] = field(default_factory=dict)
    #: the base scripts an override replaced (everywhere, or in a scope), by id
    replaced: dict[str, Script] = field(default_factory=dict)
    #: in a homebrew package, the ids of the formats and frames its base defines
    inherited: set[str] = field(default_factory=set)
    #: in a homebrew package, the ids of the scripts it takes from its base unchanged
    inherited_scripts: set[str] = field(default_factory=set)
    #: in a homebrew package, the files of its base (what the package's files do not declare)
    base_files: set[str] = field(default_factory=set)
    #: this is `package()`: a package's own part, without its base's scripts and words
    package_only: bool = False
    #: what later stages work out once from this ruleset (`derived`): kept with it, freed
    #: with it, never pickled (the load cache stores the model alone)
    _derived: dict[object, object] = field(default_factory=dict, repr=False, compare=False)

    def derived(self, key: object, make: Callable[..., T], *args: object) -> T:
        """`make(*args)`, made on first use and kept with this ruleset under `key` (a tuple
        naming what is made and for what: `(Matcher, format, frame)`). The one way the engine
        keeps what it works out from a ruleset: no module-level table to clear."""
        found = self._derived.get(key)
        if found is None:
            found = self._derived[key] = make(*args)
        return cast(T, found)

    def __getstate__(self) -> dict[str, object]:
        state = dict(self.__dict__)
        state["_derived"] = {}
        return state

    def own_scripts(self) -> list[Script]:
        """The scripts this ruleset defines itself, overrides included (all of them, unless
        it is a package)."""
        return [s for s in self.scripts.values() if s.id not in self.inherited_scripts] + \
            [s for o in self.scoped.values() for s in o]

    def own_formats(self) -> list[Format]:
        """The formats this ruleset defines itself (all of them, unless it is a package)."""
        return [f for f in self.formats.values() if f.id not in self.inherited]

    def own_frames(self) -> list[Frame]:
        """The frames this ruleset defines itself (all of them, unless it is a package)."""
        return [f for f in self.frames.values() if f.id not in self.inherited]

    def own_regulations(self) -> tuple[list[str], list[str]]:
        """(format ids, frame ids) a package's content is in: its own formats and frames,
        those its own scripts belong to (or are scoped to), and the formats of those frames;
        every one, unless it is a package. In declaration order."""
        if not self.info.homebrew:
            return list(self.formats), list(self.frames)
        wanted = {f.id for f in self.own_formats()} | {f.id for f in self.own_frames()}
        for s in self.own_scripts():
            wanted |= set(s.scope) if s.scope else set(s.formats) | set(s.frames)
        frames = [i for i, fr in self.frames.items() if i in wanted]
        wanted |= {f for i in frames for f in self.frames[i].formats}
        return [i for i in self.formats if i in wanted], frames

    def package(self) -> "Ruleset":
        """What a homebrew package adds to its base, for the outputs that list a ruleset
        whole (JSON, Python, RST, CSV): its own scripts (its scoped overrides still apart),
        the formats and frames its content is in, its own supplements; the vocabulary stays
        whole, since the scripts are read with it. Itself, unless it is a package."""
        if not self.info.homebrew:
            return self
        fmts, frms = self.own_regulations()
        own = {s.id: s for s in self.scripts.values() if s.id not in self.inherited_scripts}
        return replace(self, package_only=True, scripts=own, formats={i: self.formats[i] for i in fmts},
                       frames={i: self.frames[i] for i in frms},
                       supplements={i: n for i, n in self.supplements.items() if n.span.file not in self.base_files})

    def overrides(self) -> list[Script]:
        """Every override: those that replace a base script everywhere, then the scoped ones."""
        return [s for s in self.scripts.values() if s.override] + [s for o in self.scoped.values() for s in o]

    @property
    def costs(self) -> dict[str, CostDef]:
        """The declared cost letters, by letter, in declaration order."""
        return {c.letter: c for c in self.vocabulary.costs}

    def actions(self) -> Iterator[ActionScript]:
        return (s for s in self.scripts.values() if isinstance(s, ActionScript))

    def components(self, kind: str | None = None) -> Iterator[ComponentScript]:
        return (s for s in self.scripts.values()
                if isinstance(s, ComponentScript) and (kind is None or s.kind == kind))

    def by_name(self, name: str) -> Script | None:
        """A script by its printed name (for `「X」を参照`); actions first."""
        found = [s for s in self.scripts.values() if s.name == name]
        found.sort(key=lambda s: s.kind != "action")
        return found[0] if found else None

    def in_regulation(self, fmt: str | None = None, frame: str | None = None) -> list[Script]:
        """The scripts of a regulation: those of the format plus those of the frame, with the
        overrides scoped to either in place of what they replace.

        With only a format, the format's own scripts; with only a frame, the frame's.
        """
        out = []
        for s in self.view(fmt, frame).scripts.values():
            if (fmt is not None and fmt in s.formats) or (frame is not None and frame in s.frames):
                out.append(s)
        return out

    def view(self, fmt: str | None = None, frame: str | None = None) -> "Ruleset":
        """This ruleset as a regulation sees it: each override scoped to the format or the
        frame replaces its base script under the same id (itself when nothing is scoped)."""
        active = {i: o for i, overs in self.scoped.items() for o in overs
                  if (fmt is not None and fmt in o.scope) or (frame is not None and frame in o.scope)}
        if not active:
            return self
        scripts = {i: active.get(i, s) for i, s in self.scripts.items()}
        return replace(self, scripts=scripts, scoped={})
