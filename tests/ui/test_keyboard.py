"""Keyboard-only play: whole games won with key events alone, through
main.py's loop, and the keys of the dialogs."""

import pygame

from game.engine import Pile, parse_card
from game.engine.cards import RANKS, SUITS
from game.ui.dialogs.new_game import NewGameDialog
from game.ui.dialogs.options import OptionsDialog
from game.ui.dialogs.win import WinScene

C = lambda i: Pile("c", i - 1)  # noqa: E731
W, S = Pile("w"), Pile("s")
R = lambda i: Pile("r", i - 1)  # noqa: E731


def eh_near_end():
    """Easy Harp with five cards to go: Q♠ on a face-down K♠, K♥ alone,
    K♣ in the waste and K♦ the last card of the stock."""
    full = lambda s: [r + s for r in RANKS]  # noqa: E731
    foundations = [full("S")[:11], full("S"), full("H")[:12], full("H"), full("D")[:12], full("D"),
                   full("C")[:12], full("C")]
    return {"game": "easy-harp", "variant": "N", "deal": None,
            "columns": [["#KS", "QS"], ["KH"]] + [[] for _ in range(7)],
            "stock": ["#KD"], "waste": ["KC"], "foundations": foundations}


def eo_near_end():
    """Eight Off with four cards to go: K♥ Q♥ in column 1, K♣ in column 2,
    K♦ in the first cell."""
    foundations = [[r + s for r in RANKS] for s in SUITS]
    foundations[1] = foundations[1][:11]
    foundations[2] = foundations[2][:12]
    foundations[3] = foundations[3][:12]
    return {"game": "eight-off", "variant": "C8", "deal": None,
            "columns": [["KH", "QH"], ["KC"]] + [[] for _ in range(6)],
            "foundations": foundations, "cells": ["KD"] + [None] * 7}


def keys(d, *names, mod=0):
    for name in names:
        d.key(getattr(pygame, f"K_{name}"), mod=mod)


def walk_to(d, pile, key="RIGHT", limit=16):
    """Arrow along a row until the focus is on ``pile`` (keys only)."""
    for _ in range(limit):
        if d.table.kb.focus == pile:
            return
        keys(d, key)
    assert d.table.kb.focus == pile


def test_easy_harp_won_with_the_keyboard_alone(driver_for, shots):
    d = driver_for(eh_near_end())
    kb = d.table.kb
    assert kb.focus == C(1)
    keys(d, "f")  # Q♠ to its foundation; K♠ turns face up
    assert d.game.position.foundations[0][-1] == parse_card("QS")
    assert d.game.position.hidden[0] == 0
    keys(d, "f")  # K♠
    keys(d, "RIGHT")  # column 2
    assert kb.focus == C(2)
    keys(d, "RETURN")  # pick up K♥
    assert kb.held and kb.held.count == 1
    keys(d, "RIGHT", "SPACE")  # drop it on the empty column 3
    assert kb.held is None and d.game.position.columns[2] == [parse_card("KH")]
    keys(d, "f")  # K♥ up from column 3
    keys(d, "d")  # K♦ drawn
    assert d.game.position.waste[-1] == parse_card("KD")
    keys(d, "UP")
    walk_to(d, W, "LEFT")
    keys(d, "f", "f")  # K♦, then K♣ under it
    assert d.game.position.won
    assert d.app.find(WinScene)
    d.settle()
    d.app.save_screenshot(str(shots / "keyboard_eh_won.png"))


def test_eight_off_won_with_the_keyboard_alone(driver_for, shots):
    d = driver_for(eo_near_end())
    kb = d.table.kb
    keys(d, "UP")  # the first arrow shows the ring where it is
    keys(d, "UP")  # inside column 1: from Q♥ to K♥
    assert kb.focus == C(1) and kb.focus_row() == 0
    keys(d, "3")  # K♥ Q♥ as a run to the empty column 3
    assert [len(c) for c in d.game.position.columns[:3]] == [0, 1, 2]
    walk_to(d, C(3))
    keys(d, "f", "f")
    keys(d, "LEFT")  # column 2: K♣
    assert kb.focus == C(2)
    keys(d, "RETURN", "c")  # pick it up, send it to a free cell
    assert d.game.position.cells[1] == parse_card("KC")
    keys(d, "UP")
    walk_to(d, R(2), "LEFT")
    d.app.save_screenshot(str(shots / "keyboard_eo_focus_cell.png"))
    keys(d, "f")
    walk_to(d, R(1), "LEFT")
    keys(d, "f")
    assert d.game.position.won
    win = d.app.find(WinScene)
    assert win
    keys(d, "ESCAPE")  # a key skips the cascade (Escape does nothing else)
    assert not d.table.celebrating and d.app.top() is win
    # the win panel's buttons by keyboard too: Tab to Same deal, Enter deals it again
    keys(d, "TAB", "TAB")
    assert win.key_focus is win.widgets[1]
    moves_before = d.game.position.moves
    keys(d, "RETURN")
    assert not d.app.find(WinScene) and not d.game.position.won
    assert d.game is not None and d.game.position.moves == 0 < moves_before


