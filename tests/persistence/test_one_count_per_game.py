"""Each game counted once, whatever the windows do (issue 35): a game has
an identity, in the saved game and in the result it leaves, and the
statistics count each identity once: won if any window won it, left
unfinished only if none finishes it.

The race it closes: a window that starts while another window's game is
saved (``main.py --deal``: the saved game is replaced) counts that game as
left unfinished, and the other window then wins it. Eight processes winning
one deal at once on one data folder left 9 to 15 games played for 8 won."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import Game
from game.persistence import Persistence
from game.persistence.storage import FileStorage
from game.play.application import Application
from game.play.events import Started
from game.play.session import Session

ROOT = Path(__file__).resolve().parents[2]
DEAL = "EO1-C8-AAAAAFA"


def winning_line(code: str = DEAL) -> list[str]:
    from game.engine import deal_position
    from game.solver import solve

    result = solve(deal_position(code), seconds=30)
    assert result.result == "winnable"
    return list(result.actions)


def c8(folder: Path):
    return Persistence(FileStorage(folder)).load_all().stats.get("eight-off", "C8")


# ---- the session's part: which game it is -----------------------------------------------------


def test_each_start_is_a_new_game_and_a_resumed_one_keeps_its_identity():
    session = Session()
    session.start(Game.from_deal(DEAL))
    first = session.identity
    session.start(session.restart_game())  # the same deal again is another game
    assert first and session.identity and session.identity != first
    second = session.identity
    session.start(Game.from_deal(DEAL), resumed=True, identity="saved-one")
    assert session.identity == "saved-one"
    ended = []
    session.events.on(Started, lambda start: ended.append(start.previous))
    session.adopt(Game.from_deal(DEAL), 0, identity="adopted")
    session.start(Game.from_deal(DEAL))
    assert ended[0].identity == "adopted" and session.identity not in (first, second, "adopted")


def _window(folder: Path) -> Application:
    persistence = Persistence(FileStorage(folder))
    loaded = persistence.load_all()
    return Application(loaded.settings, persistence=persistence, loaded=loaded)


def test_a_resumed_game_is_saved_and_counted_under_its_own_identity(tmp_path):
    a = _window(tmp_path)
    a.start(Game.from_deal(DEAL))
    line = winning_line()
    for action in line[:5]:
        assert a.session.play(action).ok
    identity = a.session.identity
    assert json.loads((tmp_path / "game.json").read_text())["id"] == identity
    b = _window(tmp_path)  # another window, on the saved game
    loaded = b.loaded
    b.resume(loaded.game, int(loaded.elapsed * 1000), loaded.counted, loaded.redo, loaded.identity)
    assert b.session.identity == identity
    for action in line[5:]:
        assert b.session.play(action).ok
    assert b.session.won
    a.start(Game.from_deal("EO1-C8-AAAAAFB"))  # A leaves its copy of the game b won: nothing more
    s = c8(tmp_path)
    assert (s.played, s.won) == (1, 1)


@pytest.mark.parametrize("order", ["unfinished first", "win first"])
def test_a_window_that_replaces_another_windows_game_leaves_it_to_that_window(tmp_path, order):
    """``main.py --deal`` in B while A plays: B counts A's game as left
    unfinished (the saved game is replaced), A wins it: one game, won."""
    line = winning_line()
    a = _window(tmp_path)
    a.start(Game.from_deal(DEAL))
    for action in line[:-1]:
        assert a.session.play(action).ok
    b = _window(tmp_path)
    loaded = b.loaded
    assert loaded.game is not None and loaded.identity == a.session.identity

    def b_starts() -> None:  # what build_app does for --deal over a saved game
        b.keeper.replaced(loaded)
        b.start(Game.from_deal("EO1-C8-AAAAAFB"))

    if order == "unfinished first":
        b_starts()
        assert (c8(tmp_path).played, c8(tmp_path).won) == (1, 0)  # left unfinished, for now
    assert a.session.play(line[-1]).ok and a.session.won
    if order == "win first":
        b_starts()
    s = c8(tmp_path)
    assert (s.played, s.won, s.current_streak) == (1, 1, 1)
    assert [r.won for r in s.recent] == [True]
    assert b.persistence.refresh_stats().get("eight-off", "C8").won == 1  # B's view agrees


def test_a_game_left_in_two_windows_counts_once_as_unfinished(tmp_path):
    a = _window(tmp_path)
    a.start(Game.from_deal(DEAL))
    assert a.session.play(winning_line()[0]).ok
    b = _window(tmp_path)
    loaded = b.loaded
    b.resume(loaded.game, int(loaded.elapsed * 1000), loaded.counted, loaded.redo, loaded.identity)
    b.start(Game.from_deal("EO1-C8-AAAAAFB"))
    a.start(Game.from_deal("EO1-C8-AAAAAFC"))
    s = c8(tmp_path)
    assert (s.played, s.won) == (1, 0)


def test_an_old_saved_game_without_an_identity_counts_once_too(tmp_path):
    """A record of format 3 (no identity), left by the version before,
    found by two windows: both make the same identity of it."""
    line = winning_line()
    game = Game.from_deal(DEAL)
    for action in line[:-1]:
        assert game.play(action).ok
    from game.persistence import savegame

    data = json.loads(savegame.dumps_game(game, 30))
    del data["id"]
    data["version"] = 3
    (tmp_path / "game.json").write_text(json.dumps(data))
    a, b = _window(tmp_path), _window(tmp_path)
    loaded_a, loaded_b = a.loaded, b.loaded
    a.resume(loaded_a.game, 30_000, False, [], loaded_a.identity)
    b.keeper.replaced(loaded_b)
    b.start(Game.from_deal("EO1-C8-AAAAAFB"))
    assert a.session.play(line[-1]).ok and a.session.won
    s = c8(tmp_path)
    assert (s.played, s.won) == (1, 1)


# ---- the case: eight processes at once -------------------------------------------------


def _eight_windows_win_at_once(folder: Path, line: list[str]) -> list[subprocess.Popen]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    return [
        subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--data", str(folder),
                          "--screenshot", str(folder / f"window{i}.png"), "--deal", DEAL, "--actions", " ".join(line)],
                         cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for i in range(8)
    ]


@pytest.mark.skipif(sys.platform == "emscripten", reason="no processes in the browser (its case is two tabs)")
def test_eight_processes_winning_at_once_leave_eight_played_eight_won(tmp_path):
    """Several rounds, each in a fresh data folder: whether a window starts
    while another one's game is saved depends on timing (before the fix,
    2 or 3 rounds in 3 counted 1 to 7 games too many)."""
    line = winning_line()
    for round_ in range(3):
        folder = tmp_path / f"round{round_}"
        folder.mkdir()
        for child in _eight_windows_win_at_once(folder, line):
            out, err = child.communicate(timeout=300)
            assert child.returncode == 0, err[-2000:]
        s = c8(folder)
        assert (s.played, s.won, s.current_streak, s.best_streak) == (8, 8, 8, 8), f"round {round_}"
        assert [r.won for r in s.recent] == [True] * 8
        assert len(list(folder.glob("window*.png"))) == 8  # every window played the line to the end
