"""The browser has one thread and an event loop that must get control back
every frame: nothing on the game path may sleep or start a thread."""

from __future__ import annotations

import ast
import asyncio
import random
import threading
import time
from pathlib import Path

import pygame
import pytest

from .conftest import ROOT

FORBIDDEN_CALLS = {("time", "sleep"), ("threading", "Thread"), ("asyncio", "to_thread"), ("_thread", "start_new_thread")}
FORBIDDEN_MODULES = {"threading", "_thread", "concurrent", "multiprocessing"}
# The one wait allowed, and why: a native write waits (at most FileStorage.LOCK_WAIT, half a
# second, in 5 ms steps) for another process's lock on the same record, as it would wait for a
# slow disk; a browser tab has no file locks and never gets there (host.PageStorage).
ALLOWED = {("game/persistence/storage.py", "time.sleep")}


def game_path_files() -> list[Path]:
    return [ROOT / "main.py", *sorted((ROOT / "game").rglob("*.py"))]


def test_no_sleep_or_thread_in_the_game_code():
    found = []
    for path in game_path_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found += [(path, a.name) for a in node.names if a.name.split(".")[0] in FORBIDDEN_MODULES]
            elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in FORBIDDEN_MODULES:
                found.append((path, node.module))
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                if (node.value.id, node.attr) in FORBIDDEN_CALLS or node.attr == "run_in_executor":
                    found.append((path, f"{node.value.id}.{node.attr}"))
    found = [(p.relative_to(ROOT).as_posix(), what) for p, what in found]
    assert not [hit for hit in found if hit not in ALLOWED], found


@pytest.fixture
def no_sleep_no_threads(monkeypatch):
    calls = []

    def refuse(name):
        def call(*args, **kwargs):
            calls.append(name)
            raise AssertionError(f"{name} called on the game path")
        return call

    monkeypatch.setattr(time, "sleep", refuse("time.sleep"))
    monkeypatch.setattr(threading.Thread, "start", refuse("Thread.start"))
    monkeypatch.setattr(asyncio, "to_thread", refuse("asyncio.to_thread"))
    monkeypatch.setattr(asyncio.BaseEventLoop, "run_in_executor", refuse("run_in_executor"))
    return calls


@pytest.mark.parametrize("code", ["EH1-N-AAAAAAF", "EO1-C8-AAAAAFA"])
def test_a_session_of_play_hints_and_dialogs_never_sleeps_or_starts_a_thread(driver_for, no_sleep_no_threads, code):
    d = driver_for(code)
    rng = random.Random(7)
    keys = [pygame.K_h, pygame.K_d, pygame.K_TAB, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_F1, pygame.K_u, pygame.K_n]
    for _ in range(300):
        if rng.random() < 0.5:
            d.post(pygame.KEYDOWN, key=rng.choice(keys), mod=0, unicode="")
        else:
            pos = (rng.randrange(d.app.width), rng.randrange(d.app.height))
            d.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            d.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        d.clock.t += rng.randrange(5, 400)
        d.run(1)
    assert no_sleep_no_threads == []
