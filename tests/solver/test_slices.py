"""The solver in a frame's slice (a frame must not wait for it): a slice ends within a few children
(``easy_harp.PAUSE_CHILDREN``) of its budget even inside an expansion of thousands of talon chains, the
pauses change nothing in what the search finds, the search makes no
reference cycles and holds the cyclic GC off only while it runs and its
tables are freed, and those tables are freed a piece at a time.

No timing of the real machine: the clocks here move with the work."""

from __future__ import annotations

import gc

import pytest

from game.engine import deal_position
from game.solver import SolverTask, solve
from game.solver import easy_harp, search
from game.solver.problems import problem_for
from game.solver.search import SWEEP_PIECE, CollectorHold, finish, sweep

BIG = "EH1-N-AAAAAAJ"  # early expansions of 1,600-3,000 children (whole talon chains)
LONG = "EH1-N-AABZFMT"  # deal 900087: about 230,000 states to its win


def test_a_slice_ends_within_a_few_children_of_its_budget(monkeypatch) -> None:
    """A fake clock that moves 1 ms with each child an Easy Harp expansion
    makes: a 4 ms slice makes at most 4 + PAUSE_CHILDREN children, while
    expansions make hundreds (one expansion was one unbroken piece of work before)."""
    made = 0
    play = easy_harp._play  # what an expansion calls once per child it makes

    def counted(*args):
        nonlocal made
        made += 1
        return play(*args)

    monkeypatch.setattr(easy_harp, "_play", counted)
    monkeypatch.setattr(search.time, "perf_counter", lambda: made / 1000)
    task = SolverTask(deal_position(BIG), seconds=600)
    for _ in range(400):
        before = made
        assert not task.step(0.004)
        assert made - before <= 4 + easy_harp.PAUSE_CHILDREN
    assert made >= 1500  # it got on: past the first big expansions
    task.cancel()


