"""The command line of the contract's section 5 (deal, today, daily, play)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.engine import Position, deal_position

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "game", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=60)


def lines(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def test_deal_prints_the_layout_and_json():
    text = run("deal", "eh1-n-aaaaaaf")
    assert text.returncode == 0
    assert text.stdout.rstrip("\n") == (ROOT / "tests/golden/EH1-N-AAAAAAF.txt").read_text().rstrip("\n")
    js = run("deal", "EO1-C8-AAAAAFA", "--json")
    assert Position.from_json(js.stdout) == deal_position("EO1-C8-AAAAAFA")


def test_today_with_game_cells_and_date(capsys):
    assert main(["today", "--date", "2026-11-29"]) == 0
    eh = capsys.readouterr().out.strip()
    assert eh.startswith("EH1-N-")
    assert main(["today", "--game", "eight-off", "--cells", "2", "--date", "2026-11-29"]) == 0
    assert capsys.readouterr().out.strip().startswith("EO1-C2-")
    assert main(["today", "--game", "eight-off", "--date", "2026-11-29"]) == 0
    assert capsys.readouterr().out.strip().startswith("EO1-C8-")


def test_daily_prints_a_month_of_deals_with_their_levels(capsys):
    assert main(["daily", "--game", "eight-off", "--cells", "4", "--month", "2027-03", "--json"]) == 0
    days = lines(capsys.readouterr().out)
    assert len(days) == 31 and days[0]["date"] == "2027-03-01" and days[-1]["date"] == "2027-03-31"
    assert set(days[0]) == {"date", "deal", "difficulty", "effort", "repeat_of"}
    assert all(d["deal"].startswith("EO1-C4-") and d["difficulty"] in range(1, 6) for d in days)
    assert days[0]["difficulty"] <= days[6]["difficulty"]  # Monday the 1st, Sunday the 7th
    for day in (days[0], days[17]):  # today --date gives the same deal
        assert main(["today", "--game", "eight-off", "--cells", "4", "--date", day["date"]]) == 0
        assert capsys.readouterr().out.strip() == day["deal"]
    assert main(["daily", "--game", "eight-off", "--variant", "C4", "--month", "2027-03"]) == 0
    text = capsys.readouterr().out.splitlines()
    assert len(text) == 31 and text[0].startswith(f"2027-03-01 Mon {days[0]['deal']}  level {days[0]['difficulty']}")
    assert main(["daily", "--game", "eight-off", "--month", "2032-01", "--json"]) == 0  # past the table: repeats
    first = lines(capsys.readouterr().out)[0]
    assert first["repeat_of"] == "2026-01-08"
    assert main(["today", "--game", "eight-off", "--date", "2026-01-08"]) == 0
    assert capsys.readouterr().out.strip() == first["deal"]


def test_play_a_position_file_with_refused_and_accepted_actions(tmp_path):
    pos = deal_position("EO1-C8-AAAAAFA")
    path = tmp_path / "start.json"
    path.write_text(pos.to_json())
    result = run("play", "--position", str(path), "r2>f", "c1>c2", "c8>r", "undo", "c2.3>c5", "tap r1")
    assert result.returncode == 0, result.stderr
    *steps, final = lines(result.stdout)
    assert [s["action"] for s in steps] == ["r2>f", "c1>c2", "c8>r", "undo", "c2.3>c5", "tap r1"]
    assert steps[0] == {"action": "r2>f", "ok": True, "rule": None, "message": None, "score": 10, "moves": 1}
    assert steps[1]["ok"] is False and steps[1]["rule"] == "same-suit" and steps[1]["message"]
    assert steps[2]["ok"] and steps[3]["ok"] and steps[3]["moves"] == 2
    assert steps[4]["rule"] == "not-a-run"
    assert steps[5]["rule"] == "no-target"
    assert final["foundations"][3] == ["AC"] and final["score"] == 10 and final["moves"] == 2
    assert final["won"] is False


def test_play_reads_actions_one_per_line_from_stdin():
    result = run("play", "--deal", "EH1-N-AAAAAAF", stdin="draw\n\n c9>c4 \nundo\n")
    assert result.returncode == 0, result.stderr
    *steps, final = lines(result.stdout)
    assert [s["action"] for s in steps] == ["draw", "c9>c4", "undo"]
    assert final["deal"] == "EH1-N-AAAAAAF" and final["moves"] == 1


def test_play_messages_in_another_language(capsys):
    from game.i18n import LANGUAGES

    for lang in LANGUAGES:
        assert main(["play", "--deal", "EH1-N-AAAAAAF", "--lang", lang, "c1>c1"]) == 0
        step = lines(capsys.readouterr().out)[0]
        assert step["rule"] == "bad-destination" and step["message"]


@pytest.mark.parametrize(
    "args, words",
    [
        (["deal", "EH1-N-AAAAAAA"], "out of range"),
        (["deal", "XX1-N-AAAAAAF"], "unknown game"),
        (["play", "--deal", "EO1-C9-AAAAAAF", "draw"], "no variant"),
        (["play", "--deal", "EH1-N-AAAAAAF", "c10>c1"], "not a pile"),
        (["play", "--deal", "EH1-N-AAAAAAF", "jump"], "not an action"),
        (["play", "--deal", "EH1-N-AAAAAAF", "--lang", "xx", "draw"], "unknown language"),
        (["play", "--position", "/nonexistent/pos.json", "draw"], "cannot read"),
        (["play", "draw"], "required"),
        (["today", "--date", "2026-13-01"], "not a date"),
        (["today", "--cells", "4"], "eight-off"),
        (["today", "--date", "2025-12-31"], "start on 2026-01-01"),
        (["daily", "--month", "2025-12"], "start on 2026-01-01"),
        (["daily", "--month", "2027-13"], "not a month"),
        (["daily", "--month", "2027-3"], "not a month"),
        (["daily", "--month", "0000-01"], "not a month"),
        (["daily", "--month", "\u0662\u0660\u0662\u0666-\u0661\u0661"], "not a month"),
        (["daily", "--game", "eight-off", "--cells", "8", "--variant", "C4"], "not both"),
        (["daily", "--cells", "4"], "eight-off"),
        (["frobnicate"], "invalid choice"),
        ([], "required"),
    ],
)
def test_bad_input_is_exit_status_2_with_one_line(args, words, capsys):
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err.strip()
    assert "\n" not in err and words in err


@pytest.mark.parametrize("content, words", [
    ("{not json", "not valid JSON"),
    ('{"game": "easy-harp", "columns": []}', "9 columns"),
    ("", "not valid JSON"),
])
def test_a_malformed_position_file_is_exit_status_2(tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = run("play", "--position", str(path), "draw")
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and words in result.stderr


def test_a_binary_position_file_is_exit_status_2(tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    result = run("play", "--position", str(path), "draw")
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1


def test_an_unreadable_action_stops_before_anything_is_played():
    result = run("play", "--deal", "EH1-N-AAAAAAF", stdin="draw\nc1.0>c2\n")
    assert result.returncode == 2 and result.stdout == ""


def test_shorten_quotes_pairs_quotes_from_the_start():
    """main.py --deal EO1-C8-AAAAAFé garbled its own message: the text
    between two quoted values was taken for one long value and cut."""
    from game.cli import shorten_quotes

    message = "'EO1-C8-AAAAAF\u00e9' is not a deal code: it uses only the letters A-Z, digits and '-', like EH1-N-AAAAAAF"
    assert shorten_quotes(message) == message
    long = "x" * 100
    assert shorten_quotes(f"invalid choice: '{long}' (choose from 'deal', 'today')") == (
        f"invalid choice: '{'x' * 40}\u2026' (100 characters) (choose from 'deal', 'today')")
    assert shorten_quotes(f'invalid value: "{long}\'s"') == f"invalid value: '{'x' * 40}\u2026' (102 characters)"
    once = shorten_quotes(f"--lang '{long}'")
    assert shorten_quotes(once) == once  # a value quote() already cut is not cut again


def test_the_windows_command_line_keeps_its_error_whole():
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "main.py", "--deal", "EO1-C8-AAAAAF\u00e9"], capture_output=True,
                            text=True, cwd=ROOT, env=env, timeout=60)
    assert result.returncode == 2
    assert "'EO1-C8-AAAAAF\u00e9' is not a deal code: it uses only the letters A-Z, digits and '-'" in result.stderr


def test_a_junk_line_in_a_winnable_list_never_crashes_today(tmp_path, monkeypatch, capsys):
    from game.solver import winnable

    shipped = Path(winnable.LIST_DIR)
    for name in ("EH1-N.txt", "EO1-C8.txt"):
        (tmp_path / name).write_bytes((shipped / name).read_bytes())
    good = winnable.read_list((shipped / "EO1-C8.txt").read_bytes())[0]
    with open(tmp_path / "EO1-C8.txt", "ab") as f:
        f.write(b"12a\n\xff\xfe\n-3\n0\n1000000\n\xd9\xa1\xd9\xa2\n 7 \n")  # junk, and a number with spaces
    monkeypatch.setattr(winnable, "LIST_DIR", str(tmp_path))
    winnable.winnable_numbers.cache_clear()
    try:
        assert main(["today", "--game", "eight-off", "--date", "2026-11-29"]) == 0  # from the daily table
        import datetime as dt

        from game.engine import parse_code
        from game.play import daily

        today = parse_code(capsys.readouterr().out.strip())
        assert today == daily.daily("eight-off", "C8", dt.date(2026, 11, 29)).code
        assert winnable.winnable_numbers("eight-off", "C8") == tuple(sorted(set(good) | {7}))
        problems = winnable.list_problems("eight-off", "C8")
        assert len(problems) == 6 and all("is not a deal number" in p for p in problems)
        assert winnable.list_problems("easy-harp", "N") == []
    finally:
        winnable.winnable_numbers.cache_clear()
