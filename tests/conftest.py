"""Shared by every test: a test leaves no solver search behind. A search
that has run holds the cyclic GC off until it ends and its tables are swept
(``game.solver.search``); a test may leave one running inside a window that
is now garbage (a window's objects refer to each other, so only a
collection frees them): collect it, then sweep."""

from __future__ import annotations

import gc
import sys

import pytest


@pytest.fixture(autouse=True)
def _no_search_left():
    yield
    search = sys.modules.get("game.solver.search")
    if search is not None and search.gc_held():
        gc.collect()
        while search.sweep(1.0):
            pass


class TickingClock:
    """A clock that moves one tick (1/1024 s, exact in binary) at every look:
    how far a slice ran is counted in looks, not timed on the machine."""

    def __init__(self) -> None:
        self.looks = 0

    def __call__(self) -> float:
        self.looks += 1
        return self.looks / 1024


@pytest.fixture
def ticking_clock(monkeypatch) -> TickingClock:
    """The solver's search reads this clock instead of the machine's."""
    from game.solver import search

    clock = TickingClock()
    monkeypatch.setattr(search.time, "perf_counter", clock)
    return clock
