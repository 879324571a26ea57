"""How much of each PDF page the action lists fill: renders the A5 PDFs of the bundled
rulesets (WeasyPrint, as `bpscript build` does), rasterises every page (pdftoppm) and
measures how far down the page's text area the ink reaches. A page that ends at half its
height because the next card did not fit is the waste this measures.

For each PDF it prints the pages, the emptiest page's fill (the last page, which ends
where the list ends, is left out and shown apart) and the mean fill of the pages before
the last. The fill of a page is the share of the text area (inside the @page margins,
without the page number) above its lowest inked row.

    python benchmarks/bench_pdf_space.py [--ruleset NAME …] [--only format-lite,frame-entry20] [--dpi 40]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from bpscript.backends.pdf_backend import documents, render_html, render_pdf
from bpscript.load.loader import load_bundled

# A5 in mm and the print sheet's @page margins (bpscript.backends.pdf_backend.PAGE_A5)
PAGE_W, PAGE_H, TOP, BOTTOM = 148.0, 210.0, 10.0, 12.0
WHITE = 245  # a grey level at or above this is paper


def page_fills(pdf: bytes, dpi: int) -> list[float]:
    """The fill of every page, in order: 0 (blank) … 1 (ink down to the bottom margin)."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "doc.pdf"
        src.write_bytes(pdf)
        subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), str(src), str(Path(tmp) / "p")], check=True)
        pages = sorted(Path(tmp).glob("p-*.pgm"), key=lambda p: int(p.stem.split("-")[1]))
        return [_fill(p.read_bytes()) for p in pages]


def _fill(pgm: bytes) -> float:
    """Fill of one page from a binary PGM (P5): the lowest row of the text area with ink."""
    parts = pgm.split(maxsplit=4)
    assert parts[0] == b"P5", "pdftoppm -gray writes binary PGM"
    width, height, pixels = int(parts[1]), int(parts[2]), parts[4]
    top = round(height * TOP / PAGE_H)
    bottom = round(height * (PAGE_H - BOTTOM) / PAGE_H)
    last = top
    for row in range(top, bottom):
        line = pixels[row * width:(row + 1) * width]
        if min(line) < WHITE:
            last = row + 1
    return (last - top) / (bottom - top)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ruleset", action="append", help="bundled ruleset (default: blackpoker-8.2 and 9.0)")
    ap.add_argument("--only", help="comma-separated document names (format-lite, frame-entry20, …)")
    ap.add_argument("--dpi", type=int, default=40, help="rasterising resolution (default 40)")
    args = ap.parse_args()
    only = set(args.only.split(",")) if args.only else None
    totals = {"pages": 0, "docs": 0}
    worst: list[float] = []
    print(f"{'document':<36} {'pages':>5} {'emptiest':>9} {'(page)':>7} {'mean':>6} {'last':>6}")
    for name in args.ruleset or ["blackpoker-8.2", "blackpoker-9.0"]:
        rs = load_bundled(name).ruleset
        for doc_name, doc in documents(rs).items():
            if only and doc_name not in only:
                continue
            fills = page_fills(render_pdf(render_html(rs, doc)), args.dpi)
            body = fills[:-1]
            totals["pages"] += len(fills)
            totals["docs"] += 1
            if body:
                low = min(body)
                worst.append(low)
                where = body.index(low) + 1
                print(f"{name + '/' + doc_name:<36} {len(fills):>5} {low:>8.0%} {where:>7} "
                      f"{sum(body) / len(body):>6.0%} {fills[-1]:>6.0%}")
            else:
                print(f"{name + '/' + doc_name:<36} {len(fills):>5} {'—':>9} {'':>7} {'—':>6} {fills[-1]:>6.0%}")
    if worst:
        print(f"\n{totals['docs']} PDFs, {totals['pages']} pages; emptiest page before the last: "
              f"{min(worst):.0%} filled; mean of the per-PDF emptiest: {sum(worst) / len(worst):.0%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
