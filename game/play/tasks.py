"""Background work done in slices inside the loop (the solver, the clock's
save, freeing a finished search's tables): no threads, the browser has none.
Each frame the window runs the tasks for about ``BUDGET_MS`` in all."""

from __future__ import annotations

import time
from typing import Protocol

from ..solver.search import CollectorHold

BUDGET_MS = 4


class Task(Protocol):
    # True for a task that steps a search or frees its tables: while the runner has one,
    # it holds the cyclic collector off (game.solver.search.CollectorHold)
    searching: bool

    def step(self, budget_ms: float) -> bool:  # True while there is more to do
        ...


class Tasks:
    def __init__(self) -> None:
        self.running: list[Task] = []
        self.collector = CollectorHold()  # off while a search task runs, its tables freed
        self.idle = False  # nothing moves on the table this frame: a search may take more

    def __contains__(self, task: object) -> bool:
        return any(task is t for t in self.running)

    def add(self, task: Task) -> None:
        self.running.append(task)

    def cancel(self, task: Task) -> None:
        if task in self.running:
            self.running.remove(task)

    def run(self, idle: bool = False) -> bool:
        """Give the tasks about ``BUDGET_MS`` in all: each one gets a fair
        share of what the ones before it left (the save keeper's quick look
        leaves nearly all of it to the solver). The collector is held off
        from before a search task steps until the end of the frame in which
        the last one ended; True for that frame (the searches and the
        freeing of their tables are over)."""
        self.idle = idle
        searching = self.searching()
        self.collector.keep(searching)
        if self.running:
            start = time.perf_counter()
            tasks = list(self.running)
            done = []
            for i, task in enumerate(tasks):
                spent = (time.perf_counter() - start) * 1000
                share = max(0.5, (BUDGET_MS - spent) / (len(tasks) - i))
                if not task.step(share):
                    done.append(task)
            # a task may add or cancel tasks while it steps
            self.running = [task for task in self.running if not any(task is d for d in done)]
        still = self.searching()
        self.collector.keep(still)
        return searching and not still

    def searching(self) -> bool:
        return any(task.searching for task in self.running)
