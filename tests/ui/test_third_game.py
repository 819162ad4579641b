"""The registry's proof: a third game defined only in tests/third_game/ (its
engine module, its solver module, its golden deal) plus catalogue entries
added here at run time. The command line, the New game dialog, statistics
and help list and play it without any change to game/."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from game.cli import main
from game.engine import Game, Pile, Position, deal_position, parse_code, registry
from game.engine.deals import date_number
from game.help import pages, page_text
from game.i18n import CATALOGUES, translate
from game.ui.dialogs.new_game import NewGameDialog
from game.ui.dialogs.help import RulesScene
from game.ui.dialogs.stats import StatsScene

from .conftest import click_widget as click, start_app as start
from tests.persistence.storage_helpers import store_stats

HERE = Path(__file__).resolve().parents[1] / "third_game"

# What a new game adds to each of the three catalogues (here in every language at run time).
ENTRIES = {
    "game.mini-cell": "Mini Cell",
    "help.page.rules_mini_cell": "Mini Cell rules",
    "help.rules.mini_cell.1.title": "Goal",
    "help.rules.mini_cell.1": "Move all 52 cards to the foundations.",
    "help.rules.mini_cell.2.title": "Columns",
    "help.rules.mini_cell.2": "Build down by rank in any suit; any card goes into an empty column.",
}


@pytest.fixture(autouse=True)
def mini_cell():
    import third_game.engine as engine

    registry.register(engine.SPEC)  # again, should an earlier test have unregistered it
    for messages in CATALOGUES.values():
        messages.update(ENTRIES)
    yield engine
    registry.unregister(engine.GAME)
    for messages in CATALOGUES.values():
        for key in ENTRIES:
            del messages[key]


# ---- the engine: one rules test and the golden deal ------------------------------------


def test_mini_cell_takes_any_card_into_an_empty_column_and_builds_down_in_any_suit():
    # spades, hearts to 9 and diamonds to 6 home: c1 is 8C QC, c3 9C KC, c4 QD TD KD, c6 JC 2C JH AC, c8 empty
    start = _with_cards_home(deal_position("MC1-C4-AAAAAAB").to_dict(), ["KS", "9H", "6D"])
    game = Game(Position.from_dict(start))
    assert game.play("c4>c3").rule == "one-rank-lower"  # KD on KC
    assert game.play("c6>c3").rule == "one-rank-lower"  # AC on KC
    assert game.play("c6>f").ok and game.play("c6>c1").ok  # AC home, then JH on QC
    assert game.play("c1.2>c8").ok  # QC JH into the empty column: no "kings only" in this game
    assert [c for c in game.position.pile_tokens(Pile.parse("c8"))] == ["QC", "JH"]


def _with_cards_home(data: dict, tokens: list[str]) -> dict:
    """``data`` with the named cards taken off the table and every card of
    their suits up to them put home (the rest of those suits come off too)."""
    ranks = "A23456789TJQK"
    top = {}
    for t in tokens:
        top[t[1]] = max(top.get(t[1], -1), ranks.index(t[0]))
    home = {f"{ranks[r]}{s}" for s, high in top.items() for r in range(high + 1)}
    data["columns"] = [[c for c in col if c not in home] for col in data["columns"]]
    data["foundations"] = [[f"{ranks[r]}{s}" for r in range(top.get(s, -1) + 1)] for s in "SHDC"]
    return data


def test_mini_cell_golden_deal():
    expected = (HERE / "MC1-C4-AAAAAAB.txt").read_text(encoding="utf-8").rstrip("\n")
    assert deal_position("MC1-C4-AAAAAAB").text() == expected


def test_adding_it_changed_no_deal_and_no_days_deal():
    assert deal_position("EO1-C8-AAAAAAB").text() == (HERE.parent / "golden" / "EO1-C8-AAAAAAB.txt").read_text(
        encoding="utf-8").rstrip("\n")
    assert date_number(dt.date(2026, 11, 30), "eight-off", "C8") == 301921
    with pytest.raises(ValueError):  # reusing a pinned seed or daily index is refused
        registry.register(registry.GameSpec(**{**registry.game("mini-cell").__dict__, "id": "copy", "prefix": "CP1"}))


# ---- the command line ------------------------------------------------------------------


def test_the_command_line_deals_plays_and_knows_today(capsys):
    assert main(["deal", "MC1-C4-AAAAAAB"]) == 0
    assert capsys.readouterr().out.startswith("mini-cell C4  deal MC1-C4-AAAAAAB")
    day = dt.date(2026, 11, 30)
    assert main(["today", "--game", "mini-cell", "--date", day.isoformat()]) == 0
    # no winnable list ships for it: today's deal is the day's own number
    assert parse_code(capsys.readouterr().out.strip()).number == date_number(day, "mini-cell", "C4")
    assert main(["play", "--deal", "MC1-C4-AAAAAAB", "c1>r1", "c1>c1"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[0]["ok"] and lines[1]["rule"] == "bad-destination"
    assert lines[-1]["game"] == "mini-cell" and lines[-1]["cells"][0] == "3D"


def test_the_command_line_solves_it_with_its_own_solver(tmp_path, capsys):
    near = _with_cards_home(deal_position("MC1-C4-AAAAAAB").to_dict(),
                            ["QS", "QH", "QD", "QC"])  # only the kings are left on the table
    path = tmp_path / "near.json"
    path.write_text(json.dumps(near), encoding="utf-8")
    assert main(["solve", "--position", str(path), "--seconds", "20"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["result"] == "winnable"
    game = Game(Position.from_dict(near))
    for action in result["actions"]:
        assert game.play(action).ok
    assert game.position.won


def test_an_unknown_game_is_an_error_not_another_games_dealer(capsys):
    registry.unregister("mini-cell")
    assert main(["deal", "MC1-C4-AAAAAAB"]) == 2
    assert "unknown game" in capsys.readouterr().err
    with pytest.raises(ValueError, match="unknown game"):
        Position.from_dict({"game": "mini-cell", "columns": []})


# ---- the window: New game, statistics, help --------------------------------------------


def test_the_new_game_dialog_offers_it_and_deals_it():
    app = start("--deal", "EH1-N-AAAAAAF")
    app.open_new_game()
    dialog = app.top()
    assert isinstance(dialog, NewGameDialog)
    button = dialog.game_buttons["mini-cell"]
    assert button.text("en") == "Mini Cell"
    click(app, dialog, button)
    assert dialog.choice_game == "mini-cell" and dialog.choice_variant == "C4"
    assert not any(b.enabled for b in dialog.cell_buttons.values())  # one variant: nothing to choose
    click(app, dialog, dialog.deal_buttons[1])  # today's deal
    app.frame()
    game = app.session.game
    assert game.position.game == "mini-cell" and game.position.deal.startswith("MC1-C4-")
    assert Pile.parse("r4") in app.table.layout.piles and len(app.table.cards[Pile.parse("c1")]) == 7


def test_statistics_list_it_and_keep_its_games():
    app = start("--deal", "MC1-C4-AAAAAAB")
    app.play.persistence.stats.record("mini-cell", "C4", won=True, seconds=120, score=520)
    store_stats(app)
    app.open_stats()
    scene = app.top()
    assert isinstance(scene, StatsScene)
    assert scene.choice == ("mini-cell", "C4")
    assert ("mini-cell", "C4") in [(b.game, b.variant) for b in scene.choice_buttons]
    assert scene.stats.played == 1 and scene.stats.won == 1


def test_help_lists_its_rules_page():
    assert "rules-mini-cell" in [p.id for p in pages()]
    text = page_text(next(p for p in pages() if p.id == "rules-mini-cell"))
    assert text[0] == ("Goal", ["Move all 52 cards to the foundations."])
    app = start("--deal", "MC1-C4-AAAAAAB")
    app.open_rules()
    rules = app.top()
    assert isinstance(rules, RulesScene)
    assert rules.pages[rules.page].id == "rules-mini-cell"  # the game being played
    assert translate(rules.pages[rules.page].title, "vi") == "Mini Cell rules"
