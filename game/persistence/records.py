"""What the window calls to keep the player's things: the game in progress,
the statistics and the settings, on the storage it is handed.

    persistence = Persistence(storage, system_language="vi-VN")  # tests, tools: memory or a folder
    persistence = Persistence.opening(host.open_storage, system_language=host.preferred_language())
    # (the player's records, as game.ui.launch opens them: in memory if they can't be)
    loaded = persistence.load_all()          # at start-up
    ...                                      # show loaded.notices once
    persistence.save_game(game, elapsed, counted)  # after every accepted action and undo
    persistence.game_won(game, elapsed)      # when the session says "won" (once a game)
    persistence.new_game(game, previous=old, previous_elapsed=t, previous_counted=c)  # on new game

Whether the current game is already in the statistics is the session's
fact (``game.session.Session.counted``); it is passed in here and kept in
the saved game (``loaded.counted`` gives it back), never tracked twice.
    persistence.save_settings(settings)      # when an option changes
    persistence.language(args.lang)          # the catalogue to use
    persistence.stats.get("eight-off", "C8") # the statistics screen
    persistence.reset_stats()                # its reset button

Nothing here raises for bad stored data or a failed write. Damaged records
are set aside (natively a ``.bad`` copy), the previous good copy is used when
there is one, and the player is told once through message ids in
``notices`` (``notice.game_damaged`` ...; texts in ``game.i18n``). A record
that is there but can't be read (no permission, a data folder that can't be
checked) is left alone for the whole session: not replaced by its backup,
not written over, not set aside; play goes on in memory and the player is
told once (``notice.records_unreadable``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, TypeVar

from . import savegame
from . import settings as settings_store
from ..engine import Game
from .savegame import SavedGame
from .settings import Settings, choose_language
from .stats import Statistics
from .storage import MemoryStorage, ReadError, Storage

GAME_KEY, STATS_KEY, SETTINGS_KEY = "game", "stats", "settings"
SAVE_FAILED = "notice.save_failed"
UNREADABLE = "notice.records_unreadable"

T = TypeVar("T")


@dataclass
class Loaded:
    settings: Settings  # ``lang`` already set by language()
    game: Game | None  # the game to resume, or None: deal a new one
    elapsed: float  # seconds already played in that game
    stats: Statistics
    notices: list[str] = field(default_factory=list)  # message ids, to show once
    problems: list[str] = field(default_factory=list)  # details, for a log
    counted: bool = False  # that game's result is already in the statistics


class Persistence:
    """The player's records on ``storage``. Where the game runs (which
    storage, which language the system asks for) is not decided here: the
    caller hands it in, from ``game.host`` for the player's own records.
    ``system_language`` (a tag such as ``vi-VN``, or None) is used until the
    player chooses a language; ``unavailable`` says why ``storage`` is not
    the storage that was asked for (see ``opening``)."""

    def __init__(self, storage: Storage, *, system_language: str | None = None,
                 unavailable: str | None = None) -> None:
        self.unavailable = unavailable  # why the storage asked for couldn't be opened
        self.system_language = system_language
        self.storage = storage
        self.stats = Statistics()
        self.settings = Settings()
        self.notices: list[str] = []  # raised while playing (a failed save), to show once
        self._save_failed = False
        self._cache: dict = {}
        self.hands_off: set[str] = set()  # keys whose record can't be read: left alone this session

    @classmethod
    def opening(cls, open_storage: Callable[[], Storage], *, system_language: str | None = None) -> "Persistence":
        """On the storage ``open_storage()`` opens (``game.host.open_storage``
        for the player's records), or in memory when it can't be opened (no
        home folder to be found, say): play goes on, and ``load_all`` tells
        the player once (``notice.records_unreadable``)."""
        try:
            storage = open_storage()
        except Exception as exc:
            return cls(MemoryStorage(), system_language=system_language, unavailable=f"no storage: {exc}")
        return cls(storage, system_language=system_language)

    # ---- start-up --------------------------------------------------------------------

    def load_all(self) -> Loaded:
        notices: list[str] = []
        problems: list[str] = []
        if self.unavailable:
            problems.append(self.unavailable)
            _add(notices, UNREADABLE)

        settings, settings_problems = self._load(
            SETTINGS_KEY, settings_store.loads_settings, "settings", notices, problems
        ) or (Settings(), [])
        if settings_problems:
            # Keep the original aside and store what could be saved of it.
            problems += [f"settings: {p}" for p in settings_problems]
            self._set_aside(SETTINGS_KEY)
            self._write(SETTINGS_KEY, settings_store.dumps_settings(settings))
            _add(notices, "notice.settings_damaged")
        self.settings = settings
        settings.lang = self.language()

        stats = self._load(STATS_KEY, Statistics.from_json, "stats", notices, problems)
        self.stats = stats if stats is not None else Statistics()

        saved: SavedGame | None = self._load(GAME_KEY, savegame.loads_game, "game", notices, problems)
        game, elapsed, counted = None, 0.0, False
        if saved is not None and saved.game.position.won:
            if not saved.counted:  # stopped right after the winning move
                self.record_result(saved.game, saved.elapsed, won=True)
            saved = None  # a won game is over: the window deals a new one
        if saved is not None:
            game, elapsed, counted = saved.game, saved.elapsed, saved.counted
            if saved.history_problem:
                problems.append(f"game: undo history dropped: {saved.history_problem}")
                _add(notices, "notice.undo_lost")
                self._set_aside(GAME_KEY)
                self.save_game(game, elapsed, counted)
        return Loaded(settings, game, elapsed, self.stats, notices, problems, counted)

    def _load(
        self, key: str, parse: Callable[[str], T], kind: str, notices: list[str], problems: list[str]
    ) -> T | None:
        """The record under ``key``, else its backup, else None; damaged
        copies are set aside and reported."""
        damaged = newer = False
        for backup in (False, True):
            try:
                text = self.storage.get_backup(key) if backup else self.storage.get(key)
            except ReadError as exc:  # there, but unreadable: never "no record", never destroyed
                problems.append(f"{kind}{' backup' if backup else ''}: {exc}")
                self.hands_off.add(key)
                _add(notices, UNREADABLE)
                return None
            if text is None:
                continue
            try:
                value = parse(text)
            except Exception as exc:  # SaveError; anything else is a checking bug, still not a crash
                problems.append(f"{kind}{' backup' if backup else ''}: {exc}")
                self.storage.set_aside(key, backup=backup)
                damaged = True
                newer = newer or getattr(exc, "newer", False)
                continue
            if backup:
                # Make the good copy the record again, so the next start agrees.
                self.storage.set(key, text)
                if damaged:
                    _add(notices, f"notice.{kind}_restored")
            return value
        if newer:
            _add(notices, f"notice.{kind}_newer")
        elif damaged:
            _add(notices, f"notice.{kind}_damaged")
        return None

    # ---- while playing ------------------------------------------------------------------

    def save_game(self, game: Game, elapsed: float, counted: bool = False) -> bool:
        """Keep ``game`` (after every accepted action, undo included) and
        whether its result is already in the statistics (the session knows).
        Returns False if it could not be stored; ``notice.save_failed`` is
        then queued in ``notices``, once until a save works again."""
        text = savegame.dumps_game(game, _seconds(elapsed), counted, cache=self._cache)
        return self._write(GAME_KEY, text)

    def game_won(self, game: Game, elapsed: float) -> bool:
        """The game is won: count it in the statistics and save it as
        counted. The session says "won" once per game (undoing and winning
        again is not a second win), so this is called once. Returns whether
        both were stored."""
        recorded = self.record_result(game, elapsed, won=True)
        return self.save_game(game, elapsed, counted=True) and recorded

    def new_game(
        self, game: Game, *, previous: Game | None = None, previous_elapsed: float = 0.0, previous_counted: bool = False
    ) -> None:
        """A new game replaces ``previous``: an unfinished previous game in
        which the player made a move counts as played, not won (a deal left
        untouched doesn't count, nor one already counted). Then the new
        game is saved."""
        if previous is not None and not previous_counted and previous.position.moves > 0:
            # won=...: a win the window didn't report through game_won still counts as one
            self.record_result(previous, previous_elapsed, won=previous.position.won)
        self._cache.clear()
        self.save_game(game, 0.0)

    def record_result(self, game: Game, elapsed: float, *, won: bool) -> bool:
        """Add one finished game to the statistics and store them."""
        pos = game.position
        self.stats.record(pos.game, pos.variant, won=won, seconds=_seconds(elapsed), score=pos.score)
        return self._write(STATS_KEY, self.stats.to_json())

    # ---- settings and statistics screen ------------------------------------------------------

    def save_settings(self, settings: Settings) -> bool:
        self.settings = settings
        return self._write(SETTINGS_KEY, settings_store.dumps_settings(self.settings))

    def reset_stats(self, game: str | None = None, variant: str | None = None) -> bool:
        self.stats.reset(game, variant)
        return self._write(STATS_KEY, self.stats.to_json())

    def language(self, command_line: str | None = None, system: str | None = None) -> str:
        """The catalogue to use: ``command_line`` (``--lang``), else the
        player's choice, else ``system`` (default: ``system_language``, the
        system's or browser's language as the caller gave it), else English."""
        if system is None:
            system = self.system_language
        return choose_language(command_line, self.settings.chosen_lang, system)

    def pop_notices(self) -> list[str]:
        """Notices raised since the last call (e.g. a failed save)."""
        notices, self.notices = self.notices, []
        return notices

    def _set_aside(self, key: str) -> None:
        if key not in self.hands_off:
            self.storage.set_aside(key)

    def _write(self, key: str, text: str) -> bool:
        if key in self.hands_off:
            return False  # kept in memory only; the player was told at start-up
        if self.storage.set(key, text):
            self._save_failed = False
            return True
        if not self._save_failed:
            self._save_failed = True
            _add(self.notices, SAVE_FAILED)
        return False


def _add(notices: list[str], notice: str) -> None:
    if notice not in notices:
        notices.append(notice)


def _seconds(elapsed: float) -> float:
    try:
        value = float(elapsed)
    except (TypeError, ValueError):
        return 0.0
    if value != value or value < 0:
        return 0.0
    return min(value, float(savegame.MAX_SECONDS))
