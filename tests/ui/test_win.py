"""The win: the celebration leaves the table as it found it, and the panel
shows this game beside the player's records."""

import pygame
import pytest

from game.engine import Pile
from game.ui.dialogs.options import OptionsDialog

from .positions import near_won_easy_harp, near_won_eight_off


def differing_pixels(a: pygame.Surface, b: pygame.Surface) -> int:
    """How many pixels of two same-sized surfaces differ."""
    assert a.get_size() == b.get_size()
    a32, b32 = a.convert(32, 0), b.convert(32, 0)
    if a32.get_view("2").raw == b32.get_view("2").raw:
        return 0
    width, height = a.get_size()
    return sum(1 for x in range(width) for y in range(height) if a32.get_at((x, y)) != b32.get_at((x, y)))


@pytest.mark.parametrize("size", [(1280, 720), (390, 844), (844, 390)])
def test_the_confetti_leaves_no_specks(driver_for, size):
    """Every piece of confetti ends in the same frame; where two overlapped,
    the dimming was drawn twice (dark specks that never cleared). The
    screen, frame by frame, must end exactly as a full redraw of it."""
    d = driver_for(near_won_eight_off(8), size=size)
    d.click(d.card_center(Pile("c", 0)))
    assert d.game.position.won
    win = d.app.top()
    for _ in range(30):  # 3.6 s of frames: the confetti falls and is gone
        d.wait(120)
    assert not win.confetti
    drawn = d.app.screen.copy()
    d.app.full_redraw = True
    d.app.draw()
    assert differing_pixels(drawn, d.app.screen) == 0


def test_the_table_after_the_win_panel_is_the_table(driver_for):
    d = driver_for(near_won_easy_harp())
    d.drag(d.card_center(Pile("c", 0)), d.pile_center(Pile("f", 0)))
    for _ in range(30):
        d.wait(120)
    d.key(pygame.K_ESCAPE)  # the panel put away: the felt as a fresh redraw has it
    d.wait(16)
    drawn = d.app.screen.copy()
    d.app.full_redraw = True
    d.app.draw()
    assert differing_pixels(drawn, d.app.screen) == 0


def test_closing_a_dialog_leaves_the_table_as_a_fresh_redraw(driver_for):
    """The panel's place and the dimming's overlap when a dialog closes:
    the cards' see-through shadows were blitted twice there (62,000
    darker pixels after closing Options on Eight Off at 1280x720)."""
    d = driver_for("EO1-C8-AAAAAFA")
    d.app.open_options()
    d.wait(16)
    assert isinstance(d.app.top(), OptionsDialog)
    d.key(pygame.K_ESCAPE)
    d.wait(16)
    drawn = d.app.screen.copy()
    d.app.full_redraw = True
    d.app.draw()
    assert differing_pixels(drawn, d.app.screen) == 0
