"""The hint's marks on the table: a bright outline around the cards that
move and the place they go, an arrow between, and the small verdict pill
(winnable, no longer winnable, unknown, thinking) at the left of the status
line."""

from __future__ import annotations

import pygame

from ..drawing.fonts import fit_text
from ..drawing.layout import Box
from .sprites import HIGHLIGHT_LAYER, ring

HINT_COLOR = (96, 200, 255)
HINT_EDGE = (10, 30, 48)


class HintMarkSprite(pygame.sprite.DirtySprite):
    """A bright blue outline (with a dark edge) around a card place."""

    def __init__(self, box: Box, radius: int, scale: float) -> None:
        super().__init__()
        self._layer = HIGHLIGHT_LAYER
        thick = max(3, round(4 * scale))
        out = thick + 2
        outline = ring(box.w, box.h, radius, thick, HINT_COLOR, HINT_EDGE)
        surf = pygame.Surface(outline.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(surf, (*HINT_COLOR, 44), surf.get_rect(), border_radius=radius + out)  # a faint tint inside
        surf.blit(outline, (0, 0))
        self.image = surf
        self.rect = surf.get_rect(topleft=(box.x - out, box.y - out))
        self.dirty = 1


class ArrowSprite(pygame.sprite.DirtySprite):
    """An arrow from the cards that move to where they go."""

    def __init__(self, start: tuple[int, int], end: tuple[int, int], scale: float) -> None:
        super().__init__()
        self._layer = HIGHLIGHT_LAYER + 1
        width = max(4, round(6 * scale))
        head = max(14, round(22 * scale))
        margin = head + width
        x0, y0 = min(start[0], end[0]) - margin, min(start[1], end[1]) - margin
        w, h = abs(end[0] - start[0]) + 2 * margin, abs(end[1] - start[1]) + 2 * margin
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        a = pygame.Vector2(start[0] - x0, start[1] - y0)
        b = pygame.Vector2(end[0] - x0, end[1] - y0)
        d = b - a
        if d.length() > 1:
            u = d.normalize()
            n = pygame.Vector2(-u.y, u.x)
            tip = b
            base = b - u * head
            for color, grow in ((HINT_EDGE, 2), (HINT_COLOR, 0)):
                pygame.draw.line(surf, color, a, base, width + 2 * grow)
                pygame.draw.circle(surf, color, a, width // 2 + 2 + grow)
                wing = head * 0.6 + grow
                pygame.draw.polygon(surf, color, [tip + u * grow, base + n * wing - u * grow, base - n * wing - u * grow])
        surf.set_alpha(225)  # the cards under it still show through a little
        self.image = surf
        self.rect = surf.get_rect(topleft=(x0, y0))
        self.dirty = 1


class VerdictSprite(pygame.sprite.DirtySprite):
    """Winnable / no longer winnable / unknown / thinking: a small pill at
    the left end of the status line, under the columns."""

    def __init__(self) -> None:
        super().__init__()
        self._layer = HIGHLIGHT_LAYER + 120  # with the status line, above resting cards
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.visible = 0
        self.state: tuple | None = None

    def show(self, text: str, color, box: Box, scale: float) -> None:
        state = (text, color, tuple(box))
        if state == self.state and self.visible:
            return
        self.state = state
        size = max(11, round(box.h * 0.72))
        dot = max(4, round(box.h * 0.22))
        pad = round(8 * scale)
        img = fit_text(text, size, color, max(40, box.w // 3), bold=True)
        w = pad + 2 * dot + round(6 * scale) + img.get_width() + pad
        surf = pygame.Surface((w, box.h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (0, 0, 0, 120), surf.get_rect(), border_radius=box.h // 2)
        pygame.draw.circle(surf, color, (pad + dot, box.h // 2), dot)
        surf.blit(img, img.get_rect(midleft=(pad + 2 * dot + round(6 * scale), box.h // 2)))
        self.image = surf
        self.rect = surf.get_rect(topleft=(box.x, box.y))
        self.visible = 1
        self.dirty = 1

    def hide(self) -> None:
        if self.visible:
            self.visible = 0
            self.state = None
            self.dirty = 1
