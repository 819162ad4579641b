"""Fuzzing of record: throw random input at the game and check it holds.

    python3 tools/fuzz.py ui   --count 100000 --seed 1   # events per game (both games)
    python3 tools/fuzz.py ui   --count 100000 --size 1920x1080 --max-rss 500   # the memory goal: 500 MB at most
    python3 tools/fuzz.py cli  --count 1000   --seed 1   # command lines (python -m game, main.py)
    python3 tools/fuzz.py data                --seed 1   # damaged saved data, every kind x every record
    python3 tools/fuzz.py kill --count 200    --seed 1   # SIGKILLs in the middle of saving

Each prints what it tried and every failure (with the seed and step to
replay it) and exits with status 1 if anything failed. The test suite runs
a short, seeded run of each (tests/fuzzing/test_fuzz.py).

* ui: random pygame event streams (clicks, drags, double clicks, every key
  with random modifiers, text input with control, zero-width, direction and
  surrogate characters, resizes, quit requests followed by a restart from
  the saved records) over both games and every dialog. After each event:
  no exception, every card there as many times as the game has it, the card
  sprites match the position, and the saved game is the game on the table.
* cli: random argument lists for ``python -m game`` (codes, positions,
  actions, options, odd characters, huge numbers; its output to a UTF-8,
  cp1252 or ascii terminal) and for ``main.py``'s
  options: exit status 0 or 2, never an exception, an error is one short line,
  ``play``'s output is JSON whose last line reads back as a position.
* data: every record (game, statistics, settings) damaged every way (cut,
  bit-flipped, not UTF-8, deeply nested, huge numbers, wrong types, a
  folder, a link to /dev/zero, a dangling link, a loop): loading never
  raises, and the damaged text is kept in a ``.bad`` copy; a damaged undo
  history or redo list (unreadable JSON inside it too) never costs the game.
* kill: a child process plays and saves after every action; it is killed
  at a random moment, then the save must load and be the last action's
  position or the one in flight (never older than one action).

Deals come from deal codes (never Python's ``random``); the fuzzer's own
choices come from ``random.Random(seed)``, and so do the window's new
deals when ``build_app`` takes an ``entropy`` (it is handed one then, so a
seed and step replay the same stream).

Memory: every run ends with its peak resident memory (``peak ... MB``),
and ``--max-rss MB`` makes a run that goes above it fail there, with the
event it had reached (checked every 100 UI events, and once at the end of
other runs), so a leak fails the run instead of slowing the machine. A ui
run also gives, per game, the window size (and event) where its peak was
reached and the most memory resident after an event at each window size
(the seven sizes, and the largest of the random resizes).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.engine import EASY_HARP, EIGHT_OFF, Game, Position, deal_position  # noqa: E402
from game.engine import registry  # noqa: E402
from game.engine.deals import format_code  # noqa: E402

ODD_TEXT = ["\x00", "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u202e", "\u2066", "\ud800", "\udfff",
            "\x1b", "\x7f", "\u2028", "ı", "ſ", "ﬀ", "١", "１", "\xa0", "é", "Ư", "♠", "\U0001f600", "\t", "\n"]
PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.>#/ "


class Report:
    def __init__(self, name: str) -> None:
        self.name, self.tried, self.failures = name, 0, []
        self.peaks: dict[str, SizePeaks] = {}  # ui: memory by window size, per game

    def fail(self, what: str) -> None:
        self.failures.append(what)
        print(f"FAIL {self.name}: {what}", flush=True)

    def summary(self, extra: str = "") -> str:
        return f"{self.name}: {self.tried} tried{extra}, {len(self.failures)} failed"


def random_code(rng: random.Random, game: str | None = None) -> str:
    game = game or rng.choice([EASY_HARP, EIGHT_OFF])
    return format_code(game, rng.choice(registry.game(game).variants), rng.randint(1, 999_999))


def odd_text(rng: random.Random, n: int = 8) -> str:
    return "".join(rng.choice(ODD_TEXT) if rng.random() < 0.4 else rng.choice(PLAIN) for _ in range(rng.randint(0, n)))


# ---- ui --------------------------------------------------------------------------------------


def card_counts_ok(pos: Position) -> str | None:
    counts = Counter(c for col in pos.columns for c in col)
    counts.update(pos.stock)
    counts.update(pos.waste)
    counts.update(c for slot in pos.foundations for c in slot)
    counts.update(c for c in pos.cells if c is not None)
    copies = pos.rules.copies
    if set(counts) != set(range(52)) or any(n != copies for n in counts.values()):
        return f"cards not conserved: {sorted(k for k, n in counts.items() if n != copies)[:5]}"
    return None


def sprites_ok(app) -> str | None:
    from game.ui.table.sprites import CardSprite

    table, pos = app.table, app.session.game.position
    for pile in pos.piles():
        cards = pos.cards(pile)
        shown = [s.card for s in table.cards.get(pile, [])]
        if shown != list(cards):
            return f"sprites of {pile} are {shown[:6]}, the position has {list(cards)[:6]}"
    sprites = [s for s in app.group.sprites() if isinstance(s, CardSprite)]
    if len(sprites) != pos.rules.card_count:
        return f"{len(sprites)} card sprites for {pos.rules.card_count} cards"
    return None


_LAST_SAVED: dict = {}


def saved_ok(storage, app) -> str | None:
    from game.persistence import savegame

    text = storage.get("game")
    pos = app.session.game.position
    if text is None:
        return None if pos.moves == 0 else "no saved game after a move"
    state = (pos.key(), pos.score, pos.moves)
    if _LAST_SAVED.get(id(storage)) == (text, state):
        return None  # neither the save nor the table changed since the last check
    saved = savegame.loads_game(text).game.position
    _LAST_SAVED[id(storage)] = (text, state)
    if (saved.key(), saved.score, saved.moves) != state:
        return f"the saved game (moves {saved.moves}, score {saved.score}) is not the table's (moves {pos.moves}, score {pos.score})"
    return None


def near_won(game: str, rng: random.Random) -> dict:
    """Every card on the foundations but one king, which lies on a column."""
    spec = registry.game(game)
    variant = rng.choice(spec.variants)
    rules = spec.variant_rules(variant)
    suits = [rules.foundation_suits[i] for i in range(rules.foundation_count)]
    foundations = [[r + "SHDC"[s] for r in "A23456789TJQK"] for s in suits]
    last = rng.randrange(len(foundations))
    king = foundations[last].pop()
    columns = [[] for _ in range(rules.column_count)]
    columns[rng.randrange(len(columns))].append(king)
    data = {"game": game, "variant": variant, "deal": None, "columns": columns, "foundations": foundations}
    if rules.has_stock:
        data.update(stock=[], waste=[])
    if rules.cell_count:
        data["cells"] = [None] * rules.cell_count
    return data


class UIFuzz:
    SIZES = [(1280, 720), (720, 1280), (1024, 768), (800, 600), (1920, 1080), (480, 800), (2560, 1440)]

    def __init__(self, game: str, seed: int, size: tuple[int, int] | None = None) -> None:
        import pygame

        from game.persistence.storage import MemoryStorage

        self.pygame = pygame
        self.rng = random.Random(seed)
        self.game, self.seed = game, seed
        self.sizes = [size] if size else self.SIZES  # --size: one window size, resized only to itself
        self.storage = MemoryStorage()
        self.t = 1000
        self.keys = sorted({getattr(pygame, k) for k in dir(pygame) if k.startswith("K_")})
        self.mods = [0, pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT, pygame.KMOD_LALT, pygame.KMOD_CTRL | pygame.KMOD_SHIFT]
        self.folder = tempfile.TemporaryDirectory()
        self.app = self.build(self.start_args())

    def start_args(self) -> list[str]:
        """A random deal, or (two times in five) a game one move from won, so the win panel comes up too."""
        if self.rng.random() < 0.6:
            return ["--deal", random_code(self.rng, self.game)]
        path = Path(self.folder.name) / "near_won.json"
        path.write_text(json.dumps(near_won(self.game, self.rng)), encoding="utf-8")
        return ["--position", str(path)]

    def now(self) -> int:
        return self.t

    def build(self, args: list[str]):
        from game.ui.launch import build_app

        w, h = self.rng.choice(self.sizes)
        extra = {"entropy": lambda: self.rng.getrandbits(63)} if _takes(build_app, "entropy") else {}
        app = build_app(["--size", f"{w}x{h}", *args], storage=self.storage, headless=True, now=self.now, **extra)
        self.pygame.event.clear()
        app.frame()
        return app

    def point(self):
        """A place to touch: mostly a card or a pile, sometimes anywhere."""
        app, rng = self.app, self.rng
        r = rng.random()
        table = app.table
        if r < 0.55 and table.cards:
            pile = rng.choice([p for p in table.cards if table.cards[p]] or list(table.layout.piles))
            sprites = table.cards.get(pile) or []
            if sprites:
                s = rng.choice(sprites[-4:])
                return (int(s.rect.x + rng.randint(2, max(3, s.rect.w - 2))), int(s.rect.y + rng.randint(2, 20)))
        if r < 0.75:
            box = rng.choice(list(table.layout.piles.values()))
            return box.center
        if r < 0.9 and len(app.scenes) > 1:
            scene = app.scenes[-1]
            widgets = getattr(scene, "widgets", [])
            box = getattr(scene, "box", None)
            if widgets and box is not None:
                w = rng.choice(widgets)
                return (box.x + w.box.center[0], box.y + w.box.center[1])
        return (rng.randint(-20, app.width + 20), rng.randint(-20, app.height + 20))

    def events(self) -> tuple[str, list]:
        """One step: a named burst of events (a click is a press and a release)."""
        pg, rng = self.pygame, self.rng
        E = pg.event.Event
        r = rng.random()
        if r < 0.27:
            pos, button = self.point(), rng.choice([1, 1, 1, 3, 4, 5])
            return "click", [E(pg.MOUSEBUTTONDOWN, pos=pos, button=button), E(pg.MOUSEBUTTONUP, pos=pos, button=button)]
        if r < 0.35:
            pos = self.point()
            return "double click", [E(pg.MOUSEBUTTONDOWN, pos=pos, button=1), E(pg.MOUSEBUTTONUP, pos=pos, button=1),
                                    E(pg.MOUSEBUTTONDOWN, pos=pos, button=1), E(pg.MOUSEBUTTONUP, pos=pos, button=1)]
        if r < 0.52:
            start, end = self.point(), self.point()
            steps = rng.randint(1, 6)
            out = [E(pg.MOUSEBUTTONDOWN, pos=start, button=1)]
            for i in range(1, steps + 1):
                p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
                out.append(E(pg.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
            if rng.random() < 0.9:
                out.append(E(pg.MOUSEBUTTONUP, pos=end, button=1))
            return "drag", out
        if r < 0.57:
            return "motion", [E(pg.MOUSEMOTION, pos=self.point(), rel=(0, 0), buttons=(0, 0, 0))]
        if r < 0.82:
            key = rng.choice(self.keys) if rng.random() < 0.6 else rng.choice(
                [pg.K_TAB, pg.K_RETURN, pg.K_SPACE, pg.K_ESCAPE, pg.K_LEFT, pg.K_RIGHT, pg.K_UP, pg.K_DOWN,
                 pg.K_u, pg.K_z, pg.K_d, pg.K_f, pg.K_n, pg.K_h, pg.K_o, pg.K_F1, pg.K_1, pg.K_5, pg.K_9, pg.K_BACKSPACE])
            mod = rng.choice(self.mods) if rng.random() < 0.3 else 0
            uni = chr(key) if 32 <= key < 127 else ""
            return "key", [E(pg.KEYDOWN, key=key, mod=mod, unicode=uni, scancode=0), E(pg.KEYUP, key=key, mod=mod, scancode=0)]
        if r < 0.92:
            return "text", [E(pg.TEXTINPUT, text=odd_text(self.rng, 6) or "x")]
        if r < 0.94:
            opener = rng.choice(["open_new_game", "open_options", "open_rules", "open_stats"])
            return opener, [opener]
        if r < 0.955:
            w, h = rng.choice(self.sizes if len(self.sizes) == 1 else
                              self.sizes + [(rng.randint(200, 3000), rng.randint(200, 3000))])
            return "resize", [E(pg.VIDEORESIZE, size=(w, h), w=w, h=h)]
        if r < 0.995:
            return "wait", [("wait", rng.choice([50, 300, 2000, 200_000]))]
        return "quit", [E(pg.QUIT)]

    def step(self) -> str:
        name, burst = self.events()
        for ev in burst:
            if isinstance(ev, str):
                getattr(self.app, ev)()
            elif isinstance(ev, tuple):
                self.t += ev[1]
            else:
                if ev.type == self.pygame.VIDEORESIZE:
                    self.app.resize(*ev.size)
                else:
                    self.pygame.event.post(ev)
        self.t += self.rng.choice([16, 16, 16, 120, 400])
        self.app.frame()
        if not self.app.running:  # closed: start again from the saved records, as a player would
            before = self.app.session.game.position
            args = [] if self.rng.random() < 0.6 else self.start_args()  # or with a deal or position given
            self.app.close()  # a quit ends the process; here the next window follows in this one
            self.app = self.build(args)
            after = self.app.session.game.position
            if not args and not before.won and (before.key(), before.moves) != (after.key(), after.moves):
                raise AssertionError("after a restart the table is not the game that was saved at quit")
        return name

    def check(self) -> str | None:
        pos = self.app.session.game.position
        return card_counts_ok(pos) or sprites_ok(self.app) or saved_ok(self.storage, self.app)


def _takes(function, name: str) -> bool:
    import inspect

    try:
        return name in inspect.signature(function).parameters
    except (TypeError, ValueError):
        return False


def peak_mb() -> float | None:
    """This process's peak resident memory in MB (None where it can't be read)."""
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024  # bytes on macOS, KB elsewhere


_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def resident_mb() -> float | None:
    """This process's resident memory now, in MB (Linux; None elsewhere)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * _PAGE / (1024 * 1024)
    except (OSError, ValueError, IndexError):
        return None


