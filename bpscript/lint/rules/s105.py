"""S105 bidi-override — a bidirectional formatting character in a source

A right-to-left override (U+202E), an isolate (U+2066–U+2069), an embedding (U+202A,
U+202B) or a direction mark (U+200E, U+200F, U+061C) is invisible, yet reorders the
characters an editor or a terminal shows around it: a comment can appear to end where
it does not, a name can read as another ("Trojan source", CVE-2021-42574). bpscript
reports each one, wherever it stands: in a comment, a name, a string. The terminal
outputs show it as `�`; this rule says where it is.

## Failing example

```bps
extends "blackpoker-8.2"

# ‮ dlrow olleh
action steady "堅実" (速攻魔法) {
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

# hello world
action steady "堅実" (速攻魔法) {
  @直接-即時-クイック $D
  effect: "ライフの一番上からカードを1枚引き、手札に加える。" {
    draw(me)
  }
  formats: lite
}
```

## How to fix

Delete the character. Japanese and Latin text need none of them: the order of the
characters in the file is the order they are read in.
"""

from __future__ import annotations

import unicodedata
from typing import Iterator

from ...diagnostics import BIDI
from ...source import Span
from ..core import Finding, Level, LintContext, Rule, script_of

RULE = Rule("S105", "bidi-override", Level.MUST, "—",
            "a source holds no bidirectional formatting character (Trojan source)")


def check(ctx: LintContext) -> Iterator[Finding]:
    for file, text in sorted(ctx.sources.items()):
        if not ctx.own(file) or not any(ch in text for ch in BIDI):
            continue
        for n, line in enumerate(text.split("\n"), 1):
            for col, ch in enumerate(line, 1):
                if ch in BIDI:
                    span = Span(file, n, col, n, col + 1)
                    found = script_of(ctx.ruleset, span)
                    yield ctx.finding(RULE, f"a bidirectional formatting character U+{ord(ch):04X} "
                                            f"({unicodedata.name(ch)}): it reorders what is shown around it",
                                      span, script=found, fix="delete it")
