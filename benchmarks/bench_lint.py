"""Lint time: the official rules (stdlib + frames), and a generated homebrew package of
10,000 scripts. Loading (parse + resolve + type check) is timed apart from linting; the
goal is 10,000 scripts linted in under 2 s after parsing.

    python benchmarks/bench_lint.py [--scripts 10000] [--repeat 3] [--keep DIR]

The generated scripts are fan-made in style: actions of every header, with costs, key
card conditions, targets and structured effects (damage, draw, sizes, summons), a few
triggered ones, characters with unit conditions and fogs, spread over the four formats
and two homebrew frames. They break the guidelines about as often as a careless author
would, so every rule has work to do.
"""

from __future__ import annotations

import argparse
import random
import shutil
import tempfile
import time
from pathlib import Path

from bpscript.lint import lint_result
from bpscript.lint.cardsets import clear_caches
from bpscript.load.loader import base_files, load

SUITS = "♠♡♢♣"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
FORMATS = ["lite", "std", "pro", "mast"]
HEADERS = ["@直接-通常-メイン", "@直接-通常-クイック", "@直接-即時-メイン", "@直接-即時-クイック",
           "@誘発-即時-クイック", "@誘発-通常-クイック", "@誘発-通常-メイン"]
HEADER_WEIGHTS = [40, 30, 8, 12, 7, 2, 1]
EVENTS = ["resolved(end)", "resolved(attack)", "requested(end)", "resolved(summonsSoldier)",
          "moved(from=field, to=grave, who=me) each", "added_to_stage(end)", "discarded(who=opponent)"]


def rank_range(rng: random.Random) -> str:
    a = rng.randrange(0, 13)
    b = rng.randrange(a, 13)
    return RANKS[a] if a == b else f"{RANKS[a]}〜{RANKS[b]}"


def card_condition(rng: random.Random) -> str:
    r = rng.random()
    suit = rng.choice(SUITS)
    if r < 0.45:
        return f"{suit}{rank_range(rng)}"
    if r < 0.7:
        return f"{suit}{rank_range(rng)} と {rng.choice(SUITS)}{rank_range(rng)}"
    if r < 0.85:
        return f"{suit}A〜10 を {rng.choice([2, 2, 3])}枚"
    if r < 0.92:
        return "同じスートを2枚"
    if r < 0.96:
        return "同じ数字を2枚"
    return "Joker"


def effect(rng: random.Random, target: str | None) -> str:
    who = "target" if target in ("opponent", "player") else "opponent"
    options = [
        f"damage({who}, {rng.choice([1, 2, 3, 5])})",
        f"damage({who}, key.number)",
        "draw(me)",
        f"draw(me, {rng.choice([1, 2])})",
        "discard(opponent)",
    ]
    if target in ("soldier", "character"):
        options += [f"add_size(target, {rng.choice([1, 2, 3, -2])}, until=end_of_turn)",
                    "move(target, to=grave)", "set_state(target, driven)"]
    stmts = rng.sample(options, k=rng.choice([1, 1, 2]))
    if rng.random() < 0.15:
        stmts = [f"if is_turn_player(me) {{\n      {stmts[0]}\n    }}"] + stmts[1:]
    return "\n    ".join(stmts)


def action(rng: random.Random, i: int) -> str:
    header = rng.choices(HEADERS, HEADER_WEIGHTS)[0]
    cost = rng.choice(["", "", "$D", "$L", "$B", "$BL", "$BB", "$DD"])
    key = "" if rng.random() < 0.2 else "★" + card_condition(rng)
    lines = [f'action gen{i} "生成{i}" (通常魔法) {{', f"  {header} {cost} {key}".rstrip()]
    if header.startswith("@誘発"):
        guard = rng.choice([" when is_turn_player(me)", " when is_turn_player(me)", ""])
        lines.append(f'  trigger: "誘発条件{i}" on {rng.choice(EVENTS)}{guard}')
    elif rng.random() < 0.2:
        lines.append('  activation: "1ターンに1回まで" when once_per_turn()')
    target = rng.choice([None, None, "soldier", "character", "opponent", "player", "bulwark"])
    if target is not None:
        count = rng.choices(["", " 2", " any"], [90, 6, 4])[0]
        lines.append(f"  target: {target}{count}")
    if rng.random() < 0.8:
        lines.append(f'  effect: "効果{i}" {{\n    {effect(rng, target)}\n  }}')
    else:
        lines.append(f'  effect: "効果{i}（テキストのみ）"')
    if rng.random() < 0.03:
        lines.append('  allow G3 "ターン構造のため"')
    if rng.random() < 0.15:
        lines.append(f"  frames: {rng.choice(['genA', 'genB'])}")
    else:
        lines.append("  formats: " + " ".join(rng.sample(FORMATS, k=rng.randint(1, 4))))
    lines.append("}")
    return "\n".join(lines)


