"""A ruleset's generated Python package, compiled in memory, as Jinja2 compiles templates.

The Python backend (`bpscript.backends.python_backend`) writes the package's modules as
source text; this module compiles each with `compile()` into a module object of its own,
on first use. Nothing is written to disk, nothing is put on `sys.path`, `sys.meta_path`
or in `sys.modules`: a package is reached only through its `Package` object, so a process
that loads many rulesets (tests, the language server) leaves nothing behind. Each module
names the package as its `__loader__`, whose `get_source` lets `linecache` show the
generated lines in a traceback; `__bps_lines__` maps them back to the `.bps` scripts
(`bpscript.engine.kernel.base.locate`). Nothing from a script is evaluated: script text reaches
the generated source only through `repr()`.
"""

from __future__ import annotations

import hashlib
from importlib.machinery import ModuleSpec
from types import ModuleType

from ...model import ruleset as m
from .base import Script
from .memo import Memo

#: package key → its package: a ruleset compiled once per process (the key is its source's hash)
_PACKAGES: dict[str, "Package"] = {}


class Package:
    """The generated modules of one ruleset: `CLASSES` (script id → module and class name),
    and `load(script_id)`, the class, its module compiled on first use."""

    def __init__(self, name: str, sources: dict[str, str]):
        self.name = name
        self._sources = sources
        #: module name (as `generate_modules` names it) → the module, compiled on first use
        self.modules: Memo[str, ModuleType] = Memo(self._compile)
        init = self.modules["__init__"]
        self.CLASSES: dict[str, tuple[str, str]] = init.CLASSES

    def load(self, script_id: str) -> type[Script]:
        """The effect class of a script (a KeyError for an id the package lacks)."""
        module, name = self.CLASSES[script_id]
        cls: type[Script] = getattr(self.modules[module], name)
        return cls

    def get_source(self, fullname: str) -> str:
        """The source of one of the package's modules, by full name: what `linecache` asks
        the `__loader__` of a module whose file is not on disk."""
        return self._sources[self._short(fullname)]

    def _short(self, fullname: str) -> str:
        return "__init__" if fullname == self.name else fullname[len(self.name) + 1:]

    def _compile(self, module: str) -> ModuleType:
        fullname = self.name if module == "__init__" else f"{self.name}.{module}"
        filename = f"{self.name}/{module}.py"  # a name in tracebacks; never a file on disk
        code = compile(self._sources[module], filename, "exec", dont_inherit=True)
        mod = ModuleType(fullname)
        mod.__file__ = filename
        mod.__loader__ = self  # type: ignore[assignment]  # a loader that only gives sources
        mod.__spec__ = ModuleSpec(fullname, None, origin=filename, is_package=module == "__init__")
        exec(code, mod.__dict__)  # noqa: S102 - generated code; script text in it only as repr() literals
        return mod


def compiled(ruleset: m.Ruleset) -> Package:
    """The generated package of `ruleset`, compiled in memory once per process."""
    from ...backends.python_backend import generate_modules

    sources = generate_modules(ruleset)
    digest = hashlib.sha256()
    for name in sorted(sources):
        digest.update(name.encode() + b"\0" + sources[name].encode("utf-8") + b"\0")
    key = digest.hexdigest()[:16]
    found = _PACKAGES.get(key)
    if found is None:
        found = _PACKAGES[key] = Package(f"bpscript_rules_{key}", sources)
    return found
