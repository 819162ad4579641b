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


def differing(a: pygame.Surface, b: pygame.Surface, tolerance: int = 32) -> float:
    """The share of pixels of two same-sized surfaces that differ by more
    than ``tolerance`` in a colour channel."""
    d1, d2 = a.copy(), b.copy()
    d1.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    d2.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    d1.blit(d2, (0, 0), special_flags=pygame.BLEND_RGB_ADD)  # |a - b| per channel
    same = pygame.mask.from_threshold(d1, (0, 0, 0, 255), (tolerance, tolerance, tolerance, 255)).count()
    return 1 - same / (a.get_width() * a.get_height())


def share_of(surface: pygame.Surface, color, tolerance: int = 20) -> float:
    hits = pygame.mask.from_threshold(surface, (*color, 255), (tolerance, tolerance, tolerance, 255)).count()
    return hits / (surface.get_width() * surface.get_height())


WIDTHS = (33, 36, 41, 46, 51, 57, 64, 77, 88, 96, 115, 136, 150, 181, 217, 250)


@pytest.mark.parametrize("w", WIDTHS)
def test_court_cards_are_pictures_that_differ_from_each_other_and_from_number_cards(w):
    """Between the indices, a jack, a queen and a king each show a figure (a
    face; a gold crown or tiara: not a letter in a box), each unlike the
    other two and unlike every number card of its suit, at every card size
    in use."""
    from game.engine import parse_card
    from game.ui.drawing import courts
    from game.ui.drawing.cardart import ONE_INDEX, card_art
    from game.ui.drawing.layout import index_for

    h = round(w * 1.4)
    index = index_for(w)
    art = card_art(w, h, "en", index=index, fan=round(h * 0.27))
    # the face below the corner index (and above the rotated one, on a card that has one)
    band = pygame.Rect(0, index.h, w, h - index.h - (index.h if w >= ONE_INDEX else 0))

    def middle(code: str) -> pygame.Surface:
        return art.face(parse_card(code)).subsurface(band).copy()

    for suit in "SHDC":
        court = {rank: middle(rank + suit) for rank in "JQK"}
        for rank, face in court.items():
            if w < 40:  # a picture 14-18 px tall: a few pixels of face; the pictures differ (below)
                break
            assert share_of(face, courts.SKIN) > 0.004, (w, rank + suit)  # a face
            if rank != "J":  # the jack's gold is a thin band on his cap
                assert share_of(face, theme_gold(), 40) > 0.003, (w, rank + suit)  # the crown, the tiara
        for a, b in (("J", "Q"), ("J", "K"), ("Q", "K")):
            assert differing(court[a], court[b]) > 0.05, (w, suit, a, b)
        for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10"):
            number = middle(rank + suit)
            for face in court.values():
                assert differing(face, number) > 0.1, (w, suit, rank)


def theme_gold():
    from game.ui.drawing import theme

    return theme.GOLD


def test_cards_are_drawn_at_the_size_they_show_never_scaled():
    """At every size of the matrix, after a resize and with large cards, each
    resting card's image is the art drawn for the table's card size (the
    card plus its shadow margin), not a bitmap of another size scaled."""
    from game.engine import Game

    from .conftest import Driver

    d = Driver(Game.from_deal("EH1-N-AAAAAAF"), size=SIZES[0])
    for size in [*SIZES, (1500, 900)]:
        for large in (False, True):
            d.app.resize(*size)
            d.app.change_setting("large_cards", large)
            d.settle()
            layout, art = d.table.layout, d.table.art
            assert (art.w, art.h) == (layout.card_w, layout.card_h), (size, large)
            for pile, sprites in d.table.cards.items():
                for sprite in sprites:
                    assert sprite.art is art
                    assert sprite.image is art.image(sprite.card, sprite.face_up, sprite.lifted), (size, pile)
                    assert sprite.image.get_size() == (art.w + 2 * art.pad, art.h + 2 * art.pad)


@pytest.mark.parametrize("w", WIDTHS)
def test_nothing_on_a_face_touches_its_indices(w):
    """The pips, the large suit of a small card and the court pictures keep
    clear of the corner index (and of the rotated one, on cards wide enough
    to have it): a pixel of space at least, at every card width in use."""
    from game.ui.drawing.cardart import ONE_INDEX, CardArt
    from game.ui.drawing.layout import index_for

    h = round(w * 1.4)
    index = index_for(w)
    art = CardArt(w, h, "en", index=index, fan=round(h * 0.27))
    labels = [art.corner(label=label, symbol="\u2665", color=(0, 0, 0)) for label in ("10", "Q", "A")]
    places = [pygame.Rect(index.x, index.y, c.get_width(), c.get_height()).inflate(2, 2) for c in labels]
    if w >= ONE_INDEX:
        places += [pygame.Rect(w - r.right, h - r.bottom, r.width, r.height) for r in places]
    blank = pygame.Surface(labels[0].get_size(), pygame.SRCALPHA)
    art.corner = lambda **_: blank  # the face without its indices: only what is drawn beside them
    for card in range(52):
        face = art._draw_face(card)
        for place in places:  # nothing there but the blank card
            place = place.clip(face.get_rect())
            assert differing(face.subsurface(place).copy(), art._base.subsurface(place).copy(), 8) == 0, (w, card, place)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_small_cards_court_frame_shows_no_sliver_in_a_fan(size):
    """A card with no rotated index frames its court picture from below the
    index to the card's margin: in a column's strip the frame starts below
    it or shows at least 6 px (the picture's top), never a line under the
    index; and it is taller than the two-index frame would be."""
    from game.ui.drawing.cardart import ONE_INDEX, court_frame, small_court_frame
    from game.ui.drawing.layout import make_layout

    for game, variant in (("easy-harp", "N"), ("eight-off", "C8"), ("eight-off", "C2")):
        for large in (False, True):
            layout = make_layout(game, variant, *size, large=large)
            w, h, index, fan = layout.card_w, layout.card_h, layout.index, layout.up_gap
            for strip in (fan, index.h, TOUCH_STRIP):
                frame = small_court_frame(w, h, index, strip)
                assert frame.top > strip or strip - frame.top >= 6, (game, large, frame, strip)
                assert frame.top >= index.h + (2 if index.spread else 3) and frame.bottom < h
                if w < ONE_INDEX:
                    assert frame.height > (court_frame(w, h, index, strip) or pygame.Rect(0, 0, 0, 0)).height


TOUCH_STRIP = 44
