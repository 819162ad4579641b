"""A whole game in progress as JSON, and back with every check.

The record keeps the position (the contract's JSON), the undo history (up to
the engine's limit: for each step the position before it, its score and the
move), the elapsed time, and whether the game's result already went into the
statistics. Reading trusts nothing:

* the position and every snapshot go through ``Position.from_dict``, the
  contract's full check (pile counts, card conservation, foundation order);
* each snapshot must belong to the same game and variant, and the history
  must replay: every saved move, checked again by the rules from its
  snapshot, must be legal, the same move, and lead to the next snapshot (the
  last one to the saved position);
* wrong types, unknown keys, absurd numbers and a version newer than this
  code are refused with a ``SaveError`` that says what is wrong.

A damaged history does not cost the player the game: ``load_game`` then
resumes the position without undo and says so in ``history_problem``.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass

from ..engine import Game, Move, Pile, Position, PositionError, UNDO_LIMIT
from ..engine.actions import DRAW, MOVE, Action
from ..engine.cards import card_text, parse_card_token
from ..engine.errors import EngineInputError
from ..engine.rules import TURN, Refusal
from ..engine import jsontext

SCHEMA = "easy-harp-eight-off/savegame"
VERSION = 1
MAX_SECONDS = 10**8  # about three years of play: more is not a real clock
MAX_TEXT = 4_000_000

_RECORD_KEYS = {"schema", "version", "position", "elapsed", "counted", "history"}
_STEP_KEYS = {"position", "score", "move"}
_MOVE_KEYS = {"kind", "src", "dst", "cards", "flip", "points"}
_PILE_KEYS = ("columns", "stock", "waste", "foundations", "cells")


class SaveError(ValueError):
    """A saved game that can't be resumed; the message says why.
    ``newer`` marks a record written by a newer version of the game."""

    def __init__(self, message: str, *, newer: bool = False) -> None:
        super().__init__(message)
        self.newer = newer


@dataclass
class SavedGame:
    game: Game
    elapsed: float
    counted: bool = False  # the result is already in the statistics
    history_problem: str | None = None  # why the undo history was dropped


# ---- writing -----------------------------------------------------------------------------


def _move_dict(move: Move) -> dict:
    return {
        "kind": move.kind,
        "src": None if move.src is None else str(move.src),
        "dst": None if move.dst is None else str(move.dst),
        "cards": [card_text(c) for c in move.cards],
        "flip": move.flip,
        "points": move.points,
    }


def dump_game(game: Game, elapsed: float, counted: bool = False, cache: dict | None = None) -> dict:
    """The record of ``game``. Saving follows every action, and the history
    barely changes between two saves, so a caller may pass the same ``cache``
    dict each time: steps already written are reused (it is trimmed here)."""
    history = []
    fresh: dict = {}
    for entry in game.history_snapshots():
        step = cache.get(entry) if cache is not None else None
        if step is None:
            before, move = entry
            snapshot = game.position.restored(before).to_dict()
            step = {
                "position": {k: snapshot[k] for k in _PILE_KEYS if k in snapshot},
                "score": snapshot["score"],
                "move": _move_dict(move),
            }
        fresh[entry] = step
        history.append(step)
    if cache is not None:
        cache.clear()
        cache.update(fresh)
    return {
        "schema": SCHEMA,
        "version": VERSION,
        "position": game.position.to_dict(),
        "elapsed": round(float(elapsed), 3),
        "counted": bool(counted),
        "history": history,
    }


def dumps_game(game: Game, elapsed: float, counted: bool = False, cache: dict | None = None) -> str:
    return json.dumps(dump_game(game, elapsed, counted, cache), ensure_ascii=True, separators=(",", ":"))


# ---- reading ---------------------------------------------------------------------------------


def check_header(data: object, schema: str, version: int, what: str) -> dict:
    """The checks every record starts with; shared with stats and settings."""
    if not isinstance(data, dict):
        raise SaveError(f"the {what} is not a JSON object")
    if data.get("schema") != schema:
        raise SaveError(f"the {what} is not marked as one (schema {data.get('schema')!r})")
    found = data.get("version")
    if isinstance(found, bool) or not isinstance(found, int) or found < 1:
        raise SaveError(f"the {what} has no valid version number ({found!r})")
    if found > version:
        raise SaveError(f"the {what} was written by a newer version of the game (format {found}, this one reads {version})", newer=True)
    return data


def check_keys(data: dict, allowed: set[str], where: str, required: set[str] | None = None) -> None:
    unknown = sorted(str(k) for k in data if k not in allowed)
    if unknown:
        raise SaveError(f"{where}: unknown key {unknown[0]!r}")
    missing = sorted((allowed if required is None else required) - set(data))
    if missing:
        raise SaveError(f"{where}: missing {missing[0]!r}")


def whole_number(value: object, where: str, maximum: int = 10**9) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SaveError(f"{where} must be a whole number, got {type(value).__name__}")
    if not 0 <= value <= maximum:
        raise SaveError(f"{where} is out of range ({value})")
    return value


def seconds(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise SaveError(f"{where} must be a number of seconds, got {type(value).__name__}")
    if not math.isfinite(value) or not 0 <= value <= MAX_SECONDS:
        raise SaveError(f"{where} is out of range ({value})")
    return float(value)


def parse_json(text: object, what: str, max_chars: int = MAX_TEXT) -> object:
    if not isinstance(text, str):
        raise SaveError(f"the {what} is not text")
    if len(text) > max_chars:
        raise SaveError(f"the {what} is impossibly large ({len(text)} characters)")
    try:
        return jsontext.loads(text)
    except jsontext.JSONDepthError:
        raise SaveError(f"the {what} is nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, and NaN-free but odd input
        raise SaveError(f"the {what} is not valid JSON ({exc})") from None


def loads_game(text: object) -> SavedGame:
    return load_game(parse_json(text, "saved game"))


def load_game(data: object) -> SavedGame:
    """The saved game in ``data``, checked; raises SaveError."""
    data = check_header(data, SCHEMA, VERSION, "saved game")
    check_keys(data, _RECORD_KEYS, "saved game")
    try:
        position = Position.from_dict(data["position"])
    except (PositionError, ValueError, TypeError) as exc:  # TypeError: e.g. a list as the game name
        raise SaveError(f"the saved position is not valid: {exc}") from None
    elapsed = seconds(data["elapsed"], "'elapsed'")
    counted = data["counted"]
    if not isinstance(counted, bool):
        raise SaveError(f"'counted' must be true or false, got {counted!r}")
    game = Game(position)
    saved = SavedGame(game, elapsed, counted)
    try:
        game.set_history(_read_history(data["history"], position))
    except SaveError as exc:
        saved.history_problem = str(exc)
    return saved


def _read_history(raw: object, position: Position) -> list[tuple[tuple, Move]]:
    if not isinstance(raw, list):
        raise SaveError("'history' must be a list")
    if len(raw) > UNDO_LIMIT:
        raise SaveError(f"'history' holds {len(raw)} steps, more than the {UNDO_LIMIT} kept")
    if len(raw) > position.moves:
        raise SaveError(f"'history' holds {len(raw)} steps but only {position.moves} moves were made")
    steps: list[tuple[Position, Move]] = []
    for i, step in enumerate(raw, 1):
        where = f"history step {i}"
        if not isinstance(step, dict):
            raise SaveError(f"{where} is not a JSON object")
        check_keys(step, _STEP_KEYS, where)
        piles = step["position"]
        if not isinstance(piles, dict):
            raise SaveError(f"{where}: 'position' is not a JSON object")
        check_keys(piles, set(_PILE_KEYS), f"{where} position", required={"columns", "foundations"})
        score = whole_number(step["score"], f"{where} score")
        try:
            snapshot = Position.from_dict(
                {**piles, "game": position.game, "variant": position.variant, "deal": position.deal, "score": score}
            )
        except (PositionError, ValueError, TypeError) as exc:  # TypeError: e.g. a list as the game name
            raise SaveError(f"{where}: the position is not valid: {exc}") from None
        steps.append((snapshot, _read_move(step["move"], where)))

    # The history must replay, move by move, into the saved position.
    rules = position.rules
    history = []
    for i, (snapshot, move) in enumerate(steps):
        where = f"history step {i + 1}"
        following = steps[i + 1][0] if i + 1 < len(steps) else position
        before = snapshot.snapshot()
        if move.kind == MOVE:
            again = rules.resolve(snapshot, Action(MOVE, move.src, move.dst, len(move.cards)))
        else:
            again = rules.resolve(snapshot, Action(DRAW))
        if isinstance(again, Refusal):
            raise SaveError(f"{where}: the move breaks the rules ({again.rule})")
        if again != move:
            raise SaveError(f"{where}: the saved move is not what the rules make of it")
        rules.apply(snapshot, move)
        if snapshot.snapshot() != following.snapshot():
            raise SaveError(f"{where}: the move does not lead to the next saved position")
        history.append((before, move))
    return history


def _read_move(raw: object, where: str) -> Move:
    if not isinstance(raw, dict):
        raise SaveError(f"{where}: 'move' is not a JSON object")
    check_keys(raw, _MOVE_KEYS, f"{where} move")
    kind = raw["kind"]
    if kind not in (MOVE, DRAW, TURN):
        raise SaveError(f"{where}: unknown move kind {kind!r}")
    piles = []
    for name in ("src", "dst"):
        value = raw[name]
        if not isinstance(value, str):
            raise SaveError(f"{where}: move {name!r} must name a pile")
        try:
            piles.append(Pile.parse(value))
        except EngineInputError as exc:
            raise SaveError(f"{where}: move {name!r}: {exc}") from None
    cards = raw["cards"]
    if not isinstance(cards, list) or not 1 <= len(cards) <= 104:
        raise SaveError(f"{where}: move 'cards' must be a list of 1 to 104 cards")
    parsed = []
    for token in cards:
        try:
            card, _ = parse_card_token(token)
        except EngineInputError as exc:
            raise SaveError(f"{where}: move 'cards': {exc}") from None
        parsed.append(card)
    flip = raw["flip"]
    if not isinstance(flip, bool):
        raise SaveError(f"{where}: move 'flip' must be true or false")
    points = whole_number(raw["points"], f"{where} move points", maximum=1000)
    return Move(kind, piles[0], piles[1], tuple(parsed), flip, points)
