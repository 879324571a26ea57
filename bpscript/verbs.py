"""The verb library: every function an effect may call, with its typed parameters.

Like Forge's API names, each entry is one operation with declared parameters; the
checker (`bpscript.typecheck`) validates every call against these declarations,
the engine implements each one (`bpscript.engine.verbs`), and a test fails when
the two drift apart. A verb that exists for one official script only says so in
`single_use`. Every verb and query also declares its summary (`does=`, typed in
`bpscript.semantics`): what it changes or reads, and which parameter plays each role,
e.g. `damage` is DAMAGE(player=player, amount=amount). The linter's analyses read
these summaries, never a verb's name.

Kinds: `verb` (a statement that changes the game), `query` (an expression with no
effect on the game, except asking a player to choose), `event` (what a triggered
action waits for, used after `on`).

Types: number bool text card cards unit units player request zone state face
duration position script suit option any; `X?` means the argument may be omitted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping

from .semantics import Arg, Change as C, Fact, Fixed, Read as R, fact

if TYPE_CHECKING:
    from .effects import Expr


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
    summary: tuple[Fact, ...] = ()  # what a verb changes, what a query reads (bpscript.semantics)

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
define("verb", "summon", "cards: cards, as: script, face: face?, state: state?", None,
       "Put cards on the field as one unit of the given character (face up, charged by default).",
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
define("verb", "discard_down_to", "player: player, count: number", None,
       "The player discards until the hand holds `count` cards.", "〜枚になるよう手札を捨てる",
       single_use="end",
       does=fact(C.DISCARD, player="player", down_to="count"))
define("verb", "damage", "player: player, amount: number", None,
       "Deal damage: move that many cards from the top of the life to the grave (3.8).", "ダメージを与える",
       does=fact(C.DAMAGE, player="player", amount="amount"))
define("verb", "reveal", "cards: cards, to: player", None, "Show cards to a player.", "見せる",
       does=fact(C.REVEAL, cards="cards", player="to"))
define("verb", "shuffle", "zone: zone, player: player", None, "Shuffle a player's pile.", "切りなおす",
       does=fact(C.SHUFFLE, zone="zone", player="player"))
define("verb", "dig_until", "player: player, condition: text", None,
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
define("verb", "declare_attackers", "player: player", None,
       "The player drives and names attackers (attack action rules).", "アタッカーを指定する",
       single_use="attack",
       does=fact(C.ATTACKERS, player="player"))
define("verb", "declare_blockers", "player: player", None,
       "The player names a blocker for each attacker.", "ブロッカーを指定する", single_use="block",
       does=fact(C.BLOCKERS, player="player"))
define("verb", "judge_damage", "", None,
       "Compare attackers and blockers and deal damage (ダメージ判定).", "ダメージ判定",
       single_use="damageJudge",
       does=fact(C.BATTLE))

# ---------------------------------------------------------------- queries
define("query", "cards_in", "zone: zone, player: player", "cards", "The cards in a player's zone.",
       does=fact(R.ZONE_CARDS, zone="zone", player="player"))
define("query", "top_cards", "player: player, count: number", "cards",
       "The top cards of a player's life, looked at in place.",
       does=fact(R.TOP_CARDS, player="player", count="count"))
define("query", "soldiers", "player: player?", "units", "The soldiers on the field (of a player).",
       does=fact(R.UNITS, player="player", kind=Fixed("soldier")))
define("query", "bulwarks", "player: player?", "units", "The bulwarks on the field (of a player).",
       does=fact(R.UNITS, player="player", kind=Fixed("bulwark")))
define("query", "characters", "player: player?", "units", "The characters on the field (of a player).",
       does=fact(R.UNITS, player="player", kind=Fixed("character")))
define("query", "attackers", "", "units", "The attackers named by the attack action this turn.",
       does=fact(R.ATTACKERS))
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
define("query", "matches", "what: any, condition: text", "bool",
       "Whether cards or a unit's cards satisfy a card condition such as \"♢2〜10\".",
       does=fact(R.CARD_TEST, what="what", condition="condition"))
define("query", "choose_cards", "player: player, cards: cards, count: number?", "cards",
       "The player chooses cards among the given ones.",
       does=fact(R.CHOOSE_CARDS, player="player", among="cards", count=Arg("count", 1)))
define("query", "choose_units", "player: player, units: units, count: number?", "units",
       "The player chooses units among the given ones.",
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
define("event", "moved", "from: zone, to: zone, condition: text?, unit: script?, who: player?", None,
       "Cards or a unit (of the given character) moved between zones; with `each`, once per card.",
       "〜から〜に移るたびに / 〜が場から墓地に移った時")
define("event", "discarded", "who: player", None, "A player discarded cards from the hand.", "手札を捨てた時")
define("event", "unblocked", "", None, "An attacker was not blocked in damage judgement.",
       "ブロックされていない時")


# ---------------------------------------------------------------- format additions (std/pro/mast)
define("verb", "blackjack", "player: player", None,
       "Play B・J: reveal cards from the top of the life, count them as in blackjack, hit or stand; "
       "bust sends the revealed cards to the grave, standing puts them in the hand.",
       "合計点…ヒット もしくは、スタンド", single_use="bj",
       does=fact(C.DIG, player="player"))
define("verb", "release_from_combat", "unit: unit", None,
       "A unit stops being an attacker or a blocker.", "アタッカー・ブロッカーを解除する", single_use="reverse",
       does=fact(C.RELEASE, unit="unit"))
define("query", "is_soldier", "unit: unit", "bool", "Whether the unit is a soldier.", "兵士の場合",
       does=fact(R.UNIT_KIND, unit="unit", kind=Fixed("soldier")))
define("query", "is_bulwark", "unit: unit", "bool", "Whether the unit is a bulwark.", "防壁の場合",
       does=fact(R.UNIT_KIND, unit="unit", kind=Fixed("bulwark")))
define("query", "in_zone", "what: any, zone: zone", "bool",
       "Whether the cards or unit are now in the zone (移せた場合).", "〜に移せた場合",
       does=fact(R.IN_ZONE, what="what", zone="zone"))
define("query", "choose_order", "player: player, cards: cards", "cards",
       "The player puts the cards in an order of their choice (好きな順).", "好きな順で",
       does=fact(R.CHOOSE, player="player", among="cards"))


# ---------------------------------------------------------------- frame additions (pack, rare, trumps)
define("verb", "open_pack", "player: player", None, "Turn the pack face up: it is opened (開封済み).",
       "パックを表向きにし、開封済みとする", single_use="packopen",
       does=fact(C.OPEN_PACK, player="player"))
define("verb", "turn_trump", "cards: cards, face: face", None,
       "Turn trumps face up (表切札) or face down (裏切札).", "切札を表にする / 裏向きにする",
       does=fact(C.TRUMP, cards="cards", face="face"))
define("verb", "place_trump", "cards: cards, face: face", None,
       "Put cards in the player's trump zone.", "自分の表切札として置く",
       does=fact(C.TRUMP, cards="cards", face="face"))
define("verb", "summon_with_trump", "cards: cards, trump: script, as: script, state: state?", None,
       "Put the cards and the player's trump card together on the field as one unit of the character.",
       "キーカードと切札の〜をあわせて〜として場に出す",
       does=fact(C.PUT_ON_FIELD, cards="cards", trump="trump", as_="as", state="state"))
define("verb", "reorder_bulwarks", "player: player", None,
       "The player puts their bulwarks in any order.", "防壁の順番を任意の順番に並び替える", single_use="illusion",
       does=fact(C.ORDER, player="player", kind=Fixed("bulwark")))
define("query", "trump_cards", "player: player, face: face", "cards",
       "The player's trumps that are face up (表切札) or face down (裏切札).", "表切札 / 裏切札",
       does=fact(R.TRUMPS, player="player", face="face"))
define("query", "trump_card", "player: player, trump: script", "cards",
       "The player's trump card of the given trump (e.g. 切札の♠J).", "切札の〜",
       does=fact(R.TRUMPS, player="player", trump="trump"))
define("query", "all_trumps", "", "cards", "Every trump of both players.", "全ての切札", single_use="reset",
       does=fact(R.TRUMPS))
define("query", "matching", "cards: cards, condition: text", "cards",
       "The cards that match a card condition such as \"♠2〜10\".", "〜のカード",
       does=fact(R.FILTER, what="cards", condition="condition"))
define("query", "shares_card", "cards: cards, others: cards", "bool",
       "Whether a card of one set is the same card (suit and number) as one of the other.",
       "キーカードのいずれかが…同じ場合", single_use="trapCounter",
       does=fact(R.CARD_TEST, what="cards", among="others"))
define("query", "total_size", "units: units", "number", "The sum of the units' sizes.", "サイズの合計値",
       does=fact(R.SIZE, what="units"))
define("query", "find_card", "player: player, condition: text", "cards",
       "Search all of the player's zones for a card; a hidden zone looked at is shuffled.",
       "自分の全ての領域から〜を探す",
       does=fact(R.FIND_CARD, player="player", condition="condition"))
define("query", "can_target", "action: script, what: any", "bool",
       "Whether the action could target it.", "〜アクションの対象にできる場合", single_use="repair",
       does=fact(R.CAN_TARGET, action="action", what="what"))
define("query", "choose_request", "player: player, max_number: number", "request",
       "The player chooses a request on the stage with one key card numbered at most max_number, or with two "
       "key cards.", "ステージ上にあるリクエストを1つ選び", single_use="quickSummonStrategist",
       does=fact(R.CHOOSE, player="player"))


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
define("verb", "must_attack", "unit: unit", None,
       "On its controller's turn, attack whenever possible and name the unit as an attacker when charged.",
       "可能な限りアタックアクションをリクエストし…アタッカーに指定する", single_use="giant",
       does=fact(C.ATTACK_RULE, unit="unit"))
define("verb", "survives_bulwark_block", "unit: unit", None,
       "In damage judgement against a bulwark blocker, the unit is not moved to the grave.",
       "ブロッカーが防壁の場合…墓地に移されない", single_use="giant",
       does=fact(C.BATTLE_RULE, unit="unit"))
define("verb", "cannot_turn_face_up", "what: any, until: duration?", None,
       "The trump cannot be turned face up until the duration ends.", "表向きにできない", single_use="closeFog",
       does=fact(C.TRUMP_RULE, what="what", until="until"))
define("verb", "grant_label", "units: units, label: text", None, "The units have the label.", "<〜> を持つ",
       does=fact(C.LABEL, what="units", label="label"))
define("verb", "prevent_charging_by", "action: script", None,
       "No player can charge characters by the effect of that action.",
       "〜アクションの効果でキャラクターをチャージ状態にすることができない", single_use="d5",
       does=fact(C.STATE_RULE, action="action"))
define("verb", "revolution_damage_rule", "", None,
       "Damage judgement between soldiers sends the larger to the grave and deals the difference as damage "
       "to the player whose soldier went to the grave (革命's replacement of step 1).",
       "ダメージ判定アクションの「1.」を以下のように変更する", single_use="sA",
       does=fact(C.BATTLE_RULE))
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
    **{z: "zone" for z in ("life", "grave", "field", "hand", "fog", "pack", "rare", "trump")},
    "charged": "state", "driven": "state", "face_up": "face", "face_down": "face",
    "end_of_turn": "duration", "top": "position", "bottom": "position",
    "spade": "suit", "heart": "suit", "diamond": "suit", "club": "suit",
    "true": "bool", "false": "bool",
}
CONTEXT: dict[str, str] = {
    "me": "player", "opponent": "player", "turn_player": "player",
    "key": "cards", "key_unit": "unit", "this": "request", "target": "any", "targets": "any",
    "event": "event",
}

#: attributes by type (a.b); `any` admits every attribute
ATTRIBUTES: dict[str, dict[str, str]] = {
    "card": {"number": "number", "suit": "suit", "owner": "player"},
    "cards": {"number": "number", "suit": "suit", "numbers": "any", "total": "number", "count": "number", "suits": "any",
              "owner": "player"},
    "unit": {"size": "number", "number": "number", "numbers": "any", "total": "number", "cards": "cards",
             "suits": "any", "owner": "player", "controller": "player", "state": "state", "count": "number"},
    "units": {"count": "number"},
    "player": {"life": "number", "hand": "number"},
    "request": {"key_count": "number", "key_number": "number", "key_total": "number", "keys": "cards",
                "action": "script", "has_target": "bool", "has_keys": "bool", "controller": "player"},
    "event": {"cards": "cards", "count": "number", "player": "player", "request": "request"},
}
