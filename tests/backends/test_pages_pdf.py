"""PDF action lists: one per format and one per frame (official and homebrew), every
script name in the text layer, the title from the ruleset, the CJK font embedded, same
bytes for the same input, 2-up sheets of two A5 pages, and pages that are filled."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest

pytest.importorskip("weasyprint")
from pypdf import PdfReader  # noqa: E402

from bpscript.backends import pdf_backend  # noqa: E402
from bpscript.load.loader import load, load_bundled  # noqa: E402

ROOT = Path(__file__).parents[2]
GENERATED = ROOT / "generated"
EXAMPLE = ROOT / "frames" / "homebrew-example"


@pytest.fixture(scope="module")
def official():
    """The bundled rulesets and their PDFs as `bpscript build` wrote them (tests/test_build.py
    checks generated/ is what a build gives today)."""
    out = {}
    for name in ("blackpoker-8.2", "blackpoker-9.0"):
        rs = load_bundled(name).ruleset
        files = {f"pdf/{p.name}": p.read_bytes() for p in (GENERATED / name / "pdf").glob("*.pdf")}
        out[name] = (rs, files)
    return out


@pytest.fixture(scope="module")
def homebrew():
    rs = load([EXAMPLE]).ruleset
    return rs, pdf_backend.build_pdf(rs)


def _text(pdf: bytes) -> str:
    return "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


@pytest.mark.parametrize("name", ["blackpoker-8.2", "blackpoker-9.0"])
def test_one_pdf_per_format_and_per_frame(official, name):
    rs, files = official[name]
    expected = {f"format-{f}.pdf" for f in rs.formats} | {f"frame-{f}.pdf" for f in rs.frames}
    assert {p.split("/")[-1] for p in files} == expected | {n.replace(".pdf", "-2up.pdf") for n in expected}


def test_a_homebrew_package_gets_its_frame_and_the_format_it_is_played_in(homebrew):
    rs, files = homebrew
    assert sorted(files) == ["pdf/format-lite-2up.pdf", "pdf/format-lite.pdf", "pdf/frame-miniDuel-2up.pdf",
                             "pdf/frame-miniDuel.pdf"]
    text = _text(files["pdf/frame-miniDuel.pdf"])
    assert "【決闘の備え】" in text and "ミニ決闘" in text
    assert "自作ルール" in text and "BlackPoker 公式ルール 第8.2版" in text  # says it is homebrew, names its base
    assert "置き換えるスクリプト" in text and "$ⒹⓁ" in text  # the override it makes in the frame
    lite = _text(files["pdf/format-lite.pdf"])  # ライト itself keeps the official アップ: the override is the frame's
    assert "【アップ】" in lite and "$DL" not in lite


def _documents(official, homebrew):
    out = []
    for name, (rs, files) in official.items():
        out += [(rs, files, doc_name) for doc_name in pdf_backend.documents(rs)]
    rs, files = homebrew
    out += [(rs, files, doc_name) for doc_name in pdf_backend.documents(rs)]
    return out


def test_text_layer_holds_every_script_name_and_the_rulesets_title(official, homebrew):
    for rs, files, doc_name in _documents(official, homebrew):
        doc = pdf_backend.documents(rs)[doc_name]
        reader = PdfReader(io.BytesIO(files[f"pdf/{doc_name}.pdf"]))
        text = "".join(page.extract_text() for page in reader.pages)
        missing = [s.name for s in doc.scripts + doc.overrides if f"【{s.name}】" not in text]
        assert not missing, (rs.info.name, doc_name)
        title = reader.metadata["/Title"]
        assert title == pdf_backend.title(pdf_backend.render_html(rs, doc))
        assert title.startswith(rs.info.title), (doc_name, title)
        assert title.count(rs.info.title) == 1, (doc_name, title)  # a frame named as its package: once
        assert reader.pages[0].mediabox.width == pytest.approx(419.5, abs=1)  # A5: 148 mm


def test_no_title_says_8_2_unless_it_is(official):
    _, files = official["blackpoker-9.0"]
    for name, data in files.items():
        title = PdfReader(io.BytesIO(data)).metadata["/Title"]
        assert "8.2" not in title and title.startswith("BlackPoker 第9.0版"), name


def test_cjk_font_is_embedded(official):
    _, files = official["blackpoker-8.2"]
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


def test_two_up_sheets(official):
    _, files = official["blackpoker-8.2"]
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


def test_same_input_same_bytes(official):
    rs, files = official["blackpoker-9.0"]
    doc = pdf_backend.documents(rs)["format-lite"]
    again = pdf_backend.render_pdf(pdf_backend.render_html(rs, doc))
    assert again == files["pdf/format-lite.pdf"]
    assert pdf_backend.two_up(again) == files["pdf/format-lite-2up.pdf"]


def fill(pdf: Path) -> list[float]:
    """How far down each page its text goes (1.0: to the bottom margin), by pdftotext's boxes."""
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    bottom_margin = 12 * 72 / 25.4
    result = []
    for page in out.split("<page ")[1:]:
        height = float(re.search(r'height="([\d.]+)"', page).group(1)) - bottom_margin
        ys = [float(y) for y in re.findall(r'yMax="([\d.]+)"', page)]
        body = [y for y in ys if y < height]  # the page number stands in the margin
        result.append(max(body, default=0) / height)
    return result


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
@pytest.mark.parametrize("name", ["blackpoker-8.2", "blackpoker-9.0"])
def test_pages_are_filled(official, name, tmp_path):
    """A long card goes on over the page (its heading kept with its first lines) instead of
    leaving the rest of the page empty: every page but the last of every format's and
    frame's PDF is at least 85 % used (8.2's ライト had pages half empty when a card could
    not break, and 75 % was the worst before cards could break after a one-line field;
    benchmarks/bench_pdf_space.py prints the figures)."""
    rs, files = official[name]
    for doc in pdf_backend.documents(rs):
        pdf = tmp_path / f"{doc}.pdf"
        pdf.write_bytes(files[f"pdf/{doc}.pdf"])
        pages = fill(pdf)
        if len(pages) > 1:
            assert min(pages[:-1]) >= 0.85, (doc, [round(p, 2) for p in pages])


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")
def test_a_page_rasterises(official, tmp_path):
    _, files = official["blackpoker-8.2"]
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


def test_same_bytes_in_a_fresh_process(official):
    # another interpreter with another hash seed: nothing may depend on process state
    import hashlib
    import os
    import sys
    code = ("import hashlib, sys; from bpscript.load.loader import load_bundled; from bpscript.backends import pdf_backend as p;"
            "rs = load_bundled('blackpoker-9.0').ruleset; d = p.documents(rs)['frame-entry20'];"
            "sys.stdout.write(hashlib.sha256(p.render_pdf(p.render_html(rs, d))).hexdigest())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONHASHSEED": "12345"}).stdout
    assert out == hashlib.sha256(official["blackpoker-9.0"][1]["pdf/frame-entry20.pdf"]).hexdigest()
