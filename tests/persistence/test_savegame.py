"""Saving and resuming a game: after a restart the player is back where they
were, undo included, and no stored record can crash the game."""

from __future__ import annotations

import copy
import json

import pytest

from game.persistence import savegame
from game.engine import Game, UNDO_LIMIT
from game.persistence import Persistence
from game.play.events import Won
from game.play.session import Session
from game.persistence.savegame import SaveError
from game.persistence.storage import FileStorage, MemoryStorage
from tests.persistence.savegame_v1 import dump_game_v1
from tests.persistence.storage_helpers import easy_harp_two_kings_left, eight_off_one_king_left

DEALS = ["EH1-N-AAAAAAF", "EO1-C8-AAAAAFA", "EO1-C2-AAAAAAT"]


def play_some(game: Game, count: int) -> Game:
    """Play ``count`` legal actions, always the first one that changes the
    table in a new way (a fixed, reproducible line of play)."""
    seen = {game.position.key()}
    for _ in range(count):
        actions = game.legal_actions()
        if not actions:
            break
        for action in actions:
            game.play(action)
            if game.position.key() not in seen or action is actions[-1]:
                break
            game.undo()
        seen.add(game.position.key())
    return game


def record(game: Game, elapsed: float = 42.5) -> dict:
    return json.loads(savegame.dumps_game(game, elapsed))


def record_v1(game: Game, elapsed: float = 42.5) -> dict:
    """The same game as the game saved it before format 2."""
    return json.loads(json.dumps(dump_game_v1(game, elapsed)))


# ---- resume after a restart ----------------------------------------------------------------


@pytest.mark.parametrize("code", DEALS)
def test_resume_after_restart_with_undo(tmp_path, code):
    game = play_some(Game.from_deal(code), 5)
    before_last = game.position.copy()
    play_some(game, 1)
    assert len(game.history_snapshots()) >= 3

    first = Persistence(FileStorage(tmp_path))
    first.load_all()
    first.new_game(game)
    first.save_game(game, 95.25)

    loaded = Persistence(FileStorage(tmp_path)).load_all()  # a new window
    assert loaded.notices == []
    resumed = loaded.game
    assert resumed is not None and loaded.elapsed == 95.25
    assert resumed.position.to_dict() == game.position.to_dict()
    assert resumed.history_snapshots() == game.history_snapshots()
    assert resumed.undo().ok
    assert resumed.position.key() == before_last.key()
    assert resumed.position.score == before_last.score
    # Undo takes away points, never moves: the counter only goes up.
    assert resumed.position.moves == game.position.moves


@pytest.mark.parametrize("code", DEALS[:2])
def test_the_whole_undo_history_survives_and_replays(code):
    game = play_some(Game.from_deal(code), 12)
    resumed = savegame.loads_game(savegame.dumps_game(game, 1)).game
    while game.can_undo:
        assert resumed.undo().ok and game.undo().ok
        assert resumed.position.to_dict() == game.position.to_dict()
    assert resumed.undo().rule == "nothing-to-undo"
    assert resumed.position.key() == Game.from_deal(code).position.key()


def test_history_is_capped_at_the_undo_limit():
    game = Game.from_deal("EH1-N-AAAAAAF")
    for _ in range(UNDO_LIMIT + 20):
        game.play("draw")
    data = record(game)
    assert len(data["actions"]) == UNDO_LIMIT
    assert isinstance(data["start"], dict)  # the dealt layout is no longer undoable
    resumed = savegame.load_game(data).game
    assert resumed.history_snapshots() == game.history_snapshots()
    assert resumed.position.moves == UNDO_LIMIT + 20


@pytest.mark.parametrize("code", DEALS)
def test_a_game_is_its_start_and_the_actions_since(code):
    game = play_some(Game.from_deal(code), 30)
    data = record(game)
    assert data["start"] == code  # the dealt layout is still the bottom of the undo history
    assert len(data["actions"]) == len(game.history_snapshots()) > 5 and all(isinstance(a, str) for a in data["actions"])
    replayed = Game.from_deal(code)
    for action in data["actions"]:
        assert replayed.play(action).ok
    assert replayed.position.snapshot() == game.position.snapshot()
    # a few kilobytes, where a snapshot per step took tens
    assert len(json.dumps(data)) * 5 < len(json.dumps(record_v1(game)))


def test_the_move_counter_comes_back_after_undos():
    game = play_some(Game.from_deal("EO1-C8-AAAAAFA"), 8)
    for _ in range(3):
        game.undo()
    resumed = savegame.loads_game(savegame.dumps_game(game, 1)).game
    assert resumed.position.moves == game.position.moves > len(game.history_snapshots())
    assert resumed.history_snapshots() == game.history_snapshots()


