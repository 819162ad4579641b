"""Honest odds in the New game dialog: it says how often the chosen
variant's random deals can be won, from the solver's table (its numbers, not
typed in here), right above the "Winnable deals only" switch, which sits
before New deal and takes one tap; the choice outlives a restart."""

from __future__ import annotations

from game.engine import parse_code, registry
from game.persistence.storage import MemoryStorage
from game.solver.odds import figure, odds_of
from game.solver.winnable import winnable_numbers
from game.ui.dialogs.new_game import NewGameDialog, grouped
from game.ui.drawing import fonts

from .conftest import click_widget, start_app


def drawn_texts(dialog) -> list[str]:
    fonts.FIT_LOG = []
    try:
        dialog.redraw()
        return [entry[0] for entry in fonts.FIT_LOG]
    finally:
        fonts.FIT_LOG = None


def open_new_game(app) -> NewGameDialog:
    app.open_new_game()
    dialog = app.top()
    assert isinstance(dialog, NewGameDialog)
    return dialog


def test_each_variant_s_odds_are_said_from_the_solver_s_table():
    dialog = open_new_game(start_app("--lang", "en"))
    said = {}
    for spec in registry.games():
        for variant in spec.variants:
            dialog.choose_game(spec.id)
            dialog.choose_variant(variant)
            odds = odds_of(spec.id, variant)
            assert odds is not None, (spec.id, variant)
            text = dialog.odds_text("en")
            assert text in drawn_texts(dialog)  # on the panel, not only made
            assert f"won {grouped(odds.winnable, ',')} of the first {grouped(odds.tried, ',')}" in text
            said[variant] = text
    assert len(set(said.values())) == len(said)  # each variant its own figure
    c2 = figure(odds_of("eight-off", "C2"))
    assert c2.kind == "one_in" and f"About 1 deal in {c2.value} can be won" in said["C2"]
    assert "22,296" in said["C2"]  # the language's digit groups


def test_the_odds_speak_the_player_s_language():
    dialog = open_new_game(start_app("--lang", "hu"))
    dialog.choose_game("eight-off")
    dialog.choose_variant("C2")
    text = dialog.odds_text("hu")
    value = figure(odds_of("eight-off", "C2")).value
    assert f"minden {value}. leosztás" in text and "22.296" in text and text in drawn_texts(dialog)


def test_the_switch_sits_between_the_odds_and_new_deal():
    for size in ("1366x768", "390x844", "844x390"):
        dialog = open_new_game(start_app("--size", size))
        cells_bottom = max(b.box.bottom for b in dialog.cell_buttons.values())
        toggle = dialog.winnable_toggle.box
        assert cells_bottom < dialog.px(208) < toggle.y < min(b.box.y for b in dialog.deal_buttons), size
        widgets = dialog.widgets
        assert widgets.index(dialog.winnable_toggle) < widgets.index(dialog.deal_buttons[0])  # Tab order too


def test_winnable_only_is_one_tap_and_remembered():
    storage = MemoryStorage()
    app = start_app("--deal", "EO1-C2-AAAAAAB", storage=storage)
    dialog = open_new_game(app)
    assert app.settings.winnable_only is False
    click_widget(app, dialog, dialog.winnable_toggle)
    assert app.settings.winnable_only is True and dialog.winnable_toggle.value is True
    click_widget(app, dialog, dialog.deal_buttons[0])  # New deal
    code = parse_code(app.session.game.position.deal)
    assert (code.game, code.variant) == ("eight-off", "C2") and code.number in winnable_numbers("eight-off", "C2")

    again = start_app(storage=storage)  # the game started again over the same storage
    assert again.settings.winnable_only is True
    assert open_new_game(again).winnable_toggle.value is True
