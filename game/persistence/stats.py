"""Statistics per game and variant, and their JSON record.

A game counts once it is over for the player: won, or left unfinished for a
new one (played, not won). ``record`` is the only way numbers change, so the
figures always agree with each other (won <= played, streaks within the
games played...); reading a record checks exactly that.

Each variant keeps the player's records: the best score (of any game), the
fastest win and the fewest moves of a win, and the longest streak of wins.
``record`` says which of them the game it counts beat (``Bests``), for the
win panel's "New best".

>>> stats = Statistics()
>>> sorted(stats.record("eight-off", "C8", won=True, seconds=300, score=520, moves=140))
[]
>>> sorted(stats.record("eight-off", "C8", won=True, seconds=240, score=500, moves=150))
['streak', 'time']
>>> stats.record("eight-off", "C8", won=False, seconds=60, score=40, moves=12) == frozenset()
True
>>> s = stats.get("eight-off", "C8")
>>> s.played, s.won, s.win_rate, s.current_streak, s.best_streak, s.fastest_win, s.fewest_moves
(3, 2, 0.6666666666666666, 0, 2, 240, 140)

One game, counted once
----------------------
A game has an identity (``game.play.session.Session.identity``, kept in the
saved game), and its result comes with it. Two windows may both count one
game: a window that starts while another window's game is saved and
replaces it (``main.py --deal``), or starts a new game over it, or sets it
aside to save its own, counts it as left unfinished, and the other window
then wins it, or plays on and leaves it. So each variant keeps its latest
``KEPT`` games one by one (``latest``: identity and result), over the
figures of the games before them (``earlier``); every figure is those
earlier figures with the latest games counted onto them in order. A
result for an identity already among them counts once: a win takes the
place of that game left unfinished (as if the unfinished count had never
been made, the win counted when it came); left unfinished again further
on (more moves) it keeps its place, with the figures it left then; and
anything else (left unfinished again no further, won again, left after a
win) changes nothing:

>>> stats = Statistics()
>>> _ = stats.record("eight-off", "C4", won=False, seconds=30, score=40, moves=9, identity="b1")
>>> _ = stats.record("eight-off", "C4", won=False, seconds=80, score=75, moves=30, identity="b1")
>>> s = stats.get("eight-off", "C4")
>>> s.played, s.total_seconds, s.best_score
(1, 80, 75)
>>> _ = stats.record("eight-off", "C4", won=True, seconds=200, score=520, moves=90, identity="b1")
>>> _ = stats.record("eight-off", "C4", won=False, seconds=210, score=520, moves=91, identity="b1")
>>> s = stats.get("eight-off", "C4")
>>> s.played, s.won, s.current_streak, [r.won for r in s.recent]
(1, 1, 1, [True])

A result without an identity (a caller that has none) is a game of its
own, each time. A game older than the latest ``KEPT`` of its variant is
folded into the earlier figures, its identity forgotten: a window that
wins a game after that many others were counted in its variant counts it
as one more game.

The record is format 3 (``earlier`` and ``latest`` per variant). Formats 2
and 1 (the figures alone; format 1 before ``fewest_moves``) still read, as
the earlier figures with no latest games (format 1's fewest moves unknown,
None, until the next win). A version from before finds a newer format and
leaves the record alone.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, FrozenSet

from ..engine import registry
from ..engine.rules import MAX_SCORE_AND_MOVES
from .savegame import SaveError, check_header, check_keys, parse_json, read_identity, whole_number

SCHEMA = "easy-harp-eight-off/stats"
VERSION = 3
RECENT = 30  # games kept for the chart
KEPT = 100  # the latest games of a variant kept one by one, with their identities
MAX_GAMES = 10**9  # games played, won and won in a row, per game and variant
MAX_GAME_SECONDS = 10**8
MAX_TOTAL = 10**12

_VARIANT_KEYS_V1 = {
    "played", "won", "current_streak", "best_streak", "best_score",
    "fastest_win", "total_seconds", "recent",
}
_VARIANT_KEYS_V2 = _VARIANT_KEYS_V1 | {"fewest_moves"}
_VARIANT_KEYS = {"earlier", "latest"}  # format 3: the figures before the latest games, and those
_COUNTED_KEYS = {"id", "won", "seconds", "score", "moves"}

# The records a game can beat (``record`` returns those it beat): a game
# beats one only where there was an earlier figure to beat.
Bests = FrozenSet[str]  # of "score", "time", "moves", "streak"


def game_seconds(seconds: float) -> int:
    """A game's time as the statistics count it: whole seconds, in bounds."""
    try:
        value = float(seconds)
    except (TypeError, ValueError):
        return 0
    if value != value:  # NaN
        return 0
    return int(round(max(0.0, min(value, float(MAX_GAME_SECONDS)))))


