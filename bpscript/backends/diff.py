"""What changed from one ruleset to another (`bpscript diff OLD NEW`, the 変更履歴 pages).

Scripts are matched by id (a script keeps its id across versions when it is the same
rule: 8.2's ドロー and 9.0's ドロウ are both `draw`). Each one is added, removed, or
changed in some fields; a changed text carries its character-level difference.

A change is classed by what it is, from the declarations of the two rulesets, never by
reading the words: `spelling` when the two texts are the same once each ruleset's
declared alternative spellings (`spelling range "〜" { also: "~" }`) are read as their
canonical form, `renamed` when the same declared ids are printed under new names (a
label 8.2 calls アタッカー and 9.0 calls 攻撃), and `text` otherwise. The statements of an
effect or an ability are compared too: a new rule under an old text shows up.

Not every field is a rule. `EXTRAS` (ruby, story, flavor) are printed beside the rules,
and `METADATA` (since, update, dev_note) is the official generator's bookkeeping: 9.0
ライト prints neither, so every 8.2 script "lost" them. A script whose rule fields are the
same is not `changed`: it is `extras` when its printed extras differ, else `metadata`, so
the counts say how many rules changed.

By default the comparison covers what the new ruleset has: the old scripts that belong
to one of its formats or frames (9.0 ライト against 8.2's ライト), with their format and
frame lists cut to those. `everything=True` compares every script.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Callable, Iterable

from ..model import effects as fx
from ..model import ruleset as m


# ---------------------------------------------------------------- statements as text
class StatementPrinter(fx.NodeVisitor):
    """Effect statements printed back as bpscript lines (what the diff shows)."""

    nodes = fx.STATEMENTS

    def lines(self, stmts: Iterable[fx.Stmt], depth: int = 0) -> list[str]:
        out: list[str] = []
        for st in stmts:
            out += self.visit(st, depth)
        return out

    def _block(self, head: str, body: Iterable[fx.Stmt], depth: int, tail: str = "}") -> list[str]:
        pad = "  " * depth
        return [f"{pad}{head} {{", *self.lines(body, depth + 1), f"{pad}{tail}"]

    def visit_Do(self, st: fx.Do, depth: int) -> list[str]:
        return ["  " * depth + fx.to_source(st.call)]

    def visit_If(self, st: fx.If, depth: int) -> list[str]:
        out = self._block(f"if {fx.to_source(st.cond)}", st.then, depth)
        for cond, body in st.elifs:
            out[-1:] = self._block(f"}} elif {fx.to_source(cond)}", body, depth)
        if st.orelse:
            out[-1:] = self._block("} else", st.orelse, depth)
        return out

    def visit_ForEach(self, st: fx.ForEach, depth: int) -> list[str]:
        return self._block(f"for {st.var} in {fx.to_source(st.iterable)}", st.body, depth)

    def visit_RepeatUntil(self, st: fx.RepeatUntil, depth: int) -> list[str]:
        return self._block("repeat", st.body, depth, f"}} until {fx.to_source(st.cond)}")

    def visit_Let(self, st: fx.Let, depth: int) -> list[str]:
        return ["  " * depth + f"let {st.name} = {fx.to_source(st.value)}"]

    def visit_Step(self, st: fx.Step, depth: int) -> list[str]:
        return self._block(f"step {st.number}", st.body, depth)


_STATEMENTS = StatementPrinter()


def statements_text(stmts: tuple[fx.Stmt, ...] | None) -> str | None:
    return None if stmts is None else "\n".join(_STATEMENTS.lines(stmts))


# ---------------------------------------------------------------- the fields compared
def _labels(s: m.Script) -> str | None:
    labels = getattr(s, "labels", ())
    return " ".join(f"<{l.text}>" for l in labels) if labels else None


def _unit(s: m.Script, rs: m.Ruleset) -> str | None:
    uc = getattr(s, "unit_condition", None)
    if uc is None:
        return None
    comp = rs.vocabulary.components.get(s.kind)
    return (comp.mark if comp is not None else "☆") + uc.text


#: (field, how to print it from a script of a ruleset), in the order the pages show them
FIELDS: tuple[tuple[str, Callable[[m.Script, m.Ruleset], str | None]], ...] = (
    ("name", lambda s, rs: s.name),
    ("ruby", lambda s, rs: s.ruby),
    ("type", lambda s, rs: s.type.name),
    ("category", lambda s, rs: s.category.name),
    ("header", lambda s, rs: s.header.text if getattr(s, "header", None) else None),
    ("cost", lambda s, rs: s.cost.text if getattr(s, "cost", None) else None),
    ("key", lambda s, rs: "★" + s.key.text if getattr(s, "key", None) else None),
    ("unit", _unit),
    ("size", lambda s, rs: s.size.text if getattr(s, "size", None) else None),
    ("labels", lambda s, rs: _labels(s)),
    ("note", lambda s, rs: getattr(s, "note", None)),
    ("activation", lambda s, rs: s.activation.text if getattr(s, "activation", None) else None),
    ("trigger", lambda s, rs: s.trigger_condition.text if getattr(s, "trigger_condition", None) else None),
    ("target", lambda s, rs: s.target.text if getattr(s, "target", None) else None),
    ("effect", lambda s, rs: s.effect.text if getattr(s, "effect", None) else None),
    ("statements", lambda s, rs: statements_text(s.effect.body) if getattr(s, "effect", None) else None),
    ("placed_by", lambda s, rs: getattr(s, "placed_by", None)),
    ("abilities", lambda s, rs: "\n".join(a.text for a in getattr(s, "abilities", ())) or None),
    ("ability_statements", lambda s, rs: "\n".join(statements_text(a.body) or "" for a in getattr(s, "abilities", ()))
     .strip() or None),
    ("story", lambda s, rs: s.story),
    ("flavor", lambda s, rs: s.flavor.text + (f"\n— {s.flavor.speaker}" if s.flavor.speaker else "")
     if s.flavor else None),
    ("since", lambda s, rs: s.since),
    ("update", lambda s, rs: " ".join(s.update) or None),
    ("dev_note", lambda s, rs: s.dev_note),
)

#: fields printed beside the rules (a change to them alone is no rule change)
EXTRAS = ("ruby", "story", "flavor")
#: the official generator's bookkeeping (act.yaml `since`, `update`, `devNote`): no rule
METADATA = ("since", "update", "dev_note")
#: what a script with differences is, by what differs: its rules, else its printed extras,
#: else only its metadata
STATUSES = ("changed", "added", "removed", "extras", "metadata")


# ---------------------------------------------------------------- results
@dataclass(frozen=True)
class FieldChange:
    """One field of a script, before and after; `ops` is the inline difference of the texts
    as (op, text) pairs: `=` kept, `-` removed, `+` added."""

    field: str
    old: str | None
    new: str | None
    kind: str  # text | spelling | renamed
    ops: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class ScriptChange:
    id: str
    kind: str  # action | character | fog | trump
    status: str  # added | removed | changed (a rule field) | extras | metadata (only those)
    old_name: str | None
    new_name: str | None
    fields: tuple[FieldChange, ...] = ()

    def rule_fields(self) -> list[FieldChange]:
        return [f for f in self.fields if f.field not in EXTRAS and f.field not in METADATA]

    @property
    def wording_only(self) -> bool:
        """Changed, but each rule field only in its spelling or in a declared word's name."""
        rules = self.rule_fields()
        return self.status == "changed" and bool(rules) and all(f.kind != "text" for f in rules)

    def extra_fields(self) -> list[FieldChange]:
        """The fields besides the rules that differ: printed extras, then metadata."""
        return [f for f in self.fields if f.field in EXTRAS] + [f for f in self.fields if f.field in METADATA]

    @property
    def name(self) -> str:
        return self.new_name or self.old_name or self.id


