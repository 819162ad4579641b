"""The one list of the tests that run under WebAssembly as well as natively:
the game's pure-Python parts that the browser build runs without a window
(the engine, the solver, the records, the session and the application
layer in game/play).
``tests/page/test_webassembly.py`` checks that each ran, and
``tools/pyodide/run_engine_tests.mjs`` (Pyodide's CPython 3.12 in Node) runs
them, both from here."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# test files (globs from the repository's root), and the engine's doctests
PATTERNS = ["tests/engine/test_*.py", "tests/solver/test_solver.py", "tests/solver/test_ownership.py",
            "tests/solver/test_slices.py", "tests/solver/test_soundness.py", "tests/solver/test_portfolio.py",
            "tests/solver/test_easy_harp_line.py", "tests/persistence/test_storage.py",
            "tests/persistence/test_savegame.py", "tests/persistence/test_stats.py", "tests/play/test_today.py",
            "tests/play/test_session.py", "tests/play/test_purity.py", "tests/play/test_solver_loading.py",
            "tests/persistence/test_windows.py",  # two tabs on one localStorage: the browser's own case
            "tests/persistence/test_one_count_per_game.py", "tests/persistence/test_daily.py",
            "tests/play/test_daily.py", "tests/play/test_calendar.py", "tests/solver/test_yardstick.py",
            "tests/solver/test_avoid.py", "tests/play/test_follow_hints.py"]  # the hints' path, as the page plays it
DOCTESTS = ["game/engine"]

# The desktop's file storage meets the desktop's file system errors; the
# browser keeps its records in localStorage. Emscripten's in-memory file
# system has no limit on a name's length and answers "no such file" (not
# "not a folder") below a file, so these two cases of tests/persistence/test_storage.py
# don't arise there.
NATIVE_ONLY = [
    "tests/persistence/test_storage.py::test_the_game_starts_when_its_data_folder_cant_be_checked[name too long]",
    "tests/persistence/test_storage.py::test_the_game_starts_when_its_data_folder_cant_be_checked[a file where a folder should be]",
    # two processes on one data folder: the browser starts no process (its case is two tabs)
    "tests/persistence/test_windows.py::test_two_processes_recording_100_results_each_leave_200",
    "tests/persistence/test_one_count_per_game.py::test_eight_processes_winning_at_once_leave_eight_played_eight_won",
    "tests/persistence/test_one_count_per_game.py::"
    "test_windows_killed_while_setting_each_others_games_aside_leave_every_game_counted",
    "tests/persistence/test_daily.py::test_two_processes_recording_40_days_each_leave_80",
    "tests/persistence/test_daily.py::test_a_kill_in_the_middle_of_writing_loses_no_day_already_stored",
]


def files(root: Path = ROOT) -> list[str]:
    """The test files, as paths from ``root``, in a fixed order."""
    return sorted({path.relative_to(root).as_posix() for pattern in PATTERNS for path in root.glob(pattern)})


def pytest_args(root: Path = ROOT) -> list[str]:
    """What the WebAssembly run passes to pytest."""
    return files(root) + DOCTESTS + [f"--deselect={test}" for test in NATIVE_ONLY]
