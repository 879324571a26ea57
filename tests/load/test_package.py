"""A file without `extends` inside a package takes the package's ruleset; a file read with
no rules at all gets one error (E207) saying to add `extends`, not one per word it uses."""

from __future__ import annotations

from pathlib import Path

from bpscript.cli import main
from bpscript.diagnostics import render
from bpscript.load.loader import load

PACKAGE = Path(__file__).parents[1] / "fixtures" / "package"


def test_files_without_extends_join_the_package_of_their_directory():
    result = load([PACKAGE], cache=False)
    assert result.errors == [], [d.message for d in result.errors]
    [(name, rs)] = result.rulesets
    assert rs.info.base.name == "blackpoker-8.2" and "miniDuel" in rs.frames
    assert rs.scripts["snipe"].target.specs[0].kind == "soldier"      # the 8.2 words, known
    assert "pick" in rs.scripts and "up" in rs.scripts                 # the sub-directory, the base
    assert result.own_scripts() == 2


def test_the_package_lints_clean(capsys):
    assert main(["lint", "--no-cache", str(PACKAGE)]) == 0
    assert "0 error(s)" in capsys.readouterr().out


def test_a_file_read_with_no_rules_gets_one_error_saying_to_add_extends():
    result = load([PACKAGE / "cards.bps"], cache=False)
    [d] = result.diagnostics
    assert (d.code, d.span.line, d.span.column) == ("E207", 2, 8)
    assert 'extends "blackpoker-8.2"' in d.fix and "main.bps" in d.fix   # names the package beside it
    shown = render(d, result.sources)
    assert shown.startswith(f"{d.span.file}:2:8: error[E207]") and "^" in shown


def test_a_file_with_its_own_vocabulary_is_not_bare(tmp_path):
    """A loose file that declares words (or is loaded with one that does) is read as before."""
    words = Path(__file__).parents[1] / "fixtures" / "zones.bps"
    frame = Path(__file__).parents[1] / "fixtures" / "frames" / "setup_no_first_player.bps"
    codes = [d.code for d in load([words, frame], cache=False).diagnostics]
    assert codes == ["E514"]


def test_a_bare_file_keeps_the_errors_that_are_not_about_words(tmp_path):
    """Only the errors of the rules' words give way to E207: a duplicate id stays."""
    f = tmp_path / "dup.bps"
    f.write_text('action a "A" (基本) {\n  @直接-通常-メイン\n  effect: "x"\n  formats: lite\n}\n'
                 'action a "A2" (基本) {\n  @直接-通常-メイン\n  effect: "x"\n  formats: lite\n}\n', "utf-8")
    codes = sorted(d.code for d in load([f], cache=False).diagnostics)
    assert codes == ["E201", "E207"]
