"""A frame's deck and setup blocks → typed `Deck` and `Setup`, checked with located diagnostics.

Called by the resolver (`bpscript.check.resolve`) for the `deck:` and `setup:` fields of a
frame, then once more with the whole frame to check the two against each other and
against the frame's zones. Every problem is reported where it stands (E4xx, see
docs/reference/diagnostics.md); the object built is still usable, so one run reports
all of them.
"""

from __future__ import annotations

import difflib
from typing import Callable

from ..model.cards import Card
from ..model.deck import MAX_JOKERS, STANDARD_DECK, SUITED, Deck, DeckList, DeckRule
from ..model.setup_steps import DEFAULT_SETUP, FACES, PLAYERS, STEPS, Phase, Setup, SetupStep, StepKind
from ..source import Span
from ..syntax import ast

Report = Callable[..., None]  # Resolver.error(code, message, span, expected=, fix=)

DECK_KEYS = ("cards", "min", "max", "jokers")
ONCE = (StepKind.LIFE, StepKind.PRESET, StepKind.DECIDE_FIRST, StepKind.START)
REQUIRED = (StepKind.LIFE, StepKind.DECIDE_FIRST, StepKind.START)
STEP_NAMES = frozenset(k.value for k in StepKind)
STEP_EXAMPLE = "{ shuffle, life, hand 7, preset, decide_first, start }"


def _keyword(span: Span, word: str) -> Span:
    """The span of the field's keyword (`deck`, `setup`), for problems of the whole block."""
    return Span(span.file, span.line, span.column, span.line, span.column + len(word))


def _split(settings: tuple[ast.Setting, ...], names) -> list[ast.Setting]:
    """Settings as written, cut again at every known name: a line may hold several
    (`min 40 max 54`, `shuffle life hand 7`), since no value is spelt like a name."""
    out: list[ast.Setting] = []
    for st in settings:
        words = (st.name,) + st.values
        start = 0
        for i in range(1, len(words) + 1):
            if i == len(words) or words[i].value in names:
                head, values = words[start], words[start + 1:i]
                end = values[-1].span if values else head.span
                out.append(ast.Setting(head, values, Span(head.span.file, head.span.line, head.span.column,
                                                          end.end_line, end.end_column)))
                start = i
    return out


def _count(w: ast.Word, report: Report, what: str, least: int = 1, example: int = 7) -> int | None:
    if not w.value.isascii() or not w.value.isdigit() or int(w.value) < least:
        report("E504", f"bad count '{w.value}' for {what}", w.span,
               expected=f"a whole number of at least {least}, e.g. `{what} {example}`")
        return None
    return int(w.value)


# ---------------------------------------------------------------- deck
def resolve_deck(f: ast.DeckField, report: Report) -> Deck:
    """`deck: "…" { cards ♠A … }` or `deck: "…" { min 40 }` → DeckList or DeckRule."""
    text = f.text.value
    if not f.settings:
        report("E506", "the deck gives neither its cards nor its rule", _keyword(f.span, "deck"),
               fix='after the text, list the cards `{ cards ♠A ♠2 … }` or give the rule `{ min 40 }`')
        return DeckRule(STANDARD_DECK.min, STANDARD_DECK.max, text=text, span=f.span)
    cards: list[Card] = []
    listed: ast.Setting | None = None
    numbers: dict[str, tuple[int, ast.Setting]] = {}
    for st in _split(f.settings, DECK_KEYS):
        key = st.name.value
        if key == "cards":
            listed = listed or st
            if not st.values:
                report("E504", "`cards` lists no card", st.name.span, expected="cards such as ♠A ♡10 Joker")
            for w in st.values:
                card = _card(w, cards, report)
                if card is not None:
                    cards.append(card)
        elif key in ("min", "max", "jokers"):
            if key in numbers:
                report("E501", f"'{key}' is given twice in the deck", st.name.span, fix=f"keep one `{key}`")
                continue
            if len(st.values) != 1:
                report("E504", f"'{key}' takes one number", st.span, expected=f"e.g. `{key} 40`")
                continue
            n = _count(st.values[0], report, key, 0 if key == "jokers" else 1, 2 if key == "jokers" else 40)
            if n is not None:
                numbers[key] = (n, st)
        else:
            report("E501", f"unknown deck setting '{key}'", st.name.span, expected=", ".join(DECK_KEYS),
                   fix=_close(key, DECK_KEYS))
    if listed is not None:
        for key, (_, st) in numbers.items():
            report("E505", f"a deck listed card by card has no '{key}'", st.name.span,
                   fix="a deck is either its cards or a rule: keep `cards` or the rule, not both")
        return DeckList(tuple(cards), text, f.span)
    jokers = numbers.get("jokers", (MAX_JOKERS, None))[0]
    if jokers > MAX_JOKERS:
        report("E505", f"a deck holds at most {MAX_JOKERS} Jokers (3.3), not {jokers}",
               numbers["jokers"][1].values[0].span, expected=f"0 to {MAX_JOKERS}")
        jokers = MAX_JOKERS
    low = numbers.get("min", (1, None))[0]
    high = numbers.get("max", (SUITED + jokers, None))[0]
    if "max" in numbers and high > SUITED + jokers:
        report("E505", f"a deck of at most {high} cards cannot be built: 52 suited cards and {jokers} Joker(s) "
               f"make {SUITED + jokers} (3.3)", numbers["max"][1].values[0].span,
               expected=f"at most {SUITED + jokers}")
        high = SUITED + jokers
    if low > high:
        where = numbers["min"][1].values[0].span
        report("E505", f"min {low} is more than the largest deck, {high} cards", where,
               fix="lower `min` or raise `max`" if "max" in numbers else "lower `min` or allow more Jokers")
        low = high
    return DeckRule(low, high, jokers, text, f.span)


