"""The pages in a real browser (Playwright driving Debian's chromium): filters and search
change what is visible, a format and a frame combine as a regulation, a shared URL
restores the filter, a printed page states it, every in-page link lands (old #id links
too), citations of the 3.9 procedures link to them, the cost glyphs (circled by default,
letters as an option), the filters on every format and frame page, the index linking the
other editions, the list closing on a phone, frame tables keeping words whole; no console errors; screenshots at
desktop and phone widths."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote

import pytest

from bpscript.backends.html_backend import render_pages, search_text
from bpscript.backends.build import render_ruleset
from bpscript.load.loader import load, load_bundled

ROOT = Path(__file__).parents[2]
PHONE = {"width": 390, "height": 844}


def _write(out: Path, rs, **kw) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, text in render_pages(rs, **kw).items():
        (out / name).write_text(text, "utf-8")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The bundled rulesets' pages as `bpscript build` lays them out: <out>/<ruleset>/html/,
    side by side, so the index's links to the other editions land."""
    out = tmp_path_factory.mktemp("generated")
    for name in ("blackpoker-8.2", "blackpoker-9.0"):
        rs = load_bundled(name).ruleset
        for path, data in render_ruleset(rs, {"html"}).items():  # as built: 9.0 with its change history
            (out / name / path).parent.mkdir(parents=True, exist_ok=True)
            (out / name / path).write_bytes(data)
    return out


@pytest.fixture(scope="module")
def site(built):
    return built / "blackpoker-8.2" / "html", load_bundled("blackpoker-8.2").ruleset


@pytest.fixture(scope="module")
def nine(built):
    return built / "blackpoker-9.0" / "html", load_bundled("blackpoker-9.0").ruleset


@pytest.fixture(scope="module")
def homebrew(tmp_path_factory):
    out = tmp_path_factory.mktemp("homebrew")
    rs = load([ROOT / "frames" / "homebrew-example"]).ruleset
    _write(out, rs)
    return out, rs


def _page(browser, viewport=None):
    touch = viewport is not None and viewport["width"] < 700  # a phone: taps, not clicks
    pg = browser.new_page(viewport=viewport or {"width": 1280, "height": 900}, has_touch=touch, is_mobile=touch)
    errors: list[str] = []
    pg.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.errors = errors
    return pg


@pytest.fixture
def page(browser):
    pg = _page(browser)
    yield pg
    pg.close()


@pytest.fixture
def phone(browser):
    pg = _page(browser, PHONE)
    yield pg
    pg.close()


def visible_ids(pg) -> list[str]:
    return pg.eval_on_selector_all("article.script:not(.hidden)", "els => els.map(e => e.id)")


def ids(scripts) -> list[str]:
    prefix = {"action": "act", "character": "char", "fog": "fog", "trump": "trump"}
    return [f"{prefix[s.kind]}-{s.id}" + ("--" + "-".join(s.scope) if s.scope else "") for s in scripts]


def url(site, query: str = "", page: str = "all.html") -> str:
    return (site[0] / page).as_uri() + query


def test_filters_and_search(site, page):
    out, rs = site
    page.goto(url(site))
    assert len(visible_ids(page)) == len(rs.scripts)
    page.select_option("select[name=format]", "lite")
    lite = ids(s for s in rs.scripts.values() if "lite" in s.formats)
    assert visible_ids(page) == lite
    page.select_option("select[name=category]", "速攻魔法")
    quick = ids(s for s in rs.scripts.values() if "lite" in s.formats and s.category.name == "速攻魔法")
    assert visible_ids(page) == quick and quick
    page.fill("input[name=q]", "♢")
    assert visible_ids(page) == ["act-twist"]
    assert page.inner_text("#count") == f"1 / {len(rs.scripts)}"
    # the sidebar follows the filter
    assert page.eval_on_selector_all("aside li:not(.hidden)", "els => els.map(e => e.dataset.id)") == ["act-twist"]
    # the state is in the URL
    assert "format=lite" in page.url and "q=" in page.url
    assert page.errors == []


def test_search_finds_key_marks_and_suits_as_typed(site, page):
    """★ and ☆ are searchable, and a suit typed as ♥ ♦ ♤ ♧ finds the printed ♡ ♢ ♠ ♣."""
    _, rs = site
    page.goto(url(site, "?format=lite"))
    page.fill("input[name=q]", "★♡a〜10")
    assert visible_ids(page) == ["act-up"]
    page.fill("input[name=q]", "★♥A〜10")  # ♥ is an accepted spelling of ♡
    assert visible_ids(page) == ["act-up"]
    page.fill("input[name=q]", "★♠a~10")  # ~ is one of 〜
    assert visible_ids(page) == ["act-down"]
    page.fill("input[name=q]", "☆")
    assert visible_ids(page) == ids(s for s in rs.scripts.values() if "lite" in s.formats and s.kind != "action")
    page.fill("input[name=q]", "♣")
    clubs = [i for i in visible_ids(page)]
    assert "act-counter" in clubs and "act-throwing" in clubs
    assert page.errors == []


