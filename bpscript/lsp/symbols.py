"""The outline of a document: its items (scripts, formats, frames, costs, the vocabulary's
declarations, the ruleset's identity and supplements), and each script's fields beneath it."""

from __future__ import annotations

from lsprotocol import types as lsp

from ..check.resolve import field_name
from ..syntax import ast
from .diagnostics import to_range

S = lsp.SymbolKind
KINDS = {"action": S.Function, "character": S.Class, "fog": S.Object, "trump": S.Enum}
#: a vocabulary declaration's symbol kind (others: a constant)
VOCABULARY_KINDS = {"zone": S.Namespace, "component": S.Class, "type": S.TypeParameter, "category": S.Namespace,
                    "role": S.Interface, "label": S.Property, "status": S.Property, "rule": S.Boolean,
                    "trigger": S.EnumMember, "speed": S.EnumMember, "timing": S.EnumMember, "target": S.Struct,
                    "owner": S.Key, "spelling": S.String, "phrase": S.String}


def symbols(module: ast.Module) -> list[lsp.DocumentSymbol]:
    text = module.text
    out = []
    for item in module.items:
        if isinstance(item, ast.ScriptNode):
            detail = f"{'override ' if item.override else ''}{item.kind} 【{item.name.value}】"
            if item.type is not None:
                detail += f"({item.type.value})"
            if item.scope:
                detail += " in " + " ".join(w.value for w in item.scope)
            children = [_symbol(field_name(f), S.Field, f.span, f.span, text) for f in item.fields]
            out.append(_symbol(item.id.value, KINDS[item.kind], item.span, item.id.span, text, detail, children))
        elif isinstance(item, (ast.FormatNode, ast.FrameNode)):
            kind = S.Namespace if isinstance(item, ast.FormatNode) else S.Module
            word = "format" if isinstance(item, ast.FormatNode) else "frame"
            out.append(_symbol(item.id.value, kind, item.span, item.id.span, text,
                               f"{word} 【{item.name.value}】"))
        elif isinstance(item, ast.CostNode):
            out.append(_symbol(f"${item.letter.value}", S.Constant, item.span, item.letter.span, text,
                               f"cost {item.id.value}: {item.text.value}"))
        elif isinstance(item, ast.VocabNode):
            kind = VOCABULARY_KINDS.get(item.kind.value, S.Constant)
            out.append(_symbol(item.id.value, kind, item.span, item.id.span, text,
                               f"{item.kind.value} 「{item.name.value}」"))
        elif isinstance(item, ast.RulesetNode):
            out.append(_symbol(f"ruleset {item.name.value}", S.Package, item.span, item.name.span, text,
                               item.title.value))
        elif isinstance(item, ast.SupplementNode):
            out.append(_symbol(item.id.value, S.String, item.span, item.id.span, text,
                               f"supplement 「{item.name.value}」"))
        elif isinstance(item, ast.UseBase):
            out.append(_symbol(f"extends {item.base.value}", S.Package, item.span, item.base.span, text))
    return out


def _symbol(name, kind, span, selection, text, detail=None, children=None) -> lsp.DocumentSymbol:
    whole = to_range(span, text)
    sel = to_range(selection, text)
    if (sel.start.line, sel.start.character) < (whole.start.line, whole.start.character) or \
            (sel.end.line, sel.end.character) > (whole.end.line, whole.end.character):
        sel = lsp.Range(whole.start, whole.start)
    return lsp.DocumentSymbol(name=name, kind=kind, range=whole, selection_range=sel, detail=detail,
                              children=children or None)
