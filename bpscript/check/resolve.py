"""AST → model: check every field, resolve names, and build one `Ruleset`.

Each problem becomes a diagnostic with a code (see docs/reference/diagnostics.md);
resolution goes on after an error so one run reports all of them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ..model import ruleset as m
from ..model import vocabulary as v
from ..diagnostics import Diagnostic, Severity
from .resolve_vocab import VocabResolver

from .resolve_frame import check_frame, resolve_deck, resolve_setup
from .resolve_header import HeaderParts, _sub, target_text  # noqa: F401 - target_text is public here too
from .resolve_ruleset import RulesetItems, check_override, label_refs
from ..source import Span
from ..syntax import ast
from ..model.conditions import NamedCharacter

# which fields each kind of item may hold (by the name used in field_spans)
ACTION_FIELDS = {"header", "ruby", "category", "note", "activation", "trigger", "target", "effect",
                 "story", "flavor", "formats", "frames", "since", "update", "allow", "dev_note"}
COMPONENT_FIELDS = {"unit", "header", "ruby", "category", "size", "labels", "ability", "placed_by", "story",
                    "flavor", "formats", "frames", "since", "update", "allow", "dev_note"}
FORMAT_FIELDS = {"summary"}
FRAME_FIELDS = {"formats", "deck", "zones", "setup", "action_lists", "disclosure", "summary"}
REPEATABLE = {"ability", "allow", "disclosure"}
NAMED_TEXT = {"note"}  # text fields that may name a declared term instead (note: untargetableByCounter)
#: fields that were renamed, and how to write them now
RETIRED = {"deck_cards": 'list the cards in the deck\'s block: deck: "…" { cards ♠A ♠2 … }'}


def field_name(f: ast.Field) -> str:
    """The name a field goes by in messages and in `Script.field_spans`."""
    if isinstance(f, ast.HeaderField):
        return "header"
    if isinstance(f, ast.UnitField):
        return "unit"
    if isinstance(f, (ast.TextField, ast.TextRefField, ast.IdsField, ast.ConditionField)):
        return f.key
    return {
        ast.CategoryField: "category", ast.TargetField: "target", ast.EffectField: "effect",
        ast.FlavorField: "flavor", ast.SizeField: "size", ast.LabelsField: "labels",
        ast.AbilityField: "ability", ast.DeckField: "deck", ast.SetupField: "setup",
        ast.ActionListsField: "action_lists",
        ast.DisclosureField: "disclosure", ast.AllowField: "allow", ast.DeckCardsField: "deck_cards",
    }[type(f)]


class Resolver(HeaderParts):
    """Builds a Ruleset from parsed modules, collecting diagnostics."""

    def __init__(self) -> None:
        self.diags: list[Diagnostic] = []
        self.ruleset = m.Ruleset()
        self._origin: dict[str, str] = {}  # script id -> "base" or "user"
        self._modules: list[tuple[ast.Module, str]] = []
        self._vocab = VocabResolver(self.error, self.ruleset.vocabulary)
        self._items = RulesetItems(self.error, self._vocab.attrs)
        self._overrides: list[tuple[m.Script, m.Script, ast.ScriptNode]] = []  # (override, base, node)

    # -------------------------------------------------------------- reporting
    def error(self, code: str, message: str, span: Span, *, expected: str | None = None,
              fix: str | None = None, severity: Severity = Severity.ERROR) -> None:
        self.diags.append(Diagnostic(code, message, span, severity, expected, fix))

    # -------------------------------------------------------------- entry
    def add_module(self, module: ast.Module, origin: str = "user") -> None:
        """Read a module's vocabulary now; its other items once every module's vocabulary
        is known (`finish`), so declarations may stand in any file, in any order."""
        self.ruleset.sources[module.path] = module.text
        self._modules.append((module, origin))
        for item in module.items:
            if isinstance(item, ast.CostNode):
                self._vocab.add_cost(item)
            elif isinstance(item, ast.VocabNode):
                self._vocab.add(item)

    def finish(self) -> m.Ruleset:
        """Everything but the vocabulary, then cross-references: formats/frames named,
        `same_as` effects, categories' trumps."""
        self.vocab = self._vocab.check_references()
        self._spellings = self.vocab.spelling_map()
        self._words = self.vocab.spelled()
        for module, origin in self._modules:
            for item in module.items:
                if isinstance(item, (ast.FormatNode, ast.FrameNode)):
                    self._format(item) if isinstance(item, ast.FormatNode) else self._frame(item)
                    if origin == "base":
                        self.ruleset.inherited.add(item.id.value)
                elif isinstance(item, ast.ScriptNode):
                    self._script(item, origin)
                elif isinstance(item, ast.RulesetNode):
                    self._items.add_ruleset(item, origin)
                elif isinstance(item, ast.SupplementNode):
                    self._items.add_supplement(item, self.ruleset.supplements)
        rs = self.ruleset
        rs.info = self._items.info()
        rs.inherited_scripts = {i for i, o in self._origin.items() if o == "base"}
        rs.base_files = {module.path for module, origin in self._modules if origin == "base"}
        for script, base, node in self._overrides:
            check_override(script, base, node, rs, self.error)
        self._resolve_named()
        for cat in self.vocab.categories:
            if cat.trump is not None and not (cat.trump in rs.scripts and rs.scripts[cat.trump].kind == "trump"):
                self.error("E403", f"category '{cat.id}': '{cat.trump}' is not a trump", cat.span,
                           expected=" ".join(s.id for s in rs.components("trump")) or "(no trumps)")
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
                if s.effect is not None and s.effect.same_as is not None:
                    self._resolve_same_as(s)
        for note in self.vocab.notes:
            for by in note.untargetable_by:
                if not isinstance(rs.scripts.get(by), m.ActionScript):
                    self.error("E115", f"note '{note.id}': no action '{by}' to be untargetable by", note.span,
                               expected=" ".join(sorted(a.id for a in rs.actions())) or "(no actions)")
        for fr in rs.frames.values():
            for fid in fr.formats:
                if fid not in rs.formats:
                    self.error("E160", f"unknown format '{fid}'", fr.span, expected=_choices(rs.formats))
        return rs

    def _resolve_named(self) -> None:
        """`「名前」1体`: the character script of that printed name (an id in the model)."""
        by_name = {s.name: s for s in self.ruleset.components("character")}
        for s in self.ruleset.actions():
            key = s.key
            if key is None or not isinstance(key.condition, NamedCharacter):
                continue
            found = by_name.get(key.condition.name)
            if found is None:
                self.error("E132", f"no character is named 「{key.condition.name}」", key.span,
                           expected=" ".join(f"「{c}」" for c in by_name) or "(no characters)")
                continue
            s.key = replace(key, condition=replace(key.condition, character=found.id))

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
                    if w.value not in self.vocab.zones.ids():
                        self.error("E162", f"unknown zone '{w.value}'", w.span,
                                   expected=" ".join(self.vocab.zones.ids()) or "(no zones declared)")
                fr.zones = tuple(w.value for w in f.values)
            elif isinstance(f, ast.TextField) and f.key == "summary":
                fr.summary = f.text.value
            elif isinstance(f, ast.ActionListsField):
                fr.action_lists = tuple(w.value for w in f.names)
            elif isinstance(f, ast.DisclosureField):
                if f.zone.value not in self.vocab.zones.ids():
                    self.error("E162", f"unknown zone '{f.zone.value}'", f.zone.span,
                               expected=" ".join(self.vocab.zones.ids()) or "(no zones declared)")
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
            if isinstance(f, ast.TextRefField) and name not in NAMED_TEXT:
                self.error("E143", f"'{name}' takes quoted text, not a name", f.ref.span,
                           expected=f'{name}: "…"')
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
        type_ = self._type(node)
        category = self.vocab.category(type_.id) or v.CategoryDef(type_.id, type_.name, type_.span)
        common = dict(id=node.id.value, name=node.name.value, kind=node.kind, type=type_,
                      category=category, span=node.id.span, override=node.override,
                      scope=tuple(w.value for w in node.scope))
        if node.scope and not node.override:
            self.error("E206", "`in …` scopes an override, and this script overrides nothing", node.scope[0].span,
                       fix=f"write `override {node.kind} {node.id.value} …` to replace a base script there, "
                           "or remove `in …`")
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
        script.label_refs = label_refs(script, self.vocab.labels)
        if not script.formats and not script.frames and not node.scope:
            self.error("E163", f"{node.kind} '{script.id}' is in no format and no frame", node.id.span,
                       fix="add `formats: …` or `frames: …`")
        self._register(script, node, origin)

    def _type(self, node: ast.ScriptNode) -> v.TypeDef:
        """The declared type in parentheses; a trump may leave it out (its kind's first type)."""
        allowed = self.vocab.types_of(node.kind)
        shown = " ".join(f"({t.name})" for t in allowed) or f"(no {node.kind} types declared)"
        if node.type is None:
            if node.kind == "trump" and allowed:
                return allowed[0]
            self.error("E110", f"{node.kind} '{node.id.value}' has no type", node.name.span,
                       expected="the type in parentheses after the name: " + shown)
        else:
            found = self.vocab.types.get(node.type.value)
            if found is not None and found.kind == node.kind:
                return found
            self.error("E110", f"unknown {node.kind} type '{node.type.value}'", node.type.span, expected=shown)
        text = node.type.value if node.type else ""
        return v.TypeDef(text, text, node.span, node.kind)

    def _register(self, script: m.Script, node: ast.ScriptNode, origin: str) -> None:
        scripts = self.ruleset.scripts
        if script.id in scripts:
            prev = scripts[script.id]
            if node.override and self._origin.get(script.id) == "base":
                self._overrides.append((script, prev, node))
                self.ruleset.replaced[script.id] = prev
                if node.scope:
                    self.ruleset.scoped[script.id] = self.ruleset.scoped.get(script.id, ()) + (script,)
                    return
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
            if f.key in ("ruby", "story", "dev_note"):
                setattr(s, f.key, f.text.value)
        elif isinstance(f, ast.CategoryField):
            found = self.vocab.category(f.text.value)
            if found is None:
                self.error("E111", f"unknown category '{f.text.value}'", f.text.span,
                           expected=" ".join(c.name for c in self.vocab.categories) or "(no categories declared)",
                           fix="declare it: category anId \"its printed name\"")
                found = v.CategoryDef(f.text.value, f.text.value, f.text.span)
            s.category = found
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
            self.error("E151", f"action '{s.id}' has no header @trigger-speed-timing", node.id.span,
                       fix=f"add a first line such as `{self.vocab.header_example()}`")
        else:
            s.header = self._header(hf.header)
        if isinstance(hf, ast.HeaderField):
            if hf.cost is not None:
                s.cost = self._cost_text(hf.cost)
            if hf.key is not None:
                s.field_spans["key"] = _sub(hf.key.span, 0, len(hf.key.value))  # kept when unreadable (E130)
                s.key = self._condition(hf.key, "key card condition")
        for name, f in fields.items():
            if isinstance(f, ast.TextField) and f.key == "note":
                s.note = f.text.value
            elif isinstance(f, ast.TextRefField) and f.key == "note":
                s.note_def = self._note(f.ref)
                s.note = s.note_def.name if s.note_def else None
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
            self.error("E153", f"action '{s.id}' has no effect", node.id.span,
                       fix='add `effect: "…"` with the printed text, and a { … } block of statements')
        if s.header is not None:
            by_event = s.header.trigger.origin is v.Origin.EVENT
            if by_event and s.trigger_condition is None:
                self.error("E154", f"triggered action '{s.id}' has no trigger condition",
                           s.header.span, fix='add `trigger: "…" on event(…)`')
            if not by_event and s.trigger_condition is not None:
                triggered = self.vocab.header_example(v.Origin.EVENT).split("-")[0]
                self.error("E155", "a direct action cannot have a trigger condition",
                           s.trigger_condition.span, fix=f"make the header {triggered}-… or remove `trigger:`")
        if s.header is not None and s.header.trigger.origin is v.Origin.EVENT and s.activation is not None \
                and s.trigger_condition is None:
            self.error("E156", "a triggered action cannot rely on an activation condition alone",
                       s.activation.span)

    def _note(self, ref: ast.Word) -> v.NoteDef | None:
        found = self.vocab.notes.get(ref.value)
        if found is None:
            self.error("E114", f"unknown rule note '{ref.value}'", ref.span,
                       expected=" ".join(self.vocab.notes.ids()) or "(no notes declared)",
                       fix=f'declare it: note {ref.value} "※…" {{ untargetable_by: … }}, or write the note as "text"')
        return found

    # -------------------------------------------------------------- components
    def _label(self, node: ast.LabelNode) -> m.Label:
        found = self.vocab.labels.get(node.name.value)
        if found is None:
            self.error("E112", f"undeclared label <{node.name.value}>", node.name.span,
                       expected=" ".join(f"<{l.name}>" for l in self.vocab.labels) or "(no labels declared)",
                       fix=f"declare it: label anId \"{node.name.value}\" {{ roles: … }}")
            found = v.LabelDef(node.name.value, node.name.value, node.name.span)
        return m.Label(found, node.qualifier.value if node.qualifier else None, node.when, node.span)

    def _component(self, s: m.ComponentScript, node: ast.ScriptNode, fields: dict[str, ast.Field]) -> None:
        comp = self.vocab.components.get(s.kind)
        mark = comp.mark if comp is not None else v.ComponentDef.mark
        uf = fields.get("unit") or fields.get("header")
        if isinstance(uf, ast.HeaderField) and (uf.header is not None or uf.cost is not None or uf.key is None):
            self.error("E141", f"a {s.kind} has no header @… or cost $…", uf.span,
                       expected=f"its unit condition: {mark}…")
            uf = None
        written = uf.condition if isinstance(uf, ast.UnitField) else uf.key if isinstance(uf, ast.HeaderField) else None
        if written is not None:
            s.unit_condition = self._condition(written, "unit condition")
            if not written.value.startswith(mark):
                self.error("E159", f"this ruleset prints the unit condition of a {s.kind} with {mark}",
                           _sub(written.span, 0, 1), expected=f"{mark}{written.value[1:]}",
                           fix=f"declare the mark: component {s.kind} \"…\" {{ … mark: \"{written.value[0]}\" }}")
        else:
            self.error("E157", f"{s.kind} '{s.id}' has no unit condition", node.id.span,
                       fix=f"add a line `{mark}…`, e.g. `{mark}2〜10`")
        for name, f in fields.items():
            if isinstance(f, ast.SizeField):
                s.size = m.Size(f.text.value if f.text else _expr_text(f.expr), f.expr, f.span)
            elif isinstance(f, ast.LabelsField):
                s.labels = tuple(self._label(l) for l in f.labels)
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
        if comp is None:
            self.error("E113", f"no component kind '{s.kind}' is declared", node.id.span,
                       fix=f'declare it: component {s.kind} "…" {{ zone: … }}')
        else:
            s.zone = comp.zone
        if s.kind == "character" and s.type.sized and s.size is None:
            self.error("E158", f"{s.type.id} '{s.id}' has no size", node.id.span, fix="add `size: …`")


def _expr_text(expr) -> str:
    from ..model.effects import Num, to_source
    return str(expr.value) if isinstance(expr, Num) else to_source(expr)


def _choices(d: dict) -> str:
    return " ".join(d) if d else "(none declared)"


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
