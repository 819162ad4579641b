"""The ways into the window natively: ``python3 main.py`` and the installed
``easy-harp-eight-off`` command (``run``), with how they end on Ctrl+C.

Light on purpose: this module imports nothing at its top (not even
``signal``, which brings ``enum``), so that whoever imports it (main.py,
the command's script, which imports ``run`` outside any ``try``) is inside
``run``'s ``try`` within a millisecond, before the imports that take a
quarter of a second (pygame, the window, the records): Ctrl+C at any moment
of start-up ends quietly with status 130, as it does once the window is up
(``game.start.main`` saves the game then, as closing the window does).
Before the first line of ours runs, Python's own start (``site`` and the
environment's ``.pth`` files) is beyond any program's reach.

Ctrl+C must also work in a game started with SIGINT ignored: a shell that
starts a background job without job control (``game &`` in a script, a
suite run as a background job) hands it SIGINT ignored, Python keeps an
ignored SIGINT ignored, and asyncio then leaves it alone, so the game never
heard Ctrl+C (``restore_ctrl_c``). Closing the terminal and a polite kill
(SIGHUP, SIGTERM) are the host's: ``game.host.on_stop_signals``.
"""

INTERRUPTED = 130  # the usual status of a program stopped by Ctrl+C (128 + SIGINT)


def restore_ctrl_c() -> None:
    """Give an inherited, ignored SIGINT back its usual meaning
    (KeyboardInterrupt, which asyncio turns into the end of the loop). A
    SIGINT anyone else set is left as it is; in the browser nothing ever
    starts the game with it ignored. Never a reason not to start: where
    signals can't be set (not the main thread, a runtime without them) the
    game starts as it would have."""
    try:
        import signal

        if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
            signal.signal(signal.SIGINT, signal.default_int_handler)
    except (ImportError, AttributeError, ValueError, OSError):
        pass


def run() -> int:
    """The ``easy-harp-eight-off`` command: the game in a window, as
    ``python3 main.py`` starts it (the same arguments); its exit status."""
    try:
        restore_ctrl_c()
        import asyncio

        from .start import main

        asyncio.run(main())
    except BaseException as stop:
        if not interrupted(stop):
            raise
        quiet_end()
        return INTERRUPTED  # without a traceback
    return 0


def interrupted(stop: BaseException) -> bool:
    """Ctrl+C: a KeyboardInterrupt, or the game's task cancelled by it
    before its first step (asyncio.run then lets CancelledError out).
    (main.py has its own copy: Ctrl+C may come before this module is imported.)"""
    import sys

    asyncio = sys.modules.get("asyncio")
    return isinstance(stop, KeyboardInterrupt) or (asyncio is not None and isinstance(stop, asyncio.CancelledError))


def quiet_end() -> None:
    """Ctrl+C while ``asyncio.run`` was still making its loop leaves a loop
    half made (its ``__del__`` then fails) and the game's coroutine never
    started (a RuntimeWarning): both are reported as Python ends, and
    neither is the player's concern. (main.py does the same inline: Ctrl+C
    may come before this module is imported.)"""
    import sys
    import warnings

    sys.unraisablehook = lambda unraisable: None
    warnings.simplefilter("ignore")
