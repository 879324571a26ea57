"""G4, the first-turn-win analysis, on official rules whose R・S・F, 防壁設置, 対象変更
and カウンター have structured effects (added here to a copy when the stdlib still
lacks them), so the search is tested whatever the state of the stdlib bodies."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bpscript.diagnostics import Severity
from bpscript.lint import lint_paths
from bpscript.lint.core import LintContext
from bpscript.lint.regulation import setup_of
from bpscript.lint.analysis import Analyzer
from bpscript.load.loader import base_files, load
from bpscript.model.ruleset import Frame
from bpscript.model.setup_steps import Setup, SetupStep, StepKind

from lintcorpus import CORPUS, ROOT

BODIES = {
    "stdlib/blackpoker-8.2/30-quick-magic.bps": [
        ('effect: "対象のプレイヤーに40点のダメージを与える。"\n',
         'effect: "対象のプレイヤーに40点のダメージを与える。" {\n    damage(target, 40)\n  }\n'),
        ('effect: "対象のリクエストで指定されている対象をそのアクションが指定できる範囲で変更する。'
         'リクエストの対象を対象変更に変更することは可能、アクションの対象にできないものへの対象の変更は不可能とする。"\n',
         'effect: "対象のリクエストで指定されている対象をそのアクションが指定できる範囲で変更する。'
         'リクエストの対象を対象変更に変更することは可能、アクションの対象にできないものへの対象の変更は不可能とする。" {\n'
         '    change_target(target, me)\n  }\n'),
    ],
    "stdlib/blackpoker-8.2/20-summon.bps": [
        ('effect: "手札からカード1枚を防壁として裏向きかつチャージ状態で場に出す。防壁の置き方は「防壁の置き方」参照。"\n',
         'effect: "手札からカード1枚を防壁として裏向きかつチャージ状態で場に出す。防壁の置き方は「防壁の置き方」参照。" {\n'
         '    summon(choose_cards(me, cards_in(hand, me), 1), as=bulwark, face=face_down, state=charged)\n  }\n'),
    ],
}

GOD_FRAME = (CORPUS / "g4_choose_whole_hand.bps").read_text("utf-8")


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    """A copy of stdlib + frames with the bodies above, as BPSCRIPT_HOME."""
    root = tmp_path_factory.mktemp("home")
    shutil.copytree(ROOT / "stdlib", root / "stdlib")
    shutil.copytree(ROOT / "frames", root / "frames")
    for rel, reps in BODIES.items():
        p = root / rel
        text = p.read_text("utf-8")
        for old, new in reps:
            text = text.replace(old, new)  # a no-op once the stdlib has its own body
        p.write_text(text, "utf-8")
    mp = pytest.MonkeyPatch()
    mp.setenv("BPSCRIPT_HOME", str(root))
    yield root
    mp.undo()


def _package(root: Path, name: str, text: str) -> Path:
    d = root / name
    d.mkdir(exist_ok=True)
    (d / "frame.bps").write_text(text, "utf-8")
    return d


def test_the_copy_is_structured(home):
    rs = load(base_files()).ruleset
    for sid in ("rsf", "setBulwark", "changeTarget"):
        assert rs.scripts[sid].effect.body is not None, sid


def test_no_sure_win_in_official_regulations(home):
    report = lint_paths(base_files())
    assert [f for f in report.findings if f.code == "G4"] == []
    rs = load(base_files()).ruleset
    ctx = LintContext(rs)
    an = Analyzer(ctx)
    for reg in ctx.regulations:
        assert an.search(reg) is None, reg.name
        if reg.frame is not None and reg.frame.id in ("strategy", "extra") and reg.format.id == "mast":
            # R・S・F is there and usable, but its five key cards cannot all be chosen
            assert any(a.id == "rsf" for a in reg.actions())
            assert reg.setup.choose_hand == 3


def test_choose_whole_hand_frame_wins_unless_answered(home, tmp_path):
    pkg = _package(tmp_path, "god", GOD_FRAME)
    report = lint_paths([pkg])
    (f,) = report.findings
    assert f.code == "G4" and f.script is None
    assert (f.span.line, f.span.column) == (19, 5)  # under `choose_hand 7`
    assert "マスター + 神の手 (" in f.message and "against 30 life)" in f.message
    # only a specific answer stops it: a warning that names it (10.2.2 forbids a *sure* win)
    assert f.severity is Severity.WARNING and "unless the second player holds 「カウンター」" in f.message
    seq = next(n for n in f.diagnostic.notes if n.startswith("sequence:"))
    # with 投擲 structured, three of them (13 + 12 + 11) already beat 30 life
    assert seq.count("投擲 ★") == 3
    outs = next(n for n in f.diagnostic.notes if "stops it only with" in n)
    assert "カウンター" in outs  # two key cards: カウンター can nullify 投擲


@pytest.mark.parametrize("chosen,found", [(4, False), (5, True), (7, True)])
def test_how_many_chosen_cards_make_rsf_sure(home, tmp_path, chosen, found):
    text = GOD_FRAME.replace("choose_hand 7", f"choose_hand {chosen}")
    pkg = _package(tmp_path, f"god{chosen}", text)
    assert (lint_paths([pkg]).codes() == ["G4"]) is found


def test_a_small_pack_changes_the_life_to_beat(home, tmp_path):
    # without a pack the second player may have 44 life: R・S・F alone (40) is not enough,
    # the search has to add 投擲 to it
    text = GOD_FRAME.replace("shuffle, pack 14", "shuffle")
    (f,) = lint_paths([_package(tmp_path, "nopack", text)]).findings
    assert "against 44 life)" in f.message
    seq = next(n for n in f.diagnostic.notes if n.startswith("sequence:"))
    assert "防壁設置 $L (+1 bulwark)" in seq and "R・S・F $BB ★" in seq and "投擲 ★♠K" in seq
    assert len(seq.split("R・S・F $BB ★")[1].split("(")[0].split()) == 5  # five chosen cards


def test_meteor_has_no_answer():
    (f,) = lint_paths([CORPUS / "g4_meteor.bps"]).findings
    assert "no answer" in " ".join(f.diagnostic.notes)


def test_setup_numbers():
    rs = load(base_files()).ruleset
    s = setup_of(rs.frames["extra"])
    assert (s.hand, s.choose_hand, s.pack, s.rare, s.trumps) == (7, 3, 14, 1, 2)
    assert s.opponent_life_max == 54 - 7 - 14 - 1 - 2 - 2 - 1 == 27
    assert s.own_life_min == 40 - 7 - 14 - 1 - 2 - 2 - 1 - 1
    e20 = setup_of(rs.frames["entry20"])
    assert (e20.deck_max, e20.deck_min, e20.opponent_life_max, e20.own_life_max) == (20, 20, 10, 9)
    steps = (SetupStep(StepKind.LIFE), SetupStep(StepKind.HAND, count=5))
    bare = setup_of(Frame("x", "x", rs.frames["pack"].span, setup=Setup("", steps)))
    assert (bare.preset_bulwarks, bare.decision, bare.first_draw, bare.opponent_life_max) == (0, 0, 0, 49)
    # a frame that states neither deck nor setup: 54 cards (8.2) and the common steps (3.9)
    plain = setup_of(Frame("y", "y", rs.frames["pack"].span))
    assert (plain.deck_min, plain.hand, plain.preset_bulwarks, plain.opponent_life_max) == (54, 7, 1, 54 - 7 - 2 - 1)


def test_engine_hook_refines_the_static_result():
    from bpscript.lint import lint_result

    class Engine:
        def __init__(self, verdict):
            self.verdict, self.asked = verdict, []

        def first_turn_win(self, regulation, line):
            self.asked.append((regulation.name, [mv.action.id for mv in line.moves]))
            return self.verdict

    result = load([CORPUS / "g4_meteor.bps"])
    refuting, confirming, undecided = Engine(False), Engine(True), Engine(None)
    assert lint_result(result, engine=refuting).codes() == []
    assert lint_result(result, engine=confirming).codes() == ["G4"]
    assert lint_result(result, engine=undecided).codes() == ["G4"]
    assert refuting.asked == [("ライト + エントリー20", ["meteor"])]


def test_each_regulation_quotes_its_own_life():
    (f,) = lint_paths([CORPUS / "g4_life_paid.bps"]).findings
    assert "スタンダード + パック (30 damage against 30 life)" in f.message
    assert "スタンダード + レアパック (30 damage against 29 life)" in f.message
    assert f.severity is Severity.ERROR


def test_life_paid_is_bounded_by_the_largest_deck():
    rs = load([CORPUS / "g4_life_paid.bps"]).ruleset
    ctx = LintContext(rs)
    reg = next(r for r in ctx.regulations if r.key == ("std", "pack"))
    assert (reg.setup.own_life_min, reg.setup.own_life_max) == (15, 29)
    line = Analyzer(ctx).search(reg)
    # 15 payments of 1 life: more than the smallest deck's 15 life allows, within the largest's 29
    assert [mv.action.id for mv in line.moves] == ["bloodPact"] * 15 and line.damage == 30


def test_a_line_only_specific_answers_stop_is_a_warning_naming_them():
    (f,) = lint_paths([CORPUS / "g4_answerable_warning.bps"]).findings
    assert f.severity is Severity.WARNING and "unless the second player holds 「打ち消し」" in f.message
    assert any("打ち消し ★♣A〜10 (nullifies 隕石)" in n for n in f.diagnostic.notes)
    (g,) = lint_paths([CORPUS / "g4_sure_win_error.bps"]).findings
    assert g.severity is Severity.ERROR and "surely wins" in g.message


def test_damage_that_grows_with_the_hand_is_shown_as_dealt():
    (f,) = lint_paths([CORPUS / "g4_loop_over_hand.bps"]).findings
    seq = next(n for n in f.diagnostic.notes if n.startswith("sequence:"))
    assert seq == "sequence: 斉射 (40 damage)"  # 8 cards in hand on turn 1 (7 + the draw), 5 each
