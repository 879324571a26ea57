"""A dict that fills itself: `Memo(make)[key]` is `make(key)`, made on the first lookup.

What the engine asks for all the time and works out once (a script's class and instance,
a kind's scripts) is read as a dict's own lookup, with no Python call once it is known.
"""

from __future__ import annotations

from typing import Callable, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V]):
    """key → `make(key)`, made on its first lookup; an error of `make` (a KeyError for an
    unknown id) reaches the caller and nothing is kept."""

    def __init__(self, make: Callable[[K], V]):
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        found = self[key] = self.make(key)
        return found
