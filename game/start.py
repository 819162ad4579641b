"""Easy Harp and Eight Off: build the app and run its loop (``main.py``,
pygbag's entry in the browser, and the ``easy-harp-eight-off`` command,
``game.entry.run``, start it the same way).

Natively and in the browser (pygbag) alike, one asyncio loop yields to the
event loop after every frame, and every frame runs inside the frame guard
(``game.ui.guard``): an exception shows a message with Continue and Restart
instead of freezing. ``python main.py --help`` lists the options.

In the browser ``sys.argv`` comes from the page's address and is not ours:
the start-up arguments are made here instead (``start_arguments``): the
canvas size from the page's viewport, a deal from a shared link
(``index.html#EO1-C8-AAAAAFA`` or ``?deal=``), and no frame-rate wait
(the browser paces frames). This module never binds the name ``platform``:
pygbag's own start-up script uses that name in ``__main__``.
"""

from __future__ import annotations

import asyncio
import gc
import os
import sys
from typing import TYPE_CHECKING, Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from . import host  # noqa: E402 (after the prompt is hidden)
from .play import SettingsChanged  # noqa: E402
from .ui.guard import FrameGuard  # noqa: E402
from .ui.launch import BrokenInstall, build_app  # noqa: E402

if TYPE_CHECKING:
    from .persistence.storage import Storage
    from .ui.app import App

BROWSER_MIXER_BUFFER = 2048  # samples: the browser's audio thread needs slack, or sound crackles
VIEWPORT_CHECK_FRAMES = 15  # how often the page's size and visibility are looked at (a bridge call costs)


def start_arguments(argv: list[str] | None = None, *, browser: bool = False, window: Any = None) -> list[str]:
    """The command line ``build_app`` gets: ``argv`` (or ``sys.argv``)
    natively; in the browser only what the page asks for."""
    if not browser:
        return list(sys.argv[1:] if argv is None else argv)
    args = ["--fps", "0"]  # no clock.tick(): it would busy-wait, the browser paces frames
    size = host.viewport_size(window=window)
    if size is not None:
        args += ["--size", f"{size[0]}x{size[1]}"]
    code = host.shared_deal(window=window)
    if code is not None and is_deal(code):
        args += ["--deal", code]
    return args


def is_deal(code: str) -> bool:
    from .engine import EngineInputError, Game

    try:
        Game.from_deal(code)
    except EngineInputError:
        return False
    return True


def make_app(argv: list[str] | None = None, *, browser: bool | None = None, window: Any = None,
             storage: Storage | None = None) -> App:
    """The app as this platform starts it, with the storage's own notice
    (a browser that keeps nothing) shown once."""
    browser = host.is_browser() if browser is None else browser
    if browser:
        import pygame

        pygame.mixer.pre_init(44100, -16, 2, BROWSER_MIXER_BUFFER)
        if storage is None:
            storage = host.open_storage(window=window)
    app = build_app(start_arguments(argv, browser=browser, window=window), browser=browser, storage=storage,
                    reduced_motion=host.prefers_reduced_motion(window=window) if browser else None)
    notices = list(getattr(storage, "notices", ()))
    if notices:
        app.show_notices(notices)
    if browser:
        host.set_page_language(app.settings.lang, window=window)
        def follow_language(changed: SettingsChanged) -> None:
            host.set_page_language(changed.settings.lang, window=window)

        app.play.on(SettingsChanged, follow_language)
    return app


def settle_start_up() -> None:
    """Hide what start-up made (modules, fonts, card art, the first deal) from
    the garbage collector for good: a full collection then walks only what play
    has made since (a few hundred objects instead of ~23,000, ~9 ms natively and
    several times that under WebAssembly: a dropped frame each time)."""
    gc.collect()
    gc.freeze()


def follow_viewport(app: App, window: Any = None) -> None:
    """The page changed size (rotation, resize): hand the new size to the
    layout, when the app can take one."""
    resize = getattr(app, "resize", None)
    size = host.viewport_size(window=window)
    if resize is not None and size is not None and size != (app.width, app.height):
        resize(*size)


def follow_visibility(app: App, shown: bool, window: Any = None) -> bool:
    """The page's tab was hidden or came back (``shown``: what the app was
    last told): the clock and the search stop while nobody can see the
    game. Returns what the page says now."""
    visible = host.page_visible(window=window)
    if visible != shown:
        app.play.set_shown(visible)
        app.wake()
    return visible


async def main(argv: list[str] | None = None, *, app: App | None = None, frames: int | None = None,
               browser: bool | None = None, window: Any = None) -> App | None:
    """Run the loop until the window closes (or for ``frames`` frames)."""
    browser = host.is_browser() if browser is None else browser
    started_here = app is None
    # A Restart rebuilds the app on the storage it had: an app handed in (tests,
    # tools) keeps its own, and never falls back to the player's data folder.
    handed = getattr(getattr(getattr(app, "play", None), "persistence", None), "storage", None)
    if app is not None:
        if handed is None:
            from game.persistence.storage import MemoryStorage

            handed = MemoryStorage()
        if argv is None:
            argv = ["--size", f"{app.width}x{app.height}"]
    try:
        first = app or make_app(argv, browser=browser, window=window)
    except BrokenInstall as error:
        if not browser:
            host.report_error(str(error))  # one line, no traceback
            raise SystemExit(1) from None
        host.page_failed(error, window=window)
        return None
    except Exception as error:
        if not browser:
            raise
        # before the frame guard exists: the page says so (with Try again) instead of a blank canvas
        host.page_failed(error, window=window)
        return None
    guard = FrameGuard(first, rebuild=lambda: make_app(argv, browser=browser, window=window, storage=handed))
    taken: list[int] = []
    if started_here:
        settle_start_up()
        taken = host.on_stop_signals(close_window, browser=browser)  # the terminal closed: as the window closing
    try:
        await run_frames(guard, browser, window, frames)
    except (KeyboardInterrupt, asyncio.CancelledError):
        # Ctrl+C in the terminal (asyncio.run cancels this task on the first one): the same as
        # closing the window, the game and its play time saved; the caller exits without a traceback
        try:
            guard.app.play.quit()
        except Exception as error:  # a window already broken: the saved game of its last move stays
            host.report_error(f"could not save on stopping: {error}")
        guard.app.running = False
        raise
    finally:
        host.give_back_stop_signals(taken)
    return guard.app


async def run_frames(guard: FrameGuard, browser: bool, window: Any, frames: int | None) -> None:
    """The loop: one frame inside the frame guard, then control back to the event loop."""
    count = 0
    shown = True
    while guard.running:
        guard.frame()
        count += 1
        if browser and count == 1:
            host.page_ready(window=window)  # the first frame is drawn: the page hides its loading box
        if browser and count % VIEWPORT_CHECK_FRAMES == 0:
            follow_viewport(guard.app, window)
            shown = follow_visibility(guard.app, shown, window)
        await asyncio.sleep(0)
        if frames is not None and count >= frames:
            break


def close_window() -> None:
    """Closing the terminal (SIGHUP) or a polite kill (SIGTERM): the window
    closes as its close button closes it (the next frame sees the quit), the
    game and its play time saved."""
    import pygame

    pygame.event.post(pygame.event.Event(pygame.QUIT))
