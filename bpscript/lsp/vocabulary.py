"""The words an author may type, for completion: read from the ruleset where it declares
them (costs, formats, frames, scripts) and from the model's tables for the rest.

This is the one place that knows where each word list lives, so when the vocabulary
moves into the ruleset's own declarations only this function changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from .. import model as m
from ..verbs import CONSTANTS, CONTEXT


@dataclass(frozen=True)
class Vocabulary:
    headers: tuple[str, ...]  # 直接-通常-クイック, …
    costs: dict[str, str]  # letter → printed text
    zones: dict[str, str]  # id → printed name
    contexts: dict[str, str]  # me, target, key, … → type
    constants: dict[str, str]  # grave, charged, end_of_turn, … → type
    target_kinds: dict[str, str]  # soldier → 兵士
    owners: tuple[str, ...]
    scopes: tuple[str, ...]
    formats: dict[str, str]  # id → name
    frames: dict[str, str]
    types: tuple[str, ...]  # (速攻魔法), (兵士), …


def vocabulary(rs: m.Ruleset) -> Vocabulary:
    headers = tuple("-".join(w.value for w in combo) for combo in product(m.Trigger, m.Speed, m.Timing))
    types = tuple(m.ACTION_TYPES) + tuple(t for ts in m.COMPONENT_TYPES.values() for t in ts)
    return Vocabulary(
        headers=headers,
        costs={c.letter: c.text for c in rs.costs.values()},
        zones=dict(m.ZONES),
        contexts=dict(CONTEXT),
        constants=dict(CONSTANTS),
        target_kinds={k: v[0] for k, v in m.TARGET_KINDS.items()},
        owners=tuple(m.OWNERS),
        scopes=tuple(m.SCOPES),
        formats={f.id: f.name for f in rs.formats.values()},
        frames={f.id: f.name for f in rs.frames.values()},
        types=types,
    )
