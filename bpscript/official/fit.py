"""What an import adds so the package passes `bpscript lint` as the official data stands.

- A printed reference to another entry's effect (「X」を参照, the vocabulary's `refers`
  phrase) becomes `same_as` that entry: the text says the effect is X's.
- A guideline the official data does not follow (an error of G1–G6 on an entry), or a
  reference to an action the data does not hold (S101: the frame data names actions of the
  base data), is allowed on that entry with a reason naming the data, and reported as a
  warning (W624): the import keeps the rules as published, and says where they break a rule
  of the linter.
"""

from __future__ import annotations

from pathlib import Path

from ..model import ruleset as m
from ..lint.runner import lint_result
from ..lint.words import phrase_patterns
from ..load.loader import LoadResult
from ..model.vocabulary import PhraseMeaning
from .bps_writer import Written
from .importer import Entry
from .yamlnodes import Reader

REASON = "公式データ ({path}) の定義のまま取り込んだ (bpscript import)"


def references(entries: list[Entry], vocab: m.Ruleset) -> None:
    """Set `same_as` where an action's effect names exactly one imported action's effect."""
    patterns = phrase_patterns(vocab.vocabulary, PhraseMeaning.REFERENCE)
    by_name: dict[str, list[Entry]] = {}
    for e in entries:
        if e.kind == "action":
            by_name.setdefault(str(e.values["name"]), []).append(e)
    for e in entries:
        if e.kind != "action":
            continue
        refs = [mt.group("what") for p in patterns for mt in p.finditer(str(e.values.get("effect", "")))]
        named = by_name.get(refs[0], []) if refs else []
        if len(named) == 1 and named[0] is not e:
            e.values["same_as"] = named[0].id


def allowances(result: LoadResult, written: Written, fallback: Reader) -> list[Entry]:
    """Allow, on its entry, each guideline error lint finds in the loaded package; the
    entries changed (to be written again). Each allowance is a W624 warning at the entry."""
    report = lint_result(result)
    changed: list[Entry] = []
    for f in report.errors:
        if not (f.code.startswith("G") or f.code == "S101"):
            continue
        entry = written.entry_at(Path(f.span.file).name, f.span.line)
        if entry is None:
            continue
        allows = entry.values.setdefault("allow", [])
        if f.code in [code for code, _ in allows]:  # type: ignore[union-attr]
            continue
        allows.append((f.code, REASON.format(path=Path(entry.path).name)))  # type: ignore[union-attr]
        r = Reader(entry.reader.path, entry.reader.text, fallback.diagnostics) if entry.reader else fallback
        r.warn("W624", f"'{entry.id}' breaks lint rule {f.code} as the official data defines it: "
                       f"{f.diagnostic.message}; imported as written, with `allow {f.code}`", entry.node,
               fix="correct the official data, or keep the allowance")
        if entry not in changed:
            changed.append(entry)
    return changed
