"""A balance report in a real browser (Playwright driving Debian's chromium), offline:
its three charts draw, its tables show the rates with their intervals, in Japanese,
actions by name; on a 390 px phone nothing overflows sideways; nothing is fetched and
nothing logs an error."""

from __future__ import annotations


import pytest

from bpscript.backends.balance import balance
from bpscript.engine.players.runner import simulate
from bpscript.load.loader import load_official


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
    assert page.locator("h2").all_inner_texts() == ["エージェント", "勝率", "ゲームの長さ", "アクション", "設計者のための指標",
                                                   "スクリプトの使用"]
    row = page.locator("table.win-rates tbody tr").first.inner_text()
    assert row.startswith("official") and row.count("%") == 3 and "–" in row
    assert "エンド" in page.locator("table.actions").inner_text()
    assert "エンド" in page.inner_text("#actions + figure")  # the chart names actions as the table does
    assert errors == [] and requests == [report.as_uri()]


@pytest.fixture(scope="module")
def compared(tmp_path_factory):
    """Two rulesets side by side, the widest report: two tables of actions, long labels."""
    pytest.importorskip("matplotlib")
    from bpscript.backends.report import render_report
    from bpscript.load.loader import load_bundled
    sets = []
    for name in ("blackpoker-8.2", "blackpoker-9.0"):
        rs = load_bundled(name).ruleset
        results = list(simulate(rs, "lite", "entry20", 10, 0))
        sets.append(balance(results, rs.info.title, {sid: s.name for sid, s in rs.scripts.items()}))
    path = tmp_path_factory.mktemp("compared") / "report.html"
    meta = {"regulation": "BlackPoker 公式ルール 第8.2版: lite / entry20 · BlackPoker 第9.0版: lite / entry20"}
    path.write_text(render_report(sets, "bpscript simulate --games 10 --compare blackpoker-9.0", meta), "utf-8")
    return path


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 900)])
def test_the_report_fits_the_screen_without_sideways_scrolling(compared, browser, width, height):
    page = browser.new_page(viewport={"width": width, "height": height}, is_mobile=width < 700,
                            has_touch=width < 700)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(compared.as_uri())
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # every table, figure and cell inside the screen
    rights = page.eval_on_selector_all("table, figure, th, td, code", "els => els.map(e => e.getBoundingClientRect().right)")
    assert rights and max(rights) <= width
    assert page.locator("table.actions").count() == 2
    if width < 700:  # a phone: one block per action, each number under its heading
        row = page.locator("table.actions tbody tr").first
        assert row.evaluate("e => getComputedStyle(e).display") == "block"
        label = row.locator("td").first.evaluate("e => getComputedStyle(e, '::before').content")
        assert label == '"リクエスト"'  # the heading a phone shows beside the number
    else:
        assert page.locator("table.actions thead").first.is_visible()
    assert errors == []
    page.close()
