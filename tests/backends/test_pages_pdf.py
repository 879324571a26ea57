"""PDF action lists: every script name in the text layer, the CJK font embedded,
same bytes for the same input, 2-up sheets of two A5 pages."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest

pytest.importorskip("weasyprint")
from pypdf import PdfReader  # noqa: E402

from bpscript.backends import pdf_backend  # noqa: E402
from bpscript.loader import load_official  # noqa: E402


@pytest.fixture(scope="module")
def built():
    rs = load_official().ruleset
    return rs, pdf_backend.build_pdf(rs)


def test_one_pdf_per_format_and_master_extra(built):
    rs, files = built
    names = {p.split("/")[-1] for p in files}
    expected = {f"format-{f}.pdf" for f in rs.formats} | {"mast-extra.pdf"}
    assert names == expected | {n.replace(".pdf", "-2up.pdf") for n in expected}


@pytest.mark.parametrize("doc", ["format-lite", "format-std", "format-pro", "format-mast", "mast-extra"])
def test_text_layer_holds_every_script_name(built, doc):
    rs, files = built
    title, scripts = pdf_backend.documents(rs)[doc]
    reader = PdfReader(io.BytesIO(files[f"pdf/{doc}.pdf"]))
    text = "".join(page.extract_text() for page in reader.pages)
    missing = [s.name for s in scripts if f"【{s.name}】" not in text]
    assert not missing
    assert reader.pages[0].mediabox.width == pytest.approx(419.5, abs=1)  # A5: 148 mm


def test_cjk_font_is_embedded(built):
    _, files = built
    reader = PdfReader(io.BytesIO(files["pdf/format-lite.pdf"]))
    fonts = {}
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            for desc in font.get("/DescendantFonts", [font]):
                desc = desc.get_object()
                fd = desc.get("/FontDescriptor")
                if fd is not None:
                    fd = fd.get_object()
                    fonts[str(desc["/BaseFont"])] = any(k in fd for k in ("/FontFile", "/FontFile2", "/FontFile3"))
    cjk = {name: embedded for name, embedded in fonts.items() if "CJK" in name}
    assert cjk and all(cjk.values()), fonts


def test_two_up_sheets(built):
    _, files = built
    single = PdfReader(io.BytesIO(files["pdf/format-lite.pdf"]))
    sheets = PdfReader(io.BytesIO(files["pdf/format-lite-2up.pdf"]))
    assert len(sheets.pages) == (len(single.pages) + 1) // 2
    sheet = sheets.pages[0]
    assert (float(sheet.mediabox.width), float(sheet.mediabox.height)) == pytest.approx((841.89, 595.28), abs=0.5)
    assert 2 * float(single.pages[0].mediabox.width) <= float(sheet.mediabox.width)  # two A5 pages fit
    # both halves carry their page's text: the page numbers of the A5 pages
    text = sheet.extract_text()
    assert f"1 / {len(single.pages)}" in text and f"2 / {len(single.pages)}" in text
    assert sheets.metadata["/Title"].endswith("(2-up)")


def test_same_input_same_bytes(built):
    rs, files = built
    title, scripts = pdf_backend.documents(rs)["format-lite"]
    again = pdf_backend.render_pdf(pdf_backend.render_html(rs, title, scripts))
    assert again == files["pdf/format-lite.pdf"]
    assert pdf_backend.two_up(again) == files["pdf/format-lite-2up.pdf"]


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")
def test_a_page_rasterises(built, tmp_path):
    _, files = built
    pdf = tmp_path / "lite.pdf"
    pdf.write_bytes(files["pdf/format-lite.pdf"])
    subprocess.run(["pdftoppm", "-r", "40", "-f", "1", "-l", "1", "-png", str(pdf), str(tmp_path / "p")], check=True)
    png = next(tmp_path.glob("p*.png"))
    assert png.stat().st_size > 5000


def test_the_cjk_font_is_a_local_file():
    path = pdf_backend.cjk_font_file()
    if path == "":
        pytest.skip("fc-match is not installed")
    assert path and Path(path).is_file() and "NotoSansCJK" in Path(path).name


def test_same_bytes_in_a_fresh_process(built):
    # another interpreter with another hash seed: nothing may depend on process state
    import hashlib
    import os
    import sys
    code = ("import hashlib, sys; from bpscript.loader import load_official; from bpscript.backends import pdf_backend as p;"
            "rs = load_official().ruleset; t, s = p.documents(rs)['format-lite'];"
            "sys.stdout.write(hashlib.sha256(p.render_pdf(p.render_html(rs, t, s))).hexdigest())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONHASHSEED": "12345"}).stdout
    assert out == hashlib.sha256(built[1]["pdf/format-lite.pdf"]).hexdigest()
