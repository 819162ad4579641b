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

The record is format 2: format 1 (before ``fewest_moves``) still reads, its
fewest moves unknown (None) until the next win. A version from before finds
a newer format and leaves the record alone.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import FrozenSet

from ..engine import registry
from ..engine.rules import MAX_SCORE_AND_MOVES
from .savegame import SaveError, check_header, check_keys, parse_json, whole_number

SCHEMA = "easy-harp-eight-off/stats"
VERSION = 2
RECENT = 30  # games kept for the chart
MAX_GAMES = 10**9  # games played, won and won in a row, per game and variant
MAX_GAME_SECONDS = 10**8
MAX_TOTAL = 10**12

_VARIANT_KEYS_V1 = {
    "played", "won", "current_streak", "best_streak", "best_score",
    "fastest_win", "total_seconds", "recent",
}
_VARIANT_KEYS = _VARIANT_KEYS_V1 | {"fewest_moves"}

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

    def to_dict(self) -> dict:
        return {"won": self.won, "seconds": self.seconds, "score": self.score}


@dataclass
class VariantStats:
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

    def record(self, won: bool, seconds: int, score: int, moves: int | None = None) -> Bests:
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

    def to_dict(self) -> dict:
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
    def from_dict(cls, data: object, where: str, version: int = VERSION) -> "VariantStats":
        if not isinstance(data, dict):
            raise SaveError(f"{where} is not a JSON object")
        check_keys(data, _VARIANT_KEYS if version >= 2 else _VARIANT_KEYS_V1, where)
        fewest = data.get("fewest_moves")
        s = cls(
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
               moves: int | None = None) -> Bests:
        """Count one game of a variant; the records it beat (``Bests``)."""
        key = variant_key(game, variant)
        if not registry.known(game, variant):
            raise ValueError(f"no such game and variant: {key}")
        return self.variants.setdefault(key, VariantStats()).record(
            bool(won), game_seconds(seconds), max(0, int(score)), None if moves is None else max(0, int(moves)))

    def reset(self, game: str | None = None, variant: str | None = None) -> None:
        """Forget one variant's figures, one game's, or (no arguments) all."""
        if game is None:
            self.variants.clear()
            return
        prefix = variant_key(game, variant) if variant else f"{game}/"
        for key in [k for k in self.variants if k == prefix or (variant is None and k.startswith(prefix))]:
            del self.variants[key]

    def to_dict(self) -> dict:
        return {
            "schema": SCHEMA,
            "version": VERSION,
            "variants": {key: s.to_dict() for key, s in sorted(self.variants.items())},
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: object) -> "Statistics":
        data = check_header(data, SCHEMA, VERSION, "statistics record")
        check_keys(data, {"schema", "version", "variants"}, "statistics record")
        variants = data["variants"]
        if not isinstance(variants, dict):
            raise SaveError("statistics 'variants' is not a JSON object")
        known = {variant_key(g, v) for g, v in registry.choices()}
        stats = cls()
        for key, value in variants.items():
            if key not in known:
                raise SaveError(f"statistics: unknown game and variant {key!r}")
            stats.variants[key] = VariantStats.from_dict(value, f"statistics of {key}", data["version"])
        return stats

    @classmethod
    def from_json(cls, text: object) -> "Statistics":
        return cls.from_dict(parse_json(text, "statistics record"))
