"""The language server: pygls wiring of the features, and debounced diagnostics.

Every load of a package runs on one worker thread, one at a time, so the parser and the
loader are never used by two threads at once and typing never waits for a load: a
change schedules a check `DEBOUNCE` seconds later, and a newer change replaces it.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from .. import __version__
from . import cursor, resolved
from .analysis import Analysis, analyse, module_of, package_of
from .completion import complete
from .definition import definition
from .diagnostics import to_lsp, to_range
from .formatting import format_edits
from .hover import hover_text
from .positions import from_utf16, to_utf16
from .symbols import symbols

DEBOUNCE = 0.3


class BpsLanguageServer(LanguageServer):
    def __init__(self, debounce: float = DEBOUNCE) -> None:
        super().__init__("bpscript", __version__, text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental)
        self.debounce = debounce
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bps-load")
        self.pending: dict[str, asyncio.Task] = {}
        self.analyses: dict[str, tuple[tuple, Analysis]] = {}  # package key → (open versions, analysis)

    # ---------------------------------------------------------------- documents
    def open_documents(self) -> dict[str, tuple[Path, str, int | None]]:
        """Every open `.bps` document (a `bps` one too, saved or not) by URI: its path, text, version."""
        out = {}
        for uri, doc in self.workspace.text_documents.items():
            found = document_path(uri, doc.language_id)
            if found is not None:
                out[uri] = (found[0], doc.source, doc.version)
        return out

    def package_key(self, uri: str) -> tuple[str, Path, bool] | None:
        """The key of the document's package, its path, and whether it is a package alone."""
        doc = self.workspace.text_documents.get(uri)
        found = document_path(uri, doc.language_id if doc is not None else None)
        if found is None:
            return None
        path, alone = found
        return package_of(path, alone)[0], path, alone

    async def analysis(self, uri: str) -> tuple[Analysis, Path, dict[str, int | None]] | None:
        """The analysis of the document's package as the editor holds it now (cached), and
        the version of each open document it saw."""
        found = self.package_key(uri)
        if found is None:
            return None
        key, path, alone = found
        docs = self.open_documents()
        versions = tuple(sorted((u, v) for u, (_, _, v) in docs.items()))
        cached = self.analyses.get(key)
        if cached is not None and cached[0] == versions:
            return cached[1], path, dict(versions)
        overlay = {p: text for p, text, _ in docs.values()}
        loop = asyncio.get_running_loop()
        result = await loop.run_in_executor(self.worker, analyse, path, overlay, alone)
        self.analyses[key] = (versions, result)
        return result, path, dict(versions)

    def schedule(self, uri: str, delay: float) -> None:
        task = self.pending.pop(uri, None)
        if task is not None:
            task.cancel()
        self.pending[uri] = asyncio.get_running_loop().create_task(self._check_later(uri, delay))

    async def _check_later(self, uri: str, delay: float) -> None:
        try:
            await asyncio.sleep(delay)
        except asyncio.CancelledError:
            return
        self.pending.pop(uri, None)
        try:
            found = await self.analysis(uri)
        except Exception as err:  # a bug must not stop the server: say so in the client's log
            self.window_log_message(lsp.LogMessageParams(lsp.MessageType.Error, f"bpscript: cannot check {uri}: {err!r}"))
            return
        if found is None:
            return
        analysis, _, loaded = found
        # every open document of the package that this load saw, as it saw it, gets its diagnostics
        for other, (path, text, version) in self.open_documents().items():
            mine = self.package_key(other)
            if other not in loaded or loaded[other] != version or mine is None or mine[0] != analysis.key:
                continue
            diags = [to_lsp(d, text) for d in analysis.diagnostics(path)]
            self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(other, diags, version))


def document_path(uri: str, language_id: str | None) -> tuple[Path, bool] | None:
    """Where a bpscript document is, or will be, and whether it has no package directory
    to share: a `file:` URI's path, saved or not, in a directory that exists or not; an
    `untitled:` (or other) URI of a `bps` document, a path under a directory never made,
    so that every buffer the user types in is checked (None: not a bpscript document)."""
    path = to_fs_path(uri)
    if path is not None and (path.endswith(".bps") or language_id == "bps"):
        where = Path(path)
        return where, where.suffix != ".bps" or not where.parent.is_dir()
    if path is None and (language_id == "bps" or uri.endswith(".bps")):
        name = re.sub(r"[^\w.-]+", "_", uri.partition(":")[2]).strip("_.") or "untitled"
        digest = hashlib.sha256(uri.encode()).hexdigest()[:8]  # two URIs never share a path
        return UNSAVED / f"{name.removesuffix('.bps')}-{digest}.bps", True
    return None


#: the directory unsaved buffers are named in: never created, never read (each buffer is alone)
UNSAVED = Path(tempfile.gettempdir()) / "bpscript-unsaved"

