"""Ctrl+C in the terminal stops the game as closing its window does: the
game and the play time since the last move are saved, and the program ends
with status 130 and no traceback, however the game was started (a shell's
background job gets SIGINT ignored) and at any moment of its start-up.
Closing the terminal (SIGHUP) and a polite kill (SIGTERM) close the window
too, the play time saved; under ``nohup`` the game outlives its terminal.

The real ``main.py`` runs in a child process on a temporary data folder."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
import time

import pygame
import pytest

from game.persistence.storage import MemoryStorage
from game.ui.launch import build_app

from .conftest import ROOT, FakeClock, main_module, play_time


def test_an_interrupted_loop_saves_the_game_and_its_time():
    storage = MemoryStorage()
    clock = FakeClock()
    app = build_app(["--size", "1280x720", "--deal", "EO1-C8-AAAAAFA"], storage=storage, headless=True, now=clock)
    assert app.table.play("c3>c8").ok
    real_frame, frames = app.frame, []

    def frame():
        frames.append(1)
        clock.t += 200
        if len(frames) == 40:  # 8 s of play after the move
            raise KeyboardInterrupt
        return real_frame()

    app.frame = frame
    with pytest.raises(KeyboardInterrupt):
        asyncio.run(main_module.main(app=app))
    saved = json.loads(storage.get("game"))
    assert saved["actions"] == ["c3>c8"]
    assert saved["elapsed"] >= 7.5
    assert not app.running


def test_closing_the_window_keeps_the_play_time_since_its_last_frame():
    storage = MemoryStorage()
    clock = FakeClock()
    app = build_app(["--size", "1280x720", "--deal", "EO1-C8-AAAAAFA"], storage=storage, headless=True, now=clock)
    assert app.table.play("c3>c8").ok
    play_time(app, clock, 3000)
    counted = app.session.elapsed_ms
    assert counted >= 2500
    clock.t += 900  # a resting window's frames come once a second: it closes before the next one
    app.dispatch(pygame.event.Event(pygame.QUIT))
    assert json.loads(storage.get("game"))["elapsed"] == (counted + 900) / 1000


# Python as a terminal starts a program in the foreground: Ctrl+C, SIGHUP and SIGTERM at their
# defaults, whatever this suite inherited (run as a background job of a shell, its children get
# SIGINT ignored; under nohup, SIGHUP): it sets them so and becomes the program (exec).
FOREGROUND = [sys.executable, "-c", "import os, signal, sys\n"
              "for stop in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM): signal.signal(stop, signal.SIG_DFL)\n"
              "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])"]
GAME = ["main.py", "--size", "640x480"]
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
# a background job of a non-interactive shell (no job control): POSIX has it start with SIGINT
# and SIGQUIT ignored; the shell says its pid and ends with its status
BACKGROUND = 'exec "$@" & echo $!; wait $!'
STARTS = {
    "from a terminal": {"python": FOREGROUND},
    "as a background job of a non-interactive shell": {"shell": BACKGROUND},
    "in a new session, without a terminal (setsid)": {"start_new_session": True},
}


def start(args: list[str], how: dict) -> tuple[subprocess.Popen, int]:
    """Python with ``args`` started ``how`` (STARTS), from the checkout;
    (the process, the game's pid)."""
    if "shell" in how:
        run = subprocess.Popen(["sh", "-c", how["shell"], "sh", sys.executable, *args], cwd=ROOT, env=ENV,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert run.stdout is not None
        return run, int(run.stdout.readline())
    run = subprocess.Popen([*how.get("python", [sys.executable]), *args], cwd=ROOT, env=ENV, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, start_new_session=how.get("start_new_session", False))
    return run, run.pid


def finish(run: subprocess.Popen, timeout: float = 20) -> str:
    """The process's standard error once it ended (killed after ``timeout`` s: a hang fails)."""
    try:
        return run.communicate(timeout=timeout)[1]
    finally:
        if run.poll() is None:
            run.kill()
            run.communicate()


def wait_for(path, run: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists():  # started: the new game is saved
        assert run.poll() is None and time.monotonic() < deadline, run.stderr.read() if run.stderr else ""
        time.sleep(0.05)


def test_a_background_job_of_a_shell_starts_with_ctrl_c_ignored():
    # the start the next test guards against is real: without game.entry.restore_ctrl_c the game never hears it
    probe = "import signal; print(signal.getsignal(signal.SIGINT) is signal.SIG_IGN)"
    done = subprocess.run(["sh", "-c", BACKGROUND, "sh", sys.executable, "-c", probe], capture_output=True,
                          text=True, timeout=60)
    assert done.stdout.split()[1:] == ["True"], done  # (the first line: its pid)


@pytest.mark.parametrize("how", STARTS)
def test_ctrl_c_ends_main_py_with_status_130_and_no_traceback(tmp_path, how):
    run, pid = start([*GAME, "--data", str(tmp_path), "--deal", "EO1-C8-AAAAAFA"], STARTS[how])
    try:
        wait_for(tmp_path / "game.json", run)
        os.kill(pid, signal.SIGINT)
    finally:
        err = finish(run)
    assert run.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert json.loads((tmp_path / "game.json").read_text())["position"]["deal"] == "EO1-C8-AAAAAFA"


# Moments of start-up, each the end of a module's import (``python -X importtime`` says so on
# standard error as it happens): the first of ours, the asyncio loop's, the rules, pygame's, the
# last of main.py's imports, and one imported by the window being built inside the loop.
START_UP = ["game.entry", "asyncio", "game.engine", "pygame", "game.start", "game.ui.dialogs.help"]


@pytest.mark.parametrize("module", START_UP)
def test_ctrl_c_during_start_up_ends_quietly_with_status_130(tmp_path, module):
    # from a terminal: a game started with Ctrl+C ignored hears it only once main.py gave it back
    run, _ = start(["-X", "importtime", *GAME, "--data", str(tmp_path), "--deal", "EO1-C8-AAAAAFA"],
                   STARTS["from a terminal"])
    assert run.stderr is not None
    lines = []
    stuck = threading.Timer(60, run.kill)  # a game that never reaches the module (or hangs) is ended
    stuck.start()
    try:
        for line in run.stderr:
            lines.append(line)
            if line.startswith("import time:") and line.rsplit("|", 1)[1].strip() == module:
                run.send_signal(signal.SIGINT)
                break
        else:
            pytest.fail(f"{module} was never imported:\n{''.join(lines[-20:])}")
    finally:
        stuck.cancel()
        err = finish(run)
    said = [line for line in err.splitlines() if not line.startswith("import time:")]
    assert run.returncode == 130, "\n".join(said)
    assert not any("Traceback" in line or "KeyboardInterrupt" in line for line in said), "\n".join(said)


def played_game(folder) -> None:
    """A saved game in ``folder`` with one move played: its clock runs as soon as a window resumes it."""
    app = build_app(["--data", str(folder), "--size", "640x480", "--deal", "EO1-C8-AAAAAFA"], headless=True)
    assert app.table.play("c3>c8").ok
    app.play.quit()
    app.close()
    saved = json.loads((folder / "game.json").read_text())
    assert saved["actions"] == ["c3>c8"] and saved["elapsed"] < 1


@pytest.mark.parametrize("stop", ["SIGHUP", "SIGTERM"])
def test_closing_the_terminal_saves_the_play_time_as_closing_the_window(tmp_path, stop):
    played_game(tmp_path)
    began = time.monotonic()
    run, pid = start([*GAME, "--data", str(tmp_path)], STARTS["from a terminal"])
    try:
        time.sleep(3.5)  # start-up (well under a second alone), then play time
        assert run.poll() is None
        os.kill(pid, getattr(signal, stop))
    finally:
        err = finish(run)
    ended = time.monotonic()
    assert run.returncode == 0, err
    assert "Traceback" not in err, err
    saved = json.loads((tmp_path / "game.json").read_text())
    assert saved["actions"] == ["c3>c8"]
    assert 1.0 <= saved["elapsed"] <= ended - began  # before: 0.0 (the process ended where it stood)


def test_under_nohup_the_game_outlives_its_terminal(tmp_path):
    # nohup starts a program with SIGHUP ignored: the game keeps it so, and plays on
    played_game(tmp_path)
    run, pid = start([*GAME, "--data", str(tmp_path)], {"shell": f"trap '' HUP; {BACKGROUND}"})  # nohup's way
    try:
        time.sleep(1.5)
        os.kill(pid, signal.SIGHUP)
        time.sleep(2.5)  # more than a window takes to close on a signal it takes (about a second at most)
        alive = run.poll() is None
        os.kill(pid, signal.SIGTERM)
    finally:
        err = finish(run)
    assert alive, err
    assert run.returncode == 0, err
    assert json.loads((tmp_path / "game.json").read_text())["elapsed"] >= 1.0


def test_only_the_stop_signals_left_at_their_default_are_taken():
    from game import host

    async def taken(**where) -> list[int]:
        return host.on_stop_signals(lambda: None, **where)

    def own(signum, frame) -> None:
        pass

    previous = {number: signal.getsignal(number) for number in (signal.SIGHUP, signal.SIGTERM)}
    try:
        for number in previous:
            signal.signal(number, signal.SIG_DFL)
        took = asyncio.run(taken())
        assert took == [signal.SIGHUP, signal.SIGTERM]
        assert all(callable(signal.getsignal(number)) for number in took)  # ours, until given back
        host.give_back_stop_signals(took)
        assert all(signal.getsignal(number) is signal.SIG_DFL for number in took)
        assert asyncio.run(taken(browser=True)) == []
        signal.signal(signal.SIGHUP, signal.SIG_IGN)  # nohup's
        signal.signal(signal.SIGTERM, own)  # a harness's
        assert asyncio.run(taken()) == []
        assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN and signal.getsignal(signal.SIGTERM) is own
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)


def test_ctrl_c_is_given_back_only_where_it_was_ignored():
    from game.entry import restore_ctrl_c

    def own(signum, frame) -> None:
        pass

    previous = signal.getsignal(signal.SIGINT)
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        elsewhere = threading.Thread(target=restore_ctrl_c)  # signals are the main thread's: no error, no change
        elsewhere.start()
        elsewhere.join()
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
        restore_ctrl_c()
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        signal.signal(signal.SIGINT, own)
        restore_ctrl_c()
        assert signal.getsignal(signal.SIGINT) is own
    finally:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.default_int_handler)
