"""The error path and a large package: does checking cost grow linearly with the input?

Prints two figures (issue 13, "linear cost"):

- the time `bpscript check` takes on a homebrew package of 2,000 broken scripts and of
  4,000 (one file each; every script has a syntax or a resolve error), and their ratio
  (goal: < 2.2);
- the time and peak memory of `bpscript check` on a package of about 5 MB of valid
  scripts (about 23,000 scripts in files of 100; goal: < 10 s and < 500 MB), cold
  (`--no-cache`) and then warm (a second run, read from the cache of loaded rules).

Each figure is one `bpscript check` in a fresh process (as a user runs it), best of
--repeat; the peak memory is that process's maximum resident set size, and that of its
largest parse worker when it started any (`--parse-jobs K`, passed on to `check` for the
5 MB package: the default, like the command's, is one process).

    python benchmarks/bench_errors.py [--repeat 3] [--sizes 1000,2000,4000] [--parse-jobs K]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

GOOD = """action fine{n} "正常{n}" (通常魔法) {{
  @直接-通常-メイン $B ★♠A〜K
  effect: "カードを1枚引く。その後、手札を1枚捨てる。" {{
    draw(me)
    discard(me, 1)
  }}
  formats: lite
  since: v8.0
}}

"""
# every other broken script is a syntax error (a field without ':'), the rest a resolve error
BROKEN = ["""action broken{n} "壊れた{n}" (通常魔法) {{
  @直接-通常-メイン $B ★♠A〜K
  effect "カードを1枚引く。" {{
    draw(me)
  }}
  formats: lite
}}

""", """action broken{n} "壊れた{n}" (通常魔法) {{
  @直接-通上-メイン $B ★♠A〜K
  effect: "カードを1枚引く。" {{
    draw(me)
  }}
  formats: lite
}}

"""]


def broken_package(where: Path, scripts: int) -> Path:
    where.mkdir(parents=True)
    text = 'extends "blackpoker-8.2"\n\n' + "".join(BROKEN[n % 2].format(n=n) for n in range(scripts))
    (where / "broken.bps").write_text(text, encoding="utf-8")
    return where


def large_package(where: Path, megabytes: float = 5.0, per_file: int = 100) -> tuple[Path, int]:
    """A package of valid scripts of about `megabytes`, `per_file` scripts per file."""
    where.mkdir(parents=True)
    size = n = 0
    while size < megabytes * 1_000_000:
        text = 'extends "blackpoker-8.2"\n\n' + "".join(GOOD.format(n=i) for i in range(n, n + per_file))
        data = text.encode("utf-8")
        (where / f"part{n // per_file:04d}.bps").write_bytes(data)
        size += len(data)
        n += per_file
    return where, n


def check(path: Path, cache: str | None = None, jobs: int = 1) -> tuple[float, float, int, float]:
    """(seconds, peak resident MB, exit code, peak MB of its largest worker process) of one
    `bpscript check PATH` in a fresh process; with `cache` (a directory) it uses the cache
    of loaded rules there instead of `--no-cache`."""
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    options = ["--no-cache"]
    if cache is not None:
        env["BPSCRIPT_CACHE_DIR"], options = cache, []
    options += ["--parse-jobs", str(jobs)]
    code = ("import resource, sys, time\n"
            "from bpscript.cli import main\n"
            "t = time.perf_counter()\n"
            f"rc = main([*{options!r}, 'check', {str(path)!r}])\n"
            "sys.stderr.write(f'\\n@@ {time.perf_counter() - t} "
            "{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss} {rc} "
            "{resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}\\n')\n")
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=ROOT)
    last = [l for l in proc.stderr.splitlines() if l.startswith("@@ ")]
    if not last:
        raise SystemExit(f"check failed:\n{proc.stderr[-2000:]}")
    seconds, rss, rc, workers = last[-1].split()[1:]
    return float(seconds), int(rss) / 1024, int(rc), int(workers) / 1024


def best(path: Path, repeat: int, cache: str | None = None, jobs: int = 1) -> tuple[float, float, int, float]:
    runs = [check(path, cache, jobs) for _ in range(repeat)]
    return min(r[0] for r in runs), max(r[1] for r in runs), runs[0][2], max(r[3] for r in runs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--sizes", default="2000,4000", help="numbers of broken scripts (default 2000,4000)")
    ap.add_argument("--megabytes", type=float, default=5.0)
    ap.add_argument("--parse-jobs", type=int, default=1, metavar="K",
                    help="processes that parse the 5 MB package (check's --parse-jobs; default 1)")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory(prefix="bench-errors-") as tmp:
        times = {}
        for n in sizes:
            seconds, mb, rc, _ = best(broken_package(Path(tmp) / f"broken{n}", n), args.repeat)
            times[n] = seconds
            print(f"{n:>6} broken scripts: {seconds:6.2f} s  (peak {mb:.0f} MB, exit {rc})")
        if 2000 in times and 4000 in times:
            print(f"error path: 4,000 / 2,000 broken scripts = {times[4000] / times[2000]:.2f}x (goal < 2.2x)")
        pkg, scripts = large_package(Path(tmp) / "large", args.megabytes)
        size = sum(p.stat().st_size for p in pkg.iterdir()) / 1_000_000
        seconds, mb, rc, workers = best(pkg, args.repeat, jobs=args.parse_jobs)
        shared = f", a parse worker {workers:.0f} MB" if workers else ", no parse worker"
        print(f"{size:.1f} MB package ({scripts} scripts, {len(list(pkg.iterdir()))} files): {seconds:.2f} s, "
              f"peak {mb:.0f} MB{shared}, exit {rc} (goal < 10 s and < 500 MB; load average "
              f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")
        cache = Path(tmp) / "cache"
        check(pkg, str(cache))  # fills the cache
        seconds, mb, rc, _ = best(pkg, args.repeat, str(cache))
        print(f"  the same, warm (read from the cache of loaded rules): {seconds:.2f} s, peak {mb:.0f} MB, exit {rc}")


if __name__ == "__main__":
    main()
