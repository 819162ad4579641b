"""``python -m game solve`` and ``python -m game hint``: one JSON line each.

solve prints one JSON line::

    {"result": "winnable" | "unwinnable" | "unknown", "actions": [...],
     "seconds": 0.012, "nodes": 345}

``actions`` is a full solution when the result is ``winnable`` (it replays
with ``python -m game play`` from the same start to a won position), else
an empty list.

hint prints one JSON line::

    {"action": "c3>f" | null, "result": "winnable" | "unwinnable" | "unknown",
     "seconds": 0.012, "nodes": 345}

``action`` is the first action of a solution; when none was found in the
time given (``unknown``) it is the most useful-looking legal move
(``game.solver.heuristic``). It is null when the game is proven lost
(``unwinnable``), when no legal move is worth making, or when the position
is already won (then ``result`` is ``winnable``).
"""

from __future__ import annotations

import json
import sys

from ..engine.position import Position
from .api import hint, solve


def run(command: str, start: Position, seconds: float) -> int:
    if command == "solve":
        data = solve(start, seconds).to_dict()
    elif command == "hint":
        data = hint(start, seconds)
    else:
        raise ValueError(f"unknown solver command {command!r}")
    sys.stdout.write(json.dumps(data) + "\n")
    return 0
