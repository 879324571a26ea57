"""One import, end to end: read the official data (one file or several, one package), make
the package's vocabulary, write `.bps`, and check what was written.

The written files are loaded back (as `bpscript check` would) before anything reaches the
user's disk; an error there, or a text that did not come back exactly, is reported at the
YAML entry it came from.
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ..model import ruleset as m
from ..model import scriptview as sv
from ..diagnostics import Diagnostic
from ..load.loader import LoadResult, load
from ..syntax.notation import label_mentions
from . import notation as nt
from . import fit
from . import vocab_fill as vf
from .bps_writer import Written, write_package
from .importer import LABEL, Entry, Imported, check_entries, read_official
from .yamlnodes import Reader

DATA_FILE = "official-data.yaml"
FATAL = ("E600", "E601")  # the file cannot be read at all


@dataclass
class ImportRun:
    imported: Imported  # the first file (its path and text locate file-level messages)
    written: Written | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: list[Imported] = field(default_factory=list)
    ruleset: str = ""
    left_out: int = 0  # entries not written (their diagnostics say why)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity.value == "error"]

    @property
    def entries(self) -> list[Entry]:
        return [e for f in self.files for e in f.entries]

    def outputs(self) -> dict[str, str]:
        """Every file to write (name → text): the `.bps` files and the official data that
        is not rules (data blocks, trumpData, fields kept as written)."""
        out = dict(self.written.files) if self.written else {}
        side: dict[str, object] = {}
        for f in self.files:
            if f.data:
                side.setdefault("frameData" if f.is_frame_data else "data", f.data)
            if f.trump_data:
                side.setdefault("trumpData", f.trump_data)
            for name, value in f.kept_sections.items():
                side.setdefault("sections", {}).setdefault(name, value)  # type: ignore[union-attr]
        kept = {e.id: e.kept for e in self.entries if e.kept}
        if kept:
            side["kept"] = kept
        if side and self.written is not None:
            out[DATA_FILE] = "# The official data that is not rules, written back by `bpscript export " \
                             "--format official-yaml`\n" + yaml.safe_dump(side, allow_unicode=True, sort_keys=False,
                                                                         width=1000)
        return out


def _ver(text: str) -> str | None:
    found = re.search(r"^\s+ver:[ \t]*(.+?)\s*$", text, re.M)
    return found.group(1).strip("'\"") if found else None


def import_official(sources: list[tuple[str, str]], ruleset: str | None = None) -> ImportRun:
    """Import the official data files `sources` ((shown path, text) each) into one package,
    with the words of the bundled edition `ruleset` (else the one `data.ver` names)."""
    chosen = ruleset or next((vf.infer_ruleset(v) for _, t in sources if (v := _ver(t))), vf.infer_ruleset(None))
    info = vf._bundled(chosen).info
    edition = f"{info.edition_name or chosen} ({chosen})"
    files = [read_official(path, text, edition) for path, text in sources]
    run = ImportRun(files[0], files=files, ruleset=chosen)
    for f in files:
        run.diagnostics += f.diagnostics
    if any(d.code in FATAL and d.severity.value == "error" for d in run.diagnostics):
        return run
    _drop_duplicates(files, run)
    needs = _needs(run.entries)
    assembled = vf.assemble(chosen, needs)
    before = len(run.entries)
    for f in files:
        mark = len(f.diagnostics)
        check_entries(f, assembled.vocab, assembled.frame_ids, edition)
        run.diagnostics += f.diagnostics[mark:]
    run.left_out = before - len(run.entries) + sum(f.dropped for f in files)
    title = next((f.data.get("ver", "") for f in files if f.data.get("ver")), "").replace("\n", " ") \
        or "official data"
    fit.references(run.entries, assembled.vocab)
    run.written = write_package(run.entries, assembled, title, [f.path for f in files])
    reader = Reader(files[0].path, files[0].text, run.diagnostics)
    warned: set[str] = set()
    for e in run.entries:
        for name, _ in e.values.get("labels", []):
            if name in assembled.generated_labels and name not in warned:
                warned.add(name)
                at = Reader(e.reader.path, e.reader.text, run.diagnostics) if e.reader else reader
                at.warn(
                    "W621", f"label <{name}> is declared by no bundled edition: declared without roles",
                    e.nodes["labels"], fix=f"give it its roles in {vf.EXTRA_FILE} (label … {{ roles: attack block }})")
    problems, loaded = _verify(run.written, run.entries, files[0])
    if loaded is not None and fit.allowances(loaded, run.written, reader):
        run.written = write_package(run.entries, assembled, title, [f.path for f in files])
        problems, loaded = _verify(run.written, run.entries, files[0])
    run.diagnostics += problems
    if any(d.severity.value == "error" for d in problems):
        run.written = None
    return run


def _drop_duplicates(files: list[Imported], run: ImportRun) -> None:
    """An id given in two files: the second is left out."""
    seen: dict[str, Entry] = {}
    for f in files:
        kept = []
        for e in f.entries:
            if e.id in seen and e.reader is not None:
                f.dropped += 1
                first = seen[e.id]
                mark = len(f.diagnostics)
                e.reader.error("E607", f"duplicate id '{e.id}' (first in {first.path}, line "
                                       f"{first.node.start_mark.line + 1})", e.nodes.get("id", e.node))
                run.diagnostics += f.diagnostics[mark:]
                continue
            seen[e.id] = e
            kept.append(e)
        f.entries = kept


def _needs(entries: list[Entry]) -> vf.Needs:
    """The words the entries use (before they are checked against any vocabulary)."""
    n = vf.Needs()
    trumps: dict[str, list[str]] = {}
    for e in entries:
        if e.kind == "trump":
            trumps.setdefault(str(e.values["category"]), []).append(e.id)
    for e in entries:
        v = e.values
        n.add(n.kinds, e.kind)
        if v.get("type"):
            n.types.setdefault(str(v["type"]), e.kind)
        category = str(v["category"])
        if category and category != v.get("type"):
            one = trumps.get(category, [])
            n.categories.setdefault(category, one[0] if len(one) == 1 else None)
        for fid in nt.read_list(str(v.get("formats", ""))):
            n.add(n.formats, fid)
        for name in nt.read_frames(str(v.get("frames", ""))):
            n.add(n.frames, name)
        for letter in str(v.get("cost", "")):
            n.add(n.costs, letter)
        if e.kind == "action":
            for which in ("trigger", "speed", "timing"):
                n.add(n.headers, (which, str(v[which])))
        for lab in nt.split_labels(str(v.get("labels", ""))):
            found = LABEL.match(lab)
            if found:
                n.add(n.labels, found.group("name"))
        for f in ("note", "activation", "trigger_condition", "target", "effect", "abilities", "placed_by"):
            for _, name in label_mentions(str(v.get(f, "") or "")):
                n.add(n.labels, name)
    return n


def _verify(written: Written, entries: list[Entry], imported: Imported) -> tuple[list[Diagnostic], LoadResult | None]:
    """Load what was written, as `bpscript check` would: an error there, or a text that did
    not come back exactly, is reported at the entry it came from."""
    out: list[Diagnostic] = []
    reader = Reader(imported.path, imported.text, out)

    def at(e: Entry) -> Reader:
        return Reader(e.reader.path, e.reader.text, out) if e.reader is not None else reader

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
            at(entry).error("E630", f"'{entry.id}' does not check once imported: {d.message} [{d.code}]", node)
    if result.errors:
        return out, None
    rs = result.ruleset
    for e in entries:
        s = rs.scripts.get(e.id)
        got = _texts(s) if s is not None else {}
        want = _expected(e)
        for f, value in want.items():
            if got.get(f) != value:
                at(e).error("E630", f"'{e.id}': {f} did not come back exactly once imported "
                                    f"({got.get(f)!r} for {value!r})", e.nodes.get(f, e.node))
    return out, result


def _texts(s: m.Script) -> dict[str, object]:
    """The text fields of a loaded script, named as in `Entry.values`."""
    out: dict[str, object] = {
        "name": s.name, "type": sv.type_name(s), "category": sv.category(s), "ruby": sv.ruby(s),
        "formats": list(sv.formats(s)), "frames": list(s.frames), "since": sv.since(s), "update": list(sv.updates(s)),
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
    v.pop("same_as", None)
    v.pop("allow", None)
    if not v.get("type"):
        v.pop("type", None)
    if "labels" in v:
        v["labels"] = [name + (f"({qual})" if qual is not None else "") for name, qual in v["labels"]] or None
    if "abilities" in v:
        v["abilities"] = v["abilities"] or None
    return v
