"""A ruleset that renames every label (and the statuses of a battle) plays exactly the
same seeded games as the original: the engine reads roles, never printed names
(issue: one semantic model; 9.0 ライト renamed アタッカー / ブロッカー to 攻撃 / 防御)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bpscript.engine.kernel.rules import Rules
from bpscript.engine.players.runner import random_game
from bpscript.load.loader import load

ROOT = Path(__file__).parents[2]
SEEDS = range(12)

#: printed name → new printed name, and id → new id, for every label and status
RENAMES = [
    ('label attacker "アタッカー"', 'label striker "攻撃"'),
    ('label blocker "ブロッカー"', 'label guard "防御"'),
    ('label haste "速攻"', 'label swift "迅速"'),
    ('status attacking "アタッカー"', 'status striking "攻撃中"'),
    ('status blocking "ブロッカー"', 'status guarding "防御中"'),
]
LABEL_TEXT = [("<アタッカー>", "<攻撃>"), ("<ブロッカー>", "<防御>"), ("<速攻>", "<迅速>")]


def _renamed_copy(tmp: Path) -> Path:
    out = tmp / "renamed"
    shutil.copytree(ROOT / "stdlib" / "blackpoker-8.2", out)
    shutil.copytree(ROOT / "frames" / "10-entry20", out / "10-entry20")
    vocab = out / "00-vocabulary.bps"
    text = vocab.read_text(encoding="utf-8")
    for old, new in RENAMES:
        assert old in text, old  # the test must rename something real
        text = text.replace(old, new)
    vocab.write_text(text, encoding="utf-8")
    for f in out.rglob("*.bps"):
        if f == vocab:
            continue
        text = f.read_text(encoding="utf-8")
        for old, new in LABEL_TEXT:
            text = text.replace(old, new)
        text = text.replace("attacking", "striking").replace("blocking", "guarding")
        f.write_text(text, encoding="utf-8")
    return out


def _load(paths):
    result = load([str(p) for p in paths])
    assert result.errors == [], [str(d) for d in result.errors]
    return result.ruleset


@pytest.fixture(scope="module")
def pair(tmp_path_factory):
    original = _load([ROOT / "stdlib" / "blackpoker-8.2", ROOT / "frames" / "10-entry20"])
    renamed = _load([_renamed_copy(tmp_path_factory.mktemp("labels"))])
    return original, renamed


def test_the_copy_really_renames_the_labels(pair):
    original, renamed = pair
    assert {lab.name for lab in original.vocabulary.labels} >= {"アタッカー", "ブロッカー", "速攻"}
    names = {lab.name for lab in renamed.vocabulary.labels}
    assert names.isdisjoint({"アタッカー", "ブロッカー"}) and {"攻撃", "防御", "迅速"} <= names


def test_renamed_labels_play_the_same_seeded_games(pair):
    original, renamed = pair
    rules_a, rules_b = Rules(original, "lite", "entry20"), Rules(renamed, "lite", "entry20")
    blocks = judged = 0
    for seed in SEEDS:
        _, a = random_game(original, "lite", "entry20", seed, rules_a, record=True)
        _, b = random_game(renamed, "lite", "entry20", seed, rules_b, record=True)
        assert a == b, seed
        blocks += a["requested"].get("block", 0)
        judged += a["requested"].get("damageJudge", 0)
    assert blocks > 0 and judged > 0  # combat really ran in both
