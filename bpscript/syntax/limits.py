"""Nesting limits: how deep blocks and expressions may nest (docs/guarantees.md).

Every later stage (the transformer, the type checker, the code generator, the engine)
walks the syntax tree recursively, so a tree deeper than Python's stack would end in a
RecursionError. The parser's tree is measured here first, without recursion, and an
item that nests deeper than a limit is reported (E005) at the construct that exceeds it
instead of being built. The limits are far above what any official script uses.
"""

from __future__ import annotations

from lark import Tree

from ..diagnostics import Diagnostic
from ..source import Span

#: blocks `{ … }` of statements inside one another, the effect's (or ability's) own block
#: included: an effect holds 11 levels of if / elif / else / for / repeat / step
MAX_BLOCK_DEPTH = 12
#: expressions inside one another: calls, lists, `not`, `-`, `.name`, and one level per
#: operator of a chain (`a + b + c` is two levels deep)
MAX_EXPR_DEPTH = 48
#: digits of a number written in a script (card counts, sizes, steps: small numbers)
MAX_INT_DIGITS = 9

_CHAINS = {"or_expr": 1, "and_expr": 1, "sum": 2, "product": 2}  # children per operator
_EXPRS = {"not_", "neg", "attr", "call", "list_", "list_comp", "compare"}


def too_deep(item: Tree, path: str, shift: int = 0) -> Diagnostic | None:
    """E005 at the first construct of `item` nested deeper than a limit (its lines shifted
    by `shift`, as the item's); None when it fits."""
    stack: list[tuple[Tree, Tree, int, int]] = [(item, item, 0, 0)]
    while stack:
        node, parent, blocks, exprs = stack.pop()
        if node.data == "block":
            blocks += 1
            if blocks > MAX_BLOCK_DEPTH:
                return _diag(parent, path, shift, f"blocks nested more than {MAX_BLOCK_DEPTH} deep",
                             f"at most {MAX_BLOCK_DEPTH} nested blocks: join conditions with `and`, "
                             "or use `elif`")
        elif node.data in _CHAINS:
            exprs += (len(node.children) - 1) // _CHAINS[node.data]
        elif node.data in _EXPRS:
            exprs += 1
        if exprs > MAX_EXPR_DEPTH:
            return _diag(node, path, shift, f"an expression nested more than {MAX_EXPR_DEPTH} deep "
                                     "(each operator of a chain is one level)",
                         f"at most {MAX_EXPR_DEPTH} levels: split it with `let`")
        for child in reversed(node.children):
            if isinstance(child, Tree):
                stack.append((child, node, blocks, exprs))
    return None


def _diag(node: Tree, path: str, shift: int, message: str, expected: str) -> Diagnostic:
    meta = node.meta
    line, col = getattr(meta, "line", 1) + shift, getattr(meta, "column", 1)
    return Diagnostic("E005", f"nested too deeply: {message}", Span(path, line, col, line, col + 1),
                      expected=expected)
