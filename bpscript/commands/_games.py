"""What `play`, `simulate` and `replay` share: the regulation options and the ruleset.

Loading is this layer's job: the engine never imports the loader or the parser.
"""

from __future__ import annotations

from typing import Any


def regulation_options(p: Any) -> None:
    p.add_argument("--format", default="lite", help="format id (default lite)")
    p.add_argument("--frame", default="entry20", help="frame id (default entry20)")


def official_ruleset():
    """The official ruleset: loading is the CLI layer's job, not the engine's."""
    from ..loader import load_official
    return load_official().ruleset


