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


class Checker:
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
                self.check_event(s.trigger_condition.event, env)
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
        if s.size is not None:
            self.expect(s.size.expr, env, "number")
        for label in s.labels:
            if label.when is not None:
                self.expect(label.when, env, "bool")
        for ab in s.abilities:
            if ab.body is not None:
                self.block(ab.body, dict(env))

    def check_event(self, ev: fx.Event, env: dict[str, str]) -> None:
        spec = LIBRARY.get(ev.name)
        if spec is None or spec.kind != "event":
            events = [n for n, v in LIBRARY.items() if v.kind == "event"]
            self.error("E310", f"unknown event '{ev.name}'", ev, expected=_near(ev.name, events) or ", ".join(events))
            return
        self.arguments(spec, ev.args, ev.kwargs, env, ev)

    # ---------------------------------------------------------------- statements
    def block(self, stmts, env: dict[str, str]) -> None:
        for st in stmts:
            self.stmt(st, env)

    def stmt(self, st, env: dict[str, str]) -> None:
        if isinstance(st, fx.Do):
            self.call(st.call, env, statement=True)
        elif isinstance(st, fx.If):
            self.expect(st.cond, env, "bool")
            self.block(st.then, dict(env))
            for cond, body in st.elifs:
                self.expect(cond, env, "bool")
                self.block(body, dict(env))
            self.block(st.orelse, dict(env))
        elif isinstance(st, fx.ForEach):
            t = self.expr(st.iterable, env)
            inner = dict(env)
            inner[st.var] = {"units": "unit", "cards": "card"}.get(t, "any")
            self.block(st.body, inner)
        elif isinstance(st, fx.RepeatUntil):
            self.block(st.body, env)
            self.expect(st.cond, env, "bool")
        elif isinstance(st, fx.Let):
            env[st.name] = self.expr(st.value, env)
        elif isinstance(st, fx.Step):
            self.block(st.body, env)

    # ---------------------------------------------------------------- expressions
    def expect(self, e, env: dict[str, str], want: str) -> None:
        got = self.expr(e, env)
        if got is not None and not compatible(want, got):
            self.error("E305", f"expected {want}, found {got}", e)

    def expr(self, e, env: dict[str, str]) -> str | None:
        if isinstance(e, fx.Num):
            return "number"
        if isinstance(e, fx.Str):
            return "text"
        if isinstance(e, fx.Name):
            if e.id in env:
                return env[e.id]
            self.error("E300", f"undefined name '{e.id}'", e, expected=_near(e.id, list(env)))
            return None
        if isinstance(e, fx.Attr):
            base = self.expr(e.obj, env)
            if base is None or base == "any" or base not in ATTRIBUTES:
                return "any"
            attrs = ATTRIBUTES[base]
            if e.name not in attrs:
                self.error("E308", f"a {base} has no attribute '{e.name}'", e, expected=", ".join(attrs))
                return None
            return attrs[e.name]
        if isinstance(e, fx.Call):
            return self.call(e, env, statement=False)
        if isinstance(e, fx.BinOp):
            lt, rt = self.expr(e.left, env), self.expr(e.right, env)
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
        if isinstance(e, fx.Not):
            self.expect(e.operand, env, "bool")
            return "bool"
        if isinstance(e, fx.Neg):
            self.expect(e.operand, env, "number")
            return "number"
        if isinstance(e, fx.ListExpr):
            for item in e.items:
                self.expr(item, env)
            return "any"
        return None

    def call(self, c: fx.Call, env: dict[str, str], statement: bool) -> str | None:
        spec = LIBRARY.get(c.func)
        if spec is None or spec.kind == "event":
            names = [n for n, v in LIBRARY.items() if v.kind != "event"]
            what = "an event, not a function" if spec is not None else "not in the verb library"
            self.error("E301", f"'{c.func}' is {what}", c, expected=_near(c.func, names))
            for a in c.args:
                self.expr(a, env)
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
            t = self.expr(value, env)
            if t is not None and not compatible(p.type, t):
                self.error("E305", f"{spec.name}: '{name}' must be {p.type}, found {t}", value,
                           expected=spec.signature)


def _near(word: str, names: list[str]) -> str | None:
    close = difflib.get_close_matches(word, names, n=3)
    return " or ".join(close) if close else None


def check_ruleset(ruleset: m.Ruleset) -> list[Diagnostic]:
    return Checker(ruleset).check_ruleset()
