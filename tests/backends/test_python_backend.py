"""Generated Python: importable, deterministic, script text only through repr, and
errors in generated code point back at the .bps line."""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

import pytest

from bpscript.backends.python_backend import build_python, generate_modules
from bpscript.engine.kernel.base import NotExecutable, locate
from bpscript.load.loader import load, load_official
from bpscript.model.semantics import Read
from bpscript.verbs import LIBRARY

ROOT = Path(__file__).parents[2]


def _install(tmp_path: Path, files: dict[str, bytes], package: str) -> Path:
    root = tmp_path / package
    for rel, data in files.items():
        target = root / rel.replace("python/bpscript_rules/", "")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return root


@pytest.fixture
def importer(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))

    def do(rs, package):
        _install(tmp_path, build_python(rs), package)
        importlib.invalidate_caches()
        return importlib.import_module(package)

    yield do
    for name in [n for n in sys.modules if n.startswith("gen_")]:
        del sys.modules[name]


def test_every_official_script_has_a_class_with_its_metadata(importer):
    rs = load_official().ruleset
    pkg = importer(rs, "gen_official")
    assert set(pkg.CLASSES) == set(rs.scripts)
    for sid, s in rs.scripts.items():
        cls = pkg.load(sid)
        assert (cls.id, cls.name, cls.kind, cls.type, cls.category) == (s.id, s.name, s.kind, s.type.id, s.category.id)
        assert cls.formats == s.formats and cls.frames == s.frames
        if s.kind == "action":
            assert cls.__doc__ == s.effect.text  # the canonical rule text is the docstring
            h = s.header  # the generated class holds what the declared words mean, not the words
            assert (cls.origin, cls.resolution, cls.window) == (h.trigger.origin, h.speed.resolution, h.timing.window)
            assert cls.key == (s.key.text if s.key else None)
            assert hasattr(cls, "effect") and (s.effect.body is None) == ("effect" not in vars(cls))


def test_a_script_that_is_not_structured_raises_when_resolved(importer):
    """Generated code holds no verdict on what the engine runs (that is the engine's
    coverage); a class whose effect is not structured raises, it never does nothing."""
    rs = load_official().ruleset
    unstructured = next(s for s in rs.actions() if s.effect is not None and s.effect.body is None) if any(
        s.effect is not None and s.effect.body is None for s in rs.actions()) else None
    pkg = importer(rs, "gen_notexec")
    if unstructured is not None:
        with pytest.raises(NotExecutable, match=unstructured.id):
            pkg.load(unstructured.id)().resolve(ctx=None)
    up = pkg.load("up")
    assert "effect" in vars(up) and not hasattr(up, "executable")


def test_hostile_text_reaches_code_only_through_repr(importer, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = load([ROOT / "tests" / "backends" / "fixtures" / "quotes"])
    assert not result.errors
    rs = result.ruleset
    s = rs.scripts["quoted"]
    pkg = importer(rs, "gen_quotes")
    cls = pkg.load("quoted")
    assert not (tmp_path / "PWNED").exists()
    assert cls.name == s.name and cls.__doc__ == s.effect.text
    source = generate_modules(rs)[pkg.CLASSES["quoted"][0]]
    tree = ast.parse(source)
    # the only calls at class level are none; every script text is a string constant
    constants = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    assert {s.name, s.effect.text} <= constants
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
    # every call is a bound verb (`_v_move`) or attribute reader (`_a_cards_number`), a binding of
    # one by its library name, a card condition built from data, or a method of the
    # context: nothing a script wrote is called
    from bpscript.model.attributes import TABLE
    from bpscript.verbs import LIBRARY
    readers = {f"{of}_{name}" for of, name in TABLE}
    for c in calls:
        f = c.func
        if isinstance(f, ast.Name) and f.id.startswith("_v_"):
            assert f.id[3:] in LIBRARY
        elif isinstance(f, ast.Name) and f.id.startswith("_a_"):
            assert f.id[3:] in readers
        elif isinstance(f, ast.Name) and f.id == "_verb":
            assert isinstance(c.args[0], ast.Constant) and c.args[0].value in LIBRARY
        elif isinstance(f, ast.Name) and f.id == "_attribute":
            assert tuple(a.value for a in c.args if isinstance(a, ast.Constant)) in TABLE
        elif isinstance(f, ast.Name) and f.id == "_condition":
            assert isinstance(c.args[0], ast.Dict)
        else:
            assert isinstance(f, ast.Attribute) and f.attr in {"attr", "truth", "items", "loop_guard", "step"}, \
                ast.dump(f)
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    assert "__import__" not in names and "os" not in names and "exec" not in names


class Boom(Exception):
    pass


class ExplodingContext:
    """Just enough of an engine context for ダウン's effect to reach its `move`."""

    target = None
    key = ()

    def attr(self, obj, name):
        return 1

    def truth(self, x):
        return bool(x)

    def step(self, n):
        pass


def test_errors_in_generated_code_point_at_the_bps_line(importer, monkeypatch):
    rs = load_official().ruleset
    pkg = importer(rs, "gen_lines")
    cls = pkg.load("down")
    module = sys.modules[cls.__module__]

    def explode(*args, **kwargs):
        raise Boom("move")
    monkeypatch.setattr(module, "_v_move", explode)  # the engine's move, as the module bound it
    down = cls()
    with pytest.raises(Boom):
        try:
            down.effect(ExplodingContext())
        except Boom:
            place = locate()
            raise
    line = next(i for i, l in enumerate((ROOT / "stdlib" / "blackpoker-8.2" / "30-quick-magic.bps").read_text("utf-8").splitlines(), 1)
                if "move(target, to=grave)" in l and i > 15)
    assert place == f"stdlib/blackpoker-8.2/30-quick-magic.bps:{line}:7"


def test_generation_is_deterministic():
    assert build_python(load_official().ruleset) == build_python(load_official().ruleset)



def test_loops_copy_only_what_is_not_a_new_list_and_tests_need_no_wrapper():
    """A loop walks a query's new list of cards or units as it is; a choice (what the agent
    gave) and any other value go through `ctx.items`. Conditions are Python's own tests."""
    walked, copied = set(), set()
    for data in build_python(load_official().ruleset).values():
        tree = ast.parse(data.decode())
        for node in ast.walk(tree):
            assert not (isinstance(node, ast.Attribute) and node.attr == "truth"), "ctx.truth is Python's `if`"
            iters = ([node.iter] if isinstance(node, ast.For) else [g.iter for g in node.generators]
                     if isinstance(node, (ast.ListComp, ast.GeneratorExp)) else [])
            for it in iters:
                if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id.startswith("_v_"):
                    walked.add(it.func.id[3:])
                elif isinstance(it, ast.Call) and isinstance(it.func, ast.Attribute) and it.func.attr == "items":
                    arg = it.args[0]
                    if isinstance(arg, ast.Call) and isinstance(arg.func, ast.Name):
                        copied.add(arg.func.id[3:])
    assert walked and all(LIBRARY[n].returns in ("cards", "units") for n in walked)
    assert not any(f.kind in (Read.CHOOSE_CARDS, Read.CHOOSE_UNITS) for n in walked for f in LIBRARY[n].summary)
    assert "first" in copied  # returns `any`: it may be a lone value
