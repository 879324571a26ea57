"""A board position to start a game from: the public way for rule authors (and the tests)
to set up a scene without touching the engine's internals.

    pos = Position(ruleset, "lite", "entry20", turn=3, turn_player=0)
    pos.life(0, "♠2 ♠3 ♡8")            # listed top first: ♠2 is the top of the pile
    pos.hand(0, "♡5 ♡6")
    soldier = pos.unit(1, "♣7", charged=False)   # a driven ♣7 soldier of player 1
    pos.request(1, "draw")              # a request already on the stage
    game = pos.game([agent0, agent1])   # a Game that goes on from here

Every card belongs to the deck of a player: by default the player whose zone it is put in;
`owner=` puts the other player's card there (a unit that changed hands). A card is in one
place only: putting it twice is an error. Zones not named stay empty. Units arrive on an
earlier turn unless `arrived_this_turn=True` (4.1.4: they may not attack, unless 速攻).
A frame with a pack or rare cards (パック, レアパック, …) takes them too: `pos.pack(1, "♣2 ♣3",
opened=False)`, `pos.rare(0, "♠K")`.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from ...model import ruleset as m
from ...model.cards import Card
from ..players.agents import Agent
from ..kernel.game import Game
from ..kernel.request import Request
from ..kernel.rules import Rules
from ..kernel.state import GameState, Player, Unit, owned, owner_of

class PositionError(ValueError):
    """A position that cannot be: a card twice, an unknown action, a player other than 0 or 1."""


def _cards(text: str | Sequence[str]) -> list[Card]:
    words = text.split() if isinstance(text, str) else list(text)
    try:
        return [Card.parse(w) for w in words]
    except ValueError as e:
        raise PositionError(f"not a card: {e}") from None


class Position:
    """An empty board of one regulation that a test or a rule author fills in."""

    def __init__(self, ruleset: m.Ruleset, fmt: str, frame: str, *, turn: int = 3, turn_player: int = 0,
                 first_player: int = 0, chance: int | None = None, seed: int = 1):
        if frame not in ruleset.frames:
            raise PositionError(f"unknown frame '{frame}' (the ruleset defines: {', '.join(ruleset.frames)})")
        if fmt not in ruleset.frames[frame].formats:
            raise PositionError(f"frame '{frame}' is not played in format '{fmt}' "
                                f"(it is played in: {', '.join(ruleset.frames[frame].formats)})")
        if turn_player not in (0, 1) or first_player not in (0, 1) or chance not in (None, 0, 1):
            raise PositionError("players are 0 and 1")
        #: the player with the chance when the game goes on (9.1.5): the turn player unless set
        self.chance = turn_player if chance is None else chance
        self.ruleset, self.format, self.frame = ruleset, fmt, frame
        self.state = GameState(ruleset, fmt, frame, (Player(0), Player(1)), random.Random(seed),
                               turn=turn, turn_player=turn_player, first_player=first_player)
        #: each player's deck as placed (the state's `decks`, filled as cards are placed)
        self._decks: tuple[list[Card], list[Card]] = ([], [])
        self.state.decks = self._decks
        self._placed: set[Card] = set()
        self.seed = seed

    # ------------------------------------------------------------ cards
    def _own(self, player: int, text: str | Sequence[str], owner: int | None) -> list[Card]:
        if player not in (0, 1) or owner not in (None, 0, 1):
            raise PositionError("players are 0 and 1")
        cards = [owned(c, player if owner is None else owner) for c in _cards(text)]
        for c in cards:
            if c in self._placed:
                raise PositionError(f"{c} of player {owner if owner is not None else player} is placed twice")
            self._placed.add(c)
            self._decks[owner_of(c)].append(c)
        return cards

    def _disown(self, cards: list[Card]) -> None:
        """Take back cards of a placement that was refused (the position stays as it was)."""
        for c in cards:
            self._placed.discard(c)
            self._decks[owner_of(c)].remove(c)

    def _pile(self, zone: str, player: int, text: str | Sequence[str], owner: int | None) -> list[Card]:
        cards = self._own(player, text, owner)
        pile = getattr(self.state.players[player], zone)
        if zone in ("life", "grave"):  # listed top first; the top of a pile is the end of its list
            pile[:0] = list(reversed(cards))
        else:
            pile.extend(cards)
        return cards

    def life(self, player: int, cards: str | Sequence[str], owner: int | None = None) -> list[Card]:
        """Cards onto `player`'s life, listed from the top down (the first is drawn first)."""
        return self._pile("life", player, cards, owner)

    def hand(self, player: int, cards: str | Sequence[str], owner: int | None = None) -> list[Card]:
        return self._pile("hand", player, cards, owner)

    def grave(self, player: int, cards: str | Sequence[str], owner: int | None = None) -> list[Card]:
        """Cards into `player`'s grave, listed from the top down."""
        return self._pile("grave", player, cards, owner)

    def pack(self, player: int, cards: str | Sequence[str], *, opened: bool = False,
             owner: int | None = None) -> list[Card]:
        """`player`'s pack (パック, 8.3): face down and unopened, or opened (`opened=True`)."""
        self._zone_of_frame("pack")
        cards_ = self._pile("pack", player, cards, owner)
        self.state.players[player].pack_opened = opened
        return cards_

    def rare(self, player: int, cards: str | Sequence[str], owner: int | None = None) -> list[Card]:
        """`player`'s rare cards (レアカード, 8.3), face down."""
        self._zone_of_frame("rare")
        return self._pile("rare", player, cards, owner)

    def _zone_of_frame(self, zone: str) -> None:
        zones = self.ruleset.frames[self.frame].zones
        if zone not in zones:
            raise PositionError(f"frame '{self.frame}' has no zone '{zone}' (its zones: {', '.join(zones)})")

    def unit(self, player: int, cards: str | Sequence[str], *, face_up: bool = True, charged: bool = True,
             arrived_this_turn: bool = False, as_: str | None = None, owner: int | None = None) -> Unit:
        """A unit on `player`'s field: its component is matched from its cards (4.1.3), or the
        one named by `as_` (a unit put on the field as a component, e.g. a preset bulwark).
        Cards that are no character of the regulation are an error."""
        names = [c for c, _ in self.state.components("field")]
        if as_ is not None and as_ not in names:
            raise PositionError(f"'{as_}' is not a character of {self.format} / {self.frame} "
                                f"(its characters: {', '.join(names)})")
        u = self.state.put_unit(player, self._own(player, cards, owner), face_up=face_up, charged=charged,
                                designated=as_)
        if u.component is None:
            self.state.players[player].field.remove(u)
            self._disown(u.cards)
            shown = " ".join(map(str, u.cards)) + ("" if face_up else " face down")
            raise PositionError(f"{shown} is no character of {self.format} / {self.frame} (4.1.3): "
                                f"name one with as_= ({', '.join(names)})")
        u.entered_turn = self.state.turn if arrived_this_turn else max(0, self.state.turn - 1)
        return u

    def fog(self, player: int, cards: str | Sequence[str], *, on: Unit | None = None, as_: str | None = None,
            owner: int | None = None) -> Unit:
        """A fog mark: cards in `player`'s fog, linked to the unit `on` they mark, as the fog
        component `as_` (else matched from its cards). It was placed this turn, so it acts
        now (4.3) and its effect ends with the turn."""
        names = [c for c, _ in self.state.components("fog")]
        if as_ is not None and as_ not in names:
            raise PositionError(f"'{as_}' is not a fog of {self.format} / {self.frame} (its fogs: {', '.join(names)})")
        if on is not None and not any(on in p.field for p in self.state.players):
            raise PositionError(f"{on!r} is not on the field: a mark is linked to a unit on the field")
        cards_ = self._own(player, cards, owner)
        p = self.state.players[player]
        p.fog.extend(cards_)
        mark = Unit(list(cards_), player, True, True, self.state.turn, link=on, designated=as_)
        mark.component = self.state.match_fog(mark)
        if mark.component is None:
            p.fog[-len(cards_):] = []
            self._disown(cards_)
            raise PositionError(f"{' '.join(map(str, cards_))} is no fog of {self.format} / {self.frame}: "
                                f"name one with as_= ({', '.join(names)})")
        p.marks.append(mark)
        return mark

    def trump(self, player: int, cards: str | Sequence[str], *, face_up: bool = True,
              owner: int | None = None) -> list[Unit]:
        """Cards in `player`'s trump zone (4.4), face up (表切札: their abilities hold) or
        face down (裏切札); the trump units, in the order given. A card that is no trump
        of the regulation when face up is an error."""
        names = [c for c, _ in self.state.components("trump")]
        if not names:
            raise PositionError(f"{self.format} / {self.frame} has no trumps")
        cards_ = self._own(player, cards, owner)
        p = self.state.players[player]
        p.trump.extend(cards_)
        self.state.rematch_trumps(p)
        units = [u for u in p.trumps if u.cards[0] in cards_]
        for u in units:
            u.face_up = True  # matched face up first: the card must be a trump (♠A 革命 …)
        self.state.rematch_trumps(p)
        shown = [u for u in units if u.component is None]
        if shown:
            p.trump[-len(cards_):] = []
            self.state.rematch_trumps(p)
            self._disown(cards_)
            raise PositionError(f"{' '.join(str(u.cards[0]) for u in shown)} is no trump of "
                                f"{self.format} / {self.frame} (its trumps: {', '.join(names)})")
        for u in units:
            u.face_up = face_up
            u.entered_turn = max(0, self.state.turn - 1)
        self.state.rematch_trumps(p)
        return units

    # ------------------------------------------------------------ the stage
    def request(self, player: int, action: str, keys: str | Sequence[str] = (),
                target: Unit | Request | int | None = None,
                owner: int | None = None) -> Request:
        """A request already on the stage (its costs paid): the top is the last one added."""
        script = self.ruleset.scripts.get(action)
        if not isinstance(script, m.ActionScript) or script.header is None:
            raise PositionError(f"no action '{action}'")
        req = Request(action, player, self._own(player, keys, owner), None, target,
                      script.header.speed.resolution, script.header.timing.window,
                      target_cards=tuple(target.cards) if isinstance(target, Unit) else ())
        self.state.stage.append(req)
        self.state.requested.add((player, action))
        return req

    # ------------------------------------------------------------ the game
    def game(self, agents: Sequence[Agent], rules: Rules | None = None, *, partial: bool = False,
             check: bool = True, **kwargs: Any) -> Game:  # Any: `Game`'s other keyword arguments, passed on
        """A Game that goes on from this position (the turn player has the chance). `partial`
        allows a regulation with scripts the engine cannot run (they are never offered)."""
        self.state.rematch()
        game = Game(self.ruleset, self.format, self.frame, self.seed, agents, rules=rules, state=self.state,
                    partial=partial, check=check, **kwargs)
        game.chance = self.chance
        return game
