"""What the fuzz tests share: the command line run in process, and the inputs.

`cli(*argv)` calls `bpscript.cli.main` with its output captured and fails on anything
but a clean exit 0, 1 or 2: an exception escaping the command, a traceback printed, a
command running longer than `LIMIT` seconds. `settings_for(n)` gives a fuzz test `n`
examples under the `fuzz` profile (`--hypothesis-profile=fuzz`, or BPSCRIPT_FUZZ=1;
registered in tests/conftest.py) and `FEW` otherwise, so the normal suite runs a few.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from bpscript.cli import main

ROOT = Path(__file__).parents[2]
#: examples of each fuzz test in the normal suite
FEW = 3
#: seconds one command may take on one input before the fuzz test fails
LIMIT = 120
#: inputs run per command in this session (printed at the end of a fuzz run)
RUNS: Counter[str] = Counter()


def fuzzing() -> bool:
    name = getattr(settings, "get_current_profile_name", lambda: settings._current_profile)()
    return name == "fuzz"


def settings_for(examples: int) -> settings:
    """`examples` (a share of the fuzz profile's 10,000) when fuzzing, FEW otherwise;
    BPSCRIPT_FUZZ_SCALE multiplies the share (0.1 for a quick look, 10 for a long hunt)."""
    scale = float(os.environ.get("BPSCRIPT_FUZZ_SCALE", "1"))
    return settings(max_examples=max(1, round(examples * scale)) if fuzzing() else FEW, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))


class Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise Timeout(f"a command ran longer than {LIMIT} s")


def cli(*argv: object) -> tuple[int, str, str]:
    """Run `bpscript ARGV` in process: (exit code, stdout, stderr). Fails the test on a
    traceback, an exception escaping main, an exit code other than 0, 1, 2, or a hang."""
    args = [str(a) for a in argv]
    RUNS[next(a for a in args if not a.startswith("-"))] += 1
    out, err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8"), io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(LIMIT)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(args)
            except SystemExit as e:  # argparse's usage errors
                code = 0 if e.code is None else e.code
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    texts = []
    for stream in (out, err):
        stream.flush()
        texts.append(stream.buffer.getvalue().decode("utf-8", "replace"))
    assert code in (0, 1, 2), (args, code, texts[1][-2000:])
    assert "Traceback (most recent call last)" not in texts[0] + texts[1], (args, texts[1][-4000:])
    return code, texts[0], texts[1]


# ---------------------------------------------------------------- source text
STDLIB = [p.read_text("utf-8") for p in sorted((ROOT / "stdlib").rglob("*.bps"))]
HOMEBREW = (ROOT / "frames" / "homebrew-example" / "frame.bps").read_text("utf-8")
FIXTURES = [p.read_text("utf-8") for p in sorted((ROOT / "tests").rglob("fixtures/**/*.bps"))
            if p.stat().st_size < 20_000]
TOKENS = ['action', 'character', 'fog', 'trump', 'frame', 'format', 'extends', 'override', 'in', 'ruleset',
          'vocabulary', 'effect:', 'target:', 'activation:', 'note:', 'size:', 'labels:', 'abilities:', 'story:',
          'formats:', 'frames:', 'since:', 'deck:', 'zones:', 'setup:', 'cards', 'if', 'else', 'for', 'each',
          'when', 'not', 'and', 'or', 'me', 'opponent', 'target', 'key', 'draw(me)', 'damage(opponent, 1)',
          '{', '}', '(', ')', '[', ']', '"', '"""', ':', ',', '.', '=', '==', '!=', '<', '>', '<=', '+', '-', '*',
          '@', '$', '★', '☆', '♠A', '♡10', '♢K', '♣Q', '〜', '@直接-通常-メイン', '$L', '$DL', '★♠A〜5', '(通常魔法)',
          '(速攻魔法)', '(兵士)', '"アタック"', '"x"', '"\\n"', '"\\"', '0', '1', '10', '-1', '99999999999999999999',
          '1.5', '#', '# comment', '\n', '\n\n', '  ', '\t', '\\', '\x00', '\ufeff', '\u200b', '𝔘', 'é', '\r',
          'allow', 'G1', 'E100', '"because"', 'lite', 'entry20', 'miniDuel', 'up', 'upFog', 'soldier',
          'place_fog(key, on=target, as=upFog)', 'once_per_turn()', 'v0.1']
TOKEN = st.sampled_from(TOKENS)
PIECE = st.one_of(TOKEN, TOKEN, TOKEN, st.text(max_size=8))


@st.composite
def mutated(draw, sources=None) -> str:
    """A real script with a few lines deleted, doubled, cut or inserted and a few
    characters changed."""
    src = draw(st.sampled_from(sources or STDLIB + [HOMEBREW] * 4 + FIXTURES))
    lines = src.splitlines(keepends=True) or [""]
    for _ in range(draw(st.integers(1, 5))):
        i = draw(st.integers(0, max(0, len(lines) - 1)))
        op = draw(st.sampled_from(["delete", "dup", "cut", "insert", "token", "swap"]))
        if not lines:
            lines = [""]
        if op == "delete":
            del lines[i]
        elif op == "dup":
            lines.insert(i, lines[i])
        elif op == "cut":
            lines[i] = lines[i][:draw(st.integers(0, len(lines[i])))] + "\n"
        elif op == "insert":
            lines.insert(i, " ".join(draw(st.lists(PIECE, max_size=8))) + "\n")
        elif op == "token":
            j = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:j] + draw(PIECE) + lines[i][j:]
        else:
            j = draw(st.integers(0, max(0, len(lines) - 1)))
            lines[i], lines[j] = lines[j], lines[i]
    return "".join(lines)


