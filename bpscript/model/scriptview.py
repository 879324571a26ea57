"""Read-only accessors of script fields and of a ruleset's vocabulary.

The importer and the RST, CSV and official-YAML backends read scripts only through
these functions. The model is being reshaped (its vocabulary — types, header words,
cost letters, target kinds — moves into declarations of the ruleset), so this module is
the one place those readers have to follow.
"""

from __future__ import annotations

from . import ruleset as m

# ---------------------------------------------------------------- identity


def is_action(s: m.Script) -> bool:
    return isinstance(s, m.ActionScript)


def ruby(s: m.Script) -> str | None:
    return s.ruby


def category(s: m.Script) -> str:
    """The printed name of the category the script is listed under."""
    return s.category.name


def type_name(s: m.Script) -> str:
    return s.type.name


def formats(s: m.Script) -> tuple[str, ...]:
    return tuple(s.formats)


def frames(s: m.Script) -> tuple[str, ...]:
    return tuple(s.frames)


def every_script(rs: m.Ruleset) -> list[m.Script]:
    """The scripts, then the overrides scoped to some formats or frames (a package's)."""
    return list(rs.scripts.values()) + [s for overs in rs.scoped.values() for s in overs]


def holds_in_formats(rs: m.Ruleset, s: m.Script) -> tuple[str, ...]:
    """The formats a script is listed in: a scoped override's scope, else its formats."""
    return tuple(x for x in s.scope if x in rs.formats) if s.scope else tuple(s.formats)


def holds_in_frames(rs: m.Ruleset, s: m.Script) -> tuple[str, ...]:
    """The frames a script is listed in: a scoped override's scope, else its frames."""
    return tuple(x for x in s.scope if x in rs.frames) if s.scope else tuple(s.frames)


def since(s: m.Script) -> str | None:
    return s.since


def updates(s: m.Script) -> tuple[str, ...]:
    return tuple(s.update)


def story(s: m.Script) -> str | None:
    return s.story


def flavor_text(s: m.Script) -> str | None:
    return s.flavor.text if s.flavor else None


def flavor_speaker(s: m.Script) -> str | None:
    return s.flavor.speaker if s.flavor else None


def dev_note(s: m.Script) -> str | None:
    return getattr(s, "dev_note", None)


# ---------------------------------------------------------------- actions


def header_words(s: m.Script) -> tuple[str, str, str] | None:
    """(トリガー, スピード, タイミング) as printed."""
    if not isinstance(s, m.ActionScript) or s.header is None:
        return None
    h = s.header
    return h.trigger.name, h.speed.name, h.timing.name


def cost_letters(s: m.Script) -> str:
    """The cost letters as printed (`BBL`), empty without a cost."""
    if not isinstance(s, m.ActionScript) or s.cost is None:
        return ""
    return "".join(s.cost.letters)


def key_card_text(s: m.Script) -> str | None:
    return s.key_cards.text if isinstance(s, m.ActionScript) and s.key_cards else None


def key_unit_text(s: m.Script) -> str | None:
    return s.key_unit.text if isinstance(s, m.ActionScript) and s.key_unit else None


def note(s: m.Script) -> str | None:
    return s.note if isinstance(s, m.ActionScript) else None


def activation_text(s: m.Script) -> str | None:
    return s.activation.text if isinstance(s, m.ActionScript) and s.activation else None


def trigger_text(s: m.Script) -> str | None:
    return s.trigger_condition.text if isinstance(s, m.ActionScript) and s.trigger_condition else None


def target_text(s: m.Script) -> str | None:
    return s.target.text if isinstance(s, m.ActionScript) and s.target else None


def effect_text(s: m.Script) -> str | None:
    return s.effect.text if isinstance(s, m.ActionScript) and s.effect else None


def effect_same_as(s: m.Script) -> str | None:
    return s.effect.same_as if isinstance(s, m.ActionScript) and s.effect else None


# ---------------------------------------------------------------- components


def unit_condition_text(s: m.Script) -> str | None:
    return s.unit_condition.text if isinstance(s, m.ComponentScript) and s.unit_condition else None


def size_text(s: m.Script) -> str | None:
    return s.size.text if isinstance(s, m.ComponentScript) and s.size else None


def label_texts(s: m.Script) -> list[str]:
    """Labels as printed without brackets: `速攻(キーカードにAが含まれる場合のみ)`."""
    return [lab.text for lab in s.labels] if isinstance(s, m.ComponentScript) else []


def labels(s: m.Script) -> list[tuple[str, str | None]]:
    """Labels as (name, printed qualifier or None)."""
    return [(lab.name, lab.qualifier) for lab in s.labels] if isinstance(s, m.ComponentScript) else []


def ability_texts(s: m.Script) -> list[str]:
    return [a.text for a in s.abilities] if isinstance(s, m.ComponentScript) else []


def placed_by(s: m.Script) -> str | None:
    return s.placed_by if isinstance(s, m.ComponentScript) else None


# ---------------------------------------------------------------- vocabulary


def format_ids(rs: m.Ruleset) -> list[str]:
    return list(rs.formats)


def format_name(rs: m.Ruleset, fid: str) -> str:
    return rs.formats[fid].name if fid in rs.formats else fid


def frame_ids(rs: m.Ruleset) -> list[str]:
    return list(rs.frames)


def frame_name(rs: m.Ruleset, fid: str) -> str:
    return rs.frames[fid].name if fid in rs.frames else fid


def action_types(rs: m.Ruleset) -> tuple[str, ...]:
    """The printed names of the declared action types."""
    return tuple(t.name for t in rs.vocabulary.types_of("action"))


def component_types(rs: m.Ruleset, kind: str) -> tuple[str, ...]:
    return tuple(t.name for t in rs.vocabulary.types_of(kind))


def header_vocabulary(rs: m.Ruleset) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The printed words a header may use: (triggers, speeds, timings)."""
    voc = rs.vocabulary
    return tuple(voc.triggers.names()), tuple(voc.speeds.names()), tuple(voc.timings.names())


def declared_cost_letters(rs: m.Ruleset) -> tuple[str, ...]:
    return tuple(rs.costs)


def has_category(rs: m.Ruleset, name: str) -> bool:
    """Whether a category of that printed name is declared (a type is a category too)."""
    return rs.vocabulary.category(name) is not None


def has_label(rs: m.Ruleset, name: str) -> bool:
    return rs.vocabulary.labels.get(name) is not None


def target_vocabulary(rs: m.Ruleset) -> tuple[dict[str, tuple[str, str]], dict[str, str]]:
    """(target kind id → (noun, counter), owner id → printed prefix), for reading default
    renderings: unit targets are named by a component type or kind, others by a target kind."""
    voc = rs.vocabulary
    kinds: dict[str, tuple[str, str]] = {}
    for t in voc.types:
        if t.kind != "action":
            comp = voc.components.get(t.kind)
            kinds[t.id] = (t.name, comp.counter if comp else "")
    for c in voc.components:
        kinds.setdefault(c.id, (c.name, c.counter))
    for k in voc.target_kinds:
        kinds.setdefault(k.id, (k.name, k.counter))
    return kinds, {o.id: o.name for o in voc.owners}


def zone_name(rs: m.Ruleset, zone: str) -> str:
    found = rs.vocabulary.zones.get(zone)
    return found.name if found is not None else zone


def frame_deck_text(fr: m.Frame) -> str:
    """A frame's デッキ条件 as printed."""
    return fr.deck.text


def frame_setup_text(fr: m.Frame) -> str:
    """A frame's ゲームの始め方 as printed."""
    return fr.setup.text
