"""bpscript as users install it: the sdist and the wheel carry the bundled rules, and the
wheel installed (not editable) in a fresh virtual environment works from any directory.

The sdist and the wheel are built by `python -m build` (the wheel from the sdist, so a
file missing from the sdist fails here too), from a copy of the checkout so the build
writes nothing into it. `build` comes with the `test` extra: when it or the virtual
environment cannot be made, these tests fail, they do not skip.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

import docblocks
from bpscript import __version__

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "frames" / "homebrew-example"
README = (ROOT / "README.md").read_text("utf-8")
NOT_SOURCES = shutil.ignore_patterns(".git", "build", "dist", "generated", "site", "*.egg-info", "__pycache__",
                                     ".pytest_cache", ".hypothesis", ".benchmarks")


def bundled_scripts() -> set[str]:
    """Every `.bps` file of the top-level stdlib/ and frames/, as paths relative to the root."""
    return {f.relative_to(ROOT).as_posix() for top in ("stdlib", "frames") for f in (ROOT / top).rglob("*.bps")}


@pytest.fixture(scope="module")
def dists(tmp_path_factory) -> dict[str, Path]:
    """The sdist and the wheel, built as `python -m build` builds them."""
    if importlib.util.find_spec("build") is None:
        pytest.fail("the `build` package is missing: install the test extra (pip install -e '.[test]')")
    tmp = tmp_path_factory.mktemp("dist")
    src = tmp / "src"
    shutil.copytree(ROOT, src, ignore=NOT_SOURCES)
    # --no-isolation: the test environment has the build requirements (test extra); an
    # isolated build would download them again for every run
    proc = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(tmp / "out"), str(src)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    [sdist] = (tmp / "out").glob("*.tar.gz")
    [wheel] = (tmp / "out").glob("*.whl")
    return {"sdist": sdist, "wheel": wheel}


@pytest.fixture(scope="module")
def env(dists, tmp_path_factory) -> Path:
    """A fresh virtual environment with the wheel installed (dependencies from the index)."""
    path = tmp_path_factory.mktemp("venv") / "venv"
    venv.create(path, with_pip=False)  # pip below installs into it: no ensurepip needed
    python = path / "bin" / "python"
    proc = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
                           "--disable-pip-version-check", str(dists["wheel"])], capture_output=True, text=True,
                          env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})  # else: "already satisfied"
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return path


def run(env: Path, cwd: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    """A command of the installed package, run from `cwd` with nothing of the checkout around."""
    clean = {k: v for k, v in os.environ.items() if k not in ("BPSCRIPT_HOME", "PYTHONPATH", "PYTHONHOME")}
    clean["PATH"] = f"{env / 'bin'}{os.pathsep}{clean.get('PATH', '')}"
    exe = env / "bin" / args[0]
    return subprocess.run([str(exe) if exe.exists() else args[0], *args[1:]], cwd=cwd, env=clean, input=stdin, capture_output=True, text=True, timeout=600)


def test_the_package_list_names_every_package_of_the_source():
    """Packages are listed in pyproject.toml (the bundled rules are mapped into the package):
    a new subpackage must be added there."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    source = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "bpscript").rglob("__init__.py")}
    assert set(config["packages"]) == source | set(config["package-dir"])
    assert config["package-dir"] == {"bpscript._bundled.stdlib": "stdlib", "bpscript._bundled.frames": "frames"}


def test_the_sdist_and_the_wheel_carry_every_bundled_script(dists):
    expected = bundled_scripts()
    assert any("/" in p.split("/", 1)[1] for p in expected)  # frames/ nests one directory per frame
    with tarfile.open(dists["sdist"]) as sdist:
        names = {n.split("/", 1)[1] for n in sdist.getnames() if "/" in n}
    assert expected <= names and {"LICENSE", "README.md", "CHANGELOG.md", "pyproject.toml"} <= names
    with zipfile.ZipFile(dists["wheel"]) as wheel:
        names = set(wheel.namelist())
    assert {n.removeprefix("bpscript/_bundled/") for n in names if n.endswith(".bps")} == expected
    assert f"bpscript-{__version__}.dist-info/licenses/LICENSE" in names
    assert "bpscript/__main__.py" in names