@dataclass(frozen=True)
class GameResult:
    """One finished game, as the chart of recent games shows it."""

    won: bool
    seconds: int
    score: int

    def to_dict(self) -> dict[str, Any]:
        return {"won": self.won, "seconds": self.seconds, "score": self.score}


@dataclass(frozen=True)
class Counted:
    """One of the latest games of a variant, kept one by one: its identity
    (None: a game that came without one) and what it left."""

    identity: str | None
    won: bool
    seconds: int  # whole seconds, within MAX_GAME_SECONDS
    score: int  # within MAX_SCORE_AND_MOVES
    moves: int | None  # within MAX_SCORE_AND_MOVES; None: not known

    @classmethod
    def of(cls, identity: str | None, won: bool, seconds: int, score: int, moves: int | None) -> "Counted":
        """A result held to the bounds its reader accepts."""
        return cls(identity, bool(won), max(0, min(seconds, MAX_GAME_SECONDS)), max(0, min(score, MAX_SCORE_AND_MOVES)),
                   None if moves is None else max(0, min(moves, MAX_SCORE_AND_MOVES)))

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.identity, "won": self.won, "seconds": self.seconds, "score": self.score,
                "moves": self.moves}

    @classmethod
    def from_dict(cls, data: object, where: str) -> "Counted":
        if not isinstance(data, dict):
            raise SaveError(f"{where} is not a JSON object")
        check_keys(data, _COUNTED_KEYS, where)
        if not isinstance(data["won"], bool):
            raise SaveError(f"{where} 'won' must be true or false")
        moves = data["moves"]
        return cls(
            read_identity(data["id"], f"{where} 'id'"),
            data["won"],
            whole_number(data["seconds"], f"{where} 'seconds'", MAX_GAME_SECONDS),
            whole_number(data["score"], f"{where} 'score'", MAX_SCORE_AND_MOVES),
            None if moves is None else whole_number(moves, f"{where} 'moves'"),
        )


