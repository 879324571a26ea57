"""The docs site (mkdocs + material) in Chromium, served over HTTP.

The project's own site: an English interface whose search finds Japanese words, sections
in the navigation, a home page that fits a phone. And the site of a ruleset whose names
are hostile, built from the Markdown backend's pages in a tmp dir: titles, headings,
navigation, the table of contents, tables and search results all print the names as
text: no dialog opens, no script of theirs runs, no element gets their attributes."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import yaml

from bpscript.backends.markdown_backend import render_markdown
from bpscript.load.loader import load

ROOT = Path(__file__).parents[2]

# each payload, if it ever ran, would set window.pwned and open a dialog
FRAME = "</title><script>window.pwned=1;alert(1)</script>'\\\"><svg onload=window.pwned=7;alert(7)>"
ACTION = "hostile <img src=x onerror=window.pwned=2;alert(2)>{: onclick=window.pwned=3;alert(3) }"
EFFECT = ("hostile text &lt;script&gt;window.pwned=4;alert(4)&lt;/script&gt; | a | b |\\n|---|---|\\n| <b>x</b> | "
          "[link](javascript:window.pwned=6;alert(6)) |")

PACKAGE = f'''extends "blackpoker-8.2"

frame hostile "{FRAME}" {{
  formats: lite
  deck: "<script>window.pwned=5;alert(5)</script>" {{
    cards ♠A ♠2 ♠3 ♠4 ♠5
    cards ♡A ♡2 ♡3 ♡4 ♡5
  }}
  zones: life grave field hand fog
  setup: "準備" {{
    shuffle
    life
    hand 4
    decide_first
    start
  }}
}}

action hostileDraw "{ACTION}" (通常魔法) {{
  @直接-通常-メイン $L ★♠A〜5
  effect: "{EFFECT}" {{
    draw(me)
  }}
  frames: hostile
}}
'''


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    pytest.importorskip("mkdocs")
    pytest.importorskip("material")
    tmp = tmp_path_factory.mktemp("docs-site")
    (tmp / "pkg").mkdir()
    (tmp / "pkg" / "frame.bps").write_text(PACKAGE, "utf-8")
    result = load([tmp / "pkg"])
    assert not result.errors, [str(d) for d in result.errors]
    docs = tmp / "docs"
    docs.mkdir()
    pages = render_markdown(result.ruleset)
    for name, text in pages.items():
        (docs / name).write_text(text, "utf-8")
    (docs / "index.md").write_text("# Home\n", "utf-8")
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text("utf-8"))
    config.pop("nav")  # the navigation from the pages' own titles
    config["plugins"] = [p for p in config["plugins"] if "search" in p]  # no API reference here
    config.update(docs_dir="docs", site_name="hostile")
    (tmp / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), "utf-8")
    build = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp / "site")],
                           cwd=tmp, capture_output=True, text=True, timeout=300,
                           env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert build.returncode == 0, build.stderr
    handler = functools.partial(_Quiet, directory=str(tmp / "site"))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", sorted(pages)
    server.shutdown()


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def _open(browser, url: str):
    page = browser.new_page()
    page.dialogs = []
    page.on("dialog", lambda d: (page.dialogs.append(d.message), d.dismiss()))
    page.goto(url, wait_until="load")
    return page


def _nothing_ran(page) -> None:
    assert page.dialogs == []
    assert page.evaluate("window.pwned") is None
    # no element of the page carries a handler or a script URL from the names
    assert page.evaluate("""() => [...document.querySelectorAll('*')].flatMap(e => [...e.attributes]
        .filter(a => a.name.startsWith('on') || /^\\s*javascript:/i.test(a.value))
        .map(a => e.tagName + ' ' + a.name + '=' + a.value))""") == []
    assert page.evaluate("""() => [...document.scripts].filter(s => s.text.includes('pwned')).length""") == 0
    assert page.evaluate("() => document.querySelectorAll('svg[onload], img[src=x], a[href^=javascript]').length") == 0


def test_hostile_names_stay_text_on_every_page(site, browser):
    base, pages = site
    frame_text = FRAME.replace('\\"', '"')
    navs = []
    for url in [base] + [base + name.removesuffix(".md") + "/" for name in pages]:
        page = _open(browser, url)
        try:
            _nothing_ran(page)
            # the sections as tabs, and the sidebar: both print the titles
            navs.append(page.inner_text("nav.md-tabs") + page.inner_text("nav.md-nav--primary"))
        finally:
            page.close()
    assert all("＜script＞window.pwned=1" in nav for nav in navs)  # the navigation prints the titles as text
    page = _open(browser, base + "frame-hostile/")
    try:
        # the title (and the navigation) hold the name with its HTML characters in fullwidth,
        # the heading holds it exactly
        assert page.title().startswith("＜/title＞＜script＞window.pwned=1;alert(1)＜/script＞")
        assert page.inner_text("article h1").rstrip("¶") == f"{frame_text} フレーム {frame_text}"
        assert page.inner_text("h4#act-hostileDraw").rstrip("¶") == f"【{ACTION}】(通常魔法)"
        toc = page.inner_text("nav.md-nav--secondary")
        assert f"【{ACTION}】" in toc
        assert page.locator("article table").count() == 0  # a table in the text is text
        assert "| a | b |" in page.inner_text("article")
        assert "<script>window.pwned=5;alert(5)</script>" in page.inner_text("article")
    finally:
        page.close()


def test_search_results_print_the_names_as_text(site, browser):
    base, _ = site
    page = _open(browser, base)
    try:
        page.click("input.md-search__input")
        page.keyboard.type("hostile")
        page.wait_for_selector(".md-search-result__item", timeout=20000)
        results = page.inner_text(".md-search-result")
        assert ACTION in results and "</title><script>window.pwned=1;alert(1)</script>" in results
        _nothing_ran(page)
    finally:
        page.close()


def _serve(directory: Path):
    handler = functools.partial(_Quiet, directory=str(directory))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture(scope="module")
def docs(tmp_path_factory):
    pytest.importorskip("mkdocs")
    pytest.importorskip("material")
    pytest.importorskip("mkdocstrings_handlers.python")
    out = tmp_path_factory.mktemp("project-docs") / "site"
    build = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
                           cwd=ROOT, capture_output=True, text=True, timeout=600,
                           env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert build.returncode == 0, build.stderr[-3000:]
    server = _serve(out)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def test_the_project_site_searches_japanese_in_an_english_interface(docs, browser):
    page = _open(browser, docs)
    try:
        assert page.get_attribute("html", "lang") == "en"
        assert page.get_attribute("input.md-search__input", "placeholder") == "Search"
        page.click("input.md-search__input")
        page.keyboard.type("召喚")  # a word inside Japanese sentences, found by lunr's Japanese segmenter
        page.wait_for_selector(".md-search-result__item", timeout=20000)
        assert page.locator(".md-search-result__item").count() > 3
        assert "召喚" in page.inner_text(".md-search-result")
    finally:
        page.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_the_project_home_page_at_desktop_and_phone_widths(docs, browser, width):
    page = browser.new_page(viewport={"width": width, "height": 900})
    try:
        page.goto(docs, wait_until="load")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert "Quick start" in page.inner_text("article")
        assert page.locator("article a[href='tutorial/']").count() >= 1
        if width > 1000:  # the sections as tabs, each a part of the sidebar
            tabs = page.locator(".md-tabs__link").all_inner_texts()
            assert [t.strip() for t in tabs][:4] == ["Home", "Get started", "Language", "Lint rules"]
        page.screenshot(path=str(Path(os.environ.get("BPSCRIPT_SHOTS", "/tmp")) / f"docs-home-{width}.png"))
    finally:
        page.close()