@dataclass(frozen=True)
class WordChange:
    """A declared word (a type, a label, a cost letter …) added, removed or renamed."""

    table: str
    id: str
    status: str  # added | removed | renamed
    old: str | None
    new: str | None


@dataclass
class RulesetDiff:
    old: m.RulesetInfo
    new: m.RulesetInfo
    formats: tuple[str, ...]  # the scope compared (empty with everything=True)
    frames: tuple[str, ...]
    scripts: list[ScriptChange] = field(default_factory=list)
    words: list[WordChange] = field(default_factory=list)
    supplements: list[ScriptChange] = field(default_factory=list)
    unchanged: int = 0

    def by_status(self, status: str) -> list[ScriptChange]:
        return [c for c in self.scripts if c.status == status]


# ---------------------------------------------------------------- comparing
def text_ops(old: str, new: str) -> tuple[tuple[str, str], ...]:
    """The character-level difference of two texts."""
    sm = difflib.SequenceMatcher(None, old, new, autojunk=False)
    out: list[tuple[str, str]] = []
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            out.append(("=", old[i1:i2]))
            continue
        if i2 > i1:
            out.append(("-", old[i1:i2]))
        if j2 > j1:
            out.append(("+", new[j1:j2]))
    return tuple(out)


def line_ops(old: str, new: str) -> tuple[tuple[str, str], ...]:
    """The line-level difference of two texts (for statements, where characters mislead)."""
    a, b = old.split("\n"), new.split("\n")
    sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
    out: list[tuple[str, str]] = []
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            out.append(("=", "\n".join(a[i1:i2])))
            continue
        if i2 > i1:
            out.append(("-", "\n".join(a[i1:i2])))
        if j2 > j1:
            out.append(("+", "\n".join(b[j1:j2])))
    return tuple(out)


def _respell(text: str, spellings: dict[str, str]) -> str:
    for alt in sorted(spellings, key=len, reverse=True):
        text = text.replace(alt, spellings[alt])
    return text


def _kind(name: str, old: m.Script, new: m.Script, a: str, b: str, spellings: dict[str, str]) -> str:
    if _respell(a, spellings) == _respell(b, spellings):
        return "spelling"
    if name == "unit" and _respell(a[1:], spellings) == _respell(b[1:], spellings):
        return "spelling"  # only the mark: a component kind's declared presentation (☆, ★)
    if name == "labels" and [l.id for l in old.labels] == [l.id for l in new.labels] and \
            [l.qualifier for l in old.labels] == [l.qualifier for l in new.labels]:  # type: ignore[attr-defined]
        return "renamed"
    if name in ("type", "category") and getattr(old, name).id == getattr(new, name).id:
        return "renamed"
    return "text"


