"""The daily deals' calendar in the window (game/ui/dialogs/calendar.py):
its grid (the week's start, today, days won, started and to come, levels
as pips), the keyboard (arrows, Page Up / Page Down, Home / End, Enter,
Esc, Tab), what a screen reader hears, opening a day's deal, switching the
variant, sharing a won day, and the calendar left alone drawing nothing.
Every app is on a fixed date (tests/ui/daily.py), never the machine's."""

from __future__ import annotations

import datetime as dt

import pygame
import pytest

from game.host import LIVE_REGION_ID
from game.engine import deal_position, registry
from game.i18n import LANGUAGES, translate, translate_count
from game.i18n.dates import date_text, level_name, weekday_name
from game.play import NoDailyDeal
from game.ui.dialogs.calendar import CalendarScene, DayTile, day_words, short_clock
from game.ui.dialogs.confirm import ConfirmDialog
from game.ui.dialogs.new_game import NewGameDialog
from game.ui.drawing.layout import TOUCH
from game.ui.table.share import ShownText

from .daily import STARTED, TODAY, WON, daily_app, key, record_month
from .geometry import SIZES
from .test_a11y import FakePage


def open_calendar(size=(390, 844), lang="en", record=True, **kw) -> tuple[object, CalendarScene]:
    app = daily_app(size, lang, **kw)
    if record:
        record_month(app)
    key(app, pygame.K_k)
    scene = app.top()
    assert isinstance(scene, CalendarScene)
    return app, scene


def click(app, scene, widget) -> None:
    shown = scene.screen_box(widget.box)
    assert shown is not None, "out of view"
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=shown.center, button=1))
    app.frame()


def pixels(surface: pygame.Surface, box) -> set[tuple[int, int, int]]:
    sub = surface.subsurface(pygame.Rect(box))
    return {tuple(sub.get_at((x, y)))[:3] for x in range(0, sub.get_width(), 2) for y in range(0, sub.get_height(), 2)}


# ---- the grid ------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_month_is_a_grid_of_thumb_sized_days_from_the_weeks_first_day(size):
    app, scene = open_calendar(size)
    page = scene.page
    assert page is not None and (page.year, page.month) == (2026, 12)
    tiles = scene.tiles
    assert sorted(tiles) == [dt.date(2026, 12, d) for d in range(1, 32)]
    for date, tile in tiles.items():
        assert tile.box.w >= TOUCH and tile.box.h >= TOUCH, (date, tile.box)
        shown = scene.screen_box(tile.box)
        if shown is not None:
            assert 0 <= shown.x and shown.right <= app.width and 0 <= shown.y and shown.bottom <= app.height
    # one column a weekday, the language's first day first (Monday: 1 December 2026 is a Tuesday)
    first = tiles[dt.date(2026, 12, 1)].box
    assert first.x == scene.plan.grid.x + scene.plan.tile_w
    assert tiles[dt.date(2026, 12, 7)].box.x == scene.plan.grid.x  # a Monday
    assert tiles[dt.date(2026, 12, 8)].box.y == first.y + scene.plan.tile_h
    # no two days overlap
    boxes = list(tiles.values())
    assert not any(a.box.overlap(b.box) for i, a in enumerate(boxes) for b in boxes[i + 1:])


def test_days_won_started_not_played_today_and_to_come_look_different():
    app, scene = open_calendar((1366, 768))
    tiles = scene.tiles
    assert [d for d, t in tiles.items() if t.day.state == "won"] == [dt.date(2026, 12, d) for d in WON]
    assert [d for d, t in tiles.items() if t.day.state == "started"] == [dt.date(2026, 12, d) for d in STARTED]
    assert [d for d, t in tiles.items() if t.day.today] == [TODAY]
    assert all(not t.enabled for d, t in tiles.items() if d > TODAY)  # closed
    assert all(t.enabled for d, t in tiles.items() if d <= TODAY)
    looks = {}
    for name, day in (("won", 1), ("started", 4), ("none", 5), ("future", 20), ("today", 16)):
        looks[name] = pixels(app.screen, scene.screen_box(tiles[dt.date(2026, 12, day)].box))
    assert len({frozenset(v) for v in looks.values()}) == 5
    # a win's time is drawn on its day: "1h02" for an hour and more
    assert short_clock(3725, "en") == "1h02" and short_clock(252, "en") == "4:12"


def test_levels_are_pips_and_words_never_a_number():
    app, scene = open_calendar()
    day = scene.chosen()
    assert day is not None and day.today and day.deal is not None
    # the foot: today's date, the level in words, the state
    lang = "en"
    words = day_words(day, lang)
    assert date_text(TODAY, lang) in words and level_name(day.deal.level, lang) in words
    assert translate("daily.day.today", lang) in words
    assert translate("daily.day.started", lang, date=date_text(TODAY, lang)) in words


