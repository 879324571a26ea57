"""The shell blocks of the user docs, read as a reader runs them (tests/test_install.py).

A ```` ```sh ```` block is commands, one a line (`#` comments are the shell's); a
```` ```console ```` block is `$ command` lines, each followed by the output the doc shows.
A ```` ```bps title="FILE" ```` block is a file the reader writes before the next command.

An HTML comment on the line before a block says how it runs, invisible on the page:

    <!-- docs-test: clone -->           run it in the clone (its stdlib/, frames/, generated/)
    <!-- docs-test: venv -->            in a clone of its own, with a fresh virtual environment
                                        on the PATH (the block installs bpscript itself)
    <!-- docs-test: skip: REASON -->    not run; the test prints the reason

Without one, a block runs in an empty directory of its own document (the blocks of one
document share it, in order, as a reader's terminal does).

What the doc implies, the test checks: every command exits 0 unless the output shown
says `error`, and every line shown appears in the output, paths and timings aside.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

FENCE = re.compile(r'^(?:<!-- docs-test: (?P<marker>[^>]*?) -->\n)?```(?P<lang>\w+)(?: title="(?P<title>[^"]+)")?\n'
                   r"(?P<body>.*?)^```", re.S | re.M)
SHELL = ("sh", "console")


@dataclass
class Command:
    text: str
    shown: list[str] = field(default_factory=list)  # output lines the doc shows (console blocks)

    @property
    def fails(self) -> bool:
        """Whether the doc shows this command failing."""
        return any(line.startswith("error") for line in self.shown)


@dataclass
class Block:
    """One block of a document: commands to run, or a file to write (`writes`)."""

    doc: str
    line: int
    marker: str
    commands: list[Command] = field(default_factory=list)
    writes: tuple[str, str] | None = None

    @property
    def skip(self) -> str | None:
        return self.marker.removeprefix("skip:").strip() if self.marker.startswith("skip:") else None

    def __str__(self) -> str:
        return f"{self.doc}:{self.line}"


def blocks(root: Path, doc: str) -> list[Block]:
    """The shell blocks of `doc` (and the files it has the reader write), in order."""
    text = (root / doc).read_text("utf-8")
    out = []
    for m in FENCE.finditer(text):
        lang, marker, body = m["lang"], (m["marker"] or "").strip(), m["body"]
        line = text.count("\n", 0, m.start("lang")) + 1
        if lang == "bps" and m["title"]:
            out.append(Block(doc, line, marker, writes=(m["title"], body)))
        elif lang == "sh":
            commands = [Command(c) for c in body.splitlines() if c.strip() and not c.lstrip().startswith("#")]
            out.append(Block(doc, line, marker, commands))
        elif lang == "console":
            commands = []
            for row in body.splitlines():
                if row.startswith("$ "):
                    commands.append(Command(row[2:]))
                elif commands:
                    commands[-1].shown.append(row)
            out.append(Block(doc, line, marker, commands))
    return out


#: the install the test has made already, from the wheel (pip into a virtual environment,
#: or pipx): the docs' own `pipx install .` / `python3 -m pip install .` of the clone
INSTALLED = re.compile(r"^(?:pipx install \.|python3 -m pip install \.)(?=\s|$)[^&]*?(?:&& |$)")
#: system packages (README, Develop): checked to be there, not installed by a test
APT_UPDATE = re.compile(r"apt-get update(?: -qq)? && ")
APT_INSTALL = re.compile(r"apt-get install -y(?: -qq)? ([\w .+-]+?) && ")


def as_run(command: str, own_install: bool) -> str:
    """The command as the test runs it: the install of the package done already (unless
    the block makes its own), system packages checked rather than installed."""
    if not own_install:
        command = INSTALLED.sub("", command).strip() or "true"
    command = APT_UPDATE.sub("", command)
    return APT_INSTALL.sub(lambda m: f"dpkg-query -W {m[1]} > /dev/null && ", command)


PATH = re.compile(r"(?<![\w.])/[^\s:()'\",]+")
TIMING = re.compile(r"\d+(?:\.\d+)?\s?(?:s|ms|games/s)\b")


def normal(line: str) -> str:
    """A line with its absolute paths and timings replaced, and its spaces trimmed."""
    return TIMING.sub("<time>", PATH.sub("<path>", line)).strip()


def missing(shown: list[str], output: str) -> list[str]:
    """The lines the doc shows that the output does not hold."""
    have = {normal(line) for line in output.splitlines()}
    return [line for line in shown if normal(line) not in have]
