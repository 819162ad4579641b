"""Text typed by a player, and text drawn whatever it holds.

``clean`` is the one sanitiser every text field uses on what it receives
(typed, pasted or composed by an input method): it drops control characters
(a NUL makes SDL_ttf raise), format characters (zero-width spaces and
joiners, the direction marks and overrides, the byte-order mark: alone they
make SDL_ttf raise "Text has zero width"), lone surrogates (they can't be
encoded to UTF-8 for SDL) and line or paragraph separators, and caps the length.

``SafeFont`` is the font the UI draws with: its ``render`` and ``size`` never
raise on odd text, and text that draws nothing gives an empty surface.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from pygame.typing import ColorLike  # only for the checker: the browser's pygame need not have it

DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
MAX_FIELD_CHARS = 64


def clean(text: object, max_len: int = MAX_FIELD_CHARS) -> str:
    """``text`` without the characters a one-line field can't show or that
    break drawing, at most ``max_len`` characters of it."""
    if not isinstance(text, str) or max_len <= 0:
        return ""
    kept = []
    for ch in text:
        if unicodedata.category(ch) not in DROPPED:
            kept.append(ch)
            if len(kept) >= max_len:
                break
    return "".join(kept)


def drawable(text: object) -> str:
    """``text`` as SDL_ttf can take it: str, no NUL, no lone surrogate."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    elif not isinstance(text, str):
        text = "" if text is None else str(text)
    if "\0" in text:
        text = text.replace("\0", "")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = "".join("\ufffd" if 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in text)
    return text


class SafeFont(pygame.font.Font):
    """A font whose ``render`` and ``size`` never raise on odd text."""

    def render(self, text: str | bytes | None, antialias: bool, color: ColorLike, bgcolor: ColorLike | None = None,
               wraplength: int = 0) -> pygame.Surface:  # pygame's signature
        try:
            return super().render(drawable(text), antialias, color, bgcolor, wraplength)
        except pygame.error:  # "Text has zero width": only zero-width characters
            return pygame.Surface((0, self.get_height()), pygame.SRCALPHA)

    def size(self, text: str | bytes, /) -> tuple[int, int]:
        try:
            return super().size(drawable(text))
        except pygame.error:
            return 0, self.get_height()
