"""The daily deals' results (game/persistence/daily.py) and their record in
the storage (``Persistence.daily_started``, ``daily_won``): a join that
loses nothing, two windows, two tabs, two processes, a kill in the middle,
damaged and newer records, the streaks."""

from __future__ import annotations

import datetime as dt
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from game.persistence import Persistence
from game.persistence.daily import DailyResults, DayResult, streaks
from game.persistence.savegame import SaveError
from game.persistence.storage import BrowserStorage, DictLocalStorage, FileStorage, MemoryStorage

ROOT = Path(__file__).resolve().parents[2]
D = dt.date


def test_a_day_only_gains_and_the_best_stays():
    r = DailyResults()
    r.started("easy-harp", "N", D(2026, 12, 1))
    assert r.get("easy-harp", "N", D(2026, 12, 1)) == DayResult()
    r.won("easy-harp", "N", D(2026, 12, 1), on=D(2026, 12, 3), seconds=600.4, moves=700)
    r.won("easy-harp", "N", D(2026, 12, 1), on=D(2026, 12, 2), seconds=700, moves=650)
    r.started("easy-harp", "N", D(2026, 12, 1))  # started again later: still won
    day = r.get("easy-harp", "N", D(2026, 12, 1))
    assert (day.won, day.won_on, day.seconds, day.moves) == (True, D(2026, 12, 2), 600, 650)
    assert r.get("easy-harp", "N", D(2026, 12, 2)) is None
    assert r.get("eight-off", "C8", D(2026, 12, 1)) is None  # per variant


def test_an_unknown_game_is_refused_before_anything_is_kept():
    r = DailyResults()
    with pytest.raises(ValueError):
        r.started("mini-cell", "N", D(2026, 12, 1))
    assert r.variants == {}


DAYS = st.dates(min_value=D(2026, 1, 1), max_value=D(2026, 3, 1))
RESULTS = st.lists(st.tuples(st.sampled_from([("easy-harp", "N"), ("eight-off", "C8"), ("eight-off", "C2")]), DAYS,
                             st.one_of(st.none(), st.tuples(DAYS, st.integers(0, 10**5), st.integers(0, 5000)))),
                   max_size=30)


def _apply(results: DailyResults, ops) -> DailyResults:
    for (game, variant), date, win in ops:
        if win is None:
            results.started(game, variant, date)
        else:
            results.won(game, variant, date, on=win[0], seconds=win[1], moves=win[2])
    return results


