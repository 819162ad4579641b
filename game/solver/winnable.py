"""The shipped lists of proven-winnable deal numbers.

``winnable/<GAME>-<VARIANT>.txt`` (e.g. ``EO1-C8.txt``) holds one deal
number per line; lines starting with ``#`` are comments. Every number was
solved and its solution replayed to a win through the rules engine by
``tools/make_winnable.py``, which anyone can rerun.

>>> numbers = winnable_numbers("eight-off", "C8")
>>> len(numbers) >= 500 and numbers == tuple(sorted(numbers))
True
"""

from __future__ import annotations

import os
from functools import lru_cache

from ..engine import registry

LIST_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "winnable")


def list_name(game: str, variant: str) -> str:
    """``EO1-C8`` for eight-off C8: the deal code's first two parts."""
    return f"{registry.game(game).prefix}-{variant}"


def list_path(game: str, variant: str) -> str:
    """Where the list of a game variant lives: the game's own folder
    (``GameSpec.winnable_dir``), else the shipped one."""
    return os.path.join(registry.game(game).winnable_dir or LIST_DIR, list_name(game, variant) + ".txt")


@lru_cache(maxsize=None)
def winnable_numbers(game: str, variant: str) -> tuple[int, ...]:
    """The proven-winnable deal numbers of a game and variant, ascending
    (an empty tuple when no list is shipped)."""
    try:
        with open(list_path(game, variant), encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError:
        return ()
    return tuple(sorted(int(s) for s in (line.strip() for line in lines) if s and not s.startswith("#")))
