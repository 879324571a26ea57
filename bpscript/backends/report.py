"""The balance report: one self-contained HTML file, readable offline.

`bpscript simulate … --report FILE.html` writes it: win rates per seat and for the first
player with 95 % intervals, the distribution of game lengths, per action how often it was
requested and resolved and how its requester fared, and the agents; `--compare` adds a
second set of games side by side. Charts are inline SVG (`charts`); nothing runs and
nothing is fetched (the statistics ride along as a JSON data block); everything from the
rules or the command line goes through Jinja2's autoescape.
"""

from __future__ import annotations

from typing import Any, Sequence

from markupsafe import Markup

from .balance import Balance
from .charts import actions, lengths, win_rates
from .html_backend import environment


def render_report(sets: Sequence[Balance], command: str = "", meta: dict[str, Any] | None = None) -> str:
    """The report's HTML for one set of games, or several compared."""
    # the SVG is matplotlib's output, its text escaped by matplotlib's SVG writer
    charts = {"win_rates": Markup(win_rates(sets)), "lengths": Markup(lengths(sets)),
              "actions": Markup(actions(sets))}
    template = environment().get_template("report.html.j2")
    return template.render(sets=sets, charts=charts, command=command, meta=meta or {},
                           json=[b.to_json() for b in sets])