@dataclass
class Figures:
    """The figures of a run of games, each counted in turn by ``record``."""

    played: int = 0
    won: int = 0
    current_streak: int = 0  # wins in a row, up to the latest game
    best_streak: int = 0
    best_score: int = 0
    fastest_win: int | None = None  # seconds
    fewest_moves: int | None = None  # of a win (None: no win yet, or none since format 1 kept no moves)
    total_seconds: int = 0
    recent: list[GameResult] = field(default_factory=list)  # oldest first

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def win_rate(self) -> float | None:
        """Won / played, 0 to 1; None before the first game."""
        return self.won / self.played if self.played else None

    def count(self, won: bool, seconds: int, score: int, moves: int | None = None) -> Bests:
        """Count one game (``moves``: its move counter, None if unknown);
        return the records it beat. Every figure stops at the bound its
        reader accepts (``MAX_GAMES`` games, ``MAX_SCORE_AND_MOVES`` points
        and moves, ``MAX_TOTAL`` seconds), so what is written always reads
        back."""
        beat = set()
        score = min(score, MAX_SCORE_AND_MOVES)
        if self.played and score > self.best_score:
            beat.add("score")
        self.played = min(self.played + 1, MAX_GAMES)
        self.total_seconds = min(self.total_seconds + seconds, MAX_TOTAL)
        self.best_score = max(self.best_score, score)
        if won:
            self.won = min(self.won + 1, MAX_GAMES)
            self.current_streak = min(self.current_streak + 1, MAX_GAMES)
            if self.best_streak and self.current_streak > self.best_streak:
                beat.add("streak")
            self.best_streak = max(self.best_streak, self.current_streak)
            if self.fastest_win is None or seconds < self.fastest_win:
                if self.fastest_win is not None:
                    beat.add("time")
                self.fastest_win = seconds
            if moves is not None:
                moves = max(0, min(moves, MAX_SCORE_AND_MOVES))
                if self.fewest_moves is None or moves < self.fewest_moves:
                    if self.fewest_moves is not None:
                        beat.add("moves")
                    self.fewest_moves = moves
        else:
            self.current_streak = 0
        self.recent.append(GameResult(won, seconds, score))
        del self.recent[:-RECENT]
        return frozenset(beat)

    def figures(self) -> "Figures":
        """A copy of the figures alone."""
        return Figures(self.played, self.won, self.current_streak, self.best_streak, self.best_score,
                       self.fastest_win, self.fewest_moves, self.total_seconds, list(self.recent))

    def figures_dict(self) -> dict[str, Any]:
        return {
            "played": self.played,
            "won": self.won,
            "current_streak": self.current_streak,
            "best_streak": self.best_streak,
            "best_score": self.best_score,
            "fastest_win": self.fastest_win,
            "fewest_moves": self.fewest_moves,
            "total_seconds": self.total_seconds,
            "recent": [r.to_dict() for r in self.recent],
        }

    @classmethod
    def figures_from_dict(cls, data: object, where: str, version: int) -> "Figures":
        """The figures as formats 1 and 2 kept a variant (and format 3 its earlier games)."""
        if not isinstance(data, dict):
            raise SaveError(f"{where} is not a JSON object")
        check_keys(data, _VARIANT_KEYS_V2 if version >= 2 else _VARIANT_KEYS_V1, where)
        fewest = data.get("fewest_moves")
        s = Figures(
            played=whole_number(data["played"], f"{where} 'played'", MAX_GAMES),
            won=whole_number(data["won"], f"{where} 'won'", MAX_GAMES),
            current_streak=whole_number(data["current_streak"], f"{where} 'current_streak'", MAX_GAMES),
            best_streak=whole_number(data["best_streak"], f"{where} 'best_streak'", MAX_GAMES),
            best_score=whole_number(data["best_score"], f"{where} 'best_score'", MAX_SCORE_AND_MOVES),
            fastest_win=None
            if data["fastest_win"] is None
            else whole_number(data["fastest_win"], f"{where} 'fastest_win'", MAX_GAME_SECONDS),
            fewest_moves=None if fewest is None else whole_number(fewest, f"{where} 'fewest_moves'"),
            total_seconds=whole_number(data["total_seconds"], f"{where} 'total_seconds'", MAX_TOTAL),
        )
        if s.won > s.played:
            raise SaveError(f"{where}: more games won ({s.won}) than played ({s.played})")
        if not s.current_streak <= s.best_streak <= s.won:
            raise SaveError(f"{where}: the streaks don't fit the games won")
        if (s.fastest_win is None) != (s.won == 0):
            raise SaveError(f"{where}: 'fastest_win' doesn't fit the games won")
        if s.fewest_moves is not None and s.won == 0:  # None with wins: won before format 2 kept moves
            raise SaveError(f"{where}: 'fewest_moves' without a game won")
        recent = data["recent"]
        if not isinstance(recent, list) or len(recent) > RECENT:
            raise SaveError(f"{where} 'recent' must be a list of at most {RECENT} games")
        if len(recent) > s.played:
            raise SaveError(f"{where}: more recent games than games played")
        for i, item in enumerate(recent, 1):
            at = f"{where} recent game {i}"
            if not isinstance(item, dict):
                raise SaveError(f"{at} is not a JSON object")
            check_keys(item, {"won", "seconds", "score"}, at)
            if not isinstance(item["won"], bool):
                raise SaveError(f"{at} 'won' must be true or false")
            s.recent.append(GameResult(
                item["won"],
                whole_number(item["seconds"], f"{at} 'seconds'", MAX_GAME_SECONDS),
                whole_number(item["score"], f"{at} 'score'", MAX_SCORE_AND_MOVES),
            ))
        return s


