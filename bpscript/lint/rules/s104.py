"""S104 label-reference — 効果が名指すラベル

A printed text that names a label — 「ブロッカーは <防御> を持っているキャラクターを指定できる」 —
tells players which units the action concerns. The engine reads the declared roles
(`has_role(u, block)`), never the printed word, so a text that names a label no unit
can have says one thing while the game does another. This rule checks every label a
script's printed texts name (effect, conditions, target, note, abilities; the resolver
records each `<…>` as data):

- the ruleset declares a label of that name (`label blocker "防御" { roles: block }`),
- and some character of the script's formats or frames carries it (`labels: <防御>`), or
  an effect or ability gives it (a verb whose declared summary is to give a label, such
  as `grant_label`).

It is a warning: the text may be right and the scripts short of a label, or the text a
misprint. The official 9.0 ライト list is such a case: its ブロック says <防衛> while its
characters carry <防御>; the bundled 9.0 ruleset keeps the text as printed and silences
this rule for ブロック with the reason (`allow S104 "…"`).

## Failing example

```bps
extends "blackpoker-8.2"

action guard "守護" (通常魔法) {
  @直接-通常-メイン ★♡A〜K と ♢A〜K
  effect: "<守護者> を持っているキャラクターを全てチャージ状態にする。" {
    set_state(units(character, me), charged)
  }
  formats: lite
}
```

## Passing example

```bps
extends "blackpoker-8.2"

action guard "守護" (通常魔法) {
  @直接-通常-メイン ★♡A〜K と ♢A〜K
  effect: "<ブロッカー> を持っているキャラクターを全てチャージ状態にする。" {
    set_state(units(character, me), charged)
  }
  formats: lite
}
```

## How to fix

Name a label the characters carry (the ruleset's `label` declarations list them), or
give a character the label (`labels: <…>`). When the printed text must stay as it is,
silence the rule for the script with the reason: `allow S104 "…"`.
"""

from __future__ import annotations

from typing import Iterator

from ...model import effects as fx
from ...model import ruleset as m
from ...model.semantics import Change, Role
from ...verbs import LIBRARY
from ..core import Finding, Level, LintContext, Rule

RULE = Rule("S104", "label-reference", Level.SHOULD, "4.1.2",
            "a label a printed text names is one some unit can carry")


class _Given(fx.NodeWalker):
    """The labels effect statements give (verbs whose summary is a LABEL change)."""

    def __init__(self) -> None:
        self.found: list[fx.Expr] = []

    def visit_Call(self, node: fx.Call) -> None:
        spec = LIBRARY.get(node.func)
        if spec is not None:
            args = spec.arguments(node.args, node.kwargs)
            for f in spec.summary:
                src = f.source(Role.LABEL) if f.kind is Change.LABEL else None
                if src is not None and getattr(src, "param", None) in args:
                    self.found.append(args[src.param])  # type: ignore[union-attr]
        self.walk_children(node)


def _homes(s: m.Script, rs: m.Ruleset) -> set[str]:
    """The formats and frames a script can be played in (a frame brings its formats)."""
    out = set(s.formats) | set(s.frames)
    for f in s.frames:
        if f in rs.frames:
            out |= set(rs.frames[f].formats)
    return out


def _bodies(s: m.Script) -> list[tuple[fx.Stmt, ...]]:
    out = []
    if isinstance(s, m.ActionScript) and s.effect is not None and s.effect.body:
        out.append(s.effect.body)
    if isinstance(s, m.ComponentScript):
        out += [a.body for a in s.abilities if a.body]
    return out


def carried(rs: m.Ruleset) -> list[tuple[str, set[str]]]:
    """(label id, the homes of the script that carries or gives it) for every label a
    component carries or a statement gives."""
    out: list[tuple[str, set[str]]] = []
    for s in rs.scripts.values():
        homes = _homes(s, rs)
        if isinstance(s, m.ComponentScript):
            out += [(l.id, homes) for l in s.labels]
        walker = _Given()
        for body in _bodies(s):
            for st in body:
                walker.visit(st)
        for expr in walker.found:
            value = expr.value if isinstance(expr, fx.Str) else expr.id if isinstance(expr, fx.Name) else None
            found = rs.vocabulary.labels.get(value) if isinstance(value, str) else None
            if found is not None:
                out.append((found.id, homes))
    return out


def _needle_span(ctx: LintContext, s: m.Script, field: str, needle: str):
    """Where `needle` stands in the source of the script's field (else the field)."""
    span = s.span_of(field)
    lines = ctx.sources.get(span.file, "").splitlines()
    for ln in range(span.line, min(span.end_line or span.line, len(lines)) + 1):
        col = lines[ln - 1].find(needle)
        if col >= 0:
            return type(span)(span.file, ln, col + 1, ln, col + 1 + len(needle))
    return span


def check(ctx: LintContext) -> Iterator[Finding]:
    rs = ctx.ruleset
    have = carried(rs)
    declared = " ".join(f"<{l.name}>" for l in rs.vocabulary.labels) or "(no labels declared)"
    for s in rs.scripts.values():
        if not s.label_refs or not ctx.own(s):
            continue
        homes = _homes(s, rs)
        for ref in s.label_refs:
            span = _needle_span(ctx, s, ref.field, f"<{ref.name}>")
            if ref.label is None:
                yield ctx.finding(RULE, f"'{s.id}' names the label <{ref.name}>, which the ruleset does not declare",
                                  span, script=s, expected=declared,
                                  fix="name a declared label, or declare it and give it to a character")
                continue
            if not any(lid == ref.label.id and (homes & where or not homes) for lid, where in have):
                yield ctx.finding(RULE, f"'{s.id}' names the label <{ref.name}>, which no character of its "
                                        f"formats or frames carries and no effect gives", span, script=s,
                                  fix=f"give a character the label (labels: <{ref.name}>), or name one they carry")
