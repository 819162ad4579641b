"""tools/make_winnable.py resumes where it stopped: every verdict goes to its
journal as soon as it is known, a run solves only the deals the journal has
no verdict for (or an unknown one of a shorter time limit), a line cut short
by a stop is solved again, and the list it writes holds the journal's
replayed wins. Run on Eight Off deals (quick to solve), with the list
written to a temporary folder, never the shipped one."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from game.solver import winnable

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def maker(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("make_winnable", ROOT / "tools" / "make_winnable.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(winnable, "LIST_DIR", str(tmp_path / "lists"))
    solved = []
    real = module.solve_one

    def counted(game, variant, number, *args, **kwargs):
        solved.append(number)
        return real(game, variant, number, *args, **kwargs)

    monkeypatch.setattr(module, "solve_one", counted)
    module.solved = solved
    return module


def run(maker, monkeypatch, journal: Path, *extra: str) -> None:
    monkeypatch.setattr(sys, "argv", ["make_winnable.py", "--only", "EO1-C8", "--deals", "6", "--seconds", "5",
                                      "--journal", str(journal), *extra])
    assert maker.main() == 0


def test_a_stopped_build_goes_on_where_it_stopped(maker, monkeypatch, tmp_path, capsys):
    journal = tmp_path / "EO1-C8.journal"
    run(maker, monkeypatch, journal)
    assert maker.solved == [1, 2, 3, 4, 5, 6]
    entries = [json.loads(line) for line in journal.read_text(encoding="utf-8").splitlines()]
    assert [e["deal"] for e in entries] == [1, 2, 3, 4, 5, 6]
    won = [e["deal"] for e in entries if e["result"] == "winnable"]
    listed = winnable.read_list((tmp_path / "lists" / "EO1-C8.txt").read_bytes())[0]
    assert list(listed) == won and won
    assert "left without a proof: none" in capsys.readouterr().out
    # stopped after deal 3, in the middle of writing deal 4's line
    lines = journal.read_text(encoding="utf-8").splitlines()
    journal.write_text("\n".join(lines[:3]) + "\n" + lines[3][:10], encoding="utf-8")
    maker.solved.clear()
    run(maker, monkeypatch, journal)
    assert maker.solved == [4, 5, 6]  # the cut line's deal is solved again
    assert winnable.read_list((tmp_path / "lists" / "EO1-C8.txt").read_bytes())[0] == listed
    # nothing left: a third run solves nothing; --fresh solves everything again
    maker.solved.clear()
    run(maker, monkeypatch, journal)
    assert maker.solved == []
    run(maker, monkeypatch, journal, "--fresh")
    assert maker.solved == [1, 2, 3, 4, 5, 6]


def test_an_unknown_verdict_is_tried_again_only_with_more_time(maker, monkeypatch, tmp_path, capsys):
    journal = tmp_path / "EO1-C8.journal"
    journal.write_text(json.dumps({"deal": 2, "result": "unknown", "seconds": 5, "cpu": 5.0, "nodes": 9}) + "\n"
                       + json.dumps({"deal": 3, "result": "unknown", "seconds": 1, "cpu": 1.0, "nodes": 9}) + "\n",
                       encoding="utf-8")
    run(maker, monkeypatch, journal)
    assert maker.solved == [1, 3, 4, 5, 6]  # deal 2 already had 5 s: it stays unknown
    out = capsys.readouterr().out
    assert "left without a proof: 2 (rerun with more than --seconds 5" in out
    listed = winnable.read_list((tmp_path / "lists" / "EO1-C8.txt").read_bytes())[0]
    assert 2 not in listed
