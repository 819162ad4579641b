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