@settings(max_examples=60, deadline=None)
@given(RESULTS, st.randoms(use_true_random=False))
def test_any_order_any_repeats_and_any_split_give_one_record(ops, rng):
    """The join: two windows each holding some of the results, merged
    either way round, with repeats, give the record of all of them."""
    whole = _apply(DailyResults(), ops).to_json()
    shuffled = list(ops)
    rng.shuffle(shuffled)
    assert _apply(DailyResults(), shuffled + shuffled[: len(ops) // 2]).to_json() == whole
    cut = rng.randint(0, len(ops))
    a, b = _apply(DailyResults(), shuffled[:cut]), _apply(DailyResults(), shuffled[cut:])
    a.merge(b)
    assert a.to_json() == whole
    assert DailyResults.from_json(whole).to_json() == whole  # reads back as written


def test_the_record_format():
    r = DailyResults()
    r.started("eight-off", "C4", D(2026, 12, 5))
    r.won("eight-off", "C8", D(2026, 12, 6), on=D(2026, 12, 6), seconds=250, moves=140)
    assert json.loads(r.to_json()) == {
        "schema": "easy-harp-eight-off/daily", "version": 1,
        "variants": {"eight-off/C4": {"2026-12-05": {}},
                     "eight-off/C8": {"2026-12-06": {"won": "2026-12-06", "seconds": 250, "moves": 140}}}}


@pytest.mark.parametrize("text, what", [
    ('{"schema": "easy-harp-eight-off/stats", "version": 1, "variants": {}}', "not marked"),
    ('{"schema": "easy-harp-eight-off/daily", "version": 1, "variants": {"x/N": {}}}', "unknown game"),
    ('{"schema": "easy-harp-eight-off/daily", "version": 1, "variants": {"easy-harp/N": {"2026-13-01": {}}}}', "date"),
    ('{"schema": "easy-harp-eight-off/daily", "version": 1, "variants": {"easy-harp/N": {"1999-12-01": {}}}}', "date"),
    ('{"schema": "easy-harp-eight-off/daily", "version": 1, "variants": {"easy-harp/N": {"2026-12-01": '
     '{"won": "2026-12-01", "seconds": -1, "moves": 3}}}}', "seconds"),
    ('{"schema": "easy-harp-eight-off/daily", "version": 1, "variants": {"easy-harp/N": {"2026-12-01": '
     '{"won": "2026-12-01", "seconds": 1}}}}', "missing"),
    ('{"schema": "easy-harp-eight-off/daily", "version": 1, "variants": {"easy-harp/N": {"2026-12-01": '
     '{"won": "yesterday", "seconds": 1, "moves": 2}}}}', "date"),
    ('{"schema": "easy-harp-eight-off/daily", "version": 1, "variants": {"easy-harp/N": []}}', "JSON object"),
    ("[1, 2", "JSON"),
])
def test_a_damaged_record_is_refused_with_a_reason(text, what):
    with pytest.raises(SaveError, match=what):
        DailyResults.from_json(text)


def test_a_newer_format_is_named_as_such():
    with pytest.raises(SaveError) as caught:
        DailyResults.from_json('{"schema": "easy-harp-eight-off/daily", "version": 2, "variants": {}}')
    assert caught.value.newer and (caught.value.found, caught.value.known) == (2, 1)


# ---- the streaks ----------------------------------------------------------------------------------------


def test_streaks_count_consecutive_dates_won_in_time():
    won = {D(2026, 12, d) for d in (1, 2, 3, 5, 6)}
    assert streaks(won, D(2026, 12, 6)) == streaks(won, D(2026, 12, 6))
    s = streaks(won, D(2026, 12, 6))
    assert (s.current, s.best, s.today_won) == (2, 3, True)
    s = streaks(won, D(2026, 12, 7))  # today still open: yesterday's run goes on
    assert (s.current, s.best, s.today_won) == (2, 3, False)
    assert streaks(won, D(2026, 12, 8)).current == 0  # a day missed
    assert streaks(set(), D(2026, 12, 8)).best == 0
    assert streaks(won, D(2026, 12, 2)).best == 2  # what came later does not count yet


def test_a_day_counts_when_won_on_its_date_or_the_next_and_any_or_one_variant():
    r = DailyResults()
    r.won("easy-harp", "N", D(2026, 12, 1), on=D(2026, 12, 1), seconds=1, moves=1)
    r.won("eight-off", "C8", D(2026, 12, 2), on=D(2026, 12, 3), seconds=1, moves=1)  # after midnight: counts
    r.won("easy-harp", "N", D(2026, 12, 3), on=D(2026, 12, 3), seconds=1, moves=1)
    r.won("easy-harp", "N", D(2026, 12, 2), on=D(2026, 12, 9), seconds=1, moves=1)  # from the calendar, late
    r.started("eight-off", "C8", D(2026, 12, 4))
    assert r.streaks(D(2026, 12, 4)).current == 3  # any variant: 1, 2 (C8), 3
    assert r.streaks(D(2026, 12, 4), "easy-harp", "N").current == 1  # the late win of the 2nd does not mend it
    assert r.streaks(D(2026, 12, 4), "easy-harp", "N").best == 1
    assert r.streaks(D(2026, 12, 4), "eight-off", "C8").best == 1
    day = r.get("easy-harp", "N", D(2026, 12, 2))
    assert day.won and not day.in_time(D(2026, 12, 2))


# ---- in the storage: windows, tabs, processes, kills --------------------------------------------------------


def test_two_windows_on_one_storage_keep_each_others_days():
    storage = MemoryStorage()
    a, b = Persistence(storage), Persistence(storage)
    a.load_all(), b.load_all()  # both loaded before either wrote
    assert a.daily_started("easy-harp", "N", D(2026, 12, 5))
    assert b.daily_won("eight-off", "C8", D(2026, 12, 6), on=D(2026, 12, 6), seconds=100, moves=90)
    assert a.daily_won("easy-harp", "N", D(2026, 12, 6), on=D(2026, 12, 6), seconds=300, moves=600)
    assert b.daily_won("easy-harp", "N", D(2026, 12, 6), on=D(2026, 12, 7), seconds=250, moves=650)
    assert b.refresh_daily().get("easy-harp", "N", D(2026, 12, 5)) == DayResult()  # a's day, seen by b
    fresh = Persistence(storage).load_all().daily
    assert fresh.get("easy-harp", "N", D(2026, 12, 5)) == DayResult()
    assert fresh.get("eight-off", "C8", D(2026, 12, 6)) == DayResult(D(2026, 12, 6), 100, 90)
    assert fresh.get("easy-harp", "N", D(2026, 12, 6)) == DayResult(D(2026, 12, 6), 250, 600)
    assert a.daily.to_json() != fresh.to_json()  # a's view: as of its own last write
    assert a.refresh_daily().to_json() == b.daily.to_json() == fresh.to_json()


def test_two_browser_tabs_keep_each_others_days():
    store = DictLocalStorage()
    tabs = [Persistence(BrowserStorage(store, prefix="easy-harp-eight-off/")) for _ in range(2)]
    for tab in tabs:
        tab.load_all()
    for day in range(1, 11):
        tabs[day % 2].daily_won("eight-off", "C4", D(2026, 11, day), on=D(2026, 11, day), seconds=day, moves=day)
    loaded = Persistence(BrowserStorage(store, prefix="easy-harp-eight-off/")).load_all()
    assert sorted(loaded.daily.days("eight-off", "C4")) == [D(2026, 11, d) for d in range(1, 11)]
    assert "easy-harp-eight-off/daily" in store.items


def test_a_write_that_fails_is_pending_and_goes_in_later():
    store = DictLocalStorage(quota=1)  # nothing fits
    p = Persistence(BrowserStorage(store))
    p.load_all()
    assert not p.daily_started("easy-harp", "N", D(2026, 12, 6))
    assert "daily" in p.pending and p.pop_notices() == ["notice.save_failed"]
    assert p.daily.get("easy-harp", "N", D(2026, 12, 6)) == DayResult()  # kept in this window meanwhile
    store.quota = None
    assert p.retry_pending()
    assert Persistence(BrowserStorage(store)).load_all().daily.get("easy-harp", "N", D(2026, 12, 6)) == DayResult()


def test_a_damaged_record_is_set_aside_the_player_told_and_the_backup_used(tmp_path):
    p = Persistence(FileStorage(tmp_path))
    p.load_all()
    p.daily_started("easy-harp", "N", D(2026, 12, 5))
    p.daily_started("easy-harp", "N", D(2026, 12, 6))  # the record; its backup holds the 5th only
    (tmp_path / "daily.json").write_text('{"schema": "easy-harp-eight-off/daily", "version": 1, "vari')
    loaded = Persistence(FileStorage(tmp_path)).load_all()
    assert loaded.notices == ["notice.daily_restored"]
    assert sorted(loaded.daily.days("easy-harp", "N")) == [D(2026, 12, 5)]
    assert list(tmp_path.glob("daily.json.bad*"))
    for name in ("daily.json", "daily.json.bak"):
        (tmp_path / name).write_text("not json")
    assert Persistence(FileStorage(tmp_path)).load_all().notices == ["notice.daily_damaged"]


def test_a_newer_versions_record_is_left_alone(tmp_path):
    newer = '{"schema": "easy-harp-eight-off/daily", "version": 7, "variants": {}, "more": 1}'
    (tmp_path / "daily.json").write_text(newer)
    p = Persistence(FileStorage(tmp_path))
    assert p.load_all().notices == ["notice.daily_newer_left"]
    assert not p.daily_started("easy-harp", "N", D(2026, 12, 6))
    assert (tmp_path / "daily.json").read_text() == newer
    assert "made by a newer version" in p.notice_text("notice.daily_newer_left")


RECORDER = """
import datetime as dt, sys, time
from pathlib import Path
from game.persistence import Persistence
from game.persistence.storage import FileStorage

folder, go, first = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
p = Persistence(FileStorage(folder))
p.load_all()
while not go.exists():
    time.sleep(0.001)
for i in range(first, first + 40):
    day = dt.date(2026, 1, 1) + dt.timedelta(days=i)
    p.daily_won("eight-off", "C8", day, on=day, seconds=i, moves=i)
    p.daily_started("easy-harp", "N", dt.date(2026, 12, 25))  # the same day from both
deadline = time.monotonic() + 60
while not p.retry_pending() and time.monotonic() < deadline:
    time.sleep(0.05)
print(p.retry_pending())
"""


def test_two_processes_recording_40_days_each_leave_80(tmp_path):
    folder, go = tmp_path / "data", tmp_path / "go"
    children = [subprocess.Popen([sys.executable, "-c", RECORDER, str(folder), str(go), str(first)], cwd=ROOT,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for first in (0, 40)]
    time.sleep(0.5)
    go.touch()
    for child in children:
        out, err = child.communicate(timeout=120)
        assert child.returncode == 0 and out.strip() == "True", err
    daily = Persistence(FileStorage(folder)).load_all().daily
    assert len(daily.days("eight-off", "C8")) == 80
    assert daily.get("eight-off", "C8", D(2026, 1, 1) + dt.timedelta(days=79)).seconds == 79
    assert daily.days("easy-harp", "N") == {D(2026, 12, 25): DayResult()}
    assert not list(folder.glob("daily.json.bad*"))


KILLED = """
import datetime as dt, sys
from game.persistence import Persistence
from game.persistence.storage import FileStorage

p = Persistence(FileStorage(sys.argv[1]))
p.load_all()
start = int(sys.argv[2])
for i in range(start, start + 100000):
    day = dt.date(2026, 1, 1) + dt.timedelta(days=i % 3000)
    stored = p.daily_won("easy-harp", "N", day, on=day, seconds=5, moves=5)
    sys.stdout.write(f"{i} {stored}\\n")
    sys.stdout.flush()
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_a_kill_in_the_middle_of_writing_loses_no_day_already_stored(tmp_path):
    folder = tmp_path / "data"
    stored: set[int] = set()
    start = 0
    for kill in range(5):
        child = subprocess.Popen([sys.executable, "-c", KILLED, str(folder), str(start)], cwd=ROOT,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        lines = b""
        while lines.count(b"\n") < 20 + 7 * kill:  # killed at a different moment each time
            chunk = os.read(child.stdout.fileno(), 4096)
            if not chunk:
                break
            lines += chunk
        child.send_signal(signal.SIGKILL)
        rest, err = child.communicate(timeout=60)
        for line in (lines + rest).decode().splitlines():
            parts = line.split()
            if len(parts) == 2 and parts[1] == "True":
                stored.add(int(parts[0]))
        assert stored, err
        start = max(stored) + 1
        loaded = Persistence(FileStorage(folder)).load_all()
        assert not loaded.notices, loaded.notices  # the record reads: no damage, no restore
        days = loaded.daily.days("easy-harp", "N")
        missing = [i for i in stored if D(2026, 1, 1) + dt.timedelta(days=i % 3000) not in days]
        assert not missing, f"kill {kill}: days written and then lost: {missing[:5]}"
