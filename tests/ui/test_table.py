"""The window, driven through main.py's loop with synthetic pygame events."""

import asyncio
import random

import pygame

from game.engine import Pile, parse_card
from game.engine.errors import DealCodeError
from game.engine.deals import parse_code
from game.i18n import translate
from game.ui.dialogs.confirm import ConfirmDialog
from game.ui.dialogs.new_game import NewGameDialog
from game.ui.dialogs.win import WinScene
from game.ui.dialogs.help import RulesScene

from game.ui.table.sprites import NOTE_MS

from .conftest import main_module
from .positions import easy_harp, near_won_easy_harp, near_won_eight_off

C = lambda i: Pile("c", i - 1)  # noqa: E731
cards = lambda *names: [parse_card(n) for n in names]  # noqa: E731


def banner_text(d):
    return d.table.banner.text if d.table.banner.visible else None


def said_at_card(d):
    """A refusal's reason, as the note beside the refused cards shows it."""
    return d.table.note.text if d.table.note.visible else None


def told(d):
    """Whatever the table says now: at the card, or on the banner."""
    return said_at_card(d) or banner_text(d)


def test_legal_drag_moves_the_card(driver_for):
    d = driver_for(easy_harp([["8S"], ["7H"]]))
    d.drag(d.card_center(C(2)), d.card_center(C(1)))
    assert d.game.position.columns[0] == cards("8S", "7H")
    assert d.game.position.moves == 1
    d.settle()
    sprite = d.table.cards[C(1)][-1]
    assert (sprite.x, sprite.y) == d.table.card_places(C(1), 2)[1]
    assert told(d) is None


def test_refused_drag_returns_the_cards_and_says_why(driver_for):
    d = driver_for(easy_harp([["8S"], ["7C"]]))
    home = d.table.card_places(C(2), 1)[0]
    d.drag(d.card_center(C(2)), d.card_center(C(1)))
    assert d.game.position.columns[1] == cards("7C")
    assert said_at_card(d) == translate("rule.alternate-colors", "en")
    d.settle()
    sprite = d.table.cards[C(2)][0]
    assert (sprite.x, sprite.y) == home
    d.wait(NOTE_MS + 100)
    assert told(d) is None


def test_refusal_without_interactive_rules_shows_nothing(driver_for):
    d = driver_for(easy_harp([["8S"], ["7C"]]))
    d.app.change_setting("interactive_rules", False)
    d.drag(d.card_center(C(2)), d.card_center(C(1)))
    assert told(d) is None
    assert d.game.position.columns[1] == cards("7C")


def test_easy_harp_run_drag_is_one_card_at_a_time(driver_for):
    d = driver_for(easy_harp([["9C"], ["#3D", "8H", "7S"]]))
    d.drag(d.card_center(C(2), 1), d.card_center(C(1)))
    assert d.game.position.columns[1] == cards("3D", "8H", "7S")
    assert said_at_card(d) == translate("rule.one-card-at-a-time", "en")


def test_king_led_run_into_an_empty_column(driver_for):
    d = driver_for(easy_harp([["#2S", "KS", "QH", "JC"], ["5D"], []]))
    d.drag(d.card_center(C(1), 1), d.pile_center(C(3)))
    pos = d.game.position
    assert pos.columns[2] == cards("KS", "QH", "JC")
    assert pos.columns[0] == cards("2S") and pos.hidden[0] == 0
    d.settle()
    assert [s.card for s in d.table.cards[C(3)]] == cards("KS", "QH", "JC")
    assert d.table.cards[C(1)][0].face_up


def test_drag_dropped_on_its_own_column_is_cancelled_quietly(driver_for):
    d = driver_for(easy_harp([["8S"], ["7C"]]))
    start = d.card_center(C(2))
    d.drag(start, (start[0] + 3, start[1] + 40))
    assert d.game.position.moves == 0 and told(d) is None


def test_tap_sends_a_card_to_its_foundation(driver_for):
    d = driver_for(easy_harp([["AS"], ["5D"]]))
    d.click(d.card_center(C(1)))
    assert d.game.position.foundations[0] == cards("AS")
    assert d.game.position.score == 10


