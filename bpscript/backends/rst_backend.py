"""The action lists as reStructuredText chapters for the Sphinx-built rulebook, one per
format and one per frame, in the structure of the official generator's chapters.

Each script is a section with its label (`act-<id>`, `char-<id>`, `fog-<id>`,
`trump-<id>`), an index entry with its ruby, its format / frame membership tables (◯ / x)
and every printed field; a trump lists 関連, the actions and characters that refer to it
(`relations.related`), and `「X」` in a text links to X when the model says the script
refers to it.

Labels are unique across all chapters, so a rulebook can include any of them together:
a script's plain label stands in the first chapter that lists it (formats in order, then
frames); other chapters label their copy `<chapter>-act-<id>`. Links only point inside
their own chapter, so each chapter also builds on its own.
"""

from __future__ import annotations

from ..model import ruleset as m
from ..model import scriptview as sv
from ..model.relations import references, related
from . import rst_text as rt
from .labels import labels

#: printed words of the chapters (the official chapters' headings), kept with the templates
WORDS = {**labels()["kinds"], **labels()["rst"]}
PREFIX = {"action": "act", "character": "char", "fog": "fog", "trump": "trump"}
LIST_LABEL = {"action": "actionlist", "character": "characterlist", "fog": "foglist", "trump": "trumplist"}
KINDS = ("action", "character", "fog", "trump")


def chapters(rs: m.Ruleset) -> list[tuple[str, str, list[m.Script]]]:
    """(chapter key, title word, scripts) for every format, then every frame."""
    scripts = sv.every_script(rs)
    out = [(f"format-{f}", sv.format_name(rs, f), [s for s in scripts if f in sv.holds_in_formats(rs, s)])
           for f in sv.format_ids(rs)]
    out += [(f"frame-{f}", sv.frame_name(rs, f), [s for s in scripts if f in sv.holds_in_frames(rs, s)])
            for f in sv.frame_ids(rs)]
    return [c for c in out if c[2] or c[0].startswith("frame-") or not rs.info.homebrew]


class Labels:
    """Sphinx labels, unique across every chapter (Sphinx compares them lower-cased)."""

    def __init__(self, rs: m.Ruleset):
        self.home: dict[str, str] = {}
        for key, _, scripts in chapters(rs):
            for s in scripts:
                self.home.setdefault(s.id, key)
        self.taken: dict[tuple[str, str], str] = {}
        used: set[str] = set()
        for key, _, scripts in chapters(rs):
            for s in scripts:
                base = f"{PREFIX[s.kind]}-{s.id}"
                name = base if self.home[s.id] == key else f"{key}-{base}"
                n = 2
                while name.lower() in used:
                    name, n = f"{name}-{n}", n + 1
                used.add(name.lower())
                self.taken[(key, s.id)] = name

    def of(self, chapter: str, s: m.Script) -> str | None:
        return self.taken.get((chapter, s.id))


def _membership(rs: m.Ruleset, s: m.Script) -> list[str]:
    out = []
    fmts, frms = sv.holds_in_formats(rs, s), sv.holds_in_frames(rs, s)
    if fmts:
        out += [f"**{WORDS['format']}:**", ""]
        out += rt.csv_table([sv.format_name(rs, f) for f in sv.format_ids(rs)],
                            [[WORDS["yes"] if f in fmts else WORDS["no"] for f in sv.format_ids(rs)]])
    if frms:
        out += [f"**{WORDS['frame']}:**", ""]
        out += rt.csv_table([sv.frame_name(rs, f) for f in sv.frame_ids(rs)],
                            [[WORDS["yes"] if f in frms else WORDS["no"] for f in sv.frame_ids(rs)]])
    return out


def _linker(rs: m.Ruleset, s: m.Script, chapter: str, labels: Labels):
    """Inline text of `s` where `「X」` links to X (a script `s` refers to, in this chapter)."""
    targets = {}
    for t in references(rs, s):
        name = labels.of(chapter, t)
        if name is not None and t.name.strip():
            targets.setdefault(t.name, name)

    def render(text: str) -> str:
        out, i = [], 0
        while i < len(text):
            hit = None
            for name, target in targets.items():
                needle = f"「{name}」"
                j = text.find(needle, i)
                if j >= 0 and (hit is None or j < hit[0]):
                    hit = (j, name, target)
            if hit is None:
                out.append(rt.inline(text[i:]))
                break
            j, name, target = hit
            out.append(rt.inline(text[i:j]) + f"「:ref:`{rt.inline(name)} <{target}>`」")
            i = j + len(name) + 2
        return "".join(out)

    return render


def _field(word: str, value: str | None) -> list[str]:
    return [f"**{WORDS[word]}:** {rt.inline(value)}", ""] if value else []


