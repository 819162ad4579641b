"""The saved game's format 1 (a snapshot per undo step), as the game wrote
it before format 2. The game still reads such records
(``game.persistence.savegame``) but never writes one again, so the writer
lives here, with the tests of that reader and for ``tools/bench_save.py``,
and stays out of the browser bundle."""

from __future__ import annotations

from game.engine import Game, Move
from game.engine.cards import card_text
from game.persistence.savegame import SCHEMA

PILE_KEYS = ("columns", "stock", "waste", "foundations", "cells")  # a step's position: its piles


def move_dict(move: Move) -> dict:
    return {
        "kind": move.kind,
        "src": None if move.src is None else str(move.src),
        "dst": None if move.dst is None else str(move.dst),
        "cards": [card_text(c) for c in move.cards],
        "flip": move.flip,
        "points": move.points,
    }


def dump_game_v1(game: Game, elapsed: float, counted: bool = False, cache: dict | None = None) -> dict:
    """The record of ``game`` in format 1; ``cache`` reuses the steps
    already written, as the game did then."""
    history = []
    fresh: dict = {}
    for entry in game.history_snapshots():
        step = cache.get(entry) if cache is not None else None
        if step is None:
            before, move = entry
            snapshot = game.position.restored(before).to_dict()
            step = {
                "position": {k: snapshot[k] for k in PILE_KEYS if k in snapshot},
                "score": snapshot["score"],
                "move": move_dict(move),
            }
        fresh[entry] = step
        history.append(step)
    if cache is not None:
        cache.clear()
        cache.update(fresh)
    return {
        "schema": SCHEMA,
        "version": 1,
        "position": game.position.to_dict(),
        "elapsed": round(float(elapsed), 3),
        "counted": bool(counted),
        "history": history,
    }
