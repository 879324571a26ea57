"""Check every effect, condition, target predicate, size and label guard against the
verb library, and resolve every name once.

The checker is a visitor of the effect tree. It types each expression; reports undefined
names, unavailable context names, unknown functions, wrong arguments and wrong types; and
decides what each name is (`bpscript.check.names`: local, context, vocabulary word, constant,
script id). A card condition written as text where a parameter is typed `condition` is
parsed here, with the same parser as ★ and ☆. What it decided is written back into the
model (`Name.ref`, `Lit`), so code generation emits references, not lookups; so are the
types it found (`Name.type`, `Attr.of` and `Attr.type`, `Call.type`) and each call's
declaration (`Call.verb`), so code generation emits typed reads (`bpscript.model.attributes`).
"""

from __future__ import annotations

import difflib
from dataclasses import replace

from ..model import effects as fx
from ..model import ruleset as m
from ..diagnostics import Diagnostic
from .names import Scope, action_scope, ambiguous_ids, component_scope, resolve, target_type
from ..model.semantics import Arg, Read, Role
from ..syntax.conditions import ConditionError, parse_condition
from ..verbs import ATTRIBUTES, LIBRARY

ARITH = {"+", "-", "*", "/", "%"}
ELEMENT = {"units": "unit", "cards": "card", "requests": "request"}


def compatible(expected: str, actual: str) -> bool:
    if "any" in (expected, actual) or expected == actual:
        return True
    return (expected, actual) in {("cards", "card"), ("units", "unit"), ("text", "script"),
                                 ("type_or_script", "script")}


