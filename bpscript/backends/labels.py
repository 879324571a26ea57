"""The printed labels the Python backends write (rst chapters, the csv frame table, the
pages' cross-references), read from `templates/labels.json`: the words of the pages are
kept with the templates, not in code."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any


@lru_cache(maxsize=1)
def labels() -> dict[str, Any]:
    """The table: `kinds` (script kind → its printed name), `rst`, `csv`."""
    text = resources.files("bpscript.backends").joinpath("templates", "labels.json").read_text("utf-8")
    table: dict[str, Any] = json.loads(text)
    return table
