"""Control characters in a source: an error (E007) wherever they stand.

A string literal holding ESC, BEL or NUL reaches every output that prints it; `import`
already refuses such text (E604), and a source refuses it the same way. Tab, line feed
and carriage return are layout; every other C0 character, DEL and the C1 controls
(U+0080–U+009F, which some terminals obey as escape sequences) are reported, one
diagnostic per line, at the first of them.
"""

from __future__ import annotations

import re
import unicodedata

from ..diagnostics import Diagnostic
from ..source import Span

CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def control_characters(text: str, path: str) -> list[Diagnostic]:
    """E007 for each line of `text` that holds a control character."""
    if not CONTROLS.search(text):
        return []
    out = []
    for n, line in enumerate(text.split("\n"), 1):
        found = CONTROLS.search(line)
        if found is None:
            continue
        ch = found.group()
        name = unicodedata.name(ch, "") or _C0.get(ch, "a control character")
        col = found.start() + 1
        out.append(Diagnostic("E007", f"a control character U+{ord(ch):04X} ({name}) in the source",
                              Span(path, n, col, n, col + 1),
                              expected="printable text: a terminal showing this line would obey the character",
                              fix="delete it (write a line break in text as \\n, or use \"\"\"…\"\"\")"))
    return out


_C0 = {"\x00": "NUL", "\x07": "BEL", "\x1b": "ESC", "\x7f": "DEL", "\x9b": "CSI"}