def test_drop_anywhere_on_the_foundations(driver_for):
    d = driver_for(easy_harp([["AH"], ["5D"]]))
    d.drag(d.card_center(C(1)), d.pile_center(Pile("f", 6)))  # over a clubs slot
    assert d.game.position.foundations[2] == cards("AH")


def test_double_tap_takes_the_contract_order(driver_for):
    d = driver_for(easy_harp([["8S"], ["7H"], ["4C", "8C"]]))
    at = d.card_center(C(2))
    d.click(at)
    d.clock.t += 120
    d.click(at)
    # the longest column that takes it: column 3 (two cards)
    assert d.game.position.columns[2] == cards("4C", "8C", "7H")
    d.wait(500)
    assert told(d) is None


def test_slow_second_tap_is_two_taps(driver_for):
    d = driver_for(easy_harp([["8S"], ["7H"]]))
    at = d.card_center(C(2))
    d.click(at)
    d.wait(400)
    assert said_at_card(d) == translate("say.tap_home_only_double", "en")
    d.click(at)
    assert d.game.position.columns[1] == cards("7H")


def test_double_tap_off_means_taps_only(driver_for):
    d = driver_for(easy_harp([["8S"], ["7H"]]))
    d.app.change_setting("double_tap", False)
    at = d.card_center(C(2))
    d.click(at)
    d.clock.t += 100
    d.click(at)
    assert d.game.position.columns[1] == cards("7H")


def test_stock_draws_and_turns_over(driver_for):
    d = driver_for(easy_harp([["8S"]], stock=["#2D", "#KH", "#5C"]))
    waste_before = list(d.game.position.waste)
    stock_at = d.pile_center(Pile("s"))
    for _ in range(3):
        d.click(stock_at)
        d.clock.t += 400
    pos = d.game.position
    assert pos.stock == [] and pos.waste == waste_before + cards("5C", "KH", "2D")
    d.click(stock_at)
    pos = d.game.position
    assert pos.waste == [] and pos.stock == list(reversed(waste_before + cards("5C", "KH", "2D")))
    assert pos.moves == 4
    d.settle()
    visible = [s for s in d.table.cards[Pile("s")] if s.visible]
    assert len(visible) == 2 and not any(s.face_up for s in visible)


def test_undo_by_button_and_by_keys(driver_for):
    d = driver_for(easy_harp([["8S"], ["7H"]]))
    undo_at = d.table.layout.buttons["undo"].center
    for how in ("button", "ctrl+z", "backspace"):
        d.drag(d.card_center(C(2)), d.card_center(C(1)))
        assert d.game.position.columns[0] == cards("8S", "7H")
        if how == "button":
            d.click(undo_at)
        elif how == "ctrl+z":
            d.key(pygame.K_z, pygame.KMOD_LCTRL)
        else:
            d.key(pygame.K_BACKSPACE)
        assert d.game.position.columns[0] == cards("8S"), how
        assert d.game.position.columns[1] == cards("7H"), how
    d.click(undo_at)
    assert banner_text(d) == translate("rule.nothing-to-undo", "en")


def test_deal_code_typed_into_the_new_game_dialog(driver_for):
    d = driver_for("EH1-N-AAAAAAF")
    d.key(pygame.K_n)
    dialog = d.app.top()
    assert isinstance(dialog, NewGameDialog)
    field = dialog.field.box
    d.click((dialog.box.x + field.x + 20, dialog.box.y + field.y + 10))
    d.type_text("eo1-c5-aaaaafa")
    try:
        parse_code("eo1-c5-aaaaafa")
    except DealCodeError as exc:
        expected = (exc.key, exc.params)
    # the engine's catalogue key and numbers: shown in the player's language
    assert dialog.code_state == expected and expected[0] == "code.variant"
    assert dialog.code_error and not dialog.code_ok
    d.key(pygame.K_RETURN)
    assert d.app.top() is dialog and d.game.position.deal == "EH1-N-AAAAAAF"
    for _ in range(len("eo1-c5-aaaaafa")):
        d.key(pygame.K_BACKSPACE)
    d.type_text(" eo1-c4-aaaaafa ")
    assert dialog.code_ok
    d.key(pygame.K_RETURN)
    assert d.game.position.deal == "EO1-C4-AAAAAFA"
    assert d.app.top() is d.table
    assert len(d.table.layout.piles) == 8 + 4 + 4


