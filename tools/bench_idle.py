"""Idle CPU of the game window: how much of one core a real window uses
while nobody touches it, over ``--seconds`` (60 by default), in each state:

* ``start``: right after the window opened on a deal;
* ``moves``: after three moves (D, D, D: Easy Harp draws), no hint ever asked;
* ``hint``: after one hint (H), once it was shown;

each at 1280x720 and 2560x1440 (``--sizes``). Every state runs as its own
process, ``python3 main.py`` on a temporary data folder (the player's is
never touched), in a real X window on its own virtual screen (Xvfb), driven
by real key presses (xdotool); the CPU time (user + system) is read from
``/proc/<pid>/stat`` at the start and the end of the idle stretch, which
begins ``--settle`` seconds after the last key (the hint's answer included).

    python3 tools/bench_idle.py                    # every state, both sizes
    python3 tools/bench_idle.py --states start --sizes 1280x720 --seconds 20

Needs Xvfb and xdotool (Debian's ``xvfb`` and ``xdotool``); without them it
says so and exits 2. The runs go side by side (one virtual screen each):
CPU time is the process's own, so other load does not inflate it much;
compare the figures of one run.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEAL = "EH1-N-AAAAAAF"
STATES = {"start": [], "moves": ["d", "d", "d"], "hint": ["h"]}
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of ``pid`` so far (``/proc/<pid>/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


# Where an X server keeps its socket and lock, by the X11 convention (fixed, whatever the machine):
# read only, to find a free display number and to know when Xvfb is up
X_SOCKETS = Path("/tmp/.X11-unix")
X_LOCKS = Path("/tmp")


def free_display(start: int = 40) -> int:
    for n in range(start, start + 200):
        if not (X_SOCKETS / f"X{n}").exists() and not (X_LOCKS / f".X{n}-lock").exists():
            return n
    raise SystemExit("bench_idle: no free X display number")


class Run:
    """One state at one size: its virtual screen, its window, its figures."""

    def __init__(self, state: str, size: str, deal: str, data: Path, display: int) -> None:
        self.state, self.size, self.deal = state, size, deal
        self.display = f":{display}"
        w, h = (int(v) for v in size.split("x"))
        self.env = {**os.environ, "DISPLAY": self.display, "SDL_AUDIODRIVER": "dummy", "SDL_VIDEODRIVER": "x11",
                    "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        self.xvfb = subprocess.Popen(["Xvfb", self.display, "-screen", "0", f"{w + 64}x{h + 64}x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.data = data
        self.game: subprocess.Popen | None = None
        self.window = ""
        self.cpu: float | None = None
        self.error = ""

    def xdotool(self, *args: str, timeout: float = 20) -> str:
        done = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=timeout)
        return done.stdout.strip()

    deal_option = "--deal"  # how main.py is given ``deal`` (bench_cascade: "--position", a position file)

    def open(self) -> None:
        for _ in range(100):  # the X server takes a moment
            if (X_SOCKETS / f"X{self.display[1:]}").exists():
                break
            time.sleep(0.05)
        self.game = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "--data", str(self.data), "--size", self.size,
             self.deal_option, self.deal], env=self.env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def find_window(self) -> bool:
        assert self.game is not None
        found = self.xdotool("search", "--sync", "--onlyvisible", "--pid", str(self.game.pid), timeout=30)
        self.window = found.splitlines()[0] if found else ""
        if not self.window:
            self.error = "no window"
            return False
        self.xdotool("windowfocus", "--sync", self.window)
        return True

    def press(self, keys: list[str]) -> None:
        for key in keys:
            self.xdotool("key", "--delay", "300", key)
            time.sleep(0.4)

    def begin(self) -> None:
        assert self.game is not None
        self.cpu_start = cpu_seconds(self.game.pid)

    def end(self, seconds: float) -> None:
        assert self.game is not None
        if self.game.poll() is not None:
            self.error = "the game ended: " + (self.game.stderr.read().decode(errors="replace")[-300:] if self.game.stderr else "")
            return
        self.cpu = cpu_seconds(self.game.pid) - self.cpu_start
        self.percent = 100 * self.cpu / seconds

    def moves(self) -> str:
        """The moves of the saved game (the keys reached the window), or "-"."""
        import json

        try:
            return str(json.loads((self.data / "game.json").read_text())["position"]["moves"])
        except (OSError, ValueError, KeyError, TypeError):
            return "-"

    def close(self) -> None:
        if self.game is not None and self.game.poll() is None:
            self.game.terminate()
            try:
                self.game.wait(10)
            except subprocess.TimeoutExpired:
                self.game.kill()
        self.xvfb.terminate()
        self.xvfb.wait(10)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="CPU of an idle game window, per state and size.")
    parser.add_argument("--states", default=",".join(STATES), help="comma-separated: " + ", ".join(STATES))
    parser.add_argument("--sizes", default="1280x720,2560x1440")
    parser.add_argument("--seconds", type=float, default=60.0, help="the idle stretch measured (default 60)")
    parser.add_argument("--settle", type=float, default=8.0,
                        help="seconds from the last key to the stretch (the hint's answer, the deal's glide)")
    parser.add_argument("--deal", default=DEAL)
    args = parser.parse_args(argv)
    if not (shutil.which("Xvfb") and shutil.which("xdotool")):
        print("bench_idle: needs Xvfb and xdotool (apt-get install -y xvfb xdotool)", file=sys.stderr)
        return 2
    states = [s for s in args.states.split(",") if s]
    for state in states:
        if state not in STATES:
            parser.error(f"unknown state {state!r}")
    sizes = [s for s in args.sizes.split(",") if s]
    with tempfile.TemporaryDirectory(prefix="bench-idle-") as tmp:
        runs: list[Run] = []
        display = free_display()
        for size in sizes:
            for state in states:
                data = Path(tmp) / f"{state}-{size}"
                data.mkdir()
                runs.append(Run(state, size, args.deal, data, display))
                display = free_display(display + 1)
        try:
            for run in runs:
                run.open()
            for run in runs:
                if run.find_window():
                    time.sleep(1.0)  # the deal's glide
                    run.press(STATES[run.state])
            time.sleep(args.settle)
            for run in runs:
                if not run.error:
                    run.begin()
            time.sleep(args.seconds)
            for run in runs:
                if not run.error:
                    run.end(args.seconds)
        finally:
            for run in runs:
                run.close()
        report(runs, args)
    return 1 if any(run.error for run in runs) else 0


def report(runs: list[Run], args: argparse.Namespace) -> None:
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    print(f"idle CPU over {args.seconds:g} s, {args.settle:g} s after the last key; deal {args.deal}; load {load}")
    print(f"{'state':<8} {'size':<10} {'moves':>5} {'CPU s':>7} {'% of a core':>12}")
    for run in runs:
        if run.error:
            print(f"{run.state:<8} {run.size:<10} {run.moves():>5} {'-':>7} {'-':>12}  {run.error}")
        else:
            print(f"{run.state:<8} {run.size:<10} {run.moves():>5} {run.cpu:7.2f} {run.percent:11.2f}%")


if __name__ == "__main__":
    sys.exit(main())
