"""What a player may see (6.1): the view agents decide from, and how things print."""

from __future__ import annotations

from typing import Any, Iterable

from ...model.cards import Card

from .request import Request
from .state import Player, Unit


def describe(x: object) -> str:
    if isinstance(x, Unit):
        return unit_text(x.component, x.cards, x.face_up, x.owner)
    if isinstance(x, Request):
        return f"request {x}"
    if isinstance(x, int):
        return f"P{x}"
    return str(x)


def unit_text(component: str | None, cards: Iterable[Card], face_up: bool, owner: int) -> str:
    """A unit as `describe` writes it: a face-down unit's cards are not public (6.1)."""
    return f"{component or '?'}[{''.join(map(str, cards)) if face_up else 'face down'}] (P{owner})"


class Seen:
    """A target as it stands now, written when read: a note names a unit as it was when
    the note was made (its cards and face may change later), and most notes are never read."""

    __slots__ = ("target", "text", "component", "cards", "face_up")

    def __init__(self, target: Unit | Request | int | None):
        self.target = target
        self.text: str | None
        if isinstance(target, Unit):
            self.text = None
            self.component, self.cards, self.face_up = target.component, tuple(target.cards), target.face_up
        else:  # a request or a player: written now (rare)
            self.text = describe(target)

    def __str__(self) -> str:
        if isinstance(self.target, Unit):  # `text` is None
            return unit_text(self.component, self.cards, self.face_up, self.target.owner)
        return str(self.text)


#: a view as JSON
ViewDict = dict[str, Any]  # Any: the values of its keys (numbers, texts, lists and objects of them)


def full_view(game: Any, p: int) -> ViewDict:  # Any: a Game (game.py imports this module)
    """What player `p` may see (6.1): own hand and grave, both fields (face-down cards
    only the owner's), fog, life counts (the opponent's only below 10), the stage, the
    packs and rare cards as 8.3.2 discloses them."""
    st = game.state
    me, opp = st.players[p], st.players[1 - p]

    def units(pl: Player, mine: bool) -> list[dict[str, object]]:
        return [{"component": u.component if (u.face_up or mine) else "bulwark?",
                 "cards": [str(c) for c in u.cards] if (u.face_up or mine) else ["face down"],
                 "face_up": u.face_up, "charged": u.charged,
                 "size": game.ctx(Request("", p)).size(u) if u.face_up else None} for u in pl.field]
    olife = len(opp.life)
    return {
        "me": p, "turn": st.turn, "turn_player": st.turn_player, "chance": game.chance,
        "hand": [str(c) for c in me.hand], "life": len(me.life),
        "opponent_life": olife if olife < 10 else "10+", "opponent_hand": len(opp.hand),
        "grave": [str(c) for c in me.grave], "opponent_grave_top": str(opp.grave[-1]) if opp.grave else None,
        "field": units(me, True), "opponent_field": units(opp, False),
        "fog": [str(c) for c in me.fog], "opponent_fog": [str(c) for c in opp.fog],
        # the trump zone (4.4): one's own trumps, face up or down; the opponent's face-up ones
        "trumps": [{"card": str(u.cards[0]), "face_up": u.face_up, "trump": u.component} for u in me.trumps],
        "opponent_trumps": [{"card": str(u.cards[0]), "trump": u.component} for u in opp.trumps if u.face_up],
        "stage": [str(r) for r in st.stage], "stage_size": len(st.stage),
        # 8.3.2: opened or not and the number of rare cards are public; an opened pack and
        # one's rare cards are the owner's to see; an unopened pack nobody's
        "pack": [str(c) for c in me.pack] if me.pack_opened else None, "pack_size": len(me.pack),
        "pack_opened": me.pack_opened, "opponent_pack_opened": opp.pack_opened,
        "opponent_pack_size": len(opp.pack),
        "rare": [str(c) for c in me.rare], "opponent_rare": len(opp.rare),
    }


class View:
    """A player's view (6.1); the cheap keys are read directly, the rest on first use
    (`full`, kept in `_full`). `Game._view` hands the same one again while `_full` is None."""

    __slots__ = ("game", "player", "_full")

    def __init__(self, game: Any, player: int):  # Any: as `full_view`
        self.game, self.player = game, player
        self._full: ViewDict | None = None

    def __getitem__(self, key: str) -> Any:  # Any: as `ViewDict`
        if key == "turn_player":
            return self.game.state.turn_player
        if key == "stage_size":  # what a random agent asks (idle or not), without printing the stage
            return len(self.game.state.stage)
        if key == "stage":
            return [str(r) for r in self.game.state.stage]
        if key == "me":
            return self.player
        return self.full[key]

    @property
    def full(self) -> ViewDict:
        found = self._full
        if found is None:
            found = self._full = full_view(self.game, self.player)
        return found

    def get(self, key: str, default: object = None) -> Any:  # Any: as `ViewDict`
        try:
            return self[key]
        except KeyError:
            return default
