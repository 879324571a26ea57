"""The one visitor of the effect tree: every consumer subclasses `NodeVisitor`, has a
method for each node class it declares, and raises on a node it does not know."""

from __future__ import annotations

import dataclasses
import importlib
from dataclasses import dataclass

import pytest

from bpscript.model import effects as fx
from bpscript.source import NO_SPAN
from bpscript.syntax.parser import parse_module

#: every consumer of the effect tree, and the node classes it must handle
CONSUMERS = {
    "bpscript.backends.codegen.CodeGenerator": fx.EXPRESSIONS + fx.STATEMENTS,
    "bpscript.backends.python_backend._Static": fx.EXPRESSIONS,
    "bpscript.check.typecheck.Checker": fx.NODES,
    "bpscript.lint.evaluate.Evaluator": fx.EXPRESSIONS,
    "bpscript.lint.analysis.interpreter.EffectInterpreter": fx.STATEMENTS,
    "bpscript.lint.guards._Pin": fx.EXPRESSIONS,
    "bpscript.model.effects.SourcePrinter": fx.EXPRESSIONS,
    "bpscript.model.effects.JsonExporter": fx.STATEMENTS,
    "bpscript.engine.kernel.coverage.UsedNames": fx.NODES,
    "bpscript.model.effects.NodeWalker": fx.NODES,
    "bpscript.model.effects.NodeTransformer": fx.NODES,
}


def _class(path: str) -> type:
    module, name = path.rsplit(".", 1)
    return getattr(importlib.import_module(module), name)


def _subclasses(cls: type) -> list[type]:
    out = []
    for sub in cls.__subclasses__():
        out += [sub, *_subclasses(sub)]
    return out


@dataclass(frozen=True)
class Mystery:
    """A node class the language does not have."""

    span: object = NO_SPAN


def _body(src: str) -> tuple:
    mod, diags = parse_module(f'action x "x" (基本) {{\n  @直接-即時-メイン\n  effect: "e" {{\n{src}\n  }}\n'
                              f'  formats: lite\n}}\n', "t.bps")
    assert not diags, diags
    (field,) = [f for f in mod.items[0].fields if type(f).__name__ == "EffectField"]
    return field.body


def test_nodes_lists_every_node_class_of_the_language():
    declared = {obj for obj in vars(fx).values()
                if isinstance(obj, type) and dataclasses.is_dataclass(obj) and obj.__module__ == fx.__name__
                and "span" in {f.name for f in dataclasses.fields(obj)}}
    assert declared == set(fx.NODES)
    assert len(fx.NODES) == len(set(fx.NODES)) == 18


@pytest.mark.parametrize("path", sorted(CONSUMERS))
def test_each_consumer_is_a_visitor_with_a_method_per_node_class(path):
    cls = _class(path)
    assert issubclass(cls, fx.NodeVisitor)
    required = CONSUMERS[path]
    assert set(required) <= set(cls.nodes), f"{path} must handle {[c.__name__ for c in required]}"
    missing = [c.__name__ for c in cls.nodes if not callable(getattr(cls, "visit_" + c.__name__, None))]
    assert not missing, f"{path} has no visit_ method for {missing}"


def test_every_visitor_subclass_covers_what_it_declares():
    for path in CONSUMERS:
        _class(path)  # import every consumer
    visitors = _subclasses(fx.NodeVisitor)
    assert len(visitors) >= len(CONSUMERS)
    for cls in visitors:
        assert cls.nodes, f"{cls.__qualname__} declares no node classes"
        missing = [c.__name__ for c in cls.nodes if not callable(getattr(cls, "visit_" + c.__name__, None))]
        assert not missing, f"{cls.__module__}.{cls.__qualname__} lacks visit_ for {missing}"


@pytest.mark.parametrize("path", sorted(CONSUMERS))
def test_an_unknown_node_raises(path):
    cls = _class(path)
    visitor = cls.__new__(cls)  # no state is needed to refuse a node
    with pytest.raises(fx.UnknownNode) as err:
        visitor.visit(Mystery())
    assert "Mystery" in str(err.value) and cls.__name__ in str(err.value)
    assert isinstance(err.value, TypeError)


