"""The words an author may type, for completion, as the ruleset declares them
(`Ruleset.vocabulary`: header words, zones, types, target kinds, owners, cost letters)
plus its formats and frames, and the verb library's context names and constants.

This is the one place completion learns its words from.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from ..model import ruleset as m
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
    types: tuple[str, ...]  # 速攻魔法, 兵士, …


def vocabulary(rs: m.Ruleset) -> Vocabulary:
    v = rs.vocabulary
    headers = tuple("-".join(w.name for w in combo) for combo in product(v.triggers, v.speeds, v.timings))
    kinds = {t.id: t.name for t in v.types if t.kind != "action"}
    kinds.update({c.id: c.name for c in v.components})
    kinds.update({t.id: t.name for t in v.target_kinds})
    return Vocabulary(
        headers=headers,
        costs={c.letter: c.text for c in v.costs},
        zones={z.id: z.name for z in v.zones},
        contexts=dict(CONTEXT),
        constants=dict(CONSTANTS),
        target_kinds=kinds,
        owners=tuple(o.id for o in v.owners),
        scopes=tuple(m.SCOPES),
        formats={f.id: f.name for f in rs.formats.values()},
        frames={f.id: f.name for f in rs.frames.values()},
        types=tuple(t.name for t in v.types),
    )
