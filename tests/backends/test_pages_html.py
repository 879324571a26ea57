"""The HTML action list pages: exactly the model's scripts per format and frame, lists
kept as lists, self-contained, and every homebrew text inert."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from bpscript.backends.html_backend import render_pages
from bpscript.backends.markdown_backend import render_markdown
from bpscript.docgen import action_list_pages
from bpscript.loader import load, load_official

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
            assert href in pages, (name, href)


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
            f"docs/action-lists/{name} is stale: run `python -m bpscript.docgen`"
