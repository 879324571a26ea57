"""`bpscript import OFFICIAL.yaml [--out DIR] [--force]`: the official act.yaml as `.bps`.

(The module is `import_` because `import` is a Python keyword; the command is `import`.)
"""

from __future__ import annotations

import sys
from pathlib import Path

from .common import missing_paths, print_diagnostics


def register(sub) -> None:
    p = sub.add_parser("import", help="turn the official act.yaml into .bps files",
                       description="Read the official generator's data (act.yaml: data, actList, charList, "
                                   "fogList) and write it as .bps files that pass `bpscript check`. Headers, "
                                   "costs and key / unit conditions are typed; effects and conditions come in "
                                   "as text (`check --coverage` lists them as unstructured).")
    p.add_argument("path", metavar="OFFICIAL.yaml", help="the official data file")
    p.add_argument("--out", metavar="DIR", help="output directory (default: the file's name without .yaml)")
    p.add_argument("--force", action="store_true", help="overwrite files that already exist in DIR")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..diagnostics import Diagnostic
    from ..loader import display_path, load_official
    from ..official.package import import_official
    from ..outputs import OutputError, write_atomically
    from ..paths import NotReadable, read_regular
    from ..source import Span
    src_path = Path(args.path)
    if missing_paths([args.path]):
        return 2
    shown = display_path(src_path)
    try:
        source = read_regular(src_path).decode("utf-8")
    except (NotReadable, UnicodeDecodeError) as err:
        reason = str(err) if isinstance(err, NotReadable) else f"not UTF-8 ({err.reason} at byte {err.start})"
        print_diagnostics([Diagnostic("E600", f"cannot read {shown}: {reason}", Span(shown, 1, 1, 1, 2))], {},
                          stream=sys.stderr)
        return 1
    print(f"importing {shown} …", file=sys.stderr, flush=True)
    base = load_official()
    if base.errors:
        print_diagnostics(base.errors, base.sources, stream=sys.stderr)
        return 1
    result = import_official(shown, source, base.ruleset)
    sources = {shown: source}
    out_dir = Path(args.out) if args.out else Path(src_path.stem)
    outputs = result.outputs() if not result.errors else {}
    existing = [name for name in outputs if (out_dir / name).exists()]
    diags = list(result.diagnostics)
    if out_dir.exists() and not out_dir.is_dir():
        diags.append(Diagnostic("E610", f"{out_dir} is not a directory; nothing was written",
                                Span(str(out_dir), 1, 1, 1, 2), fix="choose another --out"))
        existing = []
    if existing and not args.force:
        for name in existing:
            diags.append(Diagnostic("E610", f"{out_dir / name} exists; nothing was written",
                                    Span(str(out_dir / name), 1, 1, 1, 2), fix="choose another --out, or --force"))
    print_diagnostics(diags, sources, stream=sys.stderr)
    errors = [d for d in diags if d.severity.value == "error"]
    if errors:
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
    for e in result.imported.entries:
        kinds[e.kind] = kinds.get(e.kind, 0) + 1
    counts = ", ".join(f"{n} {k}(s)" for k, n in kinds.items())
    print(f"imported {counts} into {out_dir}/ ({', '.join(outputs)})")
    if diags:
        print(_tally(diags), file=sys.stderr)
    return 0


def _tally(diags) -> str:
    errors = sum(d.severity.value == "error" for d in diags)
    return f"import: {errors} error(s), {len(diags) - errors} warning(s)"
