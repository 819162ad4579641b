"""Two windows, one player: two processes on one data folder, two browser
tabs on one localStorage. Neither may lose the other's results, settings or
game (two windows, one player), and what failed to be stored is tried again
(item 3)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from game.engine import Action, Game
from game.persistence import Persistence
from game.persistence import settings as settings_store
from game.persistence.storage import BrowserStorage, DictLocalStorage, FileStorage, MemoryStorage

from tests.persistence.storage_helpers import eight_off_one_king_left

ROOT = Path(__file__).resolve().parents[2]

RECORDER = """
import sys, time
from pathlib import Path
from game.engine import Game
from game.persistence import Persistence
from game.persistence.storage import FileStorage

folder, go, count = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
persistence = Persistence(FileStorage(folder))
persistence.load_all()  # both load before either writes: the old way, each wrote back its own copy
while not go.exists():
    time.sleep(0.001)
game = Game.from_deal("EO1-C8-AAAAAFA")
failed = sum(not persistence.record_result(game, 10.0, won=i % 2 == 0) for i in range(count))
# a write that waited too long for the other's lock (a loaded machine can hold a process off
# for longer than LOCK_WAIT) is pending: the window tries again every few seconds and at quit
retry = getattr(persistence, "retry_pending", lambda: True)  # (older versions had no retries)
deadline = time.monotonic() + 60
while not retry() and time.monotonic() < deadline:
    time.sleep(0.05)
