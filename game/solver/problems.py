"""Which problem class solves which game: the game's spec names it
(``GameSpec.solver``, ``"package.module:Class"``), imported on first use so
the engine never imports the solver."""

from __future__ import annotations

import importlib
from functools import lru_cache

from ..engine import registry
from ..engine.position import Position


@lru_cache(maxsize=None)
def _load(path: str):
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def problem_class(game: str):
    """The problem class of ``game``; UnknownGameError for a game no one registered."""
    return _load(registry.game(game).solver)


def problem_for(position: Position):
    return problem_class(position.game)(position)
