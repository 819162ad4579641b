"""Engine throughput: legal-move generation and apply + undo, per second.

    python tools/bench_engine.py [--seconds 2]

Positions come from fixed deals played forward by a fixed rule (no
randomness), so runs compare with each other; compare ratios within one run,
the machines here are shared.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine import Game, format_code, registry  # noqa: E402
from game.engine.deals import SplitMix64  # noqa: E402

SETS = [(f"{registry.game(g).prefix}-{v}", g, v) for g, v in registry.choices()]  # every game and variant


def sample_positions(game_id: str, variant: str, deals: int = 20, depth: int = 40):
    """Positions along fixed playouts of the first ``deals`` deal numbers."""
    rng = SplitMix64(12345)
    positions = []
    for number in range(1, deals + 1):
        game = Game.from_deal(format_code(game_id, variant, number))
        for _ in range(depth):
            positions.append(game.position.copy())
            actions = game.legal_actions()
            if not actions or game.position.won:
                break
            game.play(actions[rng.next() % len(actions)])
    return positions


def rate(fn, items, seconds: float) -> float:
    done, start = 0, time.perf_counter()
    while True:
        for item in items:
            fn(item)
        done += len(items)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args()
    print(f"{'set':<14} {'positions':>9} {'legal-move gen/s':>17} {'moves/position':>15} {'apply+undo/s':>13}")
    for label, game_id, variant in SETS:
        positions = sample_positions(game_id, variant)
        rules = positions[0].rules
        gen_rate = rate(rules.legal_actions, positions, args.seconds)
        pairs = []
        for pos in positions:
            game = Game(pos.copy())
            for action in game.legal_actions():
                pairs.append((game, action))
        mean_moves = len(pairs) / len(positions)

        def apply_undo(pair):
            game, action = pair
            game.play(action)
            game.undo()

        au_rate = rate(apply_undo, pairs, args.seconds)
        print(f"{label:<14} {len(positions):>9} {gen_rate:>17,.0f} {mean_moves:>15.1f} {au_rate:>13,.0f}")


if __name__ == "__main__":
    main()
