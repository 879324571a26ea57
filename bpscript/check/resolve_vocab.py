"""Vocabulary declarations (AST) → `Vocabulary` (bpscript.model.vocabulary), with diagnostics.

Each kind of declaration has a small schema: the attributes it takes, which are
required, and what each value must be (a word of an enum, a declared id, a string, a
number). A declaration is checked against it on its own; references between
declarations (a label's roles, a component's zone, what a cost drives) are checked
once every file is read (`check_references`), so declarations may come in any order.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Callable

from ..model import vocabulary as v
from ..source import Span
from ..syntax import ast

ErrorFn = Callable[..., None]


@dataclass(frozen=True)
class Attr:
    """What one attribute takes: an enum, a word, words, a string or a payment."""

    form: str  # enum | word | words | string | strings | payment | flag
    required: bool = False
    enum: type[Enum] | None = None


SCHEMA: dict[str, dict[str, Attr]] = {
    "trigger": {"origin": Attr("enum", True, v.Origin)},
    "speed": {"resolution": Attr("enum", True, v.Resolution)},
    "timing": {"window": Attr("enum", True, v.Window)},
    "zone": {"holds": Attr("enum", False, v.Holds)},
    "component": {"zone": Attr("word", True), "counter": Attr("string"), "mark": Attr("string")},
    "type": {"kind": Attr("word", True), "sized": Attr("flag")},
    "category": {"trump": Attr("word")},
    "role": {},
    "label": {"roles": Attr("words")},
    "status": {},
    "rule": {},
    "target": {"subject": Attr("enum", True, v.Subject), "counter": Attr("string")},
    "owner": {},
    "spelling": {"also": Attr("strings")},  # without `also`: a word of the notation, as spelled
    "phrase": {"means": Attr("enum", True, v.PhraseMeaning)},
    "cost": {"pays": Attr("payment", True)},
    "note": {"untargetable_by": Attr("words"), "text_only": Attr("string")},
    "ruleset": {"edition": Attr("string", True), "edition_name": Attr("string"), "date": Attr("string"),
                "includes": Attr("strings"), "follows": Attr("string")},
}
SCRIPT_KINDS = ("action", "character", "fog", "trump")
UNIT_MARKS = ("☆", "★")  # the marks the grammar reads a component's condition line by
TABLES = {"trigger": "triggers", "speed": "speeds", "timing": "timings", "zone": "zones",
          "component": "components", "type": "types", "category": "categories", "role": "roles",
          "label": "labels", "status": "statuses", "rule": "rules", "target": "target_kinds", "owner": "owners",
          "spelling": "spellings", "phrase": "phrases", "note": "notes"}


def _choices(enum: type[Enum]) -> str:
    return " or ".join(e.value for e in enum)


class VocabResolver:
    """Collects a ruleset's vocabulary from its declarations."""

    def __init__(self, error: ErrorFn, vocab: v.Vocabulary | None = None):
        self.error = error
        self.vocab = vocab or v.Vocabulary()
        self._refs: list[tuple[str, str, Span, str]] = []  # (table, id, span, what needs it)

    # ------------------------------------------------------------ attributes
    def attrs(self, kind: str, attrs: tuple[ast.VocabAttr, ...], span: Span) -> dict[str, object]:
        """A declaration's attributes checked against `SCHEMA[kind]` (for items other than
        vocabulary that use the same `{ key: value … }` form, such as `ruleset`)."""
        return self._attrs(kind, attrs, span)

    def _attrs(self, kind: str, attrs: tuple[ast.VocabAttr, ...], span: Span) -> dict[str, object]:
        schema = SCHEMA[kind]
        out: dict[str, object] = {}
        for a in attrs:
            key = a.key.value
            spec = schema.get(key)
            if spec is None:
                self.error("E400", f"a {kind} declaration has no attribute '{key}'", a.key.span,
                           expected=", ".join(schema) or "no attributes")
                continue
            if key in out:
                self.error("E140", f"attribute '{key}' given twice", a.key.span, fix=f"keep one '{key}'")
                continue
            value = self._value(kind, key, spec, a)
            if value is not None:
                out[key] = value
        for key, spec in schema.items():
            if spec.required and key not in out and key not in {a.key.value for a in attrs}:
                self.error("E402", f"a {kind} declaration needs '{key}'", span, expected=self._expect(key, spec))
        return out

    @staticmethod
    def _expect(key: str, spec: Attr) -> str:
        if spec.form == "enum" and spec.enum is not None:
            return f"{key}: {_choices(spec.enum)}"
        if spec.form == "payment":
            return f"{key}: drive(bulwark), drive(key_unit), damage(1), discard(1) or sacrifice(character)"
        return f"{key}: …"

    def _value(self, kind: str, key: str, spec: Attr, a: ast.VocabAttr) -> object:
        vals = a.values
        many = spec.form in ("words", "strings")
        if not many and len(vals) != 1:
            self.error("E401", f"'{key}' takes one value", a.span, expected=self._expect(key, spec))
            return None
        want = {"enum": "word", "word": "word", "words": "word", "string": "string", "strings": "string",
                "payment": "call", "flag": "word"}[spec.form]
        for x in vals:
            if x.kind != want:
                shown = {"word": "a name", "string": 'a quoted "…" text', "call": "a payment such as drive(bulwark)"}
                self.error("E401", f"'{key}' takes {shown[want]}", x.span, expected=self._expect(key, spec))
                return None
        if spec.form == "enum":
            assert spec.enum is not None
            try:
                return spec.enum(vals[0].value)
            except ValueError:
                self.error("E401", f"unknown {key} '{vals[0].value}'", vals[0].span, expected=_choices(spec.enum))
                return None
        if spec.form == "payment":
            return self._payment(vals[0])
        if spec.form == "flag":
            if vals[0].value not in ("true", "false"):
                self.error("E401", f"'{key}' is true or false", vals[0].span, expected=f"{key}: true")
                return None
            return vals[0].value == "true"
        if many:
            return tuple(str(x.value) for x in vals)
        return str(vals[0].value)

    def _payment(self, x: ast.VocabValue) -> v.CostPayment | None:
        try:
            kind = v.Payment(str(x.value))
        except ValueError:
            self.error("E401", f"unknown payment '{x.value}'", x.span, expected=_choices(v.Payment))
            return None
        if len(x.args) != 1:
            self.error("E401", f"{kind.value}(…) takes one argument", x.span,
                       expected="drive(bulwark), drive(key_unit), damage(1), discard(1), sacrifice(character)")
            return None
        arg = x.args[0]
        if kind in (v.Payment.DAMAGE, v.Payment.DISCARD):
            if arg.kind != "int" or int(arg.value) < 1:
                self.error("E401", f"{kind.value}(…) takes a number from 1", arg.span, expected=f"{kind.value}(1)")
                return None
            return v.CostPayment(kind, None, int(arg.value))
        if arg.kind != "word":
            self.error("E401", f"{kind.value}(…) takes a type or component kind", arg.span,
                       expected=f"{kind.value}(bulwark)")
            return None
        if str(arg.value) != "key_unit":
            self._refs.append(("unit_kind", str(arg.value), arg.span, f"{kind.value}(…)"))
        return v.CostPayment(kind, str(arg.value), 1)

    # ------------------------------------------------------------ declarations
    def add(self, node: ast.VocabNode) -> None:
        kind = node.kind.value
        a = self._attrs(kind, node.attrs, node.span)
        ident, name, span = node.id.value, node.name.value, node.id.span
        term: v.Term
        if kind == "trigger":
            term = v.TriggerDef(ident, name, span, a.get("origin", v.Origin.REQUEST))
        elif kind == "speed":
            term = v.SpeedDef(ident, name, span, a.get("resolution", v.Resolution.STAGE))
        elif kind == "timing":
            term = v.TimingDef(ident, name, span, a.get("window", v.Window.ANY))
        elif kind == "zone":
            term = v.ZoneDef(ident, name, span, a.get("holds", v.Holds.CARDS))
        elif kind == "component":
            if ident not in SCRIPT_KINDS[1:]:
                self.error("E401", f"unknown component kind '{ident}'", span, expected=" ".join(SCRIPT_KINDS[1:]))
            zone = str(a.get("zone", ""))
            if zone:
                self._refs.append(("zones", zone, node.span, f"component {ident}"))
            mark = str(a.get("mark", v.ComponentDef.mark))
            if mark not in UNIT_MARKS:
                self.error("E401", f"a unit condition is printed with {' or '.join(UNIT_MARKS)}, not '{mark}'",
                           node.span, expected=f'mark: "{UNIT_MARKS[0]}"')
            term = v.ComponentDef(ident, name, span, zone, str(a.get("counter", "")), mark)
        elif kind == "type":
            of = str(a.get("kind", "action"))
            if "kind" in a and of not in SCRIPT_KINDS:
                self.error("E401", f"unknown script kind '{of}'", node.span, expected=" ".join(SCRIPT_KINDS))
            term = v.TypeDef(ident, name, span, of, bool(a.get("sized", False)))
        elif kind == "category":
            term = v.CategoryDef(ident, name, span, a.get("trump"))  # type: ignore[arg-type]
        elif kind == "role":
            term = v.RoleDef(ident, name, span)
        elif kind == "label":
            roles = tuple(a.get("roles", ()))  # type: ignore[arg-type]
            for r in roles:
                self._refs.append(("roles", r, node.span, f"label {ident}"))
            term = v.LabelDef(ident, name, span, roles)
        elif kind == "status":
            term = v.StatusDef(ident, name, span)
        elif kind == "rule":
            term = v.RuleDef(ident, name, span)
        elif kind == "target":
            term = v.TargetKindDef(ident, name, span, str(a.get("counter", "")),
                                   a.get("subject", v.Subject.REQUEST))  # type: ignore[arg-type]
        elif kind == "owner":
            term = v.Term(ident, name, span)
        elif kind == "phrase":
            if "{what}" not in name:
                self.error("E401", f"phrase '{ident}' has no {{what}} where the thing it names is printed",
                           node.name.span, expected='a phrase such as "「{what}」を参照"')
            term = v.PhraseDef(ident, name, span, a.get("means", v.PhraseMeaning.TARGET))  # type: ignore[arg-type]
        elif kind == "note":
            term = self._note(ident, name, span, a, node)
        else:
            term = v.SpellingDef(ident, name, span, tuple(a.get("also", ())))  # type: ignore[arg-type]
        table = getattr(self.vocab, TABLES[kind])
        if table.add(term) is not None:
            self.error("E201", f"{kind} '{ident}' is declared twice", span)

    def _note(self, ident: str, name: str, span: Span, a: dict[str, object], node: ast.VocabNode) -> v.NoteDef:
        """A rule note means something to the engine or says why it does not: one of the two."""
        by = tuple(a.get("untargetable_by", ()))  # type: ignore[arg-type]
        reason = str(a.get("text_only", ""))
        if bool(by) == bool(reason):
            self.error("E402", f"note '{ident}' needs either what it means or why it is text only", node.span,
                       expected='untargetable_by: counter, or text_only: "why the engine does not enforce it"')
        return v.NoteDef(ident, name, span, by, reason)

    def add_cost(self, node: ast.CostNode) -> None:
        letter = node.letter.value
        a = self._attrs("cost", node.attrs, node.span)
        cost = v.CostDef(letter, node.id.value, node.text.value, a.get("pays"), node.letter.span)  # type: ignore[arg-type]
        if self.vocab.costs.get(letter) is not None:
            self.error("E201", f"cost '{letter}' is declared twice", node.letter.span)
            return
        self.vocab.costs.add(cost)

    # ------------------------------------------------------------ references
    def check_references(self) -> v.Vocabulary:
        voc = self.vocab
        for table, ident, span, what in self._refs:
            if table == "unit_kind":
                if voc.unit_kind(ident) is None:
                    self.error("E403", f"{what}: '{ident}' is no declared type or component kind", span,
                               expected=" ".join([t.id for t in voc.types if t.kind != "action"]
                                                 + voc.components.ids()) or "(none declared)")
            elif ident not in getattr(voc, table):
                self.error("E403", f"{what}: '{ident}' is not declared", span,
                           expected=" ".join(getattr(voc, table).ids()) or f"(no {table} declared)")
        return voc
