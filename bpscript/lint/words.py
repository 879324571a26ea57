"""The printed words the linter's messages quote and its text checks look for, read from
the ruleset's vocabulary at run time (never written in Python): a header by what its
words mean, a declared phrase as a pattern over printed text."""

from __future__ import annotations

import re

from ..model.vocabulary import Origin, PhraseMeaning, Resolution, Vocabulary, Window

WHAT = "{what}"


def header_text(vocab: Vocabulary, origin: Origin, resolution: Resolution, window: Window) -> str:
    """`@誘発-即時-クイック`: the declared words of a trigger, speed and timing by their
    meaning (the meaning's English value where a ruleset declares no such word)."""
    trig = next((t.name for t in vocab.triggers if t.origin is origin), origin.value)
    speed = next((s.name for s in vocab.speeds if s.resolution is resolution), resolution.value)
    timing = next((t.name for t in vocab.timings if t.window is window), window.value)
    return f"@{trig}-{speed}-{timing}"


def phrase_patterns(vocab: Vocabulary, meaning: PhraseMeaning, what: str | None = None) -> list[re.Pattern[str]]:
    """The declared phrases of one meaning as patterns over printed text; `{what}` becomes
    the group `what` (a regex), by default a run of text that stops at the characters
    around `{what}` in the phrase (its quote marks: 「{what}」を参照)."""
    out = []
    for p in vocab.phrases:
        if p.meaning is not meaning or WHAT not in p.name:
            continue
        before, _, after = p.name.partition(WHAT)
        group = what
        if group is None:
            stop = re.escape(before[-1:] + after[:1])
            group = f"[^{stop}]+" if stop else ".+?"
        out.append(re.compile(re.escape(before) + f"(?P<what>{group})" + re.escape(after)))
    return out