def _card(w: ast.Word, cards: list[Card], report: Report) -> Card | None:
    try:
        card = Card.parse(w.value)
    except ValueError:
        card = None
    if card is None or (card.is_joker and card.copy not in range(MAX_JOKERS)):
        report("E502", f"'{w.value}' is not a card", w.span,
               expected="a suit (♠ ♡ ♢ ♣, or S H D C) and a number (A 2 … 10 J Q K), or Joker")
        return None
    if card.is_joker:
        used = {c.copy for c in cards if c.is_joker}
        if w.value.lower() == "joker":  # a bare Joker is the next one not yet listed
            free = [i for i in range(MAX_JOKERS) if i not in used]
            if not free:
                report("E503", f"more than {MAX_JOKERS} Jokers (3.3)", w.span, fix="remove this Joker")
                return None
            return Card(0, None, free[0])
        if card.copy in used:
            report("E503", f"{card} is listed twice", w.span, fix="remove one of them")
            return None
        return card
    if any(c == card for c in cards):
        report("E503", f"{card} is listed twice (3.3: a suit and number appear once in a deck)", w.span,
               fix="remove one of them")
        return None
    return card


# ---------------------------------------------------------------- setup
def resolve_setup(f: ast.SetupField, report: Report) -> Setup:
    """`setup: "…" { shuffle … }` → Setup, each step checked, then the steps together."""
    text = f.text.value
    if not f.settings:
        report("E506", "the setup has no steps", _keyword(f.span, "setup"),
               fix=f"after the text, write its steps, one per printed step: {STEP_EXAMPLE}")
        return Setup(text, DEFAULT_SETUP.steps, f.span)
    settings = _split(f.settings, STEP_NAMES)
    steps = [s for s in (_step(st, report) for st in settings) if s is not None]
    if len(steps) == len(settings):
        _check_order(steps, report, _keyword(f.span, "setup"))
    return Setup(text, tuple(steps), f.span)


def _step(st: ast.Setting, report: Report) -> SetupStep | None:
    name = st.name.value
    try:
        kind = StepKind(name)
    except ValueError:
        report("E510", f"unknown setup step '{name}'", st.name.span, expected=" ".join(k.value for k in StepKind),
               fix=_close(name, [k.value for k in StepKind]))
        return None
    spec = STEPS[kind]
    values = list(st.values)
    if len(values) > (0 if spec.arg is None else 1):
        extra = values[0 if spec.arg is None else 1]
        report("E511", f"'{name}' takes {_takes(spec.arg)}", extra.span,
               expected=f"`{name}`" if spec.arg is None else f"`{name} {_example(spec.arg)}`")
        return None
    if spec.arg is None:
        return SetupStep(kind, span=st.span)
    if not values:
        if spec.optional_arg:
            return SetupStep(kind, span=st.span)
        report("E511", f"'{name}' needs {_takes(spec.arg)}", st.name.span,
               expected=f"`{name} {_example(spec.arg)}`")
        return None
    w = values[0]
    if spec.arg == "count":
        n = _count(w, report, name)
        return SetupStep(kind, count=n, span=st.span) if n is not None else None
    choices = PLAYERS if spec.arg == "player" else FACES
    if w.value not in choices:
        report("E511", f"'{w.value}' is not {_takes(spec.arg)}", w.span, expected=" or ".join(choices))
        return None
    if spec.arg == "player":
        return SetupStep(kind, player=w.value, span=st.span)
    return SetupStep(kind, face_up=w.value == "face_up", span=st.span)


def _takes(arg: str | None) -> str:
    return {None: "nothing", "count": "one count", "player": "a player (first or second)",
            "face": "the soldier's face (face_up or face_down)"}[arg]


def _example(arg: str | None) -> str:
    return {"count": "7", "player": "first", "face": "face_down"}.get(arg or "", "")


def _line(step: SetupStep) -> str:
    return f" (line {step.span.line})" if step.span is not None else ""


