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
