"""`bpscript build`: every backend's output for the official rules, as bytes by path.

Backends register a function `(ruleset) -> {relative path: bytes}`. The build is
deterministic (same input → same bytes); `--check` compares with `generated/`
without writing. A MANIFEST lists what the build owns, so stale outputs are
removed and nothing else in `generated/` is touched.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable

from .model import Ruleset

Backend = Callable[[Ruleset], dict[str, bytes]]
MANIFEST = "MANIFEST"


def backends() -> list[tuple[str, Backend]]:
    """(name, function) for every backend; PDF only where WeasyPrint is installed."""
    from .backends.html_backend import build_html
    from .backends.json_backend import build_json
    from .backends.markdown_backend import build_markdown
    from .backends.python_backend import build_python
    from .backends.csv_backend import build_csv
    from .backends.rst_backend import build_rst
    out: list[tuple[str, Backend]] = [("json", build_json), ("python", build_python), ("html", build_html),
                                      ("markdown", build_markdown), ("rst", build_rst), ("csv", build_csv)]
    try:
        from .backends.pdf_backend import build_pdf
    except ImportError:  # the optional `pdf` extra is not installed
        log("PDF skipped: WeasyPrint is not installed (pip install 'bpscript[pdf]')")
    else:
        out.append(("pdf", build_pdf))
    return out


def render_all(rs: Ruleset, only: set[str] | None = None, progress: Callable[[str], None] | None = None
               ) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    for name, fn in backends():
        if only and name not in only:
            continue
        if progress:
            progress(name)
        files.update(fn(rs))
    return dict(sorted(files.items()))


def manifest_bytes(files: dict[str, bytes]) -> bytes:
    return ("".join(f"{p}\n" for p in sorted(files))).encode("utf-8")


def diff(out_dir: Path, files: dict[str, bytes]) -> list[str]:
    """Paths that would change (added, modified or removed)."""
    changed = [p for p, data in files.items() if not (out_dir / p).is_file() or (out_dir / p).read_bytes() != data]
    old = _old_manifest(out_dir)
    changed += [p for p in old if p not in files]
    if (out_dir / MANIFEST).is_file() is False or (out_dir / MANIFEST).read_bytes() != manifest_bytes(files):
        changed.append(MANIFEST)
    return sorted(set(changed))


def _old_manifest(out_dir: Path) -> list[str]:
    m = out_dir / MANIFEST
    return m.read_text("utf-8").split() if m.is_file() else []


def write(out_dir: Path, files: dict[str, bytes]) -> list[str]:
    """Write changed files, remove the ones the previous build made and this one does not."""
    changed = diff(out_dir, files)
    for p in _old_manifest(out_dir):
        if p not in files and (out_dir / p).is_file():
            (out_dir / p).unlink()
    for p, data in files.items():
        target = out_dir / p
        if target.is_file() and target.read_bytes() == data:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    (out_dir / MANIFEST).write_bytes(manifest_bytes(files))
    return changed


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)