def test_an_expansion_pauses_every_few_children_and_resumes_where_it_was() -> None:
    """Several expansions made a piece at a time each, in turns, give what
    each gives in one go; each pauses at least once per PAUSE_CHILDREN children."""
    problem = problem_for(deal_position(BIG))
    for variant in problem.variants()[:1] + problem.variants()[-1:]:  # whole chains; one card at a time
        _, state = variant.start()
        kids = variant.children(state)
        states = [state] + [child for _, _, child in kids[:3]]
        wanted = [variant.children(s) for s in states]
        # all of them at once, a child of each in turn
        expansions = [variant.expand(s) for s in states]
        results: list = [None] * len(states)
        pauses = [0] * len(states)
        while any(r is None for r in results):
            for i, expansion in enumerate(expansions):
                if results[i] is None:
                    try:
                        next(expansion)
                        pauses[i] += 1
                    except StopIteration as stop:
                        results[i] = stop.value
        assert results == wanted
        assert all(p >= len(w) // easy_harp.PAUSE_CHILDREN for p, w in zip(pauses, wanted))
        assert finish(variant.expand(state)) == kids


@pytest.mark.parametrize("code", ["EH1-N-AAAAAAT", "EO1-C8-AAAAAAC"])
def test_slices_change_nothing_in_what_the_search_finds(request, code: str) -> None:
    """The same win, the same actions and the same node count whether the
    search runs in one go or stops at every pause (a clock that moves a
    tick at each look, slices of half a tick)."""
    whole = solve(deal_position(code), seconds=600)
    request.getfixturevalue("ticking_clock")  # after the whole solve, which runs on the real clock
    task = SolverTask(deal_position(code), seconds=600)
    steps = 1
    while not task.step(0.5 / 1024):
        steps += 1
    assert task.result.result == whole.result == "winnable"
    assert task.result.actions == whole.actions and task.result.nodes == whole.nodes
    # it did stop inside expansions: Easy Harp's every few children it made (each node was one),
    # Eight Off's between the keys it looked up
    assert steps > (whole.nodes // easy_harp.PAUSE_CHILDREN if code.startswith("EH") else whole.nodes)


def test_a_search_makes_no_reference_cycles() -> None:
    """Everything a search throws away is freed by reference counting, so
    holding the cyclic GC off while it runs leaks nothing: searches run to
    the end, cancelled between slices and inside an expansion, leave no
    garbage for a collection to find."""
    positions = [deal_position(code) for code in (BIG, "EH1-N-AAAAAAT", "EO1-C8-AAAAAAC", "EO1-C4-AAAAAAB")]
    gc.collect()
    gc.disable()
    try:
        for i, position in enumerate(positions):
            task = SolverTask(position, seconds=600, max_nodes=3000)
            steps = 0
            while not task.step(0.0005):
                steps += 1
                if position.deal == BIG and steps == 200:
                    task.cancel()
        while sweep(1.0):
            pass
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_the_collector_is_held_off_by_the_runner_while_a_search_runs_then_given_back() -> None:
    """A search never touches the collector: whatever runs it holds it off
    (``CollectorHold``) while it steps and until its tables are freed."""
    assert gc.isenabled()
    task = SolverTask(deal_position(BIG), seconds=600)
    task.step(0.002)
    assert gc.isenabled() and not search.collector_held()  # the task alone: nothing held
    hold = CollectorHold()
    hold.keep(True)
    task.step(0.002)
    assert not gc.isenabled() and search.collector_held() and hold.held
    task.cancel()
    hold.keep(bool(search._scrap))  # tables left to free
    assert not gc.isenabled()  # its tables are still there
    while sweep(0.001):
        hold.keep(bool(search._scrap))  # tables left to free
        assert not gc.isenabled()
    hold.keep(bool(search._scrap))  # tables left to free
    assert gc.isenabled() and not search.collector_held()
    # two holds at once: back only when both are given back
    first, second = CollectorHold(), CollectorHold()
    first.keep(True)
    second.keep(True)
    first.keep(False)
    assert not gc.isenabled()
    second.release()
    assert gc.isenabled()


def test_run_holds_the_collector_off_until_its_tables_are_freed(monkeypatch) -> None:
    seen = []
    real_step = SolverTask.step

    def step(self, budget_seconds=0.004):
        seen.append(gc.isenabled())
        return real_step(self, budget_seconds)

    real_sweep = search.sweep

    def sweeping(budget_seconds):
        seen.append(gc.isenabled())
        return real_sweep(budget_seconds)

    monkeypatch.setattr(SolverTask, "step", step)
    monkeypatch.setattr(search, "sweep", sweeping)
    SolverTask(deal_position(BIG), seconds=0.3).run(0.01)  # several slices even on a loaded machine
    assert len(seen) > 2 and not any(seen)
    assert gc.isenabled() and not search.collector_held()


def test_a_gc_turned_off_by_the_program_stays_off() -> None:
    gc.disable()
    try:
        hold = CollectorHold()
        hold.keep(True)
        hold.keep(False)
        assert not gc.isenabled() and not search.collector_held()
        solve(deal_position("EO1-C4-AAAAAAB"), seconds=5)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_an_ended_search_is_freed_a_piece_at_a_time() -> None:
    """Cancelling keeps its tables for ``sweep``, which frees at most
    ``SWEEP_PIECE`` entries of them per look at the clock (a budget of
    nothing: one piece a call); ``run`` frees them all before it returns."""
    task = SolverTask(deal_position(LONG), seconds=600)
    while task.nodes < 20_000:
        task.step(0.01)
    task.cancel()
    assert task.result.result == "unknown"

    def entries() -> int:
        return sum(len(table) for table in search._scrap)

    left = entries()
    assert left > 10 * SWEEP_PIECE
    calls = 0
    while sweep(0):
        calls += 1
        now = entries()
        assert left - now <= SWEEP_PIECE
        left = now
    assert calls >= 10 and entries() == 0
    solve(deal_position("EH1-N-AAAAAAT"), seconds=600)
    assert search._scrap == [] and gc.isenabled()


def test_a_hold_nobody_keeps_any_more_lapses() -> None:
    """A runner left behind while it held the collector off (a window closed
    or rebuilt in the middle of a hint, which only a collection can free)
    does not keep it off for good: after a few frames of another runner its
    hold lapses; that runner's own search holds it again."""
    left = CollectorHold()
    left.keep(True)
    runner = CollectorHold()
    for _ in range(CollectorHold.STALE_TICKS):
        runner.keep(False)
        assert not gc.isenabled()  # the other one might still run
    runner.keep(False)
    assert gc.isenabled() and not left.held and not search.collector_held()
    runner.keep(True)
    assert not gc.isenabled()
    runner.release()
    assert gc.isenabled()
