"""A code generator modelled on Jinja2's: source written line by line with
`writeline` / `indent` / `outdent`, every constant emitted through `repr()`, and a map
from generated lines to the `.bps` places they came from (`__bps_lines__`).

Expressions and statements of the effect language (`bpscript.model.effects`) compile to plain
Python, with every name already resolved by the checker (`Name.ref`): a local is a Python
local (`l_card`), a context name an attribute of the engine context (`ctx.target`), a
vocabulary word or a constant a value (an enum member of `bpscript.model.values`, bound once per
module: `_k_charged = State.CHARGED`, `_z_grave = Zone.GRAVE`), a script id a `ScriptRef`
(`_s0 = ScriptRef('upFog')`), and a verb a direct call of the engine's function
(`_v_move(ctx, l_card, to=_z_grave)`), and an
attribute a read chosen from the type the checker found (`Attr.of`, `bpscript.model.attributes`):
a plain Python read where the engine holds the value as it is (`l_card.number`), else the
table's reader of that type (`_a_cards_total(ctx.key)`, `_a_unit_size(ctx, unit)`); only
where the checker found no type does `ctx.attr(x, 'name')` look the value's type up. The
engine never looks a name up by string while a game is played.
"""

from __future__ import annotations

import json
import keyword

from ..model import effects as fx
from ..model.semantics import Read
from ..source import Span
from ..model.values import CONSTANTS, ZONES, source_of
from ..model.attributes import CARD_READERS, TABLE
from ..verbs import LIBRARY

#: the reads the engine answers with a Python expression of the value, no call: its objects
#: hold these as they are (a test checks each against the table's reader); `{}` is the
#: value, read once
DIRECT: dict[tuple[str, str], str] = {
    ("card", "number"): "{}.number", ("card", "suit"): "{}.suit",
    ("cards", "count"): "len({})",
    ("unit", "owner"): "{}.owner", ("unit", "controller"): "{}.owner", ("unit", "face_up"): "{}.face_up",
    ("unit", "state"): "(State.CHARGED if {}.charged else State.DRIVEN)",
    ("unit", "cards"): "list({}.cards)", ("unit", "count"): "len({}.cards)",
    ("unit", "entered_this_turn"): "({}.entered_turn == ctx.state.turn)",
    ("units", "count"): "len({})", ("requests", "count"): "len({})",
    ("request", "controller"): "{}.controller", ("request", "key_count"): "len({}.keys)",
    ("request", "keys"): "list({}.keys)", ("request", "has_keys"): "bool({}.keys)",
    ("request", "has_target"): "({}.target is not None)", ("request", "action"): "ScriptRef({}.action)",
    ("event", "cards"): "{}.cards", ("event", "count"): "len({}.cards)", ("event", "player"): "{}.player",
    ("event", "request"): "{}.request",
}

_BINOPS = {"+": "+", "-": "-", "*": "*", "/": "//", "%": "%", "==": "==", "!=": "!=", "<": "<", "<=": "<=",
           ">": ">", ">=": ">=", "and": "and", "or": "or", "in": "in"}
#: the vocabulary table whose words the engine keeps as enum members (`Zone`; other words are plain ids)
_ZONE_TABLE = "zones"
#: context names that are arguments of the generated method rather than context attributes
_ARGUMENTS = {"unit": "unit", "it": "it"}
#: operators whose Python result is already a bool
_BOOL_OPS = frozenset({"==", "!=", "<", "<=", ">", ">=", "in"})
#: the queries whose result is a new list of cards or units each call (verbs.py says so):
#: a loop walks it as it is, with no copy; a choice returns what the agent gave, so it is copied
_FRESH_LISTS = frozenset(name for name, spec in LIBRARY.items()
                         if spec.kind == "query" and spec.returns in ("cards", "units")
                         and not any(f.kind in (Read.CHOOSE_CARDS, Read.CHOOSE_UNITS) for f in spec.summary))


def py_kwarg(name: str) -> str:
    """A keyword argument name as the engine's verb functions spell it (`as` → `as_`)."""
    return name + "_" if keyword.iskeyword(name) else name


