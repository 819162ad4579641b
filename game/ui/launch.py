"""Reading the command line of ``main.py`` and building the app from it."""

from __future__ import annotations

import argparse
import datetime as dt
import os
import re
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, NoReturn
from pathlib import Path

from .. import host
from ..engine import Action, ActionSyntaxError, Game, Position
from ..engine.errors import EngineInputError
from ..engine.notation import one_line, quote, shorten_quotes, whole_number, words
from ..i18n import CATALOGUES, normalize_language
from ..textfile import TextFileError, check_shipped, install_message, read_file, write_help

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

    from ..play import Storage
    from .app import App


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """One line on stderr and exit status 2 (argparse adds a usage line and
        quotes a bad value whole)."""
        self.exit(2, f"{self.prog}: error: {one_line(shorten_quotes(message))} (see --help)\n")

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        """The help, written now: a closed or full standard output is one line
        on stderr and exit status 2, as for ``python -m game --help``."""
        problem = write_help(self.format_help(), file)
        if problem is not None:
            self.exit(2, f"{self.prog}: error: {problem}\n")


def parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="main.py",
        description="Easy Harp and Eight Off: play in a window, or render a screenshot without one.",
    )
    p.add_argument("--deal", metavar="CODE", help="start this deal, e.g. EH1-N-AAAAAAF or EO1-C4-AAAAAFA")
    p.add_argument("--position", metavar="FILE", help="start from a position file (the contract's JSON)")
    p.add_argument("--lang", metavar="LANG", help=f"language of the texts ({', '.join(CATALOGUES)})")
    p.add_argument("--size", metavar="WxH", default="1280x720", help="logical canvas size (default 1280x720; 720x1280 is portrait)")
    p.add_argument("--screenshot", metavar="FILE.png", help="render the table to this PNG and exit, without a window")
    p.add_argument("--actions", metavar="ACTIONS", default="", help='with --screenshot: actions to play first, e.g. "c3>c5 draw tap w"')
    p.add_argument("--open", choices=("new-game", "options", "rules", "stats"), help="with --screenshot: show this dialog")
    p.add_argument("--data", metavar="DIR", help="keep the saved game, statistics and settings in this folder "
                   "(default: the user's data folder; with --screenshot: nothing is kept)")
    p.add_argument("--fps", type=parse_fps, default=60, help=argparse.SUPPRESS)
    return p


def parse_fps(text: str) -> int:
    """``--fps N`` (0: no waiting, the browser paces frames): ASCII digits, at most 1000."""
    try:
        return whole_number(text, "--fps", 1000)
    except EngineInputError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def parse_size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"([0-9]+)[xX]([0-9]+)", text)  # ASCII digits only: no ١٢٨٠, no 1_280
    if not m:
        raise argparse.ArgumentTypeError(f"--size {quote(text)}: write it as WIDTHxHEIGHT, e.g. 1280x720")
    try:
        w, h = (whole_number(v, "--size", 7680) for v in m.groups())
    except EngineInputError:
        w = h = 0
    if not (320 <= w <= 7680 and 320 <= h <= 7680):
        raise argparse.ArgumentTypeError(f"--size {quote(text)}: each side must be between 320 and 7680")
    return w, h


def screenshot_problem(path: str) -> str | None:
    """Why a screenshot can't be written to ``path``, found before any work."""
    if not path or "\0" in path:
        return "give the name of a PNG file"
    target = Path(path)
    try:
        if target.is_dir():
            return "that is a folder; give a file name in it, e.g. table.png"
        folder = target.parent
        if not folder.is_dir():
            return f"the folder {quote(str(folder), 80)} does not exist"
    except OSError as exc:  # too long, no permission to look
        return exc.strerror or str(exc)
    return None


def data_problem(path: str) -> str | None:
    """Why ``path`` can't be the folder the records are kept in, found
    before anything is read or written (a folder not there yet is made)."""
    if not path or "\0" in path:
        return "give the name of a folder"
    target = Path(path)
    try:
        for folder in (target, *target.parents):
            if folder.is_dir():
                return None
            if os.path.lexists(folder):
                where = "that" if folder == target else quote(str(folder), 80)
                return f"{where} is a file, not a folder" if folder.is_file() else f"{where} is not a folder"
    except OSError as exc:  # too long, no permission to look
        return exc.strerror or str(exc)
    return None


def split_actions(text: str) -> list[str]:
    """``"c3>c5 draw tap w dtap c2"`` -> one token per action."""
    words_, out = words(text), []
    i = 0
    while i < len(words_):
        if words_[i].lower() in ("tap", "dtap") and i + 1 < len(words_):
            out.append(f"{words_[i]} {words_[i + 1]}")
            i += 2
        else:
            out.append(words_[i])
            i += 1
    return out


class StillClock:
    """A clock that stands still unless moved (a screenshot's one moment)."""

    def __init__(self, t: int) -> None:
        self.t = t

    def __call__(self) -> int:
        return self.t


