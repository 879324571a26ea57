"""The printed notations the rule texts use, read where they stand in running text.

`<攻撃>` names a label, in a script's `labels:` (the grammar's LABEL token, the same
pattern) and in printed text (「アタッカーは <攻撃> を持っているキャラクターを指定できる」).
The resolver records each mention in the model, so the linter reads label references
as data and never parses Japanese text itself.
"""

from __future__ import annotations

import re
from typing import Iterator

#: a label as printed: `<` name `>` on one line (grammar.lark: LABEL)
LABEL_PATTERN = r"<[^<>\n]+>"
_LABEL = re.compile(LABEL_PATTERN)


def label_mentions(text: str) -> Iterator[tuple[int, str]]:
    """(offset, name) of every label printed in `text`, in order."""
    for m in _LABEL.finditer(text):
        yield m.start(), m.group()[1:-1].strip()
