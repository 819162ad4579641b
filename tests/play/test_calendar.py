"""The calendar and the streaks (game/play/calendar.py), and a daily deal
played in the application: started at its first move, won with its date,
time and moves, however it was opened; a later window sees it."""

from __future__ import annotations

import datetime as dt

import pytest

from game.engine import Game, Position
from game.persistence.daily import DailyResults, DayResult
from game.persistence.storage import MemoryStorage
from game.play import Application, calendar, daily
from game.play.daily import NoDailyDeal
from game.solver.yardstick import measure

D = dt.date.fromisoformat
TODAY = D("2026-12-09")  # a Wednesday


def test_a_month_on_a_grid_from_the_weeks_first_day():
    results = DailyResults()
    results.won("eight-off", "C8", D("2026-12-01"), on=D("2026-12-01"), seconds=95, moves=90)
    results.started("eight-off", "C8", D("2026-12-02"))
    page = calendar.month(results, "eight-off", "C8", 2026, 12, TODAY, week_start=0)
    assert (page.year, page.month, len(page.days), page.week_start, page.first) == (2026, 12, 31, 0, daily.FIRST)
    assert [day is None for day in page.weeks[0]] == [True] + [False] * 6  # the 1st is a Tuesday
    assert all(len(row) == 7 for row in page.weeks) and len(page.weeks) == 5
    assert [d.date.weekday() for d in page.weeks[1]] == list(range(7))
    first, second, third = page.days[:3]
    assert (first.state, first.seconds, first.moves, first.in_time) == ("won", 95, 90, True)
    assert (second.state, second.seconds) == ("started", None)
    assert third.state == "none"
    today = page.days[8]
    assert today.today and today.open and not today.future and today.deal.date == TODAY
    assert all(d.future and not d.open for d in page.days[9:])
    assert all(d.deal is not None and d.deal.code == daily.daily("eight-off", "C8", d.date).code for d in page.days)
    assert (page.won, page.playable) == (1, 9)
    assert page.previous == (2026, 11) and page.next is None  # no month after today's


def test_the_week_may_start_on_sunday_and_the_headers_follow():
    page = calendar.month(DailyResults(), "easy-harp", "N", 2026, 12, TODAY, week_start=6)
    assert [day is None for day in page.weeks[0][:3]] == [True, True, False]
    assert calendar.weekday_order(6) == (6, 0, 1, 2, 3, 4, 5) and calendar.weekday_order(0) == tuple(range(7))


def test_months_back_to_the_first_and_none_before():
    page = calendar.month(DailyResults(), "eight-off", "C4", 2026, 1, TODAY)
    assert page.previous is None and page.next == (2026, 2)
    before = calendar.month(DailyResults(), "eight-off", "C4", 2025, 12, TODAY)
    assert all(day.deal is None and not day.open for day in before.days)  # no deal: nothing opens
    with pytest.raises(ValueError):
        calendar.month(DailyResults(), "eight-off", "C4", 2026, 13, TODAY)


# ---- in the application ------------------------------------------------------------------------------------

DATE = D("2027-03-01")  # a Monday: an easy Eight Off deal
CODE = daily.daily("eight-off", "C8", DATE).code


@pytest.fixture(scope="module")
def line() -> tuple[str, ...]:
    found = measure(CODE)
    assert found.line is not None
    return found.line


def _app(storage, today=DATE) -> Application:
    app = Application.open(storage=storage, now=lambda: 1000, today=lambda: today, entropy=lambda: 7)  # no daily deal
    app.begin()
    return app


def test_a_daily_deal_played_to_a_win_is_in_the_records(line):
    storage = MemoryStorage()
    app = _app(storage, today=DATE + dt.timedelta(days=1))  # won after midnight: still in time
    assert app.current_daily() is None  # a random deal
    app.start(app.game_for(app.daily_deal("eight-off", "C8", DATE).code))  # opened from the calendar
    assert app.current_daily() == daily.daily("eight-off", "C8", DATE)
    assert app.daily_results.get("eight-off", "C8", DATE) is None  # not started before a move
    assert app.play(line[0]).ok
    assert app.daily_results.get("eight-off", "C8", DATE) == DayResult()
    for action in line[1:]:
        assert app.play(action).ok
    assert app.session.won
    day = app.daily_results.get("eight-off", "C8", DATE)
    assert (day.won_on, day.moves, day.in_time(DATE)) == (DATE + dt.timedelta(days=1), len(line), True)
    again = _app(storage, today=DATE + dt.timedelta(days=1))
    assert again.daily_results.get("eight-off", "C8", DATE) == day
    assert again.streaks().current == 1 and again.streaks("eight-off", "C8").best == 1
    assert again.streaks("eight-off", "C4").best == 0
    page = again.calendar("eight-off", "C8", 2027, 3)
    assert page.days[0].state == "won" and page.days[0].moves == len(line)


def test_the_win_counts_whichever_way_the_deal_was_opened_and_is_written_first(line):
    storage = MemoryStorage()
    written: list[str] = []
    real_set = storage.set
    storage.set = lambda key, text: written.append(key) or real_set(key, text)  # type: ignore[method-assign]
    app = _app(storage)
    app.start(app.game_for(CODE))  # a typed code (or a link): the same deal
    for action in line:
        app.play(action)
    assert app.daily_results.get("eight-off", "C8", DATE).won
    last = len(written) - 1 - written[::-1].index("daily")
    assert "stats" in written[last:] and written[last:].count("game") >= 1  # the day before the game's win


def test_no_daily_win_for_a_position_set_up_by_hand_or_a_deal_still_to_come(line):
    storage = MemoryStorage()
    app = _app(storage, today=DATE - dt.timedelta(days=1))  # the day before: the deal is still to come
    app.start(app.game_for(CODE))
    for action in line:
        app.play(action)
    assert app.session.won and app.daily_results.days("eight-off", "C8") == {}
    app = _app(storage)
    near = Game.from_deal(CODE)
    for action in line[:-1]:
        near.play(action)
    hand = Position.from_dict(near.position.to_dict())  # its JSON names the deal, but it is no deal's start
    assert hand.deal == str(CODE)
    app.start(Game(hand))
    assert app.play(line[-1]).ok and app.session.won
    assert app.daily_results.days("eight-off", "C8") == {}


def test_a_daily_deal_resumed_in_a_later_window_still_counts(line):
    storage = MemoryStorage()
    app = _app(storage)
    app.start(app.game_for(CODE))
    for action in line[:10]:
        app.play(action)
    app.quit()
    later = _app(storage, today=DATE + dt.timedelta(days=3))  # resumed days later: won, not in time
    assert later.session.game.position.moves == 10
    for action in line[10:]:
        assert later.play(action).ok
    day = later.daily_results.get("eight-off", "C8", DATE)
    assert day.won and not day.in_time(DATE)
    assert later.streaks().current == 0 and later.streaks().best == 0


def test_future_days_are_closed_and_today_is_open():
    app = _app(MemoryStorage(), today=TODAY)
    assert app.daily_deal("easy-harp", "N", TODAY).date == TODAY
    with pytest.raises(NoDailyDeal) as caught:
        app.daily_deal("easy-harp", "N", TODAY + dt.timedelta(days=1))
    assert caught.value.key == "daily.future"
    assert app.today_deal("easy-harp", "N") == daily.daily("easy-harp", "N", TODAY).code


def test_a_clock_before_the_daily_deals_gets_the_first_one():
    app = _app(MemoryStorage(), today=D("2020-05-05"))
    assert app.today_deal("eight-off", "C4") == daily.daily("eight-off", "C4", daily.FIRST).code
