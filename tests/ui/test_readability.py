"""Readability options: four-colour suits, large cards and the left-handed
table (screenshots under $GAME_SHOTS_DIR, when set, to look at), remembered with the other
settings; drop highlights while dragging."""

from pathlib import Path

import pygame
import pytest

from game.engine import Pile, parse_card
from game.engine.actions import CELL, FOUNDATION, STOCK, WASTE
from game.persistence.settings import clean
from game.ui.drawing import theme
from game.ui.drawing.cardart import card_art
from game.ui.drawing.layout import make_layout
from game.persistence.settings import Settings
from game.play.events import SettingsChanged

from .positions import easy_harp

C = lambda i: Pile("c", i - 1)  # noqa: E731
DEALS = {"easy-harp": "EH1-N-AAAAAAF", "eight-off": "EO1-C8-AAAAAFA"}
OPTIONS = ("four_color", "large_cards", "left_handed")


def shoot(d, shots: Path, name: str) -> None:
    d.settle()
    d.app.save_screenshot(str(shots / name))


@pytest.mark.parametrize("option", OPTIONS)
@pytest.mark.parametrize("game", DEALS)
@pytest.mark.parametrize("size", [(1280, 720), (720, 1280)])
def test_option_tables(driver_for, option, game, size, shots):
    settings = Settings(**{option: True})
    d = driver_for(DEALS[game], size=size, settings=settings)
    if game == "easy-harp":
        d.table.play("draw")
    shoot(d, shots, f"{option}_{game}_{size[0]}x{size[1]}.png")


def test_four_colour_inks():
    art = card_art(100, 140, "en", True)
    plain = card_art(100, 140, "en", False)

    def inks(surface):
        return {tuple(surface.get_at((x, y)))[:3] for x in range(0, 40) for y in range(0, 50)}

    assert theme.FOUR_COLORS[2] in inks(art.face(parse_card("7D")))  # diamonds blue
    assert theme.FOUR_COLORS[3] in inks(art.face(parse_card("7C")))  # clubs green
    assert theme.FOUR_COLORS[2] not in inks(plain.face(parse_card("7D")))


@pytest.mark.parametrize("size", [(1280, 720), (720, 1280)])
def test_large_cards_are_bigger_with_larger_indices(size):
    """Large cards: larger cards and larger indices, and a fanned face-up
    card still shows its whole index (never a hidden suit)."""
    for game, variant in (("easy-harp", "N"), ("eight-off", "C8"), ("eight-off", "C2")):
        normal = make_layout(game, variant, *size)
        large = make_layout(game, variant, *size, large=True)
        assert large.card_w > normal.card_w
        assert large.index.size > normal.index.size
        assert large.up_min >= large.index.h and large.up_gap >= large.up_min
        for box in large.piles.values():  # nothing leaves the canvas
            assert 0 <= box.x and box.right <= size[0] and box.bottom <= size[1]


def foundations_y(layout) -> int:
    return layout.piles[Pile(FOUNDATION, 0)].y


@pytest.mark.parametrize("size", [(1280, 720), (720, 1280)])
def test_left_handed_mirrors_the_top_row(size):
    eh = make_layout("easy-harp", "N", *size, mirrored=True)
    normal = make_layout("easy-harp", "N", *size)
    stock, waste = eh.piles[Pile(STOCK)], eh.piles[Pile(WASTE)]
    assert stock.x > waste.x  # the stock at the outer edge, on the right
    columns = {eh.piles[Pile("c", i)].x for i in range(9)}
    # mirrored onto the columns' grid: over a column (or past their end, in one row), within a pixel of
    # the exact mirror image (the grid, centred, may have a pixel more on one side)
    assert abs(stock.right - (size[0] - normal.piles[Pile(STOCK)].x)) <= 1
    assert stock.x in columns or stock.y == foundations_y(eh)
    foundations = [eh.piles[Pile(FOUNDATION, i)] for i in range(8)]
    assert [b.x for b in foundations if b.y == foundations[0].y] == sorted(b.x for b in foundations if b.y == foundations[0].y)
    if stock.y == foundations[0].y:
        assert max(b.right for b in foundations) < waste.x
    eo = make_layout("eight-off", "C8", *size, mirrored=True)
    cells = [eo.piles[Pile(CELL, i)] for i in range(8)]
    found = [eo.piles[Pile(FOUNDATION, i)] for i in range(4)]
    if cells[-1].y == found[0].y:
        assert max(b.right for b in found) < min(b.x for b in cells)
    columns = [eo.piles[Pile("c", i)] for i in range(8)]
    assert [b.x for b in columns] == sorted(b.x for b in columns)  # the columns keep their order
    if cells[-1].y == found[0].y:  # one row: the columns under the cells, at their very x
        assert [b.x for b in columns] == [b.x for b in cells]


