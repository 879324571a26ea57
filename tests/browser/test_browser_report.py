"""A balance report in a real browser (Playwright driving Debian's chromium), offline:
its three charts draw, its tables show the rates with their intervals, nothing is
fetched and nothing logs an error."""

from __future__ import annotations


import pytest

from bpscript.backends.balance import balance
from bpscript.engine.runner import simulate
from bpscript.loader import load_official


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    pytest.importorskip("matplotlib")
    from bpscript.backends.report import render_report
    rs = load_official().ruleset
    results = list(simulate(rs, "lite", "entry20", 20, 0))
    names = {sid: s.name for sid, s in rs.scripts.items()}
    path = tmp_path_factory.mktemp("report") / "report.html"
    path.write_text(render_report([balance(results, "official", names)], "bpscript simulate --games 20"), "utf-8")
    return path


def test_the_report_opens_offline_with_its_charts_and_tables(report, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors, requests = [], []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: requests.append(r.url))
    page.goto(report.as_uri())
    sizes = page.eval_on_selector_all("figure svg", "els => els.map(e => e.getBoundingClientRect().height)")
    assert len(sizes) == 3 and all(h > 100 for h in sizes)
    assert page.locator("h2").all_inner_texts() == ["Agents", "Win rates", "Game lengths", "Actions"]
    row = page.locator("table.win-rates tbody tr").first.inner_text()
    assert row.startswith("official") and row.count("%") == 3 and "–" in row
    assert "エンド" in page.locator("table.actions").inner_text()
    assert errors == [] and requests == [report.as_uri()]