def _check_order(steps: list[SetupStep], report: Report, where: Span) -> None:
    """Contradictions between steps: phases, repeats, what a step needs before it."""
    life: SetupStep | None = None
    start: SetupStep | None = None
    seen: dict[StepKind, SetupStep] = {}
    held = 0
    trumps = 0
    face_down_preset = False
    by_player: dict[tuple[StepKind, str], int] = {}
    for st in steps:
        spec = STEPS[st.kind]
        span = st.span or where
        if st.kind in ONCE and st.kind in seen:
            first = seen[st.kind].span
            report("E514", f"'{st.kind.value}' is given twice", span,
                   fix="keep one" + (f"; the first is at line {first.line}" if first else ""))
            continue
        seen.setdefault(st.kind, st)
        if start is not None:
            report("E513", f"'{st}' comes after 'start': the game has already begun", span,
                   fix="make `start` the last step")
        if st.kind is StepKind.LIFE:
            life = st
        elif spec.phase is Phase.DECK and life is not None:
            report("E513", f"'{st}' takes cards from the deck, but the deck became the life at 'life'{_line(life)}",
                   span, fix="move it before `life`")
        elif spec.phase is Phase.LIFE and life is None:
            report("E513", f"'{st}' needs the life, and no step before it makes the deck the life", span,
                   fix="put `life` before it")
        if st.kind is StepKind.CHOOSE_HAND:
            held += st.count or 0
        elif st.kind is StepKind.HAND:
            if (st.count or 0) < held:
                report("E515", f"'{st}' is fewer than the {held} card(s) the hand already holds", span,
                       expected=f"hand {held} or more")
            held = max(held, st.count or 0)
        elif st.kind is StepKind.TRUMPS:
            trumps += st.count or 0
        elif st.kind is StepKind.PRESET:
            face_down_preset = not st.face_up
        elif st.kind is StepKind.START:
            start = st
        elif st.kind in (StepKind.REVEAL_SOLDIER, StepKind.OPEN_TRUMP):
            key = (st.kind, st.player or "")
            by_player[key] = by_player.get(key, 0) + 1
            if st.kind is StepKind.REVEAL_SOLDIER and not face_down_preset:
                report("E513", f"'{st}' has no face-down preset soldier to reveal", span,
                       fix="place the preset soldier face down first: `preset face_down`")
            elif st.kind is StepKind.REVEAL_SOLDIER and by_player[key] > 1:
                report("E514", f"'{st}' is given twice", span, fix="keep one")
            elif st.kind is StepKind.OPEN_TRUMP and by_player[key] > trumps:
                report("E515", f"'{st}' opens more trumps than the {trumps} set aside before it", span,
                       fix="set the trumps aside first: `trumps 2`" if not trumps else "set more trumps aside")
    missing = [kind for kind in REQUIRED if kind not in seen]  # one error for them all
    if missing:
        what = "; ".join(f"'{k.value}' ({STEPS[k].doc})" for k in missing)
        add = " ".join(f"`{k.value}`" for k in missing)
        report("E514", f"the setup lacks {len(missing)} step(s) it needs: {what}", where,
               fix=f"add {add}; the common steps are {STEP_EXAMPLE}")


# ---------------------------------------------------------------- the frame as a whole
def check_frame(frame_id: Span, zones: tuple[str, ...] | None, deck: Deck, setup: Setup,
                deck_field: ast.DeckField | None, setup_field: ast.SetupField | None, report: Report,
                counts: bool = True) -> None:
    """The setup against the frame's zones (`zones` None: the frame declares none) and, when
    both resolved cleanly (`counts`), against its deck."""
    if zones is None:
        needed = sorted({z for st in setup.steps for z in STEPS[st.kind].zones})
        report("E512", f"the frame declares no zones, and its setup needs {', '.join(needed)}", frame_id,
               fix=f"add `zones: {' '.join(needed)}`")
    else:
        for st in setup.steps:
            for z in STEPS[st.kind].zones:
                if z not in zones:
                    report("E512", f"'{st}' needs the zone '{z}', which the frame does not declare",
                           st.span or frame_id, fix=f"add {z} to `zones:`, or remove the step")
    taken = setup.cards_taken
    if counts and taken > deck.smallest:
        where = frame_id
        if isinstance(deck, DeckRule) and deck_field is not None and deck_field.settings:
            where = next((st.span for st in deck_field.settings if st.name.value == "min"),
                         _keyword(deck_field.span, "deck"))
        elif deck_field is not None:
            where = _keyword(deck_field.span, "deck")
        elif setup_field is not None:
            where = _keyword(setup_field.span, "setup")
        report("E515", f"the setup takes {taken} cards of each deck ({setup}), "
               f"but the smallest legal deck has {deck.smallest}", where,
               fix=f"allow decks of at least {taken} cards, or take fewer in the setup")


def _close(word: str, choices) -> str | None:
    found = difflib.get_close_matches(word, list(choices), n=1)
    return f"did you mean '{found[0]}'?" if found else None
