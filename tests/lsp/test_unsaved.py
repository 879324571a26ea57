"""`bpscript lsp` diagnoses what the user is typing before it is ever saved: an `untitled:`
buffer, a file in a directory that does not exist yet. Driven over stdio by pygls' client."""

from __future__ import annotations

import asyncio

from lsprotocol import types as lsp
from pygls.uris import from_fs_path

from lsp_editor import Editor, position_of

DRAFT = ('extends "blackpoker-8.2"\n\naction draft "下書き" (通常魔法) {\n  @直接-通常-メイン\n'
         '  effect: "x" { draw(me) }\n  frames: nowhere\n}\n')


def opened(ed: Editor, uri: str, text: str) -> str:
    """Open a document by URI, as an editor does for a buffer it has not saved."""
    ed.versions[uri] = 1
    ed.client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "bps", 1, text)))
    return uri


def test_an_untitled_buffer_gets_its_diagnostics_on_the_right_line():
    async def scenario():
        async with Editor() as ed:
            uri = opened(ed, "untitled:Untitled-1", DRAFT)
            diags = await ed.diagnostics(uri, 1)
            line, _ = position_of(DRAFT, "frames: nowhere")
            assert [(d.code, d.range.start.line) for d in diags] == [("E161", line)]
            fixed = DRAFT.replace("  frames: nowhere\n", "  formats: lite\n")
            diags = await ed.diagnostics(uri, ed.change(uri, fixed))
            assert [d.code for d in diags if d.severity == lsp.DiagnosticSeverity.Error] == []
            hover = await ed.hover(uri, *position_of(fixed, "draw(me)", 1))
            assert hover is not None and "draw" in hover.contents.value  # the buffer is analysed, not just parsed
    asyncio.run(scenario())


def test_two_untitled_buffers_are_checked_apart():
    broken = 'extends "blackpoker-8.2"\naction x "x" (通常魔法) {\n  @直接-通上-メイン\n  effect: "x"\n}\n'

    async def scenario():
        async with Editor() as ed:
            first = opened(ed, "untitled:Untitled-1", broken)
            second = opened(ed, "untitled:Untitled-2", DRAFT)
            line, col = position_of(broken, "通上")
            assert ("E102", line, col) in [(d.code, d.range.start.line, d.range.start.character)
                                           for d in await ed.diagnostics(first, 1)]
            assert [d.code for d in await ed.diagnostics(second, 1)] == ["E161"]
    asyncio.run(scenario())


def test_a_file_in_a_directory_that_does_not_exist_yet(tmp_path):
    path = tmp_path / "not" / "yet" / "draft.bps"

    async def scenario():
        async with Editor() as ed:
            uri = opened(ed, from_fs_path(str(path)), DRAFT)
            diags = await ed.diagnostics(uri, 1)
            line, _ = position_of(DRAFT, "frames: nowhere")
            assert [(d.code, d.range.start.line) for d in diags] == [("E161", line)]
    asyncio.run(scenario())
    assert not (tmp_path / "not").exists()  # checking writes nothing
