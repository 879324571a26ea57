"""The generated package is compiled in memory (`bpscript.engine.kernel.compiled`): nothing is
written to the temporary directory, nothing is put on the import path, and a traceback
still shows the generated line and `locate` its `.bps` place."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import traceback
from pathlib import Path

from lsprotocol import types as lsp

from bpscript.engine.kernel.base import locate
from bpscript.engine.kernel.rules import Rules

sys.path.insert(0, str(Path(__file__).parents[1] / "lsp"))
from lsp_editor import Editor  # noqa: E402  (the tests' editor, beside the LSP tests)

ROOT = Path(__file__).parents[2]


def test_compiling_puts_nothing_on_the_import_path(rs):
    path, meta = list(sys.path), list(sys.meta_path)
    rules = Rules(rs, "std", "pack")
    rules.load("draw")
    assert (sys.path, sys.meta_path) == (path, meta)
    assert not [name for name in sys.modules if name.startswith("bpscript_rules")]


def test_a_traceback_shows_the_generated_line_and_locate_its_bps_place(rules):
    try:
        rules.instance("draw").effect(None)  # no context: the generated code fails on its first read
    except AttributeError:
        tb = sys.exc_info()[2]
        shown = "".join(traceback.format_exception(*sys.exc_info()))
    frame = traceback.extract_tb(tb)[-1]
    assert frame.filename.startswith("bpscript_rules_") and frame.filename.endswith(".py")
    assert frame.line and frame.line in shown  # the generated source, from memory
    assert locate(tb).startswith("stdlib/blackpoker-8.2/10-basic.bps:")


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bpscript.cli", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=300)


def test_simulate_play_and_the_language_server_leave_nothing_in_the_temp_directory(tmp_path, monkeypatch):
    private = tmp_path / "tmp"
    private.mkdir()
    monkeypatch.setenv("TMPDIR", str(private))
    monkeypatch.setenv("BPSCRIPT_CACHE_DIR", str(tmp_path / "cache"))
    for args in (("simulate", "--games", "4", "--format", "std", "--frame", "pack"),
                 ("simulate", "--games", "8", "--jobs", "2")):
        done = _run(*args)
        assert done.returncode == 0, done.stderr
    done = _run("play", "--seed", "3", stdin="0\n" * 20)  # the player passes, then the input ends
    assert "game abandoned" in done.stderr and "Traceback" not in done.stderr, done.stderr

    async def session() -> None:
        async with Editor() as editor:
            path = ROOT / "stdlib" / "blackpoker-8.2" / "10-basic.bps"
            uri = editor.open(path)
            await editor.diagnostics(uri)
            await asyncio.wait_for(editor.client.text_document_completion_async(lsp.CompletionParams(
                lsp.TextDocumentIdentifier(uri), lsp.Position(0, 0))), 60)
    asyncio.run(session())
    assert sorted(p.name for p in private.iterdir()) == []
