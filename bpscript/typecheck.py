"""Check every effect, condition, target predicate, size and label guard against
the verb library: undefined names, unknown functions, wrong arguments, wrong types.
"""

from __future__ import annotations

import difflib

from . import effects as fx
from . import model as m
from .diagnostics import Diagnostic
from .verbs import ATTRIBUTES, CONSTANTS, CONTEXT, LIBRARY

ARITH = {"+", "-", "*", "/", "%"}
TARGET_TYPES = {"soldier": "unit", "bulwark": "unit", "character": "unit", "face_up_trump": "card",
                "request": "request", "player": "player", "opponent": "player"}


def compatible(expected: str, actual: str) -> bool:
    if "any" in (expected, actual) or expected == actual:
        return True
    return (expected, actual) in {("cards", "card"), ("units", "unit"), ("text", "script")}


class Checker(fx.NodeVisitor):
    """Types every expression and checks every statement and event against the verb
    library; a visitor of the effect tree (`visit(node, env)`: an expression's type, or
    None when it is already wrong)."""

    nodes = fx.NODES

    def __init__(self, ruleset: m.Ruleset):
        self.rs = ruleset
        self.diags: list[Diagnostic] = []
        self.globals: dict[str, str] = {**CONSTANTS, **{sid: "script" for sid in ruleset.scripts}}

    def error(self, code: str, msg: str, node, expected: str | None = None) -> None:
        self.diags.append(Diagnostic(code, msg, node.span, expected=expected))

    # ---------------------------------------------------------------- scopes
    def check_ruleset(self) -> list[Diagnostic]:
        for s in self.rs.scripts.values():
            if isinstance(s, m.ActionScript):
                self.check_action(s)
            elif isinstance(s, m.ComponentScript):
                self.check_component(s)
        return self.diags

    def action_env(self, s: m.ActionScript) -> dict[str, str]:
        env = {**self.globals, **CONTEXT}
        if s.target is not None and len(s.target.specs) == 1:
            env["target"] = TARGET_TYPES.get(s.target.specs[0].kind, "any")
        return env

    def check_action(self, s: m.ActionScript) -> None:
        env = self.action_env(s)
        if s.activation is not None and s.activation.when is not None:
            self.expect(s.activation.when, env, "bool")
        if s.trigger_condition is not None:
            if s.trigger_condition.event is not None:
                self.visit(s.trigger_condition.event, env)
            if s.trigger_condition.when is not None:
                self.expect(s.trigger_condition.when, env, "bool")
        if s.target is not None:
            for spec in s.target.specs:
                if spec.where is not None:
                    self.expect(spec.where, {**env, "it": TARGET_TYPES.get(spec.kind, "any")}, "bool")
        if s.effect is not None and s.effect.body is not None and s.effect.same_as is None:
            self.block(s.effect.body, dict(env))

    def check_component(self, s: m.ComponentScript) -> None:
        env = {**self.globals, **CONTEXT, "unit": "unit", "this": "unit"}
        if s.size is not None and s.size.expr is not None:
            self.expect(s.size.expr, env, "number")
        for label in s.labels:
            if label.when is not None:
                self.expect(label.when, env, "bool")
        for ab in s.abilities:
            if ab.body is not None:
                self.block(ab.body, dict(env))

    def visit_Event(self, ev: fx.Event, env: dict[str, str]) -> None:
        spec = LIBRARY.get(ev.name)
        if spec is None or spec.kind != "event":
            events = [n for n, v in LIBRARY.items() if v.kind == "event"]
            self.error("E310", f"unknown event '{ev.name}'", ev, expected=_near(ev.name, events) or ", ".join(events))
            return
        self.arguments(spec, ev.args, ev.kwargs, env, ev)

    # ---------------------------------------------------------------- statements
    def block(self, stmts, env: dict[str, str]) -> None:
        for st in stmts:
            self.visit(st, env)

    def visit_Do(self, st: fx.Do, env: dict[str, str]) -> None:
        self.call(st.call, env, statement=True)

    def visit_If(self, st: fx.If, env: dict[str, str]) -> None:
        self.expect(st.cond, env, "bool")
        self.block(st.then, dict(env))
        for cond, body in st.elifs:
            self.expect(cond, env, "bool")
            self.block(body, dict(env))
        self.block(st.orelse, dict(env))

    def visit_ForEach(self, st: fx.ForEach, env: dict[str, str]) -> None:
        t = self.visit(st.iterable, env)
        inner = dict(env)
        inner[st.var] = {"units": "unit", "cards": "card"}.get(t, "any")
        self.block(st.body, inner)

    def visit_RepeatUntil(self, st: fx.RepeatUntil, env: dict[str, str]) -> None:
        self.block(st.body, env)
        self.expect(st.cond, env, "bool")

    def visit_Let(self, st: fx.Let, env: dict[str, str]) -> None:
        env[st.name] = self.visit(st.value, env)

    def visit_Step(self, st: fx.Step, env: dict[str, str]) -> None:
        self.block(st.body, env)

    # ---------------------------------------------------------------- expressions
    def expect(self, e, env: dict[str, str], want: str) -> None:
        got = self.visit(e, env)
        if got is not None and not compatible(want, got):
            self.error("E305", f"expected {want}, found {got}", e)

    def visit_Num(self, e: fx.Num, env: dict[str, str]) -> str:
        return "number"

    def visit_Str(self, e: fx.Str, env: dict[str, str]) -> str:
        return "text"

    def visit_Name(self, e: fx.Name, env: dict[str, str]) -> str | None:
        if e.id in env:
            return env[e.id]
        self.error("E300", f"undefined name '{e.id}'", e, expected=_near(e.id, list(env)))
        return None

    def visit_Attr(self, e: fx.Attr, env: dict[str, str]) -> str | None:
        base = self.visit(e.obj, env)
        if base is None or base == "any" or base not in ATTRIBUTES:
            return "any"
        attrs = ATTRIBUTES[base]
        if e.name not in attrs:
            self.error("E308", f"a {base} has no attribute '{e.name}'", e, expected=", ".join(attrs))
            return None
        return attrs[e.name]

    def visit_Call(self, e: fx.Call, env: dict[str, str]) -> str | None:
        return self.call(e, env, statement=False)

    def visit_BinOp(self, e: fx.BinOp, env: dict[str, str]) -> str:
        lt, rt = self.visit(e.left, env), self.visit(e.right, env)
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

    def visit_Not(self, e: fx.Not, env: dict[str, str]) -> str:
        self.expect(e.operand, env, "bool")
        return "bool"

    def visit_Neg(self, e: fx.Neg, env: dict[str, str]) -> str:
        self.expect(e.operand, env, "number")
        return "number"

    def visit_ListExpr(self, e: fx.ListExpr, env: dict[str, str]) -> str:
        for item in e.items:
            self.visit(item, env)
        return "any"

    def call(self, c: fx.Call, env: dict[str, str], statement: bool) -> str | None:
        spec = LIBRARY.get(c.func)
        if spec is None or spec.kind == "event":
            names = [n for n, v in LIBRARY.items() if v.kind != "event"]
            what = "an event, not a function" if spec is not None else "not in the verb library"
            self.error("E301", f"'{c.func}' is {what}", c, expected=_near(c.func, names))
            for a in c.args:
                self.visit(a, env)
            return None
        if spec.kind == "verb" and not statement:
            self.error("E306", f"'{c.func}' changes the game and gives no value", c,
                       expected="a query here (a function that returns a value)")
        self.arguments(spec, c.args, c.kwargs, env, c)
        return spec.returns

    def arguments(self, spec, args, kwargs, env, node) -> None:
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
            t = self.visit(value, env)
            if t is not None and not compatible(p.type, t):
                self.error("E305", f"{spec.name}: '{name}' must be {p.type}, found {t}", value,
                           expected=spec.signature)


def _near(word: str, names: list[str]) -> str | None:
    close = difflib.get_close_matches(word, names, n=3)
    return " or ".join(close) if close else None


def check_ruleset(ruleset: m.Ruleset) -> list[Diagnostic]:
    return Checker(ruleset).check_ruleset()
