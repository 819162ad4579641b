"""The calendar's words (game/i18n/dates.py): weekdays, months, whole dates,
levels and streaks in English, Vietnamese and Hungarian, and where each
language starts its week."""

from __future__ import annotations

import datetime as dt

import pytest

from game.i18n import LANGUAGES, translate_count
from game.i18n.dates import date_text, level_name, month_name, month_year, week_start, weekday_name

DAY = dt.date(2027, 3, 7)  # a Sunday


def test_every_language_starts_the_week_on_monday():
    assert {lang: week_start(lang) for lang in LANGUAGES} == {"en": 0, "vi": 0, "hu": 0}
    assert week_start("xx") == 0


@pytest.mark.parametrize("lang, whole, short, month, title, date", [
    ("en", "Sunday", "Sun", "March", "March 2027", "Sunday 7 March 2027"),
    ("vi", "Chủ Nhật", "CN", "tháng 3", "tháng 3 năm 2027", "Chủ Nhật, ngày 7 tháng 3 năm 2027"),
    ("hu", "vasárnap", "V", "március", "2027. március", "2027. március 7., vasárnap"),
])
def test_dates_in_each_language(lang, whole, short, month, title, date):
    assert weekday_name(DAY.weekday(), lang) == whole
    assert weekday_name(DAY.weekday(), lang, short=True) == short
    assert month_name(3, lang) == month
    assert month_year(2027, 3, lang) == title
    assert date_text(DAY, lang) == date


@pytest.mark.parametrize("lang", LANGUAGES)
def test_seven_weekdays_twelve_months_five_levels_all_different(lang):
    for short in (False, True):
        assert len({weekday_name(d, lang, short=short) for d in range(7)}) == 7
    assert len({month_name(m, lang) for m in range(1, 13)}) == 12
    assert len({level_name(level, lang) for level in range(1, 6)}) == 5
    assert level_name(0, lang) == level_name(1, lang) and level_name(9, lang) == level_name(5, lang)


def test_streaks_in_words():
    def streak(current, best, lang):
        return (translate_count("ui.daily.streak", current, lang, count=current),
                translate_count("ui.daily.best", best, lang, count=best))

    assert streak(1, 12, "en") == ("Daily streak (any game): 1 day", "Best: 12 days")
    assert streak(0, 1, "en") == ("Daily streak (any game): 0 days", "Best: 1 day")
    assert streak(3, 3, "hu")[1] == "Leghosszabb: 3 nap" and "3 nap" in streak(3, 3, "hu")[0]
    assert streak(3, 3, "vi")[1] == "Dài nhất: 3 ngày" and "3 ngày" in streak(3, 3, "vi")[0]
