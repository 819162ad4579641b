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

from ..engine import deals, registry
from ..engine.notation import quote

LIST_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "winnable")


def list_name(game: str, variant: str) -> str:
    """``EO1-C8`` for eight-off C8: the deal code's first two parts."""
    return f"{registry.game(game).prefix}-{variant}"


def list_path(game: str, variant: str) -> str:
    """Where the list of a game variant lives: the game's own folder
    (``GameSpec.winnable_dir``), else the shipped one."""
    return os.path.join(registry.game(game).winnable_dir or LIST_DIR, list_name(game, variant) + ".txt")


MAX_LIST_BYTES = 8 * 1024 * 1024  # a list of every deal number is under 7 MB


def read_list(data: bytes) -> tuple[tuple[int, ...], list[str]]:
    """The deal numbers in a list's bytes, ascending and each once, and
    what is wrong with the rest: a line that is not a deal number (ASCII
    digits, 1 to ``MAX_DEAL``) is left out and named, never a crash."""
    numbers: set[int] = set()
    problems: list[str] = []
    for i, raw in enumerate(data.decode("utf-8", errors="replace").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.isascii() and line.isdigit() and len(line) <= 6 and 1 <= int(line) <= deals.MAX_DEAL:
            numbers.add(int(line))
        else:
            problems.append(f"line {i} is not a deal number: {quote(line)}")
    return tuple(sorted(numbers)), problems


def list_problems(game: str, variant: str) -> list[str]:
    """What is wrong with the shipped list of a game variant (none when it
    is fine or when no list is shipped): for the check at start."""
    path = list_path(game, variant)
    try:
        data = _read(path)
    except FileNotFoundError:
        return []
    except OSError as exc:
        return [f"{path}: {exc.strerror or exc}"]
    return [f"{path}: {problem}" for problem in read_list(data)[1]]


def _read(path: str) -> bytes:
    with open(path, "rb") as f:
        data = f.read(MAX_LIST_BYTES + 1)
    if len(data) > MAX_LIST_BYTES:
        raise OSError(f"more than {MAX_LIST_BYTES} bytes")
    return data


@lru_cache(maxsize=None)
def winnable_numbers(game: str, variant: str) -> tuple[int, ...]:
    """The proven-winnable deal numbers of a game and variant, ascending
    (an empty tuple when no list is shipped, or it can't be read). A junk
    line is left out (``list_problems`` names it), never a crash."""
    try:
        data = _read(list_path(game, variant))
    except OSError:
        return ()
    return read_list(data)[0]