def test_a_node_outside_what_a_visitor_handles_raises():
    (do,) = _body("    draw(me)")
    with pytest.raises(fx.UnknownNode):
        fx.to_source(do)  # a statement is not an expression
    with pytest.raises(fx.UnknownNode):
        fx.stmt_to_json(do.call)  # an expression is not a statement
    with pytest.raises(fx.UnknownNode):
        fx.children(Mystery())


def test_codegen_refuses_an_unknown_node():
    from bpscript.backends.codegen import CodeGenerator
    g = CodeGenerator()
    with pytest.raises(fx.UnknownNode, match="CodeGenerator cannot handle a Mystery"):
        g.block((Mystery(),))


def test_walk_visits_every_node_in_source_order():
    body = _body("    let n = count(key)\n    if n > 1 { damage(opponent, n) } else { draw(me, 2) }")
    names = [type(n).__name__ for n in fx.walk(body)]
    assert names == ["Let", "Call", "Name", "If", "BinOp", "Name", "Num", "Do", "Call", "Name", "Name",
                     "Do", "Call", "Name", "Num"]
    assert [c.func for c in fx.calls(body)] == ["count", "damage", "draw"]


def test_a_walker_collects_by_overriding_only_what_it_needs():
    class Names(fx.NodeWalker):
        def __init__(self):
            self.seen: list[str] = []

        def visit_Name(self, node):
            self.seen.append(node.id)

    w = Names()
    for st in _body("    for u in units(soldier, me) { add_size(u, key.number) }"):
        w.visit(st)
    assert w.seen == ["soldier", "me", "u", "key"]


def test_the_method_lookup_is_cached_per_visitor_class():
    class A(fx.NodeWalker):
        def visit_Num(self, node):
            return "A"

    class B(A):
        def visit_Num(self, node):
            return "B"

    num = fx.Num(1, NO_SPAN)
    assert A().visit(num) == "A"
    assert B().visit(num) == "B"
    assert A().visit(num) == "A"
    assert A().get_visitor(num)(num) == "A"
    assert A().get_visitor(Mystery()) is None


def test_the_transformer_rebuilds_only_what_changes():
    class Rename(fx.NodeTransformer):
        def visit_Name(self, node):
            return dataclasses.replace(node, id="opponent") if node.id == "me" else node

    body = _body("    damage(me, 2)\n    if is_turn_player(me) { draw(opponent) } elif true { draw(me) }")
    new = tuple(Rename().visit(st) for st in body)
    assert [fx.to_source(st.call) for st in (new[0],)] == ["damage(opponent, 2)"]
    assert fx.stmt_to_json(new[1]) == {"if": "is_turn_player(opponent)", "then": [{"do": "draw(opponent)"}],
                                       "elif": [{"if": "true", "then": [{"do": "draw(opponent)"}]}]}
    # the untouched parts are the very same objects; the spans are kept
    assert new[0].call.args[1] is body[0].call.args[1]
    assert new[1].then[0] is body[1].then[0]
    assert new[0].span == body[0].span
    # nothing to change: the tree comes back as it was
    same = _body("    draw(opponent)")
    assert Rename().visit(same[0]) is same[0]


def test_json_and_source_printing():
    (st,) = _body('    repeat { discard(me) } until hand_count(me) <= 3 and not matches(key, "♠")')
    assert fx.stmt_to_json(st) == {"repeat": [{"do": "discard(me)"}],
                                   "until": '((hand_count(me) <= 3) and not matches(key, "♠"))'}


def test_what_is_derived_from_a_ruleset_is_kept_with_it_and_never_pickled():
    """`Ruleset.derived`: made once per key and ruleset, another ruleset makes its own, and
    a pickled ruleset (the load cache) carries none of it."""
    import pickle

    from bpscript.model.ruleset import Ruleset

    made: list[str] = []

    def make(name: str) -> list[str]:
        made.append(name)
        return [name]

    a, b = Ruleset(), Ruleset()
    first = a.derived(("table", "lite"), make, "a")
    assert a.derived(("table", "lite"), make, "a") is first and made == ["a"]
    assert b.derived(("table", "lite"), make, "b") == ["b"] and made == ["a", "b"]
    copy = pickle.loads(pickle.dumps(a))
    assert copy.derived(("table", "lite"), make, "c") == ["c"]  # made afresh
