"""What the window calls to keep the player's things: the game in progress,
the statistics and the settings, on the storage it is handed.

    persistence = Persistence(storage, system_language="vi-VN")  # tests, tools: memory or a folder
    persistence = Persistence.opening(host.open_storage, system_language=host.preferred_language())
    # (the player's records, as game.ui.launch opens them: in memory if they can't be)
    loaded = persistence.load_all()          # at start-up
    ...                                      # show loaded.notices once
    persistence.save_game(game, elapsed, counted, redo, identity=i)  # after every accepted action and undo
    persistence.game_won(game, elapsed, identity=i)  # when the session says "won" (once a game)
    persistence.new_game(game, identity=i, previous=old, previous_elapsed=t, previous_counted=c,
                         previous_identity=j)  # on new game
    persistence.save_settings(settings)      # when an option changes
    persistence.language(args.lang)          # the catalogue to use
    persistence.stats.get("eight-off", "C8") # the statistics screen
    persistence.daily_started(game, variant, date)   # the first move in a daily deal
    persistence.daily_won(game, variant, date, on=today, seconds=t, moves=m)  # its win (before game_won)
    persistence.daily.get(game, variant, date)       # the calendar (``game.persistence.daily``)
    persistence.refresh_daily()              # ... opened: other windows' days included
    persistence.refresh_stats()              # ... opened: other windows' games included
    persistence.reset_stats()                # its reset button
    persistence.retry_pending()              # now and then, and on quitting
    persistence.pop_notices()                # after each of the above: show them once
    persistence.notice_text(notice, lang)    # a notice's words, its numbers filled in

Whether the current game is already in the statistics, and which game it
is (its identity), are the session's facts (``game.play.session.Session.counted``
and ``.identity``); they are passed in here and kept in the saved game
(``loaded.counted`` and ``loaded.identity`` give them back), never tracked
twice. A result goes into the statistics with its game's identity, and the
statistics count each game once, however many windows count it
(``game.persistence.stats``): a window that starts while another one's game
is saved, and replaces it, counts that game as left unfinished; the other
window may then win it, and it counts as won. A caller without identities
(None, as tools and older tests pass) counts each result as a game.

Two windows, one player
-----------------------
Two copies of the game may run on one data folder, or two browser tabs on
one localStorage. Each used to load the statistics at start and later
write its whole copy back, so the later writer erased the other's games.
Now no window ever writes back what it read at start:

* **Statistics** are kept here as operations: a game's result, a reset.
  Each write reads the record as it is *now*, applies this window's
  operations not yet stored, in order, and writes that. The figures are
  derived from results in order (streaks, fastest, the recent chart), so
  replaying results onto the fresh record is exact where adding numbers
  would not be; and the merging needs nothing in the record itself (no
  journal, no window ids).
* **Settings** the same way, field by field: only the settings this window
  changed go over the record as it is now.
* **Daily results** the same way as the statistics, and simpler: each
  result is a join (``game.persistence.daily``: a day only gains), so this
  window's results go over the record as it is now in any order, and one
  stored twice changes nothing.
* **The saved game** is one game, and two windows can't both have theirs
  in it. Before each save the record is read; if it is not the one this
  window last read or wrote, another window saved there: its record is kept
  aside (``<key>.other`` copies, ``set_aside(mark="other")``), this
  window's game is saved, and the player is told once
  (``notice.game_elsewhere``). Nothing is thrown away silently.

  The game set aside is counted first, as left unfinished (a game with a
  move made that is not counted yet, whose record names its identity;
  one found won counts as won and needs no copy), under its identity:
  whatever its own window does with it later (wins it, plays on and
  leaves it) counts as that same game. Its copy then says it is counted
  (``counted``, written over the copy), and the oldest copies go to make
  room only once counted (``keep``). If the statistics can't be written
  just then, the copy stays as it was, and the next start counts every
  copy not marked (``load_all``; copies of the version before this one,
  which never counted them, too). Killed at any moment in between, a
  game is at worst counted again under its identity, which changes
  nothing.

Why this design and not another: a read-modify-write is only safe when no
other write comes between the read and the write. Natively the storage
holds a lock around it (``Storage.locked``: ``flock``, which the kernel
drops when a process dies, so it is never stale), which makes it exact:
two processes recording 100 results each leave 200. The browser has no
lock that synchronous code can wait for (the Web Locks API is async, and
there are no threads), so there the read and the write follow each other
in one synchronous call: another tab's write can only be lost if it lands
in that instant, where a tab that writes its whole copy back loses every
game the other tab played since it started. The page's ``storage`` event is
not listened to: it only says that this tab's localStorage has taken in
another tab's write, which the read before each write sees anyway (that
read goes to the page every time; nothing is cached here), and it comes
between two frames, never inside that instant, so it could not close it.
All it could add is a fresher screen, which the statistics screen already
gets by reading the record when it opens (``refresh_stats``), and the saved
game is checked at every save. Records that merge on read (a
journal per window) would close that instant too, but they need a new
format every older version would refuse, and a journal that grows until
some window compacts it, which is again a read-modify-write.

A write that fails (a full disk, a full quota, another window holding the
lock too long) is not dropped: its key stays pending and is tried again at
the next chance (every later save, ``retry_pending``). The player is told
once when a write fails (``notice.save_failed``), and once when everything
pending is stored after all (``notice.saved_again``).

Nothing here raises for bad stored data or a failed write. Damaged records
are set aside (natively a ``.bad`` copy), the previous good copy is used when
there is one, and the player is told once through message ids in
``notices`` (``notice.game_damaged`` ...; texts in ``game.i18n``). A record
that is there but can't be read (no permission, a data folder that can't be
checked) is left alone for the whole session: not replaced by its backup,
not written over, not set aside; play goes on in memory and the player is
told once (``notice.records_unreadable``). A record written by a newer
version of the game (a newer format) is treated the same way: left where
it is for that version, never written over, and the notice says which
format made it (``notice_text`` fills in the numbers).
"""

