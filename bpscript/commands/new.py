"""`bpscript new frame NAME`: a homebrew frame to start from — a deck, one action, one
character and a test — that passes `check` and `lint` as it is.

The words it writes (types, labels, the 3.9 procedures its setup cites) are the base
ruleset's: the labels are the ones its vocabulary gives the roles attack and block.
Nothing is overwritten: an existing file stops the command.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from ..write.single import write_atomically

IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def register(sub) -> None:
    n = sub.add_parser("new", help="start a homebrew frame from a working example",
                       description="Write a homebrew package: a frame (deck and setup), one action, one character "
                                   "and a test, on a bundled ruleset. It passes `bpscript check` and `bpscript lint` "
                                   "as written; change it from there.")
    n.add_argument("what", choices=["frame"], help="what to create (a frame)")
    n.add_argument("name", metavar="NAME", help="the frame's id, e.g. myFrame (letters, digits, _)")
    n.add_argument("--title", metavar="TEXT", help="the frame's printed name (default: NAME)")
    n.add_argument("--dir", metavar="DIR", help="the directory to create (default: NAME)")
    n.add_argument("--ruleset", metavar="NAME", help="the bundled ruleset it extends (default blackpoker-8.2)")
    n.set_defaults(func=run)


def run(args) -> int:
    from ..load.catalog import DEFAULT
    from ..load.loader import UnknownRuleset, load_bundled
    if not IDENT.match(args.name):
        print(f"error: '{args.name}' is not an id: use letters, digits and _, starting with a letter "
              f"(e.g. myFrame)", file=sys.stderr)
        return 2
    if args.title is not None and (not args.title.strip() or any(ch < " " or ch == "\x7f" for ch in args.title)):
        print("error: --title must be one line of printable text", file=sys.stderr)
        return 2
    base = args.ruleset or DEFAULT
    try:
        rs = load_bundled(base).ruleset
    except UnknownRuleset as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    target = Path(args.dir or args.name)
    files = {target / "frame.bps": frame_source(rs, base, args.name, args.title or args.name),
             target / f"test_{args.name}.py": test_source(args.name)}
    existing = [p for p in files if p.exists()]
    if existing:
        print(f"error: {existing[0]} exists; nothing was written (choose another --dir)", file=sys.stderr)
        return 2
    target.mkdir(parents=True, exist_ok=True)
    for path, text in files.items():
        write_atomically(path, text)
        print(f"wrote {path}")
    print(f"\nnext: bpscript check {target} && bpscript lint {target} && "
          f"bpscript simulate {target} --frame {args.name} --games 100", file=sys.stderr)
    return 0


def _label(rs, role: str) -> str:
    found = next((l for l in rs.vocabulary.labels if role in l.roles), None)
    if found is None:
        raise SystemExit(f"error: the ruleset {rs.info.name} declares no label with the role {role}")
    return found.name


def _type(rs, ident: str, kind: str) -> str:
    found = rs.vocabulary.types.get(ident)
    if found is None or found.kind != kind:
        raise SystemExit(f"error: the ruleset {rs.info.name} has no {kind} type '{ident}'")
    return found.name


def _cited(rs, number: str) -> str:
    """The name of the supplement `number` (3.9.1 …) as the ruleset declares it, for the setup text."""
    return next((n.name for n in rs.supplements.values() if n.name.startswith(number + " ")), number)


def frame_source(rs, base: str, name: str, title: str) -> str:
    attack, block = _label(rs, "attack"), _label(rs, "block")
    summon, soldier = _type(rs, "summon", "action"), _type(rs, "soldier", "character")
    fmt = "lite" if "lite" in rs.formats else next(iter(rs.formats))
    zones = " ".join(z for z in ("life", "grave", "field", "hand", "fog") if z in rs.vocabulary.zones)
    preset, first, start = (_cited(rs, n) for n in ("3.9.1", "3.9.2", "3.9.3"))
    quoted = title.replace("\\", "\\\\").replace('"', '\\"')
    return f'''# A homebrew frame: 「{title}」. Written by `bpscript new frame {name}`; change anything.
#
# `extends` builds it on the bundled rules {base}: every official script is there, and
# this file adds a frame, one action and one character (see docs/tutorial.md).

extends "{base}"

frame {name} "{quoted}" {{
  formats: {fmt}
  deck: """
    次のカードのみで構成された20枚のデッキを使う
    ・♠A〜5
    ・♡A〜5
    ・♢A〜5
    ・♣A〜5
  """ {{
    cards ♠A ♠2 ♠3 ♠4 ♠5
    cards ♡A ♡2 ♡3 ♡4 ♡5
    cards ♢A ♢2 ♢3 ♢4 ♢5
    cards ♣A ♣2 ♣3 ♣4 ♣5
  }}
  zones: {zones}
  setup: """
    1. デッキをシャッフルする。
    2. デッキをライフとし、配置図の場所に伏せておく。
    3. ライフの一番上のカード7枚引き手札とする。
    4. {preset} に従ってプリセットする。
    5. {first} に従って先攻プレイヤーを決定する。
    6. {start} に従ってゲームを開始する。
  """ {{
    shuffle
    life
    hand 7
    preset
    decide_first
    start
  }}
}}

# Two cards of the same number come onto the field together as one character.
action {name}Twins "双子召喚" ({summon}) {{
  @直接-通常-メイン $BL ★同じ数字を2枚
  effect: "キーカードを双子兵として表向きかつチャージ状態で場に出す。" {{
    summon(key, as={name}Twin, face=face_up, state=charged)
  }}
  frames: {name}
}}

character {name}Twin "双子兵" ({soldier}) {{
  ☆同じ数字を2枚
  size: "ユニットカードの数字の合計" = unit.total
  labels: <{attack}> <{block}>
  frames: {name}
}}
'''


def test_source(name: str) -> str:
    return f'''"""Tests of the frame {name}: run them with `python3 test_{name}.py` (no pytest
needed), or with `python -m pytest` where pytest is installed.

They drive bpscript as you do, through its command line: the bpscript of this Python
when it has one (a virtual environment, an editable install), else the `bpscript`
command on the PATH (pipx).
"""

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def bpscript(*args):
    if importlib.util.find_spec("bpscript") is not None:
        command = [sys.executable, "-m", "bpscript"]
    elif shutil.which("bpscript"):
        command = [shutil.which("bpscript")]
    else:
        raise AssertionError("bpscript is neither importable here nor a command on the PATH")
    return subprocess.run([*command, *args], capture_output=True, text=True)


def test_it_checks_clean():
    result = bpscript("check", str(HERE))
    assert result.returncode == 0, result.stdout + result.stderr


def test_it_lints_clean():
    result = bpscript("lint", str(HERE))
    assert result.returncode == 0, result.stdout + result.stderr


def test_games_on_it_end_with_a_winner():
    result = bpscript("simulate", str(HERE), "--frame", "{name}", "--games", "20", "--json")
    assert result.returncode == 0, result.stderr
    stats = json.loads(result.stdout)
    assert stats["games"] == 20 and stats["ended_by_turn_limit"] < 20


if __name__ == "__main__":  # without pytest: run every test of this file, say which failed
    failed = []
    for name, test in list(globals().items()):
        if name.startswith("test_") and callable(test):
            try:
                test()
            except AssertionError as err:
                failed.append(name)
                print(f"FAILED {{name}}: {{err}}")
    tests = sum(name.startswith("test_") for name in globals())
    print(f"{{tests - len(failed)}} passed, {{len(failed)}} failed")
    sys.exit(1 if failed else 0)
'''