class SizePeaks:
    """Memory by window size over one game's run: the most resident memory
    after an event at each size, and the size (and event) where the peak
    (``peak_mb``) last rose. (Resident memory at a small size may still be
    what a larger one before it left: ``--size WxH`` runs one size alone.)"""

    def __init__(self) -> None:
        self.resident: dict[tuple[int, int], float] = {}
        self.peak = 0.0
        self.peak_at: tuple[tuple[int, int], int] | None = None

    def note(self, size: tuple[int, int], event: int) -> None:
        now = resident_mb()
        if now is not None:
            self.resident[size] = max(self.resident.get(size, 0.0), now)
        peak = peak_mb()
        if peak is not None and peak > self.peak:
            self.peak, self.peak_at = peak, (size, event)

    def summary(self, named: list[tuple[int, int]], others: int = 4) -> str:
        def mb(size: tuple[int, int]) -> str:
            return f"{size[0]}x{size[1]} {self.resident[size]:.0f}"

        shown = [mb(size) for size in named if size in self.resident]
        rest = sorted((s for s in self.resident if s not in named), key=lambda s: -self.resident[s])[:others]
        where = ""
        if self.peak_at is not None:
            (w, h), event = self.peak_at
            where = f"peak {self.peak:.0f} MB, reached at {w}x{h} (event {event}); "
        return (f"{where}most resident after an event, by window size (MB): {', '.join(shown)}"
                + (f"; the largest of the other sizes: {', '.join(mb(s) for s in rest)}" if rest else ""))


