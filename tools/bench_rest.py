"""What a frame of a window left alone costs in the browser: the Python a
resting frame runs (``game.ui.rest``), natively and under WebAssembly.

In the page the loop must yield every frame (pygbag paces it), so a window
at rest still gets a frame each 16.7 ms; it only looks at the events and
returns (``App.frame``: ``events`` -> ``Rest.skip``). Two figures:

* **the whole frame, natively**: the real chain (``FrameGuard.frame`` ->
  ``App.frame`` -> ``pygame.event.get`` -> ``Rest.skip``) on a real app at
  rest in its browser mode (headless, SDL's dummy driver), microseconds per
  frame, and the Python function calls it makes;
* **the Python of it, under WebAssembly**: Pyodide has no pygame, so the
  same calls are run with the real ``Rest`` and an empty event queue in
  place of ``pygame.event.get`` (a C function: no Python), natively and
  under Pyodide (``--wasm``), and the ratio of the two.

    python3 tools/bench_rest.py            # natively: both figures
    python3 tools/bench_rest.py --wasm     # the Python of a resting frame under Pyodide (Node)

It prints numbers and asserts nothing; compare figures of one run.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ui.rest import Rest  # noqa: E402

FRAMES = 20_000


class StillClock:
    def __init__(self) -> None:
        self.t = 1_000_000

    def __call__(self) -> int:
        return self.t


class Chain:
    """The calls of a resting browser frame, with the real ``Rest``: the
    guard's frame, the app's frame, its events (an empty queue), the skip."""

    def __init__(self) -> None:
        self.clock = StillClock()
        self.rest = Rest(self.clock, enabled=True)
        self.rest.settle(False, False, True, lambda: None)  # at rest, nothing due
        self.error = None
        self.browser, self.headless = True, True

    def events(self) -> list:
        wait = self.rest.wait_ms() if not (self.browser or self.headless) else 0
        if wait > 0:
            return []
        return []  # pygame.event.get(): C, no Python

    def app_frame(self) -> list:
        events = self.events()
        if self.rest.skip(events):
            return []
        raise AssertionError("the chain is not at rest")

    def guard_frame(self) -> list:
        if self.error is None:
            try:
                return self.app_frame()
            except Exception:
                raise
        return []


class Page:
    """The page as the loop asks it, every ``VIEWPORT_CHECK_FRAMES`` frames: its
    size (``gameViewport``) and whether its tab is visible."""

    class document:  # noqa: N801 - the page's name
        visibilityState = "visible"

    def gameViewport(self) -> str:  # noqa: N802 - the page's name
        return "1280x720"


def page_looks() -> None:
    """The loop's look at the page (``game.start.follow_viewport`` and
    ``follow_visibility``: the host's reads of it), as every 15th frame makes it."""
    from game import host

    page = Page()
    host.viewport_size(window=page)
    host.page_visible(window=page)


def per_frame(frame, frames: int) -> float:
    """Microseconds per call of ``frame`` (the best of three runs)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(frames):
            frame()
        best = min(best, (time.perf_counter() - start) / frames * 1e6)
    return best


def calls_per_frame(frame) -> int:
    calls = [0]

    def count(frame_, event, arg):
        if event == "call":
            calls[0] += 1

    sys.setprofile(count)
    try:
        frame()
    finally:
        sys.setprofile(None)
    return calls[0]


def real_app():
    """A real app in its browser mode, at rest."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.engine import Game
    from game.play import Application
    from game.ui.app import App
    from game.ui.guard import FrameGuard

    clock = StillClock()
    app = App(Application(now=clock), (1280, 720), headless=True, fps=0, browser=True, rests=True)
    app.start_game(Game.from_deal("EH1-N-AAAAAAF"), animate=False)
    for _ in range(200):
        clock.t += 16
        app.frame()
        if app.rest.resting:
            break
    assert app.rest.resting, "the app did not come to rest"
    app.rest.wake_at = None  # nothing due for the length of the run
    return FrameGuard(app)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The Python of a resting frame, natively and under WebAssembly.")
    parser.add_argument("--wasm", action="store_true", help="run the Python of a resting frame under Pyodide")
    parser.add_argument("--frames", type=int, default=FRAMES)
    args = parser.parse_args(argv)
    if args.wasm:
        return under_wasm(["--frames", str(args.frames)])
    chain = Chain()
    here = "WebAssembly (Pyodide)" if sys.platform == "emscripten" else "natively"
    python_us = per_frame(chain.guard_frame, args.frames)
    print(f"the Python of a resting frame, {here}: {python_us:.3f} us a frame "
          f"({calls_per_frame(chain.guard_frame)} Python calls)")
    looks_us = per_frame(page_looks, max(1, args.frames // 10))
    print(f"the loop's look at the page's size and visibility, {here}: {looks_us:.3f} us, every 15th frame: "
          f"{looks_us / 15:.3f} us a frame; with the frame's own: {python_us + looks_us / 15:.3f} us a frame")
    if sys.platform != "emscripten":
        guard = real_app()
        whole_us = per_frame(guard.frame, args.frames)
        print(f"a whole resting frame of the real app, natively: {whole_us:.3f} us a frame "
              f"({calls_per_frame(guard.frame)} Python calls), {whole_us / python_us:.2f}x the Python alone")
    return 0


def under_wasm(argv: list[str]) -> int:
    tool = Path(__file__).resolve().parent / "pyodide"
    if not (tool / "node_modules" / "pyodide").is_dir() or not list(tool.glob("wheels/*.whl")):
        if shutil.which("npm") is None or shutil.which("node") is None:
            print("bench_rest: the WebAssembly run needs node and npm (then tools/pyodide/setup.sh)", file=sys.stderr)
            return 2
        subprocess.run(["bash", str(tool / "setup.sh")], check=True)
    root = tool.parents[1]
    return subprocess.run(["node", "tools/pyodide/run_engine_tests.mjs", "--run", "tools/bench_rest.py", *argv],
                          cwd=root).returncode


if __name__ == "__main__":
    status = main()
    if status:  # under Pyodide a SystemExit, even of 0, ends the interpreter's run with an error
        sys.exit(status)
