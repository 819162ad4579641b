"""Messages that go: the status line fades after a few seconds, and the
table's messages and the hint's marks go when a dialog opens, a drag starts,
the table is laid out anew or an option changes; the clock stops while a
dialog covers the table."""

import pygame

from game.engine import Game, Pile, Position
from game.ui.table.sprites import NOTE_MS, STATUS_MS

from .conftest import Driver
from .positions import easy_harp

C = lambda i: Pile("c", i - 1)  # noqa: E731


def refused(d: Driver) -> None:
    """A refused drag: the note at the card says the rule, the status line keeps "Refused: ..."."""
    d.drag(d.card_center(C(2)), d.card_center(C(1)))
    assert d.table.note.visible and d.table.refused_marks
    assert d.table.status.text == d.app.announcer.last and not d.table.status.visible  # not said twice


def hinted(d: Driver) -> None:
    """The hint's marks, as the hint service shows a move."""
    assert d.app.play.hints.show_move("c2>c3", "say.hint")
    d.run(1)
    assert d.table.hints.marks


def eh_driver() -> Driver:
    return Driver(Game(Position.from_dict(easy_harp([["8S"], ["7C"], ["8H"]]))))


def test_the_status_line_fades_after_a_few_seconds():
    d = Driver(Game.from_deal("EH1-N-AAAAABV"))
    assert d.table.play("c5>c4").ok
    d.run(1)
    status = d.table.status
    assert status.visible and status.text == d.app.announcer.last
    d.wait(STATUS_MS - 1000)
    assert status.visible
    d.wait(1100)
    assert not status.visible


def test_a_refusal_is_gone_after_its_time_and_does_not_come_back_on_a_resize():
    d = eh_driver()
    refused(d)
    d.wait(NOTE_MS + 100)
    assert not d.table.note.visible and not d.table.refused_marks and not d.table.status.visible
    d.app.resize(1000, 700)
    d.run(1)
    assert not d.table.note.visible and not d.table.banner.visible and not d.table.status.visible


def test_a_resize_clears_the_status_line():
    d = eh_driver()
    d.app.announcer.say("Something was said.")
    assert d.table.status.visible
    d.app.resize(1100, 700)
    d.run(1)
    assert not d.table.status.visible


def test_a_dialog_clears_the_messages_and_the_hint_marks():
    d = eh_driver()
    hinted(d)
    refused(d)
    d.app.open_options()
    d.run(1)
    assert not d.table.note.visible and not d.table.refused_marks
    assert not d.table.banner.visible and not d.table.status.visible
    assert not d.table.hints.marks and d.app.play.hints.shown is None


def test_a_drag_clears_the_hint_marks_and_the_refusal():
    d = eh_driver()
    refused(d)
    hinted(d)
    d.press(d.card_center(C(2)))
    for dy in (10, 20, 30):
        x, y = d.card_center(C(2))
        d.post(pygame.MOUSEMOTION, pos=(x, y + dy), rel=(0, 0), buttons=(1, 0, 0))
        d.run(1)
    assert not d.table.hints.marks and not d.table.note.visible and not d.table.refused_marks
    d.release(d.card_center(C(2)))


def test_an_option_change_clears_the_hint_marks():
    d = eh_driver()
    hinted(d)
    d.app.change_setting("four_color", True)
    d.run(1)
    assert not d.table.hints.marks


def test_the_clock_stops_while_a_dialog_covers_the_table():
    d = Driver(Game.from_deal("EH1-N-AAAAABV"))
    assert d.table.play("c5>c4").ok
    d.run(1)
    for open_dialog in (d.app.open_rules, d.app.open_new_game, d.app.open_options):
        open_dialog()
        before = d.app.session.elapsed_ms
        for _ in range(20):
            d.wait(200)
        assert d.app.session.elapsed_ms == before
        d.app.close_dialogs()
        d.run(1)
        before = d.app.session.elapsed_ms
        d.wait(200)
        assert d.app.session.elapsed_ms > before


def test_a_keyboard_pick_up_clears_the_hint_marks_like_a_drag():
    d = eh_driver()
    hinted(d)
    d.key(pygame.K_RIGHT)  # the keyboard in use: the focus shows
    d.key(pygame.K_RETURN)
    assert d.table.kb.held is not None
    assert not d.table.hints.marks
