"""Cross-references on the HTML pages: `「X」` in a script's text links to X when the model
says the script refers to X (`relations.references`), and a trump lists 関連, the actions
and characters that refer to it (`relations.related`, shared with the RST chapters).

A link goes to the card on the same page, else (on the web pages) to the page with every
script; text is escaped before any markup is added.
"""

from __future__ import annotations

from typing import Callable

from markupsafe import Markup

from ..model import ruleset as m
from ..model.relations import references, related
from .labels import labels

#: the kinds a trump's 関連 lists, with their printed names (kept with the templates)
KIND_WORDS = {k: labels()["kinds"][k] for k in ("action", "character")}
ANCHOR_PREFIX = {"action": "act", "character": "char", "fog": "fog", "trump": "trump"}


def anchor(s: m.Script) -> str:
    """The id of a script's card, as the official lists write it (#act-end, #char-soldier),
    so old links to the official pages resolve; an override scoped `in` some formats or
    frames names them after `--`."""
    base = f"{ANCHOR_PREFIX.get(s.kind, s.kind)}-{s.id}"
    return base + ("--" + "-".join(s.scope) if s.scope else "")


class Xref:
    """The links of one page: `on_page` are the script ids it shows; `elsewhere` is the page
    holding every script (None: no links off the page, as in the PDFs)."""

    def __init__(self, rs: m.Ruleset, on_page: set[str], elsewhere: str | None, colour: Callable[[str], Markup]):
        self.rs, self.on_page, self.elsewhere, self.colour = rs, on_page, elsewhere, colour

    def href(self, t: m.Script) -> str | None:
        if t.id in self.on_page:
            return f"#{anchor(t)}"
        return f"{self.elsewhere}#{anchor(t)}" if self.elsewhere else None

    def anchor(self, t: m.Script, text: str | None = None) -> Markup:
        href = self.href(t)
        shown = self.colour(t.name if text is None else text)
        return Markup('<a href="{}">{}</a>').format(href, shown) if href else shown

    def linker(self, s: m.Script) -> Callable[[str], Markup]:
        """Renders a text of `s`: escaped, suits coloured, `「X」` linked for each X it refers to."""
        targets = {t.name: t for t in references(self.rs, s) if t.name.strip() and self.href(t)}

        def render(text: str) -> Markup:
            out, i = Markup(""), 0
            while i < len(text):
                hits = [(text.find(f"「{name}」", i), name) for name in targets]
                hits = [h for h in hits if h[0] >= 0]
                if not hits:
                    return out + self.colour(text[i:])
                j, name = min(hits)
                out += self.colour(text[i:j]) + Markup("「") + self.anchor(targets[name]) + Markup("」")
                i = j + len(name) + 2
            return out

        return render

    def related(self, trump: m.Script) -> list[tuple[str, list[Markup]]]:
        """(kind word, links) for the actions and the characters that refer to `trump`."""
        rel = related(self.rs, trump)
        return [(word, [self.anchor(s) for s in rel if s.kind == kind])
                for kind, word in KIND_WORDS.items() if any(s.kind == kind for s in rel)]