def over_cap(report: "Report", cap: float | None, where: str) -> bool:
    peak = peak_mb()
    if cap is None or peak is None or peak <= cap:
        return False
    report.fail(f"{where}: peak resident memory {peak:.0f} MB is above the cap of {cap:g} MB")
    return True


def run_ui(count: int, seed: int, games=(EASY_HARP, EIGHT_OFF), quiet: bool = False,
           max_rss: float | None = None, size: tuple[int, int] | None = None) -> Report:
    report = Report("ui")
    kinds: Counter = Counter()
    scenes: Counter = Counter()  # which scene was on top after each event: every dialog is reached
    capped = False
    for g_index, game in enumerate(games):
        fuzz = UIFuzz(game, seed * 10 + g_index, size)
        peaks = report.peaks[game] = SizePeaks()
        started = time.time()
        for i in range(count):
            report.tried += 1
            try:
                kinds[fuzz.step()] += 1
                scenes[type(fuzz.app.top()).__name__] += 1
                problem = fuzz.check()
            except Exception:
                problem = "exception:\n" + traceback.format_exc()
            if problem:
                report.fail(f"{game} seed {seed} event {i}: {problem}")
                fuzz = UIFuzz(game, seed * 10 + g_index + 1000 * (i + 1), size)  # go on from a fresh app
            peaks.note((fuzz.app.width, fuzz.app.height), i)
            if (i + 1) % 100 == 0 and over_cap(report, max_rss, f"{game} seed {seed} event {i}"):
                capped = True
                break
            if not quiet and (i + 1) % 10_000 == 0:
                print(f"  {game}: {i + 1} events, {len(report.failures)} failed, {time.time() - started:.0f} s, "
                      f"peak {peak_mb() or 0:.0f} MB", flush=True)
        if capped:
            break
    report.extra = ", ".join(f"{k} {n}" for k, n in kinds.most_common()) + "; on top: " + ", ".join(
        f"{k} {n}" for k, n in scenes.most_common())
    return report