server = BpsLanguageServer()


def _doc(ls: BpsLanguageServer, uri: str):
    doc = ls.workspace.get_text_document(uri)
    return doc, doc.source, doc.source.split("\n")


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: BpsLanguageServer, params: lsp.DidOpenTextDocumentParams) -> None:
    ls.schedule(params.text_document.uri, 0)


@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: BpsLanguageServer, params: lsp.DidChangeTextDocumentParams) -> None:
    ls.schedule(params.text_document.uri, ls.debounce)


@server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: BpsLanguageServer, params: lsp.DidSaveTextDocumentParams) -> None:
    ls.schedule(params.text_document.uri, 0)


@server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: BpsLanguageServer, params: lsp.DidCloseTextDocumentParams) -> None:
    ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(params.text_document.uri, []))


@server.feature(lsp.TEXT_DOCUMENT_HOVER)
async def hover(ls: BpsLanguageServer, params: lsp.HoverParams) -> lsp.Hover | None:
    found = await ls.analysis(params.text_document.uri)
    _, text, lines = _doc(ls, params.text_document.uri)
    pos = from_utf16(lines, params.position.line, params.position.character)
    rs = found[0].ruleset(found[1]) if found else None
    name = script = None
    if found is not None and rs is not None:
        file = found[0].name_of(found[1])
        script = resolved.script_at(rs, module_of(text, found[1]), pos.line + 1)
        name = resolved.name_at(script, file, pos.line + 1, pos.column) if script is not None else None
    offset = sum(len(l) + 1 for l in lines[:pos.line]) + pos.column
    answer = hover_text(cursor.spot(text, offset), rs, name, script)
    if answer is None:
        return None
    markdown, word = answer
    start = to_utf16(lines, pos.line, word.start)
    end = to_utf16(lines, pos.line, word.end)
    return lsp.Hover(lsp.MarkupContent(lsp.MarkupKind.Markdown, markdown),
                     lsp.Range(lsp.Position(*start), lsp.Position(*end)))


@server.feature(lsp.TEXT_DOCUMENT_COMPLETION,
                lsp.CompletionOptions(trigger_characters=["@", "$", "★", "☆", "=", "(", " "]))
async def completion(ls: BpsLanguageServer, params: lsp.CompletionParams) -> lsp.CompletionList:
    found = await ls.analysis(params.text_document.uri)
    _, text, lines = _doc(ls, params.text_document.uri)
    pos = from_utf16(lines, params.position.line, params.position.character)
    offset = sum(len(l) + 1 for l in lines[:pos.line]) + pos.column
    result = complete(text, offset, found[0].ruleset(found[1]) if found else None)
    start = lsp.Position(*to_utf16(lines, pos.line, max(pos.column - result.replace, 0)))
    here = lsp.Position(*to_utf16(lines, pos.line, pos.column))
    for item in result.items:
        item.text_edit = lsp.TextEdit(lsp.Range(start, here), item.insert_text or item.label)
    return lsp.CompletionList(is_incomplete=False, items=result.items)


@server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
async def goto_definition(ls: BpsLanguageServer, params: lsp.DefinitionParams) -> lsp.Location | None:
    found = await ls.analysis(params.text_document.uri)
    if found is None:
        return None
    analysis, path, _ = found
    _, text, lines = _doc(ls, params.text_document.uri)
    pos = from_utf16(lines, params.position.line, params.position.character)
    offset = sum(len(l) + 1 for l in lines[:pos.line]) + pos.column
    target = definition(analysis, module_of(text, path), path, cursor.spot(text, offset), pos.line, pos.column)
    if target is None:
        return None
    return lsp.Location(from_fs_path(str(target.path)), to_range(target.span, target.text))


@server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def document_symbol(ls: BpsLanguageServer, params: lsp.DocumentSymbolParams) -> list[lsp.DocumentSymbol]:
    _, text, _ = _doc(ls, params.text_document.uri)
    path = to_fs_path(params.text_document.uri) or "document.bps"
    return symbols(module_of(text, Path(path)))


@server.feature(lsp.TEXT_DOCUMENT_FORMATTING)
def formatting(ls: BpsLanguageServer, params: lsp.DocumentFormattingParams) -> list[lsp.TextEdit]:
    _, text, _ = _doc(ls, params.text_document.uri)
    return format_edits(text)


def main(debounce: float = DEBOUNCE) -> int:
    """Serve over stdio through `Framing`, which recovers from bad framing; 1 when the
    input could not be read on (the editor restarts the server), else 0."""
    import sys

    from .framing import Framing
    server.debounce = debounce
    stdin = Framing(sys.stdin.buffer)
    server.start_io(stdin=stdin)  # type: ignore[arg-type]
    return 1 if stdin.stopped else 0