def tokens() -> st.SearchStrategy[str]:
    """Random tokens of the language, joined by spaces and newlines."""
    return st.lists(PIECE, max_size=60).map(" ".join)


@st.composite
def nested(draw) -> str:
    """The example package with an effect nested some levels deep: parentheses, sums,
    `if` blocks, lists (deeper nesting is a regression case of its own: test_fuzz_regressions)."""
    n = draw(st.integers(1, 40))
    inner = draw(st.sampled_from([
        "damage(opponent, " + "(" * n + "1" + ")" * n + ")",
        "damage(opponent, " + " + ".join(["1"] * n) + ")",
        "if true {\n" * n + "draw(me)\n" + "}\n" * n,
        "damage(opponent, " + "[" * n + "1" + "]" * n + ")",
        "draw(" * n + "me" + ")" * n,
    ]))
    return HOMEBREW.replace("draw(me)", inner, 1)


def source_text() -> st.SearchStrategy[str]:
    return st.one_of(mutated(), mutated(), tokens(), st.text(max_size=300), nested())


def homebrew_text() -> st.SearchStrategy[str]:
    """A mutated homebrew package: it still says `extends`, so it often loads and builds."""
    return mutated([HOMEBREW])


# ---------------------------------------------------------------- package trees
NAMES = st.one_of(st.sampled_from(["a.bps", "b.bps", "frame.bps", "x.BPS", ".hidden.bps", "dir.bps", "sub",
                                   "日本語.bps", "sp ace.bps", "README", "a.bps.bak", "-rf.bps"]),
                  st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="/\x00"),
                          min_size=1, max_size=12).map(lambda s: s + ".bps"))
CONTENT = st.one_of(
    st.just(b""),
    st.binary(max_size=200),
    homebrew_text().map(lambda s: s.encode("utf-8")),
    mutated().map(lambda s: s.encode("utf-8")),
    mutated().map(lambda s: s.encode("utf-16")),
    mutated().map(lambda s: s.encode("shift_jis", "replace")),
    st.builds(lambda s, i, b: (s.encode("utf-8")[:i] + b + s.encode("utf-8")[i:]),
              homebrew_text(), st.integers(0, 2000), st.binary(min_size=1, max_size=4)),
)


@st.composite
def tree(draw) -> list[tuple[str, bytes | None]]:
    """(relative path, bytes, or None for a directory) of a package: empty, binary and
    non-UTF-8 files, directories named *.bps, deep nesting."""
    entries: list[tuple[str, bytes | None]] = []
    for _ in range(draw(st.integers(1, 6))):
        depth = draw(st.one_of(st.integers(0, 2), st.integers(0, 40)))
        parents = [draw(NAMES) for _ in range(depth)]
        name = draw(NAMES)
        path = "/".join(parents + [name])
        entries.append((path, None if draw(st.integers(0, 6)) == 0 else draw(CONTENT)))
    return entries


def write_tree(root: Path, entries: list[tuple[str, bytes | None]]) -> None:
    for rel, data in entries:
        target = root / rel
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            if data is None:
                target.mkdir(exist_ok=True)
            elif not target.is_dir():
                target.write_bytes(data)
        except OSError:  # a name the file system refuses (too long, a file in the way)
            continue


# ---------------------------------------------------------------- game logs
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)
FIELDS = ["winner", "reason", "turns", "first", "requested", "resolved", "requested_by", "digest", "decisions",
          "seed", "format", "frame", "ruleset", "ruleset_digest", "bpscript", "abandoned", "max_turns", "agents"]


@st.composite
def log_line(draw, entries: list[dict]) -> bytes:
    """A real log entry with fields dropped, replaced or mutated, its decisions changed,
    cut or extended; or its bytes damaged; or random JSON."""
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return json.dumps(draw(JSON)).encode()
    entry = json.loads(json.dumps(draw(st.sampled_from(entries))))
    for _ in range(draw(st.integers(0, 3))):
        op = draw(st.sampled_from(["drop", "replace", "decision", "cut", "extend", "count", "seed"]))
        field = draw(st.sampled_from(FIELDS))
        if op == "drop":
            entry.pop(field, None)
        elif op == "replace":
            entry[field] = draw(JSON)
        elif op == "decision" and isinstance(entry.get("decisions"), list) and entry["decisions"]:
            entry["decisions"][draw(st.integers(0, len(entry["decisions"]) - 1))] = draw(
                st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.lists(st.integers(-1, 10), max_size=3), JSON))
        elif op == "cut" and isinstance(entry.get("decisions"), list):
            entry["decisions"] = entry["decisions"][:draw(st.integers(0, len(entry["decisions"])))]
        elif op == "extend" and isinstance(entry.get("decisions"), list):
            entry["decisions"] += draw(st.lists(st.one_of(st.none(), st.integers(0, 5)), max_size=50))
        elif op == "count" and isinstance(entry.get("requested"), dict):
            entry["requested"][draw(st.text(max_size=6))] = draw(st.integers())
        elif op == "seed":
            entry["seed"] = draw(st.one_of(st.integers(), st.integers(-(10 ** 30), 10 ** 30)))
    data = json.dumps(entry, ensure_ascii=draw(st.booleans())).encode()
    if kind == 1:  # damaged bytes
        i = draw(st.integers(0, len(data)))
        data = data[:i] + draw(st.binary(max_size=6)) + data[i + draw(st.integers(0, 10)):]
    elif kind == 2:  # cut short
        data = data[:draw(st.integers(0, len(data)))]
    return data


@st.composite
def log_file(draw, entries: list[dict]) -> bytes:
    lines = draw(st.lists(log_line(entries), min_size=1, max_size=3))
    return b"\n".join(lines) + draw(st.sampled_from([b"\n", b"", b"\r\n", b"\n\n"]))