def script_section(rs: m.Ruleset, s: m.Script, chapter: str, labels: Labels) -> list[str]:
    link = _linker(rs, s, chapter, labels)
    name = labels.of(chapter, s)
    out = rt.label(name) if name else []
    out += rt.index_entry(s.name, sv.ruby(s), WORDS[s.kind])
    out += rt.title(f"{s.name} ({sv.type_name(s)})", "-")
    if s.override:  # an override says what it replaces, and where
        where = "、".join(sv.format_name(rs, x) if x in rs.formats else sv.frame_name(rs, x) for x in s.scope)
        out += [f"**{WORDS['replaces']}:** ``{s.id}``" + (f" ({where}{WORDS['only']})" if where else ""), ""]
    out += _membership(rs, s)
    if sv.is_action(s):
        words = sv.header_words(s)
        if words:
            out += [f"**@** {rt.inline('-'.join(words))}", ""]
        out += _field("key", sv.key_card_text(s)) + _field("key_unit", sv.key_unit_text(s))
        out += _field("cost", sv.cost_letters(s)) + _field("note", sv.note(s))
        for word, value in (("activation", sv.activation_text(s)), ("trigger", sv.trigger_text(s)),
                            ("target", sv.target_text(s)), ("effect", sv.effect_text(s))):
            if value:
                out += [f"**{WORDS[word]}:**", ""] + rt.text_blocks(value, link=link)
    else:
        out += _field("unit", sv.unit_condition_text(s)) + _field("size", sv.size_text(s))
        labels_ = sv.labels(s)
        if labels_:
            shown = [f"<{name}>" + (f"({qual})" if qual is not None else "") for name, qual in labels_]
            out += [f"**{WORDS['labels']}:** " + rt.inline(" ".join(shown)), ""]
        out += _field("placed_by", sv.placed_by(s))
        abilities = sv.ability_texts(s)
        if abilities:
            out += [f"**{WORDS['ability']}:**", ""]
            if len(abilities) == 1:
                out += rt.text_blocks(abilities[0], link=link)
            else:
                for a in abilities:
                    body = rt.text_blocks(a, "  ", link)
                    out += ["- " + body[0][2:]] + body[1:]
        if s.kind == "trump":
            out += _related(rs, s, chapter, labels)
    if sv.story(s):
        out += [f"**{WORDS['story']}:**", ""] + rt.text_blocks(sv.story(s) or "")
    if sv.flavor_text(s):
        out += [f"**{WORDS['flavor']}:**", ""] + rt.line_block(sv.flavor_text(s) or "", emphasis=True)
        if sv.flavor_speaker(s):
            out += [f"~ {rt.inline(sv.flavor_speaker(s) or '')} ~", ""]
    out += _field("since", sv.since(s))
    if sv.updates(s):
        out += [f"**{WORDS['update']}:** {rt.inline(', '.join(sv.updates(s)))}", ""]
    return out


def _related(rs: m.Ruleset, trump: m.Script, chapter: str, labels: Labels) -> list[str]:
    rel = related(rs, trump)
    if not rel:
        return []
    out = [f"**{WORDS['related']}:**", ""]
    for kind in ("action", "character"):
        items = [s for s in rel if s.kind == kind]
        if not items:
            continue
        out += [f"*{WORDS[kind]}*", ""]
        for s in items:
            target = labels.of(chapter, s)
            out.append(f"- :ref:`{rt.inline(s.name)} <{target}>`" if target else f"- {rt.inline(s.name)}")
        out.append("")
    return out


def _frame_info(rs: m.Ruleset, fr: m.Frame) -> list[str]:
    out = rt.label(f"frame-{fr.id}") + rt.title(f"{WORDS['frame']}: {fr.name}", "=", over=True)
    out += [f"**{WORDS['format']}:**", ""]
    out += rt.csv_table([sv.format_name(rs, f) for f in sv.format_ids(rs)],
                        [[WORDS["yes"] if f in fr.formats else WORDS["no"] for f in sv.format_ids(rs)]])
    for word, value in (("deck", sv.frame_deck_text(fr)), ("setup", sv.frame_setup_text(fr))):
        if value:
            out += [f"**{WORDS[word]}:**", ""] + rt.text_blocks(value)
    if fr.action_lists:
        out += [f"**{WORDS['frame_lists']}:**", ""] + [f"- {rt.inline(x)}" for x in fr.action_lists] + [""]
    if fr.disclosure:
        out += [f"**{WORDS['disclosure']}:**", ""]
        out += rt.csv_table([WORDS[w] for w in ("zone", "public", "owner_only", "hidden")],
                            [[sv.zone_name(rs, d.zone), d.public, d.owner_only, d.hidden] for d in fr.disclosure])
    return out


def chapter_text(rs: m.Ruleset, key: str, title_word: str, scripts: list[m.Script], labels: Labels) -> str:
    out: list[str] = []
    base = rs.info.base
    if base is not None:  # a package's chapter holds its own scripts: say what they build on
        out += [".. note::", f"   {WORDS['homebrew']}{base.title} ({base.name})", ""]
    if key.startswith("frame-"):
        out += _frame_info(rs, rs.frames[key[len("frame-"):]])
    for kind in KINDS:
        items = [s for s in scripts if s.kind == kind]
        if not items:
            continue
        list_word = WORDS["lists"][kind]
        out += rt.label(f"{LIST_LABEL[kind]}-{key}")
        heading = f"{title_word}: {WORDS['frame']}{list_word}" if key.startswith("frame-") else f"{title_word}{list_word}"
        out += rt.title(heading, "=", over=True)
        if kind == "action":
            out += [".. note::", f"   **{WORDS['notation']}**", "", f"   - {WORDS['at_note']}", ""]
        out += [f".. contents:: {WORDS['toc']}", "   :depth: 2", "   :local:", ""]
        groups: dict[str, list[m.Script]] = {}
        for s in items:
            groups.setdefault(sv.category(s), []).append(s)
        for category, members in groups.items():
            out += ["----", ""] + rt.title(category, "=")
            for i, s in enumerate(members):
                if i:
                    out += ["----", ""]
                out += script_section(rs, s, key, labels)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


def build_rst(rs: m.Ruleset) -> dict[str, bytes]:
    labels = Labels(rs)
    return {f"rst/{key}.rst": chapter_text(rs, key, word, scripts, labels).encode("utf-8")
            for key, word, scripts in chapters(rs)}
