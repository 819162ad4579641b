"""``python -m game solve`` and ``python -m game hint``: one JSON line each.

solve prints one JSON line::

    {"result": "winnable" | "unwinnable" | "unknown", "actions": [...],
     "seconds": 0.012, "nodes": 345}

``actions`` is a full solution when the result is ``winnable`` (it replays
with ``python -m game play`` from the same start to a won position), else
an empty list. It searches for ``--seconds`` (default 30).

hint prints one JSON line::

    {"action": "c3>f" | null, "result": "winnable" | "unwinnable" | "unknown",
     "seconds": 0.012, "nodes": 345}

It searches for ``--seconds``, by default ``HINT_SECONDS`` (3 s, in
``game.solver.api``): the same time as the hint in the game window, so
both advise alike. ``action`` is the first action of a solution; when none
was found in that time (``unknown``) it is the most useful-looking legal
move (``game.solver.heuristic``). It is null when the game is proven lost
(``unwinnable``), when no legal move is worth making (``unknown``: not a
loss, just no move that stands out), or when the position is already won
(then ``result`` is ``winnable``). Only ``unwinnable`` is a proof of a loss.

A position file has no history (the contract's position has no moves
list), so the command line's guess can't steer clear of positions the game
has been in, as the window's does; the rule of thumb itself never advises
taking back the move it advised the step before (``game.solver.heuristic``).
"""

from __future__ import annotations

import json
import sys

from ..engine.position import Position
from .api import HINT_SECONDS, hint, solve


def run(command: str, start: Position, seconds: float | None = None) -> int:
    """``seconds``: None for the command's default (solve 30 s, hint ``HINT_SECONDS``)."""
    if command == "solve":
        data = (solve(start) if seconds is None else solve(start, seconds)).to_dict()
    elif command == "hint":
        data = hint(start, HINT_SECONDS if seconds is None else seconds)
    else:
        raise ValueError(f"unknown solver command {command!r}")
    sys.stdout.write(json.dumps(data) + "\n")
    return 0