# ---- cli -------------------------------------------------------------------------------------


def mutate(rng: random.Random, text: str) -> str:
    if not text or rng.random() < 0.1:
        return odd_text(rng, 12)
    i = rng.randrange(len(text) + 1)
    kind = rng.random()
    if kind < 0.3:
        return text[:i] + rng.choice(ODD_TEXT + list(PLAIN)) + text[i:]
    if kind < 0.5:
        return text[:i] + text[i + 1:]
    if kind < 0.6:
        return text[:i] + "9" * rng.choice([5, 50, 4400, 5000]) + text[i:]
    if kind < 0.7:
        return text.upper() if rng.random() < 0.5 else text.lower()
    if kind < 0.8:
        return text[:i]
    if kind < 0.9:
        return text + text[i:] * rng.randint(1, 3)
    return text.replace("1", "١") if rng.random() < 0.5 else text.replace(" ", "\xa0")


def random_position_text(rng: random.Random) -> str:
    pos = deal_position(random_code(rng))
    game = Game(pos)
    for _ in range(rng.randint(0, 30)):
        game.play(rng.choice(["draw", "tap w", f"tap c{rng.randint(1, 9)}", f"dtap c{rng.randint(1, 9)}",
                              f"c{rng.randint(1, 9)}>c{rng.randint(1, 9)}", f"r{rng.randint(1, 8)}>f"]))
    data = game.position.to_dict()
    r = rng.random()
    if r < 0.4:
        return json.dumps(data)
    if r < 0.5:
        return "[" * rng.choice([10, 33, 1000, 100_000]) + "]" * rng.randint(0, 10)
    if r < 0.55:
        return '"' + '\\"' * rng.choice([10, 40_000])
    key = rng.choice(list(data))
    value = rng.choice([None, -1, 10**9 + 1, 10**40, "x" * 5000, [], {}, [[]], odd_text(rng), 1.5, True, "#AS"])
    if r < 0.8:
        data[key] = value
    elif isinstance(data.get("columns"), list) and data["columns"]:
        col = rng.randrange(len(data["columns"]))
        data["columns"][col] = data["columns"][col] + [rng.choice(["AS", "#KD", "10h", "ſS", "7ı", value])]
    text = json.dumps(data, ensure_ascii=rng.random() < 0.5)
    return mutate(rng, text) if rng.random() < 0.3 else text


def random_action(rng: random.Random) -> str:
    base = rng.choice(["draw", "undo", "tap s", "tap w", f"tap c{rng.randint(1, 9)}", f"dtap c{rng.randint(1, 9)}",
                       f"c{rng.randint(1, 9)}>c{rng.randint(1, 9)}", f"c{rng.randint(1, 9)}.{rng.randint(1, 12)}>c{rng.randint(1, 9)}",
                       f"r{rng.randint(1, 8)}>f", f"w>c{rng.randint(1, 9)}", f"f{rng.randint(1, 8)}>c1", "c1>r", "c2>f"])
    return mutate(rng, base) if rng.random() < 0.35 else base


