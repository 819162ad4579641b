"""The daily deals (game/play/daily.py): the shipped tables, fixed for good.

Each table is pinned whole (its SHA-256) and by dates across the years, so
no build can change a date's deal or level; every table is checked for
what tools/make_daily.py promises (every date once, each deal once, a week
ordered by the yardstick's effort, levels in fifths); a few of its deals
are measured again by the yardstick and played to a win through the rules
engine."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections import Counter
from pathlib import Path

import pytest

from game.engine import DealCode, Game, deal_position, parse_code
from game.play import daily
from game.play.daily import CYCLE_DAYS, FIRST, LAST, NoDailyDeal
from game.play.today import older_rule, today_deal
from game.solver.yardstick import measure

D = dt.date.fromisoformat
TABLES = {"EH1-N": ("easy-harp", "N"), "EO1-C8": ("eight-off", "C8"), "EO1-C4": ("eight-off", "C4"),
          "EO1-C2": ("eight-off", "C2")}

# Each table's SHA-256, as shipped: a shipped line is never changed (a new table is a new name and version).
DIGESTS = {
    "EH1-N": "09534a0f04b47ce63b68af6a10d3c80347b6fe4e8f4c17144fcf07fcd11b219c",
    "EO1-C8": "0919d50be66d22e77a45b5ced5b7cc149df24c488ddee85ebe332a664d359564",
    "EO1-C4": "68a33f76d1dc080e7be27597dbe298230b53f64a2eb17a1cbcba23a9475fddbd",
    "EO1-C2": "8902746a71218f6c48a8af56c6369be300a61cb2b8a77d8f7c2d9f0dddc2d038",
}

# Dates across the years, and past the table (repeats of the date 312 weeks earlier): (code, level)
PINNED = {
    "EH1-N": {"2026-01-01": ("EH1-N-AAANLJD", 4), "2026-12-06": ("EH1-N-AABVCKJ", 5),
              "2027-03-01": ("EH1-N-AACCUSU", 2), "2028-02-29": ("EH1-N-AAAEEYM", 3),
              "2030-07-14": ("EH1-N-AABMNZE", 5), "2031-12-31": ("EH1-N-AAAORCQ", 3),
              "2032-01-01": ("EH1-N-AABWTPQ", 3), "2040-05-05": ("EH1-N-AAAVWOH", 4)},
    "EO1-C8": {"2026-01-01": ("EO1-C8-AACCPJM", 4), "2026-12-06": ("EO1-C8-AABHZGO", 4),
               "2027-03-01": ("EO1-C8-AABVBSC", 1), "2028-02-29": ("EO1-C8-AAANOZY", 2),
               "2030-07-14": ("EO1-C8-AABSYOQ", 5), "2031-12-31": ("EO1-C8-AAACXOT", 1),
               "2032-01-01": ("EO1-C8-AAALTAB", 3), "2040-05-05": ("EO1-C8-AABCIEU", 5)},
    "EO1-C4": {"2026-01-01": ("EO1-C4-AABYGJE", 4), "2026-12-06": ("EO1-C4-AABUCCK", 5),
               "2027-03-01": ("EO1-C4-AAAXZBE", 2), "2028-02-29": ("EO1-C4-AAAQYDC", 2),
               "2030-07-14": ("EO1-C4-AAAFXDL", 4), "2031-12-31": ("EO1-C4-AAASLLC", 1),
               "2032-01-01": ("EO1-C4-AAAIUES", 3), "2040-05-05": ("EO1-C4-AABTPYU", 3)},
    "EO1-C2": {"2026-01-01": ("EO1-C2-AAAGJUK", 2), "2026-12-06": ("EO1-C2-AABRKZS", 4),
               "2027-03-01": ("EO1-C2-AACBISO", 2), "2028-02-29": ("EO1-C2-AABQUWA", 1),
               "2030-07-14": ("EO1-C2-AABBEEG", 5), "2031-12-31": ("EO1-C2-AABZEOZ", 2),
               "2032-01-01": ("EO1-C2-AAAGWVV", 4), "2040-05-05": ("EO1-C2-AABSNGF", 5)},
}


def test_every_table_ships_and_is_pinned():
    assert set(daily.SHIPPED) == set(TABLES) == set(DIGESTS) == set(PINNED)
    assert daily.variants_with_daily() == tuple(TABLES.values())
    for game, variant in TABLES.values():
        assert daily.problems(game, variant) == []


@pytest.mark.parametrize("name", sorted(DIGESTS))
def test_a_shipped_table_never_changes(name):
    data = Path(daily.table_path(*TABLES[name])).read_bytes()
    assert hashlib.sha256(data).hexdigest() == DIGESTS[name], (
        f"{name}: the shipped table changed, and with it the players' daily deals or levels")


@pytest.mark.parametrize("name", sorted(PINNED))
def test_dates_across_the_years(name):
    game, variant = TABLES[name]
    for date, (code, level) in PINNED[name].items():
        deal = daily.daily(game, variant, D(date))
        assert (daily.code_text(deal), deal.level) == (code, level), date
        assert str(today_deal(game, variant, D(date))) == code  # today's deal: the one definition


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_table_keeps_its_promises(name):
    game, variant = TABLES[name]
    table = daily.table(game, variant)
    assert table is not None and not table.problems
    entries = table.entries
    assert len(entries) == (LAST - FIRST).days + 1 and all(entries)
    numbers = [e.number for e in entries]
    assert len(set(numbers)) == len(numbers)  # a deal is the daily deal of one date only
    # the levels: the efforts cut in fifths by the header's thresholds, the yardstick's misses level 5
    header = Path(daily.table_path(game, variant)).read_text().splitlines()[2]
    cuts = [int(word.rstrip(":")) for word in header.split() if word.rstrip(":").isdigit()][:4]
    assert cuts == sorted(cuts) and len(cuts) == 4
    for e in entries:
        assert e.level == (5 if e.width is None else 1 + sum(e.effort > cut for cut in cuts))
    per_level = Counter(e.level for e in entries)
    assert all(0.18 < per_level[level] / len(entries) < 0.22 for level in range(1, 6)), per_level
    # each whole week: Monday the least effort, Sunday the most
    monday = FIRST + dt.timedelta(days=-FIRST.weekday() % 7)
    while monday + dt.timedelta(days=6) <= LAST:
        week = [entries[(monday - FIRST).days + i] for i in range(7)]
        ranks = [(e.width is None, e.effort) for e in week]
        assert ranks == sorted(ranks), monday
        monday += dt.timedelta(days=7)


@pytest.mark.parametrize("name", sorted(TABLES))
def test_monday_is_the_easiest_and_sunday_the_hardest(name):
    game, variant = TABLES[name]
    table = daily.table(game, variant)
    levels: dict[int, list[int]] = {d: [] for d in range(7)}
    for offset, entry in enumerate(table.entries):
        levels[(FIRST + dt.timedelta(days=offset)).weekday()].append(entry.level)
    means = [sum(v) / len(v) for _, v in sorted(levels.items())]
    assert means == sorted(means) and means[0] < 1.5 and means[6] > 4.5, means


@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_yardstick_measures_the_table_again_and_its_wins_play_to_the_end(name):
    """The three easiest deals of the table, and its first date: measured again
    with the yardstick, the effort the table holds; the win it finds is
    played through the rules engine."""
    game, variant = TABLES[name]
    table = daily.table(game, variant)
    found = [(e.effort, offset) for offset, e in enumerate(table.entries) if e.width is not None]
    for _, offset in sorted(found)[:3]:
        entry = table.entries[offset]
        code = DealCode(game, variant, entry.number)
        again = measure(code)
        assert (again.effort, again.width) == (entry.effort, entry.width)
        play = Game(deal_position(code))
        assert all(play.play(action).ok for action in again.line) and play.position.won


def test_past_the_last_date_the_table_repeats_whole_weeks():
    assert CYCLE_DAYS % 7 == 0 and CYCLE_DAYS <= (LAST - FIRST).days + 1
    for days in (1, 100, CYCLE_DAYS, CYCLE_DAYS + 1, 5000, 40000):
        date = LAST + dt.timedelta(days=days)
        deal = daily.daily("eight-off", "C8", date)
        source = deal.repeat_of
        assert source is not None and FIRST <= source <= LAST and (date - source).days % CYCLE_DAYS == 0
        assert source.weekday() == date.weekday()
        assert deal.code == daily.daily("eight-off", "C8", source).code
        assert deal.level == daily.daily("eight-off", "C8", source).level
    assert daily.daily("eight-off", "C8", LAST).repeat_of is None
    assert daily.daily("eight-off", "C8", dt.date(9999, 12, 31)).repeat_of is not None  # never an error


def test_no_daily_deal_before_the_first_date_or_for_a_variant_without_a_table():
    with pytest.raises(NoDailyDeal, match="2026-01-01") as caught:
        daily.daily("eight-off", "C8", FIRST - dt.timedelta(days=1))
    assert caught.value.key == "daily.before"
    with pytest.raises(NoDailyDeal):
        today_deal("eight-off", "C8", dt.date(2025, 6, 1))


def test_which_date_a_deal_is_the_daily_deal_of():
    deal = daily.daily("eight-off", "C4", D("2027-03-01"))
    assert daily.date_of(deal.code, D("2027-03-01")) == D("2027-03-01")
    assert daily.date_of(deal.code, D("2029-01-01")) == D("2027-03-01")  # played later: still that date
    assert daily.date_of(deal.code, D("2027-02-28")) is None  # a date still to come: not yet a daily deal
    assert daily.date_of(DealCode("eight-off", "C4", 1), D("2027-03-01")) is None  # no daily deal
    old = daily.daily("eight-off", "C8", D("2026-01-08"))
    assert daily.date_of(old.code, D("2032-01-01")) == D("2032-01-01")  # its repeat
    assert daily.date_of(old.code, D("2031-12-31")) == D("2026-01-08")
    assert daily.date_of(old.code, D("2032-01-05")) == D("2032-01-01")


def test_a_damaged_table_names_its_problems_and_keeps_its_good_lines():
    good = Path(daily.table_path("eight-off", "C8")).read_bytes().splitlines(keepends=True)
    lines = good[:3] + good[3:10] + [b"2026-01-08 12x 3 4 5\n", b"\xff\xfe junk\n", b"2026-01-09 5 9 1 1\n",
                                     b"2026-01-03 7 1 1 1\n", b"2019-01-01 7 1 1 1\n"] + good[12:20]
    table = daily.read_table(b"".join(lines), "EO1-C8")
    problems = " | ".join(table.problems)
    assert "not a deal number" in problems and "not a level" in problems and "second line" in problems
    assert "is not a date from" in problems and "have no deal" in problems
    assert table.entries[0] == daily.table("eight-off", "C8").entries[0]
    assert table.entries[7] is None and table.entries[8] is None and table.entries[30] is None


def test_a_table_that_is_missing_or_damaged_is_reported_at_start(tmp_path, monkeypatch):
    from game import textfile

    shipped = Path(daily.TABLE_DIR)
    (tmp_path / "EO1-C8.txt").write_bytes(shipped.joinpath("EO1-C8.txt").read_bytes() + b"2026-01-01 1 1 1 1\n")
    monkeypatch.setattr(daily, "TABLE_DIR", str(tmp_path))
    daily.table.cache_clear()
    try:
        problems = " | ".join(textfile.check_shipped().other)
        assert "EO1-C8.txt: line" in problems and "second line for 2026-01-01" in problems
        assert "EH1-N.txt: missing" in problems
        assert not daily.has_daily("easy-harp", "N")  # the older rule's deal then, and the player told
        assert str(today_deal("easy-harp", "N", D("2027-03-01"))) == str(older_rule("easy-harp", "N", D("2027-03-01")))
        assert daily.daily("eight-off", "C8", D("2026-01-01")).code.number == daily.read_table(
            shipped.joinpath("EO1-C8.txt").read_bytes(), "EO1-C8").entries[0].number  # the first line stands
    finally:
        daily.table.cache_clear()


def test_a_variant_without_a_table_has_no_daily_deals_and_the_older_rule_for_today():
    from game.engine import deals, registry
    from game.solver import winnable_numbers

    assert all(daily.has_daily(g, v) for g, v in registry.choices())  # every variant shipped has one
    date = D("2026-11-29")
    k = deals.date_number(date, "eight-off", "C8")
    numbers = winnable_numbers("eight-off", "C8")
    assert older_rule("eight-off", "C8", date) == DealCode("eight-off", "C8", numbers[k % len(numbers)])
    assert parse_code(str(older_rule("eight-off", "C8", date))).number in numbers
