"""Daily deals in the window, for the tests and tools/ui_screens.py: an app
on a fixed local date with a month of results (won, started, not played,
today, days to come), and a daily deal won on the table (its win panel)."""

from __future__ import annotations

import datetime as dt

import pygame

from game.engine import Game, Position
from game.persistence.storage import MemoryStorage
from game.ui.dialogs.win import WinScene
from game.ui.launch import build_app

from .conftest import FakeClock
from .positions import near_won_eight_off

TODAY = dt.date(2026, 12, 16)  # a Wednesday: the month has days won, started, not played and to come
WON = {1: (252, 132), 2: (600, 140), 3: (3725, 150), 7: (95, 110), 8: (400, 120), 14: (301, 130), 15: (200, 101)}
STARTED = (4, 9, 16)
VARIANT = ("eight-off", "C8")


def daily_app(size=(390, 844), lang="en", deal="EO1-C8-AAAAAAC", today=TODAY, clock=None):
    """An app on ``today`` (never the machine's date) with records in memory."""
    app = build_app(["--lang", lang, "--size", f"{size[0]}x{size[1]}", "--deal", deal], storage=MemoryStorage(),
                    headless=True, now=clock or FakeClock(), today=lambda: today)
    pygame.event.clear()
    app.frame()
    return app


def record_month(app, game="eight-off", variant="C8", year=TODAY.year, month=TODAY.month) -> None:
    """The month's results as a player leaves them (``WON``, ``STARTED``), written
    as a window writes them: the calendar reads the record when it opens."""
    records = app.play.persistence
    for day, (seconds, moves) in WON.items():
        date = dt.date(year, month, day)
        records.daily_won(game, variant, date, on=date, seconds=seconds, moves=moves)
    for day in STARTED:
        records.daily_started(game, variant, dt.date(year, month, day))


def key(app, code, mod=0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    app.frame()


def win_daily(app, elapsed_ms=251_000):
    """Today's Eight Off daily deal, resumed one move from its win (a saved
    game of it), won: its win panel, the cascade skipped."""
    code = str(app.play.daily_deal(*VARIANT, app.play.today()).code)
    position = near_won_eight_off(8)
    position["deal"] = code
    app.resume_game(Game(Position.from_dict(position)), elapsed_ms, counted=True)
    app.frame()
    assert app.play.current_daily() is not None
    app.table.play("tap c1")
    panel = app.find(WinScene)
    assert panel is not None
    if panel.waiting:
        panel.skip()  # the cascade skipped, as a tap does: the panel
    app.frame()
    return panel