def test_enter_escape_and_undo_keys(driver_for, shots):
    d = driver_for(eh_near_end())
    kb = d.table.kb
    keys(d, "RIGHT", "RIGHT", "RETURN")  # K♥ held
    d.app.save_screenshot(str(shots / "keyboard_holding.png"))
    keys(d, "ESCAPE")
    assert kb.held is None and d.game.position.moves == 0
    keys(d, "3")  # K♥ to column 3 by its number
    assert d.game.position.columns[2] == [parse_card("KH")]
    keys(d, "u")
    assert d.game.position.columns[1] == [parse_card("KH")]
    keys(d, "3")
    d.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert d.game.position.columns[1] == [parse_card("KH")]


def test_a_refused_keyboard_move_says_the_rule_like_a_drag(driver_for):
    d = driver_for(eh_near_end())
    keys(d, "RIGHT", "RIGHT")  # column 2: K♥
    keys(d, "1")  # onto Q♠: refused
    assert d.game.position.columns[1] == [parse_card("KH")]
    note = d.table.note  # beside the card, as a refused drag is
    assert note.visible and not note.rect.colliderect(d.table.cards_box(Pile("c", 1)))
    from game.i18n import translate

    assert note.text == translate("rule.one-rank-lower", "en")


def test_tab_cycles_every_pile(driver_for):
    d = driver_for(eh_near_end())
    seen = []
    keys(d, "TAB")
    for _ in range(len(d.table.layout.piles)):
        keys(d, "TAB")
        seen.append(d.table.kb.focus)
    assert set(seen) == set(d.table.layout.piles)
    keys(d, "TAB", mod=pygame.KMOD_SHIFT)
    assert d.table.kb.focus == seen[-2]


def test_shortcuts_open_dialogs_and_dialogs_work_by_keyboard(driver_for, shots):
    d = driver_for(eh_near_end())
    keys(d, "o")
    options = d.app.top()
    assert isinstance(options, OptionsDialog)
    keys(d, "TAB")  # the first tile: the card backs, on the one in use
    assert options.key_focus.label == "ui.options.back.lattice"
    keys(d, "RIGHT")  # a row of choices: the arrow chooses
    assert d.app.settings.card_back == "chevrons" and d.table.art.back_style == "chevrons"
    keys(d, "LEFT", "LEFT")  # round its own row, never into the felts beside it
    assert d.app.settings.card_back == "squares" and d.app.settings.felt == "green"
    four = next(w for w in options.widgets if getattr(w, "label", "") == "ui.options.four_color")
    for _ in range(len(options.widgets)):
        if options.key_focus is four:
            break
        keys(d, "TAB")
    assert options.key_focus is four
    keys(d, "SPACE")
    assert d.app.settings.four_color
    d.app.save_screenshot(str(shots / "options_keyboard.png"))
    keys(d, "ESCAPE")
    assert d.app.top() is d.table
    keys(d, "n")
    new_game = d.app.top()
    assert isinstance(new_game, NewGameDialog)
    keys(d, "TAB")  # out of the code field
    for _ in range(len(new_game.widgets)):
        if new_game.key_focus is new_game.game_buttons["eight-off"]:
            break
        keys(d, "TAB")
    keys(d, "LEFT")  # a row of choices: the arrow chooses
    assert new_game.choice_game == "easy-harp"
    keys(d, "RIGHT")
    assert new_game.choice_game == "eight-off"
    d.app.save_screenshot(str(shots / "new_game_keyboard.png"))
    keys(d, "ESCAPE")
    keys(d, "F1")
    assert d.app.top() is not d.table
    keys(d, "ESCAPE")
    assert d.app.top() is d.table


def test_hint_key_asks_the_app(driver_for):
    d = driver_for(eh_near_end())
    asked = []
    d.app.play.hints.request = lambda: asked.append(True)
    keys(d, "h")
    assert asked == [True]
