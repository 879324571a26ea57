"""File-system faults (issue 27, docs/guarantees.md): a full disk (ENOSPC), a file over
the size limit (EFBIG), a permission refused (EACCES), an I/O error (EIO) at any one of
the file operations a command makes, and links and loops in a package or in `--out`.

CI runs as root, where a `chmod` fault never fires: faults are injected, by patching the
calls bpscript writes through (`open` for writing, `os.open`, `os.write`, `os.fsync`,
`os.replace`, `os.rename`, `os.mkdir`, `tempfile.mkstemp`/`mkdtemp`), and by RLIMIT_FSIZE
in a subprocess (a real EFBIG from the kernel). Whatever fails, the command exits 0, 1 or
2 without a traceback (the harness checks), the target holds its old content or the
complete new one, no temporary file is left beside it, and nothing outside the output
place changes.
"""

from __future__ import annotations

import builtins
import contextlib
import errno
import io
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from fuzzing import ROOT, cli, settings_for

EXAMPLE = ROOT / "frames" / "homebrew-example"
OFFICIAL = ROOT / "tests" / "data" / "official" / "act-8.2.yaml"
FAULTS = (errno.ENOSPC, errno.EFBIG, errno.EACCES, errno.EIO)
#: the commands that write, each with the one file or directory it writes ({out})
WRITERS = {
    "export": ["export", "--json", "-o", "{out}"],
    "diff": ["diff", "blackpoker-8.2", "blackpoker-9.0", "--format", "markdown", "-o", "{out}"],
    "simulate --log": ["simulate", "--games", "2", "--force", "--log", "{out}"],
    "import": ["import", str(OFFICIAL), "--out", "{out}", "--force"],
    "build": ["build", str(EXAMPLE), "--only", "json,csv", "--out", "{out}"],
}


class _Faults:
    """Fail the `at`-th file operation (counted over every patched call) with `code`."""

    def __init__(self, at: int, code: int):
        self.at, self.code, self.seen = at, code, 0

    def tick(self, what: object = None) -> None:
        self.seen += 1
        if self.seen == self.at:
            raise OSError(self.code, os.strerror(self.code), None if what is None else str(what))

    @contextlib.contextmanager
    def installed(self):
        real = {"open": builtins.open, "io_open": io.open, "os_open": os.open, "write": os.write,
                "fsync": os.fsync, "replace": os.replace, "rename": os.rename, "mkdir": os.mkdir,
                "mkstemp": tempfile.mkstemp, "mkdtemp": tempfile.mkdtemp}

        def opener(name):
            def patched(file, mode="r", *a, **kw):
                if isinstance(mode, str) and any(c in mode for c in "wax+"):
                    self.tick(file)
                return real[name](file, mode, *a, **kw)
            return patched

        def os_open(path, flags, *a, **kw):
            if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
                self.tick(path)
            return real["os_open"](path, flags, *a, **kw)

        def counted(name):
            def patched(*a, **kw):
                self.tick(a[0] if a else None)
                return real[name](*a, **kw)
            return patched

        patches = [(builtins, "open", opener("open")), (io, "open", opener("io_open")), (os, "open", os_open)]
        patches += [(os, n, counted(n)) for n in ("write", "fsync", "replace", "rename", "mkdir")]
        patches += [(tempfile, n, counted(n)) for n in ("mkstemp", "mkdtemp")]
        try:
            for module, name, value in patches:
                setattr(module, name, value)
            yield self
        finally:
            builtins.open, io.open, os.open = real["open"], real["io_open"], real["os_open"]
            for n in ("write", "fsync", "replace", "rename", "mkdir"):
                setattr(os, n, real[n])
            tempfile.mkstemp, tempfile.mkdtemp = real["mkstemp"], real["mkdtemp"]


def _snapshot(root: Path) -> dict[str, bytes | str]:
    """Every entry under `root`, links not followed: a file's bytes, a link's target."""
    out: dict[str, bytes | str] = {}
    for dirpath, dirs, files in os.walk(root):
        for name in dirs + files:
            p = Path(dirpath) / name
            rel = p.relative_to(root).as_posix()
            out[rel] = f"-> {os.readlink(p)}" if p.is_symlink() else p.read_bytes() if p.is_file() else "dir"
    return out


def _files(snapshot: dict[str, bytes | str]) -> dict[str, bytes | str]:
    return {k: v for k, v in snapshot.items() if v != "dir"}


_CLEAN: dict[str, dict[str, bytes | str]] = {}


def _clean_output(name: str) -> dict[str, bytes | str]:
    """What the command writes when nothing fails (computed once per command)."""
    if name not in _CLEAN:
        with tempfile.TemporaryDirectory() as d:
            out = Path(d) / "target"
            cli("--no-cache", *(a.format(out=out) for a in WRITERS[name]))
            _CLEAN[name] = _snapshot(Path(d))
    return _CLEAN[name]


