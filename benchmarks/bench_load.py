"""Time to load and check stdlib + frames, against yaml.safe_load of the two reference files.

Both run in this process, interleaved, best of N; the ratio is bpscript / yaml
(goal: ≤ 1.0). The parser is built once beforehand (as in any run after the first
file), and its one-time construction is printed separately.

    python benchmarks/bench_load.py [--repeat 7]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import yaml

from bpscript.load.loader import base_files, load
from bpscript.syntax.parser import grammar_parser

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = [ROOT / "tests" / "data" / "blackpoker-8.2-base.yaml", ROOT / "tests" / "data" / "blackpoker-8.2-frames.yaml"]


def load_yaml() -> None:
    for p in REFERENCE:
        yaml.safe_load(p.read_text("utf-8"))


def load_bps() -> None:
    result = load(base_files())
    assert not result.errors


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    t = time.perf_counter()
    grammar_parser()
    build = time.perf_counter() - t
    files = base_files()
    size = sum(p.stat().st_size for p in files)
    ysize = sum(p.stat().st_size for p in REFERENCE)
    load_bps(), load_yaml()  # warm up
    bps, yml = [], []
    for _ in range(args.repeat):
        bps.append(best(load_bps, 1))
        yml.append(best(load_yaml, 1))
    b, y = min(bps), min(yml)
    print(f"parser construction (once per process): {build * 1000:.1f} ms")
    print(f"bpscript load + check, {len(files)} files, {size / 1024:.0f} KiB: {b * 1000:.1f} ms (best of {args.repeat})")
    print(f"yaml.safe_load (SafeLoader), 2 files, {ysize / 1024:.0f} KiB: {y * 1000:.1f} ms (best of {args.repeat})")
    print(f"ratio bpscript / yaml.safe_load: {b / y:.2f} (goal ≤ 1.0)")
    print(f"ratio including parser construction: {(b + build) / y:.2f}")


if __name__ == "__main__":
    main()
