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
# there had (57, 51) at 844x390 and (46, 49) at 640x360 with the small one.
# Issue 41: Eight Off's foundations beside its columns (8 cells: 96 -> 112 at
# 1366x768, 56 -> 73 at 800x600); the rank glyph about a fifth of the card
# and at least 14 px on a laptop makes taller strips, and the columns the
# cards are sized for want more height (Eight Off 2 cells: 112 -> 106 at
# 1366x768, 68 -> 61 at 800x600; Easy Harp 67 -> 68 at 800x600)
OPENING = {
    (360, 640): (41, 41, 37), (390, 844): (45, 45, 40), (844, 390): (47, 43, 57), (640, 360): (38, 49, 43),
    (640, 480): (46, 51, 43), (800, 600): (73, 61, 68), (1024, 600): (82, 78, 86), (1366, 768): (112, 106, 115),
    (1920, 1080): (157, 149, 162), (2560, 1440): (212, 200, 217),
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


def test_eight_off_at_1366x768_opens_with_cards_of_at_least_112_px():
    """Issue 41: its foundations beside the columns, not past the cells in
    the top row (96 px there, ~480 px of felt empty at the right)."""
    d = Driver(Game.from_deal("EO1-C8-AAAAAFA"), size=(1366, 768))
    assert d.table.layout.card_w >= 112


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
    assert d.table.layout.card_w >= 112


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


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080), (2560, 1440), (1024, 600), (800, 600),
                                  (3000, 600), (1000, 900)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", ["C8", "C4", "C2"])
@pytest.mark.parametrize("mirrored", [False, True], ids=["right-handed", "left-handed"])
def test_eight_offs_columns_stand_under_its_cells(size, variant, mirrored):
    """In landscape Eight Off's piles stand on the columns' grid: each
    column exactly under a cell. With 8 cells (a top row of 12 over 8
    columns) the foundations stand beside the columns, where the columns
    don't reach (left-handed: at their left), a small gap past the grid, in
    one column or two at the columns' pitch, their rows at the columns'
    pitch from the top row down and never below the columns' room; with
    fewer cells, the cells and foundations stand over columns."""
    from game.engine.actions import CELL, COLUMN, FOUNDATION

    layout = make_layout("eight-off", variant, *size, mirrored=mirrored)
    if layout.side or layout.portrait:
        return
    columns = [layout.piles[Pile(COLUMN, i)] for i in range(8)]
    cells = sorted(b.x for p, b in layout.piles.items() if p.kind == CELL)
    founds = [layout.piles[Pile(FOUNDATION, i)] for i in range(4)]
    col_x = [b.x for b in columns]
    pitch = col_x[1] - col_x[0]
    assert all(b - a == pitch for a, b in zip(col_x, col_x[1:]))  # one pitch
    assert all(x in col_x for x in cells)  # every cell over a column
    if len(cells) == 8:
        assert cells == col_x
        xs, ys = sorted({b.x for b in founds}), sorted({b.y for b in founds})
        assert len(xs) in (1, 2) and all(b - a == pitch for a, b in zip(xs, xs[1:]))
        rise = columns[0].y - layout.piles[Pile(CELL, 0)].y
        assert ys[0] == layout.piles[Pile(CELL, 0)].y and all(b - a == rise for a, b in zip(ys, ys[1:]))
        near = xs[-1] + layout.card_w if mirrored else xs[0]  # the stack's edge that faces the columns
        gap = col_x[0] - near if mirrored else near - (col_x[-1] + layout.card_w)
        assert pitch - layout.card_w <= gap <= pitch - layout.card_w + layout.card_w * 0.35, (gap, xs, col_x)
        assert max(b.bottom for b in founds) <= layout.columns_bottom
        assert [p.index for p in sorted(layout.piles, key=lambda p: (layout.piles[p].y, layout.piles[p].x))
                if p.kind == FOUNDATION] == [0, 1, 2, 3]  # read in slot order, row by row
    else:
        assert all(b.x in col_x for b in founds)


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080), (2560, 1440)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_eight_off_with_8_cells_spans_the_window(size):
    """The opening deal of Eight Off with 8 cells: its columns and the
    foundations beside them run the width of the window, the columns under
    the cells: no wide felt margins at the sides (there were 200 px at
    1366x768 with the foundations in the top row, then ~480 px at the right
    of the columns)."""
    d = Driver(Game.from_deal("EO1-C8-AAAAAFA"), size=size)
    layout = d.table.layout
    piles = [*layout.piles.values()]
    left, right = min(b.x for b in piles), size[0] - max(b.right for b in piles)
    assert abs(left - right) <= 1 and left <= max(12, layout.card_w * 0.2), (left, right)
    assert [layout.piles[Pile("c", i)].x for i in range(8)] == sorted(b.x for p, b in layout.piles.items()
                                                                       if p.kind == "r")


