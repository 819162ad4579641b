"""main.py's command line: headless screenshots, help and bad input."""

import subprocess
import sys
from pathlib import Path

import pygame

from game.engine import Pile
from game.i18n import CATALOGUES

from .conftest import ROOT
from .positions import easy_harp


def run_main(*args):
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, timeout=60)


def test_screenshot_after_actions(tmp_path: Path):
    out = tmp_path / "shot.png"
    result = run_main("--screenshot", str(out), "--deal", "EO1-C2-AAAAAFA", "--actions", "c1>c2 tap c3", "--size", "720x1280")
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(out))
    assert image.get_size() == (720, 1280)


def test_help_lists_the_options():
    result = run_main("--help")
    assert result.returncode == 0
    for option in ("--deal", "--lang", "--size", "--screenshot", "--actions"):
        assert option in result.stdout


def test_bad_input_is_a_clear_error(tmp_path: Path):
    for args in (["--deal", "EH1-X-AAAAAAF"], ["--deal", "EH1-N-AAAAAAF", "--actions", "c1>>c2"], ["--size", "big"]):
        result = run_main("--screenshot", str(tmp_path / "x.png"), *args)
        assert result.returncode == 2 and "error" in result.stderr


def test_a_position_file_that_is_not_text_is_a_clear_error(tmp_path: Path):
    binary = tmp_path / "position.json"
    binary.write_bytes(bytes([0xD6, 0xFF, 0x00, 0x81]) * 64)
    result = run_main("--screenshot", str(tmp_path / "x.png"), "--position", str(binary))
    assert result.returncode == 2 and "--position" in result.stderr and "Traceback" not in result.stderr


def test_language_switch_redraws_the_text(driver_for):
    d = driver_for(easy_harp([["8S"], ["7C"]]))
    other = next((lang for lang in CATALOGUES if lang != "en"), "en")
    d.drag(d.card_center(Pile("c", 1)), d.card_center(Pile("c", 0)))
    d.app.change_setting("lang", other)
    d.run(2)
    assert d.table.bar.state[0] == other
    d.drag(d.card_center(Pile("c", 1)), d.card_center(Pile("c", 0)))
    from game.i18n import translate

    assert d.table.note.text == translate("rule.alternate-colors", other)  # said at the card




def test_main_tells_the_app_which_platform_it_runs_on(monkeypatch, tmp_path):
    """In the browser the announcements go to the page's live region, so the
    native status line is not drawn; main.py asks the host module."""
    import asyncio

    from game import host
    from game.ui import launch

    from .conftest import main_module

    from tests.page.pygbag_bridge import Page

    monkeypatch.setattr(host, "is_browser", lambda: True)
    real_build = launch.build_app
    monkeypatch.setattr(main_module, "build_app", lambda argv, **kw: real_build(argv, headless=True, **kw))
    app = asyncio.run(main_module.main(frames=2, window=Page(hash="#EH1-N-AAAAAAF")))
    assert app.browser and app.table.status is None


def test_start_up_is_hidden_from_the_garbage_collector(monkeypatch):
    """What the loop's start made is frozen out of the collector's sight, so a
    full collection during play walks only what play made since; an app the
    caller hands in (tests, tools) is left alone. Both apps keep their
    records in memory: a --deal without --data would replace the saved game."""
    import asyncio
    import gc

    from game.persistence.storage import MemoryStorage
    from game.ui import launch

    from .conftest import main_module

    real_build = launch.build_app
    monkeypatch.setattr(main_module, "build_app", lambda argv, **kw: real_build(argv, headless=True, **kw))

    def make_app(*args, **kwargs):
        return real_build(["--deal", "EH1-N-AAAAAAF"], storage=MemoryStorage(), headless=True)

    monkeypatch.setattr(main_module, "make_app", make_app)
    gc.unfreeze()
    try:
        app = asyncio.run(main_module.main(frames=2))
        frozen = gc.get_freeze_count()
        assert frozen > 1000
        assert not any(o is app.table for o in gc.get_objects())  # frozen objects are not listed
        gc.unfreeze()
        handed_in = real_build(["--deal", "EH1-N-AAAAAAF"], storage=MemoryStorage(), headless=True)
        asyncio.run(main_module.main(app=handed_in, frames=2))
        assert gc.get_freeze_count() == 0
    finally:
        gc.unfreeze()


def test_a_restart_of_a_handed_in_app_keeps_its_storage(monkeypatch):
    """Restart after a failed frame rebuilds an app handed to ``main`` (as
    tests and tools hand theirs) on the storage that app had: it resumes that
    game, and never reaches for the player's data folder."""
    import asyncio

    from game.engine import Action
    from game.persistence.storage import MemoryStorage
    from game.ui import launch

    from .conftest import main_module

    storage = MemoryStorage()
    app = launch.build_app(["--deal", "EO1-C8-AAAAAFA"], storage=storage, headless=True)
    app.session.play(Action.parse("r2>f"))

    def fail(*args, **kwargs):
        # the player will press R (Restart) on the error screen this failure brings
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0))
        raise ZeroDivisionError("a failed frame")

    monkeypatch.setattr(app, "draw", fail)
    rebuilt = asyncio.run(main_module.main(app=app, frames=3))  # the failure, Restart, the new app's frame
    assert rebuilt is not app
    assert rebuilt.play.persistence.storage is storage
    assert rebuilt.session.game.position.moves == 1 and rebuilt.session.game.position.deal == "EO1-C8-AAAAAFA"


def test_a_data_folder_that_is_empty_or_a_file_is_refused_in_one_line(tmp_path: Path):
    """``--data ""`` used to mean the player's own data folder, and
    ``--data FILE --screenshot`` exited 0 saying nothing: both are refused
    in one line, status 2, with a window or a screenshot."""
    import os

    env = dict(os.environ, HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "xdg"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine")
    for data in ("", str(a_file), str(a_file / "under"), "/dev/null"):
        for shot in (["--screenshot", str(tmp_path / "x.png")], []):
            result = subprocess.run([sys.executable, str(ROOT / "main.py"), "--data", data, *shot], capture_output=True,
                                    text=True, timeout=30, env=env)
            assert result.returncode == 2, (data, shot, result.stderr[-500:])
            assert result.stderr.count("\n") == 1 and "--data" in result.stderr and "Traceback" not in result.stderr
    assert a_file.read_text() == "mine" and not (tmp_path / "x.png").exists()
    assert not (tmp_path / "home").exists() and not (tmp_path / "xdg").exists()
    fresh = tmp_path / "new" / "folder"  # a folder not there yet is made, as before
    result = run_main("--data", str(fresh), "--screenshot", str(tmp_path / "x.png"), "--deal", "EO1-C8-AAAAAFA",
                      "--actions", "c1>c2")
    assert result.returncode == 0, result.stderr
    assert (fresh / "game.json").exists()