@pytest.mark.parametrize("code", DEALS[:2])
def test_saves_from_before_format_2_still_load_with_their_undo(tmp_path, code):
    game = play_some(Game.from_deal(code), 12)
    (tmp_path / "game.json").write_text(json.dumps(record_v1(game, 33)))
    persistence = Persistence(FileStorage(tmp_path))
    loaded = persistence.load_all()
    assert loaded.notices == [] and loaded.elapsed == 33
    assert loaded.game.position.to_dict() == game.position.to_dict()
    assert loaded.game.history_snapshots() == game.history_snapshots()
    persistence.save_game(loaded.game, 34)  # and the next save is in the new format
    assert json.loads((tmp_path / "game.json").read_text())["version"] == savegame.VERSION


def test_every_record_names_its_schema_and_version():
    data = record(Game.from_deal("EO1-C4-AAAAAFA"))
    assert data["schema"] == savegame.SCHEMA and data["version"] == savegame.VERSION


def test_a_won_game_is_not_resumed_and_counts_once(tmp_path):
    # The session says "won" once per game; the records count what it says.
    game = eight_off_one_king_left()
    persistence = Persistence(FileStorage(tmp_path))
    persistence.load_all()
    session = Session()
    session.events.on(Won, lambda won: persistence.game_won(won.game, 30))
    session.start(game)
    persistence.new_game(game)
    assert session.play("tap c1").ok and game.position.won
    # Undo after a win, win again: still one win.
    session.play("undo")
    persistence.save_game(game, 31, session.counted)
    session.play("tap c1")
    persistence.save_game(game, 32, session.counted)
    assert persistence.stats.get("eight-off", "C8").won == 1

    loaded = Persistence(FileStorage(tmp_path)).load_all()
    assert loaded.game is None
    assert loaded.stats.get("eight-off", "C8").played == 1


def test_a_win_saved_but_not_yet_counted_is_counted_at_the_next_start(tmp_path):
    game = eight_off_one_king_left()
    persistence = Persistence(FileStorage(tmp_path))
    persistence.load_all()
    game.play("tap c1")
    persistence.save_game(game, 12)  # killed before game_won
    loaded = Persistence(FileStorage(tmp_path)).load_all()
    assert loaded.game is None
    stats = loaded.stats.get("eight-off", "C8")
    assert (stats.played, stats.won, stats.fastest_win) == (1, 1, 12)


def test_undoing_a_counted_win_then_restarting_does_not_count_a_loss(tmp_path):
    game = eight_off_one_king_left()
    persistence = Persistence(FileStorage(tmp_path))
    persistence.load_all()
    game.play("tap c1")
    persistence.game_won(game, 10)
    game.undo()
    persistence.save_game(game, 11, counted=True)
    again = Persistence(FileStorage(tmp_path))
    loaded = again.load_all()
    assert loaded.game is not None and not loaded.game.position.won and loaded.counted
    again.new_game(
        Game.from_deal("EO1-C8-AAAAAFA"), previous=loaded.game, previous_elapsed=12, previous_counted=loaded.counted
    )
    stats = again.stats.get("eight-off", "C8")
    assert (stats.played, stats.won) == (1, 1)


# ---- damaged and hostile saved games ------------------------------------------------------


def _mangle(path, value, write=record):
    """A copy of a good record with one value replaced (path: keys/indexes)."""
    data = write(play_some(Game.from_deal("EH1-N-AAAAAAF"), 4))
    target = data
    for step in path[:-1]:
        target = target[step]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


BAD_RECORDS = {
    "not an object": lambda: [],
    "no schema": lambda: _mangle(["schema"], KeyError),
    "other schema": lambda: _mangle(["schema"], "easy-harp-eight-off/stats"),
    "version as text": lambda: _mangle(["version"], "1"),
    "version zero": lambda: _mangle(["version"], 0),
    "version true": lambda: _mangle(["version"], True),
    "unknown key": lambda: _mangle(["cheat"], 1),
    "missing actions": lambda: _mangle(["actions"], KeyError),
    "missing start": lambda: _mangle(["start"], KeyError),
    "format 1 without its history": lambda: _mangle(["history"], KeyError, record_v1),
    "format 1 with actions": lambda: _mangle(["actions"], [], record_v1),
    "elapsed as text": lambda: _mangle(["elapsed"], "12"),
    "elapsed negative": lambda: _mangle(["elapsed"], -1),
    "elapsed absurd": lambda: _mangle(["elapsed"], 1e300),
    "counted not bool": lambda: _mangle(["counted"], 1),
    "position not object": lambda: _mangle(["position"], "EH1-N-AAAAAAF"),
    "score absurd": lambda: _mangle(["position", "score"], 10**15),
    "moves negative": lambda: _mangle(["position", "moves"], -3),
    "card missing": lambda: _mangle(["position", "columns", 8], []),
    "card duplicated": lambda: _mangle(["position", "waste"], ["AS", "AS", "AS"]),
    "ten columns": lambda: _mangle(["position", "columns"], [["KS"]] * 10),
    "foundation out of order": lambda: _mangle(["position", "foundations", 0], ["2S"]),
    "face-down on face-up": lambda: _mangle(["position", "columns", 1], ["5H", "#KS"]),
    "other game": lambda: _mangle(["position", "game"], "eight-off"),
    "card as number": lambda: _mangle(["position", "columns", 0], [12]),
}