def test_new_game_over_a_game_in_progress_asks_first(driver_for):
    d = driver_for(easy_harp([["8S"], ["7H"]]))
    d.drag(d.card_center(C(2)), d.card_center(C(1)))
    d.click(d.table.layout.buttons["new_game"].center)
    dialog = d.app.top()
    button = dialog.deal_buttons[1]  # today's deal
    d.click((dialog.box.x + button.box.center[0], dialog.box.y + button.box.center[1]))
    confirm = d.app.top()
    assert isinstance(confirm, ConfirmDialog)
    d.key(pygame.K_ESCAPE)
    assert d.game.position.moves == 1
    d.key(pygame.K_ESCAPE)
    assert d.app.top() is d.table


def test_win_celebration_and_same_deal(driver_for):
    d = driver_for(near_won_eight_off(4))
    d.click(d.card_center(C(1)))
    assert d.game.position.won
    win = d.app.top()
    assert isinstance(win, WinScene)
    for _ in range(5):
        d.wait(300)
    d.key(pygame.K_z, pygame.KMOD_LCTRL)  # undo still works after a win
    assert not d.game.position.won and d.app.top() is d.table


def test_easy_harp_win(driver_for):
    d = driver_for(near_won_easy_harp())
    d.drag(d.card_center(C(1)), d.pile_center(Pile("f", 0)))
    assert d.game.position.won
    assert isinstance(d.app.top(), WinScene)


def test_options_and_rules_open_and_close(driver_for):
    d = driver_for("EO1-C2-AAAAAFA")
    d.click(d.table.layout.buttons["options"].center)
    options = d.app.top()
    toggle = next(w for w in options.widgets if getattr(w, "label", "") == "ui.options.interactive")
    d.click((options.box.x + toggle.box.center[0], options.box.y + toggle.box.center[1]))
    assert d.app.settings.interactive_rules is False
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_F1)
    assert isinstance(d.app.top(), RulesScene)
    d.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    d.run(1)
    d.key(pygame.K_ESCAPE)
    assert d.app.top() is d.table


def test_input_during_an_animation_finishes_it_first(driver_for):
    d = driver_for(easy_harp([["8S"], ["7H"], ["6S"]]))
    d.drag(d.card_center(C(2)), d.card_center(C(1)))
    assert d.table.moving  # still gliding (the clock has not moved)
    d.drag(d.card_center(C(3)), d.card_center(C(1)))
    assert d.game.position.columns[0] == cards("8S", "7H", "6S")
    d.settle()
    assert [s.card for s in d.table.cards[C(1)]] == cards("8S", "7H", "6S")


def test_the_loop_yields_to_asyncio_every_frame(driver_for):
    d = driver_for("EH1-N-AAAAAAF")
    ticks = 0

    async def count():
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0)

    async def both():
        counter = asyncio.create_task(count())
        await main_module.main(app=d.app, frames=50)
        counter.cancel()

    asyncio.run(both())
    assert ticks >= 49


def test_idle_frames_redraw_nothing(driver_for):
    d = driver_for("EO1-C8-AAAAAFA")
    d.settle()
    d.run(3)
    assert d.app.last_dirty == []


def test_portrait_layout_keeps_every_pile_on_screen(driver_for):
    for source in ("EH1-N-AAAAAAF", "EO1-C8-AAAAAFA"):
        d = driver_for(source, size=(720, 1280))
        for box in d.table.layout.piles.values():
            assert 0 <= box.x and box.right <= 720 and box.bottom <= 1280
        assert all(b.bottom <= 1280 and b.y > 1000 for b in d.table.layout.buttons.values())


