"""Time to build all HTML pages and all PDFs of the official rules (goals: HTML < 1 s,
PDF < 20 s on a 2-core machine). The model is loaded once, outside the timings; the
Markdown pages are timed too, and the JSON backend as a baseline in the same process.
Other work on the machine skews the PDF figure most: check `uptime` first.

    python benchmarks/bench_pages.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import time

from bpscript.backends.html_backend import build_html, environment
from bpscript.backends.json_backend import dumps
from bpscript.backends.markdown_backend import build_markdown
from bpscript.load.loader import load_official


def best(fn, repeat: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return min(times), out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rs = load_official().ruleset
    t = time.perf_counter()
    environment()
    print(f"template environment (once per process): {(time.perf_counter() - t) * 1000:.1f} ms")
    js, _ = best(lambda: dumps(rs), args.repeat)
    html, files = best(lambda: build_html(rs), args.repeat)
    mdt, _ = best(lambda: build_markdown(rs), args.repeat)
    print(f"JSON (baseline):        {js * 1000:8.1f} ms")
    print(f"HTML, {len(files)} pages:        {html * 1000:8.1f} ms   (goal < 1000 ms; {html / js:.1f}× JSON)")
    print(f"Markdown:               {mdt * 1000:8.1f} ms")
    try:
        from bpscript.backends.pdf_backend import build_pdf
    except ImportError as err:
        print(f"PDF: skipped ({err})")
        return
    # the first build also starts the worker processes and loads fontconfig and the CJK font
    cold, pdfs = best(lambda: build_pdf(rs), 1)
    warm, _ = best(lambda: build_pdf(rs), 1)
    print(f"PDF, {len(pdfs)} files, cold:   {cold * 1000:8.1f} ms   (goal < 20000 ms)")
    print(f"PDF, {len(pdfs)} files, warm:   {warm * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