def test_the_installed_package_is_the_wheel_and_stays_light(env, tmp_path):
    proc = run(env, tmp_path, "python", "-c", "import bpscript, importlib.util as u; print(bpscript.__file__); "
               "print([m for m in ('weasyprint', 'ray', 'pygls', 'playwright', 'matplotlib') if u.find_spec(m)])")
    where, heavy = proc.stdout.splitlines()
    assert Path(where).is_relative_to(env) and heavy == "[]"


def test_version_from_the_command_and_from_python_dash_m(env, tmp_path):
    for args in (("bpscript", "--version"), ("python", "-m", "bpscript", "--version")):
        proc = run(env, tmp_path, *args)
        assert (proc.returncode, proc.stdout) == (0, f"bpscript {__version__}\n"), args


def test_check_and_lint_a_homebrew_package_from_its_own_directory(env, tmp_path):
    shutil.copytree(EXAMPLE, tmp_path / "my-frame")
    check = run(env, tmp_path, "bpscript", "check", "my-frame")
    assert check.returncode == 0, check.stdout + check.stderr
    assert check.stdout == "1 file(s) checked, 2 script(s): 0 error(s), 0 warning(s)\n"
    lint = run(env, tmp_path / "my-frame", "bpscript", "lint", ".")
    assert lint.returncode == 0, lint.stdout + lint.stderr
    assert lint.stdout.endswith("1 file(s), 2 script(s) linted: 0 error(s), 0 warning(s)\n")


def test_diagnostics_name_bundled_files_never_the_install_location(env, tmp_path):
    (tmp_path / "mine.bps").write_text('extends "blackpoker-8.2"\n\naction up "アップ改" (速攻魔法) {\n'
                                       '  @直接-通常-クイック $D ★♡A〜10\n  effect: "x"\n  formats: lite\n}\n', "utf-8")
    proc = run(env, tmp_path, "bpscript", "check", "mine.bps")
    assert proc.returncode == 1
    assert proc.stdout.startswith("mine.bps:3:8: error[E201]: duplicate id 'up' "
                                  "(first defined at stdlib/blackpoker-8.2/30-quick-magic.bps:3:8)\n")
    assert "site-packages" not in proc.stdout + proc.stderr


def test_build_out_writes_the_committed_pages(env, tmp_path):
    proc = run(env, tmp_path, "bpscript", "build", "--out", "pages")
    assert proc.returncode == 0, proc.stderr
    assert "PDF skipped: WeasyPrint is not installed" in proc.stderr  # the core install has no PDF
    built = {p.relative_to(tmp_path / "pages").as_posix(): p for p in (tmp_path / "pages").rglob("*") if p.is_file()}
    committed = {p.relative_to(ROOT / "generated").as_posix() for p in (ROOT / "generated").rglob("*")
                 if p.is_file() and not p.name.endswith(".pdf")}
    assert set(built) == committed
    for rel, path in built.items():
        if not rel.endswith("MANIFEST"):  # it lists the PDF files too
            assert path.read_bytes() == (ROOT / "generated" / rel).read_bytes(), rel


def test_simulate_five_games_and_replay_them(env, tmp_path):
    proc = run(env, tmp_path, "bpscript", "simulate", "--games", "5", "--log", "games.jsonl")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("5 games of BlackPoker 公式ルール 第8.2版: lite / entry20 (seeds 0–4)")
    replay = run(env, tmp_path, "bpscript", "replay", "games.jsonl")
    assert (replay.returncode, replay.stdout) == (0, "replayed 5 game(s): 5 identical, 0 different or unreadable\n")


def test_export_json_is_the_committed_model(env, tmp_path):
    proc = run(env, tmp_path, "bpscript", "export", "--json")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (ROOT / "generated" / "blackpoker-8.2" / "json" / "ruleset.json").read_text("utf-8")


def test_play_starts_a_game_from_any_directory(env, tmp_path):
    proc = run(env, tmp_path, "bpscript", "play", "--seed", "1")  # no input: the game is abandoned
    assert proc.stdout.startswith("BlackPoker 公式ルール 第8.2版: lite / entry20, seed 1: you are P0")
    assert proc.returncode == 1 and proc.stderr == "\ninput ended: game abandoned after 1 decision(s)\n"


