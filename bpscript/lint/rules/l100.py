"""L100 unused-suppression — a suppression that silences nothing

`allow G2 "reason"` silences one rule for one script. When the script no longer breaks
that rule, the line is stale: it would hide the next, unrelated finding of the same rule.
Like ruff's RUF100, the linter reports it (only for rules that ran: with
`--select G1`, an `allow G2` is not judged).

## Failing example

```bps
extends "blackpoker-8.2"

action steady "堅実" (速攻魔法) {
  @直接-通常-クイック $D ★♢A〜5
  effect: "ライフの一番上からカードを1枚引き、手札に加える。" {
    draw(me)
  }
  allow G2 "キーカードがなかった頃の名残"
  formats: lite
}
```

## Passing example

```bps
extends "blackpoker-8.2"

action steady "堅実" (速攻魔法) {
  @直接-通常-クイック $D ★♢A〜5
  effect: "ライフの一番上からカードを1枚引き、手札に加える。" {
    draw(me)
  }
  formats: lite
}
```

## How to fix

Delete the `allow` line.
"""

from __future__ import annotations

from ..core import Level, Rule

RULE = Rule("L100", "unused-suppression", Level.SHOULD, "—", "every `allow` silences a finding")
