"""The search shared by both games, in slices.

A *problem* (one per game, see ``eight_off`` and ``easy_harp``) knows its
own compact state and offers four things:

* ``start() -> (actions, state)``: the state after the safe moves to the
  foundations that are due right away, with those moves' actions;
* ``children(state) -> list[(score, actions, state)]``: every move worth
  trying, best (highest score) first, each already followed by its safe foundation moves (the
  actions list holds all of them: the game itself never automates);
* ``key(state)``: a canonical key, equal for states that are the same game
  (interchangeable columns sorted, cells as a multiset, ...);
* ``won(state)``.

The search is a depth-first search over those children with one table of
every key seen. The table makes it exhaustive: when the stack runs dry
every reachable state (up to the problem's sound pruning) has been seen and
none was won, so the result is a proof, ``unwinnable``. A time or node
limit ends it with ``unknown``.

It is written as a generator that yields every few hundred states, so a
game window without threads can run it a few milliseconds per frame
(``SolverTask.step``).
"""

from __future__ import annotations

import time
from heapq import heappop, heappush
from dataclasses import dataclass, field
from typing import Any, Iterator

WINNABLE, UNWINNABLE, UNKNOWN = "winnable", "unwinnable", "unknown"
# Every search yields after its set-up and after each expansion (one
# ``children()`` call, the unit of work): a slice overruns its budget by at
# most one expansion, never by a whole round of set-ups (issue 13: the first
# Easy Harp slice took 99-170 ms under WebAssembly when set-up wasn't sliced).


@dataclass
class SolveResult:
    """``actions`` is a full solution (contract notation) when ``result``
    is ``winnable``; otherwise it is empty."""

    result: str
    actions: list[str] = field(default_factory=list)
    seconds: float = 0.0
    nodes: int = 0

    def to_dict(self) -> dict:
        return {
            "result": self.result,
            "actions": list(self.actions),
            "seconds": round(self.seconds, 4),
            "nodes": self.nodes,
        }


class _Stats:
    nodes = 0


def depth_first(problem: Any, stats: _Stats, max_nodes: int | None) -> Iterator[None]:
    """Yields now and then; returns (via StopIteration.value) the result
    string and the solution's actions."""
    actions, state = problem.start()
    key = problem.key
    won = problem.won
    children = problem.children
    seen = {key(state)}
    stats.nodes = 1
    if won(state):
        return WINNABLE, actions
    yield
    # Each frame: (children of a state, next index, the actions that led to it)
    stack: list[list] = [[children(state), 0, actions]]
    while stack:
        frame = stack[-1]
        kids, i = frame[0], frame[1]
        if i >= len(kids):
            stack.pop()
            continue
        frame[1] = i + 1
        _, acts, child = kids[i]
        k = key(child)
        if k in seen:
            continue
        seen.add(k)
        stats.nodes += 1
        if won(child):
            path = [a for f in stack for a in f[2]] + acts
            return WINNABLE, path
        stack.append([children(child), 0, acts])
        if max_nodes is not None and stats.nodes >= max_nodes:
            return UNKNOWN, []
        yield
    return UNWINNABLE, []


def best_first(problem: Any, stats: _Stats, max_nodes: int | None) -> Iterator[None]:
    """Always expand the best-scored state seen so far (greedy best-first).
    Like ``depth_first`` it sees every reachable state before it gives up,
    so an empty queue is a proof as well; it keeps every state it queued."""
    actions, state = problem.start()
    key = problem.key
    won = problem.won
    children = problem.children
    seen = {key(state)}
    stats.nodes = 1
    if won(state):
        return WINNABLE, actions
    parents: list[tuple[int, tuple[str, ...]]] = [(-1, tuple(actions))]
    heap = [(0, 0, state)]
    yield
    while heap:
        # ids are stored negated so that among equal scores the newest wins
        _, neg_id, state = heappop(heap)
        current = -neg_id
        for score, acts, child in children(state):
            k = key(child)
            if k in seen:
                continue
            seen.add(k)
            stats.nodes += 1
            node = len(parents)
            parents.append((current, tuple(acts)))  # tuples of str: the GC stops tracking them
            if won(child):
                path: list[str] = []
                while node >= 0:
                    parent, acts = parents[node]
                    path[:0] = acts
                    node = parent
                return WINNABLE, path
            heappush(heap, (-score, -node, child))
        if max_nodes is not None and stats.nodes >= max_nodes:
            return UNKNOWN, []
        yield
    return UNWINNABLE, []


