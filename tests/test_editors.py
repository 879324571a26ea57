"""editors/vscode: valid JSON, wired together, and a grammar that covers the language's
keywords (every literal word of grammar.lark gets a scope of its own)."""

from __future__ import annotations

import json
import os
import re
import zipfile
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
VSCODE = ROOT / "editors" / "vscode"


def load(name: str):
    return json.loads((VSCODE / name).read_text("utf-8"))


def test_the_extension_is_wired_together():
    pkg = load("package.json")
    (lang,) = pkg["contributes"]["languages"]
    (grammar,) = pkg["contributes"]["grammars"]
    assert lang["id"] == grammar["language"] == "bps" and lang["extensions"] == [".bps"]
    assert (VSCODE / lang["configuration"]).is_file() and (VSCODE / grammar["path"]).is_file()
    assert "vscode-languageclient" in pkg["devDependencies"]  # bundled into dist/ by esbuild
    assert "esbuild ./extension.js --bundle --outfile=dist/extension.js" in pkg["scripts"]["vscode:prepublish"]
    assert pkg["main"] == "./dist/extension.js" and pkg["license"] == "MIT" and pkg["repository"]["url"]
    assert (VSCODE / "LICENSE").read_bytes() == (ROOT / "LICENSE").read_bytes()
    assert pkg["contributes"]["configuration"]["properties"]["bpscript.server.command"]["default"] == ["bpscript", "lsp"]
    assert load(grammar["path"])["scopeName"] == grammar["scopeName"] == "source.bps"
    conf = load(lang["configuration"])
    assert conf["comments"]["lineComment"] == "#"
    for key in ("increaseIndentPattern", "decreaseIndentPattern"):
        re.compile(conf["indentationRules"][key])


def test_the_client_starts_bpscript_lsp():
    source = (VSCODE / "extension.js").read_text("utf-8")
    assert 'require("vscode-languageclient/node")' in source and '["bpscript", "lsp"]' in source
    if shutil.which("node"):
        subprocess.run(["node", "--check", str(VSCODE / "extension.js")], check=True)


def _patterns(node):
    """Every pattern of the grammar with its regex and the scope of the whole match or of
    each capture group."""
    if isinstance(node, dict):
        for key in ("match", "begin"):
            if key in node:
                caps = node.get("captures") or node.get("beginCaptures") or {}
                yield node[key], node.get("name"), {int(k): v["name"] for k, v in caps.items()}
        for value in node.values():
            yield from _patterns(value)
    elif isinstance(node, list):
        for value in node:
            yield from _patterns(value)


def keywords() -> set[str]:
    text = (ROOT / "bpscript" / "syntax" / "grammar.lark").read_text("utf-8")
    rules = re.sub(r"//[^\n]*", "", text)  # the comments quote example text
    return set(re.findall(r'"([a-z_]+)"', rules))


def sample(word: str) -> str:
    if word in ("action", "character", "fog", "trump", "format", "frame", "speed", "timing", "zone", "component",
                "type", "role", "label", "status", "owner", "spelling", "rule", "phrase"):
        return f'{word} someId "名前" {{'
    if word == "override":
        return 'override action someId "名前" {'
    if word == "cost":
        return 'cost B Bulwark "防壁をドライブする"'
    if word == "ruleset":
        return 'ruleset "my-rules" "わたしのルール" {'
    if word == "supplement":
        return 'supplement placing "置き方" {'
    if word == "extends":
        return 'extends "blackpoker-8.2"'
    if word in ("allow", "disclosure"):
        return f"  {word} G2 \"理由\"" if word == "allow" else f'  {word} pack: "a" "b" "c"'
    if word in ("ruby", "category", "note", "activation", "trigger", "target", "effect", "story", "flavor",
                "formats", "frames", "since", "update", "size", "labels", "ability", "placed_by", "summary",
                "deck", "deck_cards", "zones", "setup", "action_lists", "dev_note", "text"):
        return f"  {word}: x"
    return f"    x {word} y"


def test_the_grammar_covers_every_keyword():
    grammar = load("syntaxes/bps.tmLanguage.json")
    found = {}
    for word in sorted(keywords()):
        line = sample(word)
        start = line.index(word)
        scopes = set()
        for regex, name, captures in _patterns(grammar):
            for m in re.finditer(regex, line, re.M):
                if name and m.start() <= start and m.end() >= start + len(word) and m.group() == word:
                    scopes.add(name)
                for group, scope in captures.items():
                    if m.group(group) and m.group(group).strip() == word and m.start(group) <= start:
                        scopes.add(scope)
        found[word] = {s for s in scopes if not s.startswith("variable.other.bps")}
    missing = sorted(w for w, s in found.items() if not s)
    assert not missing, missing
    assert len(found) >= 50