def test_months_page_back_to_the_first_daily_deal_and_forward_to_this_month_only():
    app, scene = open_calendar()
    assert not scene.next_button.enabled
    key(app, pygame.K_PAGEDOWN)
    assert (scene.year, scene.month) == (2026, 12)
    pages = 0
    while scene.previous_button.enabled:
        click(app, scene, scene.previous_button)
        pages += 1
        assert pages < 100
    assert (scene.year, scene.month) == (2026, 1) and pages == 11  # the first daily deal: 1 January 2026
    key(app, pygame.K_PAGEUP)
    assert (scene.year, scene.month) == (2026, 1)
    key(app, pygame.K_PAGEDOWN)
    assert (scene.year, scene.month) == (2026, 2) and scene.selected.month == 2


# ---- the keyboard and a screen reader ---------------------------------------------------------


def listening(app) -> FakePage:
    page = FakePage()
    app.announcer.window = page
    return page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_arrows_move_between_days_and_each_day_is_said_with_its_date_level_and_state(lang):
    app, scene = open_calendar(lang=lang)
    page = listening(app)
    key(app, pygame.K_LEFT)  # yesterday: won
    assert scene.selected == dt.date(2026, 12, 15) and isinstance(scene.key_focus, DayTile)
    said = page.region.textContent
    day = scene.chosen()
    assert date_text(day.date, lang) in said and level_name(day.deal.level, lang) in said
    assert translate_count("daily.day.won", 101, lang, date=date_text(day.date, lang), time="3:20", moves=101) in said
    key(app, pygame.K_UP)  # a week earlier
    assert scene.selected == dt.date(2026, 12, 8)
    key(app, pygame.K_HOME)
    assert scene.selected == dt.date(2026, 12, 7)  # the week's first day: a Monday
    assert weekday_name(0, lang) in page.region.textContent
    key(app, pygame.K_END)
    assert scene.selected == dt.date(2026, 12, 13)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert scene.selected == dt.date(2026, 12, 27)  # to come: closed, and said so
    assert translate("daily.day.future", lang, date=date_text(dt.date(2026, 12, 27), lang)) in page.region.textContent
    assert not scene.play_button.enabled
    key(app, pygame.K_RETURN)  # a closed day does not open
    assert app.top() is scene
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    assert scene.selected == dt.date(2026, 11, 29)  # across the month's edge: the month before
    assert (scene.year, scene.month) == (2026, 11) and scene.key_focus is scene.tiles[scene.selected]


def test_tab_reaches_every_control_and_the_grid_once():
    app, scene = open_calendar()
    seen = []
    for _ in range(20):
        key(app, pygame.K_TAB)
        seen.append(scene.key_focus)
    stops = seen[:seen.index(seen[0], 1)] if seen[0] in seen[1:] else seen
    tiles = [w for w in stops if isinstance(w, DayTile)]
    assert len(tiles) == 1 and tiles[0].day.date == TODAY
    assert scene.close_button in stops and scene.play_button in stops and scene.previous_button in stops
    assert set(scene.variant_buttons) <= set(stops)


def test_enter_opens_the_chosen_day_and_escape_closes():
    app, scene = open_calendar()
    key(app, pygame.K_ESCAPE)
    assert app.find(CalendarScene) is None and app.top() is app.table
    key(app, pygame.K_k)
    scene = app.top()
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)  # 14 December: won
    key(app, pygame.K_RETURN)
    deal = app.play.daily_deal("eight-off", "C8", dt.date(2026, 12, 14))
    assert app.find(CalendarScene) is None
    assert app.session.game.position.deal == str(deal.code)
    assert app.play.current_daily() == deal  # it counts for its date


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_daily_deal_opened_says_which_day_it_is_and_how_hard(lang):
    app, scene = open_calendar(lang=lang)
    page = listening(app)
    key(app, pygame.K_LEFT)  # 15 December
    key(app, pygame.K_RETURN)
    deal = app.play.daily_deal("eight-off", "C8", dt.date(2026, 12, 15))
    said = page.region.textContent
    assert date_text(deal.date, lang) in said and level_name(deal.level, lang).lower() in said
    assert said == app.announcer.last and app.table.status.text == said  # on the status line too
    app.start_game(type(app.session.game)(deal_position("EO1-C8-AAAAAAB")), animate=False)  # no daily deal
    assert date_text(deal.date, lang) not in page.region.textContent


def test_a_tap_opens_a_day_not_won_asking_first_when_a_game_is_in_progress():
    app, scene = open_calendar()
    app.pop(scene)
    for action in ("c7>r", "c3>r"):
        assert app.table.play(action).ok
    key(app, pygame.K_k)
    scene = app.top()
    click(app, scene, scene.tiles[dt.date(2026, 12, 10)])
    question = app.top()
    assert isinstance(question, ConfirmDialog)  # the game in progress would be left
    question.yes()
    app.frame()
    deal = app.play.daily_deal("eight-off", "C8", dt.date(2026, 12, 10))
    assert app.session.game.position.deal == str(deal.code) and app.find(CalendarScene) is None
    # that day's game in progress: its day goes on with it, not from its start
    assert app.table.play("c1>r").ok
    moves = app.session.game.position.moves
    key(app, pygame.K_k)
    scene = app.top()
    click(app, scene, scene.tiles[dt.date(2026, 12, 10)])
    assert app.find(CalendarScene) is None and app.session.game.position.moves == moves


