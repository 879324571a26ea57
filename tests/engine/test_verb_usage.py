"""The verb library against its use: single-use verbs are few and declared as such, and
the engine reads every parameter a verb declares (an ignored parameter is a defect)."""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections import defaultdict

import pytest

from bpscript.model.effects import calls
from bpscript.model.relations import expressions
from bpscript.engine.kernel.registry import VERBS
from bpscript.load.loader import load_official
from bpscript.verbs import LIBRARY


@pytest.fixture(scope="module")
def users() -> dict[str, set[str]]:
    """Verb name → the official scripts (8.2, every frame) that call it."""
    rs = load_official().ruleset
    found: dict[str, set[str]] = defaultdict(set)
    for s in rs.scripts.values():
        for call in calls(expressions(s)):
            found[call.func].add(s.id)
    return found


#: verbs one official script happens to call, that are general operations on declared zones,
#: units and events (not one effect's rule), each with why
GENERAL_USED_ONCE = {
    "attach": "adds cards to a unit (4.2.4); 装備 today, any 'put under' effect tomorrow",
    "give_role": "an ability giving a declared role (9.3), 巨人 today; roles are vocabulary",
    "reorder": "puts units in an order a player chooses; 幻影 today",
    "shuffle": "shuffles a declared pile; サーチ today",
    "signal": "emits a declared event for triggers to match; ダメージ判定 today",
}


def test_single_use_verbs_are_at_most_eight_and_declared(users):
    """A verb for one script's unique rule is declared `single_use=<that script>` (≤ 8, its
    reason in its docs); a verb one script happens to call is general and says why above.
    A new verb used once fails here until one of the two is decided."""
    declared = {v.name: v.single_use for v in LIBRARY.values() if v.single_use}
    assert 0 < len(declared) <= 8
    for name, script in declared.items():
        assert users[name] == {script}, f"{name} is declared single-use by {script}, used by {users[name]}"
        assert len(LIBRARY[name].doc) > 20
    once = {name for name, who in users.items() if len(who) == 1 and name in LIBRARY
            and LIBRARY[name].kind == "verb"}
    undecided = once - set(declared) - set(GENERAL_USED_ONCE)
    assert undecided == set(), f"verbs used by one script, neither single-use nor general: {sorted(undecided)}"
    assert all(len(users[name]) >= 1 for name in GENERAL_USED_ONCE)  # each is still in use


def _read_names(fn) -> set[str]:
    tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    body = tree.body[0]
    assert isinstance(body, ast.FunctionDef)
    return {n.id for stmt in body.body for n in ast.walk(stmt) if isinstance(n, ast.Name)}


@pytest.mark.parametrize("name", sorted(VERBS))
def test_the_engine_reads_every_declared_parameter(name):
    """`until`, `face`, `as` … once were accepted and ignored: each declared parameter must be
    read by the engine's implementation (`as` is spelled `as_`)."""
    spec = LIBRARY[name]
    fn = VERBS[name]
    read = _read_names(fn)
    ignored = [p.name for p in spec.params if (p.name + "_" if p.name in ("as", "in", "from") else p.name)
               not in read]
    assert ignored == [], f"{name}: declared parameter(s) {ignored} not read by the engine"
