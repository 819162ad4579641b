"""The cards as drawn: a column's count sits under the column on the felt
(never over a pip, nor any card), and the stock's on its back."""

import pygame
import pytest

from game.engine import Game, Pile, Position
from game.engine.actions import COLUMN, STOCK
from game.persistence.storage import MemoryStorage
from game.ui.drawing.layout import Box
from game.ui.launch import build_app

from .conftest import FakeClock
from .geometry import SIZES
from .positions import longest_easy_harp, longest_eight_off

SQUEEZING = (  # positions whose columns show their counts somewhere in the matrix
    ("easy-harp deal", lambda: Game.from_deal("EH1-N-AAAAAAF")),
    ("eight-off deal", lambda: Game.from_deal("EO1-C8-AAAAAFA")),
    ("easy-harp longest", lambda: Game(Position.from_dict(longest_easy_harp()))),
    ("eight-off longest", lambda: Game(Position.from_dict(longest_eight_off(2)))),
    ("eight-off 8 cells longest", lambda: Game(Position.from_dict(longest_eight_off(8)))),
)


def box_of(rect: pygame.Rect) -> Box:
    return Box(rect.x, rect.y, rect.w, rect.h)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_count_sits_under_its_column_and_covers_no_card(size):
    """Every count a squeezed column shows is under its last card, inside the
    window, and over no card of any pile (so over no pip); the stock's count
    is on the stock's back."""
    app = build_app(["--size", f"{size[0]}x{size[1]}", "--deal", "EH1-N-AAAAAAF"], storage=MemoryStorage(),
                    headless=True, now=FakeClock())
    counted = 0
    for name, make in SQUEEZING:
        app.start_game(make(), animate=False)
        app.frame()
        table = app.table
        cards = [(pile, sprite.box(), sprite.face_up) for pile, sprites in table.cards.items() for sprite in sprites]
        for column, (count, sprite) in table.counts.badges.items():
            counted += 1
            badge = box_of(sprite.rect)
            assert 0 <= badge.x and badge.right <= size[0] and badge.bottom <= size[1], (name, column, badge)
            last = table.cards[Pile(COLUMN, column)][-1].box()
            assert badge.y >= last.bottom and last.x <= badge.center[0] < last.right, (name, column, badge, last)
            covered = [(pile, box) for pile, box, _ in cards if box.overlap(badge)]
            assert covered == [], (name, column, badge, covered)
        if table.counts.stock:
            stock = box_of(table.counts.stock[1].rect)
            under = [(pile, box, up) for pile, box, up in cards if box.overlap(stock)]
            assert under and all(pile == Pile(STOCK) and not up for pile, _, up in under), (name, under)
    if min(size) <= 600:  # the small windows squeeze the longest columns: the test saw counts
        assert counted


@pytest.mark.parametrize("size", [*SIZES, (1280, 720), (720, 1280), (1100, 500)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("mirrored", [False, True], ids=["right-handed", "left-handed"])
@pytest.mark.parametrize("large", [False, True], ids=["", "large"])
def test_easy_harps_top_row_lines_up_with_its_columns(size, mirrored, large):
    """Above the columns (not on a phone on its side, where the piles stand
    beside them) every column has a top-row place at its very x: the stock,
    waste and 8 foundations over 9 columns share their grid, the stock one
    place past the columns' end (at the right, left-handed)."""
    from game.engine.actions import FOUNDATION, WASTE
    from game.ui.drawing.layout import make_layout

    layout = make_layout("easy-harp", "N", *size, mirrored=mirrored, large=large)
    if layout.side:
        return
    columns = [layout.piles[Pile(COLUMN, i)].x for i in range(9)]
    top = [pile for pile in layout.piles if pile.kind != COLUMN]
    rows = {layout.piles[p].y for p in top}
    for y in rows:
        xs = sorted(layout.piles[p].x for p in top if layout.piles[p].y == y)
        over = [x for x in xs if x in columns]
        assert len(over) >= min(len(xs), 9), (y, xs, columns)  # at most one place (the stock) past their end
    if len(rows) == 1:  # one row: the stock past the columns' end, the waste over the first or the last column
        stock, waste = layout.piles[Pile(STOCK)].x, layout.piles[Pile(WASTE)].x
        assert stock not in columns and waste == (columns[-1] if mirrored else columns[0])
        founds = sorted(layout.piles[Pile(FOUNDATION, i)].x for i in range(8))
        assert founds == (columns[:8] if mirrored else columns[1:])
