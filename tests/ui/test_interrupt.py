"""Ctrl+C in the terminal stops the game as closing its window does: the
game and the play time since the last move are saved, and the program ends
with status 130 and no traceback."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from game.persistence.storage import MemoryStorage
from game.ui.launch import build_app

from .conftest import ROOT, FakeClock, main_module


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


def test_ctrl_c_ends_main_py_with_status_130_and_no_traceback(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    run = subprocess.Popen([sys.executable, "main.py", "--data", str(tmp_path), "--size", "640x480",
                            "--deal", "EO1-C8-AAAAAFA"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while not (tmp_path / "game.json").exists():  # started: the new game is saved
            assert run.poll() is None and time.monotonic() < deadline, run.stderr.read() if run.stderr else ""
            time.sleep(0.05)
        run.send_signal(signal.SIGINT)
        _, err = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    assert run.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert json.loads((tmp_path / "game.json").read_text())["position"]["deal"] == "EO1-C8-AAAAAFA"
