"""Positions one move from a win, built from the contract's JSON (so the
storage tests need nothing but the engine)."""

from __future__ import annotations

from game.engine import Game, Position
from game.engine.cards import RANKS


def _slot(suit: str, top: str) -> list[str]:
    return [r + suit for r in RANKS[: RANKS.index(top) + 1]]


def eight_off_one_king_left() -> Game:
    """Eight Off, 8 cells: everything home but the king of spades, alone in column 1."""
    return Game(Position.from_dict({
        "game": "eight-off", "variant": "C8", "deal": None,
        "columns": [["KS"]] + [[] for _ in range(7)],
        "foundations": [_slot("S", "Q"), _slot("H", "K"), _slot("D", "K"), _slot("C", "K")],
        "cells": [None] * 8,
    }))


def easy_harp_two_kings_left() -> Game:
    """Easy Harp: everything home but both kings of spades, in columns 1 and 2."""
    return Game(Position.from_dict({
        "game": "easy-harp", "variant": "N", "deal": None,
        "columns": [["KS"], ["KS"]] + [[] for _ in range(7)],
        "stock": [], "waste": [],
        "foundations": [_slot("S", "Q"), _slot("S", "Q")] + [_slot(s, "K") for s in "HHDDCC"],
    }))


def store_stats(app) -> None:
    """Statistics a test made up in ``app``'s memory, stored as another window
    would have stored them: the statistics screen reads the record when it
    opens (``Persistence.refresh_stats``), as the records of two windows merge."""
    from game.persistence.records import STATS_KEY

    records = app.play.persistence
    records.storage.set(STATS_KEY, records.stats.to_json())
