"""The win: the card cascade (the classic one, from the table's card art,
a tap or a key skips it, none with Reduce motion) leaves the table as it
found it, and the panel shows this game beside the player's records, a
tap from the statistics (which the bar and the S key open too, and which
take the options' place)."""

import pygame
import pytest

from game.engine import Game, Pile, Position
from game.engine.cards import parse_card
from game.persistence.settings import Settings
from game.ui.table import cascade
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


def won(d):
    """Win the near-won game on ``d``'s table with a tap: the win scene."""
    d.click(d.card_center(Pile("c", 0)))
    assert d.game.position.won
    win = d.app.top()
    assert isinstance(win, WinScene)
    return win


def cascade_until_over(d, step: int = 16, most: int = 600) -> int:
    """Frames every ``step`` ms until the cascade is over; how many it took."""
    for i in range(most):
        if not d.table.celebrating:
            return i
        d.wait(step)
    raise AssertionError("the cascade never ended")


def panel_shown(win) -> bool:
    return all(sprite.visible and sprite.alive() for sprite in win.sprites[:2])


@pytest.mark.parametrize("size", [(1280, 720), (390, 844), (844, 390)])
def test_the_cascade_leaves_the_table_as_a_fresh_redraw(driver_for, size):
    """The cascade runs its course (every frame redraws only where its cards
    were stamped), then the panel shows, and the screen, frame by frame,
    ends exactly as a full redraw of it: no stamp, no speck left."""
    d = driver_for(near_won_eight_off(8), size=size)
    win = won(d)
    d.wait(16)
    assert d.table.celebrating and not panel_shown(win)
    frames = cascade_until_over(d)
    # cards leave for LAUNCH_FOR_MS, and it is over by LASTS_MS (and the bands made first): never long
    assert cascade.LAUNCH_FOR_MS // 16 < frames <= cascade.LASTS_MS // 16 + 20
    d.wait(16)
    assert panel_shown(win) and d.table.canvas is None
    assert not [s for s in d.app.group.sprites() if s.layer == cascade.CASCADE_LAYER]
    drawn = d.app.screen.copy()
    d.app.full_redraw = True
    d.app.draw()
    assert differing_pixels(drawn, d.app.screen) == 0


def test_the_cards_leave_the_foundations_one_by_one_drawn_from_the_card_art(driver_for):
    """The classic cascade: the top cards of the foundations leave in turn
    (kings first), each drawn with the table's own card faces, bouncing off
    the table's foot; the bar with the score, moves and time stays over
    it all along."""
    d = driver_for(near_won_eight_off(8))
    won(d)
    table, seen = d.table, []
    bottoms = []
    for _ in range(120):
        d.wait(16)
        run = table.cascade
        if run is None:
            continue
        assert run.art is table.art
        for f in run.flying:
            assert f.image is run.faces[next(c for c, img in run.faces.items() if img is f.image)]
            bottoms.append(f.y + table.art.h)
        seen = [card for card in run.faces]
        bar = table.bar
        figures = bar.figures_rect()  # the score, moves and time, as the bar drew them
        assert figures is not None
        shown = d.app.screen.subsurface(figures).copy()
        drawn = bar.image.subsurface(figures.move(-bar.rect.x, -bar.rect.y)).copy()
        assert differing_pixels(shown, drawn) == 0
    assert seen[:4] == [parse_card(c) for c in ("KS", "KH", "KD", "KC")]  # a king from each foundation in turn
    assert seen[4:8] == [parse_card(c) for c in ("QS", "QH", "QD", "QC")]
    foot = d.app.height  # landscape: the table reaches the window's foot
    assert max(bottoms) == pytest.approx(foot, abs=1)  # they bounce there
    assert min(bottoms) < foot - table.art.h  # ... and fly above it


def test_a_stamp_is_the_cards_own_face(driver_for):
    """What the screen shows where a card was last stamped is its face, as
    the card art draws it."""
    d = driver_for(near_won_eight_off(8))
    won(d)
    run = None
    while run is None or run.launched < 3:
        d.wait(16)
        run = d.table.cascade
    f = run.flying[-1]  # stamped last: on top
    card = next(c for c, img in run.faces.items() if img is f.image)
    art = d.table.art
    inner = pygame.Rect(art.radius, art.radius, art.w - 2 * art.radius, art.h - 2 * art.radius)
    shown = d.app.screen.subsurface(inner.move(round(f.x), round(f.y))).copy()
    face = pygame.Surface(inner.size)
    face.blit(art.face(card), (0, 0), inner)
    assert differing_pixels(shown, face) == 0


@pytest.mark.parametrize("how", ["tap", "key"])
def test_a_tap_or_a_key_skips_the_cascade_and_does_nothing_else(driver_for, how):
    d = driver_for(near_won_eight_off(8))
    win = won(d)
    for _ in range(20):
        d.wait(16)
    assert d.table.cascade is not None and not panel_shown(win)
    new_deal = win.screen_box(win.widgets[0].box)  # where New deal will be
    if how == "tap":
        d.click(new_deal.center)
    else:
        d.key(pygame.K_RETURN)  # the panel's own key: it only skips
    assert not d.table.celebrating and panel_shown(win)
    assert d.app.top() is win and d.game.position.won  # New deal was not pressed
    d.click(new_deal.center)  # now it is
    assert d.app.top() is d.table and not d.game.position.won


def test_a_bar_button_during_the_cascade_ends_it_and_does_its_work(driver_for):
    d = driver_for(near_won_eight_off(8))
    win = won(d)
    for _ in range(20):
        d.wait(16)
    d.click(d.table.layout.buttons["options"].center)
    assert not d.table.celebrating and d.app.find(WinScene) is win
    assert isinstance(d.app.top(), OptionsDialog)


def test_a_resized_window_ends_the_cascade(driver_for):
    d = driver_for(near_won_eight_off(8))
    win = won(d)
    for _ in range(30):
        d.wait(16)
    d.app.resize(844, 390)
    d.wait(16)
    assert not d.table.celebrating and panel_shown(win)
    drawn = d.app.screen.copy()
    d.app.full_redraw = True
    d.app.draw()
    assert differing_pixels(drawn, d.app.screen) == 0


def test_nothing_is_drawn_or_done_once_it_ends(driver_for):
    """After the cascade and the status line's fade, a frame draws nothing
    and the window has nothing to wait for: it would rest."""
    d = driver_for(near_won_easy_harp())
    d.drag(d.card_center(Pile("c", 0)), d.pile_center(Pile("f", 0)))
    assert isinstance(d.app.top(), WinScene)
    cascade_until_over(d)
    d.wait(6000)  # the "You won" on the status line fades
    d.wait(16)
    assert all(d.app.frame() == [] for _ in range(30))
    assert d.app.still()
    wake = d.app.next_wake()
    assert wake is None or wake > d.app.now()
    assert d.table.cascade is None and d.table.canvas is None


def test_reduce_motion_shows_the_panel_at_once(driver_for):
    d = driver_for(near_won_eight_off(8), settings=Settings(reduce_motion=True))
    win = won(d)
    assert not d.table.celebrating and panel_shown(win)


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
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))  # the cascade skipped
    app.frame()
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
