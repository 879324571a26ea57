"""L101 invalid-suppression — a suppression of no lint rule

`allow CODE "reason"` must name a lint rule that can be silenced: a guideline (G1–G6)
or a structural lint rule (S101…). Structural errors of the resolver (E…) cannot be
suppressed — the script has to be fixed — and an unknown code silences nothing.

## Failing example

```bps
extends "blackpoker-8.2"

action steady "堅実" (速攻魔法) {
  @直接-即時-クイック $D
  effect: "ライフの一番上からカードを1枚引き、手札に加える。" {
    draw(me)
  }
  allow G9 "そんな規則はない"
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

Name a lint rule (`bpscript lint --help` and docs/lint/ list them), or fix the error
instead of suppressing it.
"""

from __future__ import annotations

from ..core import Level, Rule

RULE = Rule("L101", "invalid-suppression", Level.MUST, "—", "`allow` names a lint rule that can be suppressed")
