"""The server's transport: LSP base-protocol framing that recovers from bad headers.

pygls reads `Content-Length: N` and then N bytes. A header that is not a number, a
negative one, a missing one, or one that does not match its body used to leave it
waiting, or reading the next message as the end of this one, and then answering
nothing, ever again. `Framing` sits between the editor's pipe and pygls: it reads the
raw stream itself and hands pygls only well-framed messages (`Content-Length: M`, a blank
line, M bytes of one JSON value). On a framing error it writes one line to standard
error (editors show it in the server's output channel) and then

- recovers the message when the JSON value after the header is complete: a length too
  large (the next header arrives, or the input pauses, before N bytes) or too small (the
  value goes on past N bytes) is read as the value's own length;
- otherwise skips to the next `Content-Length:` header (a length that is not a number,
  a body that is not JSON, a message with no header);
- and exits with a message (status 1, so that the editor restarts the server) when the
  input ends in the middle of a message or one message exceeds `MAX_MESSAGE`.

It never waits for bytes that the header promised but the editor did not send: a pause of
`PAUSE` seconds with a complete JSON value in hand ends the wait.
"""

from __future__ import annotations

import json
import os
import re
import select
import sys
from typing import BinaryIO, Callable

#: the most bytes one message may take (a whole document, sent on open, fits many times)
MAX_MESSAGE = 256 * 1024 * 1024
#: the longest header block
MAX_HEADER = 8 * 1024
#: seconds without input after which a body shorter than its header said is taken as it is
PAUSE = 0.5

#: a header line: its raw line break proves it is not inside a JSON string (which escapes one)
_HEADER = re.compile(rb"Content-Length[ \t]*:[^\r\n]*\r\n", re.I)
#: the start of a message: its header lines, the Content-Length among them (any order)
_START = re.compile(rb"(?:[!-9;-~]+[ \t]*:[^\r\n]*\r\n)*Content-Length[ \t]*:[^\r\n]*\r\n", re.I)
_LENGTH = re.compile(rb"^Content-Length[ \t]*:[ \t]*(\S*)[ \t]*$", re.I | re.M)
_DECODER = json.JSONDecoder()


class FramingExit(SystemExit):
    """The stream cannot be read on: the server stops so that the editor restarts it."""


