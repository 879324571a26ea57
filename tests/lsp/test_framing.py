"""The language server recovers from bad framing (issue 27 point 7): a Content-Length that
is not a number, negative, missing, larger or smaller than its body is logged on stderr and
the server reads on from the next header; input that ends inside a message stops it with
a message and status 1 (the editor restarts it). Driven as an editor would: a real
`python -m bpscript lsp` over its stdin and stdout. Before, the server answered nothing
ever again (these tests timed out)."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from pathlib import Path

import pytest

pytest.importorskip("pygls")

ROOT = Path(__file__).parents[2]
TIMEOUT = 30


def request(ident: int, method: str = "initialize") -> bytes:
    params = {"capabilities": {}, "processId": None, "rootUri": None} if method == "initialize" else None
    return json.dumps({"jsonrpc": "2.0", "id": ident, "method": method, "params": params}).encode()


def framed(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Server:
    """`bpscript lsp` in a subprocess, its responses read by a thread."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "bpscript", "lsp"], cwd=ROOT, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.responses: queue.Queue = queue.Queue()
        self.seen: dict[int, dict] = {}
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
                if line == b"\r\n":
                    break
            self.responses.put(json.loads(out.read(length)))

    def send(self, data: bytes) -> None:
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def answer(self, ident: int) -> dict:
        """The response to request `ident` (notifications and other answers skipped)."""
        while ident not in self.seen:
            msg = self.responses.get(timeout=TIMEOUT)
            if "id" in msg:
                self.seen[msg["id"]] = msg
        return self.seen[ident]

    def stop(self) -> str:
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        self.proc.wait(TIMEOUT)
        return self.proc.stderr.read().decode("utf-8", "replace")


@pytest.fixture
def server():
    s = Server()
    yield s
    if s.proc.poll() is None:
        s.proc.kill()
        s.proc.wait()


BODY = request(1)
BAD = {
    "not-a-number": b"Content-Length: abc\r\n\r\n" + BODY,
    "negative": b"Content-Length: -5\r\n\r\n" + BODY,
    "missing": b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" + BODY,
    "larger": b"Content-Length: %d\r\n\r\n" % (len(BODY) + 40) + BODY,
    "smaller": b"Content-Length: %d\r\n\r\n" % (len(BODY) - 7) + BODY,
    "not-json": b"Content-Length: 9\r\n\r\nnot json!",
}


@pytest.mark.parametrize("bad", BAD, ids=list(BAD))
def test_a_framing_error_is_logged_and_the_next_message_answered(bad, server):
    server.send(BAD[bad] + framed(request(2)))
    assert "result" in server.answer(2)
    if bad in ("not-a-number", "negative", "larger", "smaller"):  # its own JSON value is read too
        assert "result" in server.answer(1)
    err = server.stop()
    assert "framing error" in err, err
    assert server.proc.returncode == 0


@pytest.mark.parametrize("bad", ["larger", "smaller", "not-a-number"])
def test_a_message_with_a_wrong_length_is_still_answered(bad, server):
    server.send(BAD[bad])  # nothing follows: the server must not wait for bytes that never come
    assert "result" in server.answer(1)
    assert "framing error" in server.stop()


def test_a_message_that_never_ends_stops_the_server_with_a_message(server):
    server.send(b"Content-Length: 500\r\n\r\n" + BODY[:30])
    err = server.stop()
    assert server.proc.returncode == 1
    assert "cannot read on: the input ended inside a message" in err and "restart" in err


def test_well_framed_messages_are_read_as_before(server):
    typed = b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n" + framed(request(2, "shutdown"))
    server.send(framed(request(1)) + typed)  # a header before Content-Length is a header
    assert "capabilities" in server.answer(1)["result"]
    assert server.answer(2)["result"] is None
    server.send(framed(json.dumps({"jsonrpc": "2.0", "method": "exit"}).encode()))
    assert "framing error" not in server.stop()
