"""`generated/` is fresh: a regeneration gives the committed bytes (LibCST-style)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bpscript.backends import build
from bpscript.backends.docgen import verbs_markdown
from bpscript.load.catalog import catalog
from bpscript.load.loader import load_bundled, load_official

ROOT = Path(__file__).parents[2]


@pytest.mark.parametrize("name", ["blackpoker-8.2", "blackpoker-9.0"])
def test_generated_is_fresh(name):
    files = build.render_ruleset(load_bundled(name).ruleset)
    stale = build.diff(ROOT / "generated" / name, files)
    assert stale == [], f"generated/{name} is stale, run `bpscript build`: {stale[:10]}"


def test_generated_holds_one_directory_per_bundled_ruleset():
    assert sorted(p.name for p in (ROOT / "generated").iterdir()) == sorted(catalog())
    assert (ROOT / "generated" / "blackpoker-9.0" / "html" / "changes.html").is_file()
    assert not (ROOT / "generated" / "blackpoker-8.2" / "html" / "changes.html").exists()  # it follows nothing


def test_build_is_deterministic():
    rs = load_official().ruleset
    only = {"json", "python", "html", "markdown", "rst", "csv"}
    assert build.render_all(rs, only) == build.render_all(load_official().ruleset, only)


def test_build_removes_only_what_it_made(tmp_path):
    files = {"json/a.json": b"1", "json/b.json": b"2"}
    target = tmp_path / "rules"
    build.write(target, files)
    (tmp_path / "mine.txt").write_text("user file")
    build.write(target, {"json/a.json": b"1"})
    assert not (target / "json" / "b.json").exists()
    assert (tmp_path / "mine.txt").read_text() == "user file"
    assert build.diff(target, {"json/a.json": b"1"}) == []
    assert build.diff(target, {"json/a.json": b"2"}) == ["MANIFEST", "json/a.json"]


def test_a_build_without_weasyprint_keeps_the_pdfs_built_before(tmp_path):
    """A clone's generated/ holds committed PDFs; `bpscript build` where the pdf extra is
    missing makes everything else and must not remove them (nor call them stale)."""
    target = tmp_path / "generated" / "rules"
    build.write(target, {"html/a.html": b"1", "pdf/a.pdf": b"%PDF-1", "pdf/a-2up.pdf": b"%PDF-2"})
    without_pdf = {"html/a.html": b"2", "json/new.json": b"{}"}
    assert build.diff(target, without_pdf, ("pdf/",)) == ["MANIFEST", "html/a.html", "json/new.json"]
    build.write(target, without_pdf, None, ("pdf/",))
    assert (target / "pdf" / "a.pdf").read_bytes() == b"%PDF-1" and (target / "pdf" / "a-2up.pdf").is_file()
    assert (target / "html" / "a.html").read_bytes() == b"2"
    assert build.diff(target, without_pdf, ("pdf/",)) == []
    build.write(target, {"html/a.html": b"3"}, None, ("pdf/",))  # the other backends' old files still go
    assert not (target / "json" / "new.json").exists() and (target / "pdf" / "a.pdf").is_file()


def test_verb_docs_are_fresh():
    assert (ROOT / "docs" / "reference" / "verbs.md").read_text("utf-8") == verbs_markdown(), \
        "run `python -m bpscript.backends.docgen`"


def test_diagnostic_codes_are_documented():
    """Every code any module reports has a row of its own, with an anchor to link to (#e201)."""
    import re
    doc = (ROOT / "docs" / "reference" / "diagnostics.md").read_text("utf-8")
    used = set()
    for p in (ROOT / "bpscript").rglob("*.py"):
        used |= set(re.findall(r'"([EW]\d{3})"', p.read_text("utf-8")))
    assert len(used) > 50
    missing = sorted(c for c in used if f'| <a id="{c.lower()}"></a>{c} |' not in doc)
    assert not missing, f"undocumented diagnostic codes, or codes without their anchor: {missing}"
