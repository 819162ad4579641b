"""Hostile input to the engine and both command lines: ASCII-only
notation, bounded numbers, short quotes in errors, a linear JSON pre-check,
bounded reads, and one-line errors instead of tracebacks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.engine import Action, ActionSyntaxError, CardError, DealCodeError, Game, Position, PositionError
from game.engine import deal_position, jsontext, parse_code
from game.engine.cards import parse_card
from game.engine.notation import quote, whole_number
from game.i18n import LANGUAGES, refusal_message

ROOT = Path(__file__).resolve().parents[2]


def run(module_or_script: list[str], *args: str, stdin=None, stdout=None, timeout=60):
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, *module_or_script, *args], stdin=stdin, stdout=stdout or subprocess.PIPE,
                          stderr=subprocess.PIPE, cwd=ROOT, env=env, timeout=timeout)


def game_cli(*args, **kw):
    return run(["-m", "game"], *args, **kw)


def main_py(*args, **kw):
    return run([str(ROOT / "main.py")], *args, **kw)


def one_line_error(result, words: str = "") -> str:
    err = result.stderr.decode("utf-8")
    assert result.returncode == 2, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert words in err, err
    return err


# ---- item 4: the JSON nesting pre-check is one linear pass ----------------------------------


class CountingPattern:
    """Stands in for the scanner's pattern and counts the matches it hands
    out: each is one character, after the one before, so the scan's work is
    the number of matches plus one pass of the regex engine over the text."""

    def __init__(self, real):
        self.real, self.matches, self.last = real, 0, -1

    def finditer(self, text, *where):
        for m in self.real.finditer(text, *where):
            assert m.end() - m.start() == 1 and m.start() > self.last
            self.matches, self.last = self.matches + 1, m.start()
            yield m


@pytest.mark.parametrize("text", [
    '"' + '\\"' * 200_000,                       # an unterminated string of \" pairs (was quadratic)
    '["' + '\\\\' * 100_000 + '", ' * 1000,      # escaped backslashes, then many strings
    '"' * 400_001,                               # a million string starts and ends
    "[" * 200_000,
])
def test_nesting_check_does_linear_work_on_hostile_text(monkeypatch, text):
    counting = CountingPattern(jsontext._SIGNIFICANT)
    monkeypatch.setattr(jsontext, "_SIGNIFICANT", counting)
    jsontext.nesting_depth(text)
    assert counting.matches <= len(text)


def test_nesting_check_still_skips_brackets_in_strings_and_escapes():
    assert jsontext.nesting_depth('{"a": ["[[[[", {"b": []}]}') == 4
    assert jsontext.nesting_depth(r'["\\", [[]]]') == 3  # an escaped backslash ends before the quote
    assert jsontext.nesting_depth(r'["\"[", [[]]]') == 3  # an escaped quote doesn't end the string
    assert jsontext.nesting_depth('"' + '\\"' * 1000 + "[[[") == 0  # still inside the string
    with pytest.raises(PositionError, match="nested"):
        Position.from_json('{"a": "\\\\"}' + "[" * 40)


def test_a_position_text_over_the_size_limit_is_refused_before_parsing():
    assert len(deal_position("EH1-N-AAAAAAF").to_json()) * 100 < jsontext.MAX_CHARS  # the writer stays far under
    with pytest.raises(PositionError, match="more than"):
        Position.from_json(" " * (jsontext.MAX_CHARS + 1))


# ---- item 6: one number parser with bounds ------------------------------------------------


@pytest.mark.parametrize("text", ["c1." + "9" * 5000 + ">c2", "c" + "1" * 5000, "c1>c" + "7" * 5000,
                                  "c1.99999>c2", "tap r" + "1" * 4400])
def test_huge_numbers_in_an_action_are_a_clean_syntax_error(text):
    with pytest.raises(ActionSyntaxError) as caught:
        Action.parse(text)
    assert len(str(caught.value)) < 200


def test_whole_number_checks_length_before_converting():
    assert whole_number("0042", "n", 99) == 42
    for bad in ["9" * 5000, "100", "-1", "", "4 2", "١٢", "１２", "1_2", "+1"]:
        with pytest.raises(ValueError):
            whole_number(bad, "n", 99)


def test_a_count_up_to_the_bound_larger_than_the_column_is_a_refusal_that_says_why():
    g = Game.from_deal("EO1-C8-AAAAAFA")  # every column holds 6 cards
    outcome = g.play("c1.7>c2")
    assert not outcome.ok and outcome.rule == "empty-source"
    assert "6" in refusal_message(outcome, "en") and "7" in refusal_message(outcome, "en")
    texts = {refusal_message(outcome, lang) for lang in LANGUAGES}
    assert len(texts) == len(LANGUAGES) and all("6" in t and "7" in t and "{" not in t for t in texts)
    assert g.play("c1.9999>c2").rule == "empty-source"
    assert g.check(Action.parse("c1.2>c2")).rule != "empty-source"


# ---- item 13: codes and notation are ASCII --------------------------------------------------


@pytest.mark.parametrize("code", ["EH1-N-AAAAAAı", "eh1-n-aaaaaaſ", "EH1-N-AAAAAﬀ", "EH1-N-AAAAAAF\u200b",
                                  "EO1-C８-AAAAAFA", "\xa0EH1-N-AAAAAAF"])
def test_deal_codes_never_fold_other_letters_to_ascii(code):
    with pytest.raises(DealCodeError):
        parse_code(code)
    assert parse_code(" eh1-n-aaaaaaf\t").number == 5  # ASCII case and spaces still ignored


@pytest.mark.parametrize("text", ["c١>c2", "c1.٣>c2", "c１>c2", "c1\xa0>c2", "tap\xa0c1", "\xa0draw", "dra\u200bw",
                                  "c1.2\u2028>c3"])
def test_actions_accept_only_ascii_digits_and_spaces(text):
    with pytest.raises(ActionSyntaxError):
        Action.parse(text)


def test_cards_never_fold_other_letters():
    with pytest.raises(CardError):
        parse_card("7ſ")  # upper() makes it 7S
    assert parse_card(" 10h ") == parse_card("TH")


# ---- item 14: errors quote a short, escaped prefix --------------------------------------------


def test_quote_is_short_and_escaped():
    assert quote("c1>c2") == "'c1>c2'"
    assert quote("a\x00\u200b\u202e\ud800") == "'a\\x00\\u200b\\u202e\\ud800'"
    long = quote("x" * 10_000_000)
    assert len(long) < 80 and "10000000 characters" in long


@pytest.mark.parametrize("make", [
    lambda big: Action.parse(big),
    lambda big: parse_code(big),
    lambda big: parse_card(big),
    lambda big: Position.from_dict({"game": big}),
    lambda big: Position.from_dict({"game": "easy-harp", "variant": big}),
])
def test_engine_errors_never_repeat_a_huge_input(make):
    with pytest.raises(ValueError) as caught:
        make("\u202e" + "x" * 1_000_000)
    assert len(str(caught.value)) < 300 and "\u202e" not in str(caught.value)


def test_a_ten_megabyte_action_gives_a_short_error_line(capsys):
    assert main(["play", "--deal", "EH1-N-AAAAAAF", "c1>" + "x" * 10_000_000]) == 2
    err = capsys.readouterr().err
    assert len(err) < 300 and err.count("\n") == 1


def test_argparse_errors_are_short_too(capsys):
    assert main(["today", "--game", "y" * 1_000_000]) == 2
    err = capsys.readouterr().err
    assert len(err) < 300 and "easy-harp" in err


# ---- item 5 (command line), 7, 12, 13: the CLI ----------------------------------------------


def test_play_position_refuses_devices_fifos_and_folders(tmp_path):
    one_line_error(game_cli("play", "--position", "/dev/zero", "draw"), "not a regular file")
    one_line_error(game_cli("play", "--position", str(tmp_path), "draw"), "not a regular file")
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo"
        os.mkfifo(fifo)
        one_line_error(game_cli("play", "--position", str(fifo), "draw", timeout=30), "not a regular file")


def test_play_position_and_stdin_have_a_size_limit(tmp_path):
    big = tmp_path / "big.json"
    big.write_text(" " * (jsontext.MAX_CHARS + 1))
    one_line_error(game_cli("play", "--position", str(big), "draw"), "too large")
    with open("/dev/zero", "rb") as zero:
        one_line_error(game_cli("play", "--deal", "EH1-N-AAAAAAF", stdin=zero), "too large")
    with open("/dev/zero", "rb") as zero:
        one_line_error(game_cli("play", "--position", "-", "draw", stdin=zero), "too large")


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e308", "-1", "0", "86401", "", "١٠", "1_0", "NaN"])
def test_solve_seconds_must_be_positive_finite_and_sane(value, capsys):
    assert main(["solve", "--deal", "EH1-N-AAAAAAF", "--seconds", value]) == 2
    assert "seconds" in capsys.readouterr().err


def test_deal_into_a_full_disk_is_a_one_line_error():
    with open("/dev/full", "wb") as full:
        one_line_error(game_cli("deal", "EH1-N-AAAAAAF", stdout=full), "No space left")
    with open("/dev/full", "wb") as full:
        one_line_error(game_cli("play", "--deal", "EH1-N-AAAAAAF", "draw", stdout=full), "No space left")


@pytest.mark.parametrize("args, words", [
    (["play", "--deal", "", "draw"], "empty"),
    (["play", "--deal", "EH1-N-AAAAAAF", "--lang", "", "draw"], "unknown language"),
    (["today", "--date", ""], "not a date"),
    (["today", "--date", "٢٠٢٦-١١-٢٩"], "not a date"),
    (["today", "--date", "20261129"], "not a date"),
    (["deal", "EH1-N-AAAAAAı"], "not a deal code"),
])
def test_empty_and_non_ascii_options_are_errors_not_defaults(args, words, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


# ---- items 12, 13: main.py's options ----------------------------------------------------------


@pytest.mark.parametrize("args, words", [
    (["--size", "١٢٨٠x720"], "--size"),
    (["--size", "1_280x720"], "--size"),
    (["--size", "9" * 5000 + "x720"], "--size"),
    (["--deal", ""], "empty"),
    (["--lang", ""], "--lang"),
    (["--position", "/dev/zero"], "not a regular file"),
    (["--actions", "c١>c2"], "ASCII"),
])
def test_main_py_refuses_odd_options_in_one_line(tmp_path, args, words):
    one_line_error(main_py("--screenshot", str(tmp_path / "x.png"), *args), words)
    assert not (tmp_path / "x.png").exists()


def test_main_py_screenshot_into_a_missing_folder_a_folder_or_a_full_disk(tmp_path):
    one_line_error(main_py("--screenshot", str(tmp_path / "missing" / "x.png")), "does not exist")
    one_line_error(main_py("--screenshot", str(tmp_path)), "folder")
    one_line_error(main_py("--screenshot", "/dev/full", "--deal", "EH1-N-AAAAAAF"), "No space left")


def test_main_py_fps_takes_only_ascii_digits(tmp_path):
    from game.ui.launch import parse_fps

    assert parse_fps("0") == 0 and parse_fps("60") == 60
    for bad in ["١٢", "1_0", "-1", "9" * 5000, ""]:
        with pytest.raises(Exception):
            parse_fps(bad)
    one_line_error(main_py("--screenshot", str(tmp_path / "x.png"), "--fps", "٦٠"), "--fps")


# ---- the files the game ships (a broken install) ------------------------------------------


def _copy_assets(tmp_path: Path) -> Path:
    from game.textfile import ASSETS

    root = tmp_path / "assets"
    for sub in ("fonts", "sounds"):
        (root / sub).mkdir(parents=True)
        for path in (ASSETS / sub).iterdir():
            (root / sub / path.name).write_bytes(path.read_bytes())
    return root


def test_the_shipped_files_are_whole():
    from game.textfile import check_shipped

    found = check_shipped()
    assert found.ok, found


@pytest.mark.parametrize("damage", ["cut at 200000", "cut at 12", "cut at 3", "empty", "one byte changed",
                                    "missing", "a folder", "not a font"])
def test_a_broken_font_is_one_clear_fatal_problem(tmp_path, damage):
    """A truncated font used to crash the window in FreeType (pygame's
    parachute, a segfault) and a missing one gave a traceback: the check at
    start names it instead, before pygame opens it."""
    from game.i18n import translate
    from game.textfile import check_shipped, install_message

    root = _copy_assets(tmp_path)
    font = root / "fonts" / "DejaVuSans-Bold.ttf"
    data = font.read_bytes()
    if damage.startswith("cut at"):
        font.write_bytes(data[: int(damage.split()[-1])])
    elif damage == "empty":
        font.write_bytes(b"")
    elif damage == "one byte changed":
        font.write_bytes(data[:5000] + bytes([data[5000] ^ 1]) + data[5001:])
    elif damage == "missing":
        font.unlink()
    elif damage == "a folder":
        font.unlink()
        font.mkdir()
    else:
        font.write_bytes(b"<html>404 Not Found</html>" * 100)
    found = check_shipped(root)
    assert len(found.fatal) == 1 and found.fatal[0].startswith("fonts/DejaVuSans-Bold.ttf ")
    assert found.other == []
    for lang in LANGUAGES:
        message = install_message(found.fatal, lang)
        assert "fonts/DejaVuSans-Bold.ttf" in message and "\n" not in message and "{" not in message
        assert message != translate("error.install_broken", "en") or lang == "en"


@pytest.mark.parametrize("cut", [0, 4, 30, -1])
def test_a_broken_sound_is_reported_and_not_fatal(tmp_path, cut):
    from game.textfile import check_shipped

    root = _copy_assets(tmp_path)
    sound = root / "sounds" / "win.ogg"
    sound.write_bytes(sound.read_bytes()[:cut])
    found = check_shipped(root)
    assert found.fatal == [] and len(found.other) == 1 and found.other[0].startswith("sounds/win.ogg ")


def test_the_end_of_a_list_or_object_is_found_by_its_brackets_alone():
    assert jsontext.container_end('x [1, [2], "]", {"a": "}"}] tail', 2) == 27
    for text, why in [('[1, 2', "not closed"), ('["ab', "string in it is not closed"),
                      ('{"a": [1, 2}', "don't pair"), ("1", "not an array")]:
        with pytest.raises(ValueError, match=why):
            jsontext.container_end(text, 0)
    with pytest.raises(jsontext.JSONDepthError):
        jsontext.container_end("[" * 40 + "]" * 40, 0, max_depth=32)
    assert jsontext.container_end("[" * 32 + "]" * 32, 0, max_depth=32) == 64


@pytest.mark.parametrize("text", ['["' + '\\"' * 200_000, "[" * 200_000, '[{"a": ' * 100_000])
def test_finding_a_values_end_does_linear_work_on_hostile_text(monkeypatch, text):
    counting = CountingPattern(jsontext._SIGNIFICANT)
    monkeypatch.setattr(jsontext, "_SIGNIFICANT", counting)
    with pytest.raises(ValueError):
        jsontext.container_end(text, 0, max_depth=10**6)
    assert counting.matches <= len(text)