def portfolio(problem: Any, stats: _Stats, max_nodes: int | None) -> Iterator[None]:
    """Best-first and depth-first taking turns, each on its own table: they
    solve different deals quickly. A problem with ``variants()`` (the same
    game scored in different ways) gets one best-first search per variant. The first verdict wins (each search is
    exhaustive on its own, so either one's ``unwinnable`` is a proof)."""
    searches = []
    variants = problem.variants() if hasattr(problem, "variants") else [problem]
    for strategy, prob in [(best_first, p) for p in variants] + [(depth_first, problem)]:
        own = _Stats()
        searches.append((strategy(prob, own, None), own))
    while True:
        for search, own in searches:
            try:
                next(search)
            except StopIteration as stop:
                stats.nodes = sum(o.nodes for _, o in searches)
                for other, _ in searches:
                    other.close()
                return stop.value
            stats.nodes = sum(o.nodes for _, o in searches)
            if max_nodes is not None and stats.nodes >= max_nodes:
                return UNKNOWN, []
            yield  # one step of one search at a time: a slice can stop between them


STRATEGIES = {"depth-first": depth_first, "best-first": best_first, "portfolio": portfolio}


class SolverTask:
    """A solve that runs in slices: call ``step()`` once a frame until it
    returns True, then read ``result``. ``cancel()`` stops it for good
    (``result`` is then ``unknown``).

    >>> from game.engine import deal_position
    >>> task = SolverTask(deal_position("EO1-C8-AAAAAAB"), seconds=20)
    >>> while not task.step(0.005): pass
    >>> task.result.result
    'winnable'
    """

    def __init__(self, position: Any, seconds: float = 30.0, max_nodes: int | None = None) -> None:
        self.position = position
        self.seconds = seconds  # search time, summed over the slices
        self._stats = _Stats()
        self._search = self._searching(max_nodes)  # nothing runs before the first step
        self._spent = 0.0
        self.result: SolveResult | None = None

    def _searching(self, max_nodes: int | None) -> Iterator[None]:
        """The set-up (the game's problem) inside the first slice, then the search."""
        from .problems import problem_for

        problem = problem_for(self.position)
        strategy = STRATEGIES[getattr(problem, "strategy", "depth-first")]
        yield
        return (yield from strategy(problem, self._stats, max_nodes))

    @property
    def done(self) -> bool:
        return self.result is not None

    @property
    def nodes(self) -> int:
        return self._stats.nodes

    def cancel(self) -> None:
        if self.result is None:
            self._search.close()
            self._finish(UNKNOWN, [])

    def step(self, budget_seconds: float = 0.004) -> bool:
        """Search for about ``budget_seconds``; True once there is a result."""
        if self.result is not None:
            return True
        start = time.perf_counter()
        deadline = start + budget_seconds
        try:
            while True:
                next(self._search)
                now = time.perf_counter()
                if self._spent + (now - start) >= self.seconds:
                    self._spent += now - start
                    self._search.close()
                    self._finish(UNKNOWN, [])
                    return True
                if now >= deadline:
                    break
        except StopIteration as stop:
            self._spent += time.perf_counter() - start
            verdict, actions = stop.value
            self._finish(verdict, actions)
            return True
        self._spent += time.perf_counter() - start
        return False

    def run(self) -> SolveResult:
        """Run to the end (command line, tools)."""
        while not self.step(1.0):
            pass
        assert self.result is not None
        return self.result

    def _finish(self, verdict: str, actions: list[str]) -> None:
        self.result = SolveResult(verdict, list(actions), self._spent, self._stats.nodes)
