"""The syntax tree of a `.bps` file, as written: one node per item and field.

Values stay as text with their spans; the resolver (`bpscript.check.resolve`) turns
them into the model (headers, costs, card conditions, targets, ...).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model.effects import Event, Expr, Stmt
from ..source import Span


@dataclass(frozen=True)
class Word:
    """A token's text and where it stands."""

    value: str
    span: Span


@dataclass(frozen=True)
class HeaderField:
    """`@直接-通常-クイック $BL ★♡A〜10` — each part optional, at least one present."""

    header: Word | None
    cost: Word | None
    key: Word | None
    span: Span


@dataclass(frozen=True)
class UnitField:
    """`☆同じスートを2枚以上`: the unit condition of a component."""

    condition: Word
    span: Span


@dataclass(frozen=True)
class TextField:
    key: str  # ruby note story summary placed_by dev_note
    text: Word
    span: Span


@dataclass(frozen=True)
class TextRefField:
    """`note: untargetableByCounter`: a field naming a declared term instead of text."""

    key: str
    ref: Word
    span: Span


@dataclass(frozen=True)
class CategoryField:
    text: Word
    span: Span


@dataclass(frozen=True)
class IdsField:
    key: str  # formats frames since update zones
    values: tuple[Word, ...]
    span: Span


@dataclass(frozen=True)
class TargetSpecNode:
    kind: Word
    count: Word | None
    owner: Word | None
    where: Expr | None
    span: Span


@dataclass(frozen=True)
class TargetField:
    specs: tuple[TargetSpecNode, ...]
    text: Word | None
    span: Span


@dataclass(frozen=True)
class EffectField:
    text: Word
    body: tuple[Stmt, ...] | None
    same_as: Word | None
    span: Span


@dataclass(frozen=True)
class FlavorField:
    text: Word
    speaker: Word | None
    span: Span


@dataclass(frozen=True)
class SizeField:
    text: Word | None
    expr: Expr | None  # None: printed text only
    span: Span


@dataclass(frozen=True)
class LabelNode:
    name: Word  # without the angle brackets
    qualifier: Word | None  # the printed parenthesis, without the brackets
    when: Expr | None
    span: Span


@dataclass(frozen=True)
class LabelsField:
    labels: tuple[LabelNode, ...]
    span: Span


@dataclass(frozen=True)
class AbilityField:
    text: Word
    scope: Word | None
    body: tuple[Stmt, ...] | None
    span: Span


@dataclass(frozen=True)
class ConditionField:
    key: str  # activation | trigger
    text: Word
    event: Event | None
    when: Expr | None
    span: Span


@dataclass(frozen=True)
class Setting:
    """One line (or comma-separated part) of a frame's `{ … }` block: a name and its values."""

    name: Word
    values: tuple[Word, ...]
    span: Span


@dataclass(frozen=True)
class DeckField:
    """`deck: "40枚以上" { min 40 }` — the printed デッキ条件 and, in the block, its rule or cards."""

    text: Word
    settings: tuple[Setting, ...] | None
    span: Span


@dataclass(frozen=True)
class SetupField:
    """`setup: "…" { shuffle … }` — the printed ゲームの始め方 and, in the block, its steps."""

    text: Word
    settings: tuple[Setting, ...] | None
    span: Span


@dataclass(frozen=True)
class ActionListsField:
    names: tuple[Word, ...]
    span: Span


@dataclass(frozen=True)
class DisclosureField:
    zone: Word
    public: Word
    owner_only: Word
    hidden: Word
    span: Span


@dataclass(frozen=True)
class AllowField:
    """`allow G2 "理由"`: suppress one lint rule for this script, with a reason (an empty
    `reason` when none is written: the resolver reports it)."""

    code: Word
    reason: Word
    span: Span


@dataclass(frozen=True)
class DeckCardsField:
    """`deck_cards: ♠A …`: the old spelling of `deck: "…" { cards ♠A … }`, reported by the resolver."""

    cards: tuple[Word, ...]
    span: Span


Field = (HeaderField | UnitField | TextField | TextRefField | CategoryField | IdsField | TargetField
         | EffectField | FlavorField | SizeField | LabelsField | AbilityField | ConditionField
         | DeckField | SetupField | ActionListsField | DisclosureField | AllowField | DeckCardsField)


@dataclass(frozen=True)
class ScriptNode:
    """`action|character|fog|trump [override] id "名前" (タイプ) { fields }`."""

    kind: str
    id: Word
    name: Word
    type: Word | None
    override: bool
    fields: tuple[Field, ...]
    span: Span
    scope: tuple[Word, ...] = ()  # `override … in lite`: the formats and frames the override holds in


@dataclass(frozen=True)
class FormatNode:
    id: Word
    name: Word
    fields: tuple[Field, ...]
    span: Span


@dataclass(frozen=True)
class FrameNode:
    id: Word
    name: Word
    fields: tuple[Field, ...]
    span: Span


@dataclass(frozen=True)
class VocabValue:
    """One value of a vocabulary attribute: a word, a string, a number, or a call such
    as `drive(bulwark)` (its arguments in `args`)."""

    kind: str  # word | string | int | call
    value: str | int
    args: tuple["VocabValue", ...]
    span: Span


@dataclass(frozen=True)
class VocabAttr:
    """`roles: attack, haste` inside a vocabulary declaration's braces."""

    key: Word
    values: tuple[VocabValue, ...]
    span: Span


@dataclass(frozen=True)
class VocabNode:
    """A word of the ruleset's vocabulary: `label attacker "アタッカー" { roles: attack }`."""

    kind: Word  # trigger speed timing zone component type category role label status rule target owner spelling
    id: Word
    name: Word
    attrs: tuple[VocabAttr, ...]
    span: Span


@dataclass(frozen=True)
class CostNode:
    letter: Word
    id: Word
    text: Word
    span: Span
    attrs: tuple[VocabAttr, ...] = ()


@dataclass(frozen=True)
class RulesetNode:
    """`ruleset "blackpoker-9.0" "BlackPoker 第9.0版 ライト" { edition: "9.0" … }`: who the rules are."""

    name: Word
    title: Word
    attrs: tuple[VocabAttr, ...]
    span: Span


@dataclass(frozen=True)
class SupplementNode:
    """`supplement bulwarkPlacement "防壁の置き方" { text: "…" }`: a supplement (補足) of the ruleset."""

    id: Word
    name: Word
    fields: tuple[Field, ...]
    span: Span


@dataclass(frozen=True)
class UseBase:
    """`extends "blackpoker-8.2"`: build on the bundled official rules."""

    base: Word
    span: Span


Item = ScriptNode | FormatNode | FrameNode | CostNode | UseBase | VocabNode | RulesetNode | SupplementNode


@dataclass
class Module:
    """One parsed file: the items that parsed, in order."""

    path: str
    text: str
    items: list[Item] = field(default_factory=list)