class Checker(fx.NodeVisitor):
    """Types every expression (`visit(node, scope, want)`: its type, or None when it is
    already wrong) and records what each name and condition text resolved to."""

    nodes = fx.NODES

    def __init__(self, ruleset: m.Ruleset):
        self.rs = ruleset
        self.voc = ruleset.vocabulary
        self.spellings = self.voc.spelling_map()
        self.words = self.voc.spelled()  # the words of card conditions
        self.diags: list[Diagnostic] = []
        self.refs: dict[int, fx.Ref] = {}     # id(Name) -> what it is
        self.lits: dict[int, fx.Lit] = {}     # id(Str) -> the condition it was parsed into
        self.types: dict[int, dict[str, object]] = {}  # id(Name, Attr, Call) -> its fields found

    def error(self, code: str, msg: str, node, expected: str | None = None, fix: str | None = None) -> None:
        self.diags.append(Diagnostic(code, msg, node.span, expected=expected, fix=fix))

    # ---------------------------------------------------------------- scripts
    def check_ruleset(self) -> list[Diagnostic]:
        for s in ambiguous_ids(self.rs.scripts):
            self.diags.append(Diagnostic("E205", f"script id '{s.id}' is also a name of the language", s.span,
                                         fix="rename the script: a name like this is a context name or a constant"))
        scoped = [s for overs in self.rs.scoped.values() for s in overs]  # overrides written `in …`
        for s in [*self.rs.scripts.values(), *scoped]:
            if isinstance(s, m.ActionScript):
                self.check_action(s)
            elif isinstance(s, m.ComponentScript):
                self.check_component(s)
        return self.diags

    def check_action(self, s: m.ActionScript) -> None:
        self.refs.clear()  # decisions are per script: a `same_as` body is shared, its context is not
        self.lits.clear()
        self.types.clear()
        scope = action_scope(self.voc, s)
        if s.activation is not None and s.activation.when is not None:
            self.expect(s.activation.when, scope, "bool")
            s.activation = replace(s.activation, when=self.resolved(s.activation.when))
        tc = s.trigger_condition
        if tc is not None:
            if tc.event is not None:
                self.visit(tc.event, scope)
            if tc.when is not None:
                self.expect(tc.when, scope, "bool")
            s.trigger_condition = replace(tc, event=self.resolved(tc.event), when=self.resolved(tc.when))
        if s.target is not None:
            specs = []
            for spec in s.target.specs:
                if spec.where is not None:
                    it = Scope({**scope.context, "it": target_type(self.voc, spec)},
                               {k: v for k, v in scope.missing.items() if k != "it"}, fixes=scope.fixes)
                    self.expect(spec.where, it, "bool")
                specs.append(replace(spec, where=self.resolved(spec.where)))
            s.target = replace(s.target, specs=tuple(specs))
        if s.effect is not None and s.effect.body is not None:
            self.block(s.effect.body, scope)  # a `same_as` body is checked in this script's context too
            s.effect = replace(s.effect, body=self.resolved(s.effect.body))

    def check_component(self, s: m.ComponentScript) -> None:
        self.refs.clear()
        self.lits.clear()
        self.types.clear()
        scope = component_scope(s)
        if s.size is not None and s.size.expr is not None:
            self.expect(s.size.expr, scope, "number")
            s.size = replace(s.size, expr=self.resolved(s.size.expr))
        labels = []
        for label in s.labels:
            if label.when is not None:
                self.expect(label.when, scope, "bool")
            labels.append(replace(label, when=self.resolved(label.when)))
        s.labels = tuple(labels)
        abilities = []
        for ab in s.abilities:
            if ab.body is not None:
                self.block(ab.body, scope)
            abilities.append(replace(ab, body=self.resolved(ab.body)))
        s.abilities = tuple(abilities)

    def resolved(self, tree):
        """The tree with every name's resolution and every condition text's matcher in it."""
        if tree is None:
            return None
        writer = _Write(self.refs, self.lits, self.types)
        if isinstance(tree, tuple):
            return tuple(writer.visit(st) for st in tree)
        return writer.visit(tree)

    def visit_Event(self, ev: fx.Event, scope: Scope, want: str | None = None) -> None:
        spec = LIBRARY.get(ev.name)
        if spec is None or spec.kind != "event":
            events = [n for n, v in LIBRARY.items() if v.kind == "event"]
            self.error("E310", f"unknown event '{ev.name}'", ev, expected=_near(ev.name, events) or ", ".join(events))
            return
        self.arguments(spec, ev.args, ev.kwargs, scope, ev)

    # ---------------------------------------------------------------- statements
    def block(self, stmts, scope: Scope) -> Scope:
        for st in stmts:
            scope = self.visit(st, scope) or scope
        return scope

    def visit_Do(self, st: fx.Do, scope: Scope) -> None:
        self.call(st.call, scope, statement=True)

    def visit_If(self, st: fx.If, scope: Scope) -> None:
        self.expect(st.cond, scope, "bool")
        self.block(st.then, scope)
        for cond, body in st.elifs:
            self.expect(cond, scope, "bool")
            self.block(body, scope)
        self.block(st.orelse, scope)

    def visit_ForEach(self, st: fx.ForEach, scope: Scope) -> None:
        t = self.visit(st.iterable, scope)
        self.block(st.body, scope.child(**{st.var: ELEMENT.get(t or "", "any")}))

    def visit_RepeatUntil(self, st: fx.RepeatUntil, scope: Scope) -> None:
        inner = self.block(st.body, scope)
        self.expect(st.cond, inner, "bool")

    def visit_Let(self, st: fx.Let, scope: Scope) -> Scope:
        return scope.child(**{st.name: self.visit(st.value, scope) or "any"})

    def visit_Step(self, st: fx.Step, scope: Scope) -> Scope:
        return self.block(st.body, scope)

    # ---------------------------------------------------------------- expressions
    def expect(self, e, scope: Scope, want: str) -> None:
        got = self.visit(e, scope, want)
        if got is not None and not compatible(want, got):
            self.error("E305", f"expected {want}, found {got}", e)

    def visit_Num(self, e: fx.Num, scope: Scope, want: str | None = None) -> str:
        return "number"

    def visit_Str(self, e: fx.Str, scope: Scope, want: str | None = None) -> str | None:
        if want != "condition":
            return "text"
        try:
            cond = parse_condition(e.value, self.spellings, self.words)
        except ConditionError as err:  # located inside the string, after its opening quote
            at = e.span.column + 1 + err.offset
            self.diags.append(Diagnostic("E130", f"bad card condition: {err.message}",
                                         replace(e.span, column=at, end_column=at + 1), expected=err.expected))
            return None
        self.lits[id(e)] = fx.Lit(cond, e.value, e.span)
        return "condition"

    def visit_Lit(self, e: fx.Lit, scope: Scope, want: str | None = None) -> str:
        return "condition"

    def visit_Name(self, e: fx.Name, scope: Scope, want: str | None = None) -> str | None:
        r = resolve(e.id, want, scope, self.voc, self.rs.scripts)
        if r.ref is None:
            near = _near(e.id, [*scope.locals, *scope.context]) if r.code == "E300" and r.expected is None else None
            self.error(r.code, r.message, e, expected=r.expected or near, fix=r.fix)
            return None
        self.refs[id(e)] = r.ref
        self.types[id(e)] = {"type": r.type}
        return r.type

    def visit_Attr(self, e: fx.Attr, scope: Scope, want: str | None = None) -> str | None:
        base = self.visit(e.obj, scope)
        if base is None or base == "any" or base not in ATTRIBUTES:
            self.types[id(e)] = {"of": "any", "type": "any"}  # read by the engine's generic reader
            return "any"
        attrs = ATTRIBUTES[base]
        if e.name not in attrs:
            self.error("E308", f"a {base} has no attribute '{e.name}'", e, expected=", ".join(attrs))
            return None
        self.types[id(e)] = {"of": base, "type": attrs[e.name]}
        return attrs[e.name]

    def visit_Call(self, e: fx.Call, scope: Scope, want: str | None = None) -> str | None:
        return self.call(e, scope, statement=False)

    def visit_BinOp(self, e: fx.BinOp, scope: Scope, want: str | None = None) -> str:
        lt, rt = self.visit(e.left, scope), self.visit(e.right, scope)
        if e.op in ARITH:
            for side, t in ((e.left, lt), (e.right, rt)):
                if t is not None and not compatible("number", t):
                    self.error("E305", f"'{e.op}' needs numbers, found {t}", side)
            return "number"
        if e.op in ("and", "or"):
            for side, t in ((e.left, lt), (e.right, rt)):
                if t is not None and not compatible("bool", t):
                    self.error("E305", f"'{e.op}' needs conditions, found {t}", side)
        return "bool"

    def visit_Not(self, e: fx.Not, scope: Scope, want: str | None = None) -> str:
        self.expect(e.operand, scope, "bool")
        return "bool"

    def visit_Neg(self, e: fx.Neg, scope: Scope, want: str | None = None) -> str:
        self.expect(e.operand, scope, "number")
        return "number"

    def visit_ListExpr(self, e: fx.ListExpr, scope: Scope, want: str | None = None) -> str:
        for item in e.items:
            self.visit(item, scope, want if want not in ("any", None) else None)
        return "any"

    def visit_ListComp(self, e: fx.ListComp, scope: Scope, want: str | None = None) -> str:
        t = self.visit(e.iterable, scope)
        inner = scope.child(**{e.var: ELEMENT.get(t or "", "any")})
        if e.cond is not None:
            self.expect(e.cond, inner, "bool")
        item = self.visit(e.item, inner)
        if isinstance(e.item, fx.Name) and e.item.id == e.var and t in ELEMENT:
            return t
        return {"unit": "units", "card": "cards", "request": "requests"}.get(item or "", "any")

    def call(self, c: fx.Call, scope: Scope, statement: bool) -> str | None:
        spec = LIBRARY.get(c.func)
        if spec is None or spec.kind == "event":
            names = [n for n, v in LIBRARY.items() if v.kind != "event"]
            what = "an event, not a function" if spec is not None else "not in the verb library"
            self.error("E301", f"'{c.func}' is {what}", c, expected=_near(c.func, names))
            for a in c.args:
                self.visit(a, scope)
            return None
        if spec.kind == "verb" and not statement:
            self.error("E306", f"'{c.func}' changes the game and gives no value", c,
                       expected="a query here (a function that returns a value)")
        found = self.arguments(spec, c.args, c.kwargs, scope, c)
        returns = spec.returns
        if returns == "any":  # a query declared to filter a list gives a list of the same type
            f = next((f for f in spec.summary if f.kind is Read.FILTER), None)
            src = f.source(Role.WHAT) if f is not None else None
            if isinstance(src, Arg) and found.get(src.param) in ELEMENT:
                returns = found[src.param]
        self.types[id(c)] = {"verb": spec, "type": returns}
        return returns

    def arguments(self, spec, args, kwargs, scope: Scope, node) -> dict[str, str]:
        """Check the arguments of a call; the type found of each, by parameter name."""
        found: dict[str, str] = {}
        if len(args) > len(spec.params):
            self.error("E304", f"{spec.name} takes at most {len(spec.params)} arguments, got {len(args)}",
                       node, expected=spec.signature)
        given: dict[str, object] = {}
        for p, a in zip(spec.params, args):
            given[p.name] = a
        for k, v in kwargs:
            if spec.param(k) is None:
                self.error("E302", f"{spec.name} has no parameter '{k}'", v, expected=spec.signature)
                continue
            if k in given:
                self.error("E302", f"{spec.name} got '{k}' twice", v, expected=spec.signature)
            given[k] = v
        for p in spec.params:
            if p.required and p.name not in given:
                self.error("E303", f"{spec.name} needs '{p.name}'", node, expected=spec.signature)
        for name, value in given.items():
            p = spec.param(name)
            if p is None:
                continue
            if p.type == "condition" and not isinstance(value, (fx.Str, fx.Lit)):
                self.error("E131", f"{spec.name}: '{name}' is a card condition written as text, "
                                   "e.g. \"♢2〜10\"", value, expected=spec.signature)
                continue
            t = self.visit(value, scope, p.type)
            if t is not None:
                found[name] = t
            if t is not None and not compatible(p.type, t):
                self.error("E305", f"{spec.name}: '{name}' must be {p.type}, found {t}", value,
                           expected=spec.signature)
        return found


