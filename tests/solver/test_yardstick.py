"""The yardstick (game/solver/yardstick.py): the fixed reference search that
measured the daily deals' levels. Its efforts are pinned on real deals: an
edit that would measure a deal differently fails here (a new yardstick is a
new version, never an edit); each win it finds plays through the rules
engine to a won game; its own model of each game moves exactly as the
engine does."""

from __future__ import annotations

import pytest

from game.engine import Game, deal_position, parse_code
from game.engine.deals import SplitMix64
from game.solver import yardstick
from game.solver.yardstick import YARDSTICK, measure

# code: (effort, the beam width that won (None: none), moves of its line); measured with yardstick-1
PINNED = {
    "EO1-C8-AAAAAFA": (1182, 16, 95),
    "EO1-C8-AAAAAAB": (534, 16, 75),
    "EO1-C4-AAAAAAR": (74, 2, 79),
    "EO1-C4-AAAAAAB": (737, None, None),  # proven lost (tools/make_winnable.py): no beam wins it
    "EO1-C2-AAAAANE": (345, 8, 83),
    "EO1-C2-AAAAMNC": (35, None, None),
    "EH1-N-AAAAAAC": (90, 1, 369),
    "EH1-N-AAAAAAB": (262, 2, 487),
}


def test_this_is_the_first_yardstick():
    assert YARDSTICK == "yardstick-1"
    assert yardstick.WIDTHS == (1, 2, 4, 8, 16, 32, 64, 128, 256)


@pytest.mark.parametrize("code", sorted(PINNED))
def test_the_effort_of_real_deals_is_pinned_and_each_win_replays(code):
    found = measure(code)
    assert (found.effort, found.width, len(found.line) if found.line else None) == PINNED[code], (
        f"{code}: the yardstick measures differently now; the shipped levels were measured with {YARDSTICK}")
    if found.line is not None:
        game = Game(deal_position(code))
        for action in found.line:
            assert game.play(action).ok, action
        assert game.position.won


def test_narrower_beams_first_and_only_up_to_the_one_that_wins():
    wide = measure("EH1-N-AAAAAAB", widths=(2,))
    assert wide.width == 2 and wide.found
    assert measure("EH1-N-AAAAAAB", widths=(1,)).width is None  # the first beam alone does not win it
    both = measure("EH1-N-AAAAAAB", widths=(1, 2))
    assert both.effort == measure("EH1-N-AAAAAAB", widths=(1,)).effort + wide.effort


def test_a_game_it_does_not_know_is_an_error():
    with pytest.raises(ValueError):
        yardstick.measure(parse_code("EO1-C8-AAAAAFA").__class__("mini-cell", "N", 5))


def _engine_state_eo(pos):
    return (tuple(map(tuple, pos.columns)), tuple(sorted(c for c in pos.cells if c is not None)),
            tuple(len(f) for f in pos.foundations))


def _engine_state_eh(pos):
    return (tuple(map(tuple, pos.columns)), tuple(pos.hidden), tuple(len(f) for f in pos.foundations),
            tuple(pos.stock), tuple(pos.waste))


@pytest.mark.parametrize("code", ["EH1-N-AAAAAAF", "EH1-N-AAAHAQI", "EO1-C8-AAAAAFA", "EO1-C4-AAAAAAR",
                                  "EO1-C2-AAAAANE"])
def test_its_moves_are_the_engines(code):
    """Random walks through the yardstick's children: each step, spelt as the
    contract's actions, is accepted by the engine and leaves the engine's
    position exactly as the yardstick's state says."""
    deal = parse_code(code)
    if deal.game == "easy-harp":
        start, children, engine_state = yardstick._eh_start(deal), yardstick._eh_children, _engine_state_eh
    else:
        cells = int(deal.variant[1:])
        start, children, engine_state = (yardstick._eo_start(deal), lambda s: yardstick._eo_children(s, cells),
                                         _engine_state_eo)
    rng = SplitMix64(2026)
    kinds = set()
    for _ in range(4):
        state, steps = start
        game = Game(deal_position(deal))
        for _ in range(150):
            for src, count, dst, draws in steps:
                for _ in range(draws):
                    assert game.play("draw").ok
                if isinstance(src, tuple):
                    src = f"r{game.position.cells.index(src[1]) + 1}"
                kinds.add((str(src)[0], str(dst)[0], draws > 0))
                action = f"{src}.{count}>{dst}" if count > 1 else f"{src}>{dst}"
                assert game.play(action).ok, action
            assert engine_state(game.position) == state
            options = list(children(state))
            if not options:
                break
            state, steps = options[rng.next() % len(options)]
    assert len(kinds) >= 3, kinds  # the walks went through several kinds of move
