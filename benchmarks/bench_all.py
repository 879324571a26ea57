"""Every figure of the speed goals, in one run, each as a ratio or a rate against its goal.

    python benchmarks/bench_all.py [--games 2000] [--greedy-games 1000] [--ray-games 20000]
                                   [--scripts 10000] [--repeat 7] [--skip ray,greedy,lint]

1. cold load + check of stdlib + frames / yaml.safe_load of the reference yaml (≤ 1.0)
2. warm load from the cache / yaml.CSafeLoader of the same yaml (≤ 1.0)
3. a 10,000-script package checked and linted, as a whole process (`bpscript lint`):
   with a cold cache, a warm cache, and --no-cache (goal < 2 s warm)
4. random ライト + エントリー20 games per second, one process (≥ 1,000)
5. the speed-up of --jobs 2 on two cores (≥ 1.8)
6. greedy against random over N games, seats alternating (≥ 70 %)
7. games per second on a local Ray runtime (the throughput a cluster multiplies)

The machine's load average is printed first and last: on a shared machine the wall-clock
figures move with it (CPU time is printed beside the one-process rate).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's bpscript, whatever is installed
sys.path.insert(0, str(ROOT / "benchmarks"))

import yaml  # noqa: E402

from bpscript.engine.kernel.rules import Rules  # noqa: E402
from bpscript.engine.players.runner import simulate  # noqa: E402
from bpscript.load.loader import base_files, load, load_official  # noqa: E402
from bpscript.syntax.parser import grammar_parser  # noqa: E402

HAS_CACHE = (ROOT / "bpscript" / "cache.py").exists()
HAS_GREEDY = (ROOT / "bpscript" / "engine" / "greedy.py").exists()
REFERENCE = [ROOT / "tests" / "data" / "blackpoker-8.2-base.yaml", ROOT / "tests" / "data" / "blackpoker-8.2-frames.yaml"]


def load_line() -> str:
    a, b, c = os.getloadavg()
    return f"load average {a:.2f} {b:.2f} {c:.2f} on {os.cpu_count()} cores"


def best_interleaved(fns, repeat: int) -> list[float]:
    best = [float("inf")] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            t = time.perf_counter()
            fn()
            best[i] = min(best[i], time.perf_counter() - t)
    return best


def yaml_load(loader) -> None:
    for p in REFERENCE:
        yaml.load(p.read_text("utf-8"), Loader=loader)


def loading(repeat: int, cache_dir: Path) -> None:
    os.environ["BPSCRIPT_CACHE_DIR"] = str(cache_dir)
    grammar_parser()
    files = base_files()
    load(files), yaml_load(yaml.SafeLoader)  # warm up
    cold, safe = best_interleaved([lambda: load(files), lambda: yaml_load(yaml.SafeLoader)], repeat)
    print(f"1. cold load + check {cold * 1000:.1f} ms / yaml.safe_load {safe * 1000:.1f} ms "
          f"= {cold / safe:.2f}  (goal ≤ 1.0)")
    if not HAS_CACHE:
        print("2. warm cache: n/a (this version has no cache)")
        return
    load(files, cache=True)  # fill the cache
    warm, csafe = best_interleaved([lambda: load(files, cache=True), lambda: yaml_load(yaml.CSafeLoader)], repeat)
    print(f"2. warm cache {warm * 1000:.1f} ms / yaml.CSafeLoader {csafe * 1000:.1f} ms "
          f"= {warm / csafe:.2f}  (goal ≤ 1.0)")


def whole_process(args: list[str], cache_dir: Path) -> float:
    env = {**os.environ, "BPSCRIPT_CACHE_DIR": str(cache_dir), "PYTHONPATH": str(ROOT)}
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "bpscript.cli", *args], env=env, cwd=ROOT,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - t


def package(scripts: int, work: Path) -> None:
    from bench_lint import generate
    pkg = work / "package"
    generate(pkg, scripts)
    cache_dir = work / "lint-cache"
    if not HAS_CACHE:
        none = whole_process(["lint", str(pkg)], cache_dir)
        print(f"3. {scripts} scripts, `bpscript lint` as a whole process: {none:.2f} s (no cache in this version)")
        return
    cold = whole_process(["lint", str(pkg)], cache_dir)
    warm = min(whole_process(["lint", str(pkg)], cache_dir) for _ in range(3))
    check = min(whole_process(["check", str(pkg)], cache_dir) for _ in range(2))
    none = whole_process(["lint", "--no-cache", str(pkg)], cache_dir)
    print(f"3. {scripts} scripts, `bpscript lint` as a whole process: warm cache {warm:.2f} s (goal < 2 s); "
          f"cold cache {cold:.2f} s; --no-cache {none:.2f} s; `bpscript check` warm {check:.2f} s")


def games(n: int) -> float:
    rs = load_official().ruleset
    Rules(rs, "lite", "entry20")  # compile once, outside the timing
    list(simulate(rs, "lite", "entry20", 20, 10**6))  # warm up
    cpu, t = time.process_time(), time.perf_counter()
    list(simulate(rs, "lite", "entry20", n, 0))
    wall, cpu = time.perf_counter() - t, time.process_time() - cpu
    print(f"4. random games, one process: {n / wall:.0f} games/s wall, {n / cpu:.0f} games/s CPU "
          f"({n} games; goal ≥ 1,000)")
    t = time.perf_counter()
    list(simulate(rs, "lite", "entry20", n, 0, jobs=2))
    two = time.perf_counter() - t
    print(f"5. --jobs 2: {n / two:.0f} games/s, speed-up {wall / two:.2f}×  (goal ≥ 1.8)")
    return n / wall


def greedy(n: int) -> None:
    if not HAS_GREEDY:
        print("6. greedy vs random: n/a (this version has no greedy agent)")
        return
    rs = load_official().ruleset
    half = n // 2
    t = time.perf_counter()
    wins = sum(r["winner"] == 0 for r in simulate(rs, "lite", "entry20", half, 0, jobs=2, agents=("greedy", "random")))
    wins += sum(r["winner"] == 1 for r in simulate(rs, "lite", "entry20", n - half, half, jobs=2,
                                                    agents=("random", "greedy")))
    elapsed = time.perf_counter() - t
    print(f"6. greedy vs random: greedy wins {wins}/{n} = {wins / n:.1%}  (goal ≥ 70 %; "
          f"{n / elapsed:.1f} games/s on 2 processes)")


def ray_rate(n: int) -> None:
    try:
        import ray  # noqa: F401
        from bpscript.engine.players import distributed  # noqa: F401
    except ImportError as e:
        print(f"7. Ray: n/a ({e})")
        return
    from functools import partial

    from bpscript.commands._load import reload
    from bpscript.engine.players.distributed import simulate_ray
    official = partial(reload, [], None, "blackpoker-8.2")
    t = time.perf_counter()
    list(simulate_ray(official, "lite", "entry20", 200, 0))  # start-up and compile, apart
    start = time.perf_counter() - t
    import ray as _ray
    _ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        list(simulate_ray(official, "lite", "entry20", 200, 0))  # workers warm
        t = time.perf_counter()
        list(simulate_ray(official, "lite", "entry20", n, 0))
        elapsed = time.perf_counter() - t
    finally:
        _ray.shutdown()
    print(f"7. Ray, local runtime ({os.cpu_count()} CPUs): {n / elapsed:.0f} games/s over {n} games "
          f"(start-up of a run: {start:.1f} s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--greedy-games", type=int, default=1000)
    ap.add_argument("--ray-games", type=int, default=20000)
    ap.add_argument("--scripts", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--skip", default="", help="comma-separated: load, lint, games, greedy, ray")
    args = ap.parse_args()
    skip = set(filter(None, args.skip.split(",")))
    print(load_line())
    work = Path(tempfile.mkdtemp(prefix="bench_all_"))
    try:
        if "load" not in skip:
            loading(args.repeat, work / "cache")
        if "lint" not in skip:
            package(args.scripts, work)
        if "games" not in skip:
            games(args.games)
        if "greedy" not in skip:
            greedy(args.greedy_games)
        if "ray" not in skip:
            ray_rate(args.ray_games)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(load_line())


if __name__ == "__main__":
    main()