from __future__ import annotations

import datetime as _dt
import json
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, TypeVar, Union

from . import savegame
from . import settings as settings_store
from ..engine import Action, Game, jsontext
from ..i18n import DEFAULT_LANGUAGE, translate
from .savegame import SavedGame, SaveError
from .daily import DailyResults, DayResult
from .settings import Settings, choose_language
from .stats import Bests, Statistics, variant_key
from .storage import LockError, MemoryStorage, ReadError, Storage

GAME_KEY, STATS_KEY, SETTINGS_KEY, DAILY_KEY = "game", "stats", "settings", "daily"
SAVE_FAILED = "notice.save_failed"
SAVED_AGAIN = "notice.saved_again"
UNREADABLE = "notice.records_unreadable"
ELSEWHERE = "notice.game_elsewhere"
UNDO_LOST = "notice.undo_lost"  # the saved game resumes, without its undo history
REDO_LOST = "notice.redo_lost"  # the saved game resumes with its undo, without its redo list
IDENTITY_NEW = "notice.game_identity_new"  # the saved game resumes under an identity made anew
NEWER_FORMAT = "notice.newer_format"  # the detail notice_text adds to a newer record's notice
KINDS = {GAME_KEY: "game", STATS_KEY: "stats", SETTINGS_KEY: "settings", DAILY_KEY: "daily"}  # the notices' names
OTHER = "other"  # the mark of another window's game, set aside (``storage.MARKS``)


@dataclass(frozen=True)
class Result:
    """A statistics operation not yet stored: one game's result."""

    game: str
    variant: str
    won: bool
    seconds: float
    score: int
    moves: int
    identity: str | None  # which game (None: none known, a game of its own)


@dataclass(frozen=True)
class Reset:
    """A statistics operation not yet stored: a reset of a variant, a game
    or (both None) all."""

    game: str | None
    variant: str | None


