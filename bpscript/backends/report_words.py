"""Every word of the balance report, in Japanese (its readers' language, the default) and
in English, read from `templates/report_words.json`: the template and the charts print
nothing else, so a new measure adds its words there, in both languages, and `test_report`
checks that neither lacks one. The words are data beside the templates, as the pages'
labels are (`labels.py`), not Python literals."""

from __future__ import annotations

import json
from importlib import resources

LANGUAGES = ("ja", "en")

WORDS: dict[str, dict[str, str]] = json.loads(
    resources.files("bpscript.backends").joinpath("templates", "report_words.json").read_text("utf-8"))


def words(language: str = "ja") -> dict[str, str]:
    """The report's words in `language` (one of LANGUAGES)."""
    if language not in WORDS:
        raise ValueError(f"no report words in {language!r}: choose one of {', '.join(LANGUAGES)}")
    return WORDS[language]
