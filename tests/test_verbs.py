"""The verb library's summaries: every verb says what it changes, every query what it
reads, in terms of its real parameters; the reference page shows them."""

from __future__ import annotations

import pytest

from bpscript.backends.docgen import verbs_markdown
from bpscript.model.semantics import Arg, Change, Fact, Fixed, Read, Role, fact
from bpscript.verbs import LIBRARY, define


def test_every_verb_declares_what_it_changes():
    for name, spec in LIBRARY.items():
        if spec.kind == "verb":
            assert spec.summary, f"verb {name} declares no summary"
            assert all(isinstance(f.kind, Change) for f in spec.summary), name


def test_every_query_declares_what_it_reads():
    for name, spec in LIBRARY.items():
        if spec.kind == "query":
            assert spec.summary, f"query {name} declares no summary"
            assert all(isinstance(f.kind, Read) for f in spec.summary), name
        if spec.kind == "event":
            assert not spec.summary, name


def test_every_summary_names_real_parameters():
    for name, spec in LIBRARY.items():
        for f in spec.summary:
            roles = [r for r, _ in f.roles]
            assert len(roles) == len(set(roles)), f"{name}: a role filled twice in {f}"
            for role, src in f.roles:
                assert isinstance(role, Role) and isinstance(src, (Arg, Fixed)), (name, role, src)
                if isinstance(src, Arg):
                    p = spec.param(src.param)
                    assert p is not None, f"{name}: {f} names '{src.param}', not a parameter of {spec.signature}"
                    assert src.default is None or not p.required, f"{name}: a default for a required '{p.name}'"


def test_every_kind_is_declared_by_some_verb_and_has_its_own_meaning():
    used = {f.kind for spec in LIBRARY.values() for f in spec.summary}
    for enum in (Change, Read):
        assert len(enum.__members__) == len(list(enum)), f"two {enum.__name__} kinds share a meaning (an alias)"
        assert set(enum) <= used, f"kinds no verb declares: {set(enum) - used}"


def test_declarations_read_as_the_issue_states_them():
    assert str(LIBRARY["damage"].summary[0]) == "DAMAGE(player=player, amount=amount)"
    assert str(LIBRARY["draw"].summary[0]) == "DRAW(player=player, count=count or 1)"
    assert str(LIBRARY["discard"].summary[0]).startswith("DISCARD(player=player, count=count or 1")
    assert str(LIBRARY["summon"].summary[0]).startswith("PUT_ON_FIELD(cards=cards, as=as")
    assert str(LIBRARY["move"].summary[0]) == "MOVE(what=what, to=to)"
    assert str(LIBRARY["return_to_hand"].summary[0]) == "MOVE(what=what, to='hand')"
    assert LIBRARY["life"].summary == (fact(Read.LIFE, player="player"),)


def test_a_summary_of_the_wrong_kind_is_refused():
    with pytest.raises(ValueError, match="Change"):
        define("verb", "zz_test_verb", "player: player", None, "test", does=fact(Read.LIFE, player="player"))
    with pytest.raises(ValueError, match="Read"):
        define("query", "zz_test_query", "", "number", "test", does=Fact(Change.END_TURN))
    assert "zz_test_verb" not in LIBRARY and "zz_test_query" not in LIBRARY


def test_the_reference_page_shows_each_summary():
    page = verbs_markdown()
    for spec in LIBRARY.values():
        for f in spec.summary:
            assert f"`{f}`" in page, spec.name
    for kind in (*Change, *Read):
        assert f"| `{kind.name}` | {kind.value} |" in page
