"""The fuzz tests' summary: how many inputs each command was given in this run."""

from __future__ import annotations


def pytest_terminal_summary(terminalreporter):
    from fuzzing import RUNS, fuzzing
    if RUNS:
        counts = ", ".join(f"{name} {n}" for name, n in sorted(RUNS.items()))
        terminalreporter.write_line(f"fuzz ({'fuzz profile' if fuzzing() else 'a few examples'}): "
                                    f"{sum(RUNS.values())} command runs: {counts}")
