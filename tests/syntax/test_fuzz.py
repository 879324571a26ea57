"""No input whatsoever makes the front end raise: it returns diagnostics.

Hypothesis generates arbitrary text and mutations of real scripts (at least 1,000
examples per run across the two tests).
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bpscript.check.resolve import resolve
from bpscript.syntax.parser import parse_module
from bpscript.check.typecheck import check_ruleset

ROOT = Path(__file__).parents[2]
SAMPLES = [p.read_text("utf-8") for p in sorted((ROOT / "stdlib").rglob("*.bps"))]
SAMPLE = "\n".join(SAMPLES)
ALPHABET = st.sampled_from(list('{}()[]"\n :@$★☆♡♢♠♣〜-=<>.,#&ABCDSL0123456789actionefftarget直接通常クイック '))


def front_end(text: str) -> None:
    module, diags = parse_module(text, "fuzz.bps")
    rs, more = resolve([(module, "user")])
    check_ruleset(rs)
    for d in diags + more:
        assert d.span.line >= 1 and d.code


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=ALPHABET, max_size=300) | st.text(max_size=200))
def test_arbitrary_text_never_raises(text):
    front_end(text)


@st.composite
def mutated(draw):
    src = draw(st.sampled_from(SAMPLES))
    lines = src.splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["delete", "dup", "cut", "insert"]))
        if op == "delete":
            del lines[i]
        elif op == "dup":
            lines.insert(i, lines[i])
        elif op == "cut":
            j = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:j] + "\n"
        else:
            lines.insert(i, draw(st.text(alphabet=ALPHABET, max_size=30)) + "\n")
        if not lines:
            break
    return "".join(lines)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_scripts_never_raise(text):
    front_end(text)
