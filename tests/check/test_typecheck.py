"""The checker records the types it found in the model (`Name.type`, `Attr.of`/`Attr.type`,
`Call.type` and `Call.verb`), as it records what each name is (`Name.ref`)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from bpscript.model import effects as fx
from bpscript.model.attributes import TABLE
from bpscript.load.loader import load, load_official
from bpscript.verbs import LIBRARY

FIXTURE = Path(__file__).parents[1] / "fixtures" / "types"


def _effect(sid: str) -> list:
    result = load([FIXTURE])
    assert not [d for d in result.diagnostics if d.severity == "error"], result.diagnostics
    return list(fx.walk(result.ruleset.scripts[sid].effect.body))


def test_each_attribute_read_records_its_objects_type_and_what_it_gives():
    reads = {(fx.to_source(n.obj), n.name): (n.of, n.type) for n in _effect("typed") if type(n) is fx.Attr}
    assert reads == {
        ("key", "number"): ("cards", "number"),
        ("target", "total"): ("unit", "number"),
        ("c", "number"): ("card", "number"),
        ("target", "state"): ("unit", "state"),
        ("first(units(soldier, me))", "count"): ("units", "number"),  # `first` filters its list (R.FILTER)
        ("target", "owner"): ("unit", "player"),
        ("key_of(spade)", "number"): ("card", "number"),
    }


def test_each_name_records_its_type_and_each_call_its_declaration():
    nodes = _effect("typed")
    names = {(n.id, n.type) for n in nodes if type(n) is fx.Name}
    assert {("key", "cards"), ("target", "unit"), ("c", "card"), ("n", "number"), ("charged", "state"),
            ("me", "player"), ("opponent", "player")} <= names
    calls = {n.func: (n.verb, n.type) for n in nodes if type(n) is fx.Call}
    assert calls["key_of"] == (LIBRARY["key_of"], "card") and calls["damage"] == (LIBRARY["damage"], None)
    assert calls["units"] == (LIBRARY["units"], "units")
    assert calls["first"] == (LIBRARY["first"], "units")  # declared `any`, filtering a list of units


def _trees(obj: object):
    """Every effect-tree node below a script's parts (dataclasses, tuples)."""
    if type(obj) in fx.NODES:
        yield from fx.walk(obj)
    elif isinstance(obj, tuple):
        for x in obj:
            yield from _trees(x)
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            yield from _trees(getattr(obj, f.name))


PARTS = ("activation", "trigger_condition", "target", "effect", "size", "labels", "abilities")


def test_every_attribute_read_of_the_bundled_scripts_is_typed_by_the_table():
    """Where the checker knows the type, `(of, name)` is a key of the table, giving the type
    recorded; `any` would be a value of a query typed `any` (none is read in the bundled rules)."""
    untyped = set()
    for s in load_official().ruleset.scripts.values():
        for n in _trees(tuple(getattr(s, p, None) for p in PARTS)):
            if type(n) is fx.Attr:
                assert n.of is not None and n.type is not None, (s.id, fx.to_source(n))
                if n.of == "any":
                    untyped.add(fx.to_source(n))
                else:
                    assert TABLE[(n.of, n.name)].result == n.type
            elif type(n) is fx.Call:
                assert n.verb == LIBRARY[n.func]
                assert n.type == LIBRARY[n.func].returns or (n.func in ("first", "last") and n.type in ("cards", "units"))
    assert untyped == set()  # every read of the bundled rules is typed
