"""The setup steps of the trump zone (8.3.1 エクストラ, steps 1, 9 and 10): each player lays
cards of their deck in the trump zone face down (`trumps N`), and after the first player
is decided each one turns one of them face up (`open_trump first|second`). Both are the
player's decisions, asked through the `Deal` (`bpscript.engine.setup.dealer`).
"""

from __future__ import annotations

from ...model.setup_steps import SetupStep, StepKind
from .dealer import Deal


def lay_trumps(deal: Deal, step: SetupStep) -> None:
    """Step 1: each player chooses `count` cards of the deck; they go to the trump zone
    face down (裏切札), before the deck is shuffled."""
    st = deal.state
    for p, chosen in zip(st.players, deal.take_from_decks(step, "card(s) of your deck as trumps, face down")):
        p.trump.extend(chosen)
        st.rematch_trumps(p)


def open_trump(deal: Deal, step: SetupStep) -> None:
    """Steps 9 and 10: the player turns one of their face-down trumps face up (表切札); its
    abilities hold from the start of the game."""
    st = deal.state
    who = st.first_player if step.player == "first" else 1 - st.first_player
    p = st.players[who]
    down = [u.cards[0] for u in p.trumps if not u.face_up]
    chosen = deal.ask(who, down, 1, f"choose the trump to turn face up ({step})")
    for u in p.trumps:
        if u.cards[0] in chosen:
            u.face_up = True
    st.rematch()


#: the step kinds this module runs (registered by `bpscript.engine.setup.start`)
STEPS = {StepKind.TRUMPS: lay_trumps, StepKind.OPEN_TRUMP: open_trump}
