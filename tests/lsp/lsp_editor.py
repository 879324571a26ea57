"""An editor for the tests: starts `python -m bpscript.cli lsp` and talks JSON-RPC to it
over its stdin/stdout with pygls' client, as VS Code or Neovim would."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

ROOT = Path(__file__).parents[2]
TIMEOUT = 60


class Editor:
    def __init__(self, debounce: float = 0.2):
        self.debounce = debounce
        self.client = LanguageClient("test-editor", "1")
        self.published: dict[str, list[lsp.PublishDiagnosticsParams]] = {}
        self._arrived = asyncio.Event()
        self.versions: dict[str, int] = {}
        self.capabilities: lsp.ServerCapabilities | None = None

        @self.client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diagnostics(params: lsp.PublishDiagnosticsParams) -> None:
            self.published.setdefault(params.uri, []).append(params)
            self._arrived.set()

    async def __aenter__(self) -> "Editor":
        await self.client.start_io(sys.executable, "-m", "bpscript.cli", "lsp", "--debounce", str(self.debounce),
                                   cwd=str(ROOT))
        result = await asyncio.wait_for(self.client.initialize_async(lsp.InitializeParams(
            capabilities=lsp.ClientCapabilities(), process_id=None, root_uri=from_fs_path(str(ROOT)))), TIMEOUT)
        self.capabilities = result.capabilities
        self.client.initialized(lsp.InitializedParams())
        return self

    async def __aexit__(self, *exc) -> None:
        try:
            await asyncio.wait_for(self.client.shutdown_async(None), TIMEOUT)
            self.client.exit(None)
        finally:
            await self.client.stop()

    # ------------------------------------------------------------------ documents
    def open(self, path: Path, text: str | None = None) -> str:
        uri = from_fs_path(str(path))
        self.versions[uri] = 1
        self.client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
            uri, "bps", 1, path.read_text("utf-8") if text is None else text)))
        return uri

    def change(self, uri: str, text: str) -> int:
        self.versions[uri] += 1
        self.client.text_document_did_change(lsp.DidChangeTextDocumentParams(
            lsp.VersionedTextDocumentIdentifier(self.versions[uri], uri),
            [lsp.TextDocumentContentChangeWholeDocument(text)]))
        return self.versions[uri]

    def edit(self, uri: str, line: int, start: int, end: int, new: str) -> int:
        """An incremental change of one line's characters [start, end)."""
        self.versions[uri] += 1
        self.client.text_document_did_change(lsp.DidChangeTextDocumentParams(
            lsp.VersionedTextDocumentIdentifier(self.versions[uri], uri),
            [lsp.TextDocumentContentChangePartial(
                lsp.Range(lsp.Position(line, start), lsp.Position(line, end)), new)]))
        return self.versions[uri]

    async def diagnostics(self, uri: str, version: int | None = None) -> list[lsp.Diagnostic]:
        """The diagnostics published for the document (for `version`, if given)."""
        async def wait() -> list[lsp.Diagnostic]:
            while True:
                for p in reversed(self.published.get(uri, [])):
                    if version is None or p.version == version:
                        return list(p.diagnostics)
                self._arrived.clear()
                await self._arrived.wait()
        return await asyncio.wait_for(wait(), TIMEOUT)

    # ------------------------------------------------------------------ requests
    async def hover(self, uri: str, line: int, character: int) -> lsp.Hover | None:
        return await asyncio.wait_for(self.client.text_document_hover_async(lsp.HoverParams(
            lsp.TextDocumentIdentifier(uri), lsp.Position(line, character))), TIMEOUT)

    async def complete(self, uri: str, line: int, character: int) -> list[lsp.CompletionItem]:
        result = await asyncio.wait_for(self.client.text_document_completion_async(lsp.CompletionParams(
            lsp.TextDocumentIdentifier(uri), lsp.Position(line, character))), TIMEOUT)
        return result.items if isinstance(result, lsp.CompletionList) else list(result or [])

    async def definition(self, uri: str, line: int, character: int):
        return await asyncio.wait_for(self.client.text_document_definition_async(lsp.DefinitionParams(
            lsp.TextDocumentIdentifier(uri), lsp.Position(line, character))), TIMEOUT)

    async def format(self, uri: str) -> list[lsp.TextEdit]:
        return await asyncio.wait_for(self.client.text_document_formatting_async(lsp.DocumentFormattingParams(
            lsp.TextDocumentIdentifier(uri), lsp.FormattingOptions(2, True))), TIMEOUT) or []

    async def symbols(self, uri: str):
        return await asyncio.wait_for(self.client.text_document_document_symbol_async(lsp.DocumentSymbolParams(
            lsp.TextDocumentIdentifier(uri))), TIMEOUT)


def position_of(text: str, needle: str, offset: int = 0) -> tuple[int, int]:
    """The 0-based (line, character) of `needle` in `text` (+ `offset` characters);
    the test texts hold no character outside the BMP, so characters are UTF-16 units."""
    index = text.index(needle) + offset
    line = text.count("\n", 0, index)
    return line, index - (text.rfind("\n", 0, index) + 1)
