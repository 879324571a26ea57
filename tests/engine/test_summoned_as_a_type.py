"""Cards put onto the field 「兵士として」 (as the type 兵士, not a component): the unit
conditions decide their component (4.1.3, 7.3.2), as for any unit, in the regulation
each action belongs to. 一般兵 shares its id `soldier` with the type; the scenes use cards
whose conditions select another soldier, so a unit locked to 一般兵 would show."""

from __future__ import annotations

import pytest
from scenes import board, resolve, start

from bpscript.engine.players.agents import ScriptedAgent
from bpscript.engine.kernel.rules import Rules


@pytest.fixture(scope="module")
def mast(rs):
    return Rules(rs, "mast", "pack")


def _new(field, before):
    return [u for u in field if u not in before]


def test_a_heart_ace_brought_back_by_reanimate_is_an_ace_and_attacks_at_once(rs, mast):
    """7.3.1 リアニメイト: 「選んだカードを兵士として…場に出す」; a ♡A matches エース (☆A),
    which has <速攻>, so アタック offers it in the turn it came (7.3.1 アタック)."""
    pos = board(rs, "mast", "pack")
    wall = pos.unit(0, "♢5", face_up=False)
    pos.grave(0, "♡A")
    keys = pos.hand(0, "♠4 ♡6")
    offered: list = []
    p0 = ScriptedAgent(choices=[["♡A"], lambda units: offered.extend(units) or list(units)], strict=True)
    game = start(pos, [p0, ScriptedAgent()], rules=mast, partial=True)
    me = game.state.players[0]
    resolve(game, 0, "reanimate", keys, target=wall)
    (ace,) = me.field
    assert (ace.component, [str(c) for c in ace.cards]) == ("ace", ["♡A"])
    resolve(game, 0, "attack")
    assert offered == [ace] and "attacking" in ace.statuses


def test_a_joker_recruited_is_a_magician_and_waives_the_d_of_up(rs, mast):
    """7.3.1 徴募: the top cards up to the keys' total come out 「兵士として」: a Joker is
    魔術士 (☆Joker), whose 魔力増加 waives アップ's cost D for its owner (7.3.2)."""
    pos = board(rs, "mast", "pack")
    walls = [pos.unit(0, c, face_up=False) for c in ("♣9", "♣8")]
    keys = pos.hand(0, "♢5 ♢6")
    up, _spare = pos.hand(0, "♡3 ♣2")  # ♣2 could pay a D
    pos.life(0, "Joker ♠Q ♡K ♣K")  # the top four: only the Joker is within 11
    game = start(pos, rules=mast, partial=True)
    me = game.state.players[0]
    resolve(game, 0, "recruit", keys, costs=[[w] for w in walls])
    (magician,) = _new(me.field, walls)
    assert (magician.component, [str(c) for c in magician.cards]) == ("magician", ["Joker"])
    hand = len(me.hand)
    resolve(game, 0, "up", [up], target=magician)
    assert len(me.hand) == hand - 1 and game.size(magician) == 3  # only the key left the hand: no D


def test_a_rare_spade_king_summoned_is_a_hero(rs):
    """8.3.2 レア召喚 (レアパック): 「キーカードを兵士として…場に出す」: a ♠K is 英雄 (☆J〜K),
    not 一般兵, and is shown so."""
    from bpscript.engine.setup.position import Position
    pos = Position(rs, "std", "rarePack", turn=3)
    pos.life(0, "♠2 ♠3 ♠4 ♠6 ♠8 ♠9")  # レア召喚 needs a life of 9 or less
    pos.life(1, "♢2 ♢3 ♢4 ♢6 ♢8 ♢9")
    pos.rare(0, "♠K")
    old = pos.unit(0, "♣7")
    game = start(pos, life=False, partial=True)
    game.request(0, "summonsRare", keys="♠K", costs=[[old]])
    game.pass_chance(1)
    game.pass_chance(0)
    (unit,) = game.state.players[0].field
    assert unit.component == "hero"
    assert game.view(1)["opponent_field"][0]["component"] == "hero"


@pytest.mark.parametrize("trump, action, place", [
    ("♡2", "summonReinforcement", "life"),   # 援軍: one of the top two 「兵士として」
    ("♣4", "switch", "hand"),                # スイッチ: a card of the hand 「兵士として」
])
def test_the_extra_actions_that_summon_as_a_soldier_match_an_ace(board, trump, action, place):
    """8.3.5 援軍, スイッチ: a ♡A put on the field 「兵士として」 is エース (4.1.3)."""
    b = board(life0="♣6 ♡A ♡10 ♢10 ♣3" if place == "life" else "♢9 ♡10 ♢10 ♣3")
    b.trump(0, trump)
    walls = [b.unit(0, "♠9", face_up=False), b.unit(0, "♡9", face_up=False)]
    kw: dict = {}
    if place == "hand":
        b.hand(0, "♡A")
        kw["key_unit"] = b.unit(0, "♣5")
    game = b.game(ScriptedAgent(choices=[["♡A"]]))
    before = list(game.state.players[0].field)
    if action == "switch":
        game.request(0, action, **kw)
    else:
        game.request(0, action, costs=[[walls[0]]])
    b.settle(game)
    (ace,) = [u for u in _new(game.state.players[0].field, before) if "♡A" in map(str, u.cards)]
    assert ace.component == "ace"


def test_the_checker_reads_as_soldier_as_the_type_and_as_hero_as_the_component(rs):
    """`summon`'s `as` takes a type first (兵士, whose id 一般兵 shares), else a script: the
    checker records which, and the engine is handed the type's id or the script."""
    from bpscript.model import effects as fx

    def as_of(action):
        (call,) = [c for c in fx.calls(rs.scripts[action].effect.body) if c.func == "summon"]
        (value,) = [v for k, v in call.kwargs if k == "as"]
        return value.ref.kind, value.ref.key

    assert as_of("reanimate") == (fx.RefKind.TERM, "soldier")
    assert as_of("summonsHero") == (fx.RefKind.SCRIPT, "hero")


def test_an_unknown_name_after_as_is_an_error_naming_the_types(tmp_path):
    from bpscript.load.loader import load
    from scenes import ROOT
    (tmp_path / "x.bps").write_text('action x "x" (召喚) {\n  @直接-通常-メイン ★2〜10\n'
                                    '  effect: "e" { summon(key, as=nosuch) }\n  formats: lite\n}\n', encoding="utf-8")
    result = load([str(ROOT / "stdlib" / "blackpoker-8.2"), str(ROOT / "frames" / "10-entry20"), str(tmp_path)])
    (err,) = [d for d in result.errors if d.code == "E300"]
    assert "unknown type or script 'nosuch'" in err.message and "soldier" in (err.expected or "")
