"""The action lists as PDF, via WeasyPrint from print CSS: one A5 document per format
and one per frame (its description and its scripts), each also as 2-up sheets (two A5
pages side by side on A4 landscape, imposed from the finished pages with pypdf).

The CJK font (Noto Sans CJK JP, Debian fonts-noto-cjk) is a local file found through
fontconfig, never fetched, and WeasyPrint embeds a subset of it, so Japanese and ♠♡♢♣
render in any viewer. No dates are written, so the same input gives the same bytes.
The documents are rendered in parallel, one process per core.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from functools import lru_cache
from concurrent.futures import ProcessPoolExecutor

import re
from dataclasses import dataclass
from html import unescape

from pypdf import PageObject, PdfReader, PdfWriter, Transformation

from markupsafe import Markup
from weasyprint import HTML  # ImportError here makes the build skip PDF

from ..model import ruleset as m
from .html_backend import cited, environment, frame_scripts, page_parts, selection, static, texts_of, xref

FAMILY = "Noto Sans CJK JP"
FONT = f'"{FAMILY}", "Noto Sans CJK", "Noto Sans JP", sans-serif'


@lru_cache(maxsize=1)
def cjk_font_file() -> str | None:
    """The local file fontconfig serves for Noto Sans CJK JP; None when it would fall back
    to another family (Japanese would then come out as boxes), "" when fc-match is absent."""
    if shutil.which("fc-match") is None:
        return ""
    out = subprocess.run(["fc-match", "-f", "%{family}\t%{file}", FAMILY], capture_output=True, text=True).stdout
    family, _, path = out.partition("\t")
    return path if FAMILY in family.split(",") else None

# Grid and flex layout cost WeasyPrint most of its time (min-content sizing of every
# card), so the print sheet lays the same markup out with floats and inline boxes.
PAGE_A5 = f"""
@page {{ size: A5; margin: 10mm 9mm 12mm; @bottom-center {{ content: counter(page) " / " counter(pages); font-family: {FONT}; font-size: 7pt; color: #666; }} }}
html {{ font-size: 8.5pt; }}
body {{ font-family: {FONT}; font-size: 8.5pt; line-height: 1.45; }}
h1 {{ font-size: 13pt; margin: 0 0 3mm; }}
main h2 {{ font-size: 11pt; border-bottom: 1.5pt solid #000; margin: 3mm 0 1.5mm; break-after: avoid; }}
main h3.category {{ font-size: 9.5pt; margin: 2mm 0 1mm; break-after: avoid; }}
.script {{ padding: 1.5mm 2.5mm; margin: 1mm 0; border-radius: 2mm; break-inside: auto; page-break-inside: auto; }}
/* a long card may go on over the page, its heading and marks kept with its first lines */
.script h4, .script .marks, .script .override, .script dt {{ break-after: avoid; page-break-after: avoid; }}
/* one line may end or start a page: with two, WeasyPrint finds no break in a card whose
   fields are one or two lines long and moves the whole card on, leaving the rest of the
   page empty (benchmarks/bench_pdf_space.py measures it) */
.script dd, .script p, .script li {{ orphans: 1; widows: 1; }}
.script .meta {{ break-before: avoid; }}
.opt-label, .opt {{ display: none; }}
.homebrew {{ font-size: 8pt; padding: 1.5mm 2mm; border: 1pt solid #c90; margin: 0 0 2mm; }}
table.plain {{ font-size: 8pt; }}
.supplements .supplement {{ break-inside: avoid; }}
.script h4 {{ font-size: 10pt; }}
.script .marks, .script .meta {{ display: block; }}
.script .marks > span + span {{ margin-left: 3mm; }}
.script .meta > span {{ margin-right: 3mm; }}
.script dl, .legend dl {{ display: block; margin: .5mm 0; }}
.script dl::after, .legend dl::after {{ content: ""; display: block; clear: both; }}
.script dt {{ float: left; clear: left; width: 17mm; white-space: nowrap; }}
.script dd {{ margin: 0 0 .5mm 18mm; }}
.legend {{ font-size: 7.5pt; padding: 2mm 3mm; }}
.legend h2 {{ border: none; margin: 0 0 1mm; font-size: 9pt; }}
.legend dt {{ float: left; clear: left; width: 4mm; }}
.legend dd {{ margin: 0 0 0 5mm; }}
"""



@dataclass(frozen=True)
class Document:
    """One PDF: a format's list, or a frame's (its description and its own scripts, with
    the overrides of its package)."""

    fmt: m.Format | None
    frame: m.Frame | None
    scripts: tuple[m.Script, ...]
    overrides: tuple[m.Script, ...] = ()


def documents(rs: m.Ruleset) -> dict[str, Document]:
    """name → document, for every format and frame that gets a page (see `selection`)."""
    formats, frames = selection(rs)
    docs: dict[str, Document] = {}
    for fmt in formats:
        docs[f"format-{fmt.id}"] = Document(fmt, None, tuple(rs.in_regulation(fmt.id)))
    for fr in frames:
        own, overrides = frame_scripts(rs, fr)
        docs[f"frame-{fr.id}"] = Document(None, fr, tuple(own), tuple(overrides))
    return docs


def render_html(rs: m.Ruleset, doc: Document) -> str:
    # our own stylesheets (trusted, not script text) go in unescaped
    texts = texts_of(list(doc.scripts) + list(doc.overrides))
    if doc.frame is not None:
        texts += [doc.frame.deck.text, doc.frame.setup.text]
    return environment().get_template("print.html.j2").render(
        ruleset=rs, fmt=doc.fmt, frame=doc.frame, overrides=doc.overrides, supplements=cited(rs, texts),
        css=static("style.css"), print_css=Markup(PAGE_A5),
        xref=xref(rs, list(doc.scripts) + list(doc.overrides), elsewhere=None), **page_parts(list(doc.scripts), rs))


def title(html: str) -> str:
    """A document's title, as its HTML states it (the PDF's metadata carries the same)."""
    found = re.search(r"<title>(.*?)</title>", html, re.S)
    return unescape(found.group(1)).strip() if found else ""


def render_pdf(html: str) -> bytes:
    out = io.BytesIO()
    # no base URL: the document loads nothing from anywhere; metadata carries no dates
    HTML(string=html, base_url=None).write_pdf(out, uncompressed_pdf=False)
    return out.getvalue()


A4_LANDSCAPE = (841.8898, 595.2756)  # 297 × 210 mm in points


def two_up(pdf: bytes) -> bytes:
    """Impose A5 pages two by two on A4 landscape sheets, for printing and folding.

    Composing finished pages (rather than a second CSS layout in columns) keeps the
    2-up sheets page for page identical to the A5 document: same breaks, same numbers.
    """
    reader = PdfReader(io.BytesIO(pdf))
    writer = PdfWriter()
    pages = list(reader.pages)
    width, height = float(pages[0].mediabox.width), float(pages[0].mediabox.height)
    sheet_w, sheet_h = A4_LANDSCAPE
    left, bottom = (sheet_w - 2 * width) / 2, (sheet_h - height) / 2
    for i in range(0, len(pages), 2):
        sheet = PageObject.create_blank_page(width=sheet_w, height=sheet_h)
        for j, page in enumerate(pages[i:i + 2]):
            sheet.merge_transformed_page(page, Transformation().translate(tx=left + j * width, ty=bottom))
        writer.add_page(sheet)
        # merged content streams come out uncompressed: twice the size otherwise
        writer.pages[-1].compress_content_streams()
    title = (reader.metadata or {}).get("/Title")
    writer.add_metadata({"/Producer": "bpscript (pypdf)", **({"/Title": f"{title} (2-up)"} if title else {})})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def render_both(html: str) -> tuple[bytes, bytes]:
    """The A5 document and its 2-up sheets (one task of the process pool)."""
    pdf = render_pdf(html)
    return pdf, two_up(pdf)


def build_pdf(rs: m.Ruleset) -> dict[str, bytes]:
    if cjk_font_file() is None:
        print(f"warning: font {FAMILY!r} not found (apt-get install fonts-noto-cjk); "
              "the PDFs will lack Japanese glyphs", file=sys.stderr)
    docs = documents(rs)
    htmls = {name: render_html(rs, doc) for name, doc in docs.items()}
    # longest first, so the big マスター + エクストラ document does not start last
    order = sorted(htmls, key=lambda n: -len(htmls[n]))
    workers = min(len(order), os.cpu_count() or 1)
    if workers > 1:
        from ..lifeline import die_with_parent
        with ProcessPoolExecutor(max_workers=workers, initializer=die_with_parent, initargs=(os.getpid(),)) as pool:
            results = dict(zip(order, pool.map(render_both, [htmls[n] for n in order])))
    else:
        results = {n: render_both(htmls[n]) for n in order}
    files: dict[str, bytes] = {}
    for name in docs:
        files[f"pdf/{name}.pdf"], files[f"pdf/{name}-2up.pdf"] = results[name]
    return files