def random_cli_args(rng: random.Random, folder: Path) -> tuple[list[str], bytes | None]:
    command = rng.choice(["deal", "deal", "today", "daily", "play", "play", "play", "play", "solve", "hint",
                          odd_text(rng, 5)])
    args: list[str] = [command]
    stdin = None
    code = random_code(rng) if rng.random() < 0.7 else mutate(rng, random_code(rng))
    if command == "deal":
        args.append(code)
        if rng.random() < 0.5:
            args.append("--json")
    elif command == "today":
        if rng.random() < 0.6:
            args += ["--game", rng.choice([EASY_HARP, EIGHT_OFF, EIGHT_OFF, odd_text(rng, 4)])]
        if rng.random() < 0.4:
            args += ["--cells", rng.choice(["8", "4", "2", "3", "", "٤"])]
        if rng.random() < 0.6:
            args += ["--date", rng.choice(["2026-11-29", "2026-02-30", "", "0001-01-01", "9999-12-31", "٢٠٢٦-١١-٢٩",
                                           mutate(rng, "2026-11-29")])]
    elif command == "daily":
        if rng.random() < 0.6:
            args += ["--game", rng.choice([EASY_HARP, EIGHT_OFF, EIGHT_OFF, odd_text(rng, 4)])]
        if rng.random() < 0.4:
            args += ["--cells", rng.choice(["8", "4", "2", "3", "", "٤"])]
        if rng.random() < 0.7:
            args += ["--month", rng.choice(["2027-03", "2025-12", "2026-13", "", "0001-01", "9999-12", "٢٠٢٦-١١",
                                            "2026-1", mutate(rng, "2027-03")])]
        if rng.random() < 0.5:
            args.append("--json")
    elif command in ("play", "solve", "hint"):
        if rng.random() < 0.55:
            args += ["--deal", code]
        else:
            path = folder / f"pos{rng.randrange(10**6)}.json"
            r = rng.random()
            if r < 0.85:
                path.write_bytes(random_position_text(rng).encode("utf-8", "surrogatepass"))
                args += ["--position", str(path)]
            elif r < 0.9:
                args += ["--position", rng.choice(["/dev/zero", "/dev/null", str(folder), str(folder / "missing.json")])]
            elif r < 0.95:
                path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randint(0, 300))))
                args += ["--position", str(path)]
            else:
                args += ["--position", "-"]
                stdin = random_position_text(rng).encode("utf-8", "surrogatepass")
        if command == "play":
            if rng.random() < 0.3:
                args += ["--lang", rng.choice(["en", "vi", "hu", "", "xx", "vi-VN", odd_text(rng, 3)])]
            actions = [random_action(rng) for _ in range(rng.randint(0, 12))]
            if actions or stdin is not None:
                args += actions
            else:
                stdin = "\n".join(random_action(rng) for _ in range(rng.randint(0, 12))).encode("utf-8", "surrogatepass")
        else:
            args += ["--seconds", rng.choice(["0.05", "0.02", "nan", "inf", "-1", "0", "1e308", "", "١", "1_0", "0.1"])]
    return args, stdin


class _Terminal(io.TextIOWrapper):
    """A standard stream in ``encoding``, strict as a real one is (what it
    can't encode raises), whose text can be read back."""

    def __init__(self, encoding: str) -> None:
        super().__init__(io.BytesIO(), encoding=encoding, errors="strict", newline="\n")

    def getvalue(self) -> str:
        self.flush()
        return self.buffer.getvalue().decode(self.encoding)  # type: ignore[attr-defined]


TERMINALS = ["utf-8", "utf-8", "cp1252", "ascii"]  # the encodings the command line meets


def check_cli(args: list[str], stdin: bytes | None, encoding: str = "utf-8") -> str | None:
    from game import cli

    out, err = _Terminal(encoding), _Terminal(encoding)
    old_stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin or b""), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli.main(args)
    except BaseException:
        return f"exception ({encoding} terminal):\n" + traceback.format_exc()
    finally:
        sys.stdin = old_stdin
    err_text = err.getvalue()
    if status not in (0, 2):
        return f"exit status {status}"
    if status == 2:
        if out.getvalue():
            return "output on stdout with an error"
        if err_text.count("\n") != 1 or not err_text.startswith("error: ") or len(err_text) > 400:
            return f"the error is not one short line: {err_text[:200]!r}… ({len(err_text)} characters)"
        return None
    if err_text:
        return f"stderr with exit status 0: {err_text[:200]!r}"
    lines = out.getvalue().splitlines()
    try:
        values = [json.loads(line) for line in lines] if args[0] in ("play", "solve", "hint") or "--json" in args else []
        if args[0] == "play":
            Position.from_dict(values[-1])
            if any(not isinstance(v.get("ok"), bool) for v in values[:-1]):
                return "a play line without ok"
    except (ValueError, IndexError) as exc:
        return f"output does not read back: {exc}"
    return None


def random_main_args(rng: random.Random, folder: Path) -> list[str]:
    args = []
    if rng.random() < 0.5:
        args += ["--deal", random_code(rng) if rng.random() < 0.6 else mutate(rng, random_code(rng))]
    if rng.random() < 0.4:
        args += ["--size", rng.choice(["1280x720", "720x1280", "١٢٨٠x720", "1_280x720", "10x10", "99999x720", "",
                                       mutate(rng, "800x600")])]
    if rng.random() < 0.3:
        args += ["--lang", rng.choice(["en", "vi", "hu", "", "xx", odd_text(rng, 3)])]
    if rng.random() < 0.4:
        args += ["--actions", " ".join(random_action(rng) for _ in range(rng.randint(0, 5)))]
    if rng.random() < 0.2:
        path = folder / "main_pos.json"
        path.write_bytes(random_position_text(rng).encode("utf-8", "surrogatepass"))
        args += ["--position", str(path) if rng.random() < 0.8 else "/dev/zero"]
    if rng.random() < 0.2:
        args += ["--open", rng.choice(["new-game", "options", "rules", "stats", "nope"])]
    if rng.random() < 0.15:  # a folder (made if need be), or what is none: refused in one line
        (folder / "a file").write_text("x")
        args += ["--data", rng.choice(["", str(folder / "a file"), str(folder / "a file" / "in"), str(folder / "data")])]
    shot = rng.choice([folder / "shot.png", folder / "missing" / "x.png", folder, Path("/dev/full")])
    return ["--screenshot", str(shot), *args]


def check_main(args: list[str]) -> str | None:
    """main.py's options through build_app and one frame (the screenshot)."""
    from game.persistence.storage import MemoryStorage
    from game.ui.launch import build_app

    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            app = build_app(args, storage=MemoryStorage(), headless=True)
            app.frame()
    except SystemExit as exc:
        text = err.getvalue()
        if exc.code != 2 and exc.code != 0:
            return f"exit status {exc.code}"
        if exc.code == 2 and (text.count("\n") != 1 or len(text) > 400):
            return f"the error is not one short line: {text[:200]!r}"
        return None
    except BaseException:
        return "exception:\n" + traceback.format_exc()
    return None


