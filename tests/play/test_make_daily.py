"""tools/make_daily.py: run on two weeks of Eight Off (quick to solve), the
table written to a temporary folder, never the shipped one. It makes the
shipped table's first lines again (the same candidates, verdicts, efforts
and order), resumes from its journal without solving anything again, and
solves again only a line cut short by a stop."""

from __future__ import annotations

import datetime as dt
import importlib.util
import json
from pathlib import Path

import pytest

from game.play import daily

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def maker(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("make_daily", ROOT / "tools" / "make_daily.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(daily, "LAST", dt.date(2026, 1, 11))  # two weeks: 2025-12-29 and 2026-01-05
    monkeypatch.setattr(daily, "TABLE_DIR", str(tmp_path / "tables"))
    judged = []
    real = module.judge

    def counted(game, variant, number, seconds):
        judged.append(number)
        return real(game, variant, number, seconds)

    monkeypatch.setattr(module, "judge", counted)
    module.judged = judged
    yield module
    daily.table.cache_clear()


def test_two_weeks_made_again_as_shipped_then_resumed(maker, tmp_path):
    shipped = daily.read_table((ROOT / "game/play/daily_deals/EO1-C8.txt").read_bytes(), "EO1-C8")  # up to the 11th
    journal = maker.Journal(tmp_path / "EO1-C8.journal")
    days = maker.make("eight-off", "C8", journal, 10.0, log=lambda *a, **k: None)
    assert [d for d, _ in days] == [dt.date(2025, 12, 29) + dt.timedelta(days=i) for i in range(14)]
    assert len(maker.judged) >= 14 and len(set(maker.judged)) == len(maker.judged)
    for week in (days[:7], days[7:]):
        efforts = [e["effort"] for _, e in week]
        assert efforts == sorted(efforts)
        assert all(e["result"] == "winnable" for _, e in week)
    path, cuts = maker.write("eight-off", "C8", days, force=False)
    table = daily.read_table(Path(path).read_bytes(), "EO1-C8")
    assert not table.problems and len(cuts) == 4 and len(table.entries) == 11
    made = [(e.number, e.effort, e.width) for e in table.entries[:11]]
    assert made == [(e.number, e.effort, e.width) for e in shipped.entries[:11]]  # the shipped table's lines

    count = len(maker.judged)
    again = maker.Journal(tmp_path / "EO1-C8.journal")
    assert maker.make("eight-off", "C8", again, 10.0, log=lambda *a, **k: None) == days
    assert len(maker.judged) == count  # nothing solved again
    assert maker.make("eight-off", "C8", again, 10.0, log=lambda *a, **k: None, solve=False) == days

    lines = (tmp_path / "EO1-C8.journal").read_text().splitlines()
    last = json.loads(lines[-1])
    (tmp_path / "EO1-C8.journal").write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:20])  # a stop mid-line
    cut = maker.Journal(tmp_path / "EO1-C8.journal")
    assert last["deal"] not in cut.entries
    redone = maker.make("eight-off", "C8", cut, 10.0, log=lambda *a, **k: None)
    assert [(d, {k: v for k, v in e.items() if k != "cpu"}) for d, e in redone] == [
        (d, {k: v for k, v in e.items() if k != "cpu"}) for d, e in days]  # the same but for its CPU time
    assert maker.judged[count:] == [last["deal"]]


def test_the_levels_cut_the_efforts_in_fifths_and_a_miss_is_level_five(maker):
    cuts = maker.thresholds(list(range(1, 101)), 100)
    assert cuts == [20, 40, 60, 80]
    assert [maker.level_of({"effort": e, "width": 1}, cuts) for e in (1, 20, 21, 60, 81)] == [1, 1, 2, 3, 5]
    assert maker.level_of({"effort": 3, "width": None}, cuts) == 5
    assert maker.thresholds(list(range(1, 91)), 100)[3] == 80  # ten misses: they are the top tenth


def test_each_week_has_its_own_stream_of_candidates(maker):
    a = maker.candidates("eight-off", "C8", dt.date(2027, 3, 1))
    b = maker.candidates("eight-off", "C8", dt.date(2027, 3, 1))
    first = [next(a) for _ in range(5)]
    assert first == [next(b) for _ in range(5)] and all(1 <= n <= 999_999 for n in first)
    other = maker.candidates("eight-off", "C4", dt.date(2027, 3, 1))
    assert [next(other) for _ in range(5)] != first
