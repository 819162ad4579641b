"""A position the reader accepts always lays out with every column's top card
in reach: a column of 103 face-down cards (set up by hand, no deal makes
one) or of 52 face-up ones ends inside the window, and a press on its top
card picks that card."""

from __future__ import annotations

import json

import pytest

from game.engine import Pile
from game.engine.actions import COLUMN
from game.persistence.storage import MemoryStorage
from game.ui.launch import build_app

from .conftest import FakeClock
from .geometry import SIZES

RANKS = "A23456789TJQK"


def tallest(game: str) -> dict:
    if game == "easy-harp":
        cards = [r + s for s in "SHDC" for r in RANKS] * 2
        column = ["#" + c for c in cards[:103]] + [cards[103]]
        return {"game": "easy-harp", "variant": "N", "deal": None, "columns": [column] + [[] for _ in range(8)],
                "stock": [], "waste": [], "foundations": [[] for _ in range(8)]}
    column = [r + s for s in "SHDC" for r in reversed(RANKS)]  # kings first: each suit a run, 52 cards
    return {"game": "eight-off", "variant": "C8", "deal": None, "columns": [column] + [[] for _ in range(7)],
            "cells": [None] * 8, "foundations": [[] for _ in range(4)]}


@pytest.mark.parametrize("game", ["easy-harp", "eight-off"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_top_card_of_the_tallest_column_is_in_reach(tmp_path, game, size):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(tallest(game)))
    app = build_app(["--size", f"{size[0]}x{size[1]}", "--position", str(path)], storage=MemoryStorage(),
                    headless=True, now=FakeClock())
    app.frame()
    table = app.table
    pile = Pile(COLUMN, 0)
    count = len(table.game.position.cards(pile))
    x, top = table.card_places(pile, count)[-1]
    layout = table.laid_out
    assert top + layout.card_h <= min(app.height, layout.columns_bottom) + 1, (top, layout.card_h, app.height)
    assert table.pile_at(x + layout.card_w / 2, top + layout.card_h / 2) == (pile, count - 1)
