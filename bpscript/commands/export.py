"""`bpscript export [--format json|official-yaml] [PATH…] [--ruleset NAME]`: the checked model as data.

JSON (the default) is the model (docs/schema/ruleset.schema.json) — of a homebrew package,
what the package adds, naming its base (`--with-base`: the whole); `official-yaml`
is the official generator's act.yaml. Data goes to standard output (or `-o FILE`),
diagnostics and notes to standard error.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ._load import load_args, paths_option, primary, ruleset_option
from .common import print_diagnostics, summary

DATA_FILE = "official-data.yaml"


def register(sub) -> None:
    e = sub.add_parser("export", help="export the model as JSON or as the official act.yaml",
                       description="Export the checked model: as JSON (docs/schema/ruleset.schema.json, the "
                                   "default) or, with --format official-yaml, as the official generator's "
                                   "act.yaml (validated against bpscript/schema/official-act.schema.json).")
    paths_option(e, "files or directories")
    ruleset_option(e)
    e.add_argument("--format", choices=["json", "official-yaml"], default="json", dest="fmt",
                   help="json (default) or official-yaml")
    e.add_argument("--json", action="store_const", const="json", dest="fmt", help="same as --format json")
    e.add_argument("--document", choices=["act", "act-frame"], default="act",
                   help="official-yaml: act (the format lists, act.yaml; the default) or act-frame (the frame "
                        "data, act-frame.yaml: frame-only scripts and trumps)")
    e.add_argument("--data", metavar="FILE",
                   help=f"official-yaml: the YAML file whose `data:` block to write (default: {DATA_FILE} "
                        "of the bundled rules, or of the first directory given that has one)")
    e.add_argument("--with-base", action="store_true",
                   help="json, of a homebrew package: the whole model, its base's scripts and words too (by "
                        "default only what the package adds, naming its base)")
    e.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    e.set_defaults(func=run)


def run(args) -> int:
    result = load_args(args)
    if result is None:
        return 2
    if result.errors:
        print_diagnostics(result.errors, result.sources, stream=sys.stderr)
        print(summary(result.diagnostics, result.files), file=sys.stderr)
        return 1
    if result.diagnostics:  # warnings (a link not followed): beside the data, never in it
        print_diagnostics(result.diagnostics, result.sources, stream=sys.stderr)
    name, rs = primary(result)
    if len(result.rulesets) > 1:
        print(f"note: the PATHs hold {len(result.rulesets)} rulesets; exported {name} "
              f"(name one with --ruleset)", file=sys.stderr)
    if args.fmt == "official-yaml":
        text = _official_yaml(args, rs)
        if text is None:
            return 1
    else:
        from ..backends.json_backend import dumps
        text = dumps(rs if args.with_base else rs.package())
    if args.output:
        from ..write.single import write_atomically
        write_atomically(args.output, text)
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def _official_yaml(args, rs) -> str | None:
    from ..backends import official_yaml as oy
    part = getattr(args, "document", "act") or "act"
    side = _sidecar(args, rs)
    if side is None:
        return None
    data = _data_block(side, part, rs.info)
    if data is None:
        return None
    doc = oy.document(rs, data, part, _texts(side.get("trumpData")))
    problems = oy.problems(doc)
    if problems:
        for p in problems:
            print(f"error: the official-yaml export breaks its schema: {p}", file=sys.stderr)
        return None
    kept = side.get("kept")
    doc = oy.with_kept(doc, {str(k): v for k, v in kept.items() if isinstance(v, dict)} if isinstance(kept, dict)
                       else {})
    sections = side.get("sections")
    for name, value in (sections.items() if isinstance(sections, dict) and part == "act" else ()):
        doc.setdefault(str(name), value)  # sections an import kept as written
    skipped = oy.left_out(rs, part)
    if skipped:
        what = "frame-only scripts and trumps" if part == "act" else "scripts of a format"
        print(f"note: {len(skipped)} script(s) are not part of {part}.yaml ({what}): "
              f"{', '.join(s.id for s in skipped[:8])}{' …' if len(skipped) > 8 else ''}", file=sys.stderr)
    return oy.dumps(doc)


def _texts(value) -> dict[str, str]:
    """A mapping of texts from the data file (anything else: nothing)."""
    if not isinstance(value, dict):
        return {}
    return {str(k): "" if v is None else str(v) for k, v in value.items() if not isinstance(v, (dict, list))}


def _data_block(side: dict, part: str, info) -> dict[str, str] | None:
    """The document's `data:` block. act: `data`, with `ver` and `lastupdate` from the
    ruleset's declaration where it has one. act-frame: `frameData` as kept, else `data` with
    `id: act-frame` (and the ruleset's identity)."""
    frame = side.get("frameData") if part == "act-frame" else None
    if isinstance(frame, dict):
        return _texts(frame)
    data = side.get("data")
    if not isinstance(data, dict) or any(isinstance(v, (dict, list)) for v in data.values()):
        hint = " (it holds the frame data's block: export it with --document act-frame)" \
            if isinstance(side.get("frameData"), dict) else ""
        print(f"{side.get('__path__', DATA_FILE)}:1:1: error[E401]: expected a `data:` mapping of texts (ver, "
              f"lastupdate, …){hint}", file=sys.stderr)
        return None
    out = _texts(data)
    if part == "act-frame":
        out = {"id": "act-frame", **{k: v for k, v in out.items() if k != "id"}}
    return _with_identity(out, info)


def _sidecar(args, rs) -> dict | None:
    """The official data file beside the rules: --data FILE, else official-data.yaml of the
    rules exported (`data`, and from an import `frameData`, `trumpData`, `kept`)."""
    import yaml

    from ..load.catalog import catalog
    if args.data:
        path = Path(args.data)
    elif not args.paths:
        path = catalog()[rs.info.name].directory / DATA_FILE
        if not path.is_file():
            print(f"error: the ruleset {rs.info.name} has no {DATA_FILE}: it is not the official generator's "
                  f"data; give a `data:` block with --data FILE", file=sys.stderr)
            return None
    else:
        from ..load.paths import within
        found = [Path(p) / DATA_FILE for p in args.paths
                 if (Path(p) / DATA_FILE).is_file() and within(Path(p) / DATA_FILE, Path(p))]
        if not found:
            print(f"error: no {DATA_FILE} next to the scripts: give the official `data:` block with --data FILE "
                  "(bpscript import writes one)", file=sys.stderr)
            return None
        path = found[0]
    from ..load.paths import NotReadable, read_regular
    try:
        loaded = yaml.safe_load(read_regular(path).decode("utf-8"))
    except (NotReadable, UnicodeDecodeError) as err:
        print(f"error: cannot read {path}: {err}", file=sys.stderr)
        return None
    except RecursionError:  # the YAML reader is recursive: a document nested thousands deep
        print(f"{path}:1:1: error[E400]: not valid YAML here: nested too deeply", file=sys.stderr)
        return None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"{path}:{mark.line + 1}:{mark.column + 1}" if mark else str(path)
        print(f"{where}: error[E400]: not valid YAML: {getattr(err, 'problem', err)}", file=sys.stderr)
        return None
    if not isinstance(loaded, dict):
        print(f"{path}:1:1: error[E401]: expected a `data:` mapping of texts (ver, lastupdate, …)", file=sys.stderr)
        return None
    return {**loaded, "__path__": str(path)}


def _with_identity(data: dict[str, str], info) -> dict[str, str]:
    """`data` with `ver` and `lastupdate` from the ruleset's declaration, after `id`."""
    identity = {k: v for k, v in (("ver", info.edition_name), ("lastupdate", info.date)) if v}
    if not identity:
        return data
    rest = {k: v for k, v in data.items() if k not in identity}
    head = {k: rest.pop(k) for k in list(rest)[:1] if k == "id"}
    return {**head, **identity, **rest}
