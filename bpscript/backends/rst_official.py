"""The official generator's RST layout (`build --rst-layout official`): one document per
official data file, with the labels the rulebook's `:ref:` links name.

- `rst/act.rst` (data.id `act`: the scripts of a format) and `rst/act-frame.rst` (data.id
  `act-frame`: the scripts of frames only, trumps too), the split of the official data
  (`backends.official_yaml.exported`);
- `act-<data.id>` at the top of each document; `actionlist-`, `characterlist-`, `foglist-`
  and `trumplist-<data.id>` before its lists; `act-<id>`, `char-`, `fog-`, `trump-<id>`
  before each entry, as in the chapter layout, with its ◯/x format or frame table;
- the trump list starts with `trumpData.description` (from `official-data.yaml` beside the
  rules, where an import keeps it);
- `rst/frame.rst`, the frame list page (`framelist-act-frame`): each frame's formats, zones
  (its layout), deck, start steps, action lists and disclosure.

Official labels carry no edition: `prefix` (`build --rst-label-prefix 9.0-`) goes before
every label, so one Sphinx project can hold two editions. Links (関連, 「X」) point at the
labels of either document.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from ..model import ruleset as m
from ..model import scriptview as sv
from ..load.catalog import catalog
from . import rst_text as rt
from .official_yaml import exported
from .rst_backend import KINDS, LIST_LABEL, PREFIX, WORDS, _frame_info, script_section

DOCUMENTS = ("act", "act-frame")
DATA_FILE = "official-data.yaml"
FRAME_LIST = WORDS["frame_list"]  # the frame list page's title (templates/labels.json)


class OfficialLabels:
    """One label per script (`act-<id>` …, with the prefix), whichever document holds it;
    Sphinx compares labels lower-cased, so a clash gets a number."""

    def __init__(self, rs: m.Ruleset, prefix: str) -> None:
        self.prefix = prefix
        self.names: dict[str, str] = {}
        used = {f"{prefix}{n}".lower() for d in DOCUMENTS
                for n in (f"act-{d}", *(f"{LIST_LABEL[k]}-{d}" for k in KINDS))}
        used.add(f"{prefix}framelist-act-frame".lower())
        for part in DOCUMENTS:
            for s in exported(rs, part):
                name, n = f"{prefix}{PREFIX[s.kind]}-{s.id}", 2
                while name.lower() in used:
                    name, n = f"{prefix}{PREFIX[s.kind]}-{s.id}-{n}", n + 1
                used.add(name.lower())
                self.names[s.id] = name

    def of(self, chapter: str, s: m.Script) -> str | None:
        return self.names.get(s.id)


def side_data(rs: m.Ruleset) -> dict:
    """The official data kept beside the rules (official-data.yaml): a bundled ruleset's,
    else the one in the directory of the package's first file that has one."""
    candidates = []
    if rs.info.name in catalog():
        candidates.append(catalog()[rs.info.name].directory / DATA_FILE)
    candidates += [Path(f).parent / DATA_FILE for f in sorted(rs.sources)]
    for path in candidates:
        if path.is_file():
            try:
                loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, yaml.YAMLError, RecursionError):
                return {}
            return loaded if isinstance(loaded, dict) else {}
    return {}


def _ver(side: dict, part: str, rs: m.Ruleset) -> str:
    block = side.get("frameData" if part == "act-frame" else "data")
    ver = block.get("ver") if isinstance(block, dict) else None
    if part == "act" and rs.info.edition_name:
        ver = rs.info.edition_name
    return str(ver or rs.info.title or rs.info.name or WORDS["lists"]["action"])


def document(rs: m.Ruleset, part: str, labels: OfficialLabels, side: dict) -> str:
    p = labels.prefix
    scripts = exported(rs, part)
    out = rt.label(f"{p}act-{part}") + rt.title(_ver(side, part, rs), "#", over=True)
    base = rs.info.base
    if base is not None:
        out += [".. note::", f"   {WORDS['homebrew']}{base.title} ({base.name})", ""]
    for kind in KINDS:
        items = [s for s in scripts if s.kind == kind]
        if not items and not (kind == "action" or (kind == "trump" and part == "act-frame")):
            continue
        out += rt.label(f"{p}{LIST_LABEL[kind]}-{part}") + rt.title(WORDS["lists"][kind], "=", over=True)
        if kind == "action" and items:
            out += [".. note::", f"   **{WORDS['notation']}**", "", f"   - {WORDS['at_note']}", ""]
        trump_data = side.get("trumpData")
        if kind == "trump" and isinstance(trump_data, dict) and trump_data.get("description"):
            out += rt.text_blocks(str(trump_data["description"]))
        groups: dict[str, list[m.Script]] = {}
        for s in items:
            groups.setdefault(sv.category(s), []).append(s)
        for gi, (category, members) in enumerate(groups.items()):
            out += (["----", ""] if gi else []) + rt.title(category, "=")
            for i, s in enumerate(members):
                if i:
                    out += ["----", ""]
                out += script_section(rs, s, part, labels)
    return _end(out)


def frame_page(rs: m.Ruleset, prefix: str) -> str:
    out = rt.label(f"{prefix}framelist-act-frame")
    out += rt.title(FRAME_LIST, "#", over=True)
    for fid in sv.frame_ids(rs):
        fr = rs.frames[fid]
        info = _frame_info(rs, fr)
        info[:2] = rt.label(f"{prefix}frame-{fr.id}")  # the frame's label, with the prefix
        if fr.zones:
            where = info.index(f"**{WORDS['format']}:**")
            table = rt.csv_table([WORDS["zone"]], [[sv.zone_name(rs, z)] for z in fr.zones])
            info[where:where] = [f"**{WORDS['zone']}:**", ""] + table
        out += info
    return _end(out)


def _end(out: list[str]) -> str:
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


def build_official_rst(rs: m.Ruleset, prefix: str = "") -> dict[str, bytes]:
    """The official layout's documents (a document only where it has scripts; the frame
    list page where the rules have frames)."""
    labels = OfficialLabels(rs, prefix)
    side = side_data(rs)
    out = {f"rst/{part}.rst": document(rs, part, labels, side).encode("utf-8")
           for part in DOCUMENTS if exported(rs, part) or part == "act"}
    if rs.frames:
        out["rst/frame.rst"] = frame_page(rs, prefix).encode("utf-8")
    return out