@settings_for(120)
@given(st.sampled_from(sorted(WRITERS)), st.integers(1, 40), st.sampled_from(FAULTS))
def test_a_fault_at_any_file_operation_keeps_the_old_output_or_the_new(tmp_path_factory, name, at, code):
    root = tmp_path_factory.mktemp("fs")
    out = root / "target"
    old: dict[str, bytes | str] = {}
    if name in ("export", "diff", "simulate --log"):
        out.write_bytes(b"an older output\n")
        old = _snapshot(root)
    new = _clean_output(name)
    with _Faults(at, code).installed() as faults:
        exit_code, _, err = cli("--no-cache", *(a.format(out=out) for a in WRITERS[name]))
    after = _snapshot(root)
    if faults.seen < at or exit_code == 0:  # nothing failed, or a failure of no consequence (a directory's fsync)
        assert exit_code == 0 and after == new, err[-2000:]
        return
    assert exit_code in (1, 2), err[-2000:]
    if name == "build":  # the package's directory: absent (there was none), or complete
        assert _files(after) in ({}, _files(new)), sorted(after)
    elif name == "import":  # file by file: each complete, none half-written, no temporary file left
        assert all(after[p] == new.get(p) for p in after if p in new and p.endswith(".bps") and after[p] != "dir"), \
            [p for p in after if p in new and after[p] != new.get(p)]
        assert not [p for p in after if p.endswith(".tmp")]
    else:
        assert after in (old, new), sorted(after)


EFBIG = """
import resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
from bpscript.cli import main
sys.exit(main(sys.argv[2:]))
"""


@settings_for(8)
@given(st.sampled_from(["export", "diff", "build"]), st.integers(0, 200_000))
def test_a_real_file_size_limit_is_one_line_and_keeps_the_old_output(tmp_path_factory, name, limit):
    """RLIMIT_FSIZE: the kernel itself refuses the write past `limit` bytes (EFBIG)."""
    root = tmp_path_factory.mktemp("fsize")
    out = root / "target"
    if name != "build":
        out.write_bytes(b"an older output\n")
    old = _snapshot(root)
    argv = ["--no-cache", *(a.format(out=out) for a in WRITERS[name])]
    proc = subprocess.run([sys.executable, "-c", EFBIG, str(limit), *argv], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=600)
    assert "Traceback" not in proc.stderr, proc.stderr[-3000:]
    after = _snapshot(root)
    if proc.returncode == 0:
        assert _files(after) == _files(_clean_output(name))
    else:
        assert proc.returncode == 2 and proc.stderr.splitlines()[-1].endswith("File too large"), proc.stderr[-2000:]
        assert _files(after) == _files(old), sorted(after)  # `--out` itself may have been made


LINKS = ["outside-file", "outside-dir", "loop", "dangling", "self-dir"]


def _link(at: Path, kind: str, victim: Path) -> None:
    try:
        at.parent.mkdir(parents=True, exist_ok=True)
    except OSError:  # its parent is a link made before, to a file or round a loop
        return
    if at.exists() or at.is_symlink() or not os.path.isdir(at.parent):
        return
    target = {"outside-file": victim / "secret.txt", "outside-dir": victim, "loop": at.name,
              "dangling": at.parent / "nowhere", "self-dir": at.parent}[kind]
    at.symlink_to(target)


@settings_for(200)
@given(st.lists(st.tuples(st.sampled_from(["pkg/x.bps", "pkg/sub", "pkg/sub/y.bps", "pkg/z.bps",
                                           "out/homebrew-example", "out/homebrew-example/json",
                                           "out/homebrew-example/json/ruleset.json", "out/html", "out/MANIFEST"]),
                          st.sampled_from(LINKS)), max_size=4),
       st.sampled_from(["check", "lint --no-engine", "build", "export"]))
def test_links_and_loops_in_a_package_or_its_output(tmp_path_factory, links, command):
    root = tmp_path_factory.mktemp("links")
    victim = root / "victim"
    victim.mkdir()
    (victim / "secret.txt").write_text("secret")
    pkg, out = root / "pkg", root / "out"
    pkg.mkdir()
    (pkg / "frame.bps").write_text((EXAMPLE / "frame.bps").read_text("utf-8"), "utf-8")
    out.mkdir()
    for where, kind in links:
        _link(root / where, kind, victim)
    before = _snapshot(victim)
    extra = ["--only", "json", "--out", out] if command == "build" else []
    code, stdout, stderr = cli("--no-cache", *command.split(), pkg, *extra)
    assert _snapshot(victim) == before
    assert "secret" not in stdout + stderr.replace("secret.txt", "")
