"""reStructuredText pieces with user text kept inert.

Script text reaches RST only through `inline` (every ASCII punctuation character and the
RST bullets are backslash-escaped, so no text can start markup, a role, a directive, a
list, a table or a title) or through `csv_cell` / `index_entry`, which quote for their own
syntax. Lists come from `textfmt.parse_blocks`, as on the HTML pages.
"""

from __future__ import annotations

import string
import unicodedata

from .textfmt import Block, parse_blocks

_ESCAPE = set(string.punctuation) | {"•", "‣", "⁃"}  # RST bullets beyond ASCII
_ROMAN = set("IVXLCDM")


def inline(text: str) -> str:
    """Text as literal RST inline content (one line: line breaks become spaces)."""
    out = "".join("\\" + ch if ch in _ESCAPE else (" " if ch in "\n\r\t" else ch) for ch in text)
    if out and out.strip("\\") == "":
        # only backslashes: a line of one punctuation character is a transition, or a title's
        # adornment; an escaped space (RST drops it) in front breaks the run
        out = "\\ " + out
    return out


def width(text: str) -> int:
    """Columns as docutils counts them for title underlines (wide characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def title(text: str, char: str, over: bool = False) -> list[str]:
    """A section title (escaped) with its adornment."""
    line = inline(" ".join(text.split())) or "\\-"
    rule = char * (width(line) + 2)
    return ([rule] if over else []) + [line, rule, ""]


def label(name: str) -> list[str]:
    return [f".. _{name}:", ""]


def csv_cell(text: str) -> str:
    return '"' + inline(text).replace('"', '""') + '"'


def csv_table(header: list[str], rows: list[list[str]]) -> list[str]:
    out = [".. csv-table::", "   :header-rows: 1", ""]
    for row in [header] + rows:
        out.append("   " + ", ".join(csv_cell(c) for c in row))
    return out + [""]


def index_entry(name: str, ruby: str | None, kind_word: str) -> list[str]:
    """`.. index::` as the official writer makes it: `よみ|名前(種類)` when the name starts
    with a kanji and has a ruby (the reading's first kana sorts it), else `名前(種類)`.
    The directive's text is not RST inline text: `;` (its separator) and a leading `!`
    become full-width, line breaks spaces."""
    entry = f"{name}({kind_word})"
    if name and ruby and unicodedata.name(name[0], "").startswith("CJK UNIFIED IDEOGRAPH"):
        entry = f"{ruby[0]}|{entry}"
    entry = " ".join(entry.replace(";", "；").split())
    if entry.startswith("!"):
        entry = "！" + entry[1:]
    return [".. index::", f"   single: {entry}", ""]


def _safe_enumeration(b: Block) -> bool:
    """Whether docutils will read the items as one enumerated list with these markers."""
    if any(not it.text.strip() for it in b.items):
        return False
    marks = [it.marker for it in b.items]
    if b.kind == "ol":
        nums = [int(x) for x in marks]
        return nums == list(range(nums[0], nums[0] + len(nums)))
    if marks[0] in _ROMAN:  # `I.`, `C.` … would read as roman numerals
        return False
    return [ord(x) for x in marks] == list(range(ord(marks[0]), ord(marks[0]) + len(marks)))


def blocks(bs: list[Block], indent: str = "", link=None) -> list[str]:
    """Paragraphs and (nested) lists; `link(text) -> str` renders inline text (default: `inline`)."""
    render = link or inline
    out: list[str] = []
    for b in bs:
        if b.kind == "p":
            out += [indent + render(b.text), ""]
        elif b.kind == "ul":
            for it in b.items:
                out += [indent + "- " + render(it.text), ""] + blocks(it.children, indent + "  ", link)
        elif _safe_enumeration(b):
            for it in b.items:
                marker = f"{it.marker}. "
                out += [indent + marker + render(it.text), ""] + blocks(it.children, indent + " " * len(marker), link)
        else:  # markers kept as text, so the printed numbering stays exactly as written
            for it in b.items:
                out += [indent + inline(f"{it.marker}.") + " " + render(it.text), ""]
                out += blocks(it.children, indent + "  ", link)
    return out


def text_blocks(text: str, indent: str = "", link=None) -> list[str]:
    return blocks(parse_blocks(text), indent, link)


def line_block(text: str, emphasis: bool = False) -> list[str]:
    """Lines kept as printed (`| …`), each optionally in *emphasis*."""
    out = []
    for line in text.split("\n"):
        line = line.strip()
        if not line:
            continue
        body = inline(line)
        out.append("| " + (f"*{body}*" if emphasis else body))
    return out + [""]
