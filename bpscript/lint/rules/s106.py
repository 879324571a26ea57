"""S106 confusable-names — two scripts of a kind with names that look alike

Players tell scripts apart by their printed names. Two actions (or two characters, fogs,
trumps) whose names are the same — two 「アップ」 — or only look the same — a Latin
"Attack" beside one with a Cyrillic "А", a half-width 「ｱｯﾌﾟ」 beside 「アップ」 — cannot be
told apart on a page, a card or a log. This rule compares the names after NFKC and the
UTS #39 skeleton (Unicode's `confusables.txt`: `bpscript/lint/confusables.py`).

Only scripts of the same kind are compared: the official rules rightly give an action
and a fog the same name (アップ: the action, and the fog it leaves), and an action and a
trump (スラッシュ). An override keeps the id of the script it replaces and is not a
second script.

## Failing example

```bps
extends "blackpoker-8.2"

action steady "ｱｯﾌﾟ" (速攻魔法) {
  @直接-即時-クイック $D
  effect: "ライフの一番上からカードを1枚引き、手札に加える。" {
    draw(me)
  }
  formats: lite
}
```

## Passing example

```bps
extends "blackpoker-8.2"

action steady "堅実" (速攻魔法) {
  @直接-即時-クイック $D
  effect: "ライフの一番上からカードを1枚引き、手札に加える。" {
    draw(me)
  }
  formats: lite
}
```

## How to fix

Give the script a name that differs in what is seen, not only in its code points. If
it replaces the other script, write `override` with the other's id instead. Two
variants meant to share their name (one per frame, say) silence the rule on the second
with the reason: `allow S106 "…"`.
"""

from __future__ import annotations

from typing import Iterator

from ...model import ruleset as m
from ...source import Span
from ..confusables import skeleton
from ..core import Finding, Level, LintContext, Rule

RULE = Rule("S106", "confusable-names", Level.SHOULD, "—",
            "scripts of one kind have names that do not look alike")


def _name_span(ctx: LintContext, s: m.Script) -> Span:
    """Where the script's quoted name stands on its header line (else the header)."""
    lines = ctx.sources.get(s.span.file, "").splitlines()
    if 0 < s.span.line <= len(lines):
        col = lines[s.span.line - 1].find(f'"{s.name}"', max(s.span.column - 1, 0))
        if col >= 0:
            return Span(s.span.file, s.span.line, col + 1, s.span.line, col + 3 + len(s.name))
    return s.span


def check(ctx: LintContext) -> Iterator[Finding]:
    seen: dict[tuple[str, str], m.Script] = {}
    for s in ctx.ruleset.scripts.values():
        key = (s.kind, skeleton(s.name))
        first = seen.setdefault(key, s)
        if first is s or not ctx.own(s):
            continue
        how = "the same name" if first.name == s.name else f"a name that looks the same ('{first.name}')"
        yield ctx.finding(RULE, f"{s.kind} '{s.id}' ('{s.name}') has {how} as {first.kind} '{first.id}'",
                          _name_span(ctx, s), script=s,
                          notes=(f"'{first.id}' is at {first.span}",),
                          fix="give it a name that is told apart by sight, or `override` the other script")
