"""The player's things kept, seen from the window: the app started twice
over the same storage puts the player back where they were, undo included;
a won game is not resumed; damaged data is told once; settings and
language are remembered."""

import pygame
import pytest

from game.engine import Game, Position, parse_code
from game.persistence.storage import FileStorage, MemoryStorage
from game.i18n import translate, translate_count
from game.ui.dialogs.notice import NoticeDialog
from game.ui.dialogs.win import WinScene
from game.ui.launch import build_app

from .conftest import FakeClock, play_time
from .positions import near_won_eight_off


def start(storage, *args, clock=None):
    app = build_app(["--size", "1280x720", *args], storage=storage, headless=True, now=clock or FakeClock())
    pygame.event.clear()
    return app


def state(app):
    pos = app.session.game.position
    return pos.to_dict(), pos.score, pos.moves


@pytest.fixture(params=["memory", "file"])
def storage_factory(request, tmp_path):
    """The same storage opened again, as a restarted game would."""
    if request.param == "memory":
        shared = MemoryStorage()
        return lambda: shared
    return lambda: FileStorage(tmp_path / "data")


@pytest.mark.parametrize("deal, actions", [
    ("EH1-N-AAAAABV", ["c5>c4", "c1>c4", "draw", "draw"]),
    ("EO1-C8-AAAAAAC", ["c7>r", "c3>r", "c3>c7", "r1>c8"]),
])
def test_restart_resumes_the_game_with_its_undo(storage_factory, deal, actions):
    clock = FakeClock()
    first = start(storage_factory(), "--deal", deal, clock=clock)
    for action in actions[:-1]:
        assert first.table.play(action).ok
    before_last = state(first)
    play_time(first, clock, 65_000)
    assert first.table.play(actions[-1]).ok
    saved = state(first)
    elapsed = first.session.elapsed_ms

    again = start(storage_factory())
    assert state(again) == saved
    assert again.session.game.position.deal == deal
    assert abs(again.session.elapsed_ms - elapsed) < 1000
    assert again.session.running
    again.table.undo()
    pos = again.session.game.position
    assert (pos.to_dict()["columns"], pos.score) == (before_last[0]["columns"], before_last[1])
    # and that undo is kept too
    third = start(storage_factory())
    assert third.session.game.position.to_dict()["columns"] == before_last[0]["columns"]


def test_a_won_game_is_not_resumed_but_counted(storage_factory):
    first = start(storage_factory())
    first.start_game(Game(Position.from_dict(near_won_eight_off(8))), animate=False)
    assert first.table.play("tap c1").ok and first.session.game.position.won
    assert first.play.persistence.stats.get("eight-off", "C8").won == 1

    again = start(storage_factory())
    pos = again.session.game.position
    assert not pos.won and pos.moves == 0 and pos.deal  # a fresh deal
    stats = again.play.persistence.stats.get("eight-off", "C8")
    assert (stats.played, stats.won) == (1, 1)


def test_a_win_undone_and_won_again_is_counted_and_celebrated_once():
    app = start(MemoryStorage())
    app.start_game(Game(Position.from_dict(near_won_eight_off(8))), animate=False)
    won_text = translate_count("say.won", 1, app.settings.lang, score=10, moves=1)
    assert app.table.play("tap c1").ok and isinstance(app.top(), WinScene)
    assert app.table.play("undo").ok and app.top() is app.table and app.session.running
    assert app.table.play("tap c1").ok and app.session.won
    assert app.top() is app.table  # no second celebration
    assert app.announcer.history.count(won_text) == 1
    assert (app.play.persistence.stats.get("eight-off", "C8").played, app.play.persistence.stats.get("eight-off", "C8").won) == (1, 1)
    app.start_deal(parse_code("EO1-C8-AAAAAAC"))  # leaving it does not count it again
    assert (app.play.persistence.stats.get("eight-off", "C8").played, app.play.persistence.stats.get("eight-off", "C8").won) == (1, 1)


def test_leaving_an_unfinished_game_counts_it_as_played(storage_factory):
    first = start(storage_factory(), "--deal", "EH1-N-AAAAABV")
    assert first.table.play("c5>c4").ok
    first.start_deal(parse_code("EH1-N-AAAAAAF"))
    stats = first.play.persistence.stats.get("easy-harp", "N")
    assert (stats.played, stats.won) == (1, 0)
    again = start(storage_factory())
    assert again.session.game.position.deal == "EH1-N-AAAAAAF"
    assert again.play.persistence.stats.get("easy-harp", "N").played == 1