Operation = Union[Result, Reset]


@dataclass(frozen=True)
class Day:
    """A daily results operation not yet stored: one date's result joined on."""

    game: str
    variant: str
    date: _dt.date
    result: DayResult

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
    redo: list[Action] = field(default_factory=list)  # what Redo plays again in that game, the next one last
    identity: str | None = None  # which game that is (None with no game)
    daily: DailyResults = field(default_factory=DailyResults)  # the daily deals' results


class _Newer(Exception):
    """A record found newer than this code reads, while writing."""

    def __init__(self, error: SaveError) -> None:
        super().__init__(str(error))
        self.error = error


class Persistence:
    """The player's records on ``storage``. Where the game runs (which
    storage, which language the system asks for) is not decided here: the
    caller hands it in, from ``game.host`` for the player's own records.
    ``system_language`` (a tag such as ``vi-VN``, or None) is used until the
    player chooses a language; ``system_reduced_motion`` (the browser asks
    for less motion) is the Reduce motion setting of a record that never
    stated one; ``unavailable`` says why ``storage`` is not the storage that
    was asked for (see ``opening``)."""

    def __init__(self, storage: Storage, *, system_language: str | None = None,
                 system_reduced_motion: bool = False, unavailable: str | None = None) -> None:
        self.unavailable = unavailable  # why the storage asked for couldn't be opened
        self.system_language = system_language
        self.system_reduced_motion = system_reduced_motion
        self.storage = storage
        self.stats = Statistics()  # this window's view: the record as last read, and its own games
        self.daily = DailyResults()  # the same for the daily deals' results
        self._daily_ops: list[Day] = []  # this window's daily results, not yet in the record
        self.settings = Settings()
        self.notices: list[str] = []  # raised while playing (a failed save), to show once
        self.notice_params: dict[str, dict[str, object]] = {}  # numbers some notices' words need
        self.problems: list[str] = []  # details raised while playing, for a log
        self.hands_off: set[str] = set()  # keys whose record can't be read: left alone this session
        self.pending: set[str] = set()  # keys with something this window has not managed to store yet
        self._save_failed = False
        self._cache: dict[str, Any] = {}
        self._stats_ops: list[Operation] = []  # in order, not yet in the record
        self.new_bests: dict[str, Bests] = {}  # per variant: the records this window's latest game there beat
        self._settings_base: dict[str, object] = Settings().to_dict()  # the record's settings, as last seen
        self._settings_changed: dict[str, object] = {}  # fields this window changed, not yet stored
        self._game_text: str | None = None  # the latest game record, not yet stored
        self._seen: dict[str, str | None] = {}  # the record as this window last read or wrote it
        self._elsewhere_told = False

    @classmethod
    def opening(cls, open_storage: Callable[[], Storage], *, system_language: str | None = None,
                system_reduced_motion: bool = False) -> "Persistence":
        """On the storage ``open_storage()`` opens (``game.host.open_storage``
        for the player's records), or in memory when it can't be opened (no
        home folder to be found, say): play goes on, and ``load_all`` tells
        the player once (``notice.records_unreadable``)."""
        try:
            storage = open_storage()
        except Exception as exc:
            return cls(MemoryStorage(), system_language=system_language, system_reduced_motion=system_reduced_motion,
                       unavailable=f"no storage: {exc}")
        return cls(storage, system_language=system_language, system_reduced_motion=system_reduced_motion)

    # ---- start-up --------------------------------------------------------------------

    def load_all(self) -> Loaded:
        notices: list[str] = []
        problems: list[str] = []
        if self.unavailable:
            problems.append(self.unavailable)
            _add(notices, UNREADABLE)

        stated: set[str] = set()  # the settings the record states (the others are defaults)

        def read_settings(text: str) -> tuple[Settings, list[str]]:
            read = settings_store.loads_settings(text)
            stated.update(settings_store.stated(text))
            return read

        settings, settings_problems = self._load(SETTINGS_KEY, read_settings, notices, problems) or (Settings(), [])
        self._settings_base = settings.to_dict()
        if self.system_reduced_motion and "reduce_motion" not in stated:
            settings.reduce_motion = True  # the browser asks for less motion: kept once any setting is stored
        if settings_problems:
            # Keep the original aside and store what could be saved of it.
            problems += [f"settings: {p}" for p in settings_problems]
            self._set_aside(SETTINGS_KEY)
            self._seen[SETTINGS_KEY] = None
            self._settings_changed = dict(self._settings_base)
            self.pending.add(SETTINGS_KEY)
            self._store(SETTINGS_KEY)
            _add(notices, "notice.settings_damaged")
        self.settings = settings
        settings.lang = self.language()

        stats = self._load(STATS_KEY, Statistics.from_json, notices, problems)
        self.stats = stats if stats is not None else Statistics()
        daily = self._load(DAILY_KEY, DailyResults.from_json, notices, problems)
        self.daily = daily if daily is not None else DailyResults()

        saved: SavedGame | None = self._load(GAME_KEY, savegame.loads_game, notices, problems)
        game, elapsed, counted, redo, identity = None, 0.0, False, [], None
        if saved is not None and saved.game.position.won:
            if not saved.counted:  # stopped right after the winning move
                self.record_result(saved.game, saved.elapsed, won=True, identity=saved.identity)
            saved = None  # a won game is over: the window deals a new one
        if saved is not None:
            game, elapsed, counted, redo = saved.game, saved.elapsed, saved.counted, saved.redo
            identity = saved.identity
            if saved.identity_problem:
                problems.append(f"game: identity made from the record: {saved.identity_problem}")
                _add(notices, IDENTITY_NEW)
            if saved.redo_problem:
                problems.append(f"game: nothing to redo: {saved.redo_problem}")
                _add(notices, REDO_LOST)
            if saved.history_problem:
                problems.append(f"game: undo history dropped: {saved.history_problem}")
                _add(notices, UNDO_LOST)
            if saved.redo_problem or saved.history_problem or saved.identity_problem:
                # The damaged record kept aside, the game as it resumes saved in its place.
                self._set_aside(GAME_KEY)
                self._seen[GAME_KEY] = None
                self.save_game(game, elapsed, counted, redo, identity=identity)
        self._count_set_aside()
        return Loaded(settings, game, elapsed, self.stats, notices, problems, counted, redo, identity, self.daily)

    def _load(self, key: str, parse: Callable[[str], T], notices: list[str], problems: list[str]) -> T | None:
        """The record under ``key``, else its backup, else None; damaged
        copies are set aside and reported; a newer one is left alone."""
        kind = KINDS[key]
        damaged = False
        self._seen[key] = None
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
            except SaveError as exc:
                problems.append(f"{kind}{' backup' if backup else ''}: {exc}")
                if exc.newer:
                    # A newer version's record: its own, left where it is for it. A backup too
                    # (read only when the record is gone or damaged): the next write would move
                    # the record over it, and that version would find only ours.
                    self._newer(key, exc, notices)
                    return None
                self.storage.set_aside(key, backup=backup)
                damaged = True
                continue
            except Exception as exc:  # a checking bug: still not a crash, the record is kept aside
                problems.append(f"{kind}{' backup' if backup else ''}: {exc}")
                self.storage.set_aside(key, backup=backup)
                damaged = True
                continue
            if backup:
                # Make the good copy the record again, so the next start agrees.
                self.storage.set(key, text)
                if damaged:
                    _add(notices, f"notice.{kind}_restored")
            self._seen[key] = text
            return value
        if damaged:
            _add(notices, f"notice.{kind}_damaged")
        return None

    def _newer(self, key: str, error: SaveError, notices: list[str]) -> None:
        notice = f"notice.{KINDS[key]}_newer_left"
        self.hands_off.add(key)
        self.notice_params[notice] = {"found": error.found, "known": error.known}
        _add(notices, notice)

    # ---- while playing ------------------------------------------------------------------

    def save_game(self, game: Game, elapsed: float, counted: bool = False, redo: Iterable[Action] = (), *,
                  identity: str | None = None) -> bool:
        """Keep ``game`` (after every accepted action, undo included), what
        Redo would play again (``redo``, the next one last), whether its
        result is already in the statistics and which game it is
        (``identity``; the session knows both).
        Returns False if it could not be stored: it is then pending, tried
        again at the next chance, and ``notice.save_failed`` is queued in
        ``notices`` (once until everything is stored again). What else was
        pending is tried first."""
        self._game_text = savegame.dumps_game(game, _seconds(elapsed), counted, cache=self._cache, redo=redo,
                                              identity=self._identity(identity))
        self.pending.add(GAME_KEY)
        self.retry_pending(GAME_KEY)
        return self._store(GAME_KEY)

    def game_won(self, game: Game, elapsed: float, *, identity: str | None = None) -> bool:
        """The game is won: count it in the statistics and save it as
        counted. The session says "won" once per game (undoing and winning
        again is not a second win), so this is called once. Returns whether
        both were stored."""
        recorded = self.record_result(game, elapsed, won=True, identity=identity)
        return self.save_game(game, elapsed, counted=True, identity=identity) and recorded

    def new_game(
        self, game: Game, *, identity: str | None = None, previous: Game | None = None,
        previous_elapsed: float = 0.0, previous_counted: bool = False, previous_identity: str | None = None,
    ) -> None:
        """A new game (``identity``) replaces ``previous`` (``previous_identity``):
        an unfinished previous game in which the player made a move counts
        as played, not won (a deal left untouched doesn't count, nor one
        already counted; nor, in the statistics, a game another window
        counts too: see the module's docstring). Then the new game is saved."""
        if previous is not None and not previous_counted and previous.position.moves > 0:
            # won=...: a win the window didn't report through game_won still counts as one
            self.record_result(previous, previous_elapsed, won=previous.position.won, identity=previous_identity)
        self._cache.clear()
        self.save_game(game, 0.0, identity=identity)

    def record_result(self, game: Game, elapsed: float, *, won: bool, identity: str | None = None) -> bool:
        """Add one finished game (``identity``: which one) to the statistics
        and store them (merged with what other windows stored meanwhile)."""
        pos = game.position
        result = Result(pos.game, pos.variant, bool(won), _seconds(elapsed), pos.score, pos.moves,
                        self._identity(identity))
        # raises ValueError for an unknown game, before anything is kept
        self.new_bests[variant_key(pos.game, pos.variant)] = _apply(self.stats, result)
        self._stats_ops.append(result)
        self.pending.add(STATS_KEY)
        self.retry_pending(STATS_KEY)
        return self._store(STATS_KEY)

    # ---- the daily deals -----------------------------------------------------------------------

    def daily_started(self, game: str, variant: str, date: _dt.date) -> bool:
        """A move was made in ``date``'s daily deal of a variant: the day
        shows as started. Returns whether it was stored (else pending, as
        any write)."""
        return self._daily(Day(game, variant, date, DayResult()))

    def daily_won(self, game: str, variant: str, date: _dt.date, *, on: _dt.date, seconds: float,
                  moves: int) -> bool:
        """``date``'s daily deal of a variant was won on the local date
        ``on``, in ``seconds`` of play and ``moves`` moves. Called before
        ``game_won`` (see ``game.persistence.daily`` on kills)."""
        probe = DailyResults()
        probe.won(game, variant, date, on=on, seconds=seconds, moves=moves)  # its bounds; ValueError if unknown
        result = probe.get(game, variant, date)
        assert result is not None
        return self._daily(Day(game, variant, date, result))

    def _daily(self, day: Day) -> bool:
        self.daily.add(day.game, day.variant, day.date, day.result)  # raises ValueError for an unknown game
        self._daily_ops.append(day)
        self.pending.add(DAILY_KEY)
        self.retry_pending(DAILY_KEY)
        return self._store(DAILY_KEY)

    def refresh_daily(self) -> DailyResults:
        """The daily results as stored now (other windows' days included),
        with this window's not stored yet: for the calendar when it opens.
        ``daily`` is updated in place and returned."""
        fresh = self._stored_now(DAILY_KEY, DailyResults.from_json, DailyResults)
        if fresh is not None:
            self.daily.variants = self._with_own_days(fresh).variants
        return self.daily

    def _stored_now(self, key: str, parse: Callable[[str], T], empty: Callable[[], T]) -> T | None:
        """The record under ``key`` as stored now (``empty()`` when there is
        none); None when it is not to be read now: left alone this session,
        or unreadable (told when it is written, or was at start-up)."""
        if key in self.hands_off:
            return None
        try:
            text = self.storage.get(key)
            return parse(text) if text is not None else empty()
        except (ReadError, SaveError):
            return None

    def _with_own_games(self, fresh: Statistics) -> Statistics:
        """``fresh`` with this window's games not stored yet."""
        for op in self._stats_ops:
            _apply(fresh, op)
        return fresh

    def _with_own_days(self, fresh: DailyResults) -> DailyResults:
        """``fresh`` with this window's daily results not stored yet."""
        for day in self._daily_ops:
            fresh.add(day.game, day.variant, day.date, day.result)
        return fresh

    # ---- settings and statistics screen ------------------------------------------------------

    def save_settings(self, settings: Settings) -> bool:
        """Keep the settings this window changed since they were last
        stored (the others stay as the record has them: another window may
        have changed them)."""
        self.settings = settings
        now = settings.to_dict()
        self._settings_changed.update({k: v for k, v in now.items() if self._settings_base.get(k) != v})
        self._settings_base = now
        self.pending.add(SETTINGS_KEY)
        self.retry_pending(SETTINGS_KEY)
        return self._store(SETTINGS_KEY)

    def reset_stats(self, game: str | None = None, variant: str | None = None) -> bool:
        reset = Reset(game, variant)
        _apply(self.stats, reset)
        self._stats_ops.append(reset)
        self.pending.add(STATS_KEY)
        self.retry_pending(STATS_KEY)
        return self._store(STATS_KEY)

    def refresh_stats(self) -> Statistics:
        """The statistics as stored now (other windows' games included),
        with this window's games not stored yet: for the statistics screen
        when it opens. ``stats`` is updated in place and returned."""
        fresh = self._stored_now(STATS_KEY, Statistics.from_json, Statistics)
        if fresh is not None:
            self.stats.variants = self._with_own_games(fresh).variants
        return self.stats

    def retry_pending(self, *skip: str) -> bool:
        """Try again to store what could not be stored (a full disk freed,
        a quota with room again). True when nothing is pending any more."""
        for key in sorted(self.pending - set(skip)):
            self._store(key)
        return not self.pending

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

    def notice_text(self, notice: str, lang: str = DEFAULT_LANGUAGE) -> str:
        """A notice's words in ``lang``, and for a record of a newer version
        which format it was written in. (Each notice's own text needs no
        numbers, so ``translate(notice, lang)`` alone reads well too.)"""
        text = translate(notice, lang)
        params = self.notice_params.get(notice)
        return f"{text} {translate(NEWER_FORMAT, lang, **params)}" if params else text

    # ---- storing ---------------------------------------------------------------------------

    def _identity(self, identity: str | None) -> str | None:
        """``identity`` if it is one (``savegame.IDENTITY``); else None, and
        a problem for the log: a result is then a game of its own, never a
        failed save."""
        if identity is None or savegame.IDENTITY.fullmatch(identity):
            return identity
        self.problems.append(f"game: {identity!r} is not a game's identity; none kept")
        return None

    def _set_aside(self, key: str) -> None:
        if key not in self.hands_off:
            self.storage.set_aside(key)

    def _store(self, key: str) -> bool:
        """Store what is pending under ``key``: the record as it is now,
        read under the storage's lock, with this window's changes over it."""
        if key in self.hands_off:
            self.pending.discard(key)
            return False  # kept in memory only; the player was told
        if key not in self.pending:
            return True
        build = {GAME_KEY: self._game_over, STATS_KEY: self._stats_over, SETTINGS_KEY: self._settings_over,
                 DAILY_KEY: self._daily_over}[key]
        try:
            with self.storage.locked(key):
                current = self.storage.get(key)
                text = build(current)
                stored = self.storage.set(key, text)
        except _Newer as exc:  # a newer version wrote it meanwhile: its record, left alone
            self.problems.append(f"{KINDS[key]}: {exc}")
            self._newer(key, exc.error, self.notices)
            self.pending.discard(key)
            return False
        except (ReadError, LockError) as exc:
            self.problems.append(f"{KINDS[key]}: {exc}")
            stored = False
        if not stored:
            if not self._save_failed:
                self._save_failed = True
                _add(self.notices, SAVE_FAILED)
            return False
        self._seen[key] = text
        self.pending.discard(key)
        if key == STATS_KEY:
            self._stats_ops.clear()
            self.stats.variants = Statistics.from_json(text).variants  # other windows' games too
        elif key == SETTINGS_KEY:
            self._settings_changed.clear()
        elif key == DAILY_KEY:
            self._daily_ops.clear()
            self.daily.variants = DailyResults.from_json(text).variants  # other windows' days too
        if not self.pending and self._save_failed:
            self._save_failed = False
            _add(self.notices, SAVED_AGAIN)
        return True

    def _parse_current(self, key: str, current: str, parse: Callable[[str], T]) -> T | None:
        """The record found just before a write; None when it is damaged
        (then set aside, as at start-up); raises _Newer for a newer one."""
        try:
            return parse(current)
        except SaveError as exc:
            if exc.newer:
                raise _Newer(exc) from None
            self.problems.append(f"{KINDS[key]}: {exc}")
        except Exception as exc:  # a checking bug: still no crash
            self.problems.append(f"{KINDS[key]}: {exc}")
        self.storage.set_aside(key)
        return None

    def _stats_over(self, current: str | None) -> str:
        fresh = None if current is None else self._parse_current(STATS_KEY, current, Statistics.from_json)
        if fresh is None:
            if current is not None:  # damaged there: this window's view is the best left
                return self.stats.to_json()
            fresh = Statistics()
        return self._with_own_games(fresh).to_json()

    def _daily_over(self, current: str | None) -> str:
        fresh = None if current is None else self._parse_current(DAILY_KEY, current, DailyResults.from_json)
        if fresh is None:
            if current is not None:  # damaged there (set aside): this window's view is the best left
                return self.daily.to_json()
            fresh = DailyResults()
        return self._with_own_days(fresh).to_json()

    def _settings_over(self, current: str | None) -> str:
        values: dict[str, object] = {}
        if current is not None:
            parsed = self._parse_current(SETTINGS_KEY, current, settings_store.loads_settings)
            values = parsed[0].to_dict() if parsed is not None else dict(self._settings_base)
        merged, _ = settings_store.clean({**values, **self._settings_changed})
        return settings_store.dumps_settings(merged)

    def _game_over(self, current: str | None) -> str:
        text = self._game_text
        assert text is not None  # pending only with a game to store
        if current is not None and not _same_record(current, self._seen.get(GAME_KEY)) and current != text:
            # Another window saved here since this one last read or wrote: count its game
            # and keep it, unless it is over (won and counted): then nothing is lost.
            try:
                theirs = savegame.loads_game(current)
            except SaveError as exc:
                if exc.newer:
                    raise _Newer(exc) from None
                theirs = None  # damaged: kept aside all the same
            counted_now = theirs is not None and _to_count(theirs) and self._count_other(theirs)
            if theirs is not None and theirs.game.position.won and (theirs.counted or counted_now):
                return text
            name = self.storage.set_aside(GAME_KEY, mark=OTHER, keep=_uncounted)
            if name is not None and counted_now:
                self._mark_counted(name, current)
            self.problems.append("game: another window saved a game here; it was kept aside")
            if not self._elsewhere_told:
                self._elsewhere_told = True
                _add(self.notices, ELSEWHERE)
        return text

    def _count_other(self, saved: SavedGame) -> bool:
        """Count another window's game (set aside, or found over) under its
        identity, without touching what this window's own games beat
        (``new_bests``); True when the statistics are stored with it."""
        pos = saved.game.position
        result = Result(pos.game, pos.variant, pos.won, _seconds(saved.elapsed), pos.score, pos.moves,
                        saved.identity)
        _apply(self.stats, result)
        self._stats_ops.append(result)
        self.pending.add(STATS_KEY)
        return self._store(STATS_KEY)

    def _mark_counted(self, name: str, text: str) -> None:
        """Write over the copy ``name`` (``text``) that its game is counted."""
        try:
            data = jsontext.loads(text)
        except ValueError:
            return  # read only as far as a damaged member: left unmarked, counted again (no change) next time
        if isinstance(data, dict):
            data["counted"] = True
            self.storage.set_copy(GAME_KEY, name, json.dumps(data, ensure_ascii=True, separators=(",", ":")))

    def _count_set_aside(self) -> None:
        """Count the games set aside as another window's that are not
        counted yet (a statistics write that failed, or a version before
        this one), and mark their copies."""
        if GAME_KEY in self.hands_off or STATS_KEY in self.hands_off:
            return
        for name in self.storage.copies(GAME_KEY, OTHER):
            try:
                text = self.storage.get_copy(GAME_KEY, name)
            except ReadError:
                continue
            saved = _uncounted_game(text)
            if saved is not None and self._count_other(saved):
                self._mark_counted(name, text or "")


