"""A dragged card lifts (issue 33, item 5): measured from the sprite's
image as drawn, it is drawn larger (``LIFT_SCALE``, for that size: the
lifted art's own face, not the resting one scaled) about the point under
the finger, over a shadow that has grown below it; let go, it settles back
to its resting image while it glides, a new press ends that at once, and
a table at rest redraws nothing."""

import pygame
import pytest

from game.engine import Pile
from game.ui.table.sprites import LIFT_SCALE, SETTLE_MS, lifted_art

from .conftest import Driver
from .positions import easy_harp

C = lambda i: Pile("c", i - 1)  # noqa: E731


def card_rect(image: pygame.Surface) -> pygame.Rect:
    """The opaque card in a sprite's image (the shadow is translucent: alpha 150 at most)."""
    rects = pygame.mask.from_surface(image, 240).get_bounding_rects()
    return rects[0].unionall(rects[1:])


def shadow_below(image: pygame.Surface, card: pygame.Rect) -> int:
    """How many rows under the card the shadow reaches (translucent pixels below its middle)."""
    x = card.centerx
    return sum(1 for y in range(card.bottom, image.get_height()) if image.get_at((x, y)).a > 8)


def pick(d: Driver, pile: Pile, dx: int = 30, dy: int = 80) -> tuple[tuple[int, int], tuple[int, int]]:
    start = d.card_center(pile)
    d.press(start)
    for i in range(1, 4):
        d.post(pygame.MOUSEMOTION, pos=(start[0] + dx * i // 3, start[1] + dy * i // 3), rel=(0, 0), buttons=(1, 0, 0))
        d.run(1)
    return start, (start[0] + dx, start[1] + dy)


@pytest.mark.parametrize("size", [(390, 844), (1366, 768), (2560, 1440)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_dragged_card_lifts_about_the_point_under_the_finger(driver_for, size):
    d = driver_for(easy_harp([["8S"], ["7H"]]), size=size)
    sprite = d.table.cards[C(2)][-1]
    art = d.table.art
    rest = card_rect(sprite.image)
    rest_shadow = shadow_below(sprite.image, rest)
    start, at = pick(d, C(2))
    assert sprite.lifted
    lifted = card_rect(sprite.image)
    big = lifted_art(art)
    assert (big.w, big.h) == (round(art.w * LIFT_SCALE), round(art.h * LIFT_SCALE))
    assert (lifted.w, lifted.h) == (big.w, big.h) and lifted.w > rest.w  # drawn at the lifted size
    assert shadow_below(sprite.image, lifted) > rest_shadow  # the shadow has grown and dropped
    # the point grabbed stays under the pointer: the card grew about it
    on_screen = lifted.move(sprite.rect.topleft)
    grab = (start[0] - d.table.card_places(C(2), 1)[0][0], start[1] - d.table.card_places(C(2), 1)[0][1])
    assert abs(on_screen.x - (at[0] - grab[0] * LIFT_SCALE)) <= 1.5
    assert abs(on_screen.y - (at[1] - grab[1] * LIFT_SCALE)) <= 1.5
    d.release(at)


def test_let_go_it_settles_back_to_its_resting_image_while_it_glides(driver_for):
    d = driver_for(easy_harp([["8S"], ["7C"]]), size=(1366, 768))
    sprite = d.table.cards[C(2)][-1]
    art = d.table.art
    _, at = pick(d, C(2), 200, 0)
    lifted_w = card_rect(sprite.image).w
    d.release(at)  # nowhere that takes it: it glides home
    widths = []
    for _ in range(4):
        d.clock.t += SETTLE_MS // 4
        d.run(1)
        widths.append(card_rect(sprite.image).w)
    assert lifted_w > widths[0] > art.w or lifted_w > widths[1] > art.w  # on its way back to its size
    assert all(b <= a + 1 for a, b in zip(widths, widths[1:]))  # only ever smaller (the edge's antialiasing: 1 px)
    d.wait(400)
    assert not sprite.lifted and sprite.image is art.image(sprite.card, sprite.face_up)
    assert (sprite.rect.x, sprite.rect.y) == (round(sprite.x) - art.pad, round(sprite.y) - art.pad)
    d.run(1)
    assert d.app.last_dirty == []  # at rest: nothing redrawn


def test_a_press_ends_the_settling_at_once(driver_for):
    d = driver_for(easy_harp([["8S"], ["7C"], ["5D"]]))
    sprite = d.table.cards[C(2)][-1]
    _, at = pick(d, C(2), 200, 0)
    d.release(at)
    d.press(d.card_center(C(3)))  # input never waits
    assert sprite.settling is None and sprite.image is d.table.art.image(sprite.card, True)
    d.release(d.card_center(C(3)))


def test_a_run_lifts_as_one_and_the_keyboard_lifts_too(driver_for):
    d = driver_for(easy_harp([["9C"], ["#3D", "8H", "7S"]]), size=(1366, 768))
    run = d.table.cards[C(2)][-2:]
    start = d.card_center(C(2), 1)
    d.press(start)
    for i in range(1, 4):
        d.post(pygame.MOUSEMOTION, pos=(start[0] + 10 * i, start[1] + 20 * i), rel=(0, 0), buttons=(1, 0, 0))
        d.run(1)
    tops = [card_rect(s.image).move(s.rect.topleft) for s in run]
    gap = d.table.card_places(C(2), 3)[2][1] - d.table.card_places(C(2), 3)[1][1]
    assert all(s.lifted for s in run)
    assert abs((tops[1].y - tops[0].y) - gap * LIFT_SCALE) <= 1.5  # the fan grew with the cards
    d.release(start)
    d.settle()
    d.key(pygame.K_RIGHT)  # the keyboard in use
    d.table.kb.set_focus(C(2))
    d.key(pygame.K_RETURN)  # picked up by the keys
    held = d.table.kb.held
    assert held is not None and all(s.lifted and card_rect(s.image).w == lifted_art(d.table.art).w for s in held.sprites)
    d.key(pygame.K_ESCAPE)