@pytest.mark.parametrize("name", sorted(BAD_RECORDS))
def test_bad_saved_games_are_refused_with_a_reason(name):
    data = BAD_RECORDS[name]()
    with pytest.raises(SaveError) as info:
        savegame.load_game(data)
    assert str(info.value)


@pytest.mark.parametrize("text", ["", "{", '{"schema": "easy-harp-eight-off/savegame", "version": 1, "posi', "nul", "{" * 50000])
def test_truncated_or_invalid_json_is_refused(text):
    with pytest.raises(SaveError):
        savegame.loads_game(text)


def test_a_future_version_is_refused_as_newer():
    data = _mangle(["version"], savegame.VERSION + 1)
    data["something_new"] = True
    with pytest.raises(SaveError) as info:
        savegame.load_game(data)
    assert info.value.newer and "newer version" in str(info.value)


def _history_breaks(data):
    return savegame.load_game(data).history_problem


def test_a_history_step_that_breaks_the_rules_drops_only_the_undo_history():
    data = _mangle(["history", 0, "move", "dst"], "c3", record_v1)  # that card can't go there
    saved = savegame.load_game(data)
    assert "history step 1" in saved.history_problem
    assert not saved.game.can_undo
    assert saved.game.position.to_dict() == data["position"]


@pytest.mark.parametrize(
    "path, value",
    [
        (["history", 0, "score"], 7),  # score doesn't lead to the next step
        (["history", 0, "move", "points"], 999),
        (["history", 0, "move", "kind"], "teleport"),
        (["history", 0, "move", "cards"], []),
        (["history", 0, "move", "flip"], "no"),
        (["history", 0, "move", "src"], "c99"),
        (["history", 1, "position", "columns", 0], ["KS"]),  # cards no longer conserved
        (["history", 1, "position", "extra"], []),
        (["history", 2], "draw"),
        (["history"], {"0": 1}),
        (["position", "moves"], 2),  # fewer moves made than history steps
    ],
)
def test_a_damaged_format_1_history_is_dropped_with_a_reason(path, value):
    assert _history_breaks(_mangle(path, value, record_v1))


@pytest.mark.parametrize(
    "path, value",
    [
        (["actions", 0], "c9>c1"),  # breaks the rules
        (["actions", 0], "undo"),
        (["actions", 0], "tap c1"),
        (["actions", 0], 5),
        (["actions", 0], "c1." + "9" * 5000 + ">c2"),
        (["actions", 0], "nonsense"),
        (["actions"], "draw"),
        (["actions"], ["draw"] * (UNDO_LIMIT + 1)),
        (["actions"], []),  # the start no longer leads to the position
        (["start"], "EH1-N-AAAAAAB"),  # another deal
        (["start"], "EO1-C8-AAAAAFA"),  # another game
        (["start"], "EH1-N-!!"),
        (["start"], 12),
        (["start"], {"game": "easy-harp"}),
        (["start"], "E" * 5000),
        (["position", "moves"], 2),  # fewer moves made than actions
    ],
)
def test_a_damaged_history_is_dropped_with_a_reason(path, value):
    problem = _history_breaks(_mangle(path, value))
    assert problem and len(problem) < 300


def test_a_history_from_another_game_does_not_replay():
    data = record_v1(play_some(Game.from_deal("EH1-N-AAAAAAF"), 3))
    other = record_v1(play_some(Game.from_deal("EH1-N-AAAAAAB"), 3))
    data["history"] = other["history"]
    assert _history_breaks(data)


def test_an_eight_off_snapshot_with_the_wrong_cells_is_refused():
    game = play_some(Game.from_deal("EO1-C4-AAAAAFA"), 3)
    data = record_v1(game)
    data["history"][0]["position"]["cells"].append(None)  # five cells in a 4-cell game
    assert "cells" in _history_breaks(data)


@pytest.mark.parametrize("name", ["truncated", "future", "rule-breaking", "wrong types"])
def test_a_bad_saved_game_starts_clean_keeps_a_bad_copy_and_tells_once(tmp_path, name):
    good = record(play_some(Game.from_deal("EO1-C8-AAAAAFA"), 3))
    if name == "truncated":
        text = json.dumps(good)[:-40]
    elif name == "future":
        text = json.dumps({**good, "version": 7})
    elif name == "rule-breaking":
        bad = copy.deepcopy(good)
        bad["position"]["cells"][0] = bad["position"]["columns"][0][0]  # one card twice
        text = json.dumps(bad)
    else:
        text = json.dumps({**good, "elapsed": [1, 2]})
    (tmp_path / "game.json").write_text(text)

    loaded = Persistence(FileStorage(tmp_path)).load_all()
    assert loaded.game is None
    if name == "future":  # a newer version's game: left where it is for it, never written over
        assert loaded.notices == ["notice.game_newer_left"]
        assert (tmp_path / "game.json").read_text() == text and not (tmp_path / "game.json.bad").exists()
        return
    assert loaded.notices == ["notice.game_damaged"]
    assert (tmp_path / "game.json.bad").read_text() == text
    assert Persistence(FileStorage(tmp_path)).load_all().notices == []


