"""The action list pages as HTML: an index (linking the other bundled editions), one page
per format and per frame, one with every script — each list with filters and a search —, and — when the ruleset follows an earlier one — its
change history. Self-contained (inline CSS and JS, no network), rendered by Jinja2
with autoescape on, so script text is always inert.

Titles, headings and every other word of the pages are in the templates; what they
print of the rules (the ruleset's title, names, texts) comes from the model.
A homebrew package renders the pages its own content is on: its frames, and the
formats its scripts and frames belong to.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources

from jinja2 import Environment, PackageLoader, pass_context, select_autoescape
from markupsafe import Markup, escape

from ..model import ruleset as m
from ..model import scriptview
from .html_xref import Xref, anchor
from .textfmt import cite_forms, parse_blocks

RED = re.compile(r"([♡♢♥♦])")


def suits(value: object) -> Markup:
    """Escape, then colour ♡♢ red."""
    return Markup(RED.sub(r'<span class="red">\1</span>', str(escape(value))))


def rich_text(rs: m.Ruleset | None, value: object) -> Markup:
    """Rule text for a page: escaped, ♡♢ red, and every supplement it cites (「防壁の置き方」,
    「3.9.1 共通手順：プリセット配置」) a link to the supplement, printed on the same page."""
    html = str(escape(value))
    for s in (rs.supplements.values() if rs is not None else ()):
        for form in cite_forms(s.name, str(value)):
            html = html.replace(str(escape(form)), f'<a class="cite" href="#supplement-{s.id}">{escape(form)}</a>')
    return Markup(RED.sub(r'<span class="red">\1</span>', html))


@pass_context
def rich(context, value: object) -> Markup:
    """`rich_text` with the page's ruleset (a filter, and the `text` macro's default)."""
    return rich_text(context.get("ruleset"), value)


def circled(letter: str) -> str:
    """A cost letter as the official lists print it: Ⓑ Ⓛ Ⓓ Ⓢ Ⓒ (circled Latin capitals)."""
    return chr(0x24B6 + ord(letter) - ord("A")) if "A" <= letter <= "Z" else letter


def ordinal(marker: str) -> int:
    return int(marker) if marker.isdigit() else ord(marker) - ord("A") + 1


def timing(s: m.Script) -> str:
    if isinstance(s, m.ActionScript) and s.header is not None:
        return s.header.text[1:]
    return s.type.name


@pass_context
def unit_mark(context, s: m.Script) -> str:
    """The mark a component's unit condition is printed with (☆, or the ruleset's own)."""
    comp = context["ruleset"].vocabulary.components.get(s.kind)
    return comp.mark if comp is not None else "☆"


def search_text(s: m.Script, rs: m.Ruleset) -> str:
    """What the text search looks through: names, marks (★ ☆ $ @ included) and texts,
    lower-cased, alternative spellings in their declared form."""
    parts = [s.id, s.name, s.ruby or "", s.category.name, s.type.name, s.story or ""]
    if isinstance(s, m.ActionScript):
        parts += [s.header.text if s.header else "", s.cost.text if s.cost else "",
                  "".join(circled(c) for c in s.cost.letters) if s.cost else "",
                  "★" + s.key.text if s.key else "", s.note or "", s.activation.text if s.activation else "",
                  s.trigger_condition.text if s.trigger_condition else "", s.target.text if s.target else "",
                  s.effect.text if s.effect else ""]
    elif isinstance(s, m.ComponentScript):
        comp = rs.vocabulary.components.get(s.kind)
        mark = comp.mark if comp is not None else "☆"
        parts += [mark + s.unit_condition.text if s.unit_condition else "", s.size.text if s.size else ""]
        parts += [a.text for a in s.abilities] + [f"<{l.text}>" for l in s.labels]
    return respell(" ".join(parts).replace("\n", " "), rs).lower()


def respell(text: str, rs: m.Ruleset) -> str:
    spellings = rs.vocabulary.spelling_map()
    for alt in sorted(spellings, key=len, reverse=True):
        text = text.replace(alt, spellings[alt])
    return text


@pass_context
def zone_name(context, zone: str) -> str:
    """A zone's printed name, as the page's ruleset declares it."""
    return scriptview.zone_name(context["ruleset"], zone)


@pass_context
def search_filter(context, s: m.Script) -> str:
    return search_text(s, context["ruleset"])


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(loader=PackageLoader("bpscript.backends", "templates"),
                      autoescape=select_autoescape(default=True, default_for_string=True, enabled_extensions=("j2", "html")),
                      trim_blocks=False, lstrip_blocks=False, keep_trailing_newline=True)
    env.filters.update(suits=suits, rich=rich, blocks=parse_blocks, ordinal=ordinal, timing=timing,
                       search_text=search_filter, zone_name=zone_name, anchor=anchor, circled=circled,
                       unit_mark=unit_mark)
    env.globals["rich"] = rich  # the default line renderer of the `text` macro
    return env


def xref(rs: m.Ruleset, scripts: list[m.Script], elsewhere: str | None = "all.html") -> Xref:
    """The cross-references of a page showing `scripts` (text rendered as `rich` renders it)."""
    return Xref(rs, {s.id for s in scripts}, elsewhere, lambda text: rich_text(rs, text))


def static(name: str) -> Markup:
    """Our own stylesheet or script (trusted, not script text), inlined so a page opened
    from disk needs nothing else."""
    return Markup(resources.files("bpscript.backends").joinpath("static", name).read_text("utf-8"))


def by_category(scripts: list[m.Script]) -> list[tuple[str, list[m.Script]]]:
    """Actions grouped by the category they are listed under (its printed name), in source order."""
    groups: dict[str, tuple[str, list[m.Script]]] = {}
    for s in scripts:
        groups.setdefault(s.category.id, (s.category.name, []))[1].append(s)
    return list(groups.values())


def page_parts(scripts: list[m.Script], rs: m.Ruleset) -> dict[str, object]:
    actions = [s for s in scripts if s.kind == "action"]
    parts: dict[str, object] = {
        "actions": by_category(actions),
        "characters": [s for s in scripts if s.kind == "character"],
        "fogs": [s for s in scripts if s.kind == "fog"],
        "trumps": [s for s in scripts if s.kind == "trump"],
    }
    sidebar: list[tuple[str | None, list[m.Script]]] = list(parts["actions"])  # type: ignore[arg-type]
    for key, kind in (("characters", "character"), ("fogs", "fog"), ("trumps", "trump")):
        if parts[key]:
            comp = rs.vocabulary.components.get(kind)
            sidebar.append((comp.name if comp is not None else kind, parts[key]))  # type: ignore[arg-type]
    parts["sidebar"] = sidebar
    return parts


def selection(rs: m.Ruleset) -> tuple[list[m.Format], list[m.Frame]]:
    """The formats and frames that get a page: all of a ruleset's; for a homebrew package,
    its own frames and formats and those its own scripts and frames belong to."""
    fmts, frms = rs.own_regulations()
    return [rs.formats[i] for i in fmts], [rs.frames[i] for i in frms]


def cited(rs: m.Ruleset, texts: list[str]) -> list[m.Supplement]:
    """The supplements a page's texts cite, in declaration order."""
    return [n for n in rs.supplements.values() if any(cite_forms(n.name, t) for t in texts)]