class _Write(fx.NodeTransformer):
    """Writes the checker's decisions into a tree: a resolved `ref` and `type` on each
    name, the types found on each attribute read and call (and a call's declaration), and
    each condition text replaced by the condition it was parsed into."""

    def __init__(self, refs: dict[int, fx.Ref], lits: dict[int, fx.Lit], types: dict[int, dict[str, object]]):
        self.refs, self.lits, self.types = refs, lits, types

    def visit_Name(self, n: fx.Name) -> fx.Name:
        ref = self.refs.get(id(n))
        found = self.types.get(id(n), {})
        if (ref is None or ref == n.ref) and found.get("type", n.type) == n.type:
            return n
        return replace(n, ref=ref if ref is not None else n.ref, **found)  # type: ignore[arg-type]

    def visit_Attr(self, n: fx.Attr) -> fx.Attr:
        found = self.types.get(id(n))
        n2 = self.transform_children(n)
        return replace(n2, **found) if found else n2  # type: ignore[arg-type]

    def visit_Call(self, n: fx.Call) -> fx.Call:
        found = self.types.get(id(n))
        n2 = self.transform_children(n)
        return replace(n2, **found) if found else n2  # type: ignore[arg-type]

    def visit_Str(self, n: fx.Str):
        return self.lits.get(id(n), n)


def _near(word: str, names: list[str]) -> str | None:
    close = difflib.get_close_matches(word, names, n=3)
    return " or ".join(close) if close else None


def check_ruleset(ruleset: m.Ruleset) -> list[Diagnostic]:
    """Check and resolve every script of the ruleset (the model is updated in place)."""
    return Checker(ruleset).check_ruleset()