def random_session(d, seed: int, events: int) -> None:
    rng = random.Random(seed)
    w, h = d.app.width, d.app.height
    keys = [pygame.K_BACKSPACE, pygame.K_n, pygame.K_F1, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_z, pygame.K_a]
    done = 0
    while done < events:
        kind = rng.random()
        if kind < 0.45:
            pos = (rng.randrange(w), rng.randrange(h))
            d.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            d.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
            done += 2
        elif kind < 0.85:
            # a drag that starts on a card most of the time
            piles = [p for p, s in d.table.cards.items() if s]
            if piles and rng.random() < 0.8 and d.app.top() is d.table:
                pile = rng.choice(piles)
                sprite = rng.choice(d.table.cards[pile])
                start = (round(sprite.x) + 10, round(sprite.y) + 8)
            else:
                start = (rng.randrange(w), rng.randrange(h))
            end = (rng.randrange(w), rng.randrange(h))
            d.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
            for i in range(1, 4):
                d.post(pygame.MOUSEMOTION, pos=(start[0] + (end[0] - start[0]) * i // 3, start[1] + (end[1] - start[1]) * i // 3), rel=(0, 0), buttons=(1, 0, 0))
            d.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
            done += 5
        elif kind < 0.95:
            key = rng.choice(keys)
            mod = pygame.KMOD_LCTRL if rng.random() < 0.3 else 0
            d.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
            done += 1
        else:
            d.post(pygame.TEXTINPUT, text=rng.choice("EOH1-NC8AZ"))
            done += 1
        d.clock.t += rng.choice((0, 30, 120, 400))
        d.run(1)
    # cards the keyboard holds (Enter picked them up) hover over the focus by
    # design: put them back, as Esc would, before checking where cards rest
    d.table.kb.drop_held_quietly()
    d.settle()
    pos = d.game.position
    total = sum(len(s) for s in d.table.cards.values())
    assert total == pos.rules.card_count
    for pile, sprites in d.table.cards.items():
        places = d.table.card_places(pile, len(sprites))
        assert [(s.x, s.y) for s in sprites] == places


def test_random_input_easy_harp(driver_for):
    random_session(driver_for("EH1-N-AAAAAAF"), seed=1, events=3000)


def test_random_input_eight_off(driver_for):
    random_session(driver_for("EO1-C8-AAAAAFA"), seed=2, events=3000)


def test_random_input_eight_off_two_cells_portrait(driver_for):
    random_session(driver_for("EO1-C2-AAAAAFA", size=(720, 1280)), seed=3, events=1500)


def test_pressing_a_face_down_card_says_why_it_does_not_move(driver_for):
    d = driver_for("EH1-N-AAAAAAF")
    d.settle()
    before = d.game.position.to_dict()
    d.click(d.card_center(Pile("c", 8), 0))  # the bottom card of column 9 lies face down
    assert said_at_card(d) == translate("rule.face-down", "en")
    assert d.game.position.to_dict() == before


def test_a_tap_that_no_foundation_takes_says_what_a_tap_does(driver_for):
    """The 7 of hearts has a place (on the 8 of spades), only not on a
    foundation: the message says a tap goes to the foundation and how to
    place the card, never "There is no place for this card"."""
    d = driver_for(easy_harp([["8S"], ["7H"]]))
    d.click(d.card_center(C(2)))
    d.wait(400)
    assert said_at_card(d) == translate("say.tap_home_only_double", "en")
    assert "double-tap" in said_at_card(d) and "drag" in said_at_card(d)
    assert d.app.announcer.last == "Refused: " + translate("say.tap_home_only_double", "en")
    d.wait(3100)
    d.app.change_setting("double_tap", False)  # then a drag is the one way
    d.click(d.card_center(C(2)))
    assert said_at_card(d) == translate("say.tap_home_only_drag", "en")


def test_a_tap_on_a_card_with_no_place_at_all_says_so(driver_for):
    d = driver_for(easy_harp([["KD"], ["KD"], ["QS"], ["QS"], ["JH"], ["JH"], ["5C"], ["5C"], ["7S"]]))
    d.click(d.card_center(C(9)))
    d.wait(400)
    assert said_at_card(d) == translate("rule.no-target", "en")


def test_a_refused_drop_shows_at_the_card_where_it_lies_once_home(driver_for):
    """Issue 41: the outline frames the refused card where it glides back
    to, aligned to it (its sides and foot just outside the card, its top
    on the card's own top margin, off the strip of the card under it), not
    the spot where it was let go; it stays with the reason beside it."""
    d = driver_for(easy_harp([["8S"], ["4H", "7C"]]))
    target = d.card_center(C(1))
    d.drag(d.card_center(C(2)), target)
    assert said_at_card(d) == translate("rule.alternate-colors", "en")
    marks = d.table.refused_marks
    assert len(marks) == 1 and marks[0].alive()
    layout = d.table.layout
    home = d.table.card_places(C(2), 2)[1]
    card = pygame.Rect(round(home[0]), round(home[1]), layout.card_w, layout.card_h)
    assert pygame.Rect(marks[0].box) == card and pygame.Rect(d.table.note.card) == card
    assert not marks[0].rect.collidepoint(target)  # not at the drop
    d.settle()  # the shake is over, the card is home
    ink = pygame.mask.from_surface(marks[0].image).get_bounding_rects()
    drawn = ink[0].unionall(ink[1:]).move(marks[0].rect.topleft)
    out = drawn.right - card.right
    assert out > 0 and card.x - drawn.x == out and drawn.bottom - card.bottom == out  # aligned to the card
    assert drawn.top == card.top  # the strip of the 4 under it stays clear
    d.wait(NOTE_MS - 800)  # it stays with the reason beside it
    assert marks[0].alive() and said_at_card(d) == translate("rule.alternate-colors", "en")
    d.wait(500)
    assert not d.table.refused_marks and not marks[0].alive() and told(d) is None


def test_a_refused_tap_shows_at_the_card(driver_for):
    d = driver_for(easy_harp([["8S"], ["7H"]]))
    at = d.card_center(C(2))
    d.click(at)
    d.wait(400)  # the double-tap window passes: the refusal is told
    assert len(d.table.refused_marks) == 1 and d.table.refused_marks[0].rect.collidepoint(at)


def test_a_press_while_cards_are_still_held_sends_them_home_first(driver_for):
    """The release of a drag can be lost (let go outside the window): the
    next press finds the card still held where it was dragged. It goes home
    before the new press picks up cards, so a run picked from under it is
    one run again (the UI fuzz: a drop of a 9 with its 8 held far above it
    made an outline of negative height, and the frame failed)."""
    foundations = [[r + s for r in "A23456789TJQK"] for s in "SHDC"]
    foundations[0] = foundations[0][:7]  # spades up to the 7
    foundations[1] = foundations[1][:-1]  # hearts up to the queen
    d = driver_for({"game": "eight-off", "variant": "C8", "deal": None, "columns": [["9S", "8S"], ["KH"]] + [[]] * 6,
                    "foundations": foundations, "cells": ["TS", "JS", "QS", "KS"] + [None] * 4})
    eight = d.table.cards[C(1)][-1]
    home = (eight.x, eight.y)
    d.press(d.card_center(C(1)))
    for y in (200, 100, 10):  # dragged up to the top, and the release never comes
        d.post(pygame.MOUSEMOTION, pos=(d.card_center(C(1))[0], y), rel=(0, 0), buttons=(1, 0, 0))
        d.run(1)
    assert eight.lifted and eight.y < home[1]
    d.press(d.card_center(C(1), row=0))  # the 9 and the 8 on it
    assert not eight.lifted and (eight.x, eight.y) == home
    d.drag(d.card_center(C(1), row=0), d.card_center(C(2)))  # onto the king of hearts: refused
    assert d.game.position.columns[0] == cards("9S", "8S")
    marks = d.table.refused_marks
    assert marks and all(m.rect.w > 0 and m.rect.h > d.table.layout.card_h for m in marks)