def texts_of(scripts: list[m.Script]) -> list[str]:
    out: list[str] = []
    for s in scripts:
        if isinstance(s, m.ActionScript):
            out += [x.text for x in (s.activation, s.trigger_condition, s.target, s.effect) if x is not None]
            out += [s.note or ""]
        elif isinstance(s, m.ComponentScript):
            out += [a.text for a in s.abilities] + [s.placed_by or ""]
    return out


def frame_scripts(rs: m.Ruleset, fr: m.Frame) -> tuple[list[m.Script], list[m.Script]]:
    """A frame's own scripts, and the overrides that hold in it (a package's)."""
    view = rs.view(None, fr.id)
    own = [s for s in view.scripts.values() if fr.id in s.frames and not s.scope]
    overrides = [s for s in rs.overrides() if fr.id in s.scope or (not s.scope and
                 (set(s.formats) & set(fr.formats) or fr.id in s.frames))]
    return own, overrides


def filter_data(rs: m.Ruleset, pages: dict[str, dict[str, str]], page: dict[str, str] | None = None) -> Markup:
    """What the filter script needs that is not in the cards: each frame's formats, the
    spellings the search reads as their declared form, the format and frame pages a filter
    can move to, and the format or frame this page lists (None on all.html)."""
    data = {"frames": {fr.id: list(fr.formats) for fr in rs.frames.values()},
            "spellings": rs.vocabulary.spelling_map(), "pages": pages, "page": page}
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


