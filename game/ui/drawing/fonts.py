"""The bundled font (DejaVu Sans, with its licence in assets/fonts/), loaded
once per size and weight. It draws every letter we show, Vietnamese and
Hungarian included, and the suit symbols."""

from __future__ import annotations

from functools import lru_cache

import pygame

from ...textfile import ASSETS
from .textin import SafeFont
from .theme import Ink

FONT_DIR = ASSETS / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return SafeFont(str(BOLD if bold else REGULAR), max(6, int(size)))  # never raises on odd text


# While a list, every text drawn into a box is noted here as
# (text, rendered width, room, size, lines over the limit): the text-fit test reads it.
FIT_LOG: list[tuple[str, float, float, int, int]] | None = None


def _note(words: str, width: float, room: float, size: int, extra_lines: int = 0) -> None:
    if FIT_LOG is not None:
        FIT_LOG.append((words, width, room, size, extra_lines))


def text(words: str, size: int, color: Ink, bold: bool = False) -> pygame.Surface:
    return font(size, bold).render(words, True, color)


def fit_text(words: str, size: int, color: Ink, max_width: int, bold: bool = False,
             min_size: int = 10) -> pygame.Surface:
    """Render ``words``, shrinking the size until it fits ``max_width``."""
    while size > min_size and font(size, bold).size(words)[0] > max_width:
        size -= 1
    _note(words, font(size, bold).size(words)[0], max_width, size)
    return text(words, size, color, bold)


def first_fitting(texts: list[str], size: int, max_width: float, bold: bool = False) -> str:
    """The first of ``texts`` (the fullest first) no wider than ``max_width``
    at ``size``; the last when none is."""
    return next((words for words in texts if font(size, bold).size(words)[0] <= max_width), texts[-1])


def wrap(words: str, size: int, max_width: float, bold: bool = False, note: bool = True) -> list[str]:
    """Break ``words`` into lines no wider than ``max_width`` (a single
    word wider than that stays whole; ``note``: tell the text-fit log)."""
    f = font(size, bold)
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= max_width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    if note:
        for line in lines:
            _note(line, f.size(line)[0], max_width, size)
    return lines


def wrap_fit(words: str, size: int, max_width: float, max_lines: int, bold: bool = False,
             min_size: int = 11) -> tuple[list[str], int]:
    """Lines of ``words`` no wider than ``max_width``, at most ``max_lines``
    of them, shrinking the size as needed; returns (lines, size)."""
    while True:
        lines = wrap(words, size, max_width, bold, note=False)
        if len(lines) <= max_lines or size <= min_size:
            break
        size -= 1
    wrap(words, size, max_width, bold)
    _note(words, 0, max_width, size, max(0, len(lines) - max_lines))
    return lines[:max_lines], size
