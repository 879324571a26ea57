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
        from ..outputs import write_atomically
        write_atomically(args.output, text)
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def _official_yaml(args, rs) -> str | None:
    from ..backends import official_yaml as oy
    data = _data(args, rs)
    if data is None:
        return None
    doc = oy.document(rs, data)
    problems = oy.problems(doc)
    if problems:
        for p in problems:
            print(f"error: the official-yaml export breaks its schema: {p}", file=sys.stderr)
        return None
    skipped = oy.left_out(rs)
    if skipped:
        print(f"note: {len(skipped)} script(s) of no format are not part of act.yaml (frame-only scripts and "
              f"trumps): {', '.join(s.id for s in skipped[:8])}{' …' if len(skipped) > 8 else ''}", file=sys.stderr)
    return oy.dumps(doc)


def _data(args, rs) -> dict[str, str] | None:
    """The `data:` block: --data FILE, else official-data.yaml of the rules exported; `ver`
    and `lastupdate` are the ruleset's identity where it declares one (`ruleset … {
    edition_name: "第8.2版"  date: "2025/11/19" }`)."""
    import yaml

    from ..catalog import catalog
    if args.data:
        path = Path(args.data)
    elif not args.paths:
        path = catalog()[rs.info.name].directory / DATA_FILE
        if not path.is_file():
            print(f"error: the ruleset {rs.info.name} has no {DATA_FILE}: it is not the official generator's "
                  f"data; give a `data:` block with --data FILE", file=sys.stderr)
            return None
    else:
        from ..paths import within
        found = [Path(p) / DATA_FILE for p in args.paths
                 if (Path(p) / DATA_FILE).is_file() and within(Path(p) / DATA_FILE, Path(p))]
        if not found:
            print(f"error: no {DATA_FILE} next to the scripts: give the official `data:` block with --data FILE "
                  "(bpscript import writes one)", file=sys.stderr)
            return None
        path = found[0]
    from ..paths import NotReadable, read_regular
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
    data = loaded.get("data") if isinstance(loaded, dict) else None
    if not isinstance(data, dict) or any(isinstance(v, (dict, list)) for v in data.values()):
        print(f"{path}:1:1: error[E401]: expected a `data:` mapping of texts (ver, lastupdate, …)", file=sys.stderr)
        return None
    out = {str(k): "" if v is None else str(v) for k, v in data.items()}
    return _with_identity(out, rs.info)


def _with_identity(data: dict[str, str], info) -> dict[str, str]:
    """`data` with `ver` and `lastupdate` from the ruleset's declaration, after `id`."""
    identity = {k: v for k, v in (("ver", info.edition_name), ("lastupdate", info.date)) if v}
    if not identity:
        return data
    rest = {k: v for k, v in data.items() if k not in identity}
    head = {k: rest.pop(k) for k in list(rest)[:1] if k == "id"}
    return {**head, **identity, **rest}
