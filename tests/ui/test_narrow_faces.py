"""Cards for the phone in the hand (issue 33): under 60 px a card shows a
large rank and its suit in the strip a fanned column shows of it, measured
on the screen's own pixels; the columns use the height of an upright phone
(longer strips while they fit, shorter as a column grows); the jack, queen
and king are pictures that differ from each other at 40 px and at 200 px,
and from the other suits' at 200 px."""

from __future__ import annotations

import pygame
import pytest

from game.engine import Game, Pile, Position, parse_card
from game.engine.actions import COLUMN
from game.ui.drawing.layout import NARROW, TOUCH, index_for

from .conftest import Driver
from .glyphs import ink_parts
from .test_card_art import differing, share_of
from .test_card_room import growing

PHONES = ((390, 844), (360, 640), (844, 390), (640, 360), (640, 480))
DEALS = ("EO1-C8-AAAAAFA", "EH1-N-AAAAAAF", "EO1-C2-AAAAAFA")


def strips(d: Driver):
    """(card box, the strip the next card leaves of it: the whole card for
    the top card) of every face-up card in a column, as the screen shows
    them."""
    for pile, sprites in d.table.cards.items():
        if pile.kind != COLUMN:
            continue
        for i, sprite in enumerate(sprites):
            if sprite.face_up:
                box = sprite.box()
                step = round(sprites[i + 1].y - sprite.y) if i + 1 < len(sprites) else box.h
                yield pygame.Rect(box.x, box.y, box.w, box.h), step


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("deal", DEALS)
def test_a_narrow_cards_strip_shows_a_large_rank_and_its_suit(size, deal):
    """Every face-up card in a column, on the opening deal on a phone: the
    strip the next card leaves of it (or all of it) shows the whole index, the rank's glyph at least 40 %
    of the card's width tall (at least 14 px on an upright 390x844 phone),
    and right of it the suit, at least 60 % as tall, both inside the strip."""
    d = Driver(Game.from_deal(deal), size=size)
    d.app.frame()
    layout = d.table.layout
    assert layout.card_w < NARROW and layout.index.spread, (size, deal, layout.card_w)
    index, seen = layout.index, 0
    for card, step in strips(d):
        assert step >= index.h, (card, step, index)
        band = pygame.Rect(card.x + index.x, card.y + index.y, card.w - 2 * index.x, index.h - index.y)
        parts = ink_parts(d.app.screen, band)
        assert len(parts) >= 2, (card, parts)
        rank, suit = parts[0], parts[-1]
        assert rank.height >= 0.4 * layout.card_w, (card, rank, layout.card_w)
        if size == (390, 844):
            assert rank.height >= 14
        assert suit.x > rank.right and suit.height >= 0.6 * rank.height, (card, rank, suit)
        assert max(rank.bottom, suit.bottom) <= card.y + step, (card, step, rank, suit)
        seen += 1
    assert seen >= 8  # the deals fan their columns


def test_the_ten_is_drawn_narrower_to_fit_beside_its_suit():
    """A narrow card's 10 keeps the rank's height and fits beside its suit,
    which stays at the card's right edge on every rank."""
    from game.ui.drawing.cardart import CardArt

    for w in (33, 40, 45, 57):
        index = index_for(w)
        art = CardArt(w, round(w * 1.4), "en", index=index)
        rights, heights = set(), set()
        for rank in ("10", "A", "Q", "7"):
            corner = art.corner(label=rank, symbol="\u2665", color=(0, 0, 0))
            assert corner.get_width() == w - 2 * index.x
            mask = pygame.mask.from_surface(corner, 30)
            parts = sorted(mask.get_bounding_rects(), key=lambda r: r.x)
            rights.add(w - 2 * index.x - parts[-1].right <= 1)
            heights.add(parts[0].height if rank != "Q" else None)
            assert parts[-2].right < parts[-1].x  # the rank ends before its suit
        assert rights == {True}
        assert len(heights - {None}) == 1  # 1 of 10, A and 7: the same height