def test_a_tap_on_a_won_day_shows_its_result_with_share_and_play_again():
    app, scene = open_calendar()
    page = listening(app)
    click(app, scene, scene.tiles[dt.date(2026, 12, 2)])
    assert app.top() is scene and scene.selected == dt.date(2026, 12, 2)
    assert scene.tiles[dt.date(2026, 12, 2)].ringed and scene.key_focus is None
    assert scene.share_button.enabled and scene.play_button.label == "ui.calendar.play_again"
    assert "10:00" in page.region.textContent
    click(app, scene, scene.play_button)
    deal = app.play.daily_deal("eight-off", "C8", dt.date(2026, 12, 2))
    assert app.session.game.position.deal == str(deal.code)


def test_share_of_a_won_day_sends_its_best_result_and_the_share_button_says_so(monkeypatch):
    from game import host

    app, scene = open_calendar()
    sent = []
    monkeypatch.setattr(host, "share_text", lambda text: sent.append(text) or "copied")
    click(app, scene, scene.tiles[dt.date(2026, 12, 3)])
    click(app, scene, scene.share_button)
    assert len(sent) == 1
    lines = sent[0].split("\n")
    deal = app.play.daily_deal("eight-off", "C8", dt.date(2026, 12, 3))
    assert lines[0].startswith("Eight Off") and date_text(dt.date(2026, 12, 3), "en") in lines[0]
    assert lines[2] == "Won in 1:02:05, 150 moves"  # the day's best
    assert lines[4] == f"Deal code: {deal.code}"  # natively: no address, the code
    assert scene.share_button.label == "ui.calendar.copied"
    key(app, pygame.K_RIGHT)  # another day: Share again
    assert scene.share_button.label == "ui.calendar.share" and scene.share_button.enabled is False
    monkeypatch.setattr(host, "share_text", lambda text: "refused")
    key(app, pygame.K_LEFT)
    click(app, scene, scene.share_button)
    shown = app.top()
    assert isinstance(shown, ShownText) and shown.text.split("\n")[2] == "Won in 1:02:05, 150 moves"


# ---- variants, the New game dialog, K ------------------------------------------------------------


def test_each_variant_has_its_month_and_one_without_daily_deals_says_so():
    app, scene = open_calendar((844, 390))
    for i in range(len(scene.variant_buttons)):
        click(app, scene, scene.variant_buttons[i])
        button = scene.variant_buttons[i]
        assert (scene.game, scene.variant) == (button.game, button.variant) and button.selected
        try:
            app.play.calendar(button.game, button.variant, 2026, 12)
        except NoDailyDeal:
            assert scene.page is None and scene.tiles == {} and not scene.play_button.enabled
        else:
            assert scene.page is not None and len(scene.tiles) == 31
            won = [d for d, t in scene.tiles.items() if t.day.state == "won"]
            assert won == ([dt.date(2026, 12, d) for d in WON] if button.variant == "C8" else [])
    assert {(b.game, b.variant) for b in scene.variant_buttons} == set(registry.choices())


def test_daily_deals_in_new_game_opens_the_calendar_of_the_variant_chosen_there():
    app = daily_app()
    app.open_new_game()
    dialog = app.top()
    assert isinstance(dialog, NewGameDialog)
    dialog.choose_game("eight-off")
    dialog.choose_variant("C4")
    dialog.redraw()
    button = next(b for b in dialog.deal_buttons if b.label == "ui.daily_deals")
    today = next(b for b in dialog.deal_buttons if b.label == "ui.today")
    assert button.box.y == today.box.y  # beside Today's deal
    click(app, dialog, button)
    scene = app.top()
    assert isinstance(scene, CalendarScene) and (scene.game, scene.variant) == ("eight-off", "C4")
    assert app.find(NewGameDialog) is None


def test_the_calendar_left_alone_draws_nothing_and_waits_for_nothing():
    app, scene = open_calendar()
    app.frame()
    for _ in range(5):
        assert app.frame() == []
    assert app.still() and app.next_wake() is None


def test_the_keyboard_keeps_its_place_when_the_month_or_the_variant_changes():
    app, scene = open_calendar()
    while scene.key_focus is not scene.previous_button:
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert (scene.year, scene.month) == (2026, 11) and scene.key_focus is scene.previous_button
    while not (scene.key_focus in scene.variant_buttons and scene.key_focus.variant == "C8"):
        key(app, pygame.K_TAB)
    key(app, pygame.K_RIGHT)  # the next variant, chosen by the arrow
    assert scene.variant == "C4" and scene.key_focus is scene.variant_buttons[2]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_daily_wins_day_and_level_fit_its_panel_in_every_language(size):
    from .daily import win_daily

    for lang in LANGUAGES:
        app = daily_app(size, lang)
        panel = win_daily(app)
        app.frame()
        placed = dict(panel.placed)
        line, level = placed["ui.win.daily"], placed["daily.level"]
        assert line.left >= panel.px(20) and line.right <= panel.pw - panel.px(20), (lang, line, panel.pw)
        assert line.height >= 12 and level.right <= panel.pw - panel.px(20), (lang, line)
