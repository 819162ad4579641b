"""A table as clear on a laptop as on a phone (issue 41, item 1): on every
card whose corner index shows, at every size of the layout matrix, in
every language, on the opening deals and on the longest columns the rules
allow, the rank's glyph measured on the screen's pixels is at least 14 px
from an upright 390x844 phone and an 800x600 window up (12 px on the
smaller phone shapes) and never under 18 % of the card's width. (The
matrix, ``python3 tools/ui_screens.py --matrix --no-shots``, prints the
same figures: its ``glyph`` column.)"""

import pygame
import pytest

from game.engine import Game, Position
from game.i18n import CATALOGUES
from game.persistence.settings import Settings
from game.ui.drawing.layout import GLYPH_FLOOR, SMALL_GLYPH, glyph_floor, index_for, least_card

from .conftest import Driver
from .geometry import SIZES
from .glyphs import glyph_heights
from .positions import longest_easy_harp, longest_eight_off

SMALL_SHAPES = ((844, 390), (360, 640), (640, 360), (640, 480))
POSITIONS = (
    lambda: Game.from_deal("EH1-N-AAAAAAF"),
    lambda: Game.from_deal("EO1-C8-AAAAAFA"),
    lambda: Game.from_deal("EO1-C2-AAAAAFA"),
    lambda: Game(Position.from_dict(longest_easy_harp())),
    lambda: Game(Position.from_dict(longest_eight_off(2))),
    lambda: Game(Position.from_dict(longest_eight_off(8))),
)


def test_the_floor_of_each_window():
    assert [glyph_floor(*size) for size in SIZES] == [SMALL_GLYPH if size in SMALL_SHAPES else GLYPH_FLOOR
                                                      for size in SIZES]


@pytest.mark.parametrize("lang", list(CATALOGUES))
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_rank_that_shows_is_large_enough(size, lang):
    floor = SMALL_GLYPH if size in SMALL_SHAPES else GLYPH_FLOOR
    for large in (False, True) if lang == "en" else (False,):  # Large cards: in one language
        d = Driver(Game.from_deal("EH1-N-AAAAAAF"), size=size, settings=Settings(lang=lang, large_cards=large))
        for make in POSITIONS:
            d.app.start_game(make(), animate=False)
            d.app.frame()
            heights = glyph_heights(d.app)
            layout = d.table.layout
            assert heights, (size, layout.card_w)
            assert min(heights) >= floor, (size, large, layout.card_w, min(heights))
            assert min(heights) >= 0.18 * layout.card_w, (size, large, layout.card_w, min(heights))
    pygame.event.clear()


@pytest.mark.parametrize("large", [False, True])
def test_the_least_card_holds_the_floor(large):
    """The narrowest card the layout shrinks to (past it the longest
    columns squeeze and show their count) draws the floor's glyph whole:
    its rank and suit side by side within the card."""
    from game.ui.drawing.cardart import card_art

    for glyph in (SMALL_GLYPH, GLYPH_FLOOR):
        w = least_card(glyph, large)
        index = index_for(w, large, False, glyph)
        art = card_art(w, round(w * 1.4), "en", index=index)
        corner = art.corner(label="10", symbol="\u2660", color=(0, 0, 0))
        assert index.x + corner.get_width() <= w - index.x
        parts = sorted(pygame.mask.from_surface(corner).get_bounding_rects(), key=lambda r: r.x)
        assert parts[0].height >= glyph  # the 1 of the 10
