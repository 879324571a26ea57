"""Look-alike names: the UTS #39 skeleton, computed from Unicode's own data.

Two names are confusable when their skeletons are equal (UTS #39 section 4: the NFD of
the string with each character replaced by its prototype in `confusables.txt`, then NFD
again). bpscript applies NFKC first, so that half-width katakana (ｱｯﾌﾟ) and full-width
Latin letters meet their ordinary forms. The data is `data/confusables.txt`, Unicode's
file as published (version `UNICODE_VERSION`), kept beside its licence
(`data/UNICODE-LICENSE.txt`); `tests/lint/test_confusables.py` checks its version
and digest, so a refresh is a deliberate change. No table is written by hand.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from importlib import resources

#: the Unicode version of the data file (its `# Version:` line)
UNICODE_VERSION = "15.1.0"
#: the SHA-256 of the data file as kept in the repository
SHA256 = "506b5e84aab3a9f25ff49c6172a565e19c9c60ee45976e1813e64df1e506486b"

_ROW = re.compile(r"^([0-9A-F]{4,6})\s*;\s*([0-9A-F ]+?)\s*;\s*MA\b")


def data_text() -> str:
    """The text of `confusables.txt` as shipped with bpscript."""
    return resources.files("bpscript.lint").joinpath("data/confusables.txt").read_text("utf-8")


def version(text: str) -> str | None:
    """The `# Version:` the file states."""
    found = re.search(r"^#\s*Version:\s*(\S+)", text, re.M)
    return found.group(1) if found else None


@lru_cache(maxsize=1)
def prototypes() -> dict[str, str]:
    """Each confusable character → its prototype (the data's MA rows)."""
    table: dict[str, str] = {}
    for line in data_text().splitlines():
        row = _ROW.match(line)
        if row:
            table[chr(int(row.group(1), 16))] = "".join(chr(int(c, 16)) for c in row.group(2).split())
    return table


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of `text` after NFKC: equal skeletons look alike."""
    table = prototypes()
    nfd = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", text))
    return unicodedata.normalize("NFD", "".join(table.get(ch, ch) for ch in nfd))
