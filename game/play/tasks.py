"""Background work done in slices inside the loop (the solver and the
freeing of its tables, learning a proven line, waiting for the page's
clipboard): no threads, the browser has none. Each frame the window runs
the tasks for about ``BUDGET_MS`` in all.

A task that is not ``ready`` (a search while the window is hidden) is
passed over and keeps the loop from nothing: while no task is ready the
window may sleep (``busy``). A task ends when its ``step`` returns False."""

from __future__ import annotations

import time
from typing import Protocol

from ..solver import CollectorHold

BUDGET_MS = 4


class Task(Protocol):
    # True for a task that steps a search or frees its tables: while the runner has one,
    # it holds the cyclic collector off (game.solver.CollectorHold)
    @property
    def searching(self) -> bool: ...
    @property
    def ready(self) -> bool: ...  # it wants frames now

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
        if task in self:
            self.running = [t for t in self.running if t is not task]

    @property
    def busy(self) -> bool:
        """Some task wants frames now."""
        return any(task.ready for task in self.running)

    def run(self, idle: bool = False) -> bool:
        """Give the ready tasks about ``BUDGET_MS`` in all: each one gets a
        fair share of what the ones before it left. The collector is held
        off from before a search task steps until the end of the frame in
        which the last one ended; True for that frame (the searches and the
        freeing of their tables are over)."""
        self.idle = idle
        searching = self.searching()
        self.collector.keep(searching)
        tasks = [task for task in self.running if task.ready]
        if tasks:
            start = time.perf_counter()
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