def _in_scope(s: m.Script, formats: tuple[str, ...], frames: tuple[str, ...], everything: bool) -> bool:
    return everything or any(f in formats for f in s.formats) or any(f in frames for f in s.frames)


def diff_rulesets(old: m.Ruleset, new: m.Ruleset, formats: Iterable[str] | None = None,
                  frames: Iterable[str] | None = None, everything: bool = False) -> RulesetDiff:
    """Compare `old` with `new`. `formats`/`frames` name the scope (default: the new
    ruleset's); `everything` compares every script of both."""
    fmts = tuple(formats) if formats is not None else tuple(new.formats)
    frms = tuple(frames) if frames is not None else (tuple(new.frames) if formats is None else ())
    if everything:
        fmts, frms = (), ()
    out = RulesetDiff(old.info, new.info, fmts, frms)
    spellings = {**old.vocabulary.spelling_map(), **new.vocabulary.spelling_map()}
    a = {i: s for i, s in old.scripts.items() if _in_scope(s, fmts, frms, everything)}
    b = {i: s for i, s in new.scripts.items() if _in_scope(s, fmts, frms, everything)}
    for i in [*b, *(i for i in a if i not in b)]:
        if i not in a:
            out.scripts.append(ScriptChange(i, b[i].kind, "added", None, b[i].name))
        elif i not in b:
            out.scripts.append(ScriptChange(i, a[i].kind, "removed", a[i].name, None))
        else:
            fields = _fields(a[i], b[i], old, new, fmts, frms, everything, spellings)
            if fields:
                out.scripts.append(ScriptChange(i, b[i].kind, _status(fields), a[i].name, b[i].name, fields))
            else:
                out.unchanged += 1
    out.words = _words(old, new)
    out.supplements = _supplements(old, new, spellings)
    return out


def _status(fields: tuple[FieldChange, ...]) -> str:
    names = {f.field for f in fields}
    if names - set(EXTRAS) - set(METADATA):
        return "changed"
    return "extras" if names & set(EXTRAS) else "metadata"


def _membership(s: m.Script, rs: m.Ruleset, fmts, frms, everything: bool) -> str | None:
    keep = [f for f in s.formats if everything or f in fmts] + [f for f in s.frames if everything or f in frms]
    return " ".join(keep) or None


def _fields(a: m.Script, b: m.Script, old: m.Ruleset, new: m.Ruleset, fmts, frms, everything: bool,
            spellings: dict[str, str]) -> tuple[FieldChange, ...]:
    out = []
    getters = [*FIELDS, ("regulations", lambda s, rs: _membership(s, rs, fmts, frms, everything))]
    for name, get in getters:
        x, y = get(a, old), get(b, new)
        if x == y:
            continue
        kind = _kind(name, a, b, x, y, spellings) if x is not None and y is not None else "text"
        ops = line_ops if name.endswith("statements") else text_ops
        out.append(FieldChange(name, x, y, kind, ops(x or "", y or "")))
    return tuple(out)


def _words(old: m.Ruleset, new: m.Ruleset) -> list[WordChange]:
    out: list[WordChange] = []
    tables = ("types", "categories", "labels", "components", "costs", "zones", "statuses")
    for table in tables:
        a = {t.id: t for t in getattr(old.vocabulary, table)}
        b = {t.id: t for t in getattr(new.vocabulary, table)}
        for i in [*b, *(i for i in a if i not in b)]:
            x = _word(a.get(i))
            y = _word(b.get(i))
            if i not in a:
                out.append(WordChange(table, i, "added", None, y))
            elif i not in b:
                out.append(WordChange(table, i, "removed", x, None))
            elif x != y:
                out.append(WordChange(table, i, "renamed", x, y))
    return out


def _word(t: object) -> str | None:
    if t is None:
        return None
    if isinstance(t, m.CostDef):
        return f"{t.letter} {t.text}"
    return getattr(t, "name", None)


def _supplements(old: m.Ruleset, new: m.Ruleset, spellings: dict[str, str]) -> list[ScriptChange]:
    out = []
    for i in [*new.supplements, *(i for i in old.supplements if i not in new.supplements)]:
        a, b = old.supplements.get(i), new.supplements.get(i)
        if a is None:
            out.append(ScriptChange(i, "supplement", "added", None, b.name))  # type: ignore[union-attr]
        elif b is None:
            out.append(ScriptChange(i, "supplement", "removed", a.name, None))
        else:
            fields = [FieldChange(f, x, y, "spelling" if _respell(x, spellings) == _respell(y, spellings) else "text",
                                  text_ops(x, y))
                      for f, x, y in (("name", a.name, b.name), ("text", a.text, b.text)) if x != y]
            if fields:
                out.append(ScriptChange(i, "supplement", "changed", a.name, b.name, tuple(fields)))
    return out
