"""Cross-references on the HTML pages: a trump lists the actions and characters that refer
to it, and 「X」 in a text links to X when the model says so — every link resolves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bpscript.backends.html_backend import render_pages
from bpscript.load.loader import load_official


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return render_pages(load_official().ruleset)


def _article(page: str, sid: str) -> str:
    """The card of script `sid` (its id is the official list's: act-…, char-…, trump-…)."""
    i = re.search(rf'<article class="script" id="(?:act|char|fog|trump)-{sid}"', page).start()
    return page[i:page.index("</article>", i)]


def test_trump_lists_its_related_actions_and_characters(pages):
    card = _article(pages["frame-extra.html"], "sJ")
    related = card[card.index("<dt>関連</dt>"):]
    assert re.findall(r'href="#(?:act|char)-(\w+)"', related) == [
        "summonReanimator", "quickSummonReanimator", "reanimatorReanimate", "reanimatorRevive", "reanimator"]
    assert "<span class=\"kind\">アクション</span>" in related and "<span class=\"kind\">キャラクター</span>" in related
    assert "<dt>関連</dt>" not in _article(pages["frame-extra.html"], "c9")  # 要塞: nothing refers to it


def test_reference_links_follow_the_model(pages):
    page = pages["frame-extra.html"]
    assert '効果の内容は「<a href="#act-summonReanimator">リアニメーター召喚</a>」を参照。' in _article(page, "quickSummonReanimator")
    # the referred action is on another page: the page with every script
    assert '効果の内容は「<a href="all.html#act-reanimate">リアニメイト</a>」を参照。' in _article(page, "reanimatorReanimate")
    assert '自分の表切札に「<a href="#trump-sA">革命</a>」' in _article(page, "revolutionDraw")
    # 「防壁の置き方」 names no script: no link
    assert "「防壁の置き方」参照" in _article(pages["format-lite.html"], "setBulwark")


def test_every_link_resolves(pages):
    ids = {name: set(re.findall(r'<article class="script" id="([^"]+)"', page)) for name, page in pages.items()}
    for name, page in pages.items():
        for target_page, anchor in re.findall(r'<a href="([\w.-]*)#([^"]+)"', page):
            if target_page == "" and anchor in ("legend", "setup", "disclosure", "actions", "characters", "fogs",
                                                "trumps") or anchor.startswith("cat-"):
                continue
            assert anchor in ids[target_page or name], (name, target_page, anchor)


def test_links_and_related_names_are_escaped(load_on_vocabulary):
    result = load_on_vocabulary(Path(__file__).parent / "fixtures" / "xref")
    assert not result.errors
    page = render_pages(result.ruleset)["format-lite.html"]
    assert "<i>危</i>" not in page
    use = _article(page, "useIt")
    assert '自分の表切札に「<a href="#trump-t1">&lt;i&gt;危&lt;/i&gt;</a>」がある' in use
    assert '「<a href="#trump-t1">&lt;i&gt;危&lt;/i&gt;</a>」と「使う」と「他」。' in use  # only what it refers to
    assert '効果の内容は「<a href="#act-useIt">使う</a>」を参照。' in _article(page, "other")
    trump = _article(page, "t1")
    assert '<a href="#act-useIt">使う</a>' in trump and "#act-other" not in trump
