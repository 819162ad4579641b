"""A whole game in progress as JSON, and back with every check.

The record (format 4) keeps the game's identity (``id``: which game this
is, whichever window plays it; see ``game.persistence.stats``), the
position now (the contract's JSON), where the undo history starts (a deal
code while the dealt layout is still its bottom, else that position's
JSON), the actions played since (at most the engine's undo limit, in the
contract's notation), what Redo would play again (the actions undo took
back, the next one last), the elapsed time, and whether the game's result
already went into the statistics:

    {"schema": ..., "version": 4, "id": "3f9a0c5d2e7b1a64", "position": {...},
     "start": "EO1-C8-AAAAAFA", "actions": ["c7>r", "c3>r"], "redo": ["draw"],
     "elapsed": 12.5, "counted": false}

A few kilobytes whatever the history (format 1 kept a full snapshot per
undo step: about 80 KB after a hundred moves). Reading trusts nothing:

* the position and the start go through the contract's full checks
  (``Position.from_dict``, the deal code parser);
* the actions are replayed from the start by the rules, each must be legal,
  and the replay must end exactly on the saved position, score included: the
  history is checked by the same code that plays the game;
* the redo actions are played from the saved position by the rules, the
  next one first, each must be legal;
* the identity is a short name of lower-case letters, digits and ``-``
  (``null``: a game saved by a caller that had none; anything else, or
  none at all, costs only the identity, ``identity_problem``: one is made
  as for a record without any, and the player is told);
* wrong types, unknown keys, absurd numbers and a version newer than this
  code are refused with a ``SaveError`` that says what is wrong.

Undo restores what the replay built; the move counter is the saved
position's (undo never lowers it), so it comes back as it was.

A damaged history does not cost the player the game: ``load_game`` then
resumes the position without undo and says so in ``history_problem``; a
damaged redo list (or none) resumes it with nothing to redo
(``redo_problem``), its undo kept. That holds for a fault at the JSON level
too (``loads_game``): when the text is no JSON that can be read (brackets
nested 100 000 deep, a number of 5000 digits, a syntax error, a string or
bracket left open that takes the rest of the record with it) and the
fault lies in the undo history (``start``, ``actions``; format 1's
``history``), the redo list or the identity, the record is read member by
member without that value (``_Salvage``), and only that part goes.

A record without an identity (formats 1 to 3, or ``"id": null``) gets one
made from its own content (``legacy-`` and a hash of it): two windows that
load the same old record agree on which game it is, so its result is
counted once all the same.

Why redo is in this record and not one of its own: the position, its undo
and its redo must agree, and one record is written at once, under one lock,
and seen whole by the check for another window's game; a separate record
could be left from another game or window, and would need its own damage
and two-window handling. The cost (and the same for the identity, format
4): a version of the game from before finds a record newer than it reads
and leaves it alone (never writes over it). Records of format 3 (no
identity), 2 (no redo) and 1 (a snapshot per undo step) are still read,
with the checks they always had; the game never writes them again (the
tests' ``tests/persistence/savegame_v1.py`` writes format 1, for the tests of that and
for ``tools/bench_save.py``).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import re
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, Optional, Tuple

from ..engine import Game, Move, Pile, Position, PositionError, UNDO_LIMIT, deal_position
from ..engine.actions import DRAW, MOVE, Action
from ..engine.cards import parse_card_token
from ..engine.errors import EngineInputError
from ..engine.rules import MAX_SCORE_AND_MOVES, TURN, Refusal
from ..engine import jsontext
from .storage import NOT_A_RECORD

SCHEMA = "easy-harp-eight-off/savegame"
VERSION = 4
MAX_SECONDS = 10**8  # about three years of play: more is not a real clock
MAX_TEXT = jsontext.MAX_CHARS  # one bound for the reader, the storage and the writers

_RECORD_KEYS_V2 = {"schema", "version", "position", "start", "actions", "elapsed", "counted"}
_RECORD_KEYS_V3 = _RECORD_KEYS_V2 | {"redo"}  # a record without "redo" still resumes
_RECORD_KEYS = _RECORD_KEYS_V3 | {"id"}  # format 4
IDENTITY = re.compile(r"[0-9a-z][0-9a-z-]{0,39}")  # a game's identity (game.play.session makes them)
LEGACY = "legacy-"  # the identity made for a record that has none
_RECORD_KEYS_V1 = {"schema", "version", "position", "elapsed", "counted", "history"}
MAX_ACTION_CHARS = 16  # "c9.13>c8" and the like; anything longer is not one of ours
_STEP_KEYS = {"position", "score", "move"}
_MOVE_KEYS = {"kind", "src", "dst", "cards", "flip", "points"}
_PILE_KEYS = ("columns", "stock", "waste", "foundations", "cells")


class SaveError(ValueError):
    """A saved game that can't be resumed; the message says why.
    ``newer`` marks a record written by a newer version of the game, whose
    format number is ``found`` (this code reads up to ``known``)."""

    def __init__(self, message: str, *, newer: bool = False, found: int | None = None,
                 known: int | None = None) -> None:
        super().__init__(message)
        self.newer = newer
        self.found, self.known = found, known


@dataclass
class SavedGame:
    game: Game
    elapsed: float
    counted: bool = False  # the result is already in the statistics
    history_problem: str | None = None  # why the undo history was dropped
    redo: list[Action] = field(default_factory=list)  # what Redo plays again, the next one last
    redo_problem: str | None = None  # why the redo list was dropped
    identity: str = ""  # which game this is (made from the record's content if it had none)
    identity_problem: str | None = None  # why the identity kept was not used
    named: bool = False  # the record itself names the identity (the window that saved it counts by it)


Snapshot = tuple[Any, ...]  # a ``Position.snapshot()``
History = list[tuple[Snapshot, Move]]  # an undo history, as ``Game.set_history`` takes it


# ---- writing -----------------------------------------------------------------------------


def _action_text(move: Move) -> str:
    """The action that makes ``move`` again from the position before it."""
    if move.kind == MOVE:
        return str(Action(MOVE, move.src, move.dst, len(move.cards)))
    return DRAW  # a draw, or turning the waste over: the rules tell which


def _start(game: Game, before: Snapshot, cache: dict[str, Snapshot] | None) -> str | dict[str, Any]:
    """Where the undo history starts (``before``, a ``position.snapshot()``):
    the deal code while that is the dealt layout itself (the whole game fits
    in the history), else the position."""
    deal = game.position.deal
    if deal is not None:
        dealt = cache.get(deal) if cache is not None else None
        if dealt is None:
            try:
                dealt = deal_position(deal).snapshot()
            except (EngineInputError, ValueError):
                dealt = ()
            if cache is not None:
                cache.clear()
                cache[deal] = dealt
        if dealt == before:
            return deal
    return game.position.restored(before).to_dict()


def dump_game(game: Game, elapsed: float, counted: bool = False, cache: dict[str, Snapshot] | None = None,
              redo: Iterable[Action] = (), identity: str | None = None) -> dict[str, Any]:
    """The record of ``game``, with ``redo`` (what undo took back, the next
    to redo last) and its ``identity`` (None: it has none). A caller saving
    after every action may pass the same ``cache`` dict each time (it keeps
    the dealt layout's key)."""
    if identity is not None:
        identity = read_identity(identity, "the game's identity", error=ValueError)
    history = game.history_snapshots()
    before = history[0][0] if history else game.position.snapshot()
    return {
        "schema": SCHEMA,
        "version": VERSION,
        "id": identity,
        "position": game.position.to_dict(),
        "start": _start(game, before, cache),
        "actions": [_action_text(move) for _, move in history],
        "redo": [str(action) for action in redo][-UNDO_LIMIT:],
        "elapsed": round(float(elapsed), 3),
        "counted": bool(counted),
    }


def dumps_game(game: Game, elapsed: float, counted: bool = False, cache: dict[str, Snapshot] | None = None,
               redo: Iterable[Action] = (), identity: str | None = None) -> str:
    return json.dumps(dump_game(game, elapsed, counted, cache, redo, identity), ensure_ascii=True,
                      separators=(",", ":"))


# ---- reading ---------------------------------------------------------------------------------


def check_header(data: object, schema: str, version: int, what: str) -> dict[str, Any]:
    """The checks every record starts with; shared with stats and settings."""
    if not isinstance(data, dict):
        raise SaveError(f"the {what} is not a JSON object")
    if data.get("schema") != schema:
        raise SaveError(f"the {what} is not marked as one (schema {data.get('schema')!r})")
    found = data.get("version")
    if isinstance(found, bool) or not isinstance(found, int) or found < 1:
        raise SaveError(f"the {what} has no valid version number ({found!r})")
    if found > version:
        raise SaveError(f"the {what} was written by a newer version of the game (format {found}, this one reads {version})",
                        newer=True, found=found, known=version)
    return data


def check_keys(data: dict[Any, Any], allowed: set[str], where: str, required: set[str] | None = None) -> None:
    unknown = sorted(str(k) for k in data if k not in allowed)
    if unknown:
        raise SaveError(f"{where}: unknown key {unknown[0]!r}")
    missing = sorted((allowed if required is None else required) - set(data))
    if missing:
        raise SaveError(f"{where}: missing {missing[0]!r}")


def whole_number(value: object, where: str, maximum: int = MAX_SCORE_AND_MOVES) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SaveError(f"{where} must be a whole number, got {type(value).__name__}")
    if not 0 <= value <= maximum:
        raise SaveError(f"{where} is out of range ({value})")
    return value


def read_identity(value: object, where: str, error: type[ValueError] = SaveError) -> str | None:
    """A game's identity as kept (``IDENTITY``), or None (``null``: none)."""
    if value is None:
        return None
    if not isinstance(value, str) or not IDENTITY.fullmatch(value):
        raise error(f"{where} must be a short name of lower-case letters, digits and '-'")
    return value


def legacy_identity(data: object) -> str:
    """The identity of a record that has none: made from its content, so
    every window that reads the same record finds the same one."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return LEGACY + hashlib.sha256(text.encode("ascii")).hexdigest()[:16]


def seconds(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise SaveError(f"{where} must be a number of seconds, got {type(value).__name__}")
    if not math.isfinite(value) or not 0 <= value <= MAX_SECONDS:
        raise SaveError(f"{where} is out of range ({value})")
    return float(value)


def parse_json(text: object, what: str, max_chars: int = MAX_TEXT) -> object:
    if not isinstance(text, str):
        raise SaveError(f"the {what} is not text")
    if text.startswith(NOT_A_RECORD):  # what the storage found is no record at all
        raise SaveError(f"the {what} is {text[1:].strip()}")
    if len(text) > max_chars:
        raise SaveError(f"the {what} is impossibly large ({len(text)} characters)")
    try:
        return jsontext.loads(text)
    except jsontext.JSONDepthError:
        raise SaveError(f"the {what} is nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, and NaN-free but odd input
        raise SaveError(f"the {what} is not valid JSON ({exc})") from None


def loads_game(text: object) -> SavedGame:
    """The saved game in ``text``, checked; raises SaveError. A fault at the
    JSON level inside the undo or redo list, or the identity, costs only
    that member (``_Salvage``)."""
    try:
        data = parse_json(text, "saved game")
    except SaveError as error:
        if isinstance(text, str) and not text.startswith(NOT_A_RECORD) and len(text) <= MAX_TEXT:
            saved = _salvaged(text)
            if saved is not None:
                return saved
        raise error from None
    return load_game(data)


# The members whose loss costs only themselves: the undo history (where it starts and the actions
# since, formats 2 to 4; the snapshots of format 1), the redo list and the identity.
_SPARED = ("start", "actions", "history", "redo", "id")
_WS = re.compile(r"[ \t\n\r]*")
_NEXT_MEMBER = re.compile(  # a comma and one of the record's member names: where reading can go on
    r'[ \t\n\r]*,[ \t\n\r]*"(?:schema|version|id|position|start|actions|history|redo|elapsed|counted)"[ \t\n\r]*:')
MAX_RESUMES = 32  # places tried to go on reading after a damaged member, in all (hostile text: few tries)
_END = -1


def _skip(text: str, at: int) -> int:
    """Past the JSON whitespace at ``at``."""
    found = _WS.match(text, at)
    return found.end() if found else at


_Found = Optional[Tuple[Dict[str, Any], Dict[str, str]]]  # a record's members, and why the dropped ones were


def _salvaged(text: str) -> SavedGame | None:
    """The saved game in ``text``, which is no JSON that can be read, read
    member by member (``_Salvage``) without the undo or redo list or the
    identity where the fault lies; None when the fault lies elsewhere. A
    record refused on its own grounds (a newer format...) stays refused."""
    found = _Salvage(text).read()
    if found is None:
        return None
    data, dropped = found
    saved = load_game(data)  # refused on its own grounds (a newer format, a member missing): refused
    for name, why in dropped.items():
        problem = f"'{name}' can't be read: {why}"[:300]
        if name == "redo":
            saved.redo, saved.redo_problem = [], problem
        elif name == "id":
            saved.identity_problem = problem
        else:  # the undo history: nothing was replayed
            saved.history_problem = problem
    return saved


class _Salvage:
    """A saved game that is no JSON that can be read, read as an object
    member by member. A member of ``_SPARED`` whose value can't be read
    (nested too deeply, a 5000-digit number, a bare word; a string or
    bracket left open, brackets that don't pair, which take the members
    after it with them) is dropped, its reason kept, and reading goes on
    where the value ends if that is known, else at the next place that
    reads as the rest of the record: a comma and one of the record's member
    names (``_NEXT_MEMBER``), or the record's closing brace. Everything
    else must read exactly; the game's checks then decide."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tries = MAX_RESUMES
        self.work = 4 * len(text)  # characters left to read after the places tried (hostile text: linear)

    def read(self) -> tuple[dict[str, Any], dict[str, str]] | None:
        """The record's members (a dropped one as null) and why each dropped one was."""
        at = _skip(self.text, 0)
        if not self.text.startswith("{", at):
            return None
        found = self._members(_skip(self.text, at + 1), {}, {})
        if found is None:
            return None
        members, dropped = found
        return {**members, **{name: None for name in dropped}}, dropped

    def _members(self, at: int, members: dict[str, Any], dropped: dict[str, str]) -> _Found:
        """The members from ``at`` (a member's name) to the record's end."""
        while True:
            name, value_at = self._name(at)
            if name is None:
                return None
            value, end, why = self._value(value_at)
            if why is None and end is not None:
                after = self._after(end)
                if after == _END:
                    members[name] = value
                    return members, dropped
                if after is not None:
                    members[name] = value
                    at = after
                    continue
                why = "what follows it is no JSON"
            if name not in _SPARED or name in dropped:
                return None
            return self._resume(value_at, end, {**members, name: None}, {**dropped, name: why or ""})

    def _resume(self, value_at: int, end: int | None, members: dict[str, Any],
                dropped: dict[str, str]) -> _Found:
        """Go on after the value at ``value_at`` that can't be read (ending at ``end`` if known)."""
        text = self.text
        last = len(text.rstrip(" \t\n\r")) - 1
        places = itertools.chain([] if end is None else [end],
                                 (m.start() for m in _NEXT_MEMBER.finditer(text, value_at)),
                                 [last] if text[last:last + 1] == "}" else [])
        for place in places:
            self.tries -= 1
            self.work -= len(text) - place
            if self.tries < 0 or self.work < 0:
                return None
            after = self._after(place)
            if after == _END:
                return members, dropped
            if after is not None:
                found = self._members(after, dict(members), dict(dropped))
                if found is not None:
                    return found
        return None

    def _name(self, at: int) -> tuple[str | None, int]:
        """A member's name at ``at`` and where its value starts."""
        text = self.text
        if not text.startswith('"', at):
            return None, at
        try:
            name, at = _DECODER.raw_decode(text, at)
        except ValueError:
            return None, at
        at = _skip(text, at)
        if not text.startswith(":", at):
            return None, at
        return name, _skip(text, at + 1)

    def _value(self, at: int) -> tuple[Any, int | None, str | None]:
        """The value at ``at``, where it ends (None: not known) and, if it
        can't be read, why."""
        text = self.text
        if text.startswith(("[", "{"), at):
            try:
                end = jsontext.container_end(text, at, jsontext.MAX_DEPTH - 1)  # one level in, in the record
            except jsontext.JSONDepthError:
                return None, None, "it is nested too deeply"
            except ValueError as exc:
                return None, None, str(exc)
            try:
                return jsontext.loads(text[at:end], max_depth=jsontext.MAX_DEPTH - 1), end, None
            except ValueError as exc:
                return None, end, f"it is not valid JSON ({exc})"
        try:
            value, end = _DECODER.raw_decode(text, at)  # a string, a number, true, false, null: nothing nests
        except ValueError as exc:
            return None, None, f"it is not valid JSON ({exc})"
        return value, end, None

    def _after(self, at: int) -> int | None:
        """After a value: the next member's name (its index), ``_END`` at the
        record's end, or None when neither follows."""
        text = self.text
        at = _skip(text, at)
        if text.startswith(",", at):
            return _skip(text, at + 1)
        if text.startswith("}", at) and _skip(text, at + 1) == len(text):
            return _END
        return None


_DECODER = json.JSONDecoder()


def load_game(data: object) -> SavedGame:
    """The saved game in ``data`` (format 4, or 3, 2 or 1 from before),
    checked; raises SaveError."""
    data = check_header(data, SCHEMA, VERSION, "saved game")
    version = data["version"]
    if version >= 4:
        check_keys(data, _RECORD_KEYS, "saved game", required=_RECORD_KEYS_V2)
    elif version == 3:
        check_keys(data, _RECORD_KEYS_V3, "saved game", required=_RECORD_KEYS_V2)
    else:
        check_keys(data, _RECORD_KEYS_V2 if version == 2 else _RECORD_KEYS_V1, "saved game")
    identity, identity_problem = None, None
    if version >= 4:
        try:  # a bad or missing one costs nothing but the identity: one made from the content instead
            if "id" not in data:
                raise SaveError("'id' is missing")
            identity = read_identity(data["id"], "'id'")
        except SaveError as exc:
            identity_problem = str(exc)
    try:
        position = Position.from_dict(data["position"])
    except (PositionError, ValueError, TypeError) as exc:  # TypeError: e.g. a list as the game name
        raise SaveError(f"the saved position is not valid: {exc}") from None
    elapsed = seconds(data["elapsed"], "'elapsed'")
    counted = data["counted"]
    if not isinstance(counted, bool):
        raise SaveError(f"'counted' must be true or false, got {counted!r}")
    game = Game(position)
    saved = SavedGame(game, elapsed, counted, identity=identity or legacy_identity(data),
                      identity_problem=identity_problem, named=identity is not None)
    try:
        if version >= 2:
            history = _replay(data["start"], data["actions"], position)
        else:
            history = _read_history(data["history"], position)
        game.set_history(history)
    except SaveError as exc:
        saved.history_problem = str(exc)
    if version >= 3:
        try:
            saved.redo = _read_redo(data.get("redo"), position)
        except SaveError as exc:
            saved.redo_problem = str(exc)
    return saved


def _read_redo(raw: object, position: Position) -> list[Action]:
    """What Redo plays again (the next one last): each action, the next one
    first, must be legal from the saved position on."""
    if raw is None:
        raise SaveError("'redo' is missing")
    if not isinstance(raw, list):
        raise SaveError("'redo' must be a list")
    if len(raw) > UNDO_LIMIT:
        raise SaveError(f"'redo' holds {len(raw)} actions, more than the {UNDO_LIMIT} undo can take back")
    board = position.copy()
    rules = board.rules
    actions = []
    for i, text in enumerate(reversed(raw), 1):
        where = f"redo action {i}"
        action = _read_action(text, where)
        move = rules.resolve(board, action)
        if isinstance(move, Refusal):
            raise SaveError(f"{where} ({text}) breaks the rules ({move.rule})")
        rules.apply(board, move)
        actions.append(action)
    actions.reverse()
    return actions


def _read_action(text: object, where: str) -> Action:
    """One kept action (a move or a draw, in the contract's notation)."""
    if not isinstance(text, str) or len(text) > MAX_ACTION_CHARS:
        raise SaveError(f"{where} is not an action of ours")
    try:
        action = Action.parse(text)
    except (EngineInputError, ValueError) as exc:
        raise SaveError(f"{where}: {exc}") from None
    if action.kind not in (MOVE, DRAW):
        raise SaveError(f"{where}: only moves and draws are kept, not {action.kind!r}")
    return action


def _start_position(start: object, position: Position) -> Position:
    if isinstance(start, str):
        if len(start) > 40:
            raise SaveError("'start' is too long for a deal code")
        try:
            base = deal_position(start)
        except (EngineInputError, ValueError) as exc:
            raise SaveError(f"'start': {exc}") from None
    elif isinstance(start, dict):
        try:
            base = Position.from_dict(start)
        except (PositionError, ValueError, TypeError) as exc:
            raise SaveError(f"'start' is not a valid position: {exc}") from None
    else:
        raise SaveError("'start' must be a deal code or a position")
    if (base.game, base.variant) != (position.game, position.variant):
        raise SaveError("'start' belongs to another game or variant")
    return base


def _check_steps(raw: object, name: str, unit: str, position: Position) -> list[object]:
    """An undo history is a list, no longer than the undo limit or the moves
    made: ``raw``, checked to be one."""
    if not isinstance(raw, list):
        raise SaveError(f"'{name}' must be a list")
    if len(raw) > UNDO_LIMIT:
        raise SaveError(f"'{name}' holds {len(raw)} {unit}, more than the {UNDO_LIMIT} kept")
    if len(raw) > position.moves:
        raise SaveError(f"'{name}' holds {len(raw)} {unit} but only {position.moves} moves were made")
    return raw


def _replay(start: object, actions: object, position: Position) -> History:
    """The undo history: ``actions`` replayed by the rules from ``start``,
    which must end on ``position``."""
    base = _start_position(start, position)
    steps = _check_steps(actions, "actions", "actions", position)
    rules = position.rules
    history: History = []
    for i, text in enumerate(steps, 1):
        where = f"action {i}"
        action = _read_action(text, where)
        move = rules.resolve(base, action)
        if isinstance(move, Refusal):
            raise SaveError(f"{where} ({text}) breaks the rules ({move.rule})")
        history.append((base.snapshot(), move))
        rules.apply(base, move)
    if base.snapshot() != position.snapshot():
        raise SaveError("the actions do not lead to the saved position")
    return history


def _read_history(raw: object, position: Position) -> History:
    raw_steps = _check_steps(raw, "history", "steps", position)
    steps: list[tuple[Position, Move]] = []
    for i, step in enumerate(raw_steps, 1):
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