@dataclass
class VariantStats(Figures):
    """A variant's figures (the fields of ``Figures``, every game counted):
    ``earlier``'s figures with the ``latest`` games counted onto them, in
    order (see the module's docstring)."""

    earlier: Figures = field(default_factory=Figures)  # the games before ``latest``
    latest: list[Counted] = field(default_factory=list)  # oldest first, at most KEPT

    def record(self, won: bool, seconds: int, score: int, moves: int | None = None,
               identity: str | None = None) -> Bests:
        """Count one game, once per ``identity``; the records it beat
        (nothing, for a game already counted that this result leaves as
        it was)."""
        game = Counted.of(identity, won, seconds, score, moves)
        if identity is not None:
            found = next((i for i, seen in enumerate(self.latest) if seen.identity == identity), None)
            if found is not None:
                seen = self.latest[found]
                if not seen.won and not game.won and _further(game, seen):
                    self.latest[found] = game  # left again further on (its window played on): its latest figures
                    self._count_again()
                    return frozenset()
                if seen.won or not game.won:
                    return frozenset()  # counted already, and this changes nothing
                del self.latest[found]  # left unfinished, then won (in another window): a win
                self._count_again()
        beat = self.count(game.won, game.seconds, game.score, game.moves)
        self.latest.append(game)
        while len(self.latest) > KEPT:
            oldest = self.latest.pop(0)
            self.earlier.count(oldest.won, oldest.seconds, oldest.score, oldest.moves)
        return beat

    def _count_again(self) -> None:
        """The figures made again: ``earlier`` with ``latest`` counted onto it."""
        again = self.earlier.figures()
        for game in self.latest:
            again.count(game.won, game.seconds, game.score, game.moves)
        for name in Figures.__dataclass_fields__:
            setattr(self, name, getattr(again, name))

    def to_dict(self) -> dict[str, Any]:
        return {"earlier": self.earlier.figures_dict(), "latest": [game.to_dict() for game in self.latest]}

    @classmethod
    def from_dict(cls, data: object, where: str, version: int = VERSION) -> "VariantStats":
        if version < 3:  # the figures alone: all earlier games
            s = cls(earlier=Figures.figures_from_dict(data, where, version))
            s._count_again()
            return s
        if not isinstance(data, dict):
            raise SaveError(f"{where} is not a JSON object")
        check_keys(data, _VARIANT_KEYS, where)
        earlier = Figures.figures_from_dict(data["earlier"], f"{where} earlier games", version)
        raw = data["latest"]
        if not isinstance(raw, list) or len(raw) > KEPT:
            raise SaveError(f"{where} 'latest' must be a list of at most {KEPT} games")
        latest = [Counted.from_dict(item, f"{where} latest game {i}") for i, item in enumerate(raw, 1)]
        identities = [game.identity for game in latest if game.identity is not None]
        if len(set(identities)) != len(identities):
            raise SaveError(f"{where}: one game counted twice among the latest")
        s = cls(earlier=earlier, latest=latest)
        s._count_again()
        return s


def _further(game: Counted, seen: Counted) -> bool:
    """Whether ``game`` went further than ``seen``, one game counted twice
    as left unfinished: more moves (the counter undo never lowers), or as
    many and more time."""
    return (game.moves or 0, game.seconds) > (seen.moves or 0, seen.seconds)


def variant_key(game: str, variant: str) -> str:
    return f"{game}/{variant}"


class Statistics:
    """Every variant's figures; a variant never played reads as zeros."""

    def __init__(self) -> None:
        self.variants: dict[str, VariantStats] = {}

    def get(self, game: str, variant: str) -> VariantStats:
        """The figures of one variant (a fresh zero record if never played;
        changing it changes nothing stored: use ``record``)."""
        return self.variants.get(variant_key(game, variant)) or VariantStats()

    def record(self, game: str, variant: str, *, won: bool, seconds: float, score: int,
               moves: int | None = None, identity: str | None = None) -> Bests:
        """Count one game of a variant, once per ``identity`` (see the
        module's docstring); the records it beat (``Bests``)."""
        key = variant_key(game, variant)
        if not registry.known(game, variant):
            raise ValueError(f"no such game and variant: {key}")
        return self.variants.setdefault(key, VariantStats()).record(
            bool(won), game_seconds(seconds), max(0, int(score)), None if moves is None else max(0, int(moves)),
            identity)

    def reset(self, game: str | None = None, variant: str | None = None) -> None:
        """Forget one variant's figures, one game's, or (no arguments) all."""
        if game is None:
            self.variants.clear()
            return
        prefix = variant_key(game, variant) if variant else f"{game}/"
        for key in [k for k in self.variants if k == prefix or (variant is None and k.startswith(prefix))]:
            del self.variants[key]

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "version": VERSION,
            "variants": {key: s.to_dict() for key, s in sorted(self.variants.items())},
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: object) -> "Statistics":
        record = check_header(data, SCHEMA, VERSION, "statistics record")
        check_keys(record, {"schema", "version", "variants"}, "statistics record")
        variants = record["variants"]
        if not isinstance(variants, dict):
            raise SaveError("statistics 'variants' is not a JSON object")
        known = {variant_key(g, v) for g, v in registry.choices()}
        stats = cls()
        for key, value in variants.items():
            if key not in known:
                raise SaveError(f"statistics: unknown game and variant {key!r}")
            stats.variants[key] = VariantStats.from_dict(value, f"statistics of {key}", record["version"])
        return stats

    @classmethod
    def from_json(cls, text: object) -> "Statistics":
        return cls.from_dict(parse_json(text, "statistics record"))
