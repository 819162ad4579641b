"""Each search owns its tables, and only a search that still holds all of
them can end "unwinnable" (``search._Stats``, ``search._exhausted``).

Before this, the portfolio's searches and the restart stream added their
tables to one shared list, and a restart that used up its budget handed the
tail of that list, other searches' live tables included, to the sweeper: a
best-first search whose queue was swept away then "proved" a winnable deal
lost (tests/solver/test_known_wins.py has the real deals)."""

from __future__ import annotations

import pytest

from game.engine import deal_position
from game.solver import UNKNOWN, UNWINNABLE, SolverTask
from game.solver import easy_harp, search
from game.solver.problems import problem_for
from game.solver.search import _Stats, sweep

from tests.solver.test_solver import LOST


def _sweep_all() -> None:
    while sweep(1.0):
        pass


def _best_first(position):
    """A best-first search of the position's problem, its stats, and a step
    function that returns the verdict once it ends (else None)."""
    problem = problem_for(position).variants()[0]
    stats = _Stats()
    run = search.best_first(problem, stats, None)

    def step():
        try:
            next(run)
        except StopIteration as stop:
            return stop.value[0]
        return None

    return stats, step


def test_a_search_that_keeps_its_tables_proves_a_lost_position_lost() -> None:
    stats, step = _best_first(LOST["easy-harp some moves"])
    verdict = None
    while verdict is None:
        verdict = step()
    assert verdict == UNWINNABLE
    stats.release()
    _sweep_all()


def test_a_search_whose_tables_were_released_ends_unknown() -> None:
    """Released mid-search (cancelled, dropped) and swept: its queue runs
    dry, and that proves nothing."""
    stats, step = _best_first(LOST["easy-harp some moves"])
    for _ in range(5):
        assert step() is None
    stats.release()
    assert stats.released and stats.tables == []
    _sweep_all()
    verdict = None
    while verdict is None:
        verdict = step()
    assert verdict == UNKNOWN


def test_a_search_that_lost_part_of_its_table_cannot_say_unwinnable() -> None:
    """A key taken out of its table behind its back: the count of keys no
    longer matches the nodes, and the search stops on the assertion instead
    of answering "unwinnable"."""
    stats, step = _best_first(LOST["easy-harp some moves"])
    for _ in range(5):
        assert step() is None
    seen = stats.tables[0]
    assert isinstance(seen, set)
    seen.pop()
    with pytest.raises(AssertionError, match="lost part of its table"):
        while step() is None:
            pass
    stats.release()
    _sweep_all()


def test_release_reaches_every_search_under_it() -> None:
    root = _Stats()
    a, b = root.part(), root.part()
    c = b.part()
    a.tables.append({1, 2})
    c.tables.append([3])
    root.drop(a)
    assert a.released and not root.released and not b.released and root.parts == [b]
    root.release()
    assert root.released and b.released and c.released and c.tables == [] and root.parts == []
    _sweep_all()


def test_dropped_restarts_leave_the_searches_beside_them_whole(monkeypatch) -> None:
    """Tiny restart budgets (every restart is dropped within a few slices)
    on a real deal, in small slices with the sweeper between them: every
    search still running keeps one key per node in its table, and none of
    them is released."""
    monkeypatch.setattr(easy_harp, "RESTART_NODES", 40)
    monkeypatch.setattr(easy_harp, "RESTART_DOUBLING", 4)
    task = SolverTask(deal_position("EH1-N-AAAAAAF"), seconds=600, max_nodes=6000)
    dropped = 0
    while not task.step(0.002):
        sweep(0.001)
        fixed, stream = task._stats.parts[:-1], task._stats.parts[-1]
        dropped = max(dropped, stream.nodes - sum(p.nodes for p in stream.parts))  # nodes of dropped restarts
        for part in fixed + stream.parts:
            assert not part.released
            seen = part.tables[0] if part.tables else set()
            assert len(seen) == part.nodes, "a live search lost part of its table"
    assert dropped > 0  # restarts were dropped while the fixed searches ran
    assert task.result.result != UNWINNABLE
    _sweep_all()