def run_cli(count: int, seed: int, quiet: bool = False) -> Report:
    report = Report("cli")
    rng = random.Random(seed)
    statuses: Counter = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for i in range(count):
            report.tried += 1
            if rng.random() < 0.15:
                args = random_main_args(rng, folder)
                problem = check_main(args)
                statuses["main.py"] += 1
            else:
                args, stdin = random_cli_args(rng, folder)
                problem = check_cli(args, stdin, rng.choice(TERMINALS))
                statuses[args[0] if args[0] in ("deal", "today", "daily", "play", "solve", "hint") else "other"] += 1
            if problem:
                shown = [a if len(a) < 60 else a[:60] + f"…({len(a)})" for a in args]
                report.fail(f"seed {seed} case {i}: {shown!r}: {problem}")
            if not quiet and (i + 1) % 200 == 0:
                print(f"  {i + 1} cases, {len(report.failures)} failed", flush=True)
    report.extra = ", ".join(f"{k} {n}" for k, n in statuses.most_common())
    return report


# ---- data ------------------------------------------------------------------------------------


def good_records() -> dict[str, str]:
    from game.persistence.storage import MemoryStorage
    from game.persistence import Persistence

    storage = MemoryStorage()
    p = Persistence(storage)
    p.load_all()
    game = Game.from_deal("EH1-N-AAAAAAF")
    for action in ["draw", "draw", "c9>c4", "undo", "draw", "tap w"]:
        game.play(action)
    p.save_game(game, 12.5, identity="0a1b2c3d4e5f6a7b")
    p.new_game(Game.from_deal("EO1-C4-AAAAAFA"), identity="1b2c3d4e5f6a7b8c", previous=game,
               previous_elapsed=12.5, previous_identity="0a1b2c3d4e5f6a7b")
    p.save_game(game, 12.5, identity="0a1b2c3d4e5f6a7b")
    p.save_settings(p.settings)
    import datetime as dt
    p.daily_started("eight-off", "C4", dt.date(2026, 12, 5))
    p.daily_won("easy-harp", "N", dt.date(2026, 12, 6), on=dt.date(2026, 12, 6), seconds=312.4, moves=655)
    return {key: storage.get(key) for key in ("game", "stats", "settings", "daily")}


HUGE_HISTORY = "huge numbers in the undo history"
BAD_REDO = "unreadable JSON in the redo list"
BAD_UNDO = "unreadable JSON in the undo history"
BAD_ID = "the game's identity"
NOT_UTF8_KEY = "not utf-8 in a key"  # the settings ignore unknown keys: this one is damage all the same
# faults at the JSON level in a list's value (json.loads refuses the whole text); the last four cross
# the list's end: an unclosed string or bracket, brackets that don't pair
LIST_FAULTS = ("[" * 100_000 + "]" * 100_000, "[" + "9" * 5000 + "]", '["draw",]', "[draw]",
               '["draw', '["draw"', '[["draw"]', '{"a": [1, 2}')


