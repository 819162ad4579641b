"""The application layer: what the player's game does, decided without
drawing it. Pure Python (no pygame: a test imports it with pygame made
unimportable), so it runs natively, under the command line's tests and in
the browser alike.

- ``application``: ``Application``, built whole (``Application.open``): the
  settings, the game in progress, the bus, starting and restarting games,
  changing a setting, the background tasks, the saving, the records and
  the hints;
- ``session``: the game in progress (its clock, undo and redo, its events);
- ``today``: today's deal, the one definition;
- ``daily``: the daily deals' shipped tables (a date's deal and level);
- ``calendar``: a month of them with the player's results, and the streaks;
- ``new_game``: which deal a new game gets (any, winnable only), read once;
- ``events``: the one typed event bus and its events;
- ``tasks``: background work in slices inside the loop (no threads);
- ``search``: the one search service (what the solver knows of the deal);
- ``hints``: the hint and the "still winnable?" note, from the search;
- ``finish``: the Finish for me option: the rest of a proven win, played on request;
- ``autosave``: the game, statistics and settings kept after every change;
- ``records``: the player's records as the window reads them.

The window (game/ui) imports this package only, never its modules: what it
may use is named here.
"""

from ..persistence.settings import Settings
from ..persistence.storage import Storage
from ..persistence.daily import DayResult, Streaks
from .application import Application, steady_ms
from .calendar import CalendarDay, CalendarMonth, weekday_order
from .daily import DailyDeal, NoDailyDeal
from .events import (
    Ended, Events, HintMarked, HintSaid, MarksCleared, NoticesRaised, Played, Quitting, Refused, SearchAnswered,
    SettingsChanged, Shown, Started, Undone, UndoMarked, Unwon, Verdict, VerdictChanged, Won,
)
from .finish import FinishService
from .hints import HintService
from .new_game import Chances, chances, has_winnable_list, read_deal
from .records import RECENT, Records, VariantStats, game_seconds
from .session import IDLE_MS, Session
from .tasks import Task, Tasks

__all__ = [
    "Application", "steady_ms", "Settings", "Storage", "Session", "IDLE_MS", "Tasks", "Task", "HintService", "FinishService",
    "Records", "VariantStats", "RECENT", "game_seconds", "read_deal", "Chances", "chances", "has_winnable_list",
    "Events", "Ended", "Started", "Played", "Undone", "Refused", "Won", "Unwon", "SearchAnswered", "SettingsChanged",
    "Quitting", "NoticesRaised", "HintSaid", "HintMarked", "UndoMarked", "MarksCleared", "VerdictChanged", "Verdict",
    "Shown", "DailyDeal", "NoDailyDeal", "CalendarDay", "CalendarMonth", "weekday_order", "DayResult", "Streaks",
]
