"""Completion by context: header words after `@`, cost letters after `$`, card-condition
forms after ★ / ☆, ids after `formats:` `frames:` `zones:`, field names at the start
of a field, item and declaration keywords at the start of a line, events after `on`, and
in effects the verbs (as snippets with their parameters), the locals and context names the
script provides, constants and script ids — and where a parameter takes a word of the
vocabulary (`move(x, to=…)`, `has_role(u, …)`), the words the ruleset declares for it."""

from __future__ import annotations

from dataclasses import dataclass

from lark import Token, Tree
from lsprotocol import types as lsp

from ..model.ruleset import Ruleset
from ..check.names import term_table
from ..syntax.conditions import words_of
from ..syntax.keywords import FIELD_NAMES, ITEM_WORDS
from ..verbs import LIBRARY, TERM_TYPES, VerbSpec
from . import cursor
from .resolved import FIELD_TERMS
from .scope import context_names, locals_at, parameter_at
from .vocabulary import Vocabulary, vocabulary

K = lsp.CompletionItemKind
SNIPPET = lsp.InsertTextFormat.Snippet

def condition_forms(rs: Ruleset | None = None) -> list[tuple[str, str, str]]:
    """The card-condition forms (`bpscript.syntax.conditions`) as (label, snippet, what it
    is), written in the ruleset's words, with its labels, unit types and characters as the
    examples (the base ruleset's words, and placeholders, without one)."""
    w = words_of(rs.vocabulary.spelled() if rs is not None else None)
    take, cards, units = w["taking"], w["cardCount"], w["unitCount"]
    same, number = w["sameSuit"], w["sameNumber"]
    label = next((l.name for l in rs.vocabulary.labels), "label") if rs is not None else "label"
    kinds = [t.name for t in rs.vocabulary.types if t.kind == "character"] if rs is not None else []
    named = next((s.name for s in rs.scripts.values() if s.kind == "character"), "name") if rs is not None else "name"
    holder = f"${{2|{','.join(kinds)}|}}" if kinds else "${2:type}"
    return [
        ("♡A〜10", "${1|♠,♡,♢,♣|}${2:A}〜${3:10}", "one card of a suit, in a range of ranks"),
        (f"♠A〜10 {take} 2{cards}", f"${{1|♠,♡,♢,♣|}}${{2:A}}〜${{3:10}} {take} ${{4:2}}{cards}",
         "several cards of one pattern"),
        (f"A {w['joined']} J", f"${{1:A}} {w['joined']} ${{2:J}}", "one card for each pattern"),
        ("Joker", "Joker", "a Joker"),
        (f"{same}{take}2{cards}", f"{same}{take}${{1:2}}{cards}", "cards of one suit"),
        (f"{same}{take}2{cards}{w['orMore']}", f"{same}{take}${{1:2}}{cards}{w['orMore']}", "at least N cards of one suit"),
        (f"{same}{w['ofRanks']}A,10〜K {take} 5{cards}", f"{same}{w['ofRanks']}${{1:A,10〜K}} {take} ${{2:5}}{cards}",
         "cards of one suit among ranks"),
        (f"{number}{take}2{cards}", f"{number}{take}${{1:2}}{cards}", "cards of one number"),
        (f"{w['everyCard']}({w['faceDown']})", f"{w['everyCard']}({w['faceDown']})", "any card, face down"),
        (f"{w['rareCard']}1{cards}", f"{w['rareCard']}${{1:1}}{cards}", "cards from the rare zone"),
        (f"<{label}> {w['holding']}{kinds[0] if kinds else 'type'}1{units}",
         f"<${{1:{label}}}> {w['holding']}{holder}${{3:1}}{units}", "a unit holding a label"),
        (f"「{named}」1{units}", f"「${{1:{named}}}」${{2:1}}{units}", "a unit of a named character"),
    ]


#: parameter types whose values are only ever written as constants (charged, face_up, top …)
FIXED = ("state", "face", "duration", "position")
KEYWORDS = ("if", "elif", "else", "for", "in", "let", "step", "repeat", "until", "and", "or", "not")
#: the id-list fields whose ids the vocabulary lists (`Vocabulary.formats` …)
IDS_FIELDS = ("formats", "frames", "zones")


@dataclass
class Completions:
    """The items, and how many characters before the cursor they replace."""

    items: list[lsp.CompletionItem]
    replace: int = 0


