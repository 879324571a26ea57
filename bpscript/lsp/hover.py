"""Hover: a verb's signature and docs, what a name resolved to (local, context name,
vocabulary term, constant, script id), a script's card as the action list prints it, and
the cards a ★ / ☆ condition accepts."""

from __future__ import annotations

from itertools import islice

from ..backends.markdown_backend import script_card
from ..model.cards import Card, full_deck
from ..model.conditions import (CardCondition, FaceDown, LabelHolder, NamedCharacter, RareCard, SameNumber,
                          SameSuit, Slots)
from ..model import effects as fx
from ..model.ruleset import Ruleset, Script
from ..syntax.conditions import ConditionError, format_condition, parse_condition
from ..verbs import LIBRARY, VerbSpec
from .cursor import Spot, Word
from .resolved import FIELD_TERMS, describe, describe_term, resolve_name

MARKS = {"★": "キーカード条件 (key card condition)", "☆": "ユニット条件 (unit condition)"}
WAYS_SHOWN = 5000


def hover_text(at: Spot | None, rs: Ruleset | None, name: fx.Name | None = None,
               script: Script | None = None) -> tuple[str, Word] | None:
    """Markdown for the token under the cursor (`cursor.spot`), and the word it is about.
    `name` is the checked model's name at the cursor, if any, in `script`: what it resolved
    to is shown."""
    if at is None:
        return None
    cond = at.condition()
    if cond is not None:
        mark, word = cond
        voc = rs.vocabulary if rs is not None else None
        return describe_condition(mark, word.text, voc and voc.spelling_map(), voc and voc.spelled()), word
    ref = at.reference()
    if ref is not None and rs is not None:
        script = rs.by_name(ref.text)
        if script is not None:
            return card(script, rs), ref
    named = at.field_term()
    if named is not None and named[0] in FIELD_TERMS and rs is not None:  # `note: untargetableByCounter`
        table = FIELD_TERMS[named[0]]
        term = getattr(rs.vocabulary, table).get(named[1].text)
        if term is not None:
            return describe_term(table, term), named[1]
    word = at.name()
    if word is None:
        return None
    spec = LIBRARY.get(word.text)
    if spec is not None and at.called():
        return verb_doc(spec), word
    if name is not None and rs is not None and script is not None and name.id == word.text:
        found = resolve_name(rs, name)
        text = describe(rs, script, found)
        if found.script is not None:
            text += "\n\n---\n\n" + card(found.script, rs)
        return text, word
    if rs is not None and word.text in rs.scripts:
        return card(rs.scripts[word.text], rs), word
    return None


def verb_doc(spec: VerbSpec) -> str:
    lines = [f"```\n{spec.signature}\n```", "", spec.doc]
    if spec.ja:
        lines += ["", spec.ja]
    lines += ["", f"*{spec.kind}*" + (f" — used by `{spec.single_use}` only" if spec.single_use else "")]
    return "\n".join(lines)


def card(script, rs: Ruleset) -> str:
    return script_card(script, rs).strip() + f"\n\n`{script.kind} {script.id}` — {script.span}\n"


def _cards(cards: list[Card]) -> str:
    return " ".join(str(c) for c in cards) if cards else "none"


def describe_condition(mark: str, text: str, spellings: dict[str, str] | None = None,
                       words: dict[str, str] | None = None) -> str:
    """The condition in words: how many cards, which cards can take part, how many ways."""
    head = f"**{mark}{text}** — {MARKS[mark]}"
    try:
        cond = parse_condition(text, spellings, words)
    except ConditionError as err:
        return f"{head}\n\nnot a condition: {err.message} (expected {err.expected})"
    if isinstance(cond, LabelHolder):
        return f"{head}\n\nA unit on the field: {cond.count} {cond.kind} holding the label <{cond.label}>."
    if isinstance(cond, NamedCharacter):
        return f"{head}\n\nA unit on the field: {cond.count} of the character 「{cond.name}」."
    assert isinstance(cond, CardCondition)
    deck = full_deck()
    size = (f"{cond.min_cards}" if cond.max_cards == cond.min_cards
            else f"{cond.min_cards} or more" if cond.max_cards is None else f"{cond.min_cards}〜{cond.max_cards}")
    out = [head, "", f"Takes {size} card(s): {format_condition(cond, words=words)}"]
    if isinstance(cond, Slots):
        for i, p in enumerate(cond.patterns, 1):
            label = f"card {i}" if len(cond.patterns) > 1 else "the card"
            out.append(f"- {label}: {_cards([c for c in deck if p.accepts(c)])}")
    elif isinstance(cond, (SameSuit, SameNumber)):
        allowed = [c for c in deck if not c.is_joker
                   and (not isinstance(cond, SameSuit) or cond.numbers is None or c.number in cond.numbers)]
        what = "one suit" if isinstance(cond, SameSuit) else "one number"
        out.append(f"- all of {what}, from: {_cards(allowed)}")
    elif isinstance(cond, FaceDown):
        out.append("- any card, face down")
    elif isinstance(cond, RareCard):
        out.append(f"- any {cond.count} card(s) from the rare zone")
    if not isinstance(cond, (FaceDown, RareCard)):
        ways = list(islice(cond.candidates(deck), WAYS_SHOWN))
        count = f"{len(ways)}" if len(ways) < WAYS_SHOWN else f"{WAYS_SHOWN} or more"
        example = f", e.g. {_cards(list(ways[0]))}" if ways else ""
        out += ["", f"{count} way(s) from the 54-card deck{example}"]
    return "\n".join(out)
