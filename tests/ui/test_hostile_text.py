"""Odd text typed into the New game code field, and odd text drawn (a
player may type or paste anything): the field keeps only what it can show,
drawing never raises."""

import pygame
import pytest

from game.ui.dialogs.new_game import NewGameDialog

from game.ui.dialogs.win import WinScene
from game.ui.drawing.fonts import fit_text, font, text, wrap
from game.ui.drawing.textin import MAX_FIELD_CHARS, clean

from .conftest import start_app

ODD = ["\x00", "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u202e", "\u2066", "\ud800", "\udfff",
       "\x1b", "\x7f", "\u2028", "\u2029", "\U000e0001", "\ue000"]


@pytest.mark.parametrize("odd", ODD)
def test_an_odd_character_typed_in_the_code_field_is_dropped_and_the_dialog_keeps_drawing(odd):
    app = start_app("--deal", "EH1-N-AAAAAAF")
    app.open_new_game()
    app.frame()
    dialog = app.top()
    assert isinstance(dialog, NewGameDialog)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=odd))
    app.frame()  # raised before: NUL, zero width, surrogate
    assert dialog.field.text == ""
    for ch in "eh1" + odd + "-n-aaaaaaf":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.frame()
    assert dialog.field.text == "eh1-n-aaaaaaf" and dialog.code_ok
    app.draw()


def test_the_field_is_capped_whatever_arrives_at_once():
    app = start_app("--deal", "EH1-N-AAAAAAF")
    app.open_new_game()
    app.frame()
    dialog = app.top()
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="x" * 100_000))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="y" * 10))
    app.frame()
    assert len(dialog.field.text) == dialog.field.max_len and set(dialog.field.text) == {"x"}


def test_clean_drops_control_format_and_surrogate_characters_and_caps():
    assert clean("E\x00H\u200b1\u202e-\ud800N\ufeff") == "EH1-N"
    assert clean("ő Ư ✓ 7♠") == "ő Ư ✓ 7♠"  # letters and symbols stay
    assert clean("a" * 1000) == "a" * MAX_FIELD_CHARS
    assert clean("abc", 0) == "" and clean(None) == ""


@pytest.mark.parametrize("odd", ["", *ODD, "a\x00b", "a\ud800b", "\u200b" * 50, b"bytes", None])
def test_text_drawing_never_raises_on_odd_text(odd):
    surf = font(20).render(odd, True, (0, 0, 0))
    assert surf.get_height() > 0
    if odd in ("", None, "\x00", "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u202e", "\u200b" * 50):
        assert surf.get_width() == 0  # nothing to draw: an empty surface
    assert font(20).size(odd)[1] > 0
    if isinstance(odd, str):
        text(odd, 20, (0, 0, 0))
        fit_text(odd, 20, (0, 0, 0), 100)
        wrap(odd, 20, 100)


# ---- item 15: extreme but legal values never overlap in the win panel ------------------------


@pytest.mark.parametrize("size", ["1280x720", "720x1280", "640x480"])
@pytest.mark.parametrize("lang", ["en", "vi", "hu"])
def test_the_win_panel_keeps_extreme_values_apart(size, lang):
    from game.persistence.savegame import MAX_SECONDS
    from .positions import near_won_easy_harp

    pos = dict(near_won_easy_harp(), score=10**9 - 10, moves=10**9 - 1)
    app = start_app("--size", size, "--lang", lang)
    from game.engine import Game, Position

    app.start_game(Game(Position.from_dict(pos)), animate=False)
    app.session.elapsed_ms = MAX_SECONDS * 1000  # the longest time a saved game may hold
    app.session.game.play("c1>f")
    app.open_win()
    app.frame()
    win = app.top()
    assert isinstance(win, WinScene)
    win.redraw()
    texts = [t for t, _ in win.placed]
    assert "1000000000" in texts and any(t.count(":") == 2 for t in texts)
    inner = pygame.Rect(0, 0, win.pw, win.ph)
    for i, (text_a, a) in enumerate(win.placed):
        assert inner.contains(a), text_a
        for text_b, b in win.placed[i + 1:]:
            assert not a.colliderect(b), (text_a, text_b)


@pytest.mark.parametrize("lang", ["en", "vi", "hu"])
def test_the_top_bar_keeps_extreme_values_apart_at_every_size(lang):
    """A billion points and moves and the longest time a save may hold: the
    bar's texts stay on the surface, off the buttons and off each other."""
    from game.engine import Game, Position
    from game.persistence.savegame import MAX_SECONDS
    from game.persistence.storage import MemoryStorage
    from game.ui.launch import build_app

    from .conftest import FakeClock
    from .geometry import SIZES, problems
    from .positions import near_won_eight_off

    found = []
    for size in SIZES:
        app = build_app(["--lang", lang, "--size", f"{size[0]}x{size[1]}", "--deal", "EO1-C2-AAAAAFA"],
                        storage=MemoryStorage(), headless=True, now=FakeClock())
        pygame.event.clear()
        pos = dict(near_won_eight_off(2), score=10**9, moves=10**9, deal=None)
        app.start_game(Game(Position.from_dict(pos)), animate=False)
        app.session.elapsed_ms = MAX_SECONDS * 1000
        app.table.update_bar()
        app.frame()
        assert any("1000000000" in text for text, _ in app.table.bar.placed)
        found += [f"{size}: {p}" for p in problems(app) if "text" in p]
    assert found == []
