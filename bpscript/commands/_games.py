"""What `play`, `simulate` and `replay` share: the regulation options and the ruleset.

Loading is this layer's job: the engine never imports the loader or the parser.
"""

from __future__ import annotations

from typing import Any


def regulation_options(p: Any) -> None:
    p.add_argument("--format", default="lite", help="format id (default lite)")
    p.add_argument("--frame", default="entry20", help="frame id (default entry20)")


def regulation_error(ruleset, fmt: str, frame: str) -> str | None:
    """Why `--format` / `--frame` name nothing in the bundled rules: what was looked for
    and where (None when both exist)."""
    from ..bundled import rules_root
    for kind, name, known in (("format", fmt, ruleset.formats), ("frame", frame, ruleset.frames)):
        if name not in known:
            return (f"unknown {kind} '{name}': the bundled rules in {rules_root()} define "
                    f"{', '.join(known) or 'none'}")
    return None


def official_ruleset():
    """The official ruleset: loading is the CLI layer's job, not the engine's."""
    from ..loader import load_official
    return load_official().ruleset


