"""Agents: who decides for a player. One protocol for every decision:

- `request(view, player, options)` → one of `options` (a legal request: action, key
  cards, target) or None to pass;
- `choose(view, player, options, count, prompt, at_least=1)` → a list of options (costs
  to pay, choices inside an effect, attackers, blockers, the order of triggered
  requests, the decisions of the setup); `count` None means any number, from
  `at_least` (1, or 0: none) up;
- `yes(view, player, question)` → bool (必要であれば, 〜してもよい).

`view` is what the player may see (6.1, `Game.view`). `RandomAgent` decides by a
seeded RNG, `ScriptedAgent` answers from a list (tests), `Recorder` wraps any agent
and records the index of each answer so a game log can be replayed by `ReplayAgent`
(the person at a terminal is `bpscript.commands._terminal.TerminalPlayer`).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Protocol, Sequence, TypeVar

from ...model.values import Duration, Face, Position, State
from ..kernel.legal import Option, Options
from ..kernel.request import COST, ORDER, SETUP, kind_of

T = TypeVar("T")

#: the enums whose members an option may be, named by their id in a scripted choice
WORDS = (State, Face, Position, Duration)


class PlayerView(Protocol):
    """What an agent reads of its view (`Game.view`: a `view.View`, or a dict)."""

    def __getitem__(self, key: str) -> Any: ...  # Any: a JSON value, whose shape its key says


class Withdrawn(Exception):
    """Raised by an agent asked to pay a cost (5.2): the player takes the request back.
    Nothing is paid before every cost is chosen, so the game asks the same player again."""


#: what a `Recorder` writes for a withdrawal, so a replay withdraws at the same place
WITHDRAWN = "withdrawn"


class Agent:
    """Who decides for a player: subclass it and answer the three kinds of decision the
    game asks (`Game(ruleset, "lite", "entry20", seed, agents=[a, b])`). `view` is what `player` may see
    (6.1, `Game.view`); the game asks only the player whose decision it is."""

    def request(self, view: PlayerView, player: int, options: Sequence[Option]) -> Option | None:
        """One of `options` (a legal request: action, key cards, target) to make it, or
        None to pass the chance."""
        raise NotImplementedError

    def choose(self, view: PlayerView, player: int, options: Sequence[T], count: int | None, prompt: str,
               at_least: int = 1) -> list[T]:
        """The options picked: costs to pay, an effect's choice, attackers, blockers, the
        order of triggered requests, the decisions of the setup. `count` items, or with
        `count` None any number from `at_least` (1, or 0: none) up; `prompt` says what
        is asked. Raise `Withdrawn` while paying a cost to take the request back."""
        raise NotImplementedError

    def yes(self, view: PlayerView, player: int, question: str) -> bool:
        """Whether the player does what `question` offers (必要であれば, 〜してもよい)."""
        raise NotImplementedError


class RandomAgent(Agent):
    """Uniform over actions, then over the ways to request the chosen one; passes now
    and then (rarely when it has the turn and the stage is empty)."""

    def __init__(self, seed: int = 0, pass_rate: float = 0.5, idle_pass_rate: float = 0.05):
        self.rng = random.Random(seed)
        self.pass_rate = pass_rate
        self.idle_pass_rate = idle_pass_rate

    def request(self, view: PlayerView, player: int, options: Sequence[Option]) -> Option | None:
        idle = view["turn_player"] == player and not _staged(view)
        # the pass is decided first: the options (computed on first look) are not needed for it
        if self.rng.random() < (self.idle_pass_rate if idle else self.pass_rate):
            return None
        if not isinstance(options, Options):  # the game's options list the ways of one action alone
            return _pick_listed(self.rng, options)
        actions = options.actions()  # the first look (none: nothing to request)
        if not actions:
            return None
        action = self.rng.choice(sorted(actions))
        return self.rng.choice(options.of(action))

    def choose(self, view: PlayerView, player: int, options: Sequence[T], count: int | None, prompt: str,
               at_least: int = 1) -> list[T]:
        options = list(options)
        if count is None:
            n = self.rng.randint(min(at_least, len(options)), len(options)) if options else 0
        else:
            n = min(count, len(options))
        return pick(self.rng, options, n)

    def yes(self, view: PlayerView, player: int, question: str) -> bool:
        return self.rng.random() < 0.5


def pick(rng: random.Random, options: list[T], n: int) -> list[T]:
    """`rng.sample(options, n)`, with the same draws: one item is `rng.choice` (what
    `sample` draws for it), the most frequent case (a card to discard, a blocker)."""
    if n == 1:
        return [rng.choice(options)]
    return rng.sample(options, n)


def _pick_listed(rng: random.Random, options: Sequence[Option]) -> Option | None:
    """`RandomAgent.request`'s pick from a plain list of options: an action, then a way
    (its own function: the comprehension's cell is not made at every request)."""
    if not options:
        return None
    action = rng.choice(sorted({o.action for o in options}))
    return rng.choice([o for o in options if o.action == action])


def _staged(view: PlayerView) -> int:
    """How many requests are on the stage: counted, not printed, when the view says it."""
    try:
        size = view["stage_size"]  # asked directly: a game's view answers it without `get`
    except KeyError:
        size = None
    staged: int = len(view["stage"]) if size is None else size
    return staged


#: a scripted request: an action id (its first legal way), a predicate over the options, or None (pass)
Wanted = str | Callable[[Option], bool] | None
#: a scripted choice: the items (or their text) to pick, one item, or a callable given the options
Choice = Any  # Any: the items of any choice (cards, units, words, their text) or a callable
#: a decision as a game log records it: a request's index or None, a choice's indices (or
#: `WITHDRAWN`), a yes/no answer; a log read from JSON may hold anything (`ReplayAgent` checks)
Decision = int | list[int] | str | bool | None


class ScriptExhausted(AssertionError):
    """A strict `ScriptedAgent` was asked a decision its script does not answer."""


class ScriptedAgent(Agent):
    """Answers from lists given in advance, one list per kind of decision:

    - `requests`: an action id (its first legal way), a predicate over the options, or
      None (pass);
    - `costs`: what pays each cost (5.2), in the order the costs are paid;
    - `choices`: what each effect's choice picks (attackers, blockers, cards, units, …);
    - `orders`: the order of triggered requests (9.4.1), one pick per question;
    - `setup`: the player's decisions of the setup (3.9, 8.3), in the order the frame's
      steps ask them (the cards of the chosen hand, the rare cards, …);
    - `answers`: bools for yes/no questions.

    A choice item is a list of the items to pick (the items themselves, or their text as
    printed: `"♣9"`; a word of the vocabulary by its id: `"driven"`), or a callable
    given the options. When a list runs out the agent
    passes / picks the first / answers no — unless `strict`: then a decision with no
    answer left, or a choice that matches none of the options offered, raises
    `ScriptExhausted`.
    """

    def __init__(self, requests: Sequence[Wanted] = (), choices: Sequence[Choice] = (), answers: Sequence[bool] = (),
                 strict: bool = False, *, costs: Sequence[Choice] = (), orders: Sequence[Choice] = (),
                 setup: Sequence[Choice] = ()):
        self.requests = list(requests)
        self.costs = list(costs)
        self.choices = list(choices)
        self.orders = list(orders)
        self.setup = list(setup)
        self.answers = list(answers)
        self.strict = strict
        self.seen: list[str] = []

    def queue(self, kind: str) -> list[Choice]:
        """The list that answers decisions of `kind` (`bpscript.engine.kernel.request.Prompt`)."""
        return {COST: self.costs, ORDER: self.orders, SETUP: self.setup}.get(kind, self.choices)

    def _none_left(self, what: str, player: int, detail: str) -> None:
        if self.strict:
            raise ScriptExhausted(f"P{player}: no scripted {what} left ({detail})")

    def request(self, view: PlayerView, player: int, options: Sequence[Option]) -> Option | None:
        if not self.requests:
            self._none_left("request", player, f"legal: {[str(o) for o in options]}")
            return None
        want = self.requests.pop(0)
        if want is None:
            return None
        for o in options:
            if (callable(want) and want(o)) or o.action == want:
                return o
        raise AssertionError(f"scripted request {want!r} is not legal; legal: {[str(o) for o in options]}")

    def choose(self, view: PlayerView, player: int, options: Sequence[T], count: int | None, prompt: str,
               at_least: int = 1) -> list[T]:
        self.seen.append(prompt)
        kind = kind_of(prompt)
        queue = self.queue(kind)
        if not queue:
            self._none_left(f"{kind} choice", player, prompt)
            return list(options)[: (count if count is not None else 1)]
        want = queue.pop(0)
        if callable(want):
            return list(want(list(options)))
        wanted = want if isinstance(want, (list, tuple)) else [want]
        names = [str(w) for w in wanted]
        chosen = [o for o in options if any(o is w for w in wanted) or str(o) in names or _short(o) in names]
        if self.strict and len(chosen) != len(wanted):
            raise ScriptExhausted(f"P{player}: scripted {kind} choice {names} for {prompt!r} does not match "
                                  f"the options {[str(o) for o in options]}")
        return chosen

    def yes(self, view: PlayerView, player: int, question: str) -> bool:
        if not self.answers:
            self._none_left("answer", player, question)
            return False
        return bool(self.answers.pop(0))


def _short(o: object) -> str:
    """An option's other text: a unit's cards run together (`♠5♡5`), a word of the
    vocabulary by its id (`driven` for the option `State.DRIVEN`)."""
    if isinstance(o, WORDS):
        return str(o.value)
    cards = getattr(o, "cards", None)
    return "".join(map(str, cards)) if cards is not None else str(o)


class Recorder(Agent):
    """Wraps an agent and records each decision as indices into its options."""

    def __init__(self, inner: Agent, record: list[Decision]):
        self.inner = inner
        self.record = record

    def request(self, view: PlayerView, player: int, options: Sequence[Option]) -> Option | None:
        choice = self.inner.request(view, player, options)
        self.record.append(None if choice is None else next(i for i, o in enumerate(options) if o is choice))
        return choice

    def choose(self, view: PlayerView, player: int, options: Sequence[T], count: int | None, prompt: str,
               at_least: int = 1) -> list[T]:
        try:
            chosen = self.inner.choose(view, player, options, count, prompt, at_least)
        except Withdrawn:
            self.record.append(WITHDRAWN)
            raise
        self.record.append([next(i for i, o in enumerate(options) if o is c) for c in chosen])
        return chosen

    def yes(self, view: PlayerView, player: int, question: str) -> bool:
        answer = bool(self.inner.yes(view, player, question))
        self.record.append(answer)
        return answer


class LogMismatch(ValueError):
    """A logged decision that is not one the game offers at that point (a forged or
    damaged log, or one played with other rules)."""


class ReplayAgent(Agent):
    """Plays back recorded decisions (a game log), checking each against what is offered:
    a request is an index into the options or None (pass), a choice a list of distinct
    indices no longer than asked, an answer a bool. `at` counts the decisions consumed."""

    def __init__(self, record: Sequence[Decision]):
        self.record = record
        self.at = 0

    def _next(self) -> Decision:
        if self.at >= len(self.record):
            raise EOFError("the log's decisions ended")  # an abandoned game's log
        value = self.record[self.at]
        self.at += 1
        return value

    def _fail(self, what: str, value: object) -> LogMismatch:
        shown = repr(value)
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        return LogMismatch(f"decision {self.at} ({what}) is {shown}")

    def request(self, view: PlayerView, player: int, options: Sequence[Option]) -> Option | None:
        i = self._next()
        if i is None:
            return None
        if type(i) is not int or not 0 <= i < len(options):
            raise self._fail(f"a request of P{player}: none or 0 to {len(options) - 1}", i)
        return options[i]

    def choose(self, view: PlayerView, player: int, options: Sequence[T], count: int | None, prompt: str,
               at_least: int = 1) -> list[T]:
        picked = self._next()
        if picked == WITHDRAWN and kind_of(prompt) == COST:  # taken back while choosing its costs
            raise Withdrawn()
        most = len(options) if count is None else min(count, len(options))
        least = min(at_least, most)
        if (not isinstance(picked, list) or not least <= len(picked) <= most
                or any(type(i) is not int or not 0 <= i < len(options) for i in picked)
                or len(set(picked)) != len(picked)):
            raise self._fail(f"a choice of P{player}: {least} to {most} distinct indices below {len(options)}"
                             f"{' or withdrawn' if kind_of(prompt) == COST else ''}", picked)
        return [options[i] for i in picked]

    def yes(self, view: PlayerView, player: int, question: str) -> bool:
        answer = self._next()
        if type(answer) is not bool:
            raise self._fail(f"a yes/no answer of P{player}: true or false", answer)
        return answer
