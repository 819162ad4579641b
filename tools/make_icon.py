"""Draw favicon.png, the game's icon: two fanned cards on green felt, a harp on the front card.

    python3 tools/make_icon.py [out.png]

Drawn at four times the size and smoothed down, so edges are antialiased
without any image files. pygbag copies the icon into the page (build/web/).
"""

import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

SIZE = 96
SCALE = 4
FELT = (28, 110, 60)
FELT_EDGE = (16, 72, 38)
CARD = (250, 248, 240)
CARD_BACK = (170, 40, 50)
OUTLINE = (40, 40, 40)
GOLD = (196, 150, 40)
STRING = (120, 90, 30)


def card_surface(width: int, height: int, face: bool) -> pygame.Surface:
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = width // 8
    pygame.draw.rect(card, OUTLINE, card.get_rect(), border_radius=radius)
    inner = card.get_rect().inflate(-2 * SCALE, -2 * SCALE)
    pygame.draw.rect(card, CARD if face else CARD_BACK, inner, border_radius=radius - SCALE)
    if face:
        draw_harp(card, inner)
    else:
        pygame.draw.rect(card, CARD, inner.inflate(-6 * SCALE, -6 * SCALE), width=SCALE, border_radius=radius)
    return card


def draw_harp(card: pygame.Surface, area: pygame.Rect) -> None:
    """A harp: a straight pillar, a curved neck over it, a slanted soundboard and strings."""
    left, top = area.left + area.width * 0.22, area.top + area.height * 0.14
    right, bottom = area.left + area.width * 0.80, area.top + area.height * 0.86
    thick = 3 * SCALE
    # neck: a gentle S from the top of the pillar to the top of the soundboard
    neck = []
    for step in range(21):
        t = step / 20
        x = left + (right - left) * t
        y = top + (area.height * 0.10) * math.sin(math.pi * t) * (1 - t) + area.height * 0.12 * t
        neck.append((x, y))
    soundboard_top = neck[-1]
    soundboard_bottom = (left + (right - left) * 0.35, bottom)
    # strings between the neck and the soundboard, drawn first so the frame covers their ends
    (x_low, y_low), (x_high, y_high) = soundboard_bottom, soundboard_top
    for step in range(1, 7):
        x, y = neck[round(step / 7 * 20)]
        # each string hangs straight down to where it meets the slanted soundboard
        u = max(0.0, (x - x_low) / (x_high - x_low))
        pygame.draw.line(card, STRING, (x, y), (x, y_low + (y_high - y_low) * u), SCALE)
    pygame.draw.lines(card, GOLD, False, neck, thick)
    pygame.draw.line(card, GOLD, soundboard_top, soundboard_bottom, thick + SCALE)
    pygame.draw.line(card, GOLD, (left, top), (left, bottom), thick)
    pygame.draw.line(card, GOLD, (left, bottom), soundboard_bottom, thick)


def draw_icon() -> pygame.Surface:
    big = SIZE * SCALE
    icon = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.rect(icon, FELT_EDGE, icon.get_rect(), border_radius=big // 6)
    pygame.draw.rect(icon, FELT, icon.get_rect().inflate(-4 * SCALE, -4 * SCALE), border_radius=big // 6)
    width, height = int(big * 0.46), int(big * 0.66)
    for angle, dx, face in ((14, -0.10, False), (-8, 0.08, True)):
        card = pygame.transform.rotate(card_surface(width, height, face), angle)
        icon.blit(card, card.get_rect(center=(big * (0.5 + dx), big * 0.52)))
    return pygame.transform.smoothscale(icon, (SIZE, SIZE))


def main(argv: list[str]) -> None:
    out = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent.parent / "favicon.png"
    pygame.image.save(draw_icon(), str(out))
    print(f"wrote {out} ({SIZE}x{SIZE}, {out.stat().st_size} bytes)")


if __name__ == "__main__":
    main(sys.argv)
