"""`bpscript import OFFICIAL.yaml… [--out DIR] [--ruleset NAME] [--force]`: the official
act.yaml and act-frame.yaml as one package of `.bps`.

(The module is `import_` because `import` is a Python keyword; the command is `import`.)
"""

from __future__ import annotations

import sys
from pathlib import Path

from .common import missing_paths, print_diagnostics


def register(sub) -> None:
    p = sub.add_parser("import", help="turn the official act.yaml / act-frame.yaml into .bps files",
                       description="Read the official generator's data (act.yaml, act-frame.yaml: data, actList, "
                                   "charList, fogList, trumpList, trumpData) and write it as one package of .bps "
                                   "files that passes `bpscript check`. Headers, costs and key / unit conditions "
                                   "are typed; effects and conditions come in as text (`check --coverage` lists "
                                   "them as unstructured). Entries that cannot be read are left out and reported.")
    p.add_argument("paths", nargs="+", metavar="OFFICIAL.yaml", help="the official data file(s): one package")
    p.add_argument("--out", metavar="DIR", help="output directory (default: the first file's name without .yaml)")
    p.add_argument("--ruleset", metavar="NAME",
                   help="the bundled edition whose words the data uses (default: the one data.ver names)")
    p.add_argument("--force", action="store_true", help="overwrite files that already exist in DIR")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..load.catalog import catalog
    from ..diagnostics import Diagnostic
    from ..load.loader import display_path
    from ..official.package import import_official
    from ..write.single import OutputError, write_atomically
    from ..load.paths import NotReadable, read_regular
    from ..source import Span
    if missing_paths(args.paths):
        return 2
    if args.ruleset and args.ruleset not in catalog():
        print(f"error: unknown ruleset '{args.ruleset}' (bundled: {', '.join(catalog())})", file=sys.stderr)
        return 2
    sources: dict[str, str] = {}
    for path in args.paths:
        shown = display_path(Path(path))
        try:
            sources[shown] = read_regular(Path(path)).decode("utf-8")
        except (NotReadable, UnicodeDecodeError) as err:
            reason = str(err) if isinstance(err, NotReadable) else f"not UTF-8 ({err.reason} at byte {err.start})"
            print_diagnostics([Diagnostic("E600", f"cannot read {shown}: {reason}", Span(shown, 1, 1, 1, 2))], {},
                              stream=sys.stderr)
            return 1
        print(f"importing {shown} …", file=sys.stderr, flush=True)
    result = import_official(list(sources.items()), args.ruleset)
    out_dir = Path(args.out) if args.out else Path(Path(args.paths[0]).stem)
    outputs = result.outputs()
    existing = [name for name in outputs if (out_dir / name).exists()]
    diags = list(result.diagnostics)
    blocked = False
    if out_dir.exists() and not out_dir.is_dir():
        diags.append(Diagnostic("E610", f"{out_dir} is not a directory; nothing was written",
                                Span(str(out_dir), 1, 1, 1, 2), fix="choose another --out"))
        existing, blocked = [], True
    if existing and not args.force:
        blocked = True
        for name in existing:
            diags.append(Diagnostic("E610", f"{out_dir / name} exists; nothing was written",
                                    Span(str(out_dir / name), 1, 1, 1, 2), fix="choose another --out, or --force"))
    print_diagnostics(diags, sources, stream=sys.stderr)
    errors = [d for d in diags if d.severity.value == "error"]
    if blocked or not outputs:
        print(_tally(diags) + "; nothing was written", file=sys.stderr)
        return 1
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        for name, text in outputs.items():
            write_atomically(out_dir / name, text)
    except (OSError, OutputError) as err:
        why = err.strerror if isinstance(err, OSError) else str(err)
        print_diagnostics([Diagnostic("E610", f"cannot write into {out_dir}: {why}",
                                      Span(str(out_dir), 1, 1, 1, 2))], {}, stream=sys.stderr)
        return 1
    kinds: dict[str, int] = {}
    for e in result.entries:
        kinds[e.kind] = kinds.get(e.kind, 0) + 1
    counts = ", ".join(f"{n} {k}(s)" for k, n in kinds.items()) or "no entries"
    print(f"imported {counts} with the words of {result.ruleset} into {out_dir}/ ({', '.join(outputs)})")
    if result.left_out:
        print(f"import: a partial package: {result.left_out} entr{'y' if result.left_out == 1 else 'ies'} "
              "left out (see the errors above)", file=sys.stderr)
    if diags:
        print(_tally(diags), file=sys.stderr)
    return 1 if errors else 0


def _tally(diags) -> str:
    errors = sum(d.severity.value == "error" for d in diags)
    return f"import: {errors} error(s), {len(diags) - errors} warning(s)"
