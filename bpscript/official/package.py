"""One import, end to end: read the official data, write `.bps`, and check what was written.

The written files are loaded back (as `bpscript check` would) before anything reaches the
user's disk; an error there, or a text that did not come back exactly, is reported at the
YAML entry it came from.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .. import model as m
from .. import scriptview as sv
from ..diagnostics import Diagnostic
from ..loader import load
from .bps_writer import Written, write_package
from .importer import Entry, Imported, read_official
from .yamlnodes import Reader

DATA_FILE = "official-data.yaml"


@dataclass
class ImportRun:
    imported: Imported
    written: Written | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity.value == "error"]

    def outputs(self) -> dict[str, str]:
        """Every file to write (name → text): the `.bps` files and the data block."""
        out = dict(self.written.files) if self.written else {}
        if self.imported.data:
            out[DATA_FILE] = yaml.safe_dump({"data": self.imported.data}, allow_unicode=True, sort_keys=False,
                                            width=1000)
        return out


def import_official(path: str, source: str, vocab: m.Ruleset) -> ImportRun:
    """Import `source` (the text of the official data shown as `path`)."""
    imported = read_official(path, source, vocab)
    run = ImportRun(imported, diagnostics=list(imported.diagnostics))
    if imported.errors:
        return run
    title = imported.data.get("ver", "").replace("\n", " ") or "official data"
    run.written = write_package(imported, vocab, title)
    reader = Reader(path, source, run.diagnostics)
    warned: set[str] = set()
    for e in imported.entries:
        for name, _ in e.values.get("labels", []):
            if not sv.has_label(vocab, name) and name not in warned:
                warned.add(name)
                reader.warn("W621", f"label <{name}> is not declared by the bundled rules: declared without roles",
                            e.nodes["labels"], fix="give it its roles in 05-imported-vocabulary.bps "
                                                   "(label … { roles: attack block })")
    run.diagnostics += _verify(run.written, imported)
    return run


def _verify(written: Written, imported: Imported) -> list[Diagnostic]:
    reader = Reader(imported.path, imported.text, [])
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in written.files.items():
            (Path(tmp) / name).write_text(text, encoding="utf-8")
        result = load([tmp])
    for d in result.errors:
        entry = written.entry_at(Path(d.span.file).name, d.span.line)
        node = entry.node if entry is not None else None
        if node is None:
            reader.diagnostics.append(Diagnostic("E630", f"the imported files do not check: {d.message} [{d.code}]",
                                                 d.span))
        else:
            reader.error("E630", f"'{entry.id}' does not check once imported: {d.message} [{d.code}]", node)
    if result.errors:
        return reader.diagnostics
    rs = result.ruleset
    for e in imported.entries:
        s = rs.scripts.get(e.id)
        got = _texts(s) if s is not None else {}
        want = _expected(e)
        for f, value in want.items():
            if got.get(f) != value:
                reader.error("E630", f"'{e.id}': {f} did not come back exactly once imported "
                                     f"({got.get(f)!r} for {value!r})", e.nodes.get(f, e.node))
    return reader.diagnostics


def _texts(s: m.Script) -> dict[str, object]:
    """The text fields of a loaded script, named as in `Entry.values`."""
    out: dict[str, object] = {
        "name": s.name, "type": sv.type_name(s), "category": sv.category(s), "ruby": sv.ruby(s),
        "formats": list(sv.formats(s)), "since": sv.since(s), "update": list(sv.updates(s)),
        "story": sv.story(s), "flavor": sv.flavor_text(s), "flavor_speaker": sv.flavor_speaker(s),
        "dev_note": sv.dev_note(s),
    }
    if sv.is_action(s):
        words = sv.header_words(s) or ("", "", "")
        out.update(trigger=words[0], speed=words[1], timing=words[2], cost=sv.cost_letters(s) or None,
                   key=sv.key_card_text(s), key_unit=sv.key_unit_text(s), note=sv.note(s),
                   activation=sv.activation_text(s), trigger_condition=sv.trigger_text(s),
                   target=sv.target_text(s), effect=sv.effect_text(s))
    else:
        out.update(unit_condition=sv.unit_condition_text(s), size=sv.size_text(s),
                   labels=sv.label_texts(s) or None, abilities=sv.ability_texts(s) or None,
                   placed_by=sv.placed_by(s))
    return out


def _expected(e: Entry) -> dict[str, object]:
    v = dict(e.values)
    v.pop("id", None)
    v.pop("target_spec", None)
    v.pop("size_number", None)
    if "labels" in v:
        v["labels"] = [name + (f"({qual})" if qual is not None else "") for name, qual in v["labels"]] or None
    if "abilities" in v:
        v["abilities"] = v["abilities"] or None
    return v