def categories_of(scripts: list[m.Script]) -> list[str]:
    """The category filter's choices on a page: the categories of its scripts, in order."""
    return list(dict.fromkeys(s.category.name for s in scripts))


def editions(rs: m.Ruleset) -> list[tuple[str, str, bool]]:
    """The bundled editions a bundled ruleset's index links: (title, index page, is this
    one). `bpscript build` writes each to <out>/<ruleset>/html/, side by side; a homebrew
    package links none (its base is named on every page)."""
    from ..bundled import RulesNotFound
    from ..load.catalog import catalog, output_directory, titles
    try:
        if rs.info.homebrew or rs.info.name not in catalog():
            return []
    except RulesNotFound:  # rules read from elsewhere, with no bundled ones to link
        return []
    return [(title, f"../../{output_directory(name)}/html/index.html", name == rs.info.name)
            for name, title in titles().items()]


def render_pages(rs: m.Ruleset, *, with_js: bool = True, changes: bool = False) -> dict[str, str]:
    """Every page as text, by file name (`changes`: the index links the change history)."""
    env = environment()
    formats, frames = selection(rs)
    js = static("filter.js") if with_js else None
    common = {"ruleset": rs, "css": static("style.css"), "page_js": static("page.js") if with_js else None,
              "js": js, "formats": formats, "frames": frames, "changes": changes}
    links = {"format": {f.id: f"format-{f.id}.html" for f in formats},
             "frame": {f.id: f"frame-{f.id}.html" for f in frames}}
    pages: dict[str, str] = {}
    pages["index.html"] = env.get_template("index.html.j2").render(
        sidebar=[], supplements=list(rs.supplements.values()), overrides=rs.overrides(), editions=editions(rs),
        **{**common, "js": None})
    for fmt in formats:
        scripts = rs.in_regulation(fmt.id)
        pages[f"format-{fmt.id}.html"] = env.get_template("format.html.j2").render(
            fmt=fmt, supplements=cited(rs, texts_of(scripts)), xref=xref(rs, scripts), categories=categories_of(scripts),
            filter_data=filter_data(rs, links, {"format": fmt.id}), **page_parts(scripts, rs), **common)
    for fr in frames:
        own, overrides = frame_scripts(rs, fr)
        texts = texts_of(own + overrides) + [fr.deck.text, fr.setup.text]
        pages[f"frame-{fr.id}.html"] = env.get_template("frame.html.j2").render(
            frame=fr, supplements=cited(rs, texts), overrides=overrides, xref=xref(rs, own + overrides),
            categories=categories_of(own + overrides), filter_data=filter_data(rs, links, {"frame": fr.id}),
            **page_parts(own, rs), **common)
    everything = list(rs.scripts.values()) + [s for o in rs.scoped.values() for s in o]
    pages["all.html"] = env.get_template("all.html.j2").render(
        scripts=everything, categories=categories_of(everything), supplements=cited(rs, texts_of(everything)),
        sidebar=[(None, everything)], filter_data=filter_data(rs, links), xref=xref(rs, everything), **common)
    return pages


def build_html(rs: m.Ruleset) -> dict[str, bytes]:
    return {f"html/{name}": text.encode("utf-8") for name, text in render_pages(rs).items()}
