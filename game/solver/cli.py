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

The actions after the deal or position (``hint --deal CODE ACTION ...``,
read as ``play`` reads them) are the game's path: the hint's line, and its
guess, stay off the positions they went through unless no line does
(``path_hint``), and a draw's hint also says ``"draws"``, how many draws in
a row the line makes, and ``"then"``, the move they lead to. A position file
alone has no path; the rule of thumb itself never advises taking back the
move it advised the step before (``game.solver.heuristic``).
"""

from __future__ import annotations

import json
import sys

import time
from typing import Any, Sequence

from ..engine import Action, Game
from ..engine.actions import DRAW
from ..engine.errors import EngineInputError
from ..engine.notation import quote
from ..engine.position import Position
from ..engine.rules import TURN
from . import api
from .api import HINT_SECONDS, WINNABLE, hint_line


class RefusedAction(EngineInputError):
    """An action of the game's path that the rules refuse where it is played."""


def run(command: str, start: Position, seconds: float | None = None, actions: Sequence[Action] = ()) -> int:
    """``seconds``: None for the command's default (solve 30 s, hint
    ``HINT_SECONDS``); ``actions``: the hint's game path from ``start``."""
    if command == "solve":
        data = (api.solve(start) if seconds is None else api.solve(start, seconds)).to_dict()
    elif command == "hint":
        data = path_hint(start, actions, HINT_SECONDS if seconds is None else seconds)
    else:
        raise ValueError(f"unknown solver command {command!r}")
    sys.stdout.write(json.dumps(data) + "\n")
    return 0


class Walk:
    """A game's path: ``start`` and the actions played from it (an undo
    takes the last one back), replayed through the rules. ``positions``:
    each position it went through, the one it stands on last; ``drew[j]``:
    the action played from ``positions[j]`` was a tap on the stock."""

    def __init__(self, start: Position, actions: Sequence[Action]) -> None:
        game = Game(start.copy())
        self.positions: list[Position] = [start.copy()]
        self.drew: list[bool] = []
        for i, action in enumerate(actions, 1):
            outcome = game.play(action)
            if not outcome.ok:
                raise RefusedAction(f"action {i}, {quote(str(action))}, is refused there ({outcome.rule})")
            if outcome.undone is not None:
                self.positions.pop()
                self.drew.pop()
            else:
                assert outcome.move is not None
                self.positions.append(game.position.copy())
                self.drew.append(outcome.move.kind in (DRAW, TURN))
        self.keys = [position.packed_key() for position in self.positions]

    def checkpoint(self) -> int:
        """Where the hint's line is looked for first: the position after the
        last whole ``CHECKPOINT`` moves that were not taps on the stock."""
        moves = [j for j, drew in enumerate(self.drew) if not drew]
        whole = len(moves) // CHECKPOINT * CHECKPOINT
        return 0 if whole == 0 else moves[whole - 1] + 1


CHECKPOINT = 16  # moves (not draws) between the positions the command line's hint plans from
WALK_SHARE = 2 / 3  # of the hint's time, what the walk along the path may take (``path_hint``)


def path_hint(start: Position, actions: Sequence[Action], seconds: float) -> dict[str, Any]:
    """The hint after ``actions`` from ``start``, as the window would give
    it to a player who asked at every move: the window keeps a proven line
    while the player follows it and finds a new one (off the positions the
    game went through) where the player leaves it. The command line keeps
    nothing between two calls, so it walks the path again from its last
    checkpoint (``Walk.checkpoint``): the line from there, a new one after
    each action that left it, and the hint is the next action of the line
    it stands on. Asked again and again with the hinted action played, it
    keeps to one line for ``CHECKPOINT`` moves at a time (a new search from
    each position would order Easy Harp's stock cards anew each time), at
    the cost of a search per action that left the line since the checkpoint.
    The walk takes at most ``WALK_SHARE`` of the time: when it finds no line
    (a search ran out of time), the position on the table is searched with
    the rest, as a call without a path would be."""
    walk = Walk(start, actions)
    began = time.perf_counter()
    walking = began + seconds * WALK_SHARE  # the rest is kept for the position on the table
    keys, positions = walk.keys, walk.positions
    last = len(keys) - 1
    j = walk.checkpoint()
    if j == last:  # the position on the table is the checkpoint: its own search, with the whole time
        result = api.solve(positions[j], seconds, avoid=keys[:j])
        return hint_line(result, result.actions if result.result == WINNABLE else [], positions[j], keys[:j])
    result = api.solve(positions[j], seconds * WALK_SHARE, avoid=keys[:j])
    line = result.actions if result.result == WINNABLE else []
    while j < last and result.result == WINNABLE:
        stays = line and _after(positions[j], line[0]) == keys[j + 1]
        line = line[1:] if stays else []
        j += 1
        if not stays and (j == last or not walk.drew[j]):
            # the path left the line: the window would search the next position (after the
            # draws that follow, if any: draws change nothing a search of it would find)
            left = walking - time.perf_counter()
            if left <= 0:
                break
            result = api.solve(positions[j], left, avoid=keys[:j])
            line = result.actions if result.result == WINNABLE else []
    if j < last or not line:  # no line found on the way: the position on the table, with the time left
        left = max(seconds * (1 - WALK_SHARE), began + seconds - time.perf_counter())
        result = api.solve(positions[last], left, avoid=keys[:last])
        line = result.actions if result.result == WINNABLE else []
    return hint_line(result, line, positions[-1], keys[:-1])


def _after(position: Position, action: str) -> bytes | None:
    """The packed key of the position ``action`` leads to from ``position`` (None: refused)."""
    game = Game(position.copy())
    return game.position.packed_key() if game.play(action).ok else None
