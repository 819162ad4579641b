"""Saved game size and save time: format 1 (a snapshot per undo step, what
the game wrote before) against format 2 (start + actions), in the same run.

    python tools/bench_save.py [--repeat 30] [--moves 50 150]

A fixed line of play (no randomness) from a fixed deal of each game: the
first legal action that reaches a table not seen before, else the first one.
After 50 and 150 moves each format is saved ``--repeat`` times into a
temporary folder through the game's own FileStorage (temporary file, fsync,
renames), as after every move; "encode" is the JSON text alone, "save" the
text and the write. Format 1 is given the step cache it always had. Compare
within one run: the machines here are shared.

Then the window's own saves through ``Persistence`` (what records that
merge cost): ``save_game`` (the lock, the record read back and
compared with the one this window wrote, the write) and ``record_result``
(the lock, the statistics read, this window's result replayed over them,
the write), against the bare ``storage.set`` of the same text.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine import Game  # noqa: E402
from game.persistence import Persistence, savegame  # noqa: E402
from game.persistence.storage import FileStorage  # noqa: E402
from tests.persistence.savegame_v1 import dump_game_v1  # noqa: E402  (the game no longer writes format 1)

DEALS = [("Easy Harp", "EH1-N-AAAAAAF"), ("Eight Off C8", "EO1-C8-AAAAAAH")]


def play_line(game: Game, count: int, seen: set) -> None:
    for _ in range(count):
        actions = game.legal_actions()
        if not actions:
            raise SystemExit(f"{game.position.deal}: no legal action after {game.position.moves} moves")
        chosen = actions[0]
        for action in actions:
            after = game.position.copy()
            game.rules.apply(after, game.rules.resolve(after, action))
            if after.key() not in seen:
                chosen = action
                break
        assert game.play(chosen).ok
        seen.add(game.position.key())


def v1_text(game: Game, elapsed: float, counted: bool, cache: dict) -> str:
    import json

    return json.dumps(dump_game_v1(game, elapsed, counted, cache), ensure_ascii=True, separators=(",", ":"))


def measure(encode, game: Game, storage: FileStorage, repeat: int) -> tuple[int, float, float]:
    """(bytes, median ms to encode, median ms to encode and write)."""
    cache: dict = {}
    text = encode(game, 1.0, False, cache)
    encode_ms, save_ms = [], []
    for i in range(repeat):
        start = time.perf_counter()
        text = encode(game, 1.0 + i, False, cache)
        middle = time.perf_counter()
        if not storage.set("game", text):
            raise SystemExit(storage.last_error)
        end = time.perf_counter()
        encode_ms.append((middle - start) * 1000)
        save_ms.append((end - start) * 1000)
    return len(text.encode("utf-8")), statistics.median(encode_ms), statistics.median(save_ms)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=30, help="saves per measurement (default 30)")
    parser.add_argument("--moves", type=int, nargs="+", default=[50, 150], help="after how many moves (default 50 150)")
    args = parser.parse_args()
    formats = [("format 1 (snapshots)", v1_text), ("format 2 (start+actions)", savegame.dumps_game)]
    print(f"{'game':<14}{'moves':>6}  {'format':<26}{'bytes':>9}{'encode ms':>11}{'save ms':>9}")
    with tempfile.TemporaryDirectory() as folder:
        storage = FileStorage(folder)
        for name, code in DEALS:
            game = Game.from_deal(code)
            seen = {game.position.key()}
            for moves in sorted(args.moves):
                play_line(game, moves - game.position.moves, seen)
                sizes = []
                for label, encode in formats:
                    size, encode_ms, save_ms = measure(encode, game, storage, args.repeat)
                    sizes.append(size)
                    print(f"{name:<14}{moves:>6}  {label:<26}{size:>9}{encode_ms:>11.2f}{save_ms:>9.2f}")
                    loaded = savegame.loads_game(storage.get("game"))
                    assert loaded.history_problem is None
                    assert loaded.game.history_snapshots() == game.history_snapshots()
                print(f"{'':<20}format 2 is {sizes[1] / sizes[0]:.1%} of format 1's size")
        window_saves(Path(folder) / "window", args.repeat)


def _median_ms(step, repeat: int) -> float:
    times = []
    for i in range(repeat):
        start = time.perf_counter()
        if step(i) is False:
            raise SystemExit("a save failed")
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def window_saves(folder: Path, repeat: int) -> None:
    persistence = Persistence(FileStorage(folder))
    persistence.load_all()
    game = Game.from_deal(DEALS[1][1])
    play_line(game, 50, {game.position.key()})
    storage = FileStorage(folder / "bare")
    text = savegame.dumps_game(game, 1.0)
    print()
    print(f"{'the window saves (Eight Off C8, 50 moves)':<46}{'ms':>9}")
    rows = [
        ("storage.set of the saved game", lambda i: storage.set("game", text)),
        ("Persistence.save_game", lambda i: persistence.save_game(game, 1.0 + i)),
        ("Persistence.record_result (statistics merged)", lambda i: persistence.record_result(game, 60, won=i % 2 == 0)),
    ]
    for label, step in rows:
        print(f"{label:<46}{_median_ms(step, repeat):>9.2f}")


if __name__ == "__main__":
    main()
