"""The balance report's charts: matplotlib figures as inline SVG (`pip install matplotlib`).

Each chart is drawn with matplotlib's SVG backend, its text kept as text, and its ids
salted with a constant, so the same statistics give the same bytes. Every word comes from
the report's words (`report_words`), and actions are labelled by their names, as the tables
are: Japanese text is measured with a Japanese font (Noto Sans CJK JP) where one is installed.
Each chart is a function `(sets, words) -> SVG text`.
"""

from __future__ import annotations

import io
import logging
import re
from typing import Sequence

from .balance import Balance, Rate

COLOURS = ["#3060a0", "#c05030", "#40a060", "#8050a0"]


def _pyplot():
    try:
        import matplotlib
    except ImportError as e:
        raise RuntimeError("the balance report draws its charts with matplotlib: pip install matplotlib") from e
    matplotlib.use("svg", force=True)
    matplotlib.rcParams.update({"svg.hashsalt": "bpscript", "svg.fonttype": "none", "font.size": 9,
                                "font.family": "sans-serif",
                                "font.sans-serif": ["Noto Sans CJK JP", "Noto Sans JP", "DejaVu Sans"],
                                "axes.spines.top": False, "axes.spines.right": False})
    logging.getLogger("matplotlib.font_manager").setLevel(logging.ERROR)  # a missing font: the next one
    import matplotlib.pyplot as plt
    return plt


def _svg(fig) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": "bpscript"}, bbox_inches="tight")
    _pyplot().close(fig)
    text = buf.getvalue()
    text = re.sub(r"^<\?xml[^>]*>\s*", "", text)
    text = re.sub(r"^<!DOCTYPE[^>]*>\s*", "", text, flags=re.S)
    return text.strip()


def _errors(rates: Sequence[Rate]) -> list[list[float]]:
    lows = [max(0.0, r.value - r.interval[0]) for r in rates]  # float error at rates of 0 and 1
    highs = [max(0.0, r.interval[1] - r.value) for r in rates]
    return [lows, highs]


def name(sets: Sequence[Balance], action: str) -> str:
    """An action as the report prints it: its name in the first rules that name it, else its id."""
    return next((b.names[action] for b in sets if b.names.get(action)), action)


def win_rates(sets: Sequence[Balance], words: dict[str, str]) -> str:
    """P0, P1 and the first player's win rate per set of games, with 95 % intervals."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 2.2 + 0.5 * len(sets)))
    groups = ["P0", "P1", words["first_player"]]
    height = 0.8 / len(sets)
    for i, b in enumerate(sets):
        rates = [*b.seats, b.first_player]
        ys = [g + i * height for g in range(len(groups))]
        ax.barh(ys, [r.value for r in rates], height=height, xerr=_errors(rates), capsize=3,
                color=COLOURS[i % len(COLOURS)], label=b.label)
    ax.axvline(0.5, color="#888", linewidth=0.8, linestyle="--")
    ax.set_yticks([g + height * (len(sets) - 1) / 2 for g in range(len(groups))], groups)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel(words["win_axis"])
    if len(sets) > 1:
        ax.legend(loc="lower right", fontsize=8)
    return _svg(fig)


def lengths(sets: Sequence[Balance], words: dict[str, str]) -> str:
    """How many turns the games lasted (a histogram per set of games)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 2.6))
    top = max((max(b.lengths, default=1) for b in sets), default=1)
    bins = [x + 0.5 for x in range(0, top + 1)]
    for i, b in enumerate(sets):
        ax.hist(b.lengths, bins=bins, histtype="step" if len(sets) > 1 else "bar", linewidth=1.5,
                color=COLOURS[i % len(COLOURS)], label=b.label, density=True)
    ax.set_xlabel(words["turns_axis"])
    ax.set_ylabel(words["share_axis"])
    if len(sets) > 1:
        ax.legend(fontsize=8)
    return _svg(fig)


def actions(sets: Sequence[Balance], words: dict[str, str]) -> str:
    """Requests and resolutions per game of each action, and the requester's win rate."""
    plt = _pyplot()
    ids: list[str] = []
    for b in sets:
        ids += [a.id for a in b.actions if a.id not in ids]
    fig, (left, right) = plt.subplots(1, 2, figsize=(8.0, 1.0 + 0.32 * len(ids) * len(sets)), sharey=True)
    height = 0.8 / len(sets)
    for i, b in enumerate(sets):
        found = {a.id: a for a in b.actions}
        ys = [k + i * height for k in range(len(ids))]
        per_game = max(b.games, 1)
        colour = COLOURS[i % len(COLOURS)]
        left.barh(ys, [found[a].requested / per_game if a in found else 0 for a in ids], height=height,
                  color=colour, alpha=0.45, label=f"{b.label}: {words['requested']}")
        left.barh(ys, [found[a].resolved / per_game if a in found else 0 for a in ids], height=height * 0.5,
                  color=colour, label=f"{b.label}: {words['resolved']}")
        # only actions players requested themselves have a requester (triggered ones do not)
        known = [(y, found[a].requester_wins) for y, a in zip(ys, ids) if a in found and found[a].requester_wins.n]
        if known:
            rates = [r for _, r in known]
            right.errorbar([r.value for r in rates], [y for y, _ in known], xerr=_errors(rates), fmt="o",
                           color=colour, capsize=2, markersize=3, label=b.label)
    left.set_yticks([k + height * (len(sets) - 1) / 2 for k in range(len(ids))], [name(sets, a) for a in ids])
    left.invert_yaxis()
    left.set_xlabel(words["per_game_axis"])
    left.legend(fontsize=7, loc="lower right")
    right.axvline(0.5, color="#888", linewidth=0.8, linestyle="--")
    right.set_xlim(0, 1)
    right.set_xlabel(words["requester_axis"])
    return _svg(fig)