def test_format_and_frame_combine_as_a_regulation(site, page):
    _, rs = site
    page.goto(url(site))
    page.select_option("select[name=format]", "mast")
    page.select_option("select[name=frame]", "extra")
    assert visible_ids(page) == ids(rs.in_regulation("mast", "extra"))
    assert page.is_hidden("#regulation-notice")
    # エクストラ is played in マスター only: with ライト the pair is no regulation
    page.select_option("select[name=format]", "lite")
    assert visible_ids(page) == []
    assert page.is_visible("#regulation-notice")
    assert "エクストラ" in page.inner_text("#regulation-notice") and "マスター" in page.inner_text("#regulation-notice")
    page.click("#regulation-notice button")  # the notice offers the regulation the frame has
    assert page.input_value("select[name=format]") == "mast"
    assert visible_ids(page) == ids(rs.in_regulation("mast", "extra"))
    # a frame alone: its own scripts
    page.select_option("select[name=format]", "")
    assert visible_ids(page) == ids(s for s in rs.scripts.values() if "extra" in s.frames)
    assert page.errors == []


def test_a_scoped_override_takes_its_place_in_its_regulation_only(homebrew, page):
    _, rs = homebrew
    page.goto(url(homebrew, "?format=lite&frame=miniDuel"))
    shown = visible_ids(page)
    assert "act-up--miniDuel" in shown and "act-up" not in shown
    assert sorted(shown) == sorted(ids(rs.in_regulation("lite", "miniDuel")))
    page.goto(url(homebrew, "?format=lite&frame=entry20"))
    assert "act-up" in visible_ids(page) and "act-up--miniDuel" not in visible_ids(page)
    assert page.errors == []


def test_shared_url_restores_the_filter(site, page):
    _, rs = site
    page.goto(url(site, "?format=pro&category=" + quote("通常魔法") + "&q=" + quote("墓地")))
    assert page.input_value("select[name=format]") == "pro"
    assert page.input_value("select[name=category]") == "通常魔法"
    assert page.input_value("input[name=q]") == "墓地"
    expected = ids(s for s in rs.scripts.values() if "pro" in s.formats and s.category.name == "通常魔法"
                   and "墓地" in (s.effect.text if s.effect else ""))
    assert visible_ids(page) == expected and expected
    assert page.errors == []


def test_a_printed_filtered_page_states_its_filter(site, page):
    page.goto(url(site, "?format=lite&q=" + quote("★")))
    page.emulate_media(media="print")
    assert page.is_visible("#filter-summary")
    assert not page.is_visible("form#filters")
    summary = page.inner_text("#filter-summary")
    assert "フォーマット: ライト" in summary and "検索: ★" in summary
    assert f"{len(visible_ids(page))} / " in summary
    page.emulate_media(media="screen")
    page.goto(url(site))
    assert page.inner_text("#filter-summary") == "絞り込みなし"
    assert page.errors == []


def test_every_in_page_link_lands(site, nine, homebrew, page):
    for out, _ in (site, nine, homebrew):
        for html in sorted(out.glob("*.html")):
            page.goto(html.as_uri())
            hrefs = page.eval_on_selector_all("a[href^='#']", "els => els.map(e => e.getAttribute('href').slice(1))")
            missing = page.evaluate("ids => ids.filter(id => !document.getElementById(id))", hrefs)
            assert missing == [], (html.name, missing[:5])
            pages = page.eval_on_selector_all("a[href$='.html']", "els => els.map(e => e.getAttribute('href'))")
            assert all((out / p).resolve().exists() for p in pages), html.name
    page.goto(url(site, page="format-lite.html"))
    page.click("aside a[href='#act-counter']")
    assert page.evaluate("location.hash") == "#act-counter"
    top = page.evaluate("document.getElementById('act-counter').getBoundingClientRect().top")
    assert 0 <= top < 200
    assert page.errors == []


def test_anchors_are_the_official_lists_and_old_links_land(site, page):
    """Cards are #act-<id> and #char-<id> as on the official lists; a link of our older
    form (#counter) is taken to the card."""
    page.goto(url(site, "#act-counter", page="format-lite.html"))
    assert page.evaluate("document.querySelector(':target').id") == "act-counter"
    page.goto(url(site, "#soldier", page="format-lite.html"))
    assert page.evaluate("location.hash") == "#char-soldier"
    top = page.evaluate("document.getElementById('char-soldier').getBoundingClientRect().top")
    assert 0 <= top < 200
    assert page.errors == []


