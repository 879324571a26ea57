"""AST → model: check every field, resolve names, and build one `Ruleset`.

Each problem becomes a diagnostic with a code (see docs/reference/diagnostics.md);
resolution goes on after an error so one run reports all of them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from . import model as m
from .diagnostics import Diagnostic, Severity
from .resolve_frame import check_frame, resolve_deck, resolve_setup
from .source import Span
from .syntax import ast
from .syntax.conditions import ConditionError, parse_condition

# which fields each kind of item may hold (by the name used in field_spans)
ACTION_FIELDS = {"header", "ruby", "category", "note", "activation", "trigger", "target", "effect",
                 "story", "flavor", "formats", "frames", "since", "update", "allow"}
COMPONENT_FIELDS = {"unit", "ruby", "category", "size", "labels", "ability", "placed_by", "story",
                    "flavor", "formats", "frames", "since", "update", "allow"}
FORMAT_FIELDS = {"summary"}
FRAME_FIELDS = {"formats", "deck", "zones", "setup", "action_lists", "disclosure", "summary"}
REPEATABLE = {"ability", "allow", "disclosure"}
#: fields that were renamed, and how to write them now
RETIRED = {"deck_cards": 'list the cards in the deck\'s block: deck: "…" { cards ♠A ♠2 … }'}


def field_name(f: ast.Field) -> str:
    """The name a field goes by in messages and in `Script.field_spans`."""
    if isinstance(f, ast.HeaderField):
        return "header"
    if isinstance(f, ast.UnitField):
        return "unit"
    if isinstance(f, (ast.TextField, ast.IdsField, ast.ConditionField)):
        return f.key
    return {
        ast.CategoryField: "category", ast.TargetField: "target", ast.EffectField: "effect",
        ast.FlavorField: "flavor", ast.SizeField: "size", ast.LabelsField: "labels",
        ast.AbilityField: "ability", ast.DeckField: "deck", ast.SetupField: "setup",
        ast.ActionListsField: "action_lists",
        ast.DisclosureField: "disclosure", ast.AllowField: "allow", ast.DeckCardsField: "deck_cards",
    }[type(f)]


def _sub(span: Span, offset: int, length: int) -> Span:
    """A span `offset` characters into a one-line span."""
    col = span.column + offset
    return Span(span.file, span.line, col, span.line, col + max(length, 1))


class Resolver:
    """Builds a Ruleset from parsed modules, collecting diagnostics."""

    def __init__(self) -> None:
        self.diags: list[Diagnostic] = []
        self.ruleset = m.Ruleset()
        self._origin: dict[str, str] = {}  # script id -> "base" or "user"

    # -------------------------------------------------------------- reporting
    def error(self, code: str, message: str, span: Span, *, expected: str | None = None,
              fix: str | None = None, severity: Severity = Severity.ERROR) -> None:
        self.diags.append(Diagnostic(code, message, span, severity, expected, fix))

    # -------------------------------------------------------------- entry
    def add_module(self, module: ast.Module, origin: str = "user") -> None:
        self.ruleset.sources[module.path] = module.text
        for item in module.items:
            if isinstance(item, ast.CostNode):
                self._cost(item)
            elif isinstance(item, ast.FormatNode):
                self._format(item)
            elif isinstance(item, ast.FrameNode):
                self._frame(item)
            elif isinstance(item, ast.ScriptNode):
                self._script(item, origin)

    def finish(self) -> m.Ruleset:
        """Cross-references: formats/frames named, `same_as` effects, costs declared."""
        rs = self.ruleset
        for s in rs.scripts.values():
            for fid in s.formats:
                if fid not in rs.formats:
                    self.error("E160", f"unknown format '{fid}'", s.span_of("formats"),
                               expected=_choices(rs.formats))
            for fid in s.frames:
                if fid not in rs.frames:
                    self.error("E161", f"unknown frame '{fid}'", s.span_of("frames"),
                               expected=_choices(rs.frames))
            if isinstance(s, m.ActionScript):
                if s.cost is not None and rs.costs:
                    for i, letter in enumerate(s.cost.letters):
                        if letter not in rs.costs:
                            self.error("E121", f"cost letter '{letter}' is not declared",
                                       _sub(s.cost.span, i + 1, 1), expected=" ".join(rs.costs))
                if s.effect is not None and s.effect.same_as is not None:
                    self._resolve_same_as(s)
        for fr in rs.frames.values():
            for fid in fr.formats:
                if fid not in rs.formats:
                    self.error("E160", f"unknown format '{fid}'", fr.span, expected=_choices(rs.formats))
        return rs

    def _resolve_same_as(self, s: m.ActionScript) -> None:
        assert s.effect is not None
        seen = {s.id}
        ref = s.effect.same_as
        while True:
            other = self.ruleset.scripts.get(ref or "")
            if not isinstance(other, m.ActionScript) or other.effect is None:
                self.error("E170", f"effect refers to '{ref}', which is not an action with an effect",
                           s.span_of("effect"), expected="the id of an action, e.g. same_as reanimate")
                return
            if other.id in seen:
                self.error("E171", f"effect reference cycle through '{other.id}'", s.span_of("effect"))
                return
            seen.add(other.id)
            if other.effect.same_as is None:
                s.effect = replace(s.effect, body=other.effect.body)
                return
            ref = other.effect.same_as

    # -------------------------------------------------------------- items
    def _cost(self, node: ast.CostNode) -> None:
        letter = node.letter.value
        if letter in self.ruleset.costs:
            self.error("E201", f"cost '{letter}' is declared twice", node.letter.span)
        self.ruleset.costs[letter] = m.CostDef(letter, node.id.value, node.text.value)

    def _format(self, node: ast.FormatNode) -> None:
        fields = self._fields(node.fields, FORMAT_FIELDS, "format")
        summary = fields.get("summary")
        if node.id.value in self.ruleset.formats:
            self.error("E201", f"format '{node.id.value}' is defined twice", node.id.span)
        self.ruleset.formats[node.id.value] = m.Format(
            node.id.value, node.name.value, summary.text.value if summary else "", node.span)

    def _frame(self, node: ast.FrameNode) -> None:
        fields = self._fields(node.fields, FRAME_FIELDS, "frame")
        fr = m.Frame(node.id.value, node.name.value, node.span)
        for f in node.fields:
            if isinstance(f, ast.IdsField) and f.key == "formats":
                fr.formats = tuple(w.value for w in f.values)
            elif isinstance(f, ast.IdsField) and f.key == "zones":
                for w in f.values:
                    if w.value not in m.ZONES:
                        self.error("E162", f"unknown zone '{w.value}'", w.span, expected=" ".join(m.ZONES))
                fr.zones = tuple(w.value for w in f.values)
            elif isinstance(f, ast.TextField) and f.key == "summary":
                fr.summary = f.text.value
            elif isinstance(f, ast.ActionListsField):
                fr.action_lists = tuple(w.value for w in f.names)
            elif isinstance(f, ast.DisclosureField):
                fr.disclosure += (m.Disclosure(f.zone.value, f.public.value, f.owner_only.value, f.hidden.value),)
        deck_field, setup_field = fields.get("deck"), fields.get("setup")
        before = len(self.diags)
        if isinstance(deck_field, ast.DeckField):
            fr.deck = resolve_deck(deck_field, self.error)
        if isinstance(setup_field, ast.SetupField):
            fr.setup = resolve_setup(setup_field, self.error)
        check_frame(node.id.span, fr.zones if "zones" in fields else None, fr.deck, fr.setup,
                    deck_field if isinstance(deck_field, ast.DeckField) else None,
                    setup_field if isinstance(setup_field, ast.SetupField) else None, self.error,
                    counts=len(self.diags) == before)
        if "formats" not in fields:
            self.error("E150", f"frame '{fr.id}' names no format", node.id.span,
                       fix="add a line `formats: lite` (the formats this frame supports)")
        if fr.id in self.ruleset.frames:
            self.error("E201", f"frame '{fr.id}' is defined twice", node.id.span)
        self.ruleset.frames[fr.id] = fr

    def _fields(self, fields: tuple[ast.Field, ...], allowed: set[str], what: str) -> dict[str, ast.Field]:
        out: dict[str, ast.Field] = {}
        for f in fields:
            name = field_name(f)
            if name not in allowed:
                self.error("E141", f"a {what} has no field '{name}'", f.span,
                           expected=", ".join(sorted(allowed)), fix=RETIRED.get(name))
                continue
            if name in out and name not in REPEATABLE:
                self.error("E140", f"field '{name}' given twice", f.span,
                           fix=f"keep one '{name}' line")
                continue
            out.setdefault(name, f)
        return out

    def _script(self, node: ast.ScriptNode, origin: str) -> None:
        allowed = ACTION_FIELDS if node.kind == "action" else COMPONENT_FIELDS
        fields = self._fields(node.fields, allowed, node.kind)
        type_ = node.type.value if node.type else ("表切札" if node.kind == "trump" else "")
        allowed_types = m.ACTION_TYPES if node.kind == "action" else m.COMPONENT_TYPES[node.kind]
        if node.type is None and node.kind != "trump":
            self.error("E110", f"{node.kind} '{node.id.value}' has no type", node.name.span,
                       expected="the type in parentheses after the name: " + " ".join(f"({t})" for t in allowed_types))
        elif type_ not in allowed_types:
            self.error("E110", f"unknown {node.kind} type '{type_}'", node.type.span if node.type else node.span,
                       expected=" ".join(allowed_types))
        common = dict(id=node.id.value, name=node.name.value, kind=node.kind, type=type_,
                      category=type_, span=node.id.span, override=node.override)
        script: m.Script
        if node.kind == "action":
            script = m.ActionScript(**common)
        else:
            script = m.ComponentScript(**common)
        spans = script.field_spans
        for f in node.fields:
            spans.setdefault(field_name(f), f.span)
        for name, f in fields.items():
            self._common_field(script, name, f)
        script.suppressions = tuple(
            m.Suppression(f.code.value, f.reason.value, f.span) for f in node.fields if isinstance(f, ast.AllowField))
        for sup in script.suppressions:
            if not sup.reason.strip():
                self.error("E190", "a suppression needs a reason", sup.span,
                           fix='write why the rule does not apply: allow G2 "…"')
        if isinstance(script, m.ActionScript):
            self._action(script, node, fields)
        else:
            self._component(script, node, fields)
        if not script.formats and not script.frames:
            self.error("E163", f"{node.kind} '{script.id}' is in no format and no frame", node.id.span,
                       fix="add `formats: …` or `frames: …`")
        self._register(script, node, origin)

    def _register(self, script: m.Script, node: ast.ScriptNode, origin: str) -> None:
        scripts = self.ruleset.scripts
        if script.id in scripts:
            prev = scripts[script.id]
            if node.override and self._origin.get(script.id) == "base":
                scripts[script.id] = script
                self._origin[script.id] = origin
                return
            self.error("E201", f"duplicate id '{script.id}' (first defined at {prev.span})", node.id.span,
                       fix="rename it, or write `override` before the kind to replace a base script")
            return
        if node.override:
            self.error("E202", f"'{script.id}' overrides nothing: no base script has this id", node.id.span)
        scripts[script.id] = script
        self._origin[script.id] = origin

    def _common_field(self, s: m.Script, name: str, f: ast.Field) -> None:
        if isinstance(f, ast.TextField):
            if f.key in ("ruby", "story"):
                setattr(s, f.key, f.text.value)
        elif isinstance(f, ast.CategoryField):
            s.category = f.text.value
        elif isinstance(f, ast.IdsField):
            values = tuple(w.value for w in f.values)
            if f.key == "since":
                if len(values) != 1:
                    self.error("E142", "since takes one version", f.span)
                s.since = values[0]
            elif f.key in ("formats", "frames", "update"):
                setattr(s, f.key, values)
        elif isinstance(f, ast.FlavorField):
            s.flavor = m.Flavor(f.text.value, f.speaker.value if f.speaker else None)

    # -------------------------------------------------------------- actions
    def _action(self, s: m.ActionScript, node: ast.ScriptNode, fields: dict[str, ast.Field]) -> None:
        hf = fields.get("header")
        if not isinstance(hf, ast.HeaderField) or hf.header is None:
            self.error("E151", f"action '{s.id}' has no header @トリガー-スピード-タイミング", node.id.span,
                       fix="add a first line such as `@直接-通常-クイック`")
        else:
            s.header = self._header(hf.header)
        if isinstance(hf, ast.HeaderField):
            if hf.cost is not None:
                s.cost = self._cost_text(hf.cost)
            if hf.key is not None:
                s.key = self._condition(hf.key, "key card condition")
        for name, f in fields.items():
            if isinstance(f, ast.TextField) and f.key == "note":
                s.note = f.text.value
            elif isinstance(f, ast.ConditionField):
                cond = m.Condition(f.text.value, f.event, f.when, f.span)
                if f.key == "activation":
                    if f.event is not None:
                        self.error("E152", "an activation condition takes no event", f.event.span,
                                   fix="use `when …`; events (`on …`) belong to trigger conditions")
                    s.activation = cond
                else:
                    s.trigger_condition = cond
            elif isinstance(f, ast.TargetField):
                s.target = self._target(f)
            elif isinstance(f, ast.EffectField):
                s.effect = m.Effect(f.text.value, f.body, f.same_as.value if f.same_as else None, f.span)
        if s.effect is None:
            self.error("E153", f"action '{s.id}' has no effect (効果)", node.id.span,
                       fix='add `effect: "…"` with the printed text, and a { … } block of statements')
        if s.header is not None:
            if s.header.trigger is m.Trigger.TRIGGERED and s.trigger_condition is None:
                self.error("E154", f"triggered action '{s.id}' has no trigger condition (誘発条件)",
                           s.header.span, fix='add `trigger: "…" on event(…)`')
            if s.header.trigger is m.Trigger.DIRECT and s.trigger_condition is not None:
                self.error("E155", "a direct action cannot have a trigger condition (誘発条件)",
                           s.trigger_condition.span, fix="make the header @誘発-… or remove `trigger:`")
        if s.header is not None and s.header.trigger is m.Trigger.TRIGGERED and s.activation is not None \
                and s.trigger_condition is None:
            self.error("E156", "a triggered action cannot rely on an activation condition alone",
                       s.activation.span)

    def _header(self, w: ast.Word) -> m.Header | None:
        body = w.value[1:]
        parts = body.split("-")
        names = ("trigger", "speed", "timing")
        enums: tuple[type, ...] = (m.Trigger, m.Speed, m.Timing)
        if len(parts) != 3:
            self.error("E101", f"header '{w.value}' needs three parts", w.span,
                       expected="@トリガー-スピード-タイミング, e.g. @直接-通常-クイック")
            return None
        values = []
        offset = 1
        ok = True
        for part, what, enum in zip(parts, names, enums):
            canon = m.HEADER_ALIASES.get(part.lower(), part)
            try:
                values.append(enum(canon))
            except ValueError:
                choices = " or ".join(f"{e.value} ({e.name.lower()})" for e in enum)
                self.error("E102", f"unknown {what} '{part}'", _sub(w.span, offset, len(part)), expected=choices)
                ok = False
            offset += len(part) + 1
        return m.Header(*values, w.span) if ok else None

    def _cost_text(self, w: ast.Word) -> m.Cost | None:
        letters = w.value[1:]
        if not letters:
            self.error("E120", "empty cost '$'", w.span, expected="cost letters B L D S C, e.g. $BL")
            return None
        ok = True
        for i, ch in enumerate(letters):
            if ch not in "BLDSC":
                self.error("E120", f"unknown cost letter '{ch}'", _sub(w.span, i + 1, 1),
                           expected="B (防壁をドライブ) L (ライフ) D (手札を捨てる) S (キャラクターを墓地へ) C (キーユニットをドライブ)")
                ok = False
        return m.Cost(tuple(letters), w.span) if ok else None

    def _condition(self, w: ast.Word, what: str) -> m.KeyCondition | None:
        text = w.value[1:].strip()
        lead = len(w.value[1:]) - len(w.value[1:].lstrip())
        try:
            cond = parse_condition(text)
        except ConditionError as err:
            self.error("E130", f"bad {what}: {err.message}", _sub(w.span, 1 + lead + err.offset, 1),
                       expected=err.expected)
            return None
        span = _sub(w.span, 0, len(w.value))
        if hasattr(cond, "satisfiable") and not cond.satisfiable():
            self.error("E131", f"{what} '{text}' cannot be met by any cards of a 54-card deck", span,
                       fix="lower the count or widen the ranks")
        return m.KeyCondition(cond, text, span)

    def _target(self, f: ast.TargetField) -> m.Target:
        specs = []
        for sp in f.specs:
            kind = sp.kind.value
            if kind not in m.TARGET_KINDS:
                self.error("E180", f"unknown target kind '{kind}'", sp.kind.span, expected=" ".join(m.TARGET_KINDS))
            count: int | None = 1
            if sp.count is not None:
                count = None if sp.count.value == "any" else int(sp.count.value)
            owner = sp.owner.value if sp.owner else None
            if owner is not None and owner not in m.OWNERS:
                self.error("E181", f"unknown owner '{owner}'", sp.owner.span, expected="self or opponent")
            specs.append(m.TargetSpec(kind, count, owner, sp.where, sp.span))
        text = f.text.value if f.text else render_target(specs)
        return m.Target(tuple(specs), text, f.span)

    # -------------------------------------------------------------- components
    def _component(self, s: m.ComponentScript, node: ast.ScriptNode, fields: dict[str, ast.Field]) -> None:
        uf = fields.get("unit")
        if isinstance(uf, ast.UnitField):
            s.unit_condition = self._condition(uf.condition, "unit condition")
        else:
            self.error("E157", f"{s.kind} '{s.id}' has no unit condition", node.id.span,
                       fix="add a line `☆…`, e.g. `☆2〜10`")
        for name, f in fields.items():
            if isinstance(f, ast.SizeField):
                s.size = m.Size(f.text.value if f.text else _expr_text(f.expr), f.expr, f.span)
            elif isinstance(f, ast.LabelsField):
                s.labels = tuple(m.Label(l.name.value, l.qualifier.value if l.qualifier else None, l.when, l.span)
                                 for l in f.labels)
            elif isinstance(f, ast.TextField) and f.key == "placed_by":
                s.placed_by = f.text.value
        abilities = []
        for f in node.fields:
            if isinstance(f, ast.AbilityField):
                scope = f.scope.value if f.scope else "this"
                if scope not in m.SCOPES:
                    self.error("E182", f"unknown ability scope '{scope}'", f.scope.span if f.scope else f.span,
                               expected="all, your or this (9.4.2)")
                abilities.append(m.Ability(f.text.value, scope, f.body, f.span))
        s.abilities = tuple(abilities)
        if s.kind == "character" and s.type == "兵士" and s.size is None:
            self.error("E158", f"soldier '{s.id}' has no size", node.id.span, fix="add `size: …`")


def _expr_text(expr) -> str:
    from .effects import Num, to_source
    return str(expr.value) if isinstance(expr, Num) else to_source(expr)


def _choices(d: dict) -> str:
    return " ".join(d) if d else "(none declared)"


def render_target(specs) -> str:
    """The printed text of a target written without one: `自分の兵士1体`."""
    parts = []
    for sp in specs:
        noun, counter = m.TARGET_KINDS.get(sp.kind, (sp.kind, ""))
        owner = m.OWNERS.get(sp.owner or "", "")
        count = "" if sp.count is None else f"{sp.count}{counter}"
        parts.append(f"{owner}{noun}{count}")
    return "と".join(parts)


def resolve(modules: list[tuple[ast.Module, str]], extra: Callable[[Resolver], None] | None = None
            ) -> tuple[m.Ruleset, list[Diagnostic]]:
    """Resolve parsed modules (each tagged "base" or "user") into a Ruleset."""
    r = Resolver()
    for module, origin in modules:
        r.add_module(module, origin)
    rs = r.finish()
    if extra is not None:
        extra(r)
    return rs, r.diags
