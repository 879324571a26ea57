"""A homebrew frame builds on the 8.2 base; it overrides only by explicit `override`."""

from __future__ import annotations

from pathlib import Path

from bpscript.load.loader import load, load_official

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "frames" / "homebrew-example"


def test_example_package_is_clean_and_extends_base():
    result = load([EXAMPLE])
    assert not result.errors, [d.message for d in result.errors]
    rs = result.ruleset
    assert "miniDuel" in rs.frames and "entry20" in rs.frames
    # the override holds in its frame only: ライト on エントリー20 keeps the official アップ
    assert rs.view("lite", "miniDuel").scripts["up"].cost.text == "$DL"
    assert rs.scripts["up"].cost.text == "$D" and rs.view("lite", "entry20").scripts["up"].cost.text == "$D"
    assert "duelDraw" in rs.scripts
    assert len(rs.scripts) == 138
    assert rs.info.homebrew and rs.info.base.name == "blackpoker-8.2" and rs.info.title == "ミニ決闘"


def test_the_example_adds_the_size_once():
    """アップ puts its key card in the fog; the fog's ability adds the size. The example's
    override once also added it in the effect: twice in all."""
    from bpscript.model.effects import NodeWalker
    rs = load([EXAMPLE]).ruleset.view("lite", "miniDuel")

    class Calls(NodeWalker):
        def __init__(self):
            self.names = []

        def visit_Call(self, node):
            self.names.append(node.func)
            self.walk_children(node)
    calls = Calls()
    for st in rs.scripts["up"].effect.body:
        calls.visit(st)
    assert calls.names == ["place_fog"]


def test_override_does_not_leak_into_the_official_rules():
    both = load([ROOT / "stdlib", ROOT / "frames"])
    assert not both.errors
    official = dict(both.rulesets)["blackpoker-8.2"]
    assert official.scripts["up"].cost.text == "$D"
    assert "duelDraw" not in official.scripts
    assert load_official().ruleset.scripts["up"].cost.text == "$D"


def test_redefining_without_override_is_an_error(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "a.bps").write_text('extends "blackpoker-8.2"\n\naction up "アップ改" (速攻魔法) {\n'
                               '  @直接-通常-クイック $D ★♡A〜10\n  effect: "x"\n  formats: lite\n}\n', "utf-8")
    result = load([pkg])
    assert [d.code for d in result.errors] == ["E201"]
    assert result.errors[0].span.line == 3


def test_override_of_nothing_is_an_error(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "a.bps").write_text('extends "blackpoker-8.2"\n\noverride action nothingHere "無" (速攻魔法) {\n'
                               '  @直接-通常-クイック $D ★♡A〜10\n  effect: "x"\n  formats: lite\n}\n', "utf-8")
    result = load([pkg])
    assert [d.code for d in result.errors] == ["E202"]


def test_unknown_base(tmp_path):
    f = tmp_path / "a.bps"
    f.write_text('extends "blackpoker-7.0"\n', "utf-8")
    assert [d.code for d in load([f]).errors] == ["E203"]


# ---------------------------------------------------------------- a package's outputs
def _build(paths: list[str], out: Path) -> dict[str, bytes]:
    from bpscript.cli import main
    assert main(["build", *paths, "--out", str(out), "--only", "json,python,rst,csv"]) == 0
    (own,) = out.iterdir()  # the package's own directory: OUT/<package>/
    return {p.relative_to(own).as_posix(): p.read_bytes() for p in own.rglob("*") if p.is_file() and p.name != "MANIFEST"}


def _csv(data: bytes) -> list[list[str]]:
    import csv
    import io
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


def test_a_package_builds_its_own_scripts_not_its_base(tmp_path):
    import json
    files = _build([str(EXAMPLE)], tmp_path / "out")
    # one chapter, one Python module: the package's frame and file, none of the base's
    assert sorted(p for p in files if p.startswith(("rst/", "python/"))) == [
        "python/bpscript_rules/__init__.py", "python/bpscript_rules/frames_homebrew_example_frame.py",
        "rst/frame-miniDuel.rst"]
    rst = files["rst/frame-miniDuel.rst"].decode("utf-8")
    assert "ベース: BlackPoker 公式ルール 第8.2版 (blackpoker-8.2)" in rst.splitlines()[1]
    assert "決闘の備え" in rst and "**置き換え:** ``up`` (ミニ決闘のみ)" in rst
    assert "エンド (" not in rst  # no official script
    init = files["python/bpscript_rules/__init__.py"].decode("utf-8")
    assert "BASE = 'blackpoker-8.2'" in init
    assert "'duelDraw':" in init and "'up@miniDuel':" in init and "'end':" not in init
    rows = _csv(files["csv/scripts.csv"])
    assert [(r[0], r[-2], r[-1]) for r in rows[1:]] == [("duelDraw", "", ""), ("up", "◯", "miniDuel")]
    assert _csv(files["csv/frames.csv"]) == [["【フレーム】", "ライト"], ["ミニ決闘", "◯"]]
    assert _csv(files["csv/ruleset.csv"])[1][4:] == ["blackpoker-8.2", "BlackPoker 公式ルール 第8.2版"]
    data = json.loads(files["json/ruleset.json"])
    assert data["ruleset"]["base"]["name"] == "blackpoker-8.2"
    assert [s["id"] for s in data["scripts"]] == ["duelDraw"]
    assert [(s["id"], s["scope"]) for s in data["scoped_overrides"]] == [("up", ["miniDuel"])]
    assert [f["id"] for f in data["frames"]] == ["miniDuel"] and [f["id"] for f in data["formats"]] == ["lite"]
    assert data["costs"] == [] and all(v == [] for v in data["vocabulary"].values())  # the base's words


def test_a_package_outside_the_repository_exports_its_own_part(tmp_path, capsys):
    import json

    from bpscript.cli import main
    package = tmp_path / "arena"
    assert main(["new", "frame", "arena", "--dir", str(package)]) == 0
    capsys.readouterr()
    assert main(["export", str(package), "--json"]) == 0
    own = json.loads(capsys.readouterr().out)
    assert own["ruleset"]["base"]["name"] == "blackpoker-8.2"
    assert {s["kind"] for s in own["scripts"]} == {"action", "character"} and len(own["scripts"]) == 2
    assert main(["export", str(package), "--json", "--with-base"]) == 0
    whole = json.loads(capsys.readouterr().out)
    assert len(whole["scripts"]) == len(load_official().ruleset.scripts) + 2
    files = _build([str(package)], tmp_path / "site")
    assert [p for p in files if p.startswith("rst/")] == [f"rst/frame-{own['frames'][0]['id']}.rst"]
    assert len(_csv(files["csv/scripts.csv"])) == 3
    assert len([p for p in files if p.startswith("python/")]) == 2


def test_the_bundled_rules_still_build_whole():
    from bpscript.backends.csv_backend import build_csv
    rs = load_official().ruleset
    assert rs.package() is rs
    assert len(_csv(build_csv(rs)["csv/scripts.csv"])) == len(rs.scripts) + 1
