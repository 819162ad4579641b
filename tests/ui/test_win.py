"""The win: the celebration leaves the table as it found it, and the panel
shows this game beside the player's records, a tap from the statistics
(which the bar and the S key open too, and which take the options' place)."""

import pygame
import pytest

from game.engine import Game, Pile, Position
from game.ui.dialogs.options import OptionsDialog
from game.ui.dialogs.stats import StatsScene
from game.ui.dialogs.win import WinScene
from tests.persistence.storage_helpers import store_stats

from .conftest import click_widget as click, start_app as start

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


# ---- the records beside this game -------------------------------------------------------------


def win_after(app, earlier, position=None):
    """``earlier`` games (won, seconds, score, moves) of Eight Off C8 stored
    as another window would have, then the near-won deal won with one tap:
    the win panel."""
    stats = app.play.persistence.stats
    for won, seconds, score, moves in earlier:
        stats.record("eight-off", "C8", won=won, seconds=seconds, score=score, moves=moves)
    store_stats(app)
    app.start_game(Game(Position.from_dict(position or near_won_eight_off(8))), animate=False)
    assert app.table.play("tap c1").ok and app.session.game.position.won
    app.frame()
    win = app.top()
    assert isinstance(win, WinScene)
    return win


def shown(win):
    return {f.key: (f.value, f.best, f.new_best) for f in win.figures}


def test_the_win_panel_shows_this_game_beside_the_best_and_the_streak():
    app = start("--deal", "EO1-C8-AAAAAFA")
    win = win_after(app, [(True, 300, 700, 120), (True, 400, 600, 140), (False, 20, 30, 4), (True, 500, 650, 130)])
    assert shown(win) == {
        "ui.win.score": ("10", "700", False),  # 700 stays the best
        "ui.win.moves": ("1", "1", True),  # fewer than 120 (the lost game's 4 are no win's): a new best
        "ui.win.time": ("0:00", "0:00", True),  # faster than 5:00
        "ui.win.streak": ("2", "2", False),  # two in a row again, as before the loss: no new best
    }
    # what was drawn: each new best as a pill, every other best as a "Best: ..." line, in its column
    under = {}  # a figure's label -> what was drawn under it
    for (text, rect), (below, low) in zip(win.placed, win.placed[1:]):
        if text in shown(win) and below in ("ui.win.best", "ui.win.new_best"):
            assert low.centerx == rect.centerx and low.top >= rect.bottom
            under[text] = below
    assert under == {"ui.win.score": "ui.win.best", "ui.win.moves": "ui.win.new_best",
                     "ui.win.time": "ui.win.new_best", "ui.win.streak": "ui.win.best"}


def test_a_longer_streak_is_a_new_best_and_a_first_win_beats_nothing():
    app = start("--deal", "EO1-C8-AAAAAFA")
    win = win_after(app, [(True, 300, 700, 120), (False, 20, 30, 4), (True, 400, 600, 140), (True, 500, 650, 130)])
    assert shown(win)["ui.win.streak"] == ("3", "3", True)
    app.pop(win)
    other = start("--deal", "EO1-C8-AAAAAFA")
    first = win_after(other, [(False, 20, 30, 4)])  # the first win: every best is this game's, none is "new"
    assert shown(first) == {
        "ui.win.score": ("10", "30", False), "ui.win.moves": ("1", "1", False),
        "ui.win.time": ("0:00", "0:00", False), "ui.win.streak": ("1", "1", False),
    }


def test_statistics_from_the_win_panel_and_back():
    app = start("--deal", "EO1-C8-AAAAAFA")
    win = win_after(app, [])
    click(app, win, win.stats_button)
    stats = app.top()
    assert isinstance(stats, StatsScene) and stats.choice == ("eight-off", "C8")
    assert stats.stats.won == 1 and stats.stats.fewest_moves == 1
    assert stats.box.contains(*win.box[:2]) and stats.box.contains(win.box.right - 1, win.box.bottom - 1)  # covered
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert app.top() is win


def test_the_bar_and_the_s_key_open_the_statistics():
    app = start("--deal", "EO1-C8-AAAAAFA")
    button = app.table.layout.buttons["stats"]
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=button.center, button=1))
    app.frame()
    assert isinstance(app.top(), StatsScene)
    app.pop(app.top())
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s"))
    assert isinstance(app.top(), StatsScene)


def test_statistics_from_options_take_the_options_place():
    """The options panel is taller than the statistics' at some sizes: it
    used to peek out behind them. Statistics now replace it."""
    app = start("--deal", "EO1-C8-AAAAAFA")
    app.open_options()
    options = app.top()
    click(app, options, next(w for w in options.widgets if getattr(w, "label", None) == "ui.stats"))
    assert isinstance(app.top(), StatsScene)
    assert app.find(OptionsDialog) is None and len(app.scenes) == 2


def test_a_best_another_window_beat_meanwhile_is_not_called_new():
    """Two windows on one storage, both knowing an earlier win in 120 moves.
    One wins in 1 move; the other, which has not seen that, wins in 2: it
    beat what it knew, but the merged record's best is 1, and its panel
    says so without a "New best"."""
    from game.persistence.storage import MemoryStorage

    storage = MemoryStorage()
    first = start("--deal", "EO1-C8-AAAAAFA", storage=storage)
    first.play.persistence.record_result(Game(Position.from_dict({**near_won_eight_off(8), "moves": 120})), 300, won=True)
    a = start("--deal", "EO1-C8-AAAAAFA", storage=storage)
    b = start("--deal", "EO1-C8-AAAAAFA", storage=storage)
    assert shown(win_after(a, []))["ui.win.moves"] == ("1", "1", True)
    b.start_game(Game(Position.from_dict(near_won_eight_off(8))), animate=False)
    assert b.table.play("c1>r").ok and b.table.play("tap r1").ok
    b.frame()
    win = b.top()
    assert isinstance(win, WinScene) and b.session.game.position.moves == 2
    assert "moves" in b.play.persistence.new_bests["eight-off/C8"]  # it beat the 120 it knew of
    assert shown(win)["ui.win.moves"] == ("2", "1", False)
    assert b.play.persistence.stats.get("eight-off", "C8").won == 3