@dataclass
class Request:
    """What a command line asks for, checked: the canvas size, the language
    (None: the kept or the system's), the game to start (None: the saved
    one, else a new deal) and the actions to play before a screenshot."""

    args: argparse.Namespace
    size: tuple[int, int]
    lang: str | None
    game: Game | None
    actions: list[Action]


def read_request(argv: list[str] | None = None) -> Request:
    """``argv`` (by default ``sys.argv``) read and checked; a mistake ends
    with one line on stderr and exit status 2."""
    p = parser()
    args = p.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        size = parse_size(args.size)
    except argparse.ArgumentTypeError as exc:
        p.error(str(exc))
    lang = normalize_language(args.lang) if args.lang is not None else None
    if args.lang is not None and (lang is None or not args.lang.isascii()):  # --lang '' is a mistake
        p.error(f"--lang {quote(args.lang)}: languages available are {', '.join(CATALOGUES)}")
    if args.screenshot is not None:
        problem = screenshot_problem(args.screenshot)
        if problem:
            p.error(f"--screenshot {quote(args.screenshot, 80)}: {problem}")
    if args.data is not None:  # --data '' is a mistake, never "the player's own folder"
        problem = data_problem(args.data)
        if problem:
            p.error(f"--data {quote(args.data, 80)}: {problem}")
    try:
        if args.position is not None:
            game = Game(Position.from_json(read_file(args.position)))
        elif args.deal is not None:  # --deal '' is an empty code, refused, not "no deal"
            game = Game.from_deal(args.deal)
        else:
            game = None
        actions = [Action.parse(a) for a in split_actions(args.actions)]
    except TextFileError as exc:
        p.error(f"--position: {exc}")
    except (EngineInputError, ActionSyntaxError) as exc:
        p.error(str(exc))
    return Request(args, size, lang, game, actions)


class BrokenInstall(Exception):
    """A file the game ships is missing or damaged (a font: nothing can be
    drawn): the message is the one line the player gets, in their language."""


_install_checked = False  # the shipped files passed once: they don't change while the game runs


def check_install(lang: str) -> None:
    """The shipped files, looked at before anything reads them (a truncated
    font would crash SDL_ttf): a broken font raises BrokenInstall, any other
    broken file is reported and the game goes on without it. Once per run
    (14-28 ms): a Restart of the frame guard builds the app again, not the
    install."""
    global _install_checked
    if _install_checked:
        return
    shipped = check_shipped()
    if shipped.fatal:
        raise BrokenInstall(install_message(shipped.fatal + shipped.other, lang))
    _install_checked = True
    if shipped.other:
        host.report_error(install_message(shipped.other, lang))


def build_app(argv: list[str] | None = None, *, browser: bool = False, language: str | None = None,
              reduced_motion: bool | None = None, storage: Storage | None = None, headless: bool = False, now: Callable[[], int] | None = None,
              entropy: Callable[[], int] | None = None, today: Callable[[], dt.date] | None = None) -> App:
    """The app for these arguments. ``browser``, ``language`` (the
    system's or browser's, by default ``game.host.preferred_language()``)
    and ``reduced_motion`` (the browser asks for less motion, by default
    ``game.host.prefers_reduced_motion()``) come from the host module (the UI never guesses its platform);
    ``storage``, ``headless``, ``now`` (a clock), ``entropy`` (where new
    deals' numbers come from: the fuzz's seed) and ``today`` (the local
    date of the daily deals) are for tests and tools.
    The application layer is built first, whole, on the player's records
    (``Application.open``), and handed to the window, which then puts the
    first game on the table."""
    from ..play import Application, steady_ms

    request = read_request(argv)
    args = request.args
    if args.screenshot:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    from .app import App

    system_language = host.preferred_language() if language is None else language
    check_install(request.lang or normalize_language(system_language) or "en")
    clock = StillClock(steady_ms()) if args.screenshot else None  # a picture of one moment
    play = Application.open(storage=storage, data_dir=args.data, keep_nothing=bool(args.screenshot),
                            open_storage=host.open_storage, system_language=system_language, lang=request.lang,
                            system_reduced_motion=host.prefers_reduced_motion() if reduced_motion is None
                            else reduced_motion,
                            now=clock or now or steady_ms, entropy=entropy, today=today or dt.date.today)
    app = App(play, request.size, headless=bool(args.screenshot) or headless, fps=0 if headless else args.fps,
              browser=browser)
    app.begin(request.game, animate=not (args.screenshot or headless))
    if args.screenshot:
        stage_screenshot(app, request)
    return app


def stage_screenshot(app: App, request: Request) -> None:
    """The table for ``--screenshot``: the actions played, every glide
    finished, the dialog of ``--open`` on top, written at the first frame."""
    for action in request.actions:
        app.table.play(action)
        app.settle()
    app.table.pointer.taps.forget()  # no refusal held back for a double tap
    app.table.end_celebration()  # a won game's screenshot: the win panel, not the cascade before it
    opener = {"new-game": app.open_new_game, "options": app.open_options, "rules": app.open_rules,
              "stats": app.open_stats}.get(request.args.open)
    if opener is not None:
        opener()
    app.screenshot_path = request.args.screenshot
