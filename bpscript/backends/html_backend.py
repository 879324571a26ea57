"""The official action list pages as HTML: one per format, one per frame, one with every
script (filters + search), and an index. Self-contained (inline CSS and JS, no network),
rendered by Jinja2 with autoescape on, so script text is always inert.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

from jinja2 import Environment, PackageLoader, pass_context, select_autoescape
from markupsafe import Markup, escape

from .. import model as m
from .html_xref import Xref
from .textfmt import parse_blocks

RED = re.compile(r"([♡♢♥♦])")


def suits(value: object) -> Markup:
    """Escape, then colour ♡♢ red (the only markup added to script text)."""
    return Markup(RED.sub(r'<span class="red">\1</span>', str(escape(value))))


def ordinal(marker: str) -> int:
    return int(marker) if marker.isdigit() else ord(marker) - ord("A") + 1


def timing(s: m.Script) -> str:
    if isinstance(s, m.ActionScript) and s.header is not None:
        return s.header.text[1:]
    return s.type.name


def search_text(s: m.Script) -> str:
    """What the text search looks through: names, marks and texts, lower-cased."""
    parts = [s.id, s.name, s.ruby or "", s.category.name, s.type.name, s.story or ""]
    if isinstance(s, m.ActionScript):
        parts += [s.header.text if s.header else "", s.cost.text if s.cost else "", s.key.text if s.key else "",
                  s.note or "", s.activation.text if s.activation else "",
                  s.trigger_condition.text if s.trigger_condition else "", s.target.text if s.target else "",
                  s.effect.text if s.effect else ""]
    elif isinstance(s, m.ComponentScript):
        parts += [s.unit_condition.text if s.unit_condition else "", s.size.text if s.size else ""]
        parts += [a.text for a in s.abilities] + [l.text for l in s.labels]
    return " ".join(parts).replace("\n", " ").lower()


@pass_context
def zone_name(context, zone: str) -> str:
    """A zone's printed name, as the page's ruleset declares it."""
    found = context["ruleset"].vocabulary.zones.get(zone)
    return found.name if found is not None else zone


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(loader=PackageLoader("bpscript.backends", "templates"),
                      autoescape=select_autoescape(default=True, default_for_string=True, enabled_extensions=("j2", "html")),
                      trim_blocks=False, lstrip_blocks=False, keep_trailing_newline=True)
    env.filters.update(suits=suits, blocks=parse_blocks, ordinal=ordinal, timing=timing, search_text=search_text,
                       zone_name=zone_name)
    env.globals["suits"] = suits  # the default line renderer of the `text` macro
    return env


def xref(rs: m.Ruleset, scripts: list[m.Script], elsewhere: str | None = "all.html") -> Xref:
    """The cross-references of a page showing `scripts`."""
    return Xref(rs, {s.id for s in scripts}, elsewhere, suits)


def _static(name: str) -> Markup:
    # our own stylesheet and script, inlined so a page opened from disk needs nothing else
    return Markup(resources.files("bpscript.backends").joinpath("static", name).read_text("utf-8"))


def by_category(scripts: list[m.Script]) -> list[tuple[str, list[m.Script]]]:
    """Actions grouped by the category they are listed under (its printed name), in source order."""
    groups: dict[str, tuple[str, list[m.Script]]] = {}
    for s in scripts:
        groups.setdefault(s.category.id, (s.category.name, []))[1].append(s)
    return list(groups.values())


def page_parts(scripts: list[m.Script], rs: m.Ruleset) -> dict[str, object]:
    actions = [s for s in scripts if s.kind == "action"]
    parts = {
        "actions": by_category(actions),
        "characters": [s for s in scripts if s.kind == "character"],
        "fogs": [s for s in scripts if s.kind == "fog"],
        "trumps": [s for s in scripts if s.kind == "trump"],
    }
    sidebar = [(c, items) for c, items in parts["actions"]]
    for key, kind in (("characters", "character"), ("fogs", "fog"), ("trumps", "trump")):
        if parts[key]:
            comp = rs.vocabulary.components.get(kind)
            sidebar.append((comp.name if comp is not None else kind, parts[key]))
    parts["sidebar"] = sidebar
    return parts


def render_pages(rs: m.Ruleset, *, with_js: bool = True) -> dict[str, str]:
    """Every page as text, by file name."""
    env = environment()
    common = {"ruleset": rs, "css": _static("style.css"), "js": None}
    pages: dict[str, str] = {}
    pages["index.html"] = env.get_template("index.html.j2").render(title="アクションリスト", sidebar=[], **common)
    for fmt in rs.formats.values():
        scripts = [s for s in rs.scripts.values() if fmt.id in s.formats]
        pages[f"format-{fmt.id}.html"] = env.get_template("format.html.j2").render(
            title=fmt.name, fmt=fmt, xref=xref(rs, scripts), **page_parts(scripts, rs), **common)
    for fr in rs.frames.values():
        scripts = [s for s in rs.scripts.values() if fr.id in s.frames]
        pages[f"frame-{fr.id}.html"] = env.get_template("frame.html.j2").render(
            title=f"フレーム {fr.name}", frame=fr, xref=xref(rs, scripts), **page_parts(scripts, rs), **common)
    everything = list(rs.scripts.values())
    categories = list(dict.fromkeys(s.category.name for s in everything))
    pages["all.html"] = env.get_template("all.html.j2").render(
        title="全スクリプト", scripts=everything, categories=categories, xref=xref(rs, everything),
        sidebar=[("全スクリプト", everything)], **{**common, "js": _static("filter.js") if with_js else None})
    return pages


def build_html(rs: m.Ruleset) -> dict[str, bytes]:
    return {f"html/{name}": text.encode("utf-8") for name, text in render_pages(rs).items()}
