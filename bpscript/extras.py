"""The optional extras (`pip install 'bpscript[NAME]'`) and the one check each feature
that needs one makes before it does any work.

A feature asks `require(NAME, what)` first: when the extra's module is missing it raises
`MissingExtra`, whose message names the extra in one line, and the command line exits 2
having written nothing (no half-written report, no build stopped half way).
Nothing here imports an extra: `importlib.util.find_spec` only looks for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.util import find_spec


@dataclass(frozen=True)
class Extra:
    """An extra of the package: the module that tells it is installed, and what it brings."""

    module: str
    brings: str
    packages: str  # what `pipx inject bpscript …` adds (pipx installs no extra afterwards)


#: every extra a feature may need (`pyproject.toml`, [project.optional-dependencies])
EXTRAS = {
    "pdf": Extra("weasyprint", "WeasyPrint", "weasyprint pypdf"),
    "report": Extra("matplotlib", "matplotlib", "matplotlib"),
    "lsp": Extra("pygls", "pygls", "'pygls>=2,<3'"),
    "ray": Extra("ray", "Ray", "ray"),
}


class MissingExtra(RuntimeError):
    """A feature was asked for whose extra is not installed."""


def installed(name: str) -> bool:
    """Whether the extra `name` is installed (its module can be imported)."""
    try:
        return find_spec(EXTRAS[name].module) is not None
    except (ImportError, ValueError):  # a broken or half-removed install
        return False


def require(name: str, what: str) -> None:
    """Raise `MissingExtra` naming the extra when `what` (the feature) cannot run."""
    if not installed(name):
        extra = EXTRAS[name]
        raise MissingExtra(f"{what} needs the {name} extra ({extra.brings}): pip install 'bpscript[{name}]', "
                           f"or with pipx: pipx inject bpscript {extra.packages}")
