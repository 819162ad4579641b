"""The search's memory: the cyclic collector held off while searches run,
and the tables of ended searches freed a piece at a time.

Two things would make a slice long, and a frame with it (both measured
under WebAssembly, where they cost three times what they do natively):

* Python's cyclic garbage collector. Its full collections walk every object
  it tracks, and every entry of every list in them: once a search had run a
  second or two, that was 60-250 ms under WebAssembly, in the middle of
  whichever slice allocated at the wrong moment; its young collections took
  5-30 ms more, walking the children just made. The search makes no
  reference cycles (a test checks it), so reference counting frees all its
  garbage: automatic collection is held off while a search runs and until its
  tables are freed, then turned back on as it was: by whatever runs the
  searches, which owns the hold (``CollectorHold``: the window's task
  runner, ``SolverTask.run``).
* Freeing the tables. A search keeps every state it has seen; dropping them
  at once after a three-second search took 60-150 ms natively. When a search
  ends, its tables go to a scrap heap (``scrap``) that ``sweep`` frees a
  piece at a time: the next search's slices do (with up to half of each),
  and the window gives it its own task when no search follows.
"""

from __future__ import annotations

import gc
import time
import weakref
from typing import Any

from .problem import Child, Pauses

SWEEP_PIECE = 256  # entries freed between two looks at the clock (``sweep``)
scrap: list[Any] = []  # tables of ended searches (sets and lists), freed a piece at a time


class CollectorHold:
    """Python's cyclic collector kept off while searches run in slices and
    their tables are freed (the module's notes say why), held by what runs
    them: the window's task runner (``game.play.tasks.Tasks``) and
    ``SolverTask.run``. A search itself never touches the collector.

    The owner says at each of its frames whether it is busy with a search
    (``keep``): busy takes the hold, not busy gives it back, and the
    collector is off while any hold is taken. An owner that stops running
    (a window closed or rebuilt by the frame guard in the middle of a hint,
    garbage that only a collection can free) does not keep it off for good:
    a hold not kept for more than ``STALE_TICKS`` calls of ``keep`` by other
    owners lapses. A collector the program turned off itself stays off."""

    STALE_TICKS = 3
    _ticks = 0  # calls of ``keep``, by every owner
    _taken: weakref.WeakSet[CollectorHold] = weakref.WeakSet()
    _turned_off = False  # the collector is off because of a hold (not because the program turned it off)

    def __init__(self) -> None:
        self.tick = 0  # the ``_ticks`` of this hold's last ``keep``

    @property
    def held(self) -> bool:
        return self in CollectorHold._taken

    def keep(self, busy: bool) -> None:
        cls = CollectorHold
        cls._ticks += 1
        self.tick = cls._ticks
        if busy:
            cls._taken.add(self)
        else:
            cls._taken.discard(self)
        for other in list(cls._taken):
            if self.tick - other.tick > cls.STALE_TICKS:
                cls._taken.discard(other)  # its owner runs no more
        cls._apply()

    def release(self) -> None:
        """Given back for good (its owner is done)."""
        CollectorHold._taken.discard(self)
        CollectorHold._apply()

    @classmethod
    def release_all(cls) -> None:
        """Every hold given back (a test's clean-up)."""
        cls._taken.clear()
        cls._apply()

    @classmethod
    def _apply(cls) -> None:
        if cls._taken:
            if not cls._turned_off and gc.isenabled():
                gc.disable()
                cls._turned_off = True
        elif cls._turned_off:
            cls._turned_off = False
            gc.enable()


def collector_held() -> bool:
    """True while a hold keeps the cyclic collector's automatic collection off."""
    return CollectorHold._turned_off


def free(children: list[Child]) -> Pauses:
    """Free a list of children done with (most of them were seen already
    and die with it) a piece at a time, pausing in between."""
    while len(children) > SWEEP_PIECE:
        del children[-SWEEP_PIECE:]
        yield


def sweep(budget_seconds: float) -> bool:
    """Free the tables of ended searches for about ``budget_seconds``; True
    while some are left."""
    deadline = time.perf_counter() + budget_seconds
    while scrap:
        table = scrap[-1]
        for _ in range(SWEEP_PIECE):
            if not table:
                scrap.pop()
                break
            item = table.pop()
            if type(item) is list:
                for part in item:  # a depth-first frame's children: freed later, in pieces
                    if type(part) is list and len(part) > SWEEP_PIECE:
                        scrap.append(part)
        if time.perf_counter() >= deadline:
            break
    return bool(scrap)
