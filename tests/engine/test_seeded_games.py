"""Seeded games are identical across refactors: every regulation of every bundled ruleset,
a fixed set of seeds with two pairs of agents, gives the same `state.digest()` and summary
as the committed record (`data/seeded_games.json`, written by `seeded_games.py`)."""

from __future__ import annotations

import json

import pytest

from seeded_games import RECORD, RULESETS, play

RECORDED = json.loads(RECORD.read_text("utf-8"))


def test_the_record_holds_every_regulation_of_every_bundled_ruleset():
    from bpscript.load.loader import load_bundled

    from seeded_games import AGENTS, SEEDS, regulations
    for name in RULESETS:
        rs = load_bundled(name).ruleset
        want = {f"{fmt}/{frame}/{'-'.join(a)}" for fmt, frame in regulations(rs) for a in AGENTS}
        assert set(RECORDED[name]) == want, name
        assert all(len(games) == len(SEEDS) for games in RECORDED[name].values()), name


@pytest.mark.parametrize("name", RULESETS)
def test_seeded_games_are_the_recorded_ones(name):
    played = play(name)
    changed = [f"{reg} seed {g['seed']}" for reg, games in played.items()
               for g, r in zip(games, RECORDED[name].get(reg, [])) if g != r]
    assert played.keys() == RECORDED[name].keys()
    assert not changed, f"{len(changed)} game(s) differ from the record: {', '.join(changed[:10])}"
