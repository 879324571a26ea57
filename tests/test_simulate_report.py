"""`bpscript simulate` with agents, a comparison and a report; usage errors exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "frames" / "homebrew-example"


def bpscript(*args):
    return subprocess.run([sys.executable, "-m", "bpscript.cli", *args], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)


def test_greedy_against_random_with_a_comparison_and_a_report(tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "report.html"
    r = bpscript("simulate", "--games", "3", "--agent", "greedy", "--compare", "blackpoker-9.0",
                 "--report", str(out), "--json")
    assert r.returncode == 0, r.stderr
    stats = json.loads(r.stdout)
    assert ["8.2" in stats[0]["rules"], "9.0" in stats[1]["rules"]] == [True, True]
    assert all(s["agents"] == ["greedy", "random"] and s["games"] == 3 for s in stats)
    html = out.read_text("utf-8")
    assert html.count("<svg") == 3 and "greedy" in html and "アップ" in html
    assert "--compare blackpoker-9.0" in html
    r = bpscript("simulate", "--games", "1", "--report", str(out))
    assert r.returncode == 2 and "--force" in r.stderr and out.read_text("utf-8") == html


def test_the_report_is_japanese_unless_english_is_asked_for(tmp_path):
    pytest.importorskip("matplotlib")
    for language, heading, run in (("ja", "勝率", "実行条件"), ("en", "Win rates", "Run")):
        out = tmp_path / f"report-{language}.html"
        args = ["--report-language", "en"] if language == "en" else []
        r = bpscript("simulate", "--games", "2", "--report", str(out), *args)
        assert r.returncode == 0, r.stderr
        html = out.read_text("utf-8")
        assert f'<html lang="{language}">' in html and f'<h2 id="win-rates">{heading}</h2>' in html
        assert f'<h2 id="run">{run}</h2>' in html and "エンド" in html  # names are the rules' own


@pytest.mark.parametrize("args, message", [
    (["--ray-address", "10.0.0.1:6379"], "--ray-address needs --executor ray"),
    (["--compare", "no/such/rules"], "unknown ruleset 'no/such/rules'"),
    (["--agent", "clever"], "invalid choice: 'clever'"),
])
def test_usage_errors(args, message):
    r = bpscript("simulate", "--games", "1", *args)
    assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr


def test_a_homebrew_package_against_its_base(tmp_path):
    r = bpscript("simulate", str(EXAMPLE), "--games", "2", "--compare", "blackpoker-8.2", "--json")
    assert r.returncode == 0, r.stderr
    first, second = json.loads(r.stdout)
    assert first["games"] == second["games"] == 2 and "8.2" in second["rules"]
