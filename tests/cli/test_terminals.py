"""``python -m game`` in any terminal (cp1252, ascii, the C locale, closed streams): a stream whose
encoding can't carry Vietnamese (cp1252, ascii, the C locale without UTF-8
mode), and a closed stdout or stderr. Each case runs in a real subprocess
with that environment, since the interpreter sets its streams up at start."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.i18n import translate

ROOT = Path(__file__).resolve().parents[2]

TERMINALS = {
    "cp1252": ({"PYTHONIOENCODING": "cp1252"}, "cp1252"),
    "ascii": ({"PYTHONIOENCODING": "ascii"}, "ascii"),
    "C locale": ({"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"}, "ascii"),
}


def _env(extra: dict[str, str]) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("LC_", "PYTHONIOENCODING", "PYTHONUTF8", "LANG"))}
    return dict(env, PYTHONPATH=str(ROOT), PYTHONCOERCECLOCALE="0", **extra)


def run(terminal: str, *args: str) -> subprocess.CompletedProcess:
    extra, _ = TERMINALS[terminal]
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, cwd=ROOT,
                          env=_env(extra), timeout=60)


def shell(command: str) -> subprocess.CompletedProcess:
    """``command`` in sh, with ``$0`` the interpreter (for >&- and 2>&-)."""
    return subprocess.run(["sh", "-c", command, sys.executable], capture_output=True, cwd=ROOT,
                          env=_env({}), timeout=60)


@pytest.mark.parametrize("terminal", TERMINALS)
def test_vietnamese_messages_reach_any_terminal_as_json(terminal):
    result = run(terminal, "play", "--deal", "EO1-C8-AAAAAFA", "--lang", "vi", "c1>c2")
    assert result.returncode == 0, result.stderr
    assert result.stderr == b""
    text = result.stdout.decode(TERMINALS[terminal][1])  # what that terminal shows
    step, final = (json.loads(line) for line in text.splitlines())
    assert step["rule"] == "same-suit" and step["message"] == translate("rule.same-suit", "vi")
    assert final["deal"] == "EO1-C8-AAAAAFA"


@pytest.mark.parametrize("terminal", TERMINALS)
def test_an_error_quoting_what_was_typed_is_one_clean_line(terminal):
    result = run(terminal, "play", "--deal", "EO1-C8-AAAAAF\u00e9", "draw")
    assert result.returncode == 2 and result.stdout == b""
    line = result.stderr.decode(TERMINALS[terminal][1])
    assert line.startswith("error: ") and line.count("\n") == 1 and "Traceback" not in line
    assert "not a deal code" in line


@pytest.mark.parametrize("terminal", TERMINALS)
def test_the_other_commands_in_any_terminal(terminal):
    for args in (["deal", "EH1-N-AAAAAAF"], ["deal", "EO1-C8-AAAAAFA", "--json"], ["today"], ["--help"]):
        result = run(terminal, *args)
        assert result.returncode == 0 and result.stderr == b"" and result.stdout, args
    long_action = "\u1ec9" * 400  # the error line is cut with an ellipsis, which ascii lacks
    result = run(terminal, "play", "--deal", "EO1-C8-AAAAAFA", long_action)
    assert result.returncode == 2 and result.stdout == b"" and b"Traceback" not in result.stderr
    assert result.stderr.decode(TERMINALS[terminal][1]).count("\n") == 1


def test_a_closed_stdout_is_one_error_line_and_status_2():
    result = shell('"$0" -m game deal EH1-N-AAAAAAF >&-')
    assert result.returncode == 2
    assert result.stderr.decode().startswith("error: standard output is closed")
    assert result.stderr.count(b"\n") == 1


def test_a_closed_stderr_never_sends_the_error_to_stdout():
    result = shell('"$0" -m game deal XX1-N-AAAAAAF 2>&-')
    assert result.returncode == 2 and result.stdout == b""
    fine = shell('"$0" -m game deal EH1-N-AAAAAAF 2>&-')
    assert fine.returncode == 0 and fine.stdout.startswith(b"easy-harp")


def test_both_closed_is_still_status_2_and_no_hang():
    assert shell('"$0" -m game deal EH1-N-AAAAAAF >&- 2>&-').returncode == 2


def test_a_reader_that_goes_away_is_status_0():
    child = subprocess.Popen([sys.executable, "-m", "game", "play", "--deal", "EH1-N-AAAAAAF", *["draw"] * 3000],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=_env({}))
    assert child.stdout.read(10) == b'{"action":'
    child.stdout.close()  # | head -c 10: more than a pipe holds is still to come
    assert child.wait(timeout=60) == 0
    assert child.stderr.read() == b""


HELP = {"python -m game": '"$0" -m game', "python -m game deal": '"$0" -m game deal', "main.py": '"$0" main.py'}


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
@pytest.mark.parametrize("command", sorted(HELP))
def test_help_to_a_full_stdout_is_one_error_line_and_status_2(command):
    result = shell(f"{HELP[command]} --help > /dev/full")
    assert result.returncode == 2 and result.stdout == b""
    line = result.stderr.decode()
    assert line.count("\n") == 1 and "cannot write the help" in line and "Traceback" not in line, line
    assert line.startswith("main.py: error: " if command == "main.py" else "error: ")


@pytest.mark.parametrize("command", sorted(HELP))
def test_help_to_a_closed_stdout_is_one_error_line_and_status_2(command):
    result = shell(f"{HELP[command]} --help >&-")
    assert result.returncode == 2
    line = result.stderr.decode()
    assert line.count("\n") == 1 and "standard output is closed" in line and "Traceback" not in line, line


@pytest.mark.parametrize("command", sorted(HELP))
def test_help_is_still_written_whole_and_status_0(command):
    result = shell(f"{HELP[command]} --help")
    assert result.returncode == 0 and result.stderr == b"" and result.stdout.startswith(b"usage: ")
    assert b"--help" in result.stdout