def test_an_upright_phone_gives_the_columns_the_height_there_is():
    """390x844, Eight Off's opening deal: the face-up strips grow past the
    44 px a finger needs to most of a card (the column the cards are sized
    for still fits); as one column grows the strips shorten, never under
    the index, the last card always whole, the cards' width kept."""
    d = Driver(Game.from_deal("EO1-C8-AAAAAFA"), size=(390, 844))
    layout = d.table.layout
    steps = [step for card, step in strips(d) if step < card.h]
    assert min(steps) >= 0.75 * layout.card_h > TOUCH, (steps, layout.card_h)

    d = Driver(Game(Position.from_dict(growing())), size=(390, 844))
    width = d.table.layout.card_w
    pile = Pile(COLUMN, 0)
    seen = []
    for action in ("r1>c1", "r2>c1", "r3>c1", "r4>c1", "f2>c1"):
        assert d.table.play(action).ok
        d.settle()
        layout = d.table.layout
        places = d.table.card_places(pile, len(d.table.cards[pile]))
        step = min(b[1] - a[1] for a, b in zip(places, places[1:]))
        assert step >= layout.index.h
        assert places[-1][1] + layout.card_h <= layout.columns_bottom
        seen.append(step)
    assert seen == sorted(seen, reverse=True) and seen[-1] < seen[0], seen
    assert d.table.layout.card_w == width  # the width bound the cards: only the strips gave way


def test_easy_harp_upright_spreads_its_face_down_cards_over_the_height_there_is():
    """Issue 41: an upright 390x844 phone, Easy Harp's opening deal: the
    longest column (8 face down, a king up) reaches past half of the
    columns' room (it reached a quarter: face-down cards 11 px apart); the
    face-down steps stay shorter than a face-up strip and countable, and a
    column of four more face-up cards on them still fits untightened."""
    d = Driver(Game.from_deal("EH1-N-AAAAAAF"), size=(390, 844))
    layout = d.table.layout
    top = layout.piles[Pile(COLUMN, 0)].y
    deepest = max(d.table.cards_box(Pile(COLUMN, i)).bottom for i in range(9))
    assert deepest - top >= 0.5 * (layout.columns_bottom - top), (deepest, top, layout.columns_bottom)
    places = d.table.card_places(Pile(COLUMN, 8), 9)
    steps = {round(b[1] - a[1]) for a, b in zip(places, places[1:])}
    assert len(steps) == 1 and layout.down_min < steps.pop() < layout.up_gap
    offsets, squeezed = layout.column_fan(8, 13)
    assert not squeezed and offsets[8] == 8 * layout.down_gap and offsets[-1] - offsets[8] == 4 * layout.up_gap


def court_pictures(w: int) -> dict[str, pygame.Surface]:
    """The part of each court face below its corner index (and above the
    rotated one), at a card ``w`` px wide."""
    from game.ui.drawing.cardart import ONE_INDEX, card_art

    h = round(w * 1.4)
    index = index_for(w)
    art = card_art(w, h, "en", index=index, fan=round(h * 0.27))
    band = pygame.Rect(0, index.h, w, h - index.h - (index.h if w >= ONE_INDEX else 0))
    return {r + s: art.face(parse_card(r + s)).subsurface(band).copy() for r in "JQK" for s in "SHDC"}


@pytest.mark.parametrize("w", [40, 200])
def test_jack_queen_and_king_are_told_apart_at_40_and_200_px(w):
    """In every suit the three courts differ from each other by more than a
    tenth of their pixels; the king and queen wear gold (crown, tiara), the
    jack a white feather."""
    from game.ui.drawing import courts, theme

    pictures = court_pictures(w)
    for suit in "SHDC":
        j, q, k = (pictures[r + suit] for r in "JQK")
        for a, b in ((j, q), (j, k), (q, k)):
            assert differing(a, b) > 0.1, (w, suit)
        assert share_of(k, theme.GOLD, 40) > 0.01 and share_of(q, theme.GOLD, 40) > 0.002, (w, suit)
        assert share_of(j, courts.WHITE, 12) > 0.02, (w, suit)


def test_each_suit_has_its_own_courts_at_200_px():
    """Not one figure recoloured per suit: at 200 px a king, queen or jack
    differs from the same court of the other suit of its colour (its cloth
    and what it holds), not only in colour."""
    pictures = court_pictures(200)
    for rank in "JQK":
        for a, b in (("S", "C"), ("H", "D")):
            assert differing(pictures[rank + a], pictures[rank + b]) > 0.03, (rank, a, b)