def test_options_change_the_table_at_once_and_are_remembered(driver_for, shots):
    d = driver_for(DEALS["eight-off"])
    saved = []
    d.app.play.on(SettingsChanged, lambda changed: saved.append(changed.settings.to_dict()))  # what the record keeps
    before = d.table.layout.card_w
    d.app.change_setting("large_cards", True)
    assert d.table.layout.card_w > before
    d.app.change_setting("left_handed", True)
    assert d.table.layout.mirrored
    d.app.change_setting("four_color", True)
    assert d.table.art.four_color
    d.settle()
    sprite = d.table.cards[C(1)][-1]
    assert (sprite.x, sprite.y) == d.table.card_places(C(1), len(d.table.cards[C(1)]))[-1]
    shoot(d, shots, "all_three_eight_off.png")
    stored = saved[-1]
    for key in ("four_color", "large_cards", "left_handed", "drop_highlights", "sound"):
        assert key in stored
    again, problems = clean(stored)
    assert problems == []
    assert again.four_color and again.large_cards and again.left_handed


def test_drop_highlights_mark_what_the_engine_accepts(driver_for, shots):
    d = driver_for(easy_harp([["8S"], ["8C"], ["7H"], ["9D"], []]), settings=Settings(drop_highlights=True))
    start = d.card_center(C(3))
    d.press(start)
    d.post(pygame.MOUSEMOTION, pos=(start[0] + 40, start[1] + 60), rel=(0, 0), buttons=(1, 0, 0))
    d.run(1)
    assert len(d.table.drop_marks) == 2  # the two black eights
    shoot(d, shots, "drop_highlights.png")
    d.release((start[0] + 40, start[1] + 60))
    assert d.table.drop_marks == []


def test_drop_highlights_are_off_by_default(driver_for):
    assert Settings().drop_highlights is False and clean({})[0].drop_highlights is False
    d = driver_for(easy_harp([["8S"], ["7H"]]))
    start = d.card_center(C(2))
    d.press(start)
    d.post(pygame.MOUSEMOTION, pos=(start[0] + 40, start[1] + 60), rel=(0, 0), buttons=(1, 0, 0))
    d.run(1)
    assert d.table.drop_marks == []
    d.release(start)


@pytest.mark.parametrize("w,h,radius", [(940, 704, 16), (304, 546, 14), (71, 100, 4), (256, 65, 9), (40, 30, 100)])
def test_a_rounded_panel_is_the_whole_rectangle_drawn_large_and_scaled_down(w, h, radius):
    """Only the corners are supersampled: every pixel is the one drawing
    the whole rectangle four times larger gives, corners antialiased."""
    from game.ui.drawing.cardart import rounded_mask

    big = pygame.Surface((w * 4, h * 4), pygame.SRCALPHA)
    pygame.draw.rect(big, (250, 248, 240), big.get_rect(), border_radius=radius * 4)
    expected = pygame.transform.smoothscale(big, (w, h))
    shape = rounded_mask(w, h, radius, (250, 248, 240))
    assert pygame.image.tobytes(shape, "RGBA") == pygame.image.tobytes(expected, "RGBA")
    r = min(radius, w // 2, h // 2)
    assert any(0 < shape.get_at((x, y)).a < 255 for x in range(r) for y in range(r))  # a soft corner