def test_a_torn_save_resumes_from_the_move_before(tmp_path):
    game = Game.from_deal("EH1-N-AAAAAAF")
    persistence = Persistence(FileStorage(tmp_path))
    persistence.load_all()
    persistence.new_game(game)
    play_some(game, 3)
    persistence.save_game(game, 3)
    earlier = game.position.to_dict()
    play_some(game, 1)
    persistence.save_game(game, 4)
    text = (tmp_path / "game.json").read_text()
    (tmp_path / "game.json").write_text(text[: len(text) // 2])  # a partial file

    loaded = Persistence(FileStorage(tmp_path)).load_all()
    assert loaded.notices == ["notice.game_restored"]
    assert loaded.game.position.to_dict() == earlier and loaded.elapsed == 3
    assert loaded.game.undo().ok


def test_a_damaged_history_still_resumes_the_game_without_undo(tmp_path):
    storage = MemoryStorage()
    data = _mangle(["actions", 0], "c9>c1")
    storage.set("game", json.dumps(data))
    loaded = Persistence(storage).load_all()
    assert loaded.notices == ["notice.undo_lost"]
    assert loaded.game.position.to_dict() == data["position"] and not loaded.game.can_undo
    assert storage.store.getItem("game.bad") is not None
    assert Persistence(storage).load_all().notices == []


def test_easy_harp_near_win_round_trips():
    game = easy_harp_two_kings_left()
    game.play("tap c1")
    resumed = savegame.loads_game(savegame.dumps_game(game, 5)).game
    assert resumed.play("tap c2").ok and resumed.position.won
    assert resumed.undo().ok and resumed.undo().ok
    assert resumed.position.key() == easy_harp_two_kings_left().position.key()


# ---- redo, kept with the game ------------------------------------------------------------------


def undone_twice(code: str, moves: int = 6) -> Session:
    """A session ``moves`` actions into ``code``, two of them undone."""
    session = Session()
    session.start(play_some(Game.from_deal(code), moves))
    assert session.play("undo").ok and session.play("undo").ok
    assert len(session.redo_actions) == 2
    return session


def redo_record(code: str = "EH1-N-AAAAAAF") -> dict:
    session = undone_twice(code)
    return json.loads(savegame.dumps_game(session.game, 7, redo=session.redo_actions, identity=session.identity))


@pytest.mark.parametrize("code", DEALS)
def test_what_there_is_to_redo_is_kept_with_the_game(tmp_path, code):
    session = undone_twice(code)
    redone = Game(session.game.position.copy())
    for action in reversed(session.redo_actions):
        assert redone.play(action).ok
    first = Persistence(FileStorage(tmp_path))
    first.load_all()
    first.save_game(session.game, 12, redo=session.redo_actions)

    loaded = Persistence(FileStorage(tmp_path)).load_all()  # a new window
    assert loaded.notices == [] and loaded.problems == []
    assert loaded.redo == session.redo_actions
    again = Session()
    again.start(loaded.game, resumed=True, redo=loaded.redo)
    assert again.redo().ok and again.redo().ok and not again.can_redo
    assert again.game.position.key() == redone.position.key()
    assert again.game.position.score == redone.position.score
    assert again.game.can_undo  # the undo history came back too


def test_a_save_of_format_2_resumes_with_nothing_to_redo():
    data = redo_record()
    del data["redo"], data["id"]
    data["version"] = 2
    saved = savegame.load_game(data)
    assert saved.redo == [] and saved.redo_problem is None and saved.history_problem is None
    assert saved.game.position.to_dict() == data["position"] and saved.game.can_undo


def test_format_2_never_had_a_redo_list():
    data = redo_record()
    del data["id"]
    data["version"] = 2
    with pytest.raises(SaveError, match="unknown key 'redo'"):
        savegame.load_game(data)


@pytest.mark.parametrize(
    "value",
    [
        None, 5, "draw", {"0": "draw"}, [5], [None], ["undo"], ["tap c1"], ["hint"], ["nonsense"], [""],
        ["c1." + "9" * 5000 + ">c2"], ["c9>c1"] * 2, ["draw"] * (UNDO_LIMIT + 1), [["draw"]], [{"a": 1}],
        [float("nan")], "redo-first-ok-then-illegal",
    ],
)
def test_a_damaged_redo_list_costs_only_the_redo(tmp_path, value):
    data = redo_record()
    if value == "redo-first-ok-then-illegal":  # the next to redo plays, the one after breaks the rules
        value = ["c9>c1", data["redo"][-1]]
    data["redo"] = value
    saved = savegame.load_game(data)
    assert saved.redo == [] and saved.redo_problem and len(saved.redo_problem) < 300
    assert saved.history_problem is None and saved.game.can_undo
    assert saved.game.position.to_dict() == data["position"]
    resumes_with_its_undo_and_the_notice(tmp_path, json.dumps(data), data)


def resumes_with_its_undo_and_the_notice(folder, text: str, data: dict) -> None:
    """At start-up: the game resumes with its undo, the player told once
    that there is nothing to redo; the damaged record is kept aside, the
    game saved in its place, and the next start resumes it without a word."""
    (folder / "game.json").write_text(text, encoding="utf-8")
    loaded = Persistence(FileStorage(folder)).load_all()
    assert loaded.game is not None and loaded.game.position.to_dict() == data["position"]
    assert loaded.redo == [] and loaded.notices == ["notice.redo_lost"] and loaded.game.can_undo
    assert [h for h, _ in loaded.game.history_snapshots()] == [h for h, _ in savegame.load_game(
        {**data, "redo": []}).game.history_snapshots()]  # the whole undo history
    assert any("redo" in problem for problem in loaded.problems)
    assert (folder / "game.json.bad").read_text(encoding="utf-8") == text
    again = Persistence(FileStorage(folder)).load_all()
    assert again.notices == [] and again.game.position.to_dict() == data["position"] and again.game.can_undo
    assert again.identity == loaded.identity  # the same game


def _with_redo_text(data: dict, redo: str) -> str:
    """``data`` as JSON, its redo list's value replaced by ``redo`` as it is."""
    text = json.dumps({**data, "redo": "@@REDO@@"})
    assert text.count('"@@REDO@@"') == 1
    return text.replace('"@@REDO@@"', redo)


# A fault at the JSON level inside the redo list's value: json.loads refuses the whole text.
JSON_FAULTS = {
    "100 000 nested brackets": "[" * 100_000 + "]" * 100_000,
    "nested one level too deep": "[" * 32 + "]" * 32,  # 33 with the record's own
    "a 5000-digit number": "[" + "9" * 5000 + "]",
    "a 5000-digit number among actions": '["draw", ' + "1" * 5000 + ', "c1>c2"]',
    "a trailing comma": '["draw",]',
    "a bare word": "[draw]",
    "a missing comma": '["draw" "draw"]',
    "a lone surrogate escape in a key": '[{"\\ud800": 1, 2}]',
    "control characters": '["dr\x01aw"]',
}


@pytest.mark.parametrize("fault", sorted(JSON_FAULTS))
def test_a_json_fault_inside_the_redo_list_costs_only_the_redo(tmp_path, fault):
    data = redo_record()
    text = _with_redo_text(data, JSON_FAULTS[fault])
    with pytest.raises(ValueError):
        json.loads(text) if "nested" not in fault else savegame.parse_json(text, "saved game")
    saved = savegame.loads_game(text)
    assert saved.redo == [] and "'redo' can't be read" in saved.redo_problem and len(saved.redo_problem) <= 300
    assert saved.history_problem is None and saved.game.can_undo
    assert saved.game.position.to_dict() == data["position"]
    assert saved.identity == data["id"]
    resumes_with_its_undo_and_the_notice(tmp_path, text, data)


def test_a_json_fault_in_the_redo_list_says_what_it_is():
    data = redo_record()
    deep = savegame.loads_game(_with_redo_text(data, "[" * 100_000 + "]" * 100_000))
    assert "nested too deeply" in deep.redo_problem
    huge = savegame.loads_game(_with_redo_text(data, "[" + "9" * 5000 + "]"))
    assert "not valid JSON" in huge.redo_problem and "digits" in huge.redo_problem


@pytest.mark.parametrize("where", ["redo last", "redo first", "key escaped", "two redo members"])
def test_the_redo_list_is_found_wherever_it_is_in_the_record(where):
    data = redo_record()
    bad = "[" + "9" * 5000 + "]"
    if where == "redo last":
        text = _with_redo_text(data, bad)
    elif where == "redo first":
        rest = json.dumps({k: v for k, v in data.items() if k != "redo"})
        text = '{"redo": ' + bad + ", " + rest[1:]
    elif where == "key escaped":  # "r\u0065do" is "redo" to a JSON reader
        text = _with_redo_text(data, bad).replace('"redo"', '"r\\u0065do"')
    else:  # a reader takes the last of the two
        text = _with_redo_text(data, '["draw"]').replace('"redo"', '"redo": ' + bad + ', "redo"')
    saved = savegame.loads_game(text)
    assert saved.redo == [] and saved.redo_problem and saved.game.can_undo


# A fault that crosses the end of the list it starts in: an unclosed string or bracket, brackets
# that don't pair. The members after it are found again by their names.
CROSSING_FAULTS = {
    "an unclosed string": '["draw',
    "an unclosed string and a comma": '["c1>c2,',
    "a missing ]": '["draw"',
    "a missing ] among lists": '[["draw"]',
    "brackets that don't pair": '{"a": [1, 2}',
    "a stray quote": '["dr"aw"]',
}


@pytest.mark.parametrize("fault", sorted(CROSSING_FAULTS))
def test_a_fault_that_crosses_the_end_of_the_redo_list_costs_only_the_redo(tmp_path, fault):
    data = redo_record()
    text = _with_redo_text(data, CROSSING_FAULTS[fault])
    with pytest.raises(ValueError):
        json.loads(text)
    saved = savegame.loads_game(text)
    assert saved.redo == [] and "'redo' can't be read" in saved.redo_problem and len(saved.redo_problem) <= 300
    assert saved.history_problem is None and saved.game.can_undo and saved.identity == data["id"]
    assert (saved.elapsed, saved.counted) == (7.0, False)
    resumes_with_its_undo_and_the_notice(tmp_path, text, data)


def _with_actions_text(data: dict, actions: str) -> str:
    """``data`` as JSON, its undo list's value replaced by ``actions`` as it is."""
    text = json.dumps({**data, "actions": "@@ACTIONS@@"})
    return text.replace('"@@ACTIONS@@"', actions)


@pytest.mark.parametrize("fault", sorted({**JSON_FAULTS, **CROSSING_FAULTS}))
def test_a_json_fault_in_the_undo_list_costs_only_the_undo(tmp_path, fault):
    data = redo_record()
    text = _with_actions_text(data, {**JSON_FAULTS, **CROSSING_FAULTS}[fault])
    saved = savegame.loads_game(text)
    assert saved.history_problem and "'actions' can't be read" in saved.history_problem
    assert not saved.game.can_undo and saved.identity == data["id"] and (saved.elapsed, saved.counted) == (7.0, False)
    assert saved.game.position.to_dict() == data["position"]
    assert [str(a) for a in saved.redo] == data["redo"] and saved.redo_problem is None  # checked on its own
    (tmp_path / "game.json").write_text(text, encoding="utf-8")
    loaded = Persistence(FileStorage(tmp_path)).load_all()
    assert loaded.notices == ["notice.undo_lost"] and loaded.game.position.to_dict() == data["position"]
    assert [str(a) for a in loaded.redo] == data["redo"] and loaded.identity == data["id"]
    assert (tmp_path / "game.json.bad").read_text(encoding="utf-8") == text
    again = Persistence(FileStorage(tmp_path)).load_all()
    assert again.notices == [] and again.identity == data["id"] and [str(a) for a in again.redo] == data["redo"]


@pytest.mark.parametrize("fault", ['"EH1-N-AAAAAAF', '"EH1-N-AAAAAAF,', '{"game": "easy-harp"', "EH1-N-AAAAAAF"])
def test_a_json_fault_where_the_undo_history_starts_costs_only_the_undo(fault):
    data = redo_record()
    text = json.dumps({**data, "start": "@@S@@"}).replace('"@@S@@"', fault)
    saved = savegame.loads_game(text)
    assert saved.history_problem and "'start' can't be read" in saved.history_problem and not saved.game.can_undo
    assert [str(a) for a in saved.redo] == data["redo"] and saved.identity == data["id"]


@pytest.mark.parametrize("undo, redo", [("an unclosed string", "a missing ]"), ("a missing ]", "an unclosed string"),
                                        ("a stray quote", "brackets that don't pair")])
def test_faults_in_both_lists_cost_both_lists_and_never_the_game(tmp_path, undo, redo):
    data = redo_record()
    text = _with_redo_text(data, "@@R@@").replace('"@@R@@"', "@@R@@")
    text = _with_actions_text(json.loads(json.dumps(data)), "@@A@@")
    text = text.replace('"redo": ' + json.dumps(data["redo"]), '"redo": ' + CROSSING_FAULTS[redo])
    text = text.replace("@@A@@", CROSSING_FAULTS[undo])
    saved = savegame.loads_game(text)
    assert saved.history_problem and saved.redo_problem and saved.redo == [] and not saved.game.can_undo
    assert saved.game.position.to_dict() == data["position"] and saved.identity == data["id"]
    (tmp_path / "game.json").write_text(text, encoding="utf-8")
    loaded = Persistence(FileStorage(tmp_path)).load_all()
    assert sorted(loaded.notices) == ["notice.redo_lost", "notice.undo_lost"] and loaded.game is not None


@pytest.mark.parametrize("fault", ["an unclosed string", "a missing ]", "a stray quote"])
def test_a_json_fault_in_a_format_1_history_costs_only_the_history(fault):
    data = record_v1(play_some(Game.from_deal("EO1-C8-AAAAAFA"), 4))
    text = json.dumps({**data, "history": "@@H@@"}).replace('"@@H@@"', CROSSING_FAULTS[fault])
    saved = savegame.loads_game(text)
    assert saved.history_problem and not saved.game.can_undo
    assert saved.game.position.to_dict() == data["position"]


@pytest.mark.parametrize(
    "text",
    [
        # faults outside the undo and redo lists cost the record (its last good copy is used)
        lambda data: json.dumps(data).replace('"elapsed": 7.0', '"elapsed": ' + "9" * 5000),
        lambda data: json.dumps(data).replace('"counted": false', '"counted": flase'),
        lambda data: json.dumps(data).replace('"position": {', '"position": {"columns": [["AS"], '),
        lambda data: json.dumps(data).replace('"schema": "easy-harp-eight-off/savegame"', '"schema": "easy-harp'),
        lambda data: _with_redo_text(data, '["draw"]') + " trailing",
        lambda data: "[" + _with_redo_text(data, "[" + "9" * 5000 + "]") + "]",
        lambda data: _with_redo_text(data, '["draw"]')[:-1],  # the record's own end gone
        # a fault that reaches past the end of the list into a member of the record's own: the record
        lambda data: json.dumps(data).replace('], "elapsed": 7.0, "counted": false}', ', "elapsed": 7.0, "coun'),
        lambda data: json.dumps(data).replace('], "elapsed": 7.0', ', "elapsed": 7.x'),
        lambda data: json.dumps(data).replace('], "elapsed": 7.0', ', "elapsed" 7.0'),
    ],
)
def test_a_json_fault_outside_the_undo_and_redo_lists_is_a_damaged_record(text):
    with pytest.raises(SaveError):
        savegame.loads_game(text(redo_record()))


def test_a_json_fault_in_the_redo_list_of_a_newer_record_leaves_it_as_newer():
    data = {**redo_record(), "version": savegame.VERSION + 1}
    with pytest.raises(SaveError) as info:
        savegame.loads_game(_with_redo_text(data, "[" * 100_000 + "]" * 100_000))
    assert info.value.newer


def test_a_json_fault_in_the_redo_list_of_format_2_is_a_damaged_record():
    data = {k: v for k, v in redo_record().items() if k != "id"}
    with pytest.raises(SaveError, match="unknown key 'redo'"):
        savegame.loads_game(_with_redo_text({**data, "version": 2}, "[" + "9" * 5000 + "]"))


def test_a_redo_list_without_the_undo_history_still_redoes():
    data = redo_record()
    data["actions"] = ["c9>c1"]  # a damaged history: undo goes, the redo list is checked on its own
    saved = savegame.load_game(data)
    assert saved.history_problem and not saved.game.can_undo
    assert [str(a) for a in saved.redo] == data["redo"]


# ---- hostile data, systematically ---------------------------------------------------------

ODD_VALUES = [None, True, 0, -1, 10**30, 1.5, float("nan"), float("inf"), "", "x", [], {}, [[]], {"a": 1}, ["AS"], "#AS"]


def _paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node[:2]):
            yield from _paths(value, path + (i,))


def _replaced(data, path, value):
    if not path:
        return value
    data = copy.deepcopy(data)
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return data


def test_any_value_replaced_by_any_odd_value_is_a_save_error_never_a_crash():
    from game.persistence import settings as settings_store
    from game.persistence.stats import Statistics

    stats = Statistics()
    for won in (True, False):
        stats.record("eight-off", "C8", won=won, seconds=3, score=4)
    records = [
        (record(play_some(Game.from_deal("EO1-C8-AAAAAFA"), 4)), savegame.load_game),
        (record_v1(play_some(Game.from_deal("EO1-C8-AAAAAFA"), 4)), savegame.load_game),
        (redo_record("EO1-C8-AAAAAFA"), savegame.load_game),
        (stats.to_dict(), Statistics.from_dict),
        (json.loads(settings_store.dumps_settings(settings_store.Settings())), settings_store.read_settings),
    ]
    tried = 0
    for good, load in records:
        for path in _paths(good):
            for value in ODD_VALUES:
                try:
                    load(_replaced(good, path, value))
                except SaveError:
                    pass
                tried += 1
    assert tried > 1000


def test_the_game_never_writes_a_count_its_reader_refuses():
    from game.engine import Position
    from game.engine.rules import MAX_SCORE_AND_MOVES

    data = Game.from_deal("EO1-C8-AAAAAFA").position.to_dict()
    data.update(moves=MAX_SCORE_AND_MOVES, score=MAX_SCORE_AND_MOVES - 1)
    game = Game(Position.from_dict(data))  # accepted: at the bound
    scoring = [a for a in game.legal_actions() if game.check(a).points > 0]
    assert scoring and game.play(scoring[0]).ok and game.play("c7>r").ok
    assert (game.position.moves, game.position.score) == (MAX_SCORE_AND_MOVES, MAX_SCORE_AND_MOVES)
    assert Position.from_dict(game.position.to_dict()).moves == MAX_SCORE_AND_MOVES  # reads back
    resumed = savegame.loads_game(savegame.dumps_game(game, 1))
    assert resumed.history_problem is None and resumed.game.position.score == MAX_SCORE_AND_MOVES
    assert resumed.game.undo().ok and resumed.game.undo().ok
    assert resumed.game.position.score == MAX_SCORE_AND_MOVES - 1


# ---- a game's identity -------------------------------------------------------------------------


def test_a_game_keeps_its_identity_through_a_restart(tmp_path):
    game = play_some(Game.from_deal("EO1-C8-AAAAAFA"), 3)
    first = Persistence(FileStorage(tmp_path))
    first.load_all()
    assert first.save_game(game, 5, identity="3f9a0c5d2e7b1a64")
    assert json.loads((tmp_path / "game.json").read_text())["id"] == "3f9a0c5d2e7b1a64"
    assert Persistence(FileStorage(tmp_path)).load_all().identity == "3f9a0c5d2e7b1a64"


def _old_records() -> dict[str, dict]:
    game = play_some(Game.from_deal("EO1-C8-AAAAAFA"), 4)
    v3 = {k: v for k, v in record(game).items() if k != "id"}
    v3["version"] = 3
    v2 = {k: v for k, v in v3.items() if k != "redo"}
    v2["version"] = 2
    return {"format 1": record_v1(game), "format 2": v2, "format 3": v3, "id null": record(game)}


@pytest.mark.parametrize("name", ["format 1", "format 2", "format 3", "id null"])
def test_a_record_without_an_identity_gets_one_made_from_its_content(tmp_path, name):
    data = _old_records()[name]
    assert data.get("id") is None
    text = json.dumps(data)
    identities = set()
    for folder in ("a", "b"):  # two windows reading the same record (the same text, or respaced)
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "game.json").write_text(text if folder == "a" else json.dumps(data, indent=2))
        loaded = Persistence(FileStorage(tmp_path / folder)).load_all()
        assert loaded.game is not None and loaded.game.can_undo and loaded.notices == []
        identities.add(loaded.identity)
    (identity,) = identities
    assert identity.startswith(savegame.LEGACY) and savegame.IDENTITY.fullmatch(identity)
    other = {**data, "elapsed": data["elapsed"] + 1}  # another record: another game
    assert savegame.load_game(other).identity != identity


