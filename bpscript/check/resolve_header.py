"""The printed parts of an action the resolver reads character by character: the header
`@トリガー-スピード-タイミング`, the cost `$…`, the ★ / ☆ card conditions and the target.

A mixin of `bpscript.check.resolve.Resolver` (it needs the resolver's `vocab`, `_spellings` and
`error`), kept apart so each module holds one job.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ..model import ruleset as m
from ..model import vocabulary as v
from ..model.conditions import LabelHolder
from ..source import Span
from ..syntax import ast
from ..syntax.conditions import ConditionError, parse_condition


def _sub(span: Span, offset: int, length: int) -> Span:
    """A span `offset` characters into a one-line span."""
    col = span.column + offset
    return Span(span.file, span.line, col, span.line, col + max(length, 1))


class HeaderParts:
    """Header, cost, conditions and target: see the module docstring."""

    vocab: v.Vocabulary
    _spellings: dict[str, str]
    _words: dict[str, str]
    error: Callable[..., None]

    def _header(self, w: ast.Word) -> m.Header | None:
        body = w.value[1:]
        parts = body.split("-")
        names = ("trigger", "speed", "timing")
        tables = (self.vocab.triggers, self.vocab.speeds, self.vocab.timings)
        if len(parts) != 3:
            self.error("E101", f"header '{w.value}' needs three parts", w.span,
                       expected=f"@trigger-speed-timing, e.g. {self.vocab.header_example()}")
            return None
        values = []
        offset = 1
        ok = True
        for part, what, table in zip(parts, names, tables):
            found = table.get(self._spellings.get(part, part)) or table.get(part.lower())
            if found is not None:
                values.append(found)
            else:
                choices = " or ".join(f"{t.name} ({t.id})" for t in table) or \
                    f"(no {what} declared: does the file `extends` a ruleset?)"
                self.error("E102", f"unknown {what} '{part}'", _sub(w.span, offset, len(part)), expected=choices)
                ok = False
            offset += len(part) + 1
        return m.Header(*values, w.span) if ok else None

    def _cost_text(self, w: ast.Word) -> m.Cost | None:
        letters = w.value[1:]
        costs = self.vocab.costs
        declared = " ".join(f"{c.letter} ({c.id})" for c in costs) or "(no cost letters declared)"
        if not letters:
            self.error("E120", "empty cost '$'", w.span, expected=f"cost letters, e.g. $BL: {declared}")
            return None
        ok = True
        for i, ch in enumerate(letters):
            if costs.get(ch) is None:
                self.error("E120", f"unknown cost letter '{ch}'", _sub(w.span, i + 1, 1), expected=declared)
                ok = False
        return m.Cost(tuple(letters), w.span) if ok else None

    def _condition(self, w: ast.Word, what: str) -> m.KeyCondition | None:
        text = w.value[1:].strip()
        lead = len(w.value[1:]) - len(w.value[1:].lstrip())
        try:
            cond = parse_condition(text, self._spellings, self._words)
        except ConditionError as err:
            self.error("E130", f"bad {what}: {err.message}", _sub(w.span, 1 + lead + err.offset, 1),
                       expected=err.expected)
            return None
        span = _sub(w.span, 0, len(w.value))
        if isinstance(cond, LabelHolder):
            cond = self._label_holder(cond, span)
        elif hasattr(cond, "satisfiable") and not cond.satisfiable():
            self.error("E131", f"{what} '{text}' cannot be met by any cards of a 54-card deck", span,
                       fix="lower the count or widen the ranks")
        return m.KeyCondition(cond, text, span)

    def _label_holder(self, cond: LabelHolder, span: Span) -> LabelHolder:
        """`<X> を持つT1体`: the printed label and type become the declared ids."""
        label = self.vocab.labels.get(cond.label)
        if label is None:
            self.error("E132", f"unknown label <{cond.label}> in a key unit condition", span,
                       expected=" ".join(f"<{l.name}>" for l in self.vocab.labels) or "(no labels declared)",
                       fix=f"declare it: label anId \"{cond.label}\"")
        kind = self.vocab.types.get(cond.kind)
        if kind is None or kind.kind == "action":
            self.error("E132", f"unknown type '{cond.kind}' in a key unit condition", span,
                       expected=" ".join(t.name for t in self.vocab.types if t.kind != "action") or "(none declared)")
        return replace(cond, label=label.id if label else cond.label, kind=kind.id if kind else cond.kind)

    def _target(self, f: ast.TargetField) -> m.Target:
        specs = []
        voc = self.vocab
        for sp in f.specs:
            kind = sp.kind.value
            of = voc.unit_kind(kind) or voc.target_kinds.get(kind)
            if of is None or of.id != kind:
                kinds = [t.id for t in voc.types if t.kind != "action"] + voc.components.ids() + voc.target_kinds.ids()
                self.error("E180", f"unknown target kind '{kind}'", sp.kind.span,
                           expected=" ".join(kinds) or "(no target kinds declared)")
                of = None
            count: int | None = 1
            if sp.count is not None:
                count = None if sp.count.value == "any" else int(sp.count.value)
            owner = sp.owner.value if sp.owner else None
            if owner is not None and owner not in voc.owners.ids():
                self.error("E181", f"unknown owner '{owner}'", sp.owner.span,
                           expected=" or ".join(voc.owners.ids()) or "(no owners declared)")
            specs.append(m.TargetSpec(kind, count, owner, sp.where, sp.span, of))
        if f.text:
            text = f.text.value
        elif len(specs) == 1:
            text = target_text(voc, specs[0])
        else:
            self.error("E183", "a target of several kinds needs its printed text", f.span,
                       fix='write the text after the kinds: target: soldier & player "…"')
            text = ""
        return m.Target(tuple(specs), text, f.span)


def target_text(voc: v.Vocabulary, spec: m.TargetSpec) -> str:
    """The printed text of one target written without one (`自分の兵士1体`), from the
    declared words: the owner's, the kind's name, and the counter of its component kind."""
    of = spec.of
    noun = of.name if of is not None else spec.kind
    if isinstance(of, v.TargetKindDef) or isinstance(of, v.ComponentDef):
        counter = of.counter
    elif isinstance(of, v.TypeDef):
        comp = voc.components.get(of.kind)
        counter = comp.counter if comp else ""
    else:
        counter = ""
    owner = voc.owners.get(spec.owner).name if spec.owner and spec.owner in voc.owners else ""
    count = "" if spec.count is None else f"{spec.count}{counter}"
    return f"{owner}{noun}{count}"
