"""Positions on every node of the parse tree, as lark's `propagate_positions` sets them, in fewer
steps: lark's generic version (filters, `getattr` with defaults, a generator per node) took
about half of the parse time of a large package (benchmarks/bench_errors.py). Same rule:
a node starts at the start of its first child's *container* and ends at the end of its
last child's; a container is a node inlined into its parent (`?rule`, `( … )`), whose
keywords and brackets the tree no longer holds. tests/syntax/test_positions.py checks that
both give the same trees."""

from __future__ import annotations

from typing import Any, Callable

from lark import Lark, Token, Tree
from lark.tree import Meta


class Positions:
    """Wraps the tree builder of one rule (lark's chain without its PropagatePositions)."""
    __slots__ = ("build",)

    def __init__(self, build: Callable[[list[Any]], Any]):
        self.build = build

    def __call__(self, children: list[Any]) -> Any:
        res = self.build(children)
        if type(res) is not Tree or (len(children) == 1 and res is children[0]):
            return res  # a token, or a `?rule` of one child passing it on: its positions stand
        meta = res._meta
        if meta is None:
            meta = res._meta = Meta()
        for c in children:
            if type(c) is Token:
                line, col = c.line, c.column
                break
            if type(c) is Tree:
                m = c._meta
                if m is not None and not m.empty:
                    line, col = m.container_line, m.container_column
                    break
        else:
            line = None
        if line is not None:
            if not hasattr(meta, "line"):
                meta.line, meta.column, meta.empty = line, col, False
            meta.container_line, meta.container_column = line, col
        for c in reversed(children):
            if type(c) is Token:
                end, ecol = c.end_line, c.end_column
                break
            if type(c) is Tree:
                m = c._meta
                if m is not None and not m.empty:
                    end, ecol = m.container_end_line, m.container_end_column
                    break
        else:
            end = None
        if end is not None:
            if not hasattr(meta, "end_line"):
                meta.end_line, meta.end_column, meta.empty = end, ecol, False
            meta.container_end_line, meta.container_end_column = end, ecol
        return res

def quicken(parser: Lark) -> Lark:
    """`parser` (LALR, built with propagate_positions=True) with each rule's lark
    PropagatePositions replaced by `Positions`; unchanged if lark's inner layout is not the
    one this knows (another lark version): positions are then lark's own."""
    try:
        callbacks = parser.parser.parser.parser.callbacks
        builders = {rule: cb.node_builder for rule, cb in callbacks.items()}
    except AttributeError:
        return parser
    for rule, build in builders.items():
        callbacks[rule] = Positions(build)
    return parser
