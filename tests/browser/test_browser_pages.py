"""The all-scripts page in a real browser (Playwright driving Debian's chromium):
filters and search change what is visible, a shared URL restores the filter, every
in-page link lands, no console errors; screenshots at desktop and phone widths."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote

import pytest

from bpscript.backends.html_backend import render_pages
from bpscript.loader import load_official

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian chromium is not installed")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("html")
    rs = load_official().ruleset
    for name, text in render_pages(rs).items():
        (out / name).write_text(text, "utf-8")
    return out, rs


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    pg = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    pg.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.errors = errors
    yield pg
    pg.close()


def visible_ids(pg) -> list[str]:
    return pg.eval_on_selector_all("article.script:not(.hidden)", "els => els.map(e => e.id)")


def url(site, query: str = "") -> str:
    return (site[0] / "all.html").as_uri() + query


def test_filters_and_search(site, page):
    out, rs = site
    page.goto(url(site))
    assert len(visible_ids(page)) == len(rs.scripts)
    page.select_option("select[name=format]", "lite")
    lite = [s.id for s in rs.scripts.values() if "lite" in s.formats]
    assert visible_ids(page) == lite
    page.select_option("select[name=category]", "速攻魔法")
    quick = [s.id for s in rs.scripts.values() if "lite" in s.formats and s.category.name == "速攻魔法"]
    assert visible_ids(page) == quick and quick
    page.fill("input[name=q]", "♢")
    assert visible_ids(page) == ["twist"]
    assert page.inner_text("#count") == f"1 / {len(rs.scripts)}"
    # the sidebar follows the filter
    assert page.eval_on_selector_all("aside li:not(.hidden)", "els => els.map(e => e.dataset.id)") == ["twist"]
    # the state is in the URL
    assert "format=lite" in page.url and "q=" in page.url
    page.fill("input[name=q]", "")
    page.select_option("select[name=category]", "")
    page.select_option("select[name=format]", "mast")
    page.select_option("select[name=frame]", "extra")
    regulation = [s.id for s in rs.scripts.values() if "mast" in s.formats or "extra" in s.frames]
    assert visible_ids(page) == regulation
    page.select_option("select[name=format]", "")
    assert visible_ids(page) == [s.id for s in rs.scripts.values() if "extra" in s.frames]
    assert page.errors == []


def test_shared_url_restores_the_filter(site, page):
    _, rs = site
    page.goto(url(site, "?format=pro&category=" + quote("通常魔法") + "&q=" + quote("墓地")))
    assert page.input_value("select[name=format]") == "pro"
    assert page.input_value("select[name=category]") == "通常魔法"
    assert page.input_value("input[name=q]") == "墓地"
    expected = [s.id for s in rs.scripts.values() if "pro" in s.formats and s.category.name == "通常魔法"
                and "墓地" in (s.effect.text if s.effect else "")]
    assert visible_ids(page) == expected and expected
    assert page.errors == []


def test_every_in_page_link_lands(site, page):
    out, _ = site
    for html in sorted(out.glob("*.html")):
        page.goto(html.as_uri())
        hrefs = page.eval_on_selector_all("a[href^='#']", "els => els.map(e => e.getAttribute('href').slice(1))")
        missing = page.evaluate("ids => ids.filter(id => !document.getElementById(id))", hrefs)
        assert missing == [], (html.name, missing[:5])
        pages = page.eval_on_selector_all("a[href$='.html']", "els => els.map(e => e.getAttribute('href'))")
        assert all((out / p).exists() for p in pages), html.name
    page.goto((out / "format-lite.html").as_uri())
    page.click("aside a[href='#counter']")
    assert page.evaluate("location.hash") == "#counter"
    top = page.evaluate("document.getElementById('counter').getBoundingClientRect().top")
    assert 0 <= top < 200
    assert page.errors == []


def test_screenshots_desktop_and_phone(site, browser, tmp_path):
    shots = Path(os.environ.get("BPSCRIPT_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    for name, width, height in (("desktop", 1280, 900), ("phone", 390, 844)):
        pg = browser.new_page(viewport={"width": width, "height": height})
        errors: list[str] = []
        pg.on("pageerror", lambda exc: errors.append(str(exc)))
        pg.goto(url(site, "?format=lite"))
        sidebar = pg.eval_on_selector("aside.sidebar", "e => e.getBoundingClientRect().width")
        assert pg.evaluate("document.documentElement.scrollWidth") <= width + 1  # no sideways scrolling
        if name == "desktop":
            # the sidebar stands beside the list, always open
            assert sidebar < width * 0.5
            assert pg.is_visible("aside .toc") and not pg.is_visible("label.toc-button")
        else:
            # on a phone it stacks above the list, collapsed behind a toggle
            assert sidebar > width * 0.9
            assert not pg.is_visible("aside .toc")
            assert pg.evaluate("document.querySelector('main').getBoundingClientRect().top") < 250
        path = shots / f"all-{name}.png"
        pg.screenshot(path=str(path))
        assert path.stat().st_size > 10_000
        if name == "phone":
            pg.click("label.toc-button")
            assert pg.is_visible("aside .toc")
            pg.click("aside a[href='#counter']")
            assert pg.evaluate("location.hash") == "#counter"
            pg.screenshot(path=str(shots / "all-phone-toc.png"))
        assert errors == []
        pg.close()


def test_frame_page_on_a_phone(site, browser):
    pg = browser.new_page(viewport={"width": 390, "height": 844})
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.goto((site[0] / "frame-extra.html").as_uri())
    assert pg.evaluate("document.documentElement.scrollWidth") <= 391
    assert pg.is_visible("#disclosure") and pg.is_visible("article#open")
    assert errors == []
    pg.close()