@pytest.mark.parametrize("line, text, scope", [
    ("  @直接-通常-クイック $D ★♡A〜10", "@直接-通常-クイック", "keyword.other.header.bps"),
    ("  @直接-通常-クイック $D ★♡A〜10", "$D", "constant.other.cost.bps"),
    ("  @直接-通常-クイック $D ★♡A〜10", "★♡A〜10", "string.unquoted.condition.bps"),
    ('action up "アップ" (速攻魔法) {', "(速攻魔法)", "entity.name.class.type.bps"),
    ("  labels: <アタッカー> <速攻>(A のみ)", "<速攻>", "entity.name.tag.label.bps"),
    ("    move(target, to=grave)  # comment", "# comment", "comment.line.number-sign.bps"),
])
def test_the_grammar_scopes_the_header_parts(line, text, scope):
    grammar = load("syntaxes/bps.tmLanguage.json")
    start = line.index(text)
    hits = [name for regex, name, _ in _patterns(grammar) if name == scope
            for m in re.finditer(regex, line) if m.start() == start and m.group() == text]
    assert hits, (line, text)


def test_a_label_guard_is_code_up_to_its_comma():
    """In `labels:`, `when` opens a guard where `<` and `>` compare; it ends at a comma
    outside parentheses (the next label follows) or at the end of the line."""
    repo = load("syntaxes/bps.tmLanguage.json")["repository"]
    labels = next(p for p in repo["field"]["patterns"] if p.get("begin", "").startswith("^\\s*(labels)"))
    assert labels["patterns"][0] == {"include": "#guard"}
    guard, nested = repo["guard"], repo["nested"]
    line = "  labels: <アタッカー> when has_number(unit, 1) and unit.size < 3 and x > 1, <ブロッカー>"
    start = re.search(guard["begin"], line).end()
    # the argument list is one nested region, so its comma does not end the guard
    paren = re.search(nested["begin"], line[start:])
    close = re.search(nested["end"], line[start + paren.end():])
    after = start + paren.end() + close.end()
    end = re.search(guard["end"], line[after:])
    assert line[after + end.start():] == ", <ブロッカー>"
    assert "<ブロッカー>" not in line[start:after + end.start()]
    scopes = {name for _, name, _ in _patterns([guard, nested])}
    assert "entity.name.tag.label.bps" not in scopes  # no label inside a guard
    assert {"include": "#code"} in guard["patterns"]


def test_a_phrase_marks_its_placeholder():
    grammar = load("syntaxes/bps.tmLanguage.json")
    line = 'phrase targets "{what}を対象と" { means: target }'
    hits = [m.group() for regex, name, _ in _patterns(grammar) if name == "constant.other.placeholder.bps"
            for m in re.finditer(regex, line)]
    assert hits == ["{what}"]


def test_the_extension_packages_without_warnings(tmp_path):
    """`npx @vscode/vsce package` as docs/editors.md gives it, from a copy of editors/vscode:
    no warning, and the .vsix holds the bundled client and the language files, nothing else."""
    if shutil.which("npx") is None or shutil.which("npm") is None:
        pytest.skip("npm/npx are not installed: the .vsix cannot be built here (CI has Node.js)")
    work = tmp_path / "vscode"
    shutil.copytree(VSCODE, work, ignore=shutil.ignore_patterns("node_modules", "dist", "*.vsix"))
    env = {**os.environ, "npm_config_audit": "false", "npm_config_fund": "false", "npm_config_update_notifier": "false"}
    for command in (["npm", "ci"], ["npx", "@vscode/vsce", "package", "--out", "bpscript.vsix"]):
        proc = subprocess.run(command, cwd=work, capture_output=True, text=True, env=env, timeout=900)
        assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "WARNING" not in proc.stdout + proc.stderr, proc.stdout + proc.stderr
    with zipfile.ZipFile(work / "bpscript.vsix") as vsix:
        files = {n.removeprefix("extension/") for n in vsix.namelist() if n.startswith("extension/")}
    assert files == {"package.json", "readme.md", "LICENSE.txt", "language-configuration.json",
                     "dist/extension.js", "syntaxes/bps.tmLanguage.json"}