def complete(text: str, offset: int, rs: Ruleset | None) -> Completions:
    """The completions at character `offset` of `text`: what the grammar takes there, as
    lark's interactive parser says it (`cursor.at`); nothing where it takes no word."""
    cur = cursor.at(text, offset)
    if cur is None:  # in a string, or after a syntax error
        return Completions([])
    vocab = vocabulary(rs) if rs is not None else None
    typed, word = cur.typed, cur.replace
    if typed is not None and typed.type == "HEADER":
        headers = _vocab(vocab, "headers")
        return Completions([_item(h, K.EnumMember, "トリガー-スピード-タイミング") for h in headers], len(typed) - 1)
    if typed is not None and typed.type == "COST":
        return Completions([_item(letter, K.EnumMember, what) for letter, what in _vocab(vocab, "costs", {}).items()])
    if typed is not None and typed.type in ("KEY", "UNIT_COND"):
        return Completions([lsp.CompletionItem(label=label, kind=K.Snippet, detail=doc, insert_text=snippet,
                                               insert_text_format=SNIPPET) for label, snippet, doc in condition_forms(rs)],
                           len(typed) - 1)
    if "action" in cur.words:  # the top level: the words that open an item
        return Completions([_item(w, K.Keyword) for w in ITEM_WORDS + ("override",) if w in cur.words], word)
    field = _open_field(cur)
    if field is not None:  # the value of a field of ids (`formats: …`) or text (`note: …`)
        if field in FIELD_TERMS and rs is not None:  # `note: …` names a declared note
            table = getattr(rs.vocabulary, FIELD_TERMS[field])
            return Completions([_item(t.id, K.EnumMember, t.name) for t in table], word)
        ids = _vocab(vocab, field, {}) if field in IDS_FIELDS else {}
        return Completions([_item(k, K.EnumMember, v) for k, v in ids.items()], word)
    fields = sorted(cur.words & FIELD_NAMES)
    if fields:
        return Completions([lsp.CompletionItem(label=f, kind=K.Field, insert_text=f"{f}: ") for f in fields], word)
    if "ID" not in cur.accepts:
        return Completions([])
    if cur.stack and isinstance(cur.stack[-1], Token) and cur.stack[-1] == "on":  # trigger: "…" on …
        return Completions([_item(n, K.Event, spec.signature) for n, spec in LIBRARY.items()
                            if spec.kind == "event"], word)
    param = parameter_at(cur)
    if param is not None:
        typed_values = _by_parameter_type(param.name, param.type, vocab, rs)
        if typed_values is not None:
            return Completions(typed_values, word)
    return Completions(_expression(vocab, rs, context_names(cur, rs), locals_at(cur)), word)


def _open_field(cur: cursor.Cursor) -> str | None:
    """The key of the field the cursor is in the value of, when that field holds ids or a
    declared term (`formats: …`, `note: …`): the key the parser reduced before the `:`."""
    for v in reversed(cur.stack):
        if isinstance(v, Tree) and v.data in ("ids_key", "text_key"):
            return str(v.children[0])
        if isinstance(v, Tree) and v.data.startswith("_"):  # the ids written so far
            continue
        if not (isinstance(v, Token) and v.type in ("COLON", "WORD")):
            return None
    return None


def _vocab(vocab: Vocabulary | None, name: str, default=()):
    return getattr(vocab, name) if vocab is not None else default


def _item(label: str, kind, detail: str | None = None) -> lsp.CompletionItem:
    return lsp.CompletionItem(label=label, kind=kind, detail=detail)


def _fields() -> list[lsp.CompletionItem]:
    return [lsp.CompletionItem(label=f, kind=K.Field, insert_text=f"{f}: ") for f in sorted(FIELD_NAMES)]


def verb_snippet(spec: VerbSpec) -> str:
    """`move(${1:what}, to=${2:zone})`: the first parameter by position, the other required
    ones by name (optional ones are left out)."""
    parts = []
    for i, p in enumerate(x for x in spec.params if x.required):
        hole = f"${{{i + 1}:{p.name if i == 0 else p.type}}}"
        parts.append(hole if i == 0 else f"{p.name}={hole}")
    return f"{spec.name}({', '.join(parts)})$0"


def verbs() -> list[lsp.CompletionItem]:
    out = []
    for spec in LIBRARY.values():
        kind = K.Event if spec.kind == "event" else K.Function if spec.kind == "verb" else K.Method
        out.append(lsp.CompletionItem(
            label=spec.name, kind=kind, detail=spec.signature,
            documentation=lsp.MarkupContent(lsp.MarkupKind.Markdown, spec.doc + (f"\n\n{spec.ja}" if spec.ja else "")),
            insert_text=verb_snippet(spec), insert_text_format=SNIPPET))
    return out


def _scripts(rs: Ruleset | None, kinds: tuple[str, ...] = ()) -> list[lsp.CompletionItem]:
    if rs is None:
        return []
    return [_item(s.id, K.Reference, f"{s.kind} 【{s.name}】") for s in rs.scripts.values()
            if not kinds or s.kind in kinds]


def _expression(vocab: Vocabulary | None, rs: Ruleset | None, context: dict[str, str],
                local: list[str]) -> list[lsp.CompletionItem]:
    """In an expression: verbs, keywords, the locals and context names in scope (in the
    lookup order of `bpscript.check.names`), constants and script ids. Words of the vocabulary
    are offered only where a parameter takes them: elsewhere they are an error (E305)."""
    out = verbs()
    out += [_item(k, K.Keyword) for k in KEYWORDS]
    out += [_item(n, K.Variable, "local") for n in local]
    out += [_item(n, K.Variable, t) for n, t in context.items() if n not in local]
    out += [_item(n, K.Constant, t) for n, t in _vocab(vocab, "constants", {}).items()]
    out += _scripts(rs)
    return out


def _by_parameter_type(name: str, type_: str, vocab: Vocabulary | None,
                       rs: Ruleset | None) -> list[lsp.CompletionItem] | None:
    """As the argument `name` of a call: the values of that parameter's type."""
    if type_ in TERM_TYPES and rs is not None:
        return [_item(key, K.EnumMember, getattr(term, "name", None) or getattr(term, "signature", None))
                for key, term in term_table(rs.vocabulary, type_).items()]
    if type_ == "script":
        return _scripts(rs, ("character", "fog", "trump") if name == "as" else ())
    if type_ == "player":
        return [_item(n, K.Variable, t) for n, t in _vocab(vocab, "contexts", {}).items() if t == "player"]
    if type_ not in FIXED:
        return None  # a number, a suit, a unit…: any expression of the type, so everything in scope
    values = [n for n, t in _vocab(vocab, "constants", {}).items() if t == type_]
    return [_item(v, K.Constant, type_) for v in values] or None