def test_procedure_citations_link_to_their_section(site, page):
    page.goto(url(site, page="frame-entry20.html"))
    link = page.locator("a.cite", has_text="3.9.2 共通手順：先攻決定")
    assert link.count() == 1
    link.click()
    assert page.evaluate("location.hash") == "#supplement-decideFirst"
    assert "数字の大きいプレイヤーが先攻" in page.inner_text("#supplement-decideFirst")
    top = page.evaluate("document.getElementById('supplement-decideFirst').getBoundingClientRect().top")
    assert 0 <= top < 900  # in view (the last section of the page cannot scroll to the top)
    assert page.errors == []


def test_the_9_0_supplements_are_on_its_pages(nine, page):
    page.goto(url(nine, page="format-lite.html"))
    page.locator("a.cite", has_text="「防壁の置き方」").click()
    assert page.evaluate("location.hash") == "#supplement-bulwarkPlacement"
    assert "ライフ側に詰めて置く" in page.inner_text("#supplement-bulwarkPlacement")
    assert page.title().endswith("BlackPoker 第9.0版 アクションリスト") and "8.2" not in page.title()
    assert page.errors == []


def test_a_homebrew_page_says_so_and_names_its_base(homebrew, page):
    page.goto(url(homebrew, page="frame-miniDuel.html"))
    banner = page.inner_text("p.homebrew")
    assert "自作ルール" in banner and "BlackPoker 公式ルール 第8.2版" in banner
    assert "ミニ決闘" in page.title() and "8.2" not in page.title()
    assert page.is_visible("#overrides") and page.is_visible("article#act-up--miniDuel")
    assert page.errors == []


def test_circled_cost_glyphs_by_default_and_letters_as_an_option(site, browser):
    """Costs print as the official lists print them (Ⓑ Ⓛ Ⓓ); a labelled box switches to letters."""
    pg = _page(browser)
    pg.goto(url(site, page="format-lite.html"))
    cost = "#act-up .cost"
    assert pg.inner_text(cost) == "$Ⓓ"
    assert pg.inner_text("#act-summonsHero .cost") == "$ⒷⒷⓁ"
    assert "Ⓑ B = 防壁をドライブする" in pg.inner_text("#legend")
    label = pg.inner_text("label.opt-label")
    assert "英字" in label and "☐" not in label  # the box is drawn, not text a reader would spell out
    assert not pg.is_checked("#letter-costs")
    pg.click("label.opt-label")
    assert pg.is_checked("#letter-costs")
    assert pg.inner_text(cost) == "$D" and pg.inner_text("#act-summonsHero .cost") == "$BBL"
    assert "Ⓑ" not in pg.inner_text("#legend")
    pg.goto(url(site, "?format=lite"))  # remembered from page to page
    assert pg.inner_text(cost) == "$D"
    pg.fill("input[name=q]", "ⒷⒷⓁ")  # the glyphs are searchable in either display
    assert visible_ids(pg) == ["act-summonsHero"]
    pg.fill("input[name=q]", "")
    pg.click("label.opt-label")
    assert pg.inner_text(cost) == "$Ⓓ"
    assert pg.errors == []
    pg.close()


def test_filters_on_a_format_page(site, page):
    """A format page filters its own scripts by category and search, the sidebar and the
    headings following; the state is in the URL; another frame takes the filter to the
    regulation on all.html, the category and search kept."""
    _, rs = site
    lite = ids(rs.in_regulation("lite"))
    page.goto(url(site, page="format-lite.html"))
    assert visible_ids(page) == lite
    assert page.input_value("select[name=format]") == "lite"
    assert page.inner_text("#count") == f"{len(lite)} / {len(lite)}"
    page.select_option("select[name=category]", "速攻魔法")
    quick = ids(s for s in rs.in_regulation("lite") if s.category.name == "速攻魔法")
    assert visible_ids(page) == quick and 0 < len(quick) < len(lite)
    # the headings of lists with nothing left go too
    assert not page.is_visible("h2#characters") and page.is_visible("h2#actions")
    assert page.eval_on_selector_all("aside li:not(.hidden)", "els => els.map(e => e.dataset.id)") == quick
    page.fill("input[name=q]", "♢")
    assert visible_ids(page) == ["act-twist"]
    assert "category=" in page.url and "q=" in page.url and "format=" not in page.url
    assert page.inner_text("#filter-summary") == f"絞り込み: カテゴリ: 速攻魔法 / 検索: ♢ (1 / {len(lite)})"
    page.reload()  # a shared link restores it
    assert visible_ids(page) == ["act-twist"] and page.input_value("select[name=category]") == "速攻魔法"
    with page.expect_navigation():
        page.select_option("select[name=frame]", "entry20")
    assert page.url.split("/")[-1].startswith("all.html?format=lite&frame=entry20&category=")
    assert page.input_value("input[name=q]") == "♢" and visible_ids(page) == ["act-twist"]
    assert page.errors == []


