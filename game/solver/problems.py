"""Which problem class solves which game: the game's spec names it
(``GameSpec.solver``, ``"package.module:Class"``), imported on first use so
the engine never imports the solver."""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Callable

from ..engine import registry
from ..engine.position import Position
from .problem import Planned

ProblemClass = Callable[[Position], Planned]  # a game's problem class: made from a position


@lru_cache(maxsize=None)
def _load(path: str) -> ProblemClass:
    """The class a spec names (a module's attribute, looked up once by its name)."""
    module, _, name = path.partition(":")
    found: ProblemClass = vars(importlib.import_module(module))[name]
    return found


def problem_class(game: str) -> ProblemClass:
    """The problem class of ``game``; UnknownGameError for a game no one registered."""
    return _load(registry.game(game).solver)


def problem_for(position: Position) -> Planned:
    """The problem of ``position``'s game, made from it."""
    return problem_class(position.game)(position)
