"""Positions for the window tests, written the contract's way and read with
``Position.from_dict``: the named piles hold what a test needs and every
other card waits in the waste (Easy Harp), out of the way."""

from collections import Counter

from game.engine.cards import RANKS, SUITS


def easy_harp(columns, stock=(), foundations=None):
    columns = [list(c) for c in columns] + [[] for _ in range(9 - len(columns))]
    foundations = foundations or [[] for _ in range(8)]
    used = Counter(t.lstrip("#").upper() for pile in [*columns, list(stock), *foundations] for t in pile)
    waste = []
    for suit in SUITS:
        for rank in RANKS:
            card = rank + suit
            waste += [card] * (2 - used.get(card, 0))
    return {
        "game": "easy-harp", "variant": "N", "deal": None, "columns": columns,
        "stock": list(stock), "waste": waste, "foundations": foundations,
    }


def near_won_easy_harp():
    """Every card on the foundations but the king of clubs on column 1."""
    foundations = []
    for suit in "SSHHDDCC":
        foundations.append([r + suit for r in RANKS])
    foundations[7] = foundations[7][:-1]
    return {
        "game": "easy-harp", "variant": "N", "deal": None, "columns": [["KC"]] + [[] for _ in range(8)],
        "stock": [], "waste": [], "foundations": foundations,
    }


def near_won_eight_off(cells=8):
    foundations = [[r + s for r in RANKS] for s in SUITS]
    foundations[1] = foundations[1][:-1]
    return {
        "game": "eight-off", "variant": f"C{cells}", "deal": None, "columns": [["KH"]] + [[] for _ in range(7)],
        "foundations": foundations, "cells": [None] * cells,
    }


def longest_easy_harp():
    """Late Easy Harp with the longest columns the rules allow: column 9
    with its 8 face-down cards under a whole K..A run (21 cards), column 8
    with 7 under another (20), the other columns as dealt."""
    down_ranks = list(reversed(RANKS))

    def run(black: str, red: str) -> list[str]:
        return [r + (black if i % 2 == 0 else red) for i, r in enumerate(reversed(RANKS))]

    run_a, run_b = run("S", "H"), run("C", "D")  # each card of these once
    # face-down cards: the other colour pattern of the same suits (each once more)
    other = [r + ("H" if i % 2 == 0 else "S") for i, r in enumerate(down_ranks)]
    other += [r + ("D" if i % 2 == 0 else "C") for i, r in enumerate(down_ranks)]
    columns = [["#" + c for c in other[i * (i - 1) // 2: i * (i - 1) // 2 + i]] + [other[20 + i]] for i in range(5)]
    columns += [[], []]
    columns += [["#" + c for c in other[:7]] + run_b, ["#" + c for c in other[7:15]] + run_a]
    return easy_harp(columns)


def longest_eight_off(cells=2):
    """Late Eight Off with the longest column the rules allow: the dealt
    cards (7 with two cells, else 6) ending in a king, and the rest of its
    suit down to the ace built on it (19 or 18 cards); two more whole
    runs in other columns."""
    dealt = 7 if cells == 2 else 6
    clubs = [r + "C" for r in RANKS]  # A..K
    spades = [r + "S" for r in reversed(RANKS)]  # K..A
    long = clubs[: dealt - 1] + spades
    rest = clubs[dealt - 1:]
    hearts = [r + "H" for r in reversed(RANKS)]
    diamonds = [r + "D" for r in reversed(RANKS)]
    in_cells = rest[:cells] + [None] * 0
    rest = rest[cells:]
    columns = [hearts, rest, long, diamonds] + [[] for _ in range(4)]
    return {
        "game": "eight-off", "variant": f"C{cells}", "deal": None, "columns": columns,
        "foundations": [[] for _ in range(4)], "cells": in_cells,
    }
