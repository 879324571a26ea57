"""The action lists as Markdown (for the docs site): one page per format and per frame,
rendered from a template (`templates/action-list.md.j2`: the words of the page are there).

Markdown is not escaped by a template engine, so every piece of script text goes
through `md()`, which neutralises HTML and Markdown syntax characters. A page's title
is set apart, in front matter (`front_title`): mkdocs themes print it in `<title>`
through `striptags`, which decodes entities, so an escaped `&lt;` would become markup
there.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

from jinja2 import Environment, PackageLoader

from ..model import ruleset as m
from .textfmt import Block, parse_blocks

_SPECIAL = re.compile(r"([\\`*_{}\[\]#+!|])")


def md(text: object) -> str:
    """Script text made inert in Markdown: HTML characters as entities, syntax escaped."""
    text = str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _SPECIAL.sub(r"\\\1", text)


#: the characters of HTML a page title never holds, even escaped: their fullwidth forms (the
#: Unicode block of fullwidth ASCII sits 0xFEE0 above ASCII)
_TITLE_SAFE = str.maketrans({c: chr(ord(c) + 0xFEE0) for c in "&<>\"'"})


def front_title(text: object) -> str:
    """A page title as a YAML front matter value, safe in every place a theme prints it:
    the raw title in the navigation, the title decoded by `striptags` in `<title>`. No HTML
    character survives either way, so `& < > " '` become their fullwidth forms; line breaks
    and characters that are not printable become spaces."""
    flat = "".join(c if c.isprintable() else " " for c in str(text))
    return json.dumps(" ".join(flat.split()).translate(_TITLE_SAFE), ensure_ascii=False)


def _blocks(blocks: list[Block], depth: int = 0) -> list[str]:
    out: list[str] = []
    pad = "    " * depth
    for b in blocks:
        if b.kind == "p":
            out.append(f"{pad}{md(b.text)}")
            out.append("")
            continue
        for it in b.items:
            marker = "-" if it.marker == "・" else (f"{it.marker}." if it.marker.isdigit() else "-")
            label = f"{it.marker}. " if it.marker.isalpha() and it.marker != "・" else ""
            out.append(f"{pad}{marker} {label}{md(it.text)}")
            if it.children:
                out.append("")
                out.extend(_blocks(it.children, depth + 1))
        out.append("")
    return out


def mdtext(text: str) -> str:
    """A printed text as Markdown: paragraphs and (nested) lists, every piece escaped."""
    return "\n".join(_blocks(parse_blocks(text))).strip("\n")


def inline(text: str) -> bool:
    """Whether a text is one paragraph (printed after its field name, on the same line)."""
    blocks = parse_blocks(text)
    return len(blocks) == 1 and blocks[0].kind == "p"


@lru_cache(maxsize=1)
def environment() -> Environment:
    # Markdown is not HTML: no autoescape; every text goes through `md` or `mdtext`
    env = Environment(loader=PackageLoader("bpscript.backends", "templates"), autoescape=False,
                      keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True)
    env.filters.update(md=md, mdtext=mdtext, front_title=front_title)
    env.tests["inline"] = inline
    return env


def _tidy(text: str) -> str:
    """At most one empty line in a row; one newline at the end."""
    out: list[str] = []
    for line in text.split("\n"):
        if line or (out and out[-1]):
            out.append(line)
    while out and not out[-1]:
        out.pop()
    return "\n".join(out) + "\n"


def render_markdown(rs: m.Ruleset) -> dict[str, str]:
    from .html_backend import anchor, by_category, cited, frame_scripts, selection, texts_of
    env = environment()
    template = env.get_template("action-list.md.j2")
    formats, frames = selection(rs)
    common = {"ruleset": rs, "by_category": by_category, "anchor": anchor,
              "zone": lambda z: rs.vocabulary.zones.get(z).name if z in rs.vocabulary.zones else z}
    pages: dict[str, str] = {}
    for fmt in formats:
        scripts = rs.in_regulation(fmt.id)
        pages[f"format-{fmt.id}.md"] = _tidy(template.render(fmt=fmt, frame=None, scripts=scripts, overrides=[],
                                                             supplements=cited(rs, texts_of(scripts)), **common))
    for fr in frames:
        own, overrides = frame_scripts(rs, fr)
        supplements = cited(rs, texts_of(own + overrides) + [fr.deck.text, fr.setup.text])
        pages[f"frame-{fr.id}.md"] = _tidy(template.render(fmt=None, frame=fr, scripts=own, overrides=overrides,
                                                           supplements=supplements, **common))
    return pages


def build_markdown(rs: m.Ruleset) -> dict[str, bytes]:
    return {f"markdown/{name}": text.encode("utf-8") for name, text in render_markdown(rs).items()}


def script_card(s: m.Script, rs: m.Ruleset) -> str:
    """One script's card as the action list prints it (an editor's hover), without the
    page around it or the site's `{#anchor}`."""
    from types import SimpleNamespace

    from .html_backend import anchor, by_category
    card = environment().from_string('{% from "action-list.md.j2" import script with context %}{{ script(s) }}')
    page = SimpleNamespace(name="", summary=None)  # the page the macro's template expects around it
    text = card.render(s=s, ruleset=rs, anchor=anchor, by_category=by_category, fmt=page, frame=None, scripts=[],
                       overrides=[], supplements=[], zone=lambda z: z)
    return re.sub(r" \{#[^}\n]*\}$", "", _tidy(text), count=1, flags=re.M)
