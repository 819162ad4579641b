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

from ... import host

V = TypeVar("V")

MB = 1 << 20
RELEASE_BYTES = 8 * MB  # dropped at once: worth a malloc_trim (a few ms), which a resize or a new size costs anyway


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
    budget plus what the one in use grew by.

    A new entry is made only after the entries beyond the budget have gone
    (the one in use among them: the new one takes its place), so the old and
    the new are not both held at the moment it is made: on a resize of a
    large window that moment was the peak (a dimming, a panel's shape and
    the card art of both sizes at once). And when what went weighs
    ``RELEASE_BYTES`` or more, the memory freed is handed back to the system
    at once (``host.release_freed_memory``): the C library keeps large freed
    blocks for itself otherwise, and they counted in the resident memory
    long after (70 MB of a 390 MB peak in a UI fuzz run)."""

    def __init__(self, budget: int, weigh: Callable[[V], int] = held_bytes) -> None:
        self.budget = budget
        self.weigh = weigh
        self._entries: OrderedDict[Hashable, V] = OrderedDict()

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        """The entry for ``key``, made by ``make()`` when there is none."""
        value = self._entries.get(key)
        dropped = 0
        if value is not None:
            self._entries.move_to_end(key)
        else:
            dropped = self._trim(keep=0)  # room first: the one in use is about to be the new one
            value = self._entries[key] = make()
        dropped += self._trim(keep=1)
        if dropped >= RELEASE_BYTES:
            host.release_freed_memory()
        return value

    def _trim(self, keep: int) -> int:
        sizes = {key: self.weigh(value) for key, value in self._entries.items()}
        total = sum(sizes.values())
        dropped = 0
        while len(self._entries) > keep and total > self.budget:
            key, _ = self._entries.popitem(last=False)
            total -= sizes[key]
            dropped += sizes[key]
        return dropped

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