BAD_IDENTITIES = ["", "Caps", "x" * 41, "-lead", "a b", 5, True, [], {}, "\u00e9t\u00e9", "missing"]


def _with_identity(data: dict, value) -> dict:
    return {k: v for k, v in data.items() if k != "id"} if value == "missing" else {**data, "id": value}


@pytest.mark.parametrize("value", BAD_IDENTITIES)
def test_a_bad_or_missing_identity_costs_only_the_identity(tmp_path, value):
    """The game resumes, undo and redo included, under an identity made
    from the record's content (two windows reading it agree on it); the
    player is told, and the record is saved again with it."""
    data = _with_identity(redo_record("EO1-C8-AAAAAFA"), value)
    saved = savegame.load_game(data)
    assert saved.identity.startswith(savegame.LEGACY) and saved.identity_problem and not saved.named
    assert saved.game.can_undo and saved.redo and saved.redo_problem is None and saved.history_problem is None
    text = json.dumps(data)
    (tmp_path / "game.json").write_text(text)
    loaded = Persistence(FileStorage(tmp_path)).load_all()
    assert loaded.notices == ["notice.game_identity_new"] and loaded.identity == saved.identity
    assert loaded.game.can_undo and [str(a) for a in loaded.redo] == data["redo"]
    assert any("identity" in problem for problem in loaded.problems)
    assert (tmp_path / "game.json.bad").read_text() == text  # the damaged record kept aside
    again = Persistence(FileStorage(tmp_path)).load_all()
    assert again.notices == [] and again.identity == saved.identity


@pytest.mark.parametrize("fault", ['"3f9a0c5d2e7b1a64', '"3f9a0c5d2e7b1a64,', "3f9a0c5d2e7b1a64", '["x"', '"3f9a"0c"'])
def test_a_json_fault_in_the_identity_costs_only_the_identity(fault):
    data = redo_record()
    text = json.dumps({**data, "id": "@@ID@@"}).replace('"@@ID@@"', fault)
    saved = savegame.loads_game(text)
    assert saved.identity_problem and "'id' can't be read" in saved.identity_problem
    assert saved.identity.startswith(savegame.LEGACY) and not saved.named
    assert saved.game.can_undo and [str(a) for a in saved.redo] == data["redo"]


def test_a_bad_identity_is_never_written():
    game = Game.from_deal("EO1-C8-AAAAAFA")
    with pytest.raises(ValueError):
        savegame.dumps_game(game, 1, identity="Not One")
    persistence = Persistence(MemoryStorage())
    persistence.load_all()
    assert persistence.save_game(game, 1, identity="Not One")  # the game is saved all the same, without it
    assert json.loads(persistence.storage.get("game"))["id"] is None
    assert any("identity" in problem for problem in persistence.problems)
