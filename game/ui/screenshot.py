"""Writing a screenshot: the PNG is made in memory first, so a path that
can't be written (a missing folder, a folder, a full disk) ends in one line
on stderr and exit status 2, not a traceback."""

from __future__ import annotations

import io
import sys

from typing import TYPE_CHECKING

from ..engine.notation import quote

if TYPE_CHECKING:
    import pygame


def write_png(surface: pygame.Surface, path: str) -> None:
    """Save a screenshot, or say in one line why it couldn't be saved and
    exit with status 2 (a full disk, a device, no permission)."""
    import pygame

    data = io.BytesIO()
    pygame.image.save(surface, data, "png")
    try:
        with open(path, "wb") as f:
            f.write(data.getvalue())
    except OSError as exc:
        print(f"main.py: error: cannot write the screenshot {quote(path, 80)}: {exc.strerror or exc}", file=sys.stderr)
        raise SystemExit(2) from None
