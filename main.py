# /// script
# dependencies = ["pygame-ce"]
# ///
"""Easy Harp and Eight Off: build the app and run its loop.

Natively and in the browser (pygbag) alike, one asyncio loop yields to the
event loop after every frame. ``python main.py --help`` lists the options.
"""

import asyncio
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game import platform
from game.ui.launch import build_app


async def main(argv=None, *, app=None, frames=None):
    """Run the loop until the window closes (or for ``frames`` frames)."""
    if app is None:
        app = build_app(sys.argv[1:] if argv is None else argv, browser=platform.is_browser())
    count = 0
    while app.running:
        app.frame()
        await asyncio.sleep(0)
        count += 1
        if frames is not None and count >= frames:
            break
    return app


if __name__ == "__main__":
    asyncio.run(main())
