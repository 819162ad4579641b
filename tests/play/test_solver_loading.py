"""The solver of the game on the table is loaded when the game starts, not
inside the first slice of its first search: importing and compiling its
module and building its tables took 8 ms natively and 15 ms under Pyodide,
and made that slice overrun its frame (17 ms of a 16.7 ms frame, the first
hint of a session in the browser)."""

from __future__ import annotations

import importlib

import pytest

from game.engine import Game
from game.persistence.settings import Settings
from game.play.application import Application
from game.solver import SolverTask, problems


@pytest.mark.parametrize("deal", ["EH1-N-AABFPAF", "EO1-C8-AAAAAFA"])
def test_a_started_game_has_its_solver_loaded_before_any_search(deal, monkeypatch):
    problems._load.cache_clear()  # as in a new process: no solver loaded yet
    app = Application(Settings(), now=lambda: 0)
    app.start(Game.from_deal(deal))

    def no_import(name, *args):
        raise AssertionError(f"a search's slice imported {name}")

    monkeypatch.setattr(importlib, "import_module", no_import)
    task = SolverTask(app.session.game.position.copy(), seconds=30)
    slices = 0
    while task.nodes == 0 and slices < 1000:  # 1 ms slices until the search is under way (a loaded machine
        task.step(0.001)                      # may spend a whole first slice before its first node)
        slices += 1
    assert task.nodes > 0  # searching, and no slice imported anything
