"""The vocabulary an import is checked against and writes into the package.

The data names an edition (`--ruleset`, else `data.ver`): that edition's vocabulary files are
copied as they are. A word the data uses beyond them is copied from a bundled edition that
declares it, that edition first (its frame directories: 9.0's frames), then the others — a type, a zone, a component, a cost, a label with its roles, a frame with
the formats and zones it needs (official data gives a frame's name only: its deck, zones and
setup are carried over from the edition that defines it) — else declared here: a category
(a heading), a label without roles, a type of the entry's kind. So the package checks on its
own, and every declaration it holds says where it came from.
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..model import ruleset as m
from ..load.catalog import DEFAULT, catalog, declaration
from ..load.loader import load, load_bundled
from ..syntax import ast
from ..syntax.parser import parse_module

EXTRA_FILE = "05-imported-vocabulary.bps"


@dataclass
class Needs:
    """The words the data uses, each in first-use order."""

    types: dict[str, str] = field(default_factory=dict)  # printed name → kind
    categories: dict[str, str | None] = field(default_factory=dict)  # printed name → its one trump's id
    labels: list[str] = field(default_factory=list)
    costs: list[str] = field(default_factory=list)
    formats: list[str] = field(default_factory=list)
    frames: list[str] = field(default_factory=list)  # printed names
    kinds: list[str] = field(default_factory=list)  # component kinds (character, fog, trump)
    headers: list[tuple[str, str]] = field(default_factory=list)  # (trigger|speed|timing, printed word)

    def add(self, bucket: list, value) -> None:
        if value not in bucket:
            bucket.append(value)


def editions() -> dict[str, str]:
    """Bundled ruleset name → its edition (`edition: "9.0"` of its declaration)."""
    out = {}
    for name, b in catalog().items():
        node = declaration(b.directory)
        ed = next((str(v.value) for a in (node.attrs if node else ()) if a.key.value == "edition" for v in a.values),
                  "")
        out[name] = ed
    return out


def infer_ruleset(ver: str | None) -> str:
    """The bundled edition `data.ver` names (`第9.0版 フレーム編` → blackpoker-9.0), else the default."""
    if ver:
        for name, ed in editions().items():
            if ed and re.search(rf"第{re.escape(ed)}版|v{re.escape(ed)}\b", ver):
                return name
    return DEFAULT


def vocabulary_files(name: str) -> dict[str, str]:
    """A bundled ruleset's files that declare words and formats but hold no script: the
    vocabulary imported scripts are checked against. Its identity (00-ruleset.bps) stays
    behind: the import is not that ruleset."""
    out = {}
    for f in sorted(catalog()[name].directory.glob("*.bps")):
        text = f.read_text(encoding="utf-8")
        module, _ = parse_module(text, f.name)
        if not any(isinstance(i, (ast.ScriptNode, ast.RulesetNode, ast.SupplementNode)) for i in module.items):
            out[f.name] = text
    return out


@lru_cache(maxsize=4)
def _bundled(name: str) -> m.Ruleset:
    return load_bundled(name).ruleset


def _item_text(rs: m.Ruleset, span) -> str:
    """The whole declaration starting on the line of `span` (a term's id span)."""
    text = rs.sources.get(span.file, "")
    module, _ = parse_module(text, span.file)
    for item in module.items:
        if item.span.line == span.line:
            last = item.span.end_line if item.span.end_column > 1 else item.span.end_line - 1
            lines = text.split("\n")[item.span.line - 1:max(last, item.span.line)]
            while len(lines) > 1 and (not lines[-1].strip() or lines[-1].lstrip().startswith("#")):
                lines.pop()
            return "\n".join(lines).rstrip()
    raise LookupError(f"no declaration at {span}")  # pragma: no cover - spans come from these sources


def _load_texts(files: dict[str, str]) -> m.Ruleset:
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in files.items():
            (Path(tmp) / name).write_text(text, encoding="utf-8")
        return load([tmp]).ruleset


@dataclass
class Assembled:
    """The vocabulary files of the package, the checked model they make, and the frame ids."""

    files: dict[str, str]
    vocab: m.Ruleset
    frame_ids: dict[str, str]  # printed name → id
    generated_labels: list[str]


class _Filler:
    def __init__(self, chosen: str, base: m.Ruleset) -> None:
        self.chosen = chosen
        self.base = base
        self.sources = [chosen] + [n for n in catalog() if n != chosen]
        voc = base.vocabulary
        self.taken = {(kind, t.id) for kind, table in (("type", voc.types), ("category", voc.categories),
                                                       ("label", voc.labels), ("zone", voc.zones),
                                                       ("component", voc.components)) for t in table}
        self.taken |= {("frame", f) for f in base.frames}
        self.sections: dict[str, list[str]] = {}
        self.have: set[tuple[str, str]] = set()

    def fresh(self, kind: str, stem: str, wanted: str | None = None) -> str:
        """An id of `kind` not yet used: `wanted`, else `stem` and a number."""
        if wanted and (kind, wanted) not in self.taken:
            self.taken.add((kind, wanted))
            return wanted
        n = 1
        while (kind, f"{stem}{n}") in self.taken:
            n += 1
        self.taken.add((kind, f"{stem}{n}"))
        return f"{stem}{n}"

    def put(self, section: str, line: str) -> None:
        self.sections.setdefault(section, []).append(line)

    def copy(self, kind: str, key: str, table: str) -> tuple[str, object] | None:
        """Copy the declaration of `key` from the first other edition that has one (renaming
        its id if the package already uses it); (its id, its term) or None."""
        if (kind, key) in self.have:
            return None
        for name in self.sources:
            rs = _bundled(name)
            term = getattr(rs.vocabulary, table).get(key) if table else None
            if term is None:
                continue
            self.have.add((kind, key))
            text = _item_text(rs, term.span)
            new = self.fresh(kind, term.id, term.id)
            if new != term.id:
                text = re.sub(rf"^({kind}\s+){re.escape(term.id)}\b", rf"\g<1>{new}", text)
            self.put(kind, f"# from {name}\n{text}")
            return new, term
        return None

    def zone(self, zid: str) -> None:
        if zid and self.base.vocabulary.zones.get(zid) is None and ("zone", zid) not in self.have:
            self.copy("zone", zid, "zones")

    def format_(self, fid: str) -> bool:
        if fid in self.base.formats or ("format", fid) in self.have:
            return True
        for name in self.sources:
            rs = _bundled(name)
            if fid in rs.formats:
                self.have.add(("format", fid))
                self.put("format", f"# from {name}\n{_item_text(rs, rs.formats[fid].span)}")
                return True
        return False

    def frame(self, printed: str) -> str | None:
        for name in self.sources:
            rs = _bundled(name)
            fr = next((f for f in rs.frames.values() if f.name == printed), None)
            if fr is None:
                continue
            for fid in fr.formats:
                self.format_(fid)
            for z in fr.zones:
                self.zone(z)
            new = self.fresh("frame", fr.id, fr.id)
            text = _item_text(rs, fr.span)
            if new != fr.id:
                text = re.sub(rf"^(frame\s+){re.escape(fr.id)}\b", rf"\g<1>{new}", text)
            self.put("frame", f"# from {name}: the data names the frame, the edition defines it\n{text}")
            return new
        return None


SECTION_TITLES = {
    "zone": "zones", "component": "components", "trigger": "header words", "speed": "header words",
    "timing": "header words", "cost": "costs", "format": "formats", "type": "types",
    "category": "categories (the official lists' group headings)", "label": "labels", "frame": "frames",
}


def assemble(chosen: str, needs: Needs) -> Assembled:
    """The package's vocabulary for data of edition `chosen` that uses `needs`."""
    files = vocabulary_files(chosen)
    base = _load_texts(files)
    f = _Filler(chosen, base)
    voc = base.vocabulary
    for kind in needs.kinds:
        if kind != "action" and voc.components.get(kind) is None:
            got = f.copy("component", kind, "components")
            if got is not None:
                f.zone(getattr(got[1], "zone", ""))
    for which, word in needs.headers:
        table = {"trigger": "triggers", "speed": "speeds", "timing": "timings"}[which]
        if getattr(voc, table).get(word) is None:
            f.copy(which, word, table)
    for letter in needs.costs:
        if letter not in base.costs and ("cost", letter) not in f.have:
            for name in f.sources:
                rs = _bundled(name)
                if letter in rs.costs:
                    f.have.add(("cost", letter))
                    f.put("cost", f"# from {name}\n{_item_text(rs, rs.costs[letter].span)}")
                    break
    for fid in needs.formats:
        f.format_(fid)
    frame_ids = {fr.name: fr.id for fr in base.frames.values()}
    for printed in needs.frames:
        if printed not in frame_ids:
            new = f.frame(printed)
            if new is not None:
                frame_ids[printed] = new
    for name, kind in needs.types.items():
        if voc.types.get(name) is not None:  # of this kind, or of another: then the check says so (E605)
            continue
        elsewhere = [_bundled(n).vocabulary.types.get(name) for n in f.sources]
        if any(t is not None and t.kind != kind for t in elsewhere):
            continue
        if f.copy("type", name, "types") is None and ("type", name) not in f.have:
            f.have.add(("type", name))
            f.put("type", f"type {f.fresh('type', 'importedType')} {_quote(name)} {{ kind: {kind} }}")
    generated: list[str] = []
    for name in needs.labels:
        if voc.labels.get(name) is not None or ("label", name) in f.have:
            continue
        known = next((_bundled(n).vocabulary.labels.get(name) for n in f.sources
                      if _bundled(n).vocabulary.labels.get(name) is not None), None)
        if known is not None and all(voc.roles.get(r) is not None for r in known.roles):
            f.copy("label", name, "labels")
        else:
            f.have.add(("label", name))
            generated.append(name)
            f.put("label", f"label {f.fresh('label', 'importedLabel')} {_quote(name)}")
    for name, trump in needs.categories.items():
        if name and voc.category(name) is None and ("category", name) not in f.have:
            f.have.add(("category", name))
            known = next((c.id for n in f.sources for c in _bundled(n).vocabulary.categories if c.name == name), None)
            cid = f.fresh("category", "importedCategory", known)
            f.put("category", f"category {cid} {_quote(name)}" + (f" {{ trump: {trump} }}" if trump else ""))
    if f.sections:
        lines = ["# Words the official data uses beyond the vocabulary of " + chosen + ": copied from the bundled",
                 "# edition that declares them, else declared here (written by `bpscript import`)."]
        done: set[str] = set()
        for kind in SECTION_TITLES:
            title = SECTION_TITLES[kind]
            if kind in f.sections:
                if title not in done:
                    lines += ["", f"# ---------------------------------------------------------------- {title}"]
                    done.add(title)
                for decl in f.sections[kind]:
                    lines += [decl] if "\n" not in decl or kind not in ("frame", "format") else ["", decl]
        files[EXTRA_FILE] = "\n".join(lines) + "\n"
    vocab = _load_texts({k: v for k, v in files.items()})
    return Assembled(files, vocab, frame_ids, generated)


def _quote(text: str) -> str:
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{body}"'