class CodeGenerator(fx.NodeVisitor):
    """Writes one Python module, keeping a map from its lines to `.bps` places. A visitor
    of the effect tree: an expression visit returns Python source, a statement visit
    writes lines; a node it does not know raises `UnknownNode`."""

    nodes = fx.EXPRESSIONS + fx.STATEMENTS

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 0
        self.line_map: dict[int, str] = {}
        self.component = False  # in a component's methods `this` is the unit, `me` its controller
        self.verbs: set[str] = set()  # verbs and queries called: bound once per module
        self.attributes: set[tuple[str, str]] = set()  # (type, attribute) read: readers bound once per module
        self.conditions: list[str] = []  # card conditions, built once per module (as JSON data)
        self.constants: set[str] = set()  # constants of the language read: bound once per module
        self.zones: set[str] = set()  # zones named: their `Zone` members bound once per module
        self.scripts: dict[str, int] = {}  # script id → its `ScriptRef`'s number, bound once per module

    def writeline(self, code: str, span: Span | None = None) -> None:
        self.lines.append("    " * self.depth + code if code else "")
        if span is not None:
            self.line_map[len(self.lines)] = str(span)

    def indent(self) -> None:
        self.depth += 1

    def outdent(self) -> None:
        self.depth -= 1

    def source(self) -> str:
        self.depth = 0
        if self.verbs or self.attributes or self.conditions or self.constants or self.zones or self.scripts:
            self.writeline("")
            self.writeline("")
        for name in sorted(self.verbs):
            self.writeline(f"_v_{name} = _verb({name!r})")
        for of, name in sorted(self.attributes):
            self.writeline(f"_a_{of}_{name} = _attribute({of!r}, {name!r})")
        for name in sorted(self.constants):
            self.writeline(f"_k_{name} = {source_of(CONSTANTS[name])}")
        for name in sorted(self.zones):
            self.writeline(f"_z_{name} = Zone.{ZONES[name].name}")
        for sid, i in self.scripts.items():
            self.writeline(f"_s{i} = ScriptRef({sid!r})")
        for i, data in enumerate(self.conditions):
            self.writeline(f"_c{i} = _condition({data})")
        self.writeline("")
        self.writeline("__bps_lines__ = {")
        self.indent()
        for line, place in sorted(self.line_map.items()):
            self.writeline(f"{line!r}: {place!r},")
        self.outdent()
        self.writeline("}")
        return "\n".join(self.lines) + "\n"

    # ------------------------------------------------------------ expressions
    def expr(self, e: fx.Expr) -> str:
        """The Python expression computing `e`."""
        code: str = self.visit(e)
        return code

    def visit_Num(self, e: fx.Num) -> str:
        return repr(e.value)

    def visit_Str(self, e: fx.Str) -> str:
        return repr(e.value)

    def visit_Name(self, e: fx.Name) -> str:
        ref = e.ref
        if ref is None:  # the checker reported it: the script is not executable, and says so if run
            return f"ctx.unresolved({e.id!r})"
        kind = ref.kind
        if kind is fx.RefKind.LOCAL:
            return f"l_{ref.key}"
        if kind is fx.RefKind.CONTEXT:
            if ref.key in _ARGUMENTS:
                return _ARGUMENTS[ref.key]
            if self.component:
                if ref.key == "this":
                    return "unit"
                if ref.key in ("me", "opponent"):
                    return "unit.owner" if ref.key == "me" else "(1 - unit.owner)"
            return f"ctx.{ref.key}"
        if kind is fx.RefKind.TERM:
            if ref.table != _ZONE_TABLE:
                return repr(ref.key)
            if ref.key not in ZONES:  # declared by the vocabulary, kept by no pile of the engine
                return f"ctx.unknown_zone({ref.key!r})"
            self.zones.add(ref.key)
            return f"_z_{ref.key}"
        if kind is fx.RefKind.CONSTANT:
            if not ref.key.isidentifier() or ref.key not in CONSTANTS:  # never so in the language
                return f"_K[{ref.key!r}]"
            self.constants.add(ref.key)
            return f"_k_{ref.key}"
        number = self.scripts.setdefault(ref.key, len(self.scripts))
        return f"_s{number}"

    def visit_Lit(self, e: fx.Lit) -> str:
        self.conditions.append(repr(json.loads(json.dumps(e.value.to_json(), ensure_ascii=False))))
        return f"_c{len(self.conditions) - 1}"

    def visit_Attr(self, e: fx.Attr) -> str:
        key = (e.of or "any", e.name)
        obj = self.visit(e.obj)
        if key in DIRECT:
            return DIRECT[key].format(obj)
        if key not in TABLE:  # a type the checker could not know: the engine looks it up
            return f"ctx.attr({obj}, {e.name!r})"
        self.attributes.add(key)
        reader = f"_a_{key[0]}_{key[1]}"
        return f"{reader}({obj})" if key in CARD_READERS else f"{reader}(ctx, {obj})"

    def visit_Call(self, c: fx.Call) -> str:
        self.verbs.add(c.func)
        parts = ["ctx"] + [self.visit(a) for a in c.args] + [f"{py_kwarg(k)}={self.visit(v)}" for k, v in c.kwargs]
        return f"_v_{c.func}({', '.join(parts)})"

    def visit_BinOp(self, e: fx.BinOp) -> str:
        return f"({self.visit(e.left)} {_BINOPS[e.op]} {self.visit(e.right)})"

    def visit_Not(self, e: fx.Not) -> str:
        return f"(not {self.visit(e.operand)})"

    def visit_Neg(self, e: fx.Neg) -> str:
        return f"(-{self.visit(e.operand)})"

    def visit_ListExpr(self, e: fx.ListExpr) -> str:
        return "[" + ", ".join(self.visit(i) for i in e.items) + "]"

    def visit_ListComp(self, e: fx.ListComp) -> str:
        cond = f" if {self.test(e.cond)}" if e.cond is not None else ""
        return f"[{self.visit(e.item)} for l_{e.var} in {self.iterable(e.iterable)}{cond}]"

    # ------------------------------------------------------------ truth and iteration
    def test(self, e: fx.Expr) -> str:
        """`e` where Python tests its truth (`if`, `elif`, a comprehension's `if`): there
        `ctx.truth` (`bool`) is what Python does anyway, so the value stands as it is."""
        code: str = self.visit(e)
        return code

    def boolean(self, e: fx.Expr) -> str:
        """`e` as a bool to return: as it is when Python already gives a bool, else `bool(e)`."""
        return self.visit(e) if self.is_bool(e) else f"bool({self.visit(e)})"

    def is_bool(self, e: fx.Expr) -> bool:
        if isinstance(e, fx.Not):
            return True
        if isinstance(e, fx.BinOp):
            if e.op in _BOOL_OPS:
                return True
            return e.op in ("and", "or") and self.is_bool(e.left) and self.is_bool(e.right)
        return False

    def iterable(self, e: fx.Expr) -> str:
        """What a loop walks: a query's new list as it is, any other value through
        `ctx.items` (a copy of a list, or a lone value as a list of one)."""
        code: str = self.visit(e)
        if isinstance(e, fx.Call) and e.func in _FRESH_LISTS:
            return code
        return f"ctx.items({code})"

    # ------------------------------------------------------------ statements
    def block(self, stmts: tuple[fx.Stmt, ...]) -> None:
        if not stmts:
            self.writeline("pass")
        for st in stmts:
            self.visit(st)

    def visit_Do(self, st: fx.Do) -> None:
        self.writeline(self.visit_Call(st.call), st.span)

    def visit_Let(self, st: fx.Let) -> None:
        self.writeline(f"l_{st.name} = {self.visit(st.value)}", st.span)

    def visit_If(self, st: fx.If) -> None:
        self.writeline(f"if {self.test(st.cond)}:", st.span)
        self.indent()
        self.block(st.then)
        self.outdent()
        for cond, body in st.elifs:
            self.writeline(f"elif {self.test(cond)}:", cond.span)
            self.indent()
            self.block(body)
            self.outdent()
        if st.orelse:
            self.writeline("else:")
            self.indent()
            self.block(st.orelse)
            self.outdent()

    def visit_ForEach(self, st: fx.ForEach) -> None:
        self.writeline(f"for l_{st.var} in {self.iterable(st.iterable)}:", st.span)
        self.indent()
        self.block(st.body)
        self.outdent()

    def visit_RepeatUntil(self, st: fx.RepeatUntil) -> None:
        """A bounded loop: when its rounds run out before the condition holds, `ctx.endless`
        raises an error naming the script and the loop's place."""
        self.writeline("for _ in ctx.loop_guard():", st.span)
        self.indent()
        self.block(st.body)
        self.writeline(f"if {self.test(st.cond)}:", st.cond.span)
        self.indent()
        self.writeline("break")
        self.outdent()
        self.outdent()
        self.writeline("else:", st.span)
        self.indent()
        self.writeline(f"ctx.endless(self.id, {str(st.span)!r})", st.span)
        self.outdent()

    def visit_Step(self, st: fx.Step) -> None:
        self.writeline(f"ctx.step({st.number!r})", st.span)
        self.block(st.body)
