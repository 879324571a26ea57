"""8.3.2: every action listed under a trump's heading that is requested (直接) says 「自分の
表切札に「X」がある」 — the trump face up is its activation condition (4.4: a trump acts
while face up). For each trump with such actions, through `Game.request`: face up, the
action is not refused for its activation condition; face down (裏切札), it is (5.1)."""

from __future__ import annotations

import pytest

from bpscript.load.loader import load_official
from bpscript.model.vocabulary import Origin

RS = load_official().ruleset


def _related(trump_id: str) -> list[str]:
    cats = {c.id for c in RS.vocabulary.categories if c.trump == trump_id}
    return [s.id for s in RS.actions() if s.category.id in cats and s.activation is not None
            and s.header.trigger.origin is Origin.REQUEST]


TRUMPS = [(s.id, str(s.unit_condition.text)) for s in RS.components("trump") if _related(s.id)]


def _refusal(game, action):
    try:
        game.request(0, action)
    except Exception as e:  # noqa: BLE001 - any refusal; its message names the rule
        return str(e)
    return ""


@pytest.mark.parametrize("trump, card", TRUMPS, ids=[t for t, _ in TRUMPS])
def test_the_trump_s_actions_need_it_face_up(board, trump, card):
    actions = _related(trump)
    assert actions
    for face_up in (True, False):
        b = board()
        b.trump(0, card, face_up=face_up)
        game = b.game()
        for action in actions:
            refused = _refusal(game, action)
            assert ("activation condition" in refused) is not face_up, (action, face_up, refused)
