"""Caches of drawn surfaces bounded by the memory they hold, not by how many
entries they keep: a set of card faces, a panel's shape or the dimming of a
window takes a hundred times more at 3840x2160 than on a phone, so "keep
the last seven" was 150 MB of card art at 1920x1080 and gigabytes on a
huge window. Pixel memory is counted as width x height x bytes per pixel,
which is what a surface's pixels take."""

from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Generic, Hashable, TypeVar

import pygame

V = TypeVar("V")

MB = 1 << 20


def held_bytes(value: object, depth: int = 3) -> int:
    """The pixel memory of the surfaces ``value`` holds: a surface itself,
    or those in its lists, tuples, dicts and attributes, ``depth`` levels
    down (a card art's faces are a dict in one of its attributes)."""
    if isinstance(value, pygame.Surface):
        return value.get_width() * value.get_height() * value.get_bytesize()
    if depth <= 0:
        return 0
    if isinstance(value, dict):
        return sum(held_bytes(v, depth - 1) for v in value.values())
    if isinstance(value, (list, tuple)):
        return sum(held_bytes(v, depth - 1) for v in value)
    attributes = getattr(value, "__dict__", None)
    return held_bytes(attributes, depth - 1) if isinstance(attributes, dict) else 0


class SurfaceCache(Generic[V]):
    """What was drawn for a key, kept while the memory of all the entries
    stays within ``budget`` bytes: the least recently used go first. The
    newest entry is always kept, whatever its size (it is the one in use).
    Entries are weighed again at each ``get`` (``weigh``), so one that grows
    after it was made (card faces are drawn as they are first shown) is
    counted as it is then: between two calls the entries hold at most the
    budget plus what the one in use grew by."""

    def __init__(self, budget: int, weigh: Callable[[V], int] = held_bytes) -> None:
        self.budget = budget
        self.weigh = weigh
        self._entries: OrderedDict[Hashable, V] = OrderedDict()

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        """The entry for ``key``, made by ``make()`` when there is none."""
        value = self._entries.get(key)
        if value is not None:
            self._entries.move_to_end(key)
        else:
            value = self._entries[key] = make()
        self._trim()
        return value

    def _trim(self) -> None:
        sizes = {key: self.weigh(value) for key, value in self._entries.items()}
        total = sum(sizes.values())
        while len(self._entries) > 1 and total > self.budget:
            key, _ = self._entries.popitem(last=False)
            total -= sizes[key]

    @property
    def held(self) -> int:
        """The bytes its entries hold now."""
        return sum(self.weigh(value) for value in self._entries.values())

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._entries

    def clear(self) -> None:
        self._entries.clear()
