"""Short, seeded runs of the fuzz suite of record (tools/fuzz.py); the long
runs are ``python3 tools/fuzz.py ui|cli|data|kill --count N --seed S``."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("fuzz", ROOT / "tools" / "fuzz.py")
fuzz = importlib.util.module_from_spec(_spec)
sys.modules["fuzz"] = fuzz
_spec.loader.exec_module(fuzz)


@pytest.mark.parametrize("game", ["easy-harp", "eight-off"])
def test_random_ui_events_keep_cards_sprites_and_save_in_step(game):
    report = fuzz.run_ui(150, seed=7, games=(game,), quiet=True)
    assert report.tried == 150 and report.failures == []


def test_the_same_seed_replays_the_same_ui_stream():
    """A reported seed and event reproduce: the window's new deals come
    from the fuzzer's own seeded choices (build_app's entropy), not the
    clock, so two runs with one seed see the same events and tables."""
    def stream(seed: int) -> list[tuple]:
        run = fuzz.UIFuzz("eight-off", seed, (1024, 768))
        seen: list[tuple] = []
        for _ in range(200):
            kind = run.step()
            pos = run.app.session.game.position
            seen.append((kind, pos.deal, pos.key(), pos.moves, type(run.app.top()).__name__))
        # a new deal is rare in a stream (New deal in its dialog): the window's own choice, asked
        seen += [str(run.app.play.random_deal("eight-off", variant)) for variant in ("C8", "C4", "C2")]
        run.app.close()
        return seen

    first = stream(11)
    assert stream(11) == first
    assert len({step[1] for step in first[:-3]}) > 1  # more than one deal on the way (quits, restarts)


def test_random_command_lines_end_in_status_0_or_one_short_error_line():
    report = fuzz.run_cli(150, seed=7, quiet=True)
    assert report.tried == 150 and report.failures == []


def test_damaged_records_never_raise_and_are_kept():
    report = fuzz.run_data(seed=7, count=60, quiet=True)
    assert report.tried == 60 and report.failures == []


@pytest.mark.skipif(not hasattr(os, "kill") or sys.platform.startswith("win"), reason="SIGKILL is POSIX")
def test_a_kill_in_the_middle_of_saving_never_loses_more_than_one_action():
    report = fuzz.run_kill(6, seed=7, quiet=True)
    assert report.tried == 6 and report.failures == []


def test_the_fuzzer_notices_a_broken_invariant():
    """The checks can fail: a lost card, sprites that lag, a save that isn't the table's."""
    from game.engine import Game
    from game.engine.actions import Pile
    from game.persistence import Persistence
    from game.persistence.storage import MemoryStorage

    ui = fuzz.UIFuzz("eight-off", seed=3)
    assert ui.check() is None
    ui.app.table.cards[Pile("c", 0)].pop()
    assert "sprites of c1" in fuzz.sprites_ok(ui.app)
    ui.app.session.game.position.columns[0].pop()
    assert "cards not conserved" in fuzz.card_counts_ok(ui.app.session.game.position)
    other = Game.from_deal("EO1-C8-AAAAAFA")
    other.play("r2>f")
    storage = MemoryStorage()
    Persistence(storage).save_game(other, 1.0)
    assert "not the table" in fuzz.saved_ok(storage, ui.app)


def test_a_failure_shows_the_whole_traceback(monkeypatch):
    """The report names the innermost frame, where the error was raised
    (it was cut to the six outermost frames, which stopped in the caller)."""
    def where_it_broke():
        raise ValueError("Cannot scale to negative size")

    def deep(n):
        return where_it_broke() if n == 0 else deep(n - 1)

    monkeypatch.setattr(fuzz.UIFuzz, "step", lambda self: deep(8))
    report = fuzz.run_ui(1, seed=7, games=("easy-harp",), quiet=True)
    assert len(report.failures) == 1
    assert "in where_it_broke" in report.failures[0] and "Cannot scale to negative size" in report.failures[0]