print(failed, retry())
"""


def test_two_processes_recording_100_results_each_leave_200(tmp_path):
    folder, go = tmp_path / "data", tmp_path / "go"
    children = [
        subprocess.Popen([sys.executable, "-c", RECORDER, str(folder), str(go), "100"], cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    time.sleep(0.5)  # both are up and waiting
    go.touch()
    for child in children:
        out, err = child.communicate(timeout=120)
        assert child.returncode == 0, err
        failed, nothing_pending = out.split()
        assert nothing_pending == "True", f"{failed} writes failed at first and some are still pending"
    stats = Persistence(FileStorage(folder)).load_all().stats.get("eight-off", "C8")
    assert (stats.played, stats.won) == (200, 100)
    assert not list(folder.glob("stats.json.bad*"))


def _tab(store: DictLocalStorage) -> Persistence:
    persistence = Persistence(BrowserStorage(store, prefix="easy-harp-eight-off/"))
    persistence.load_all()
    return persistence


def _one_move(code: str = "EO1-C8-AAAAAFA") -> Game:
    game = Game.from_deal(code)
    assert game.play(game.legal_actions()[0]).ok
    return game


def test_two_tabs_a_wins_then_b_leaves_and_both_count():
    """The issue's case: C8 stood at 1 played, 1 won; tab A wins a game,
    then tab B leaves its game for a new one: 3 played, 2 won (it was 2/1:
    B wrote back the copy it loaded at start)."""
    store = DictLocalStorage()
    first = _tab(store)
    won = eight_off_one_king_left()
    assert won.play(Action.parse("c1>f")).ok and won.position.won
    first.game_won(won, 30)
    a, b = _tab(store), _tab(store)  # two tabs opened on 1/1
    b_game = _one_move()
    b.save_game(b_game, 5)
    again = eight_off_one_king_left()
    assert again.play(Action.parse("c1>f")).ok
    assert a.game_won(again, 40)
    b.new_game(Game.from_deal("EO1-C8-AAAAAFB"), previous=b_game, previous_elapsed=50)
    stats = _tab(store).stats.get("eight-off", "C8")
    assert (stats.played, stats.won) == (3, 2)
    assert b.stats.get("eight-off", "C8").played == 3  # B's view took in A's win when it wrote


def test_a_reset_in_one_window_and_a_result_in_the_other_both_hold(tmp_path):
    a, b = Persistence(FileStorage(tmp_path)), Persistence(FileStorage(tmp_path))
    a.load_all(), b.load_all()
    a.record_result(_one_move(), 5, won=False)
    b.reset_stats("eight-off", "C8")  # the player reset C8 in B after A's game
    a.record_result(_one_move("EH1-N-AAAAAAF"), 5, won=False)
    stats = Persistence(FileStorage(tmp_path)).load_all().stats
    assert stats.get("eight-off", "C8").played == 0
    assert stats.get("easy-harp", "N").played == 1


def test_the_statistics_screen_sees_the_other_windows_games(tmp_path):
    a, b = Persistence(FileStorage(tmp_path)), Persistence(FileStorage(tmp_path))
    a.load_all(), b.load_all()
    a.record_result(_one_move(), 5, won=False)
    assert b.stats.get("eight-off", "C8").played == 0
    assert b.refresh_stats().get("eight-off", "C8").played == 1


def test_settings_changed_in_two_windows_keep_both_changes():
    store = DictLocalStorage()
    a, b = _tab(store), _tab(store)
    a.settings.sound = False
    a.save_settings(a.settings)
    b.settings.four_color = True
    b.save_settings(b.settings)  # B never changed the sound: A's choice stays
    settings = _tab(store).settings
    assert settings.sound is False and settings.four_color is True
    b.settings.four_color = False  # changing back is a change too
    b.save_settings(b.settings)
    assert _tab(store).settings.four_color is False and _tab(store).settings.sound is False


def test_another_windows_game_is_kept_aside_and_the_player_told_once(tmp_path):
    a, b = Persistence(FileStorage(tmp_path)), Persistence(FileStorage(tmp_path))
    a.load_all(), b.load_all()
    a_game = _one_move()
    assert a.save_game(a_game, 5)
    a_text = (tmp_path / "game.json").read_text()
    b_game = _one_move("EH1-N-AAAAAAF")
    assert b.save_game(b_game, 7)
    assert b.pop_notices() == ["notice.game_elsewhere"]
    assert (tmp_path / "game.json.other").read_text() == a_text  # A's game is not lost
    assert json.loads((tmp_path / "game.json").read_text())["position"]["game"] == "easy-harp"
    assert b.save_game(b_game, 8) and b.pop_notices() == []  # its own record: no conflict
    assert a.save_game(a_game, 9)  # and back: A keeps B's game aside in turn
    assert a.pop_notices() == ["notice.game_elsewhere"]
    assert json.loads((tmp_path / "game.json.other2").read_text())["position"]["game"] == "easy-harp"
    assert a.save_game(a_game, 10) and a.pop_notices() == []


def test_two_tabs_on_one_game_keep_each_others_game_too():
    store = DictLocalStorage()
    a, b = _tab(store), _tab(store)
    a.save_game(_one_move(), 5)
    b.save_game(_one_move("EO1-C8-AAAAAFB"), 5)
    assert b.pop_notices() == ["notice.game_elsewhere"]
    kept = json.loads(store.items["easy-harp-eight-off/game.other"])
    assert kept["position"]["deal"] == "EO1-C8-AAAAAFA"


def test_a_newer_versions_game_saved_meanwhile_is_not_written_over(tmp_path):
    persistence = Persistence(FileStorage(tmp_path))
    persistence.load_all()
    future = json.dumps({"schema": "easy-harp-eight-off/savegame", "version": 9, "anything": 1})
    (tmp_path / "game.json").write_text(future)  # a newer copy of the game, in another window
    assert persistence.save_game(_one_move(), 5) is False
    assert (tmp_path / "game.json").read_text() == future
    assert persistence.pop_notices() == ["notice.game_newer_left"]
    assert persistence.save_game(_one_move(), 6) is False and persistence.pop_notices() == []


def test_statistics_that_failed_to_save_are_stored_at_the_next_chance():
    """A full store refused the statistics; they used to be lost at the
    next start. Now the next save, once there is room, stores them, and the
    player is told once that it failed and once that it worked after all."""
    storage = MemoryStorage(quota=100_000)
    persistence = Persistence(storage)
    persistence.load_all()
    game = _one_move()
    assert persistence.save_game(game, 1)
    storage.store.quota = sum(len(k) + len(v) for k, v in storage.store.items.items())  # full
    assert persistence.record_result(game, 5, won=False) is False
    persistence.settings.sound = False
    assert persistence.save_settings(persistence.settings) is False
    assert persistence.pending == {"stats", "settings"}
    assert persistence.pop_notices() == ["notice.save_failed"]
    persistence.save_game(game, 2)  # the game may just fit in its old place: the rest still fails
    assert persistence.pending >= {"stats", "settings"}
    assert persistence.pop_notices() == []  # told once
    storage.store.quota = None  # room again
    assert persistence.save_game(game, 3)
    assert persistence.pending == set()
    assert persistence.pop_notices() == ["notice.saved_again"]
    restarted = Persistence(storage).load_all()
    assert restarted.stats.get("eight-off", "C8").played == 1 and restarted.settings.sound is False


def test_retry_pending_stores_a_failed_write_without_another_save(tmp_path, monkeypatch):
    storage = FileStorage(tmp_path)
    persistence = Persistence(storage)
    persistence.load_all()
    real_set = FileStorage._set
    monkeypatch.setattr(FileStorage, "_set", lambda self, key, text: False)  # the disk is full
    assert persistence.record_result(_one_move(), 5, won=True) is False
    assert persistence.retry_pending() is False
    monkeypatch.setattr(FileStorage, "_set", real_set)
    assert persistence.retry_pending() is True
    assert Persistence(FileStorage(tmp_path)).load_all().stats.get("eight-off", "C8").won == 1


def test_a_statistics_record_damaged_meanwhile_is_kept_aside_and_the_games_kept(tmp_path):
    persistence = Persistence(FileStorage(tmp_path))
    persistence.load_all()
    persistence.record_result(_one_move(), 5, won=False)
    (tmp_path / "stats.json").write_text('{"schema": "easy-har')  # torn by something else
    assert persistence.record_result(_one_move(), 5, won=False)
    assert (tmp_path / "stats.json.bad").read_text() == '{"schema": "easy-har'
    assert Persistence(FileStorage(tmp_path)).load_all().stats.get("eight-off", "C8").played == 2


def test_settings_damaged_at_start_are_stored_clean(tmp_path):
    record = {"schema": settings_store.SCHEMA, "version": 1, "settings": {"sound": False, "four_color": "yes"}}
    (tmp_path / "settings.json").write_text(json.dumps(record))
    Persistence(FileStorage(tmp_path)).load_all()
    stored = json.loads((tmp_path / "settings.json").read_text())["settings"]
    assert stored["sound"] is False and stored["four_color"] is False


def test_a_store_that_writes_the_same_json_differently_is_no_other_window():
    class Respacing(DictLocalStorage):
        def getItem(self, name):  # noqa: N802 - the web API's name
            value = super().getItem(name)
            try:
                return json.dumps(json.loads(value), indent=1)
            except (TypeError, ValueError):
                return value

    store = Respacing()
    persistence = _tab(store)
    game = _one_move()
    for elapsed in (1, 2, 3):
        assert persistence.save_game(game, elapsed)
    assert persistence.pop_notices() == [] and not any(".other" in name for name in store.items)


def test_two_tabs_through_the_pages_bridge_count_both():
    """The same through ``game.host.PageStorage``, which writes ASCII JSON
    to the page and repairs what it reads back, as the browser build does."""
    from game.host import APP_NAME, PageStorage

    page = DictLocalStorage()

    def tab() -> Persistence:
        persistence = Persistence(BrowserStorage(PageStorage(page), prefix=APP_NAME + "/"))
        persistence.load_all()
        return persistence

    a, b = tab(), tab()
    won = eight_off_one_king_left()
    assert won.play(Action.parse("c1>f")).ok
    a.game_won(won, 30)
    b.settings.lang = b.settings.chosen_lang = "vi"
    b.save_settings(b.settings)
    b.new_game(Game.from_deal("EO1-C8-AAAAAFB"), previous=_one_move(), previous_elapsed=50)
    assert b.pop_notices() == []  # A's game was there, but over and counted: nothing to keep
    assert not any(".other" in name for name in page.items)
    again = tab()
    stats = again.stats.get("eight-off", "C8")
    assert (stats.played, stats.won) == (2, 1) and again.settings.chosen_lang == "vi"