@pytest.mark.parametrize("size", [(1366, 768), (800, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("mirrored", [False, True], ids=["right-handed", "left-handed"])
def test_foundations_beside_the_columns_play_as_they_did_in_the_top_row(size, mirrored):
    """Eight Off's foundations beside its columns (two by two at 1366x768,
    one under another at 800x600): Tab and the arrows go over them as over
    the top row they were in (the cells, then the foundations, then the
    columns), the screen reader names each as before, each one's hit area
    is at least 44 px each way, and a card dragged onto any of them (or
    tapped) goes to its own suit's."""
    import pygame

    from game.engine.actions import CELL, COLUMN, FOUNDATION
    from game.persistence.settings import Settings
    from game.ui.drawing.layout import TOUCH

    foundations = [[], [], [], []]
    columns = [["2S", "AH"], ["AS"], ["AD"], ["AC"], [], [], [], []]
    setup = {"game": "eight-off", "variant": "C8", "deal": None, "columns": columns, "foundations": foundations,
             "cells": [None] * 8}
    rest = [r + s for s in "SHDC" for r in RANKS if r + s not in {"2S", "AH", "AS", "AD", "AC"}]
    for i, card in enumerate(rest):
        columns[4 + i % 4].append(card)
    d = Driver(Game(Position.from_dict(setup)), size=size, settings=Settings(left_handed=mirrored))
    layout = d.table.layout
    founds = [Pile(FOUNDATION, i) for i in range(4)]
    assert all(layout.piles[f].x > layout.piles[Pile(COLUMN, 7)].right for f in founds) != mirrored
    order = [Pile(CELL, i) for i in range(8)] + founds + [Pile(COLUMN, i) for i in range(8)]
    d.key(pygame.K_TAB)  # shows the ring on column 1
    seen = []
    for _ in range(len(order)):
        d.key(pygame.K_TAB)
        seen.append(d.table.kb.focus)
    assert seen == order[order.index(Pile(COLUMN, 0)) + 1:] + order[:order.index(Pile(COLUMN, 0)) + 1]
    d.table.kb.set_focus(Pile(COLUMN, 3))
    d.key(pygame.K_UP)  # column 4 holds one card: up to the row above, the cell over it
    assert d.table.kb.focus == Pile(CELL, 3)
    d.key(pygame.K_DOWN)
    assert d.table.kb.focus == Pile(COLUMN, 3)
    for f in founds:
        d.table.kb.set_focus(f)
        d.key(pygame.K_r)  # says where the focus is
        assert d.app.announcer.last == f"Foundation {f.index + 1}: empty."
        box = layout.piles[f]
        for x, y in ((box.x, box.y), (box.right - 1, box.bottom - 1), box.center):
            assert d.table.pile_at(x, y) == (f, None)
        assert box.w >= TOUCH and box.h >= TOUCH
    # a drag onto the hearts' place of the two of spades' column: the ace of hearts goes to the hearts
    d.drag(d.card_center(Pile(COLUMN, 0)), layout.piles[founds[3]].center)
    assert d.game.position.foundations[1] == [parse("AH")]
    d.click(d.card_center(Pile(COLUMN, 1)))  # a tap: the ace of spades to its foundation
    d.wait(400)
    assert d.game.position.foundations[0] == [parse("AS")]


def parse(card: str) -> int:
    from game.engine import parse_card

    return parse_card(card)
