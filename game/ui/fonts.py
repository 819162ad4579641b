"""The bundled font (DejaVu Sans, with its licence in assets/fonts/), loaded
once per size and weight. It draws every letter we show, Vietnamese and
Hungarian included, and the suit symbols."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(BOLD if bold else REGULAR), max(6, int(size)))


def text(words: str, size: int, color, bold: bool = False) -> pygame.Surface:
    return font(size, bold).render(words, True, color)


def fit_text(words: str, size: int, color, max_width: int, bold: bool = False, min_size: int = 10) -> pygame.Surface:
    """Render ``words``, shrinking the size until it fits ``max_width``."""
    while size > min_size and font(size, bold).size(words)[0] > max_width:
        size -= 1
    return text(words, size, color, bold)


def wrap(words: str, size: int, max_width: int, bold: bool = False) -> list[str]:
    """Break ``words`` into lines no wider than ``max_width``."""
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
    return lines
