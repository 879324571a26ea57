"""`bpscript simulate --check-invariants`: the same games, the rulebook's invariants checked;
the first breach is one diagnostic (seed, event, section), exit 1, no traceback."""

from __future__ import annotations

import json

from bpscript.cli import main


def test_check_invariants_plays_the_same_games(capsys):
    assert main(["simulate", "--games", "5", "--json"]) == 0
    timing = ("seconds", "games_per_second")
    plain = {k: v for k, v in json.loads(capsys.readouterr().out).items() if k not in timing}
    assert main(["simulate", "--games", "5", "--json", "--check-invariants"]) == 0
    assert {k: v for k, v in json.loads(capsys.readouterr().out).items() if k not in timing} == plain


def test_a_breach_stops_the_run_with_the_seed_the_event_and_the_section(capsys, monkeypatch):
    """A size the engine works out wrong (a deliberately broken verb) is found in the first
    game checked: 4.2, seed 7, after what happened last."""
    from bpscript.engine.kernel.context import EffectContext
    real = EffectContext.size
    monkeypatch.setattr(EffectContext, "size", lambda self, u: real(self, u) + (u.component == "soldier"))
    code = main(["simulate", "--games", "3", "--seed", "7", "--check-invariants"])
    err = capsys.readouterr().err
    assert code == 1
    assert "error: invariant broken in game seed 7 (lite / entry20): rulebook 4.2: " in err
    assert "\n  after: " in err and "Traceback" not in err


def test_check_invariants_with_ray_is_a_usage_error(capsys):
    assert main(["simulate", "--games", "1", "--check-invariants", "--executor", "ray"]) == 2
    assert "--check-invariants runs on the local executor only" in capsys.readouterr().err


def test_the_help_names_the_option(capsys):
    try:
        main(["simulate", "--help"])
    except SystemExit:
        pass
    assert "--check-invariants" in capsys.readouterr().out
