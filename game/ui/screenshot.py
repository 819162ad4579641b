"""Writing ``main.py --screenshot``'s PNG, with a one-line error when it can't."""

from __future__ import annotations

import io
import sys

import pygame

from ..engine.notation import quote


def write_png(surface: pygame.Surface, path: str) -> None:
    """Save a screenshot, or say in one line why it couldn't be saved and
    exit with status 2 (a full disk, a device, no permission)."""
    data = io.BytesIO()
    pygame.image.save(surface, data, "png")
    try:
        with open(path, "wb") as f:
            f.write(data.getvalue())
    except OSError as exc:
        print(f"main.py: error: cannot write the screenshot {quote(path, 80)}: {exc.strerror or exc}", file=sys.stderr)
        raise SystemExit(2) from None