def test_the_readme_install_commands_work_as_written(env, tmp_path):
    """The README's first commands, after its `pipx install .`, from a directory holding
    what they name (the example frame)."""
    install = README.split("## Install", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```sh\n(.*?)\n```", install, re.S)
    assert len(commands) == 2 and all(c.startswith("pipx install . && ") for c in commands)
    shutil.copytree(EXAMPLE, tmp_path / "frames" / EXAMPLE.name)
    for command in commands:
        proc = run(env, tmp_path, "bash", "-c", command.removeprefix("pipx install . && "))
        assert proc.returncode == 0, command + proc.stdout[-2000:] + proc.stderr[-2000:]
    assert (tmp_path / "pages" / "blackpoker-8.2" / "html" / "index.html").is_file()


def test_what_cannot_be_found_is_named_in_one_line(env, tmp_path):
    proc = run(env, tmp_path, "bpscript", "check", "my-frame")
    assert proc.returncode == 2
    assert proc.stderr == f"error: no such file or directory: my-frame (looked for {tmp_path / 'my-frame'})\n"


def test_import_and_the_official_export_from_the_installed_package(env, tmp_path):
    shutil.copy(ROOT / "tests" / "data" / "official" / "act-8.2.yaml", tmp_path / "act.yaml")
    imported = run(env, tmp_path, "bpscript", "import", "act.yaml", "--out", "rules")
    assert imported.returncode == 0, imported.stderr
    check = run(env, tmp_path, "bpscript", "check", "rules")
    assert check.stdout == "5 file(s) checked, 46 script(s): 0 error(s), 0 warning(s)\n", check.stderr
    # the schema and the bundled rules' data block travel in the wheel
    exported = run(env, tmp_path, "bpscript", "export", "--format", "official-yaml")
    assert exported.returncode == 0, exported.stderr
    assert exported.stdout.startswith("data:\n  id: act\n  ver: 第8.2版\n")


def _clone_rules(tmp_path: Path) -> Path:
    """A clone's official rules (its stdlib/ and frames/), away from the package installed."""
    clone = tmp_path / "clone"
    for top in ("stdlib", "frames"):
        shutil.copytree(ROOT / top, clone / top)
    return clone


def test_the_clone_s_rules_give_the_same_result_installed_or_editable(env, tmp_path):
    """`check`, `lint`, `fmt` and `build` on a clone's `stdlib frames`: its frames bind to the
    stdlib beside them, whichever copy of the rules is installed (a wheel carries its own)."""
    clone = _clone_rules(tmp_path)
    editable = {k: v for k, v in os.environ.items() if k != "BPSCRIPT_HOME"}
    editable["PYTHONPATH"] = str(ROOT)  # the checkout's code, reading its own rules: an editable install
    for command in (["check", "stdlib", "frames"], ["lint", "stdlib", "frames"], ["fmt", "--check", "stdlib", "frames"],
                    ["build", "stdlib", "frames", "--only", "json", "--out", "pages", "--check"]):
        wheel = run(env, clone, "bpscript", *command)
        here = subprocess.run([sys.executable, "-m", "bpscript", *command], cwd=clone, env=editable,
                              capture_output=True, text=True, timeout=600)
        assert (wheel.returncode, wheel.stdout) == (here.returncode, here.stdout), (command, wheel.stdout[-2000:])
    assert run(env, clone, "bpscript", "check", "stdlib", "frames").stdout == \
        "33 file(s) checked, 259 script(s): 0 error(s), 0 warning(s)\n"
    assert run(env, clone, "bpscript", "lint", "stdlib", "frames").stdout.startswith("ok: 33 file(s), 259 script(s) ")
    built = run(env, clone, "bpscript", "build", "stdlib", "frames", "--only", "json", "--out", "pages")
    assert built.returncode == 0, built.stdout + built.stderr
    assert (clone / "pages" / "blackpoker-8.2" / "json" / "ruleset.json").read_bytes() == \
        (ROOT / "generated" / "blackpoker-8.2" / "json" / "ruleset.json").read_bytes()


def test_the_clone_s_rules_named_outside_a_clone_say_where_to_run(env, tmp_path):
    proc = run(env, tmp_path, "bpscript", "check", "stdlib", "frames")
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert lines[:2] == [f"error: no such file or directory: stdlib (looked for {tmp_path / 'stdlib'})",
                         f"error: no such file or directory: frames (looked for {tmp_path / 'frames'})"]
    assert lines[2].startswith("note: stdlib/ and frames/ are the official rules as a clone of bpscript holds them: "
                               "run this from the clone's top directory") and len(lines) == 3


@pytest.mark.parametrize("command, extra", [
    (["simulate", "--games", "2", "--report", "report.html"], "simulate --report needs the report extra (matplotlib)"),
    (["simulate", "--games", "2", "--executor", "ray"], "simulate --executor ray needs the ray extra (Ray)"),
    (["lsp"], "bpscript lsp needs the lsp extra (pygls)"),
    (["build", "--only", "pdf", "--out", "pages"], "build --only pdf needs the pdf extra (WeasyPrint)"),
])
def test_a_feature_without_its_extra_names_it_in_one_line_before_any_work(env, tmp_path, command, extra):
    for _ in range(2):  # the second run meets nothing the first one left
        proc = run(env, tmp_path, "bpscript", *command)
        assert (proc.returncode, proc.stdout) == (2, ""), proc.stderr
        [line] = proc.stderr.splitlines()
        assert line.startswith(f"error: {extra}: pip install 'bpscript["), line
        assert list(tmp_path.iterdir()) == []


def test_build_check_without_the_pdf_extra_checks_what_it_can_build(env, tmp_path):
    clone = _clone_rules(tmp_path)
    shutil.copytree(ROOT / "generated", clone / "generated")
    proc = run(env, clone, "bpscript", "build", "--check")
    assert proc.returncode == 0 and re.fullmatch(r"generated/ is up to date \(\d+ files\)\n", proc.stdout), \
        proc.stdout[-3000:]
    assert "PDF skipped: WeasyPrint is not installed" in proc.stderr
    (clone / "generated" / "blackpoker-8.2" / "html" / "index.html").write_text("changed", "utf-8")
    stale = run(env, clone, "bpscript", "build", "--check")
    assert stale.returncode == 1 and stale.stdout.splitlines() == [
        f"stale: generated/blackpoker-8.2/html/index.html",
        "1 file(s) in generated/ differ from a fresh build; run `bpscript build`"]


def test_build_without_the_pdf_extra_keeps_the_committed_pdfs(env, tmp_path):
    clone = _clone_rules(tmp_path)
    shutil.copytree(ROOT / "generated", clone / "generated")
    pdfs = {p: p.read_bytes() for p in (clone / "generated").rglob("*.pdf")}
    assert pdfs
    proc = run(env, clone, "bpscript", "build")
    assert proc.returncode == 0 and "PDF skipped: WeasyPrint is not installed" in proc.stderr, proc.stderr[-3000:]
    assert re.fullmatch(r"built \d+ files of 2 ruleset\(s\) into generated/ \(0 changed\) in [\d.]+s\n", proc.stdout), \
        proc.stdout
    assert {p: p.read_bytes() for p in (clone / "generated").rglob("*.pdf")} == pdfs
    assert run(env, clone, "bpscript", "build", "--check").returncode == 0


def test_build_check_where_nothing_was_built_says_so(env, tmp_path):
    proc = run(env, tmp_path, "bpscript", "build", "--check")
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == (f"error: --check compares a directory built before, and there is no generated/ here "
                           f"(looked for {tmp_path / 'generated'}): run it where `bpscript build` wrote one (the "
                           "clone), or give --out DIR\n")


def test_a_new_frame_s_own_test_runs_with_the_command_alone(env, tmp_path):
    """The tutorial's last step as pipx leaves it: no pytest, and a python3 that cannot
    import bpscript; the generated test finds the `bpscript` command on the PATH."""
    assert run(env, tmp_path, "bpscript", "new", "frame", "duel").returncode == 0
    bare = run(env, tmp_path, sys.executable, "-I", "-S", "-c", "import importlib.util as u; print(u.find_spec('bpscript'))")
    assert bare.stdout == "None\n"
    proc = run(env, tmp_path, sys.executable, "-I", "-S", "duel/test_duel.py")
    assert (proc.returncode, proc.stdout) == (0, "3 passed, 0 failed\n"), proc.stdout + proc.stderr


# ------------------------------------------------------------------ the docs, run as written
#: the documents whose shell blocks are run, in the order a reader meets them
DOCS = ("README.md", "docs/getting-started.md", "docs/tutorial.md", "docs/homebrew.md", "docs/lint/index.md")
NOT_A_CLONE = shutil.ignore_patterns(".git", "build", "dist", "site", "*.egg-info", "__pycache__", ".pytest_cache",
                                     ".hypothesis", ".benchmarks", "node_modules", "*.vsix")


@pytest.fixture(scope="module")
def pipx_bin(dists, tmp_path_factory) -> Path:
    """The wheel installed with pipx (its own PIPX_HOME), as `pipx install .` leaves it."""
    if shutil.which("pipx") is None:
        pytest.skip("pipx is not installed here (CI installs it: README, Develop)")
    home = tmp_path_factory.mktemp("pipx")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(PIPX_HOME=str(home / "home"), PIPX_BIN_DIR=str(home / "bin"))
    proc = subprocess.run(["pipx", "install", str(dists["wheel"])], capture_output=True, text=True, env=env,
                          timeout=900)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    # python3 as a pipx user has it: no bpscript (nor pytest) to import, the command on the PATH
    (home / "bin" / "python3").write_text(f"#!/bin/sh\nexec {sys.executable} -S \"$@\"\n")
    (home / "bin" / "python3").chmod(0o755)
    return home / "bin"


def _shell(bin_dir: Path, cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("BPSCRIPT_HOME", "PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env.update(PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}", BPSCRIPT_CACHE_DIR=str(cache), NO_COLOR="1")
    return env


def _own_venv(clone: Path) -> Path:
    """A fresh virtual environment with pip, for a block that installs bpscript itself."""
    path = clone.parent / "dev-venv"
    venv.create(path, with_pip=True)
    return path / "bin"


def _run_block(block: docblocks.Block, cwd: Path, env: dict[str, str], own_install: bool) -> list[str]:
    """Run a block's commands in order; what went wrong, if anything (empty: it passed)."""
    if block.writes is not None:
        name, text = block.writes
        (cwd / name).parent.mkdir(parents=True, exist_ok=True)
        (cwd / name).write_text(text, "utf-8")
        return []
    for command in block.commands:
        line = docblocks.as_run(command.text, own_install)
        # an interactive game, given no input, is abandoned: exit 1 (docs/play.md)
        interactive = line.startswith("bpscript play ")
        proc = subprocess.run(["bash", "-c", line], cwd=cwd, env=env, input="", capture_output=True, text=True,
                              timeout=1800)
        output = proc.stdout + proc.stderr
        expected = "non-zero" if command.fails or interactive else "0"
        if "Traceback (most recent call last)" in output or (proc.returncode == 0) != (expected == "0") \
                or (interactive and "game abandoned" not in proc.stderr):
            return [f"{block}: `{command.text}` exited {proc.returncode} (expected {expected}):\n{output[-1500:]}"]
        lost = docblocks.missing(command.shown, output)
        if lost:
            return [f"{block}: `{command.text}` did not print {lost}:\n{output[-1500:]}"]
    return []


@pytest.mark.parametrize("installer", ["pip", "pipx"])
def test_every_shell_block_of_the_docs_runs_as_written(request, capsys, env, installer, tmp_path):
    """README.md and the user docs, run block by block against the wheel installed without
    the test extras (pip into a virtual environment; pipx where it is present): from an empty
    directory, or from a clone where the doc says so (tests/docblocks.py)."""
    bin_dir = env / "bin" if installer == "pip" else request.getfixturevalue("pipx_bin")
    clone = tmp_path / "clone"
    shutil.copytree(ROOT, clone, ignore=NOT_A_CLONE)
    shell = _shell(bin_dir, tmp_path / "cache")
    ran, skipped, failures = 0, [], []
    for doc in DOCS:
        here = tmp_path / doc.replace("/", "-")
        here.mkdir()
        for block in docblocks.blocks(ROOT, doc):
            if block.skip is not None:
                skipped.append(f"{block} ({block.skip})")
                continue
            if block.marker == "venv":
                if installer != "pip":
                    continue  # it makes its own environment: once is enough
                own = tmp_path / "dev" / "clone"
                shutil.copytree(ROOT, own, ignore=NOT_A_CLONE)
                failures += _run_block(block, own, _shell(_own_venv(own), tmp_path / "cache"), own_install=True)
            else:
                cwd = clone if block.marker == "clone" else here
                failures += _run_block(block, cwd, shell, own_install=False)
            ran += block.writes is None
    with capsys.disabled():  # shown in every run, passing or not
        print(f"\ndocs as tests ({installer}): {ran} block(s) ran, {len(skipped)} skipped: {'; '.join(skipped)}")
    assert not failures, "\n\n".join(failures)
    total = ran + len(skipped)
    assert total >= 20 and len(skipped) * 10 <= total, (ran, skipped)
