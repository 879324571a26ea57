"""`bpscript fmt [--check] PATH…`: rewrite .bps files in the canonical layout.

Exit 0: every file is (now) formatted. Exit 1: with `--check`, some file would change;
or some file could not be read or parsed (it is left untouched, with its diagnostics).
Files are replaced atomically and only when their text changes.
"""

from __future__ import annotations

import sys

from ..write.single import OutputError, write_atomically
from .common import missing_paths, print_diagnostics


def register(sub) -> None:
    f = sub.add_parser("fmt", help="format .bps files in the canonical layout",
                       description="Rewrite .bps files in the canonical layout (docs/formatting.md). "
                                   "A file that does not parse is left untouched and reported. "
                                   "Exit 0 formatted, 1 a file would change (--check) or cannot be parsed.")
    f.add_argument("paths", nargs="+", metavar="PATH", help="files or directories of .bps files")
    f.add_argument("--check", action="store_true",
                   help="write nothing; list the files that would change and exit 1 if there are any")
    f.set_defaults(func=run)


def run(args) -> int:
    from ..load.loader import display_path, find_files, not_utf8
    from ..syntax.format import FormatError, format_text
    if missing_paths(args.paths):
        return 2
    files, missing = find_files(args.paths)
    if missing:  # a link to a file outside a directory given, or a path gone since
        print_diagnostics(missing, {}, stream=sys.stderr)
        return 2
    if not files:
        print("error: no .bps files found", file=sys.stderr)
        return 2
    changed: list[str] = []
    failed = 0
    for path in files:
        name = display_path(path)
        try:
            data = path.read_bytes()
            old = data.decode("utf-8")
        except OSError as err:
            print(f"{name}: cannot read: {err.strerror}; left untouched", file=sys.stderr)
            failed += 1
            continue
        except UnicodeDecodeError as err:
            print_diagnostics([not_utf8(name, data, err)], {name: data.decode("utf-8", "replace")}, stream=sys.stderr)
            print(f"{name}: not UTF-8 text; left untouched", file=sys.stderr)
            failed += 1
            continue
        try:
            new = format_text(old, name)
        except FormatError as err:
            print_diagnostics(err.diagnostics, {name: old}, stream=sys.stderr)
            print(f"{name}: {err}; left untouched", file=sys.stderr)
            failed += 1
            continue
        if new == old:
            continue
        changed.append(name)
        if args.check:
            print(f"would reformat {name}")
        else:
            try:
                write_atomically(path, new.encode("utf-8"))
            except OutputError as err:  # a full disk: the file keeps its old text
                print(f"{name}: {err}; left untouched", file=sys.stderr)
                failed += 1
                continue
            print(f"reformatted {name}")
    verb = "would be reformatted" if args.check else "reformatted"
    unchanged = len(files) - len(changed) - failed
    tail = f", {failed} could not be parsed" if failed else ""
    print(f"{len(changed)} file(s) {verb}, {unchanged} already formatted{tail}", file=sys.stderr)
    return 1 if failed or (args.check and changed) else 0
