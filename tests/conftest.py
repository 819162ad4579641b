"""Shared by every test.

No test touches the player's things: the session and each test run with
``$HOME``, the XDG folders and ``%APPDATA%`` in temporary folders, and a
guard fails the run if the real data folder changed (``tests/data_guard.py``).

A test leaves no solver search behind. A search that has run holds the
cyclic GC off until it ends and its tables are swept (``game.solver.search``);
a test may leave one running inside a window that is now garbage (a window's
objects refer to each other, so only a collection frees them): collect it,
then sweep."""

from __future__ import annotations

import gc
import itertools
import json
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

from data_guard import DataGuard, player_data_folders, stand_in_environment, user_site_environment


@pytest.fixture(autouse=True)
def _no_search_left():
    yield
    search = sys.modules.get("game.solver.search")
    if search is not None:
        while search.sweep(1.0):
            pass
        search.CollectorHold.release_all()  # a runner a test left behind holds nothing


class TickingClock:
    """A clock that moves one tick (1/1024 s, exact in binary) at every look:
    how far a slice ran is counted in looks, not timed on the machine."""

    def __init__(self) -> None:
        self.looks = 0

    def __call__(self) -> float:
        self.looks += 1
        return self.looks / 1024


@pytest.fixture
def ticking_clock(monkeypatch) -> TickingClock:
    """The solver's search reads this clock instead of the machine's."""
    from game.solver import search

    clock = TickingClock()
    monkeypatch.setattr(search.time, "perf_counter", clock)
    return clock


# ---- the player's data folder: out of reach, and guarded ------------------------------

_REAL_ENVIRON_VARIABLE = "EASY_HARP_TESTS_REAL_ENVIRON"
_GUARD = pytest.StashKey[DataGuard]()
_REAL_ENVIRON = pytest.StashKey[dict]()
_SESSION_HOME = pytest.StashKey[tuple]()  # (its folder, the variables it replaced)


def pytest_sessionstart(session):
    """Look at the real data folders (from the real environment, before
    anything is patched), then point the whole session at a stand-in home.
    The tests run in several processes (pytest-xdist, ``-n`` in
    pyproject.toml): the first one, which starts the others after this hook,
    hands them the real environment (``_REAL_ENVIRON_VARIABLE``), so that each
    one's guard watches the real folders, not the first one's stand-in."""
    stash = session.config.stash
    handed = os.environ.pop(_REAL_ENVIRON_VARIABLE, None) if os.environ.get("PYTEST_XDIST_WORKER") else None
    real = json.loads(handed) if handed else dict(os.environ)
    stash[_REAL_ENVIRON] = real
    stash[_GUARD] = DataGuard(player_data_folders(real))
    root = Path(tempfile.mkdtemp(prefix="easy-harp-tests-home-"))
    patch = {**user_site_environment(real), **stand_in_environment(root)}
    patch[_REAL_ENVIRON_VARIABLE] = json.dumps(real)  # for the processes this one starts (its workers)
    stash[_SESSION_HOME] = (root, {name: os.environ.get(name) for name in patch})
    os.environ.update(patch)


# The run's order, for its several processes (pytest-xdist, --dist loadgroup in pyproject.toml):
# - each page test file is one group, run whole in one process: its page, server and Chromium are
#   made once (xdist hands out the largest groups first: the longest files, mostly waiting on
#   pages that hang on purpose, start at once);
# - then the other tests one by one, the longest first (Pyodide, eight windows at once), so the
#   short ones fill the time around them instead of one long test ending the run alone.
_GROUPED = "tests/page/"
_LONG_FIRST = (
    "tests/page/test_webassembly.py",
    "tests/page/",
    "tests/persistence/test_one_count_per_game.py",
    "tests/solver/test_solver.py",
    "tests/cli/test_console_command.py",
    "tests/solver/test_known_wins.py",
)


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(session, config, items):
    def rank(item) -> int:
        path = item.nodeid.split("::", 1)[0]
        return next((i for i, start in enumerate(_LONG_FIRST) if path.startswith(start)), len(_LONG_FIRST))

    items.sort(key=rank)  # stable: within a rank, the collection's order
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        if path.startswith(_GROUPED) and path != _LONG_FIRST[0]:
            item.add_marker(pytest.mark.xdist_group(path))


def pytest_collection_finish(session):
    guard = session.config.stash.get(_GUARD, None)
    if guard is not None:
        guard.look("the collection (importing the test modules)")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """After each test and its fixtures: a stat-only look names the culprit."""
    guard = item.config.stash.get(_GUARD, None)
    try:
        result = yield
    except BaseException:
        if guard is not None:
            guard.look(item.nodeid)  # told at the end; this teardown's own error comes first
        raise
    changed = guard.look(item.nodeid) if guard is not None else []
    if changed:
        pytest.fail("this test wrote in the player's real data folder:\n  " + "\n  ".join(changed), pytrace=False)
    return result


def pytest_sessionfinish(session):
    stash = session.config.stash
    if _SESSION_HOME in stash:
        root, replaced = stash[_SESSION_HOME]
        for name, value in replaced.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        shutil.rmtree(root, ignore_errors=True)
        del stash[_SESSION_HOME]
    guard = stash.get(_GUARD, None)
    lines = guard.report() if guard is not None else []
    if not lines:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.line("")  # after the progress dots
        reporter.write_sep("!", "the player's data folder changed", red=True)
        for line in lines:
            reporter.write_line(line, red=True)
    else:
        sys.stderr.write("\n".join(lines) + "\n")
    session.shouldfail = session.shouldfail or "the player's data folder changed during the tests"
    if session.exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


_HOMES = itertools.count()


@pytest.fixture(scope="session")
def _stand_in_homes(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("homes")


@pytest.fixture(autouse=True)
def _temporary_home(request, _stand_in_homes, monkeypatch):
    """Each test: a fresh, empty home, its data, config and cache folders
    in it (beside the test's ``tmp_path``, not in it: tests count what is there)."""
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)[:40]
    for variable, value in stand_in_environment(_stand_in_homes / f"{next(_HOMES)}-{name}").items():
        monkeypatch.setenv(variable, value)


@pytest.fixture(scope="session")
def real_environ(request) -> dict[str, str]:
    """The environment the session started with, real ``$HOME`` and all:
    only for tools that need the developer's own configuration (npm's and
    pip's, in tools/pyodide/setup.sh), never for the game."""
    return dict(request.config.stash.get(_REAL_ENVIRON, os.environ))