def test_filters_on_a_frame_page(site, page):
    _, rs = site
    extra = [s for s in rs.scripts.values() if "extra" in s.frames]
    page.goto(url(site, page="frame-extra.html"))
    assert page.input_value("select[name=frame]") == "extra"
    assert sorted(visible_ids(page)) == sorted(ids(extra))
    page.fill("input[name=q]", "墓地")
    expected = ids(s for s in extra if "墓地" in search_text(s, rs))
    assert sorted(visible_ids(page)) == sorted(expected) and 0 < len(expected) < len(extra)
    with page.expect_navigation():  # another frame: its page, the search kept
        page.select_option("select[name=frame]", "pack")
    assert page.url.split("/")[-1] == "frame-pack.html?q=" + quote("墓地")
    assert page.input_value("input[name=q]") == "墓地"
    assert page.errors == []


def test_filters_on_a_format_page_on_a_phone(site, phone):
    phone.goto(url(site, "?category=" + quote("速攻魔法"), page="format-std.html"))
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1
    for field in ("format", "frame", "category"):
        box = phone.eval_on_selector(f"select[name={field}]", "e => e.getBoundingClientRect().right")
        assert box <= PHONE["width"], field
    assert phone.is_visible("input[name=q]") and visible_ids(phone)
    assert phone.errors == []


def test_the_index_links_the_other_editions(site, nine, page):
    page.goto(url(site, page="index.html"))
    page.click("#editions + ul a")
    assert page.url == url(nine, page="index.html")
    assert "第9.0版" in page.inner_text("h1")
    page.click("#editions + ul a")
    assert page.url == url(site, page="index.html")
    assert page.errors == []


def test_the_list_closes_after_a_tap_on_a_phone(site, phone):
    phone.goto(url(site, page="format-lite.html"))
    assert not phone.is_visible("aside .toc")
    phone.tap("label.toc-button")
    assert phone.is_visible("aside .toc")
    phone.tap("aside a[href='#act-counter']")
    assert phone.evaluate("location.hash") == "#act-counter"
    assert not phone.is_visible("aside .toc")  # closed: the card is in view, not the list
    top = phone.evaluate("document.getElementById('act-counter').getBoundingClientRect().top")
    assert 0 <= top < 300
    assert phone.errors == []


WORDS = """els => {
  // every run of characters between punctuation or spaces: on one line, or cut in two
  const cut = [];
  for (const el of els) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const re = /[^\\s・、。,()（）「」：:\\/]+/g;
      let m;
      while ((m = re.exec(node.data))) {
        const r = document.createRange();
        r.setStart(node, m.index);
        r.setEnd(node, m.index + m[0].length);
        const tops = new Set(Array.from(r.getClientRects()).map(x => Math.round(x.top)));
        if (tops.size > 1) { cut.push(m[0]); }
      }
    }
  }
  return cut;
}"""


@pytest.mark.parametrize("frame", ["extra", "pack", "entry20"])
def test_frame_tables_keep_words_whole_on_a_phone(site, phone, frame):
    phone.goto(url(site, page=f"frame-{frame}.html"))
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1
    assert phone.eval_on_selector_all("table.plain th, table.plain td", WORDS) == []
    assert phone.errors == []


def test_frame_page_on_a_phone(site, phone):
    phone.goto(url(site, page="frame-extra.html"))
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1
    assert phone.is_visible("#disclosure") and phone.is_visible("article#act-open")
    assert phone.errors == []


def test_screenshots_desktop_and_phone(site, nine, browser, tmp_path):
    shots = Path(os.environ.get("BPSCRIPT_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    for name, width, height in (("desktop", 1280, 900), ("phone", 390, 844)):
        pg = _page(browser, {"width": width, "height": height})
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
            assert pg.evaluate("document.querySelector('main').getBoundingClientRect().top") < 300
        path = shots / f"all-{name}.png"
        pg.screenshot(path=str(path))
        assert path.stat().st_size > 10_000
        pg.goto(url(nine, page="changes.html"))
        assert "ドロウ" in pg.inner_text("#change-action-draw")
        pg.screenshot(path=str(shots / f"changes-{name}.png"))
        assert pg.errors == []
        pg.close()
