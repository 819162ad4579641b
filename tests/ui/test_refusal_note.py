"""The reason at the card (issue 33, item 2; issue 41, item 2): a refused
drop, tap or key says its rule in a note beside the refused cards, measured
from the sprites as drawn: wholly on the window near each of its edges,
never over the refused cards where they lie once home (where the red
outline is), the stock and the waste, or the pile they were refused on;
both stay until the next touch or key (else ``NOTE_MS``) and redraw nothing
while they stay; the status line keeps its own job."""

import pygame
import pytest

from game.engine import Game, Pile, Position
from game.i18n import translate
from game.persistence.settings import Settings
from game.ui.table.sprites import FADE_MS, NOTE_MS, SHAKE_MS

from .conftest import Driver
from .geometry import SIZES as MATRIX
from .positions import easy_harp
from .refusals import note_overlaps

C = lambda i: Pile("c", i - 1)  # noqa: E731
DEAL = "EH1-N-AAAAAAF"
SIZES = [(390, 844), (844, 390), (360, 640), (1366, 768), (2560, 1440)]


def top_of(d: Driver, pile: Pile) -> tuple[int, int]:
    box = d.table.cards_box(pile)
    return (box.x + box.w // 2, box.y + 10)


def drops(d: Driver):
    """(name, from, to): a drag let go near each edge of the window, each refused on the opening deal."""
    layout = d.table.layout
    found = max((b for p, b in layout.piles.items() if p.kind == "f"), key=lambda b: (b.right, -b.y))
    waste = layout.piles[Pile("w")]
    low = layout.columns_bottom - 20
    return [
        ("left", top_of(d, C(2)), top_of(d, C(1))),
        ("right", top_of(d, C(1)), top_of(d, C(9))),
        ("top left", top_of(d, C(2)), (waste.x + waste.w // 2, waste.y + 10)),
        ("top right", top_of(d, C(2)), (found.x + found.w // 2, found.y + 10)),
        ("bottom left", top_of(d, C(3)), (layout.piles[C(1)].center[0], low)),
        ("bottom right", top_of(d, C(1)), (layout.piles[C(9)].center[0], low)),
    ]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "vi", "hu"])
def test_the_reason_shows_beside_the_refused_card_near_every_edge(size, lang):
    """Each drop near an edge and a tap: the note on the window, off the
    cards where they were let go, beside them (nearer to them than to the
    rest of the window), its words on the screen, and the outline there."""
    for name, start, end in drops(Driver(Game.from_deal(DEAL), size=size, settings=Settings(lang=lang))) + [("tap", None, None)]:
        d = Driver(Game.from_deal(DEAL), size=size, settings=Settings(lang=lang))
        before = d.game.position.to_dict()
        if start is None:
            d.click(d.card_center(C(1)))
            d.wait(400)  # the double-tap window passes
        else:
            d.drag(start, end)
        assert d.game.position.to_dict() == before, name  # refused
        note, window = d.table.note, pygame.Rect(0, 0, *size)
        assert note.visible and note.text, name
        card = pygame.Rect(note.card)
        assert window.contains(note.rect), (name, note.rect)
        assert not note.rect.colliderect(card.clip(window)), (name, note.rect, card)
        gap = max(card.left - note.rect.right, note.rect.left - card.right, card.top - note.rect.bottom,
                  note.rect.top - card.bottom)
        assert gap <= max(12, round(12 * d.table.layout.scale)), (name, gap)  # beside it
        marks = d.table.refused_marks
        assert len(marks) == 1 and pygame.Rect(marks[0].box) == card, name
        if start is not None:  # where the cards went back to, not where they were let go
            assert card.collidepoint(start) and not card.collidepoint(end), name
        d.settle()
        shown = pygame.image.tobytes(d.app.screen.subsurface(note.rect), "RGB")
        felt = pygame.image.tobytes(d.app.background.subsurface(note.rect), "RGB")
        assert shown != felt, name  # drawn there, above the table


def refused_drag(d: Driver) -> None:
    d.drag(d.card_center(C(2)), d.card_center(C(1)))
    assert d.table.note.visible and d.table.refused_marks


def eh() -> Driver:
    return Driver(Game(Position.from_dict(easy_harp([["8S"], ["7C"], ["5H"]]))), size=(390, 844))


def test_the_reason_stays_at_least_four_seconds_and_goes_at_the_next_touch():
    d = eh()
    refused_drag(d)
    mark = d.table.refused_marks[0]
    d.wait(4000)
    assert d.table.note.visible and mark.alive()
    assert d.table.note.text == translate("rule.alternate-colors", "en")
    d.press((5, d.table.layout.columns_bottom - 5))  # a touch on the felt, anywhere
    assert not d.table.note.visible and not mark.alive() and not d.table.refused_marks
    d.release((5, d.table.layout.columns_bottom - 5))


def test_a_key_takes_the_reason_away_and_with_no_touch_it_goes_after_its_time():
    d = eh()
    refused_drag(d)
    d.key(pygame.K_RIGHT)
    assert not d.table.note.visible and not d.table.refused_marks
    refused_drag(d)
    d.wait(NOTE_MS - FADE_MS - 10)
    assert d.table.note.visible
    d.wait(FADE_MS + 20)
    assert not d.table.note.visible and not d.table.refused_marks


def test_a_new_refusal_replaces_the_last_one():
    d = eh()
    refused_drag(d)
    d.drag(d.card_center(C(3)), d.card_center(C(1)))  # the 5 of hearts on the 8 of spades: refused too
    assert len(d.table.refused_marks) == 1
    assert d.table.note.text == translate("rule.one-rank-lower", "en")


def test_a_reason_that_stays_redraws_nothing_until_it_fades():
    """Idle means idle: after the outline's shake, frames redraw nothing
    while the note and the outline stay; only the fade at the end draws."""
    d = eh()
    refused_drag(d)
    d.wait(SHAKE_MS + 200)  # the shake and the glide home are over
    d.run(1)
    for _ in range(10):
        d.wait(300)
        assert d.app.last_dirty == [], d.app.last_dirty
    assert d.table.note.visible
    d.clock.t = d.table.note.shown_at + NOTE_MS - FADE_MS // 2
    d.run(1)
    assert d.app.last_dirty  # fading


def test_the_status_line_keeps_its_own_job():
    """The status line (what a screen reader hears, natively on screen)
    keeps "Refused: ..." without showing it over the note's words, shows
    the next announcement in its own place, and says "Refused." with
    Interactive rules off, where no reason is shown."""
    d = eh()
    status = d.table.status
    refused_drag(d)
    assert status.text == "Refused: " + translate("rule.alternate-colors", "en") and not status.visible
    assert not d.table.banner.visible  # the bottom pill is not the refusal's place any more
    d.drag(d.card_center(C(3)), (d.card_center(C(3))[0], d.card_center(C(3))[1] + 3))  # a press: the note goes
    d.app.announcer.say("Something else was said.")
    d.run(1)
    assert status.visible and status.rect.colliderect(pygame.Rect(d.table.layout.status))
    d.app.change_setting("interactive_rules", False)
    d.drag(d.card_center(C(2)), d.card_center(C(1)))
    assert not d.table.note.visible and d.table.refused_marks  # the outline alone
    assert status.visible and status.text == translate("say.refused_plain", "en")


def test_a_refusal_with_no_card_says_its_rule_on_the_banner():
    d = eh()
    d.table.undo()  # nothing to undo: no card to show it at
    d.run(1)
    assert not d.table.note.visible and d.table.banner.visible
    assert d.table.banner.text == translate("rule.nothing-to-undo", "en")


def test_a_pressed_face_down_card_shows_its_refusal_at_the_card():
    d = Driver(Game.from_deal(DEAL), size=(390, 844))
    at = d.card_center(C(9), 0)  # the bottom card of column 9 lies face down
    d.press(at)
    note = d.table.note
    assert note.visible and note.text == translate("rule.face-down", "en")
    assert pygame.Rect(note.card).collidepoint(at) and not note.rect.colliderect(pygame.Rect(note.card))
    d.release(at)


@pytest.mark.parametrize("lang", ["en", "vi", "hu"])
@pytest.mark.parametrize("size", MATRIX, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_reason_keeps_clear_of_the_cards_the_stock_and_the_pile_tried(size, lang):
    """Issue 41: at every size of the layout matrix, in every language, on
    both games' opening deals (drags let go near each edge and on every kind
    of pile, a tap, a pressed face-down card), the note covers not a pixel
    of the refused cards where they lie once home, the stock, the waste or
    the pile the cards were refused on (``refusals.keep_clear``; the
    matrix's ``note`` column prints the same)."""
    d = Driver(Game.from_deal(DEAL), size=size, settings=Settings(lang=lang))

    def start(game: Game) -> None:
        d.app.start_game(game, animate=False)
        d.run(1)

    found = note_overlaps(d.app, d.wait, start)
    assert len(found) == 16 and [f for f in found if f[1]] == []