class Framing:
    """A reader for pygls (`readline`, `read`) over a raw pipe that may be badly framed."""

    def __init__(self, raw: BinaryIO, log: Callable[[str], None] | None = None, pause: float = PAUSE):
        self.fd = raw.fileno()
        self.buf = bytearray()
        self.out = bytearray()
        self.eof = False
        self.pause = pause
        self.log = log or (lambda text: print(f"bpscript lsp: {text}", file=sys.stderr, flush=True))
        #: why the stream could not be read on, once it could not
        self.stopped: str | None = None

    # ---------------------------------------------------------------- pygls' side
    def readline(self) -> bytes:
        while b"\n" not in self.out:
            if not self._next():
                line, self.out = bytes(self.out), bytearray()
                return line
        end = self.out.index(b"\n") + 1
        line = bytes(self.out[:end])
        del self.out[:end]
        return line

    def read(self, n: int) -> bytes:
        while len(self.out) < n:
            if not self._next():
                break
        data = bytes(self.out[:n])
        del self.out[:n]
        return data

    def _next(self) -> bool:
        """Queue the next well-framed message; False at the end of the input."""
        body = self.message()
        if body is None:
            return False
        self.out += b"Content-Length: %d\r\n\r\n" % len(body) + body
        return True

    # ---------------------------------------------------------------- the raw stream
    def _fill(self, timeout: float | None = None) -> bool:
        """Read what the pipe holds into `buf` (waiting at most `timeout` seconds when
        given); False when nothing came (the end of the input, or the time passed)."""
        if self.eof:
            return False
        if timeout is not None and not select.select([self.fd], [], [], timeout)[0]:
            return False
        data = os.read(self.fd, 1 << 16)
        if not data:
            self.eof = True
            return False
        self.buf += data
        return True

    def _skip_to_header(self, start: int = 0) -> bool:
        """Drop everything before the next `Content-Length:` at or after `start`; False
        at the end of the input."""
        while True:
            found = _START.search(self.buf, start)
            if found:
                if found.start():
                    self.log(f"framing error: {found.start()} byte(s) outside any message skipped")
                del self.buf[:found.start()]
                return True
            start = max(len(self.buf) - 256, 0)  # a header may be split across reads
            if not self._fill():
                if self.buf.strip():
                    self.log(f"framing error: {len(self.buf)} byte(s) outside any message skipped")
                self.buf.clear()
                return False

    def message(self) -> bytes | None:
        """The body of the next message that can be read, or None at the end of the input."""
        while True:
            if not self._skip_to_header():
                return None
            while b"\r\n\r\n" not in self.buf[:MAX_HEADER] and len(self.buf) < MAX_HEADER:
                if not self._fill():
                    self._stop("the input ended inside a message header")
            end = self.buf.find(b"\r\n\r\n", 0, MAX_HEADER)
            if end < 0:
                self.log(f"framing error: a header longer than {MAX_HEADER} bytes: skipped to the next one")
                del self.buf[:1]
                continue
            header = bytes(self.buf[:end])
            del self.buf[:end + 4]
            said = _LENGTH.search(header)
            value = said.group(1).decode("latin-1") if said else ""
            length = int(value) if value.isdigit() else None
            if length is None:
                self.log(f"framing error: Content-Length {value!r} is not a number of bytes")
            elif length > MAX_MESSAGE:
                self._stop(f"a message of {length} bytes, more than {MAX_MESSAGE}")
            body = self._body(length)
            if body is not None:
                return body

    def _body(self, length: int | None) -> bytes | None:
        """The JSON value after a header saying `length` (None: no usable length), or None
        after skipping what cannot be read."""
        while True:
            nxt = _HEADER.search(self.buf)
            if length is not None and len(self.buf) >= length and (nxt is None or nxt.start() >= length):
                body = bytes(self.buf[:length])
                if _complete(body):
                    del self.buf[:length]
                    return body
            if nxt is not None:  # the next message began: this one ends before it
                return self._take(nxt.start(), length)
            if len(self.buf) > MAX_MESSAGE:
                self._stop(f"a message longer than {MAX_MESSAGE} bytes")
            if self._fill(self.pause if self._value_end() is not None else None):
                continue
            if self.eof:
                if self._value_end() is None:
                    self._stop("the input ended inside a message body")
                return self._take(len(self.buf), length)
            return self._take(self._value_end(), length)  # a pause with a whole value in hand

    def _value_end(self) -> int | None:
        """Where the JSON value at the start of `buf` ends, if it is complete."""
        raw = self.buf.lstrip()
        text = raw.decode("utf-8", "surrogateescape")  # a character cut by the read stays apart
        try:
            _, end = _DECODER.raw_decode(text)
        except ValueError:
            return None
        return len(self.buf) - len(raw) + len(text[:end].encode("utf-8", "surrogateescape"))

    def _take(self, limit: int | None, length: int | None) -> bytes | None:
        """The JSON value that starts `buf` within its first `limit` bytes, if complete
        (logged against what the header said); else `buf` up to `limit` is skipped."""
        end = self._value_end() if limit else None
        if end is None or end > (limit or 0):
            self.log(f"framing error: a message body that is not one JSON value "
                     f"(Content-Length said {length if length is not None else 'nothing usable'}): "
                     f"skipped to the next header")
            del self.buf[:limit or 0]
            return None
        if length is not None:
            self.log(f"framing error: Content-Length {length} does not match its body of {end} bytes: "
                     f"read as {end}")
        else:
            self.log(f"the message after it read by its JSON value ({end} bytes)")
        body = bytes(self.buf[:end]).strip()
        del self.buf[:end]
        return body

    def _stop(self, why: str) -> None:
        self.stopped = why
        self.log(f"cannot read on: {why}; the server exits so that the editor can restart it")
        raise FramingExit(1)


def _complete(body: bytes) -> bool:
    """Whether `body` is exactly one JSON value."""
    try:
        json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return False
    return True
