"""The action lists as Markdown (for the docs site): one page per format and per frame.

Markdown is not escaped by a template engine, so every piece of script text goes
through `md()`, which neutralises HTML and Markdown syntax characters.
"""

from __future__ import annotations

import re

from .. import model as m
from .html_backend import by_category
from .textfmt import Block, parse_blocks

_SPECIAL = re.compile(r"([\\`*_{}\[\]#+!|])")


def _zone(rs: m.Ruleset, zone: str) -> str:
    found = rs.vocabulary.zones.get(zone)
    return found.name if found is not None else zone


def md(text: str) -> str:
    """Script text made inert in Markdown: HTML characters as entities, syntax escaped."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _SPECIAL.sub(r"\\\1", text)


def _blocks(blocks: list[Block], depth: int = 0) -> list[str]:
    out: list[str] = []
    pad = "    " * depth
    for b in blocks:
        if b.kind == "p":
            out.append(f"{pad}{md(b.text)}")
            out.append("")
            continue
        for it in b.items:
            marker = "-" if it.marker == "・" else (f"{it.marker}." if it.marker.isdigit() else "-")
            label = f"{it.marker}. " if it.marker.isalpha() and it.marker != "・" else ""
            out.append(f"{pad}{marker} {label}{md(it.text)}")
            if it.children:
                out.append("")
                out.extend(_blocks(it.children, depth + 1))
        out.append("")
    return out


def _field(title: str, text: str) -> list[str]:
    blocks = parse_blocks(text)
    if len(blocks) == 1 and blocks[0].kind == "p":
        return [f"**{title}**: {md(blocks[0].text)}", ""]
    return [f"**{title}**:", ""] + _blocks(blocks)


def script_markdown(s: m.Script, rs: m.Ruleset) -> list[str]:
    out = [f"#### 【{md(s.name)}】({md(s.type.name)}) {{#{s.id}}}", ""]
    if s.ruby:
        out += [f"*{md(s.ruby)}*", ""]
    if isinstance(s, m.ActionScript):
        marks = [x for x in (s.header.text if s.header else "", s.cost.text if s.cost else "",
                             f"★{s.key.text}" if s.key else "") if x]
        out += ["`" + "` `".join(marks) + "`", ""]
        for title, value in (("特記事項", s.note), ("起動条件", s.activation.text if s.activation else None),
                             ("誘発条件", s.trigger_condition.text if s.trigger_condition else None),
                             ("対象", s.target.text if s.target else None),
                             ("効果", s.effect.text if s.effect else None)):
            if value:
                out += _field(title, value)
    elif isinstance(s, m.ComponentScript):
        if s.unit_condition:
            out += _field("ユニット条件", s.unit_condition.text)
        if s.size:
            out += _field("サイズ", s.size.text)
        if s.labels:
            out += [f"**ラベル**: " + " ".join(md(f"<{l.name}>") + (f"({md(l.qualifier)})" if l.qualifier else "")
                                               for l in s.labels), ""]
        if s.placed_by:
            out += _field("配置先", s.placed_by)
        for a in s.abilities:
            out += _field("能力", a.text)
    if s.story:
        out += _field("ストーリー", s.story)
    if s.flavor:
        out += [f"> {md(line)}  " for line in s.flavor.text.split("\n")]
        if s.flavor.speaker:
            out += [f"> — {md(s.flavor.speaker)}"]
        out.append("")
    meta = []
    if s.since:
        meta.append(f"導入 {md(s.since)}")
    if s.update:
        meta.append("更新 " + ", ".join(md(u) for u in s.update))
    names = [rs.formats[f].name if f in rs.formats else f for f in s.formats]
    names += [rs.frames[f].name if f in rs.frames else f for f in s.frames]
    meta.append(" ".join(f"[{md(n)}]" for n in names))
    out += [" · ".join(meta), ""]
    return out


def _page(title: str, intro: list[str], scripts: list[m.Script], rs: m.Ruleset) -> str:
    out = [f"# {md(title)}", ""] + intro
    actions = [s for s in scripts if s.kind == "action"]
    if actions:
        out += ["## アクションリスト", ""]
        for category, items in by_category(actions):
            out += [f"### {md(category)}", ""]
            for s in items:
                out += script_markdown(s, rs)
    for kind, title in (("character", "キャラクターリスト"), ("fog", "フォグリスト"), ("trump", "切札リスト")):
        items = [s for s in scripts if s.kind == kind]
        if items:
            out += [f"## {title}", ""]
            for s in items:
                out += script_markdown(s, rs)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


def render_markdown(rs: m.Ruleset) -> dict[str, str]:
    pages: dict[str, str] = {}
    legend = ["`@` トリガー-スピード-タイミング · `$` コスト (" +
              "、".join(f"{c.letter} = {md(c.text)}" for c in rs.costs.values()) +
              ") · `★` キーカード条件 · `※` 特記事項", ""]
    for fmt in rs.formats.values():
        scripts = [s for s in rs.scripts.values() if fmt.id in s.formats]
        pages[f"format-{fmt.id}.md"] = _page(f"{fmt.name} アクションリスト", [md(fmt.summary), ""] + legend, scripts, rs)
    for fr in rs.frames.values():
        scripts = [s for s in rs.scripts.values() if fr.id in s.frames]
        intro = [f"**フォーマット**: " + "、".join(rs.formats[f].name if f in rs.formats else f for f in fr.formats), ""]
        intro += _field("デッキ条件", fr.deck.text) + [f"**領域**: " + "、".join(_zone(rs, z) for z in fr.zones), ""]
        intro += _field("ゲームの準備", fr.setup.text)
        for d in fr.disclosure:
            intro += [f"**公開レベル ({_zone(rs, d.zone)})**: 完全公開 {md(d.public)} / "
                      f"個人公開 {md(d.owner_only)} / 非公開 {md(d.hidden)}", ""]
        intro += legend
        pages[f"frame-{fr.id}.md"] = _page(f"フレーム {fr.name}", intro, scripts, rs)
    return pages


def build_markdown(rs: m.Ruleset) -> dict[str, bytes]:
    return {f"markdown/{name}": text.encode("utf-8") for name, text in render_markdown(rs).items()}
