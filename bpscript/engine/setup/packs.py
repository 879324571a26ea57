"""The pack (パック) and the rare cards (レアカード): their setup steps and operations.

Each player's pack and rare cards are piles of their own (`Player.pack`, `Player.rare`),
counted with every other zone by the invariants. The frames define them (8.3, パック,
レアパック, ストラテジー, エクストラ):

- `pack N`: the top N cards of the shuffled deck are set aside face down as the pack;
- `rare N`: the player chooses N cards of the deck as rare cards, face down (their
  agent is asked, a `setup` decision);
- the pack is unopened until `open_pack` turns it face up (開封済み, `pack_opened`);
  cards leave the pack and the rare zone by the ordinary moves (`move`, key cards).

Disclosure (8.3.2): whether a pack is opened and how many rare cards a player holds are
public; an opened pack and one's own rare cards are seen by their owner only; an unopened
pack by nobody (`bpscript.engine.kernel.view`).
"""

from __future__ import annotations

from ...model.setup_steps import SetupStep, StepKind
from .dealer import Deal
from ..kernel.registry import verb
from ..kernel.request import Ctx


def take_pack(deal: Deal, step: SetupStep) -> None:
    """パック step 2: the top `count` cards of each deck become the pack, face down."""
    for p, deck in zip(deal.state.players, deal.decks):
        n = min(step.count or 0, len(deck))
        taken = deck[len(deck) - n:]  # the top of a pile is the end of its list
        del deck[len(deck) - n:]
        p.pack.extend(reversed(taken))
        p.pack_opened = False


def choose_rare(deal: Deal, step: SetupStep) -> None:
    """レアパック step 1: each player chooses `count` cards of the deck as rare cards."""
    for p, chosen in zip(deal.state.players, deal.take_from_decks(step, "rare card(s) of your deck, set face down")):
        p.rare.extend(chosen)


#: the setup step kinds this module runs (registered by `bpscript.engine.setup.start`)
STEPS = {StepKind.PACK: take_pack, StepKind.RARE: choose_rare}


@verb
def open_pack(ctx: Ctx, player: int) -> None:
    """パック開封 step 2: the player's pack is turned face up; it is opened (開封済み)."""
    ctx.state.players[player].pack_opened = True
    ctx.state.version += 1


@verb
def pack_opened(ctx: Ctx, player: int) -> bool:
    """Whether the player's pack is opened (public, 8.3.2)."""
    return ctx.state.players[player].pack_opened
