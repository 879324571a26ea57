"""The verb library: every function an effect may call, with its typed parameters.

Like Forge's API names, each entry is one operation with declared parameters; the
checker (`bpscript.check.typecheck`) validates every call against these declarations,
the engine implements each one (`bpscript.engine.kernel.verbs`), and a test fails when
the two drift apart. A verb that exists for one official script only says so in
`single_use`. Every verb and query also declares its summary (`does=`, typed in
`bpscript.model.semantics`): what it changes or reads, and which parameter plays each role,
e.g. `damage` is DAMAGE(player=player, amount=amount). The linter's analyses read
these summaries, never a verb's name.

Kinds: `verb` (a statement that changes the game), `query` (an expression with no
effect on the game, except asking a player to choose), `event` (what a triggered
action waits for, used after `on`).

Types: number bool text card cards unit units player request zone state face
duration position script suit option condition unit_kind role label status rule event_kind
any; `X?` means the argument may be omitted. A `condition` is a card condition written as
text ("♢2〜10"), parsed at check time like ★ and ☆. A `type_or_script` (what `summon` puts
cards on the field `as`) is a type of the vocabulary (`soldier`: 兵士として, the unit
conditions decide the component) or, when no type has the name, a script (`hero`). `zone`, `unit_kind`, `role`, `label`,
`status` and `rule` take a word the ruleset declares (its vocabulary): a name in such a
place is looked up there (`units(soldier, me)`: the type soldier, not the character).

A query of type `cards` or `units` returns a new list each call, which generated code
walks without a copy; a player's choice (CHOOSE_CARDS, CHOOSE_UNITS) returns what the
agent gave, and is copied.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping

from .model.attributes import ATTRIBUTES as _ATTRIBUTES
from .model.semantics import Arg, Change as C, Fact, Fixed, Read as R, fact

if TYPE_CHECKING:
    from .model.effects import Expr


@dataclass(frozen=True)
class Param:
    name: str
    type: str
    required: bool = True


@dataclass(frozen=True)
class VerbSpec:
    name: str
    kind: str  # verb | query | event
    params: tuple[Param, ...]
    returns: str | None
    doc: str
    ja: str = ""
    single_use: str | None = None
    summary: tuple[Fact, ...] = ()  # what a verb changes, what a query reads (bpscript.model.semantics)

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)

    def arguments(self, args: tuple["Expr", ...], kwargs: tuple[tuple[str, "Expr"], ...]) -> Mapping[str, "Expr"]:
        """The expressions a call gives, by parameter name (a keyword wins over a position)."""
        given = {p.name: a for p, a in zip(self.params, args)}
        given.update(kwargs)
        return given

    @property
    def signature(self) -> str:
        ps = ", ".join(f"{p.name}: {p.type}" + ("" if p.required else "?") for p in self.params)
        ret = f" -> {self.returns}" if self.returns else ""
        return f"{self.name}({ps}){ret}"


LIBRARY: dict[str, VerbSpec] = {}


def _p(spec: str) -> tuple[Param, ...]:
    """'cards: cards, to: zone, position: position?' → params."""
    out = []
    for part in filter(None, (s.strip() for s in spec.split(","))):
        name, typ = (x.strip() for x in part.split(":"))
        out.append(Param(name, typ.rstrip("?"), not typ.endswith("?")))
    return tuple(out)


def define(kind: str, name: str, params: str, returns: str | None, doc: str, ja: str = "",
           single_use: str | None = None, does: Fact | tuple[Fact, ...] = ()) -> None:
    """Declare one entry; `does` is its summary: the changes of a verb, the read of a query."""
    if name in LIBRARY:
        raise ValueError(f"verb {name} defined twice")
    summary = (does,) if isinstance(does, Fact) else tuple(does)
    want = {"verb": C, "query": R}.get(kind)
    if any(not isinstance(f.kind, want or ()) for f in summary):
        raise ValueError(f"{kind} {name}: a summary of {want.__name__ if want else 'nothing'} kinds expected")
    LIBRARY[name] = VerbSpec(name, kind, _p(params), returns, doc, ja, single_use, summary)


# ---------------------------------------------------------------- verbs: moving things
define("verb", "move", "what: any, to: zone, position: position?, face: face?", None,
       "Move units or cards to a zone of their owner (top of a pile by default).",
       "〜を〜に移す",
       does=fact(C.MOVE, what="what", to="to"))
define("verb", "summon", "cards: cards, as: type_or_script, face: face?, state: state?", None,
       "Put cards on the field as one unit (face up, charged by default): as a type (兵士として), "
       "its unit conditions decide its component (4.1.3); as a component, it is that component.",
       "〜として場に出す",
       does=fact(C.PUT_ON_FIELD, cards="cards", as_="as", state="state", face="face"))
define("verb", "attach", "cards: cards, to: unit", None,
       "Put cards on top of a soldier so they form one unit (装備).", "兵士の上に置く",
       does=fact(C.ATTACH, cards="cards", unit="to"))
define("verb", "place_fog", "cards: cards, on: any?, as: script?", None,
       "Put cards in the controller's fog as a mark, linked to what they affect.", "フォグに置く",
       does=fact(C.FOG, cards="cards", target="on", as_="as"))
define("verb", "return_to_hand", "what: any", None,
       "Return units or cards to their owner's hand.", "手札に戻す",
       does=fact(C.MOVE, what="what", to=Fixed("hand")))
define("verb", "to_bulwark", "what: any, state: state?", None,
       "Turn soldiers into bulwarks, one card each, losing effects and abilities.", "防壁にする",
       does=fact(C.TRANSFORM, what="what", into=Fixed("bulwark"), state="state"))
define("verb", "to_soldier", "what: any, state: state?", None,
       "Turn bulwarks into soldiers; one that came this turn counts as summoned this turn.", "兵士にする",
       does=fact(C.TRANSFORM, what="what", into=Fixed("soldier"), state="state"))

# ---------------------------------------------------------------- verbs: cards and players
define("verb", "draw", "player: player, count: number?", None,
       "Draw cards from the top of the player's life into the hand.", "ライフの一番上から引き手札に加える",
       does=fact(C.DRAW, player="player", count=Arg("count", 1)))
define("verb", "discard", "player: player, count: number?, cards: cards?", None,
       "The player discards cards from the hand (chosen by the player unless given).", "手札を捨てる",
       does=fact(C.DISCARD, player="player", count=Arg("count", 1), cards="cards"))
define("verb", "damage", "player: player, amount: number", None,
       "Deal damage: move that many cards from the top of the life to the grave (3.8).", "ダメージを与える",
       does=fact(C.DAMAGE, player="player", amount="amount"))
define("verb", "reveal", "cards: cards, to: player", None, "Show cards to a player.", "見せる",
       does=fact(C.REVEAL, cards="cards", player="to"))
define("verb", "shuffle", "zone: zone, player: player", None, "Shuffle a player's pile.", "切りなおす",
       does=fact(C.SHUFFLE, zone="zone", player="player"))
define("verb", "dig_until", "player: player, condition: condition", None,
       "Move cards from the top of the life to the grave until one matching the card condition "
       "appears, and put that one in the hand.", "〜が出るまで墓地に移動し、出たら手札に加える",
       does=fact(C.DIG, player="player", condition="condition"))

# ---------------------------------------------------------------- verbs: units
define("verb", "set_state", "what: any, state: state", None,
       "Charge or drive units.", "チャージ状態 / ドライブ状態にする",
       does=fact(C.STATE, what="what", state="state"))
define("verb", "add_size", "what: any, amount: number, until: duration?", None,
       "Add to the size of units (negative to subtract) until the duration ends.", "サイズを加算 / 減算する",
       does=fact(C.SIZE, what="what", amount="amount", until="until"))

# ---------------------------------------------------------------- verbs: requests and turns
define("verb", "nullify", "request: request, keys_to_grave: bool?", None,
       "Remove a request from the stage without resolving it; its key cards go to the grave "
       "unless keys_to_grave is false.", "リクエストを無効にしステージから取り除く",
       does=fact(C.NULLIFY, request="request"))
define("verb", "change_target", "request: request, chooser: player", None,
       "Change the target of a request within what its action may target.", "対象を変更する",
       single_use="changeTarget",
       does=fact(C.RETARGET, request="request", player="chooser"))
define("verb", "request_action", "action: script, player: player, free: bool?, target: any?, keys: cards?", None,
       "Request another action (without paying its cost when free).", "アクションをリクエストする",
       does=fact(C.REQUEST, action="action", player="player", target="target", cards="keys"))
define("verb", "end_turn", "", None, "End the turn and pass it to the opponent.", "ターンを終了する",
       single_use="end",
       does=fact(C.END_TURN))

# ---------------------------------------------------------------- verbs: units in battle, statuses, roles
define("verb", "set_status", "units: units, status: status, on: unit?", None,
       "The units hold a status (attacking, blocking …) until it is cleared; `on` links it to another unit "
       "(the attacker a blocker blocks).", "アタッカー / ブロッカーとして指定する",
       does=fact(C.STATUS, what="units", status="status", unit="on"))
define("verb", "clear_status", "status: status, units: units?", None,
       "The units (every unit when none are given) no longer hold the status.", "指定を解除する",
       does=fact(C.STATUS, what="units", status="status"))
define("verb", "turn", "what: any, face: face", None,
       "Turn units or cards face up or face down (a bulwark shown in damage judgement, a trump opened).",
       "表にする / 裏向きにする",
       does=fact(C.FACE, what="what", face="face"))
define("verb", "signal", "event: event_kind, unit: unit?", None,
       "Make an event happen for the trigger check (9.4.1), e.g. an attacker that was not blocked.",
       "〜の時に誘発する",
       does=fact(C.SIGNAL, unit="unit"))
define("verb", "reorder", "units: units", None,
       "Put the units on the field in the order given (防壁の置き方: their places).", "並び替える",
       does=fact(C.ORDER, what="units"))
define("verb", "give_role", "units: units, role: role", None,
       "While the ability holds, the units play the role (as a label would give it).", "〜として扱う",
       does=fact(C.LABEL, what="units", role="role"))
define("verb", "switch_on", "rule: rule", None,
       "While the ability holds, the rule variant is on for every player (革命's damage judgement).",
       "〜を以下のように変更する",
       does=fact(C.RULE, rule="rule"))

# ---------------------------------------------------------------- queries
define("query", "units", "kind: unit_kind, player: player?", "units",
       "The units on the field of a type or a component kind (of a player).",
       does=fact(R.UNITS, kind="kind", player="player"))
define("query", "is_a", "unit: unit, kind: unit_kind", "bool",
       "Whether the unit is of the type or component kind.", "兵士の場合 / 防壁の場合",
       does=fact(R.UNIT_KIND, unit="unit", kind="kind"))
define("query", "has_role", "unit: unit, role: role", "bool",
       "Whether the unit plays the role: one of its labels gives it, or an ability does.",
       does=fact(R.UNIT_KIND, unit="unit", role="role"))
define("query", "has_label", "unit: unit, label: label", "bool",
       "Whether the unit has the label.",
       does=fact(R.UNIT_KIND, unit="unit", label="label"))
define("query", "with_status", "units: units, status: status, on: unit?", "units",
       "The units that hold the status (linked to `on`, when given).",
       does=fact(R.FILTER, what="units", status="status", unit="on"))
define("query", "has_status", "unit: unit, status: status", "bool",
       "Whether the unit holds the status.",
       does=fact(R.UNIT_KIND, unit="unit", status="status"))
define("query", "rule_on", "rule: rule", "bool",
       "Whether an ability has switched the rule variant on.",
       does=fact(R.RULE_ON, rule="rule"))
define("query", "first", "items: any, count: number?", "any",
       "The first `count` items (one by default), as a list.",
       does=fact(R.FILTER, what="items", count="count"))
define("query", "last", "items: any, count: number?", "any",
       "The last `count` items (one by default), as a list.",
       does=fact(R.FILTER, what="items", count="count"))
define("query", "stage", "", "requests",
       "The requests on the stage, the top one last.",
       does=fact(R.STAGE))
define("query", "cards_in", "zone: zone, player: player", "cards", "The cards in a player's zone.",
       does=fact(R.ZONE_CARDS, zone="zone", player="player"))
define("query", "top_cards", "player: player, count: number", "cards",
       "The top cards of a player's life, looked at in place.",
       does=fact(R.TOP_CARDS, player="player", count="count"))
define("query", "size", "unit: unit", "number", "A unit's current size, with every modifier.",
       does=fact(R.SIZE, what="unit"))
define("query", "count", "items: any", "number", "How many cards, units or items.",
       does=fact(R.COUNT, what="items"))
define("query", "sum", "numbers: any", "number", "The sum of numbers.",
       does=fact(R.SUM, what="numbers"))
define("query", "key_of", "suit: suit", "card", "The key card of the given suit (キーカードの♠カード).",
       does=fact(R.KEY_CARD, suit="suit"))
define("query", "has_number", "what: any, number: number", "bool",
       "Whether a unit or cards contain a card of that number.",
       does=fact(R.CARD_TEST, what="what", number="number"))
define("query", "has_suit", "what: any, suit: suit", "bool",
       "Whether a unit or cards contain a card of that suit.",
       does=fact(R.CARD_TEST, what="what", suit="suit"))
define("query", "matches", "what: any, condition: condition", "bool",
       "Whether cards or a unit's cards satisfy a card condition such as \"♢2〜10\".",
       does=fact(R.CARD_TEST, what="what", condition="condition"))
define("query", "choose_cards", "player: player, cards: cards, count: number?", "cards",
       "The player chooses cards among the given ones.",
       does=fact(R.CHOOSE_CARDS, player="player", among="cards", count=Arg("count", 1)))
define("query", "choose_units", "player: player, units: units, count: number?, optional: bool?", "units",
       "The player chooses units among the given ones: `count` of them, or without a count one or more "
       "(none at all too when `optional` is true).",
       does=fact(R.CHOOSE_UNITS, player="player", among="units", count=Arg("count", 1)))
define("query", "choose_option", "player: player, options: any", "any",
       "The player chooses one of the options.",
       does=fact(R.CHOOSE, player="player", among="options"))
define("query", "choose_yes", "player: player, question: text", "bool",
       "The player answers yes or no (必要であれば, 〜してもよい).",
       does=fact(R.CHOOSE, player="player"))
define("query", "once_per_turn", "", "bool",
       "True unless this player already requested this action this turn (1ターンに1回まで).",
       does=fact(R.ONCE_PER_TURN))
define("query", "is_turn_player", "player: player", "bool", "Whether the player has the turn.",
       does=fact(R.IS_TURN_PLAYER, player="player"))
define("query", "face_up_trump", "player: player, trump: script", "bool",
       "Whether the player has that face-up trump (自分の表切札に「X」がある).",
       does=fact(R.FACE_UP_TRUMP, player="player", trump="trump"))
define("query", "life", "player: player", "number", "How many cards the player's life holds.",
       does=fact(R.LIFE, player="player"))
define("query", "pack_opened", "player: player", "bool", "Whether the player's pack is opened (開封済み).",
       does=fact(R.PACK_OPENED, player="player"))
define("query", "hand_count", "player: player", "number", "How many cards the player's hand holds.",
       does=fact(R.HAND_COUNT, player="player"))

# ---------------------------------------------------------------- events
define("event", "resolved", "action: script", None, "An action's request resolved.", "〜が解決した時")
define("event", "requested", "action: script", None, "An action was requested.", "〜をリクエストした時")
define("event", "added_to_stage", "action: script", None,
       "A request of the action was added to the stage.", "〜のリクエストがステージに追加された時")
define("event", "moved", "from: zone, to: zone, condition: condition?, unit: script?, who: player?", None,
       "Cards or a unit (of the given character) moved between zones; with `each`, once per card.",
       "〜から〜に移るたびに / 〜が場から墓地に移った時")
define("event", "discarded", "who: player", None, "A player discarded cards from the hand.", "手札を捨てた時")
define("event", "unblocked", "who: player?, label: label?", None, "An attacker was not blocked in damage "
       "judgement (a script signals it: `signal(unblocked, attacker)`); `who`: the attacker's owner, "
       "`label`: a label the attacker carries (自分の <革命ドロー> を持つ兵士).", "ブロックされていない時")


# ---------------------------------------------------------------- format additions (std/pro/mast)
define("query", "in_zone", "what: any, zone: zone", "bool",
       "Whether the cards or unit are now in the zone (移せた場合).", "〜に移せた場合",
       does=fact(R.IN_ZONE, what="what", zone="zone"))
define("query", "choose_order", "player: player, cards: any", "any",
       "The player puts the cards or units in an order of their choice (好きな順).", "好きな順で",
       does=fact(R.CHOOSE, player="player", among="cards"))


# ---------------------------------------------------------------- frame additions (pack, rare, trumps)
define("verb", "open_pack", "player: player", None, "Turn the pack face up: it is opened (開封済み).",
       "パックを表向きにし、開封済みとする", single_use="packopen",
       does=fact(C.OPEN_PACK, player="player"))
define("verb", "place_trump", "cards: cards, face: face", None,
       "Put cards in the player's trump zone.", "自分の表切札として置く",
       does=fact(C.TRUMP, cards="cards", face="face"))
define("verb", "summon_with_trump", "cards: cards, trump: script, as: script, state: state?", None,
       "Put the cards and the player's trump card together on the field as one unit of the character.",
       "キーカードと切札の〜をあわせて〜として場に出す",
       does=fact(C.PUT_ON_FIELD, cards="cards", trump="trump", as_="as", state="state"))
define("query", "trump_cards", "player: player, face: face", "cards",
       "The player's trumps that are face up (表切札) or face down (裏切札).", "表切札 / 裏切札",
       does=fact(R.TRUMPS, player="player", face="face"))
define("query", "trump_card", "player: player, trump: script", "cards",
       "The player's trump card of the given trump (e.g. 切札の♠J).", "切札の〜",
       does=fact(R.TRUMPS, player="player", trump="trump"))
define("query", "matching", "cards: cards, condition: condition", "cards",
       "The cards that match a card condition such as \"♠2〜10\".", "〜のカード",
       does=fact(R.FILTER, what="cards", condition="condition"))
define("query", "total_size", "units: units", "number", "The sum of the units' sizes.", "サイズの合計値",
       does=fact(R.SIZE, what="units"))
define("query", "find_card", "player: player, condition: condition", "cards",
       "Search all of the player's zones for a card; a hidden zone looked at is shuffled.",
       "自分の全ての領域から〜を探す",
       does=fact(R.FIND_CARD, player="player", condition="condition"))
define("query", "can_target", "action: script, what: any", "bool",
       "Whether the action could target it.", "〜アクションの対象にできる場合", single_use="repair",
       does=fact(R.CAN_TARGET, action="action", what="what"))


# ---------------------------------------------------------------- static abilities (9.3): modifiers
define("verb", "waive_cost", "player: player, action_type: text, letter: text", None,
       "While the ability holds, the player's actions of that type do not pay that cost letter.",
       "タイプ：〜のコスト〜が無しになる", single_use="magician",
       does=fact(C.COST_RULE, player="player"))
define("verb", "cannot_be_targeted", "unit: unit, by: script?", None,
       "The unit cannot be the target of actions (of the given action only, when `by` is given).",
       "〜アクションの対象にできない",
       does=fact(C.TARGET_RULE, unit="unit", action="by"))
define("verb", "treat_as_suits", "unit: unit, suits: any", None,
       "The unit also counts as a soldier of each of these suits.", "♠兵士としても♡兵士としても扱う",
       does=fact(C.SUIT_RULE, unit="unit"))
define("verb", "must_attack", "unit: unit, action: script", None,
       "On its controller's turn, attack whenever possible and name the unit as an attacker when charged.",
       "可能な限りアタックアクションをリクエストし…アタッカーに指定する", single_use="giant",
       does=fact(C.ATTACK_RULE, unit="unit"))
define("verb", "cannot_turn_face_up", "what: any, until: duration?", None,
       "The trump cannot be turned face up until the duration ends.", "表向きにできない", single_use="closeFog",
       does=fact(C.TRUMP_RULE, what="what", until="until"))
define("verb", "grant_label", "units: units, label: label", None, "The units have the label.", "<〜> を持つ",
       does=fact(C.LABEL, what="units", label="label"))
define("verb", "shield_from_suit", "player: player, suit: suit", None,
       "When the opponent's action with a key card of the suit takes effect while the player has a character, "
       "its damage to the player is prevented.", "その効果によってあなたはダメージを受けない", single_use="c9",
       does=fact(C.DAMAGE_RULE, player="player", suit="suit"))
define("query", "linked", "unit: unit", "any", "What a fog card was placed for (対象とした〜).", "対象とした〜",
       does=fact(R.LINKED, unit="unit"))
define("query", "with_suit", "units: units, suit: suit", "units", "The units with a card of the suit.", "♠の兵士",
       does=fact(R.FILTER, what="units", suit="suit"))
define("query", "in_state", "units: units, state: state", "units", "The units that are charged (or driven).",
       "チャージ状態の〜",
       does=fact(R.FILTER, what="units", state="state"))


#: names every effect can use, with their types (`it`, `unit` and `event` depend on context)
CONSTANTS: dict[str, str] = {
    "charged": "state", "driven": "state", "face_up": "face", "face_down": "face",
    "end_of_turn": "duration", "top": "position", "bottom": "position",
    "spade": "suit", "heart": "suit", "diamond": "suit", "club": "suit",
    "true": "bool", "false": "bool",
}
CONTEXT: dict[str, str] = {
    "me": "player", "opponent": "player", "turn_player": "player",
    "key": "cards", "key_unit": "unit", "this": "request", "target": "any", "targets": "any",
    "event": "event", "unit": "unit", "it": "any",
}
#: the parameter types whose names are words of the ruleset's vocabulary, and the table
TERM_TYPES: dict[str, str] = {"zone": "zones", "unit_kind": "unit_kinds", "role": "roles", "label": "labels",
                              "status": "statuses", "rule": "rules", "event_kind": "events"}

#: attributes by type (a.b), from the one table of attributes; `any` admits every attribute
ATTRIBUTES = _ATTRIBUTES
