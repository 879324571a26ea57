"""Text → AST. The lark parser is built once per process; errors become diagnostics
(`parse_errors`). A file that does not parse is split at its top-level items (ITEM_START)
and each is parsed on its own, so one run reports every broken item and keeps the rest."""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

from lark import Lark, Tree
from lark.exceptions import UnexpectedInput

from ..cache import grammar_tables
from ..collector import fewer_collections
from ..diagnostics import Diagnostic
from . import ast
from .controls import control_characters
from .driver import fast_parse
from .keywords import ITEM_WORDS
from .limits import too_deep
from .parse_errors import diagnose
from .positions import quicken
from .transform import Located, ToAst, decode_string

__all__ = ["decode_string", "grammar_parser", "parse_module"]

ITEM_START = re.compile(r"^(?:override[ \t]+)?(?:" + "|".join(ITEM_WORDS) + r")\b", re.M)


@lru_cache(maxsize=1)
def grammar_parser() -> Lark:
    """The LALR parser (strict: a grammar conflict or terminal collision is an error)."""
    text = resources.files("bpscript.syntax").joinpath("grammar.lark").read_text("utf-8")
    options = dict(parser="lalr", lexer="contextual", strict=True, propagate_positions=True,
                   maybe_placeholders=True)
    try:  # lark keeps the built tables in the cache directory, keyed by the grammar's hash
        return quicken(Lark(text, cache=grammar_tables(text, options), **options))
    except OSError:
        return quicken(Lark(text, **options))


@lru_cache(maxsize=1)
def parse_text():
    """`grammar_parser().parse`, run by the quicker loop of `driver`."""
    return fast_parse(grammar_parser())


@lru_cache(maxsize=1)
def literals() -> dict[str, str]:
    """The text of each literal terminal (keywords, operators), by the grammar's name for it."""
    from lark.lexer import PatternStr
    return {t.name: t.pattern.value for t in grammar_parser().terminals if isinstance(t.pattern, PatternStr)}


def parse_module(text: str, path: str = "<string>") -> tuple[ast.Module, list[Diagnostic]]:
    """Parse one file. Returns the items that parsed and a diagnostic per broken item
    (with the garbage collector's thresholds raised: `collector`)."""
    with fewer_collections():
        return _parse_module(text, path)


def _parse_module(text: str, path: str) -> tuple[ast.Module, list[Diagnostic]]:
    if text.startswith("\ufeff"):
        text = text[1:]
    src = text if text.endswith("\n") else text + "\n"
    module = ast.Module(path, text)
    diags: list[Diagnostic] = control_characters(text, path)
    parse = parse_text()
    try:
        _build(parse(src), path, 0, module, diags)
        return module, diags
    except UnexpectedInput:
        pass
    # Recovery: parse item by item, so every broken script is reported. Each item is parsed
    # alone and its lines shifted (never padded with the lines before it: that is quadratic).
    starts = [m.start() for m in ITEM_START.finditer(src)]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    starts.append(len(src))
    shift = done = 0
    for begin, end in zip(starts, starts[1:]):
        shift += src.count("\n", done, begin)
        done = begin
        chunk = src[begin:end]
        if not chunk.strip():
            continue
        try:
            tree = parse(chunk)
        except UnexpectedInput as err:
            diags.append(diagnose(err, path, chunk, shift, literals()))
            continue
        _build(tree, path, shift, module, diags)
    return module, diags


def _build(tree: Tree, path: str, shift: int, module: ast.Module, diags: list[Diagnostic]) -> None:
    """The items of a parse tree, each built unless it nests too deeply (E005) or holds a
    number too long (E006): then it is reported and left out."""
    for item in tree.children:
        if not isinstance(item, Tree):
            continue
        deep = too_deep(item, path, shift)
        if deep is not None:
            diags.append(deep)
            continue
        try:
            module.items.append(ToAst(path, shift).transform(item))
        except Located as err:
            diags.append(err.diagnostic)
