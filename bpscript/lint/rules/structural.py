"""E structural — the errors of `bpscript check`, as lint findings

A script that cannot be read or resolved cannot be judged against the guidelines, so
`bpscript lint` reports every parse, resolve and type error first, with the code and
message of `bpscript check` (the table is in the diagnostics reference,
docs/reference/diagnostics.md): unknown cost letters (E120), card conditions that
cannot be read — a reversed range such as `★10〜2` — or met by any 54-card deck
(E130, E131), an unresolved 参照 (`same_as`, E170, E171), duplicate ids without
`override` (E201), a trigger condition on a direct action (E155) or a triggered action
with only an activation condition (E154, E156), a script in no format and no frame
(E163), undefined names and type errors in effects (E300–E310), and the rest.

The gaps that the resolver leaves are lint rules of their own: S101 (a printed
「X」を参照 that does not match `same_as`), S102 (cost C without a key unit) and S103 (a
frame script whose key cards the frame's deck does not hold).

Structural errors cannot be suppressed: `allow E201 "…"` is itself reported (L101).

## Failing example

```bps
extends "blackpoker-8.2"

action oops "うっかり" (速攻魔法) {
  @直接-即時-クイック $X ★10〜2
  effect: "何もしない。"
  formats: lite
}
```

## Passing example

```bps
extends "blackpoker-8.2"

action fine "だいじょうぶ" (速攻魔法) {
  @直接-即時-クイック $D ★2〜10
  effect: "何もしない。"
  formats: lite
}
```
"""

from __future__ import annotations

from ..core import Level, Rule

RULE = Rule("E", "structural", Level.STRUCTURAL, "5.1, 5.2, 7, 8",
            "the script parses, resolves and type-checks (the errors of `bpscript check`)")
