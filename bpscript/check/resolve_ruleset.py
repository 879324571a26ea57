"""The ruleset's own items → model: who the rules are (`ruleset`), its supplements
(`supplement`, the (補足) texts and 共通手順), and
how an `override` replaces a base script (everywhere, or only `in` some formats or frames).

Kept apart from `bpscript.check.resolve`, which resolves scripts, formats and frames; the
resolver calls in here for these items.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ..model import ruleset as m
from ..diagnostics import Severity
from ..syntax import ast

ErrorFn = Callable[..., None]
AttrsFn = Callable[[str, tuple, object], dict]


class RulesetItems:
    """Collects `ruleset` and `supplement` items of every module, then settles the identity."""

    def __init__(self, error: ErrorFn, attrs: AttrsFn):
        self.error = error
        self.attrs = attrs
        self.declared: list[tuple[m.RulesetInfo, str]] = []  # (info, origin)

    def add_ruleset(self, node: ast.RulesetNode, origin: str) -> None:
        a = self.attrs("ruleset", node.attrs, node.span)
        name = node.name.value
        if not name.strip() or any(c.isspace() for c in name):
            self.error("E204", f"a ruleset name is one word, not '{name}'", node.name.span,
                       expected='a name such as "blackpoker-9.0" or "my-rules"')
        frames = tuple(a.get("includes", ()))  # type: ignore[arg-type]
        follows = a.get("follows")
        info = m.RulesetInfo(name, node.title.value, str(a.get("edition", "")), str(a.get("date", "")),
                             frames, str(follows) if follows else None, None, node.name.span,
                             edition_name=str(a.get("edition_name", "")))
        for earlier, where in self.declared:
            if where == origin:
                self.error("E201", f"a second ruleset declaration (the first names '{earlier.name}' at "
                                   f"{earlier.span})", node.name.span, fix="keep one `ruleset` declaration")
                return
        self.declared.append((info, origin))

    def info(self) -> m.RulesetInfo:
        """The user's declaration (naming the base's as its base, in a package), else the base's."""
        base = next((i for i, o in self.declared if o == "base"), None)
        own = next((i for i, o in self.declared if o != "base"), None)
        if own is None:
            return base or m.RulesetInfo("", "")
        return replace(own, base=base) if base is not None else own

    def add_supplement(self, node: ast.SupplementNode, supplements: dict[str, m.Supplement]) -> None:
        text = ""
        for f in node.fields:
            if isinstance(f, ast.TextField) and f.key == "text":
                text = f.text.value
            else:
                self.error("E141", "a supplement has one field, `text:`", f.span, expected='text: "…"')
        if not text:
            self.error("E141", f"supplement '{node.id.value}' has no text", node.id.span, fix='add `text: "…"`')
        if node.id.value in supplements:
            self.error("E201", f"supplement '{node.id.value}' is defined twice", node.id.span)
            return
        supplements[node.id.value] = m.Supplement(node.id.value, node.name.value, text, node.id.span)


def check_override(script: m.Script, base: m.Script, node: ast.ScriptNode, rs: m.Ruleset,
                   error: ErrorFn) -> m.Script:
    """An override of `base`: a scoped one (`in lite miniDuel`) takes the base's formats and
    frames when it lists none; an unscoped one that lists fewer than the base is warned
    about (W201), since it takes the script out of the regulations it leaves."""
    if node.scope:
        for w in node.scope:
            if w.value not in rs.formats and w.value not in rs.frames:
                error("E161", f"'{w.value}' is no format or frame", w.span,
                      expected=" ".join([*rs.formats, *rs.frames]) or "(none declared)")
        if not script.formats and not script.frames:
            script.formats, script.frames = base.formats, base.frames
        return script
    lost_formats = [f for f in base.formats if f not in script.formats]
    lost_frames = [f for f in base.frames if f not in script.frames]
    if lost_formats or lost_frames:
        names = [rs.formats[f].name if f in rs.formats else f for f in lost_formats]
        names += [rs.frames[f].name if f in rs.frames else f for f in lost_frames]
        scope = " ".join([*script.formats, *script.frames])
        error("W201", f"this override takes 【{base.name}】 out of {', '.join(names)}", node.id.span,
              severity=Severity.WARNING,
              fix=f"to replace it only where this version holds, write `in {scope}` after the type; "
                  f"to keep it in every regulation, list them: "
                  f"formats: {' '.join(base.formats) or '…'}" + (f" frames: {' '.join(base.frames)}"
                                                               if base.frames else ""))
    return script


def label_refs(s: m.Script, labels) -> tuple[m.LabelRef, ...]:
    """The labels the printed texts of `s` name, each with its declaration (looked up in
    `labels`, the vocabulary's table, by printed name or id)."""
    from ..syntax.notation import label_mentions
    texts: list[tuple[str, str | None]] = []
    if isinstance(s, m.ActionScript):
        texts += [("note", s.note), ("activation", s.activation.text if s.activation else None),
                  ("trigger", s.trigger_condition.text if s.trigger_condition else None),
                  ("target", s.target.text if s.target else None), ("effect", s.effect.text if s.effect else None)]
    elif isinstance(s, m.ComponentScript):
        texts += [("placed_by", s.placed_by)] + [("ability", a.text) for a in s.abilities]
    return tuple(m.LabelRef(where, name, labels.get(name))
                 for where, text in texts if text for _, name in label_mentions(text))
