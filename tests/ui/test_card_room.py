"""Room for the cards: they are sized for the position on the table (its
longest column and a few cards more), not for the longest column the rules
allow; a column that outgrows that room first tightens its fan, and only
then do the cards shrink, never back and forth within a game."""

import pytest

from game.engine import Game, Pile, Position
from game.engine.cards import RANKS
from game.ui.drawing.layout import make_layout

from .conftest import Driver
from .geometry import SIZES

# the opening card width (px) at each size of the layout matrix, at least:
# (Eight Off 8 cells, Eight Off 2 cells, Easy Harp); before sizing for the
# position they were (79, 77, 93) at 1366x768 and (46, 34, 57) at 844x390.
# A phone on its side sizes its cards for columns that show the narrow
# face's larger index (rank glyphs of 9 px grew to 20 and 16 px): Eight Off
# there had (57, 51) at 844x390 and (46, 49) at 640x360 with the small one
OPENING = {
    (360, 640): (41, 41, 37), (390, 844): (45, 45, 40), (844, 390): (47, 43, 57), (640, 360): (38, 49, 43),
    (640, 480): (46, 51, 43), (800, 600): (56, 68, 67), (1024, 600): (72, 76, 86), (1366, 768): (96, 112, 115),
    (1920, 1080): (136, 158, 162), (2560, 1440): (181, 211, 217),
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_opening_deal_gets_cards_as_large_as_the_window_allows(size):
    for deal, least in zip(("EO1-C8-AAAAAFA", "EO1-C2-AAAAAFA", "EH1-N-AAAAAAF"), OPENING[size]):
        d = Driver(Game.from_deal(deal), size=size)
        assert d.table.layout.card_w >= least, (deal, d.table.layout.card_w)
        # no more columns show their count (past the index, or a touch grab strip) than with
        # the room the rules allow
        pos = d.game.position
        sized_for_rules = make_layout(pos.game, pos.variant, *size, d.app.button_names)
        assert len(d.table.counts.badges) <= sum(sized_for_rules.column_fan(h, len(col))[1]
                                                 for h, col in zip(pos.hidden, pos.columns))


def test_eight_off_at_1366x768_opens_with_cards_of_at_least_95_px():
    d = Driver(Game.from_deal("EO1-C8-AAAAAFA"), size=(1366, 768))
    assert d.table.layout.card_w >= 95


def growing() -> dict:
    """Eight Off: column 1 holds the K..9 of hearts (the longest column, 5
    cards), the 8..5 of hearts in the cells build on it, and the 4 of hearts
    can come back from its foundation."""
    foundations = [[r + s for r in RANKS] for s in "SHDC"]
    foundations[1] = foundations[1][:4]
    columns = [["KH", "QH", "JH", "10H", "9H"]] + [[] for _ in range(7)]
    return {"game": "eight-off", "variant": "C8", "deal": None, "columns": columns, "foundations": foundations,
            "cells": ["8H", "7H", "6H", "5H", None, None, None, None]}


def test_a_growing_column_tightens_first_then_the_cards_shrink_and_never_grow_back():
    d = Driver(Game(Position.from_dict(growing())), size=(1600, 700))
    opening = d.table.layout.card_w
    for cell in ("r1", "r2", "r3", "r4"):  # 5 -> 9 cards: the room the position had, the fan tightens
        assert d.table.play(f"{cell}>c1").ok
        d.settle()
        assert d.table.layout.card_w == opening
    assert d.table.play("f2>c1").ok  # a tenth card: past the room, the cards shrink
    d.settle()
    smaller = d.table.layout.card_w
    assert smaller < opening
    top = d.table.cards[next(p for p in d.table.cards if str(p) == "c1")][-1]
    assert top.rect.bottom <= d.table.layout.columns_bottom + d.table.art.pad  # the last card stays whole
    d.table.undo()
    d.settle()
    assert d.table.layout.card_w == smaller  # no growing back from one move to the next
    d.app.resize(1400, 640)
    d.app.resize(1600, 700)  # laid out anew: still for the room the game needed
    d.run(1)
    assert d.table.layout.card_w == smaller


def test_a_new_game_is_sized_anew():
    d = Driver(Game(Position.from_dict(growing())), size=(1366, 768))
    for action in ("r1>c1", "r2>c1", "r3>c1", "r4>c1", "f2>c1"):
        assert d.table.play(action).ok
    d.settle()
    d.app.start_game(Game.from_deal("EO1-C8-AAAAAFA"), animate=False)
    assert d.table.layout.card_w >= 95


def test_on_a_touch_screen_a_column_that_would_show_its_count_makes_room_first():
    """A phone on its side (844x380): a 7-card column fits its indices but
    not 44 px grab strips with the opening's cards; rather than a count on
    it, the cards shrink (as far as the room the rules allow would have
    them)."""
    d = Driver(Game.from_deal("EO1-C8-AAAAAAC"), size=(844, 380))
    opening = d.table.layout.card_w
    for action in "c7>r c3>r c3>c7 r1>c8".split():
        assert d.table.play(action).ok
    d.settle()
    assert len(d.game.position.columns[7]) == 7
    assert not d.table.counts.badges
    assert d.table.layout.card_w < opening


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (390, 844), (360, 640), (2560, 1440)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_large_cards_are_clearly_larger(size):
    """Large cards: at least 8 % wider on the opening deal of every game (Eight
    Off with 2 cells was smaller with the option on), whether it is set before
    the game or in the middle of it. On a phone upright the 8 or 9 columns
    already give the cards the whole width: there the cards keep their width
    and Large cards draws their ranks at least 10 % taller (measured on the
    screen's pixels)."""
    from .glyphs import glyph_heights

    for deal in ("EO1-C8-AAAAAFA", "EO1-C2-AAAAAFA", "EH1-N-AAAAAAF"):
        d = Driver(Game.from_deal(deal), size=size)
        normal, index = d.table.layout.card_w, d.table.layout.index.h
        glyph = min(glyph_heights(d.app))
        d.app.change_setting("large_cards", True)
        d.run(1)
        d.app.frame()
        if d.table.layout.index.spread and normal == d.table.layout.card_w:  # the width binds the cards
            assert min(glyph_heights(d.app)) >= glyph * 1.1, (deal, glyph, glyph_heights(d.app))
        else:
            assert d.table.layout.card_w >= normal * 1.08, (deal, normal, d.table.layout.card_w)
        assert d.table.layout.index.h >= index


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080), (2560, 1440), (1024, 600), (3000, 600)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", ["C8", "C4", "C2"])
@pytest.mark.parametrize("mirrored", [False, True], ids=["right-handed", "left-handed"])
def test_eight_offs_columns_stand_under_its_cells(size, variant, mirrored):
    """Above the columns (the top row in landscape) Eight Off's piles stand
    on the columns' grid: each column exactly under a cell (8 cells: every
    cell over a column, the foundations on at the same pitch past a small
    gap; fewer cells: the cells and foundations over columns), and the
    table spans the window, no wide felt margins at its sides."""
    from game.engine.actions import CELL, COLUMN, FOUNDATION

    layout = make_layout("eight-off", variant, *size, mirrored=mirrored)
    if layout.side or layout.portrait:
        return
    columns = [layout.piles[Pile(COLUMN, i)] for i in range(8)]
    cells = sorted(b.x for p, b in layout.piles.items() if p.kind == CELL)
    founds = sorted(b.x for p, b in layout.piles.items() if p.kind == FOUNDATION)
    col_x = [b.x for b in columns]
    pitch = col_x[1] - col_x[0]
    assert all(b - a == pitch for a, b in zip(col_x, col_x[1:]))  # one pitch
    assert all(x in col_x for x in cells)  # every cell over a column
    if len(cells) == 8:
        assert cells == col_x
        assert all(b - a == pitch for a, b in zip(founds, founds[1:]))  # the foundations at the same pitch
        near = founds[-1] + pitch if mirrored else founds[0] - pitch  # where the grid meets the cells
        gap = cells[0] - near if mirrored else near - cells[-1]
        assert 0 <= gap <= layout.card_w * 0.35, (gap, founds, cells)
    else:
        assert all(x in col_x for x in founds)


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080), (2560, 1440)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_eight_off_with_8_cells_spans_the_window(size):
    """The opening deal of Eight Off with 8 cells: its row of 12 places runs
    the width of the window, the columns under the cells: no wide felt
    margins at the sides (there were 200 px at 1366x768)."""
    d = Driver(Game.from_deal("EO1-C8-AAAAAFA"), size=size)
    layout = d.table.layout
    piles = [*layout.piles.values()]
    left, right = min(b.x for b in piles), size[0] - max(b.right for b in piles)
    assert abs(left - right) <= 1 and left <= max(12, layout.card_w * 0.2), (left, right)
    assert [layout.piles[Pile("c", i)].x for i in range(8)] == sorted(b.x for p, b in layout.piles.items()
                                                                       if p.kind == "r")
