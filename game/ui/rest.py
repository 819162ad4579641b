"""When a window rests, and until when: a window left alone costs nothing.

A frame that drew nothing, in which no event came, nothing moves and no
task waits, puts the window at rest (``settle``) until the next event or
the moment something is due (``wake_at``, at most ``REST_MS`` away: a
message's fade, a held refusal's double-tap window, the clock's next
shown second, a failed write's retry). While it rests a frame only looks
at the events (``skip``); natively the loop sleeps in the meantime
(``wait_ms``: how long ``pygame.event.wait`` may wait), in the browser,
whose frames the page paces and which must get control back every frame,
a resting frame returns at once. Anything that changes the window from
outside its events (the page's size, a caller) ``wake``s it.

Pure Python (no pygame): the Python a resting frame runs is measured under
WebAssembly too (``tools/bench_wasm.py``).
"""

from __future__ import annotations

from typing import Callable, Sequence

REST_MS = 1000  # the longest a resting window waits before it looks again (nothing should need it)


class Rest:
    def __init__(self, now: Callable[[], int], enabled: bool = True) -> None:
        self.now = now
        self.enabled = enabled  # a real window rests; a headless canvas (tests, tools) never does
        self.resting = False  # the last frame found nothing to do
        self.wake_at: int | None = None  # when a resting window must look again (None: at the next event)

    def skip(self, events: Sequence[object]) -> bool:
        """This frame can be skipped: at rest, no event came and nothing is due."""
        if not self.resting or events:
            return False
        at = self.wake_at
        return at is None or self.now() < at

    def settle(self, drew: bool, events: bool, still: bool, wake_at: Callable[[], int | None]) -> None:
        """After a whole frame: rest when it drew nothing, no event came and
        nothing moves or waits (``still``); then ``wake_at()`` says when
        something is next due."""
        self.resting = self.enabled and not drew and not events and still
        self.wake_at = wake_at() if self.resting else None

    def wait_ms(self) -> int:
        """How long a resting window may sleep for an event (0: look now)."""
        if not self.resting:
            return 0
        if self.wake_at is None:
            return REST_MS
        return max(0, min(REST_MS, self.wake_at - self.now()))

    def wake(self) -> None:
        """Something changed from outside the events: the next frame runs whole."""
        self.resting = False
        self.wake_at = None
