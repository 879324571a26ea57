"""The documentation site builds with `mkdocs build --strict` (no broken links or nav), and
every internal link of the built site lands: on a file of the site, and on an element of
that page when it names one (`#id`). The home page says how to start, the navigation is in
sections, lint pages are titled by code and name with highlighted examples, the API
reference lists the public functions with their signatures, and the interface is English
while the search also reads Japanese."""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
import yaml

ROOT = Path(__file__).parent.parent


class _Links(HTMLParser):
    """The ids of a page and the links (href, src) it holds."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("id", "name") and value:
                self.ids.add(value)
            if value and ((name == "href" and tag in ("a", "link", "area")) or (name == "src" and tag in ("img", "script"))):
                self.links.append(value)


def _parse(path: Path) -> _Links:
    p = _Links()
    p.feed(path.read_text("utf-8"))
    return p


def broken_links(site: Path, root: str = "/") -> tuple[int, list[str]]:
    """(how many internal links the site's pages hold, those that do not land); `root` is
    the path of site_url, where an absolute link (404.html's) starts."""
    pages = {p: _parse(p) for p in site.rglob("*.html")}
    count, broken = 0, []
    for page, parsed in pages.items():
        for link in parsed.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "javascript:")):
                continue  # not ours: the repository, the rulebook
            count += 1
            path = unquote(parts.path)
            if path.startswith("/"):
                if not path.startswith(root):
                    broken.append(f"{page.relative_to(site)}: {link} (outside {root})")
                    continue
                base, path = site, path[len(root):]
            else:
                base = page.parent
            target = (base / path).resolve() if parts.path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file() or site.resolve() not in target.parents:
                broken.append(f"{page.relative_to(site)}: {link}")
                continue
            fragment = unquote(parts.fragment)
            if fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else _parse(target).ids
                if fragment not in ids:
                    broken.append(f"{page.relative_to(site)}: {link} (no #{fragment})")
    return count, broken


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    pytest.importorskip("mkdocs")
    pytest.importorskip("material")
    pytest.importorskip("mkdocstrings_handlers.python", reason="the API reference needs mkdocstrings[python]")
    out = tmp_path_factory.mktemp("docs") / "site"
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    return out


def test_mkdocs_build_strict(site):
    assert (site / "index.html").is_file()
    # ```bps fences come out highlighted by bpscript's lexer (the `bps` entry point)
    page = (site / "language" / "index.html").read_text("utf-8")
    assert 'class="language-bps highlight"' in page
    for span in ('<span class="kd">action</span>', '<span class="nd">@直接-通常-メイン</span>',
                 '<span class="na">effect</span>'):
        assert span in page, span


def test_every_internal_link_lands(site):
    root = urlsplit(yaml.safe_load((ROOT / "mkdocs.yml").read_text("utf-8"))["site_url"]).path
    count, broken = broken_links(site, root)
    assert count > 1000  # every page's navigation, tables of contents and cross-references
    assert broken == [], f"{len(broken)} of {count} internal links do not land: {broken[:10]}"


def test_the_link_check_finds_a_broken_link(site, tmp_path):
    """The checker is not blind: a page with a missing file and a missing anchor fails it."""
    (tmp_path / "index.html").write_text('<a href="gone/">x</a><a href="#nowhere">y</a><p id="here"></p>'
                                         '<a href="#here">z</a><a href="https://example.org/">w</a>', "utf-8")
    assert broken_links(tmp_path) == (3, ["index.html: gone/", "index.html: #nowhere (no #nowhere)"])


def test_home_page_says_what_it_is_and_how_to_start(site):
    home = (site / "index.html").read_text("utf-8")
    text = re.sub(r"<[^>]+>", "", home)
    assert "Quick start" in text and "pipx install ." in text and "bpscript new frame duel" in text
    assert 'href="tutorial/"' in home
    assert "第8.2版" in text and "第9.0版" in text


def test_navigation_in_sections_with_short_titles():
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text("utf-8"))
    nav = config["nav"]
    assert len(nav) <= 9 and all(isinstance(entry, dict) for entry in nav)

    def titles(entries):
        for e in entries:
            if isinstance(e, dict):
                for k, v in e.items():
                    yield k
                    if isinstance(v, list):
                        yield from titles(v)
    assert all(len(t) <= 40 and "公式ルール" not in t for t in titles(nav))
    assert config["repo_url"] == "https://github.com/blackpoker/bpscript" and config["site_url"].startswith("https://")
    assert config["theme"]["language"] == "en"


def test_lint_pages_are_titled_by_code_and_name_with_highlighted_examples(site):
    page = (site / "lint" / "g1" / "index.html").read_text("utf-8")
    assert re.search(r"<title>G1 single-target - bpscript</title>", page)
    assert re.search(r'<h1 id="g1-single-target">G1 single-target', page)
    assert 'class="language-bps highlight"' in page and '<span class="kd">action</span>' in page
    nav = (site / "index.html").read_text("utf-8")
    assert "G1 single-target" in nav and "アクションの対象は単対象" not in nav


def test_api_reference_lists_the_public_functions_with_signatures(site):
    page = (site / "reference" / "api" / "index.html").read_text("utf-8")
    text = html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", page)))
    for anchor in ("bpscript.lint.lint_paths", "bpscript.lint.LintReport", "bpscript.lint.Finding",
                   "bpscript.load.loader.load", "bpscript.engine.players.agents.Agent", "bpscript.engine.players.agents.Agent.request",
                   "bpscript.engine.players.agents.Agent.choose", "bpscript.engine.kernel.game.Game"):
        assert f'id="{anchor}"' in page, anchor
    # mkdocstrings lays a long signature out with Black or Ruff when either is installed (line
    # breaks, a trailing comma): the signatures are compared without the layout
    flat = re.sub(r",\)", ")", re.sub(r"\s+", "", text))
    for signature in ("lint_paths(paths: Iterable[str | Path], select: list[str] | None = None, "
                      "ignore: list[str] | None = None) -> LintReport",
                      "load(paths: list[str | Path], typecheck: bool = True, ruleset: str | None = None,",
                      "request(view: PlayerView, player: int, options: Sequence[Option]) -> Option | None",
                      "choose(view: PlayerView, player: int, options: Sequence[T], count: int | None, prompt: str, "
                      "at_least: int = 1) -> list[T]",
                      "yes(view: PlayerView, player: int, question: str) -> bool"):
        assert re.sub(r"\s+", "", signature) in flat, signature


def test_the_interface_is_english_and_the_search_reads_japanese(site):
    home = (site / "index.html").read_text("utf-8")
    assert '<html lang="en"' in home and "検索" not in home
    config = json.loads(re.search(r'<script id="__config" type="application/json">(.*?)</script>', home, re.S).group(1))
    assert config["translations"]["search.result.none"] == "No matching documents"
    assert 'placeholder="Search"' in home
    index = json.loads((site / "search" / "search_index.json").read_text("utf-8"))
    assert index["config"]["lang"] == ["en", "ja"]
    sitemap = (site / "sitemap.xml").read_text("utf-8")
    assert "https://blackpoker.github.io/bpscript/reference/api/" in sitemap  # site_url fills the sitemap
