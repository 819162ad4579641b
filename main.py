# /// script
# dependencies = ["pygame-ce"]
# ///
"""Easy Harp and Eight Off: the game in a window, natively (``python3
main.py``) and in the browser, where pygbag runs this file. It builds the
app and runs its loop (``game.start``: the frame guard, the page's start-up
arguments, one asyncio loop that yields every frame); ``python3 main.py
--help`` lists the options. The installed ``easy-harp-eight-off`` command
starts the same game (``game.entry.run``).

Everything, the imports included, runs inside the ``try``: Ctrl+C at any
moment of start-up ends quietly with status 130 (``game/entry.py``)."""

import sys


def interrupted(stop: BaseException) -> bool:
    """Ctrl+C: a KeyboardInterrupt, or the game's task cancelled by it
    before its first step (asyncio.run then lets CancelledError out)."""
    asyncio = sys.modules.get("asyncio")
    return isinstance(stop, KeyboardInterrupt) or (asyncio is not None and isinstance(stop, asyncio.CancelledError))


if __name__ == "__main__":
    try:
        from game.entry import restore_ctrl_c

        restore_ctrl_c()  # Ctrl+C works even when whoever started us ignored SIGINT
        import asyncio

        from game.start import main

        asyncio.run(main())
    except BaseException as stop:
        if not interrupted(stop):
            raise
        # Ctrl+C while asyncio.run was still making its loop leaves a loop half made and the game's
        # coroutine never started, both reported as Python ends: nothing there is the player's concern
        sys.unraisablehook = lambda unraisable: None
        import warnings

        warnings.simplefilter("ignore")
        sys.exit(130)  # the usual status of a program stopped by Ctrl+C, without a traceback