def damages(text: str, rng: random.Random) -> list[tuple[str, object]]:
    """(name, bytes or a special kind) for every way to damage ``text``."""
    raw = text.encode("utf-8")
    out: list[tuple[str, object]] = [
        ("empty", b""), ("nul bytes", b"\x00" * 64), ("not utf-8", raw[:20] + b"\xff\xfe\xc3" + raw[20:]),
        ("half", raw[: len(raw) // 2]), ("last byte gone", raw[:-1]), ("first byte gone", raw[1:]),
        ("json null", b"null"), ("json list", b"[]"), ("json string", b'"x"'), ("json number", b"12"),
        ("deep", b"[" * 100_000), ("unterminated quotes", b'"' + b'\\"' * 40_000),
        ("huge number", b'{"version": ' + b"9" * 5000 + b"}"), ("nan", b'{"version": NaN}'),
        ("utf-16", text.encode("utf-16")), ("bom", b"\xef\xbb\xbf" + raw), ("doubled", raw + raw),
        ("link to /dev/zero", "link:/dev/zero"), ("dangling link", "link:missing-target"), ("link loop", "loop"),
        ("folder", "folder"), ("fifo", "fifo"),
    ]
    for i in range(6):
        flipped = bytearray(raw)
        for _ in range(rng.randint(1, 4)):
            j = rng.randrange(len(flipped))
            flipped[j] ^= 1 << rng.randrange(8)
        out.append((f"bit flips {i}", bytes(flipped)))
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict):
        inner = data.get("settings") if isinstance(data.get("settings"), dict) else data
        keyed = json.dumps({**inner, "@@KEY@@": False})
        keyed = json.dumps(dict(data, settings=json.loads(keyed))) if inner is not data else keyed
        out.append((NOT_UTF8_KEY, keyed.encode().replace(b"@@KEY@@", b"sou\xffnd")))
        for key in list(data)[:12]:
            for name, value in (("null", None), ("-1", -1), ("huge", 10**30), ("text", "x" * 10_000),
                                ("list", [[[]]]), ("odd", "\u202e\x00")):
                changed = dict(data, **{key: value})
                out.append((f"{key}={name}", json.dumps(changed).encode()))
        for history in ("actions", "history"):  # the undo history (format 2, format 1)
            if history in data:
                huge = ["c1." + "9" * 5000 + ">c2", "c" + "1" * 5000]
                out.append((HUGE_HISTORY, json.dumps(dict(data, **{history: huge})).encode()))
        for member, kind in (("redo", BAD_REDO), ("actions", BAD_UNDO), ("history", BAD_UNDO)):
            if member in data:
                for fault in LIST_FAULTS:
                    text = json.dumps(dict(data, **{member: "@@LIST@@"})).replace('"@@LIST@@"', fault)
                    out.append((f"{kind} {fault[:9]}", text.encode()))
        if "id" in data:  # missing, or its string left open: the game goes on under a new one
            out.append((f"{BAD_ID} missing", json.dumps({k: v for k, v in data.items() if k != "id"}).encode()))
            for fault in ('"0a1b', '"0a1b,', "0a1b"):
                text = json.dumps(dict(data, id="@@ID@@")).replace('"@@ID@@"', fault)
                out.append((f"{BAD_ID} {fault}", text.encode()))
    return out


def plant(path: Path, damage: object) -> bool:
    """Put the damage at ``path``; False if this machine can't make it."""
    if isinstance(damage, bytes):
        path.write_bytes(damage)
        return True
    if damage == "folder":
        path.mkdir()
        (path / "inside").write_text("x")
        return True
    if damage == "fifo":
        if not hasattr(os, "mkfifo"):
            return False
        os.mkfifo(path)
        return True
    if damage == "loop":
        os.symlink(path.name, path)
        return True
    if isinstance(damage, str) and damage.startswith("link:"):
        os.symlink(damage[5:], path)
        return True
    return False


def kept_somewhere(folder: Path, damage: object, key: str) -> bool:
    """Whether the damaged bytes survive in the folder (a .bad copy, or left where they were)."""
    if not isinstance(damage, bytes) or not damage:
        return True
    for path in folder.iterdir():
        if path.is_file() and not path.is_symlink() and path.read_bytes() == damage:
            return True
    return False


def run_data(seed: int, count: int | None = None, quiet: bool = False) -> Report:
    """Every damage to every record (main copy and backup); ``count``: a
    random sample of that many cases instead (the test suite's short run)."""
    from game.persistence import Persistence
    from game.persistence.storage import FileStorage

    report = Report("data")
    rng = random.Random(seed)
    good = good_records()
    cases = [(key, backup, name, damage) for key, text in good.items() for backup in (False, True)
             for name, damage in damages(text, rng)]
    if count is not None and count < len(cases):
        cases = rng.sample(cases, count)
    for key, backup, name, damage in cases:
        report.tried += 1
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            for other, other_text in good.items():
                (folder / f"{other}.json").write_text(other_text, encoding="utf-8")
                (folder / f"{other}.json.bak").write_text(other_text, encoding="utf-8")
            target = folder / (f"{key}.json.bak" if backup else f"{key}.json")
            target.unlink()
            if not plant(target, damage):
                continue
            where = f"{key}{'.bak' if backup else ''} {name}"
            try:
                p = Persistence(FileStorage(folder))
                loaded = p.load_all()
                if name == HUGE_HISTORY and not backup and loaded.game is None:
                    report.fail(f"{key} {name}: the whole saved game was thrown away, not only its history")
                lost = {"notice.game_damaged", "notice.game_restored"} & set(loaded.notices)
                if name == NOT_UTF8_KEY and not backup and not loaded.notices:
                    report.fail(f"{key} {name}: the player was not told")
                if name.startswith(BAD_REDO) and not backup and (
                        loaded.game is None or not loaded.game.can_undo or lost):
                    report.fail(f"{key} {name}: the game or its undo went with the redo list ({loaded.notices})")
                if name.startswith(BAD_UNDO) and not backup and (
                        loaded.game is None or lost or "notice.undo_lost" not in loaded.notices):
                    report.fail(f"{key} {name}: the game went with its undo history ({loaded.notices})")
                if name.startswith(BAD_ID) and not backup and (
                        loaded.game is None or not loaded.game.can_undo or lost
                        or "notice.game_identity_new" not in loaded.notices):
                    report.fail(f"{key} {name}: more than the identity went, or the player was not told "
                                f"({loaded.notices})")
                game = loaded.game or Game.from_deal("EH1-N-AAAAAAB")
                game.play("draw")
                p.save_game(game, 1.0)
                again = Persistence(FileStorage(folder)).load_all()
            except Exception:
                report.fail(f"{where}: exception:\n" + traceback.format_exc())
                continue
            # a damaged backup behind a good record is never read: the next save replaces it
            if not backup and not kept_somewhere(folder, damage, key):
                report.fail(f"{where}: the damaged copy was not kept")
            newer = f"notice.{key}_newer_left" in loaded.notices  # a newer version's: left as it is, for it
            if newer and isinstance(damage, bytes) and target.read_bytes() != damage:
                report.fail(f"{where}: a newer version's record was written over")
            if again.game is None and not backup and key == "game" and not newer:
                report.fail(f"{where}: the game saved after the damage does not load")
    return report


# ---- kill ------------------------------------------------------------------------------------

CHILD = r"""
import random, sys
sys.path.insert(0, sys.argv[1])
from game.engine import Game
from game.persistence import Persistence
from game.persistence.storage import FileStorage
rng = random.Random(int(sys.argv[3]))
def say(line):  # one write per line: with PYTHONUNBUFFERED, print's pieces are separate writes a kill can split
    sys.stdout.write(line + "\n")
    sys.stdout.flush()
p = Persistence(FileStorage(sys.argv[2]))
loaded = p.load_all()
say("start " + (loaded.game.position.to_json() if loaded.game else "null"))
game = loaded.game or Game.from_deal("EO1-C8-AAAAAFA")
elapsed = loaded.elapsed
moves = ["undo", "draw", "tap w"] + [f"tap c{i}" for i in range(1, 10)] + [f"dtap c{i}" for i in range(1, 10)] \
    + [f"c{i}>c{j}" for i in range(1, 10) for j in range(1, 10)] + [f"r{i}>c{j}" for i in range(1, 9) for j in range(1, 9)]
while True:
    if game.position.won:
        game = Game.from_deal("EH1-N-AAAAAAF" if rng.random() < 0.5 else "EO1-C4-AAAAAFA")
        p.new_game(game)
    outcome = game.play(rng.choice(moves))
    if not outcome.ok:
        continue
    elapsed += 0.5
    pos = game.position
    say("before " + pos.to_json())
    p.save_game(game, elapsed)
    say("after")
"""


def run_kill(count: int, seed: int, quiet: bool = False) -> Report:
    from game.persistence import Persistence
    from game.persistence.storage import FileStorage

    report = Report("kill")
    rng = random.Random(seed)
    kinds: Counter = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "data"
        folder.mkdir()
        for i in range(count):
            report.tried += 1
            child = subprocess.Popen([sys.executable, "-c", CHILD, str(ROOT), str(folder), str(seed * 100_000 + i)],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
            first = b""  # wait until it has loaded: the kill lands while playing and saving
            while not first.endswith(b"\n"):  # byte by byte: communicate() below reads the pipe itself
                byte = os.read(child.stdout.fileno(), 1)
                if not byte:
                    break
                first += byte
            deadline = time.time() + rng.uniform(0.0, 0.4)
            while time.time() < deadline and child.poll() is None:
                time.sleep(0.001)
            os.kill(child.pid, signal.SIGKILL)
            out, err = child.communicate()
            lines = (first + out).decode("utf-8", "replace").splitlines()
            err = err.decode("utf-8", "replace")
            if not lines or not lines[0].startswith("start "):
                report.fail(f"seed {seed} kill {i}: the child did not start: {err[-300:]}")
                continue
            start = json.loads(lines[0][6:])
            befores = [json.loads(line[7:]) for line in lines if line.startswith("before ")]
            last_after = max((j for j, line in enumerate(lines) if line.strip() == "after"), default=None)
            # the save that finished last (or the saved game it started from), and the one in flight
            done = [json.loads(line[7:]) for j, line in enumerate(lines) if line.startswith("before ")
                    and last_after is not None and j < last_after]
            last_done = done[-1] if done else start
            in_flight = befores[-1] if befores and (not done or befores[-1] is not done[-1]) else None
            allowed = [a for a in (last_done, in_flight) if a is not None]
            try:
                loaded = Persistence(FileStorage(folder)).load_all()
            except Exception:
                report.fail(f"seed {seed} kill {i}: loading raised:\n" + traceback.format_exc())
                continue
            if loaded.game is None:
                if last_done is not None and not any(Position.from_dict(a).won for a in allowed):
                    report.fail(f"seed {seed} kill {i}: no saved game after the kill ({loaded.notices})")
                continue
            pos = loaded.game.position
            got = (pos.key(), pos.moves)
            if got not in [(Position.from_dict(a).key(), a["moves"]) for a in allowed]:
                older = [j for j, b in enumerate(befores) if (Position.from_dict(b).key(), b["moves"]) == got]
                report.fail(f"seed {seed} kill {i}: the save is older than one action (moves {pos.moves}, "
                            f"expected {[a['moves'] for a in allowed]}; it is save {older} of {len(befores)}; "
                            f"last lines {[ln[:6] for ln in lines[-4:]]}; {loaded.notices} {loaded.problems})")
            kinds["mid-save" if lines and lines[-1].startswith("before") else "between saves"] += 1
            if not quiet and (i + 1) % 50 == 0:
                print(f"  {i + 1} kills, {len(report.failures)} failed", flush=True)
    report.extra = ", ".join(f"{k} {n}" for k, n in kinds.most_common())
    return report


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kind", choices=["ui", "cli", "data", "kill"])
    parser.add_argument("--count", type=int, default=None, help="events per game (ui), cases (cli), kills (kill)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=[EASY_HARP, EIGHT_OFF], help="ui: only this game (default both)")
    parser.add_argument("--max-rss", type=float, default=None, metavar="MB",
                        help="fail the run when its peak resident memory goes above this")
    parser.add_argument("--size", default=None, metavar="WxH",
                        help="ui: every window this size (default: seven sizes and random resizes up to 3000x3000)")
    args = parser.parse_args(argv)
    size = None
    if args.size is not None:
        try:
            width, height = (int(v) for v in args.size.lower().split("x"))
        except ValueError:
            parser.error(f"--size {args.size!r} is not WxH")
        size = (width, height)
    started = time.time()
    if args.kind == "ui":
        report = run_ui(args.count or 10_000, args.seed, games=(args.game,) if args.game else (EASY_HARP, EIGHT_OFF),
                        max_rss=args.max_rss, size=size)
    elif args.kind == "cli":
        report = run_cli(args.count or 1000, args.seed)
    elif args.kind == "data":
        report = run_data(args.seed, args.count)
    else:
        report = run_kill(args.count or 200, args.seed)
    if args.kind != "ui":
        over_cap(report, args.max_rss, f"{args.kind} seed {args.seed}")
    extra = getattr(report, "extra", "")
    peak = peak_mb()
    memory = f", peak {peak:.0f} MB" if peak is not None else ""
    print(report.summary(f" ({extra})" if extra else "") + f", {time.time() - started:.0f} s{memory}")
    for game, peaks in report.peaks.items():
        print(f"  {game}: {peaks.summary([size] if size else UIFuzz.SIZES)}")
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
