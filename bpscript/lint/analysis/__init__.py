"""The analysis behind G4 (no sure first-turn win), one job per module:

- `delta`: what one request surely does for the first player (`Delta`);
- `interpreter`: an effect body run abstractly into a `Delta`, reading the verbs'
  declared summaries (`bpscript.model.semantics`), never their names;
- `moves`: the requests the first player can make on turn 1 of a regulation (`Move`);
- `search`: a bounded search for a sequence of them that ends the game (`Line`);
- `answers`: the second player's quick actions that could stop one of them;
- `analyzer`: all of it for one ruleset, with its caches (`Analyzer`).

The rule itself (`bpscript.lint.rules.g4`) only reports what `Analyzer` finds.
"""

from __future__ import annotations

from .analyzer import Analyzer
from .delta import FIRST, SECOND, Delta
from .moves import Move
from .search import FirstTurnSearch, Line, State

__all__ = ["Analyzer", "Delta", "FIRST", "FirstTurnSearch", "Line", "Move", "SECOND", "State"]
