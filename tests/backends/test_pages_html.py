"""The HTML action list pages: exactly the model's scripts per format and frame, lists
kept as lists, self-contained, and every homebrew text inert."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from bpscript.backends.html_backend import render_pages
from bpscript.backends.markdown_backend import render_markdown
from bpscript.backends.docgen import action_list_pages
from bpscript.load.loader import load, load_bundled, load_official

ROOT = Path(__file__).parents[2]
DATA = ROOT / "tests" / "data"
ARTICLE = re.compile(r'<article class="script" id="(?:act|char|fog|trump)-([^"]+)"')


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return render_pages(load_official().ruleset)


def _reference():
    base = yaml.safe_load((DATA / "blackpoker-8.2-base.yaml").read_text("utf-8"))
    frames = yaml.safe_load((DATA / "blackpoker-8.2-frames.yaml").read_text("utf-8"))
    scripts = []
    for doc in (base, frames):
        for key in ("actions", "characters", "fogs", "trumps"):
            scripts += doc.get(key, [])
    return base, frames, scripts


BASE, FRAMES, SCRIPTS = _reference()


@pytest.mark.parametrize("fmt", [f["id"] for f in BASE["formats"]])
def test_format_page_lists_exactly_the_formats_scripts(pages, fmt):
    expected = [s["id"] for s in SCRIPTS if fmt in s.get("formats", [])]
    assert ARTICLE.findall(pages[f"format-{fmt}.html"]) == expected


@pytest.mark.parametrize("frame", [f["id"] for f in FRAMES["frames"]])
def test_frame_page_lists_exactly_the_frames_scripts(pages, frame):
    expected = [s["id"] for s in SCRIPTS if frame in s.get("frames", [])]
    page = pages[f"frame-{frame}.html"]
    assert ARTICLE.findall(page) == expected
    ref = next(f for f in FRAMES["frames"] if f["id"] == frame)
    assert ref["name"] in page
    plain = re.sub(r"<[^>]+>", "", page)
    for line in ref["setup"].split("\n"):
        assert re.sub(r"^[0-9]+\.\s*", "", line) in plain
    for zone, levels in (ref.get("disclosure") or {}).items():
        for text in levels.values():
            assert text in page


def test_all_page_has_every_script_once(pages):
    assert sorted(ARTICLE.findall(pages["all.html"])) == sorted(s["id"] for s in SCRIPTS)
    assert 'id="filters"' in pages["all.html"] and "URLSearchParams" in pages["all.html"]


def test_every_printed_field_appears(pages):
    page = pages["format-mast.html"]
    for s in SCRIPTS:
        if "mast" not in s.get("formats", []):
            continue
        assert f"【{s['name']}】" in page
        for field in ("key", "note", "activation", "trigger_condition", "target", "flavor", "flavor_speaker"):
            if s.get(field):
                plain = re.sub(r"<[^>]+>", "", page).replace("&#34;", '"').replace("&#39;", "'")
                assert s[field].split("\n")[0].replace("・", "") in plain, (s["id"], field)


def test_effect_lists_are_real_lists(pages):
    page = pages["format-lite.html"]
    card = page[page.index('<article class="script" id="act-damageJudge"'):page.index('<article class="script" id="act-nextGeneration"')]
    assert card.count("<ol") == 3 and '<ol type="A">' in card
    assert '<li value="2">防壁を墓地に移す。' in card
    attack = page[page.index('<article class="script" id="act-attack"'):page.index('<article class="script" id="act-block"')]
    assert attack.count("<ul>") == 1 and attack.count("<li>") == 3


def test_hearts_and_diamonds_are_red(pages):
    assert '★<span class="red">♡</span>A〜10' in pages["format-lite.html"]
    assert '<span class="red">♠' not in pages["format-lite.html"]


def test_legend_explains_the_marks_and_costs(pages):
    page = pages["all.html"]
    for c in BASE["costs"]:
        assert f"{c['letter']} = {c['text']}" in page


def test_pages_are_self_contained(pages):
    for name, page in pages.items():
        assert not re.search(r'(src|href)="(https?:)?//', page), name
        assert "<link" not in page and "@import" not in page, name
        for href in re.findall(r'href="([^"#]+)"', page):
            # the other bundled editions, built beside this one (test_the_index_links_every_bundled_edition)
            assert href in pages or (name == "index.html" and EDITION.fullmatch(href)), (name, href)


EDITION = re.compile(r"\.\./\.\./([^/]+)/html/index\.html")


def test_the_index_links_every_bundled_edition(pages):
    """`bpscript build` writes each bundled ruleset to generated/<name>/html/: the index of
    each links the others there, and names its own."""
    from bpscript.load.catalog import catalog
    for name, index in (("blackpoker-8.2", pages["index.html"]),
                        ("blackpoker-9.0", render_pages(load_bundled("blackpoker-9.0").ruleset)["index.html"])):
        linked = EDITION.findall(index)
        assert sorted(linked + [name]) == sorted(catalog()), linked
        assert all((ROOT / "generated" / n / "html" / "index.html").is_file() for n in linked)
    assert "BlackPoker 第9.0版</a>" in pages["index.html"]
    homebrew = render_pages(load([ROOT / "frames" / "homebrew-example"]).ruleset)["index.html"]
    assert not EDITION.search(homebrew)  # a package names its base on every page instead


def test_a_frame_page_names_its_frame_once(pages):
    """A package of one frame takes the frame's title: its page says 決闘 once in the header
    and in the title, not 「決闘 フレーム 決闘」."""
    rs = load([ROOT / "tests" / "backends" / "fixtures" / "one-frame"]).ruleset
    assert rs.info.title == "決闘"
    page = render_pages(rs)["frame-duel.html"]
    header = re.search(r"<header.*?</header>", page, re.S).group(0)
    h1 = re.sub(r"<[^>]+>", "", re.search(r"<h1>.*?</h1>", header).group(0))
    assert h1 == "決闘"
    assert re.search(r"<title>(.*?)</title>", page).group(1) == "決闘 アクションリスト"
    assert "<h2>フレーム: 決闘</h2>" in page
    assert re.search(r"<title>(.*?)</title>", pages["frame-extra.html"]).group(1) == \
        "エクストラ — BlackPoker 公式ルール 第8.2版 アクションリスト"


def test_every_list_page_has_the_filters(pages):
    """Format, frame, category and search on every format and frame page and on all.html;
    each page tells the filter script which format or frame it lists."""
    for name, page in pages.items():
        if name == "index.html":
            assert 'id="filters"' not in page
            continue
        assert 'id="filters"' in page and "URLSearchParams" in page, name
        for field in ('name="format"', 'name="frame"', 'name="category"', 'name="q"'):
            assert field in page, (name, field)
        data = json.loads(re.search(r'<script type="application/json" id="filter-data">(.*?)</script>',
                                    page, re.S).group(1))
        kind, _, rest = name.partition("-")
        assert data["page"] == ({kind: rest[:-5]} if kind in ("format", "frame") else None), name
    lite = pages["format-lite.html"]
    assert '<option value="lite" selected>' in lite
    categories = re.search(r'<select name="category">(.*?)</select>', lite).group(1)
    assert "速攻魔法" in categories and "切札" not in categories  # the page's own categories


def test_in_page_links_land(pages):
    for name, page in pages.items():
        ids = set(re.findall(r'id="([^"]+)"', page))
        for target in re.findall(r'href="#([^"]+)"', page):
            assert target in ids, (name, target)


def test_homebrew_text_is_inert():
    result = load([ROOT / "tests" / "backends" / "fixtures" / "evil"])
    assert not result.errors, [d.message for d in result.errors]
    rs = result.ruleset
    html = render_pages(rs)["format-lite.html"]
    card = html[html.index('<article class="script" id="act-evil"'):]
    card = card[:card.index("</article>")]
    for raw in ("<script>", "</style>", "<img", "<svg", "<b>太字", "</title>", '"onload=', "<!--"):
        assert raw not in card, raw
    assert "&lt;script&gt;alert(&#39;name&#39;)&lt;/script&gt;" in card
    assert "{{ 7 * 7 }}" in card  # not evaluated as a template
    md = render_markdown(rs)["format-lite.md"]
    section = md[md.index("{#act-evil}"):]
    assert "<script>" not in section and "<svg" not in section and "&lt;script&gt;" in section


def test_a_markdown_page_title_holds_no_html_character_even_escaped():
    """mkdocs themes print the title in <title> through striptags, which decodes entities:
    the title is front matter, with & < > " ' in their fullwidth forms; the heading keeps
    the name exactly, escaped."""
    import yaml

    from bpscript.backends.markdown_backend import front_title
    name = "</title><script>alert(1)</script>&amp;\"'\n\x85x"
    title = yaml.safe_load(f"title: {front_title(name)}")["title"]
    assert title == "＜/title＞＜script＞alert(1)＜/script＞＆amp;＂＇ x"
    rs = load([ROOT / "tests" / "backends" / "fixtures" / "evil"]).ruleset
    for text in render_markdown(rs).values():
        front, body = text.split("\n---\n", 1)
        assert front.startswith("---\ntitle: ") and not set("<>&") & set(yaml.safe_load(front[4:])["title"])


def test_pages_are_deterministic():
    assert render_pages(load_official().ruleset) == render_pages(load_official().ruleset)


def test_docs_action_lists_are_fresh():
    for name, text in action_list_pages().items():
        assert (ROOT / "docs" / "action-lists" / name).read_text("utf-8") == text, \
            f"docs/action-lists/{name} is stale: run `python -m bpscript.backends.docgen`"