def _to_count(saved: SavedGame) -> bool:
    """Whether another window's game has to be counted here: a move was
    made in it, it is not counted yet, and its record names its identity.
    (A window that saved it without one, a caller without identities or a
    version before them, counts it as a game of its own: counted here too,
    it would count twice.)"""
    return not saved.counted and saved.game.position.moves > 0 and saved.named


def _uncounted_game(text: str | None) -> SavedGame | None:
    """The game in a copy set aside, if it still has to be counted."""
    if text is None:
        return None
    try:
        data = jsontext.loads(text)
    except ValueError:
        data = None  # perhaps a fault inside its undo or redo list: the game's reader says
    if isinstance(data, dict) and data.get("counted") is True:
        return None  # the usual case, known without replaying the game
    try:
        saved = savegame.loads_game(text)
    except Exception:  # damaged (or a checking bug): nothing that can be counted
        return None
    return saved if _to_count(saved) else None


def _uncounted(text: str) -> bool:
    """A copy's ``keep``: it holds a game not counted yet."""
    return _uncounted_game(text) is not None


def _same_record(found: str, seen: str | None) -> bool:
    """Whether ``found`` is the record this window last read or wrote: the
    same text, or (a store may write the same JSON differently, e.g. with
    ASCII escapes) the same JSON value."""
    if seen is None or found == seen:
        return found == seen
    try:
        return bool(jsontext.loads(found) == jsontext.loads(seen))
    except ValueError:
        return False


def _apply(stats: Statistics, op: Operation) -> Bests:
    """Apply one operation; a result says which records it beat."""
    if isinstance(op, Result):
        return stats.record(op.game, op.variant, won=op.won, seconds=op.seconds, score=op.score, moves=op.moves,
                            identity=op.identity)
    stats.reset(op.game, op.variant)
    return frozenset()


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
