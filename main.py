# /// script
# dependencies = ["pygame-ce"]
# ///
"""Easy Harp and Eight Off: the game in a window, natively (``python3
main.py``) and in the browser, where pygbag runs this file. It builds the
app and runs its loop (``game.start``: the frame guard, the page's start-up
arguments, one asyncio loop that yields every frame); ``python3 main.py
--help`` lists the options. The installed ``easy-harp-eight-off`` command
starts the same game (``game.start.run``)."""

import asyncio
import sys

from game.start import main

if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(130)  # the usual status of a program stopped by Ctrl+C, without a traceback
