"""`build --rst-layout official`: the official generator's documents (act, act-frame, the frame
list) with its labels, so a rulebook's `:ref:` links resolve; `sphinx-build -W` passes for each
edition, and for two editions in one project with a label prefix."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from bpscript.cli import main

pytest.importorskip("sphinx")
FRAME_DATA = Path(__file__).parents[1] / "data" / "official" / "act-frame-9.0.yaml"
LINKS = ("act-act", "act-act-frame", "actionlist-act", "trumplist-act-frame", "act-up", "char-ace")


def _build(args: list[str], out: Path) -> dict[str, str]:
    assert main(["build", *args, "--only", "rst", "--rst-layout", "official", "--out", str(out)]) == 0
    return {p.name: p.read_text("utf-8") for p in out.rglob("*.rst")}


def _sphinx(root: Path, docs: dict[str, str], links: list[str]) -> subprocess.CompletedProcess:
    """A Sphinx project holding `docs` (name → text) and an index page linking to `links`."""
    for name, text in docs.items():
        (root / f"{name}.rst").write_text(text, "utf-8")
    (root / "conf.py").write_text("project = 'rulebook'\nlanguage = 'ja'\n", "utf-8")
    (root / "index.rst").write_text(
        "ルールブック\n============\n\n" + "".join(f"- :ref:`{x}`\n" for x in links)
        + "\n.. toctree::\n   :maxdepth: 1\n\n" + "".join(f"   {n}\n" for n in docs), "utf-8")
    return subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                           str(root), str(root / "_build")], capture_output=True, text=True)


@pytest.fixture(scope="module")
def eight(tmp_path_factory) -> dict[str, str]:
    out = tmp_path_factory.mktemp("rst82")
    return _build(["--ruleset", "blackpoker-8.2"], out)


def test_one_document_per_data_file_with_the_official_labels(eight):
    assert sorted(eight) == ["act-frame.rst", "act.rst", "frame.rst"]
    act, frame = eight["act.rst"], eight["act-frame.rst"]
    assert act.startswith(".. _act-act:\n") and frame.startswith(".. _act-act-frame:\n")
    for label in ("actionlist-act", "characterlist-act", "foglist-act", "act-up", "char-ace"):
        assert f".. _{label}:\n" in act, label
    for label in ("actionlist-act-frame", "characterlist-act-frame", "foglist-act-frame", "trumplist-act-frame",
                  "act-packopen", "trump-sA", "char-darklord"):
        assert f".. _{label}:\n" in frame, label
    assert "**フォーマット:**" in act and "**フレーム:**" in frame and '"◯"' in frame
    assert ".. _act-packopen:" not in act and ".. _act-up:" not in frame  # each entry in one document
    page = eight["frame.rst"]
    assert page.startswith(".. _framelist-act-frame:\n")
    for text in (".. _frame-extra:", "**領域:**", "**デッキ条件:**", "**ゲームの始め方:**"):
        assert text in page, text


def test_the_default_layout_stays_the_chapters(tmp_path):
    assert main(["build", "--ruleset", "blackpoker-9.0", "--only", "rst", "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.rglob("*.rst")) == ["format-lite.rst", "frame-entry20.rst"]


def test_a_bad_prefix_is_a_usage_error(tmp_path, capsys):
    assert main(["build", "--only", "rst", "--rst-layout", "official", "--rst-label-prefix", "a b",
                 "--out", str(tmp_path)]) == 2
    assert main(["build", "--only", "rst", "--rst-label-prefix", "v9-", "--out", str(tmp_path)]) == 2
    assert "--rst-label-prefix" in capsys.readouterr().err


def test_a_rulebook_including_act_and_act_frame_builds_with_w(eight, tmp_path):
    proc = _sphinx(tmp_path, {k[:-4]: v for k, v in eight.items()}, list(LINKS))
    assert proc.returncode == 0, proc.stderr[-4000:]
    index = (tmp_path / "_build" / "index.html").read_text("utf-8")
    assert index.count('href="act.html#') >= 3 and 'href="act-frame.html#' in index


def test_the_9_0_frame_data_with_its_trump_description_builds_with_w(tmp_path):
    pkg = tmp_path / "pkg"
    assert main(["import", str(FRAME_DATA), "--out", str(pkg)]) == 0
    frame = _build([str(pkg)], tmp_path / "frame")
    lite = _build(["--ruleset", "blackpoker-9.0"], tmp_path / "lite")
    text = frame["act-frame.rst"]
    trumps = text.index(".. _trumplist-act-frame:")
    description = text.index("切札は、ゲームにさらなる戦略性と構築の自由度をもたらす拡張要素です。")
    assert trumps < description < text.index(".. _trump-sA:")
    assert text.splitlines()[3] == "第9\\.0版 フレーム編"
    docs = {"act": lite["act.rst"], "act-frame": text, "frame": frame["frame.rst"]}
    (tmp_path / "site").mkdir()
    proc = _sphinx(tmp_path / "site", docs, list(LINKS) + ["trump-sA", "framelist-act-frame"])
    assert proc.returncode == 0, proc.stderr[-4000:]


def test_two_editions_in_one_project_with_a_label_prefix(tmp_path):
    docs: dict[str, str] = {}
    for name, prefix in (("blackpoker-8.2", "v82-"), ("blackpoker-9.0", "v90-")):
        built = _build(["--ruleset", name, "--rst-label-prefix", prefix], tmp_path / name)
        assert all(re.fullmatch(rf"\.\. _{prefix}\S+:", line) for text in built.values()
                   for line in text.splitlines() if line.startswith(".. _"))
        docs.update({f"{prefix}{k[:-4]}": v for k, v in built.items()})
    links = [f"v82-{x}" for x in LINKS] + ["v90-act-act", "v90-act-up", "v90-char-ace"]
    (tmp_path / "site").mkdir()
    proc = _sphinx(tmp_path / "site", docs, links)
    assert proc.returncode == 0, proc.stderr[-4000:]
    # without the prefix the same project has duplicate labels: -W fails
    plain = {k: re.sub(r"^\.\. _v\d\d-", ".. _", re.sub(r"<v\d\d-", "<", v), flags=re.M) for k, v in docs.items()}
    (tmp_path / "plain").mkdir()
    assert _sphinx(tmp_path / "plain", plain, list(LINKS)).returncode != 0