def test_a_damaged_save_is_told_once():
    storage = MemoryStorage()
    storage.set("game", '{"schema": "easy-harp-eight-off/game", "version": 1, "game": 12')
    app = start(storage)
    notice = app.top()
    assert isinstance(notice, NoticeDialog)
    assert notice.notices == ["notice.game_damaged"]
    assert app.session.game.position.moves == 0
    notice.close()
    assert app.top() is app.table
    again = start(storage)
    assert again.top() is again.table  # told once


def test_a_failed_save_is_told_once():
    storage = MemoryStorage(quota=4000)
    app = start(storage, "--deal", "EO1-C8-AAAAAAC")
    storage.store.quota = 10  # the storage fills up
    assert app.table.play("c7>r").ok
    assert isinstance(app.top(), NoticeDialog)
    assert app.top().notices == ["notice.save_failed"]
    app.top().close()
    assert app.table.play("c3>r").ok
    assert app.top() is app.table


def test_settings_and_language_are_remembered(storage_factory):
    first = start(storage_factory(), "--lang", "en")
    first.open_options()
    options = first.top()
    options.choose_language("hu")
    assert first.settings.lang == "hu"
    first.change_setting("interactive_rules", False)

    again = start(storage_factory())
    assert again.settings.lang == "hu" and again.settings.interactive_rules is False
    assert start(storage_factory(), "--lang", "vi").settings.lang == "vi"  # --lang wins
    assert start(storage_factory()).settings.lang == "hu"  # and is not kept


def test_language_follows_the_system_until_chosen(monkeypatch):
    import game.host

    monkeypatch.setattr(game.host, "preferred_language", lambda *a, **k: "vi-VN")
    storage = MemoryStorage()
    app = start(storage)
    assert app.settings.lang == "vi"
    app.change_setting("double_tap", False)  # saving other settings doesn't pin the language
    monkeypatch.setattr(game.host, "preferred_language", lambda *a, **k: "hu_HU.UTF-8")
    assert start(storage).settings.lang == "hu"


def test_screenshot_mode_never_touches_the_real_storage(monkeypatch, tmp_path):
    import game.host

    def refuse(*a, **k):
        raise AssertionError("the screenshot opened the player's storage")

    monkeypatch.setattr(game.host, "open_storage", refuse)
    app = build_app(["--screenshot", str(tmp_path / "x.png"), "--deal", "EH1-N-AAAAAAF", "--actions", "c1>c2"])
    assert isinstance(app.play.persistence.storage, MemoryStorage)


def test_the_window_plays_in_memory_when_the_hosts_storage_cant_be_opened(monkeypatch):
    import game.host

    def no_home(*a, **k):
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(game.host, "open_storage", no_home)
    app = build_app(["--size", "1280x720", "--deal", "EO1-C8-AAAAAFA"], headless=True, now=FakeClock())
    assert isinstance(app.play.persistence.storage, MemoryStorage)
    notice = app.top()
    assert isinstance(notice, NoticeDialog) and notice.notices == ["notice.records_unreadable"]
    notice.close()
    assert app.table.play("c7>r").ok


def test_the_clock_is_kept_without_a_move():
    storage, clock = MemoryStorage(), FakeClock()
    app = start(storage, "--deal", "EH1-N-AAAAABV", clock=clock)
    assert app.table.play("c5>c4").ok
    play_time(app, clock, 100_000)
    played = app.session.elapsed_ms
    assert played >= 60_000
    again = start(storage)
    assert played - 30_000 <= again.session.elapsed_ms <= played  # saved within the last half minute


def test_the_window_starts_when_its_data_folder_cant_be_checked(tmp_path):
    (tmp_path / "data").write_text("a file where the data folder should be")
    app = start(FileStorage(tmp_path / "data" / "inner"), "--deal", "EO1-C8-AAAAAFA")
    notice = app.top()
    assert isinstance(notice, NoticeDialog)
    assert notice.notices == ["notice.records_unreadable"]
    notice.close()
    assert app.table.play("c7>r").ok  # play goes on in memory...
    assert app.top() is app.table  # ...without a second notice
