"""What an editor waits for: formatting every official file, and one language-server check
(load + check + lint, G4 without the engine) of the official rules and of a homebrew
package, as after a keystroke.

    python benchmarks/bench_authoring.py [ROUNDS]
"""

from __future__ import annotations

import sys
import time
from bpscript.bundled import rules_root
from bpscript.load.loader import base_files
from bpscript.lsp.analysis import analyse
from bpscript.syntax.format import format_text


def timed(label: str, rounds: int, work) -> None:
    work()  # warm up (parser tables)
    start = time.perf_counter()
    for _ in range(rounds):
        work()
    each = (time.perf_counter() - start) / rounds
    print(f"{label}: {each * 1000:.0f} ms")


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    files = base_files()
    texts = [f.read_text("utf-8") for f in files]
    lines = sum(t.count("\n") for t in texts)
    timed(f"fmt, {len(files)} official files ({lines} lines)", rounds, lambda: [format_text(t) for t in texts])
    up = next(f for f in files if f.name == "30-quick-magic.bps")
    timed("lsp check of an official file (whole official rules)", rounds,
          lambda: analyse(up, {up: up.read_text("utf-8")}))
    frame = rules_root() / "frames" / "homebrew-example" / "frame.bps"
    timed("lsp check of a homebrew file (package over the official rules)", rounds,
          lambda: analyse(frame, {frame: frame.read_text("utf-8")}))


if __name__ == "__main__":
    main()