def character(rng: random.Random, i: int) -> str:
    r = rng.random()
    if r < 0.5:
        cond = f"{rng.choice(SUITS)}{rank_range(rng)} と {rng.choice(SUITS)}{rank_range(rng)}"
    elif r < 0.8:
        cond = f"{rng.choice(SUITS)}{rank_range(rng)}"
    else:
        cond = f"{rng.choice(SUITS)}{RANKS[rng.randrange(13)]} と {rng.choice(SUITS)}{RANKS[rng.randrange(13)]}" \
               f" と {rng.choice(SUITS)}{RANKS[rng.randrange(13)]}"
    home = (f"frames: {rng.choice(['genA', 'genB'])}" if rng.random() < 0.3
            else "formats: " + " ".join(rng.sample(FORMATS, k=rng.randint(1, 2))))
    return (f'character genc{i} "生成兵{i}" (兵士) {{\n  ☆{cond}\n  size: {rng.randint(1, 20)}\n'
            f"  labels: <アタッカー> <ブロッカー>\n  {home}\n}}")


def fog(rng: random.Random, i: int) -> str:
    return (f'fog genf{i} "生成霧{i}" (滞留魔法) {{\n  ☆{rng.choice(SUITS)}{rank_range(rng)}\n'
            f'  ability: "能力{i}" scope this\n  formats: {rng.choice(FORMATS)}\n}}')


FRAMES = '''
frame genA "生成フレームA" {
  formats: std pro
  deck: "40枚以上" { min 40 }
  zones: life grave field hand fog pack
  setup: "3.9.1 共通手順：プリセット配置、3.9.2 共通手順：先攻決定、3.9.3 共通手順：ゲーム開始" {
    choose_hand 2, shuffle, pack 14, life, hand 7, preset, decide_first, start
  }
}

frame genB "生成フレームB" {
  formats: mast
  deck: "40枚以上" { min 40 }
  zones: life grave field hand fog pack rare
  setup: "3.9.1 共通手順：プリセット配置、3.9.2 共通手順：先攻決定、3.9.3 共通手順：ゲーム開始" {
    choose_hand 3, rare 1, shuffle, pack 14, life, hand 7, preset, decide_first, start
  }
}
'''


def generate(directory: Path, n: int, seed: int = 8) -> None:
    rng = random.Random(seed)
    directory.mkdir(parents=True, exist_ok=True)
    per_file = 100
    for f in range(0, n, per_file):
        items = ['extends "blackpoker-8.2"']
        if f == 0:
            items.append(FRAMES)
        for i in range(f, min(f + per_file, n)):
            r = rng.random()
            items.append(action(rng, i) if r < 0.93 else character(rng, i) if r < 0.97 else fog(rng, i))
        (directory / f"gen{f // per_file:03d}.bps").write_text("\n\n".join(items) + "\n", encoding="utf-8")


def timed(fn, repeat: int):
    """Best of `repeat` runs, each cold: the linter's caches are cleared first."""
    best, result = float("inf"), None
    for _ in range(repeat):
        clear_caches()
        t = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t)
    return best, result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scripts", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--keep", metavar="DIR", help="write the generated package here and keep it")
    args = ap.parse_args()

    files = base_files()
    t_load, official = timed(lambda: load(files), args.repeat)
    t_lint, rep = timed(lambda: lint_result(official), args.repeat)
    n_off = sum(len(rs.scripts) for _, rs in official.rulesets)
    print(f"official (stdlib + frames): {n_off} scripts, {len(files)} files")
    print(f"  load (parse + resolve + check): {t_load * 1000:8.1f} ms")
    print(f"  lint:                           {t_lint * 1000:8.1f} ms   "
          f"({len(rep.findings)} findings, {len(rep.suppressed)} suppressed)")

    tmp = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="bench_lint_"))
    pkg = tmp / "generated"
    try:
        generate(pkg, args.scripts)
        t_load, gen = timed(lambda: load([pkg]), 1)
        t_lint, rep = timed(lambda: lint_result(gen), args.repeat)
        by_code: dict[str, int] = {}
        for f in rep.findings:
            key = f.code if not f.code.startswith("E") else "E…"
            by_code[key] = by_code.get(key, 0) + 1
        print(f"generated package: {rep.scripts} scripts of its own (+ the official base), "
              f"{len(list(pkg.glob('*.bps')))} files")
        print(f"  load (parse + resolve + check): {t_load * 1000:8.1f} ms")
        print(f"  lint:                           {t_lint * 1000:8.1f} ms   (goal < 2000 ms)")
        print("  findings: " + ", ".join(f"{k} {v}" for k, v in sorted(by_code.items())))
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
