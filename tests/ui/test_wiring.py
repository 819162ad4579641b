"""The window uses what the records, the page glue and the install check
offer: a newer version's format named in its notice, statistics from other
windows when the screen opens, failed writes tried again without a move,
no minimum window size in the browser, a broken font told in one line, and
new deals from the entropy it is handed."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from game.persistence import Persistence
from game.persistence.storage import FileStorage, MemoryStorage
from game.persistence.settings import Settings
from game.play.application import Application
from game.play.autosave import RETRY_MS
from game.textfile import check_shipped
from game.ui import app as app_module
from game.ui import launch
from game.ui.dialogs.notice import NoticeDialog
from game.ui.dialogs.stats import StatsScene
from game.ui.launch import build_app

from .conftest import ROOT, FakeClock, play_time


def start(storage, *args, clock=None, **kwargs):
    return build_app(["--size", "1280x720", *args], storage=storage, headless=True, now=clock or FakeClock(), **kwargs)


def test_a_newer_versions_statistics_are_told_with_their_format():
    storage = MemoryStorage()
    storage.set("stats", json.dumps({"schema": "easy-harp-eight-off/stats", "version": 99, "games": {}}))
    app = start(storage, "--lang", "en")
    notice = app.top()
    assert isinstance(notice, NoticeDialog)
    words = [notice.words(n, "en") for n in notice.notices]
    assert any("99" in w for w in words), words


def test_the_statistics_screen_shows_what_another_window_played(tmp_path):
    app = start(FileStorage(tmp_path), "--deal", "EO1-C8-AAAAAFA")
    other = Persistence(FileStorage(tmp_path))  # a second window on the same data folder
    other.load_all()
    from game.engine import Game

    game = Game.from_deal("EO1-C8-AAAAAFA")
    assert game.play("c3>c8").ok
    assert other.record_result(game, 12.0, won=False)
    app.open_stats()
    screen = app.top()
    assert isinstance(screen, StatsScene)
    assert screen.stats.played == 1


def test_a_write_that_failed_is_tried_again_without_a_move():
    storage = MemoryStorage(quota=100_000)
    clock = FakeClock()
    app = start(storage, "--deal", "EO1-C8-AAAAAFA", clock=clock)
    storage.store.quota = 10  # the storage fills up
    assert app.table.play("c3>c8").ok
    persistence = app.play.persistence
    assert persistence.pending
    app.top().close()  # "could not save"
    storage.store.quota = None  # room again, and no move is made
    play_time(app, clock, RETRY_MS + 400)
    assert not persistence.pending
    assert isinstance(app.top(), NoticeDialog) and app.top().notices == ["notice.saved_again"]


def test_the_browser_window_gets_no_minimum_size(monkeypatch):
    asked = []
    monkeypatch.setattr(app_module, "set_minimum_size", asked.append)
    app_module.App(Application(Settings()), (390, 844), browser=True)
    assert asked == []
    app_module.App(Application(Settings()), (1280, 720), browser=False)
    assert asked == [app_module.MIN_SIZE]


def test_the_same_entropy_gives_the_same_deals():
    def deals():
        app = start(MemoryStorage(), entropy=iter(range(1000, 2000)).__next__)
        first = app.session.game.position.deal
        app.new_game() if hasattr(app, "new_game") else None
        return first, str(app.play.random_deal("eight-off", "C8"))

    assert deals() == deals()


@pytest.fixture
def broken_font(tmp_path, monkeypatch):
    fonts = tmp_path / "assets" / "fonts"
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    data = (fonts / "DejaVuSans.ttf").read_bytes()
    (fonts / "DejaVuSans.ttf").write_bytes(data[: len(data) // 3])  # cut short, as a broken download
    return tmp_path


def test_a_broken_font_is_told_in_one_line_before_anything_reads_it(broken_font, monkeypatch):
    monkeypatch.setattr(launch, "check_shipped", lambda: check_shipped(broken_font / "assets"))
    monkeypatch.setattr(launch, "_install_checked", False)  # as at a first start
    with pytest.raises(launch.BrokenInstall) as info:
        start(MemoryStorage(), "--lang", "en")
    message = str(info.value)
    assert "\n" not in message and "DejaVuSans.ttf" in message


def test_main_py_with_a_broken_font_exits_with_one_line(broken_font):
    tree = broken_font
    shutil.copytree(ROOT / "game", tree / "game", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "main.py", tree / "main.py")
    run = subprocess.run([sys.executable, "main.py", "--size", "640x480"], cwd=tree, capture_output=True, text=True,
                         timeout=120, env={**__import__("os").environ, "SDL_VIDEODRIVER": "dummy"})
    assert run.returncode == 1, run.stderr
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "DejaVuSans.ttf" in lines[0], run.stderr
    assert "Traceback" not in run.stderr


def test_open_dialogs_share_one_window_sized_dimming():
    """Each open dialog kept a window-sized scrim of its own (8 MB at
    1920x1080): dialogs over the table share one, and it is never drawn on."""
    app = start(MemoryStorage(), "--deal", "EO1-C8-AAAAAFA")
    app.open_options()
    app.open_rules()
    first, second = app.scenes[-2], app.scenes[-1]
    assert first.scrim.image is second.scrim.image
    before = first.scrim.image.copy()
    first.redraw()
    second.redraw()
    assert first.scrim.image.get_at((5, 5)) == before.get_at((5, 5))
    assert first.scrim._layer < second.scrim._layer  # the second still dims the first
