"""The balance report: one self-contained HTML file, readable offline, in Japanese (or English).

`bpscript simulate … --report FILE.html` writes it: win rates per seat and for the first
player with 95 % intervals, the distribution of game lengths, per action how often it was
requested and resolved and how its requester fared, and the agents; `--compare` adds a
second set of games side by side. Charts are inline SVG (`charts`); nothing runs and
nothing is fetched (the statistics ride along as a JSON data block); everything from the
rules or the command line goes through Jinja2's autoescape.

The report is a list of sections (`SECTIONS`): a heading, an optional chart and a table
macro of `report_sections.html.j2`. A new measure is one more `Section`, its macro, and
its words in `report_words`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from markupsafe import Markup

from . import charts
from .balance import Balance
from .html_backend import environment
from .report_words import words as report_words

Chart = Callable[[Sequence[Balance], dict[str, str]], str]


@dataclass(frozen=True)
class Section:
    """One part of the report: its anchor (also the key of its heading in the words), the
    chart drawn above its table (or none), and the macro that prints the table."""

    id: str
    macro: str
    chart: Chart | None = None


SECTIONS: tuple[Section, ...] = (
    Section("agents", "agents"),
    Section("win-rates", "win_rates", charts.win_rates),
    Section("lengths", "lengths", charts.lengths),
    Section("actions", "actions", charts.actions),
)


def render_report(sets: Sequence[Balance], command: str = "", meta: dict[str, Any] | None = None,
                  language: str = "ja") -> str:
    """The report's HTML for one set of games, or several compared (`meta`: the run's
    conditions by word key, e.g. {"regulation": …, "seeds": …})."""
    words = report_words(language)
    # the SVG is matplotlib's output, its text escaped by matplotlib's SVG writer
    drawn = {s.id: Markup(s.chart(sets, words)) for s in SECTIONS if s.chart is not None}
    template = environment().get_template("report.html.j2")
    return template.render(sets=sets, sections=SECTIONS, charts=drawn, command=command, meta=meta or {},
                           t=words, language=language, name=lambda a: charts.name(sets, a),
                           json=[b.to_json() for b in sets])
