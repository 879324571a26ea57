"""9.0 ライト plays with its own words: its labels (攻撃, 防御, 速攻) give the same roles as
8.2's, and the basic actions read the roles, so seeded games fight — attackers are named,
blockers block, damage is judged."""

from __future__ import annotations

import pytest

from bpscript.engine.players.agents import RandomAgent
from bpscript.engine.kernel.game import Game
from bpscript.engine.kernel.request import Request
from bpscript.engine.kernel.rules import Rules
from bpscript.engine.players.runner import aggregate, simulate
from bpscript.load.loader import load_bundled

SEEDS = range(40)


@pytest.fixture(scope="module")
def nine():
    return load_bundled("blackpoker-9.0").ruleset


def _labels_with(rs, role: str) -> set[str]:
    return {l.id for l in rs.vocabulary.labels if role in l.roles}


def test_the_9_0_labels_are_not_8_2s_but_give_the_same_roles(nine):
    """ライト's labels; the frame data's characters print 8.2's <アタッカー> and <ブロッカー>
    (`frameAttacker`, `frameBlocker`, frames/blackpoker-9.0), set apart here."""
    eight = load_bundled("blackpoker-8.2").ruleset
    framed = {"frameAttacker", "frameBlocker"}
    assert {nine.vocabulary.labels[i].name for i in framed} == {"アタッカー", "ブロッカー"}
    for role in ("attack", "block", "haste"):
        nine_names = {nine.vocabulary.labels[i].name for i in _labels_with(nine, role) - framed}
        eight_names = {eight.vocabulary.labels[i].name for i in _labels_with(eight, role)}
        assert nine_names and eight_names, role
        if role != "haste":  # 速攻 is spelled alike in both
            assert nine_names.isdisjoint(eight_names), role
    carried = {l.id for s in nine.scripts.values() if s.kind == "character" for l in s.labels}
    assert _labels_with(nine, "attack") <= carried and _labels_with(nine, "block") <= carried


class Watched(Game):
    """Records, after every resolution, the units that hold the attacking and blocking
    statuses, and whether their labels give them the role that status needs."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.seen: dict[str, list[bool]] = {"attacking": [], "blocking": []}

    def resolve(self, req):
        super().resolve(req)
        ctx = self.ctx(Request("", 0))
        for p in self.state.players:
            for u in p.field:
                for status, role in (("attacking", "attack"), ("blocking", "block")):
                    if status in u.statuses:
                        self.seen[status].append(ctx.has_role(u, role))


def test_seeded_9_0_games_attack_block_and_judge_damage(nine):
    rules = Rules(nine, "lite", "entry20")
    stats = aggregate(list(simulate(nine, "lite", "entry20", len(SEEDS), SEEDS.start)))
    for action in ("attack", "block", "damageJudge"):  # the same ids as 8.2's
        assert stats["requested"].get(action, 0) > 0, action
        assert stats["resolved"].get(action, 0) > 0, action
    assert stats["ended_by_turn_limit"] == 0
    statuses = {"attacking": [], "blocking": []}
    for seed in SEEDS[:10]:
        game = Watched(nine, "lite", "entry20", seed, [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)],
                       rules=rules)
        assert game.play() in (0, 1)
        for k, v in game.seen.items():
            statuses[k] += v
    assert statuses["attacking"] and statuses["blocking"], "no attacker or no blocker was ever named"
    assert all(statuses["attacking"]) and all(statuses["blocking"])  # named by the role their labels give


@pytest.mark.parametrize("fmt, frame", [(fmt, f.id) for f in load_bundled("blackpoker-9.0").ruleset.frames.values()
                                        for fmt in f.formats])
def test_200_games_of_each_9_0_regulation_keep_the_rulebooks_invariants(nine, fmt, frame):
    """`check=True`: every invariant of bpscript.engine.kernel.invariants* after every resolution
    and decision (a breach raises InvariantViolation naming its section and seed)."""
    from bpscript.engine.players.runner import random_game
    rules = Rules(nine, fmt, frame)
    for seed in range(200):
        game, _ = random_game(nine, fmt, frame, seed, rules, check=True)
        assert game.state.winner in (0, 1), seed
