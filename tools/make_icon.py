"""Draw the game's icons: two fanned cards on green felt, a harp on the front card.

    python3 tools/make_icon.py            # every icon, where the build takes them from
    python3 tools/make_icon.py --check    # say whether the icons on disk are what this draws

Drawn at four times the size and smoothed down, so edges are antialiased
without any image files. ``ICONS`` lists them: favicon.png (pygbag copies it
next to the page) and, in static/ (next to the page and in web.zip, by
tools/build_web.py), the web manifests' 192 and 512 pixel icons, a
maskable one (felt to every edge, the cards inside the middle 80%, the part
every launcher's mask keeps) and the apple-touch-icon (opaque: iOS rounds
the corners itself and fills transparency with black).
"""

import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

SIZE = 96  # favicon.png
SCALE = 4
ROOT = Path(__file__).resolve().parent.parent
SAFE_ZONE = 0.8  # a maskable icon's cards fit inside the middle circle of this diameter
# file (from the project root): (size in pixels, full bleed: felt to every edge and the cards' fan
# shrunk by this much, or 0: the rounded tile with transparent corners)
ICONS = {
    "favicon.png": (SIZE, 0),
    "static/icon-192.png": (192, 0),
    "static/icon-512.png": (512, 0),
    "static/icon-maskable-512.png": (512, SAFE_ZONE),
    "static/apple-touch-icon.png": (180, 0.9),  # iOS cuts only the rounded corners away
}
FELT = (28, 110, 60)
FELT_EDGE = (16, 72, 38)
CARD = (250, 248, 240)
CARD_BACK = (170, 40, 50)
OUTLINE = (40, 40, 40)
GOLD = (196, 150, 40)
STRING = (120, 90, 30)


def card_surface(width: int, height: int, face: bool, unit: float = SCALE) -> pygame.Surface:
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = width // 8
    line = max(1, round(unit))
    pygame.draw.rect(card, OUTLINE, card.get_rect(), border_radius=radius)
    inner = card.get_rect().inflate(-2 * line, -2 * line)
    pygame.draw.rect(card, CARD if face else CARD_BACK, inner, border_radius=radius - line)
    if face:
        draw_harp(card, inner, line)
    else:
        pygame.draw.rect(card, CARD, inner.inflate(-6 * line, -6 * line), width=line, border_radius=radius)
    return card


def draw_harp(card: pygame.Surface, area: pygame.Rect, line: int = SCALE) -> None:
    """A harp: a straight pillar, a curved neck over it, a slanted soundboard and strings."""
    left, top = area.left + area.width * 0.22, area.top + area.height * 0.14
    right, bottom = area.left + area.width * 0.80, area.top + area.height * 0.86
    thick = 3 * line
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
        pygame.draw.line(card, STRING, (x, y), (x, y_low + (y_high - y_low) * u), line)
    pygame.draw.lines(card, GOLD, False, neck, thick)
    pygame.draw.line(card, GOLD, soundboard_top, soundboard_bottom, thick + line)
    pygame.draw.line(card, GOLD, (left, top), (left, bottom), thick)
    pygame.draw.line(card, GOLD, (left, bottom), soundboard_bottom, thick)


def draw_icon(size: int = SIZE, full_bleed: float = 0) -> pygame.Surface:
    """The icon at ``size`` pixels. The design is drawn at 96 pixels' proportions (a line is
    ``SCALE`` pixels of the big surface at 96) and scaled: the same icon at every size."""
    unit = SCALE * size / SIZE  # one pixel of the 96-pixel icon, on the big surface
    big = round(size * SCALE)
    icon = pygame.Surface((big, big), pygame.SRCALPHA)
    if full_bleed:
        icon.fill(FELT)
        shrink = full_bleed  # the cards' fan nearly fills the tile: smaller, clear of the mask
    else:
        pygame.draw.rect(icon, FELT_EDGE, icon.get_rect(), border_radius=big // 6)
        inner = icon.get_rect().inflate(-round(4 * unit), -round(4 * unit))
        pygame.draw.rect(icon, FELT, inner, border_radius=big // 6)
        shrink = 1.0
    width, height = int(big * 0.46 * shrink), int(big * 0.66 * shrink)
    for angle, dx, face in ((14, -0.10, False), (-8, 0.08, True)):
        card = pygame.transform.rotate(card_surface(width, height, face, unit), angle)
        icon.blit(card, card.get_rect(center=(big * (0.5 + dx * shrink), big * (0.5 + 0.02 * shrink))))
    return pygame.transform.smoothscale(icon, (size, size))


def drawn(name: str) -> pygame.Surface:
    """The icon ``name`` of ``ICONS`` as it is saved (a full-bleed one opaque: no alpha channel)."""
    size, full_bleed = ICONS[name]
    icon = draw_icon(size, full_bleed)
    if not full_bleed:
        return icon
    flat = pygame.Surface(icon.get_size())
    flat.fill(FELT)
    flat.blit(icon, (0, 0))
    return flat


def differences(name: str, root: Path = ROOT) -> str | None:
    """Why the file ``name`` under ``root`` is not what this draws, or None. Pixels are compared,
    not bytes, with one step of rounding allowed (smoothscale's SIMD and plain paths differ by that)."""
    path = root / name
    if not path.is_file():
        return f"{name} is missing"
    on_disk = pygame.image.load(str(path))
    want = drawn(name)
    if on_disk.get_size() != want.get_size():
        return f"{name} is {on_disk.get_size()}, not {want.get_size()}"
    mode = "RGB" if ICONS[name][1] else "RGBA"
    have, need = pygame.image.tobytes(on_disk, mode), pygame.image.tobytes(want, mode)
    worst = max(abs(a - b) for a, b in zip(have, need))
    return None if worst <= 2 else f"{name} differs from the drawing by up to {worst} in a channel"


def main(argv: list[str]) -> int:
    if "--check" in argv[1:]:
        problems = [problem for name in ICONS if (problem := differences(name))]
        for problem in problems:
            print(problem)
        print("the icons are what tools/make_icon.py draws" if not problems else "run python3 tools/make_icon.py")
        return 1 if problems else 0
    for name, (size, full_bleed) in ICONS.items():
        out = ROOT / name
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(drawn(name), str(out))
        print(f"wrote {name} ({size}x{size}, {out.stat().st_size} bytes)")
    return 0



if __name__ == "__main__":
    sys.exit(main(sys.argv))
