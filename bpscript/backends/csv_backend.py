"""CSV: the frame × format table in the official generator's layout, one row per script
with every field, and the ruleset's identity (`ruleset.csv`: for a homebrew package, the
base it extends; its other files hold only the package's own scripts and frames).

Files are UTF-8 with a byte-order mark (so spreadsheet programs read the Japanese
correctly) and `\\n` line ends. Formula injection is guarded: a cell holding script text
that starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading apostrophe
(`'`), which spreadsheets show as text and do not evaluate (OWASP's advice). The table's
own marks (◯ and -) are written as they are; the JSON and official-YAML exports keep every
text exactly.
"""

from __future__ import annotations

import csv
import io

from ..model import ruleset as m
from ..model import scriptview as sv
from .labels import labels

#: the official frame table: its corner cell, and the marks for "in" / "not in"
FRAME_CORNER, YES, NO = (labels()["csv"][k] for k in ("frame_corner", "yes", "no"))
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

COLUMNS = ("id", "kind", "name", "ruby", "type", "category", "formats", "frames", "trigger", "speed", "timing",
           "cost", "key", "key_unit", "note", "activation", "trigger_condition", "target", "effect", "same_as",
           "unit_condition", "size", "labels", "abilities", "placed_by", "story", "flavor", "flavor_speaker",
           "since", "update", "dev_note", "override", "scope")
IDENTITY = ("name", "title", "edition", "date", "base", "base_title")


def guard(text: str | None) -> str:
    """Script text for a cell: a leading apostrophe where a spreadsheet would see a formula."""
    text = text or ""
    return "'" + text if text.startswith(FORMULA_START) else text


def _csv(rows: list[list[str]]) -> bytes:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerows(rows)
    return buf.getvalue().encode("utf-8-sig")


def frame_table(rs: m.Ruleset) -> bytes:
    """`【フレーム】,ライト,スタンダード,プロ,マスター` and a ◯ / - row per frame."""
    fids = sv.format_ids(rs)
    rows = [[FRAME_CORNER] + [guard(sv.format_name(rs, f)) for f in fids]]
    for fr in rs.frames.values():
        rows.append([guard(fr.name)] + [YES if f in fr.formats else NO for f in fids])
    return _csv(rows)


def script_row(s: m.Script) -> list[str]:
    words = sv.header_words(s) or (None, None, None)
    labels = " ".join(f"<{name}>" + (f"({qual})" if qual is not None else "") for name, qual in sv.labels(s))
    values = {
        "id": s.id, "kind": s.kind, "name": s.name, "ruby": sv.ruby(s), "type": sv.type_name(s),
        "category": sv.category(s), "formats": " ".join(sv.formats(s)), "frames": " ".join(sv.frames(s)),
        "trigger": words[0], "speed": words[1], "timing": words[2], "cost": sv.cost_letters(s),
        "key": sv.key_card_text(s), "key_unit": sv.key_unit_text(s), "note": sv.note(s),
        "activation": sv.activation_text(s), "trigger_condition": sv.trigger_text(s), "target": sv.target_text(s),
        "effect": sv.effect_text(s), "same_as": sv.effect_same_as(s), "unit_condition": sv.unit_condition_text(s),
        "size": sv.size_text(s), "labels": labels, "abilities": "\n".join(sv.ability_texts(s)),
        "placed_by": sv.placed_by(s), "story": sv.story(s), "flavor": sv.flavor_text(s),
        "flavor_speaker": sv.flavor_speaker(s), "since": sv.since(s), "update": " ".join(sv.updates(s)),
        "dev_note": sv.dev_note(s), "override": YES if s.override else "", "scope": " ".join(s.scope),
    }
    return [guard(values[c]) for c in COLUMNS]


def script_table(rs: m.Ruleset) -> bytes:
    return _csv([list(COLUMNS)] + [script_row(s) for s in sv.every_script(rs)])


def identity_table(rs: m.Ruleset) -> bytes:
    """Who the rules are: name, title, edition, date, and the base a package extends."""
    i, base = rs.info, rs.info.base
    return _csv([list(IDENTITY), [guard(x) for x in (i.name, i.title, i.edition, i.date,
                                                      base.name if base else "", base.title if base else "")]])


def build_csv(rs: m.Ruleset) -> dict[str, bytes]:
    return {"csv/frames.csv": frame_table(rs), "csv/ruleset.csv": identity_table(rs),
            "csv/scripts.csv": script_table(rs)}
