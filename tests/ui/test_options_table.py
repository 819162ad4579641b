"""A table of your own (issue 40, item 8), in Options: card backs and
felts drawn in code, each shown as a small picture in its tile; the clock
hidden without the bar moving; the sound off or at one of five volumes,
by thumb and by keyboard, at the mixer's real volume; reduced motion. The
choices apply at once, are kept, and come back after a restart."""

import pygame
import pytest

from game.engine import Pile
from game.i18n import LANGUAGES
from game.persistence.settings import CARD_BACKS, FELTS, Settings
from game.persistence.storage import FileStorage
from game.ui.dialogs.options import OFF, VOLUMES, OptionsDialog
from game.ui.dialogs.widgets import Step, Swatch
from game.ui.drawing import backs, felt
from game.ui.drawing.cardart import card_art
from game.ui.drawing.layout import TOUCH
from game.ui.launch import build_app

from .conftest import FakeClock, click_widget, play_time
from .positions import easy_harp
from .test_dialog_thumbs import app_at
from .thumbs import in_view, measure_scene

C = lambda i: Pile("c", i - 1)  # noqa: E731


def options(app) -> OptionsDialog:
    app.open_options()
    dialog = app.top()
    assert isinstance(dialog, OptionsDialog)
    app.frame()
    return dialog


def widget(dialog, label):
    return next(w for w in dialog.widgets if getattr(w, "label", None) == label)


def swatches(dialog, group):
    return [w for w in dialog.widgets if isinstance(w, Swatch) and w.group == group]


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


# ---- the tiles ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_tiles_on_an_upright_phone(lang):
    """390x844: one column of tiles, a picture for every back and felt, the
    sound's steps and every control a thumb's size, the way out in view."""
    app = app_at((390, 844), lang)
    dialog = options(app)
    assert dialog.columns() == 1
    assert len({box.x for _, box in dialog.tiles}) == 1
    assert [w.label for w in swatches(dialog, "card_back")] == [f"ui.options.back.{b}" for b in CARD_BACKS]
    assert [w.label for w in swatches(dialog, "felt")] == [f"ui.options.felt.{f}" for f in FELTS]
    steps = [w for w in dialog.widgets if isinstance(w, Step)]
    assert len(steps) == 1 + len(VOLUMES)
    for w in dialog.widgets:
        assert w.box.w >= TOUCH and w.box.h >= TOUCH, (w.label, w.box)
        assert 0 <= w.box.x and w.box.right <= dialog.pw
    assert measure_scene(app, dialog, "options").scrolled == {}


def test_two_columns_on_a_laptop_all_in_view():
    """1366x768: two columns of tiles, the whole dialog in view (no scroll)."""
    app = app_at((1366, 768))
    dialog = options(app)
    assert dialog.columns() == 2 and dialog.view_h == dialog.ph
    for w in dialog.widgets:
        assert in_view(app, dialog, w.box) is not None, w.label


def test_the_table_draws_every_design_the_settings_keep():
    """The settings (which may not import the window) name the designs;
    the drawing draws exactly those, the first of each the default."""
    assert tuple(backs.BACKS) == CARD_BACKS and backs.DEFAULT == CARD_BACKS[0] == Settings().card_back
    assert tuple(felt.FELTS) == FELTS and felt.DEFAULT == FELTS[0] == Settings().felt
    assert Settings().volume in VOLUMES


def test_each_back_and_felt_is_its_own_picture():
    """Every back is drawn in its own colour and pattern (no two alike),
    and its swatch shows that back; so do the felts."""
    art = [card_art(60, 84, back=name).back() for name in CARD_BACKS]
    assert len({pixels(image) for image in art}) == len(CARD_BACKS) >= 3
    for name, image in zip(CARD_BACKS, art):
        middle = image.get_at((30, 20))[:3]  # the pattern's ground, in its colour
        ground = backs.BACKS[name].ground
        assert max(abs(a - b) for a, b in zip(middle, ground)) < 90, name
    felts = [felt.felt_swatch(name, 80, 60, 8) for name in FELTS]
    assert len({pixels(image) for image in felts}) == len(FELTS) >= 3
    dark = [sum(felt.FELTS[name].middle) for name in FELTS]
    assert min(dark) == sum(felt.FELTS["night"].middle) < 160  # one dark felt for the evening
    app = app_at((390, 844))
    dialog = options(app)
    shown = dialog.drawn()
    for w in swatches(dialog, "card_back") + swatches(dialog, "felt"):
        area = shown.subsurface(pygame.Rect(w.box)).copy()
        picture = w._picture[1]
        assert picture.get_width() <= w.box.w and picture.get_height() <= w.box.h
        centre = area.get_at((w.box.w // 2, w.box.h // 2))
        assert centre == picture.get_at((picture.get_width() // 2, picture.get_height() // 2)), w.label


# ---- the choices apply at once -------------------------------------------------------------------


def test_a_back_chosen_turns_every_face_down_card_at_once(driver_for):
    d = driver_for("EH1-N-AAAAAAF")
    stock = d.table.cards[Pile("s")][-1]
    before = pixels(stock.image)
    dialog = options(d.app)
    click_widget(d.app, dialog, widget(dialog, "ui.options.back.waves"))
    assert d.app.settings.card_back == "waves" and d.table.art.back_style == "waves"
    assert pixels(stock.image) != before
    assert pixels(stock.image) == pixels(d.table.art.image(None, False))
    assert widget(dialog, "ui.options.back.waves").selected
    assert not widget(dialog, "ui.options.back.lattice").selected


def test_a_felt_chosen_colours_the_table_and_its_bar(driver_for):
    d = driver_for("EH1-N-AAAAAAF")
    dialog = options(d.app)
    click_widget(d.app, dialog, widget(dialog, "ui.options.felt.night"))
    assert d.app.settings.felt == "night"
    night = felt.FELTS["night"]
    middle = d.app.background.get_at((d.app.width // 2, d.app.height - 30))[:3]
    assert max(abs(a - b) for a, b in zip(middle, night.middle)) < 24
    assert d.table.bar.image.get_at((2, 2))[:3] == night.bar
    assert d.table.buttons["undo"].button.palette == (night.button, night.hover, night.pressed)


@pytest.mark.parametrize("size", [(1280, 720), (844, 390), (390, 844)])
def test_the_clock_hidden_keeps_the_bar_as_it_is(driver_for, size):
    """The time goes from the bar; the name, the code, the score and the
    moves stay exactly where they were (on a phone on its side too, where
    the figures end at the bar's right), and the passing seconds redraw
    nothing."""
    d = driver_for("EH1-N-AAAAAAF", size=size)
    assert d.table.play("draw").ok  # the clock runs from the first move
    play_time(d.app, d.clock, 3200)
    bar = d.table.bar
    before = {text.split("   ")[0]: rect for text, rect in bar.placed}
    assert any("0:03" in text for text, _ in bar.placed)
    d.app.change_setting("hide_clock", True)
    d.app.frame()
    after = {text.split("   ")[0]: rect for text, rect in bar.placed}
    assert not any(":" in text for text, _ in bar.placed)
    assert set(after) == set(before)
    for text, rect in after.items():
        assert rect.topleft == before[text].topleft and rect.h == before[text].h, text
    drawn = []
    for _ in range(20):
        d.clock.t += 250
        drawn += d.app.frame()
    assert d.app.session.elapsed_ms >= 7000  # the time still counts
    assert not any(bar.rect.colliderect(r) for r in drawn)
    d.app.change_setting("hide_clock", False)
    d.app.frame()
    assert any("0:0" in text for text, _ in bar.placed)


# ---- the sound ----------------------------------------------------------------------------------



def test_the_volume_by_keyboard_reaches_the_mixer(driver_for, mixer):
    """Tab to the sound's steps, the arrows choose: the setting, and the
    volume the mixer plays each sound at, follow; Off is silence."""
    d = driver_for(easy_harp([["8S"], ["7H"]]))
    sounds = d.app.sound
    sounds.unlock()
    dialog = options(d.app)
    steps = [w for w in dialog.widgets if isinstance(w, Step)]
    assert [w.selected for w in steps] == [False, False, False, True, False, False]  # 60 %, as before
    for _ in range(len(dialog.widgets)):
        if dialog.key_focus is steps[3]:
            break
        d.key(pygame.K_TAB)
    d.key(pygame.K_RIGHT)
    assert d.app.settings.volume == 80 and steps[4].selected
    assert sounds.played[-1] == "place"  # heard at once
    assert sounds.cache["place"].get_volume() == pytest.approx(0.8, abs=0.01)
    d.key(pygame.K_RIGHT)
    assert d.app.settings.volume == 100
    d.key(pygame.K_RIGHT)  # round the row: Off
    assert d.app.settings.sound is False and d.app.settings.volume == 100 and steps[0].selected
    heard = list(sounds.played)
    d.key(pygame.K_ESCAPE)
    d.drag(d.card_center(C(2)), d.card_center(C(1)))
    assert sounds.played == heard  # silent
    dialog = options(d.app)
    click_widget(d.app, dialog, [w for w in dialog.widgets if isinstance(w, Step)][1])
    assert d.app.settings.sound is True and d.app.settings.volume == 20
    assert sounds.cache["place"].get_volume() == pytest.approx(0.2, abs=0.01)


def test_a_volume_between_the_steps_shows_the_nearest():
    app = app_at((1280, 720))
    app.settings.volume = 55
    dialog = options(app)
    assert [choice for choice, w in dialog.choices["volume"] if w.selected] == [60]
    app.pop(dialog)
    app.settings.sound = False
    dialog = options(app)
    assert [choice for choice, w in dialog.choices["volume"] if w.selected] == [OFF]


# ---- reduced motion ----------------------------------------------------------------------------


def test_reduce_motion_puts_cards_in_place_at_once(driver_for):
    d = driver_for(easy_harp([["8S"], ["7H"]], stock=["#5D", "#6C"]), settings=Settings(reduce_motion=True))
    assert d.table.play("c2>c1").ok
    assert not d.table.moving  # no glide
    moved = d.table.cards[C(1)][-1]
    assert (moved.x, moved.y) == d.table.card_places(C(1), 2)[1]  # at its place already
    d.table.deal()
    assert not d.table.moving  # no deal stagger
    assert not d.table.play("c1>c2").ok  # refused (a 7 into an empty column): the outline stays still
    mark = d.table.refused_marks[-1]
    home = mark.rect.topleft
    for _ in range(5):
        d.wait(40)
        assert mark.rect.topleft == home
    d.app.change_setting("reduce_motion", False)
    assert d.table.play("draw").ok
    assert d.table.moving  # glides again


# ---- kept -----------------------------------------------------------------------------------------


def test_the_table_comes_back_after_a_restart(tmp_path):
    """Chosen in the dialog, the choices are kept (the data folder is the
    test's own) and the next start draws the same table."""
    def start():
        app = build_app(["--size", "390x844", "--deal", "EH1-N-AAAAAAF"], storage=FileStorage(tmp_path / "data"),
                        headless=True, now=FakeClock())
        pygame.event.clear()
        app.frame()
        return app

    first = start()
    dialog = options(first)
    for label in ("ui.options.back.squares", "ui.options.felt.red"):
        click_widget(first, dialog, widget(dialog, label))
    dialog.toggle = widget(dialog, "ui.options.hide_clock")
    dialog.set_key_focus(dialog.toggle)
    click_widget(first, dialog, dialog.toggle)
    first.dispatch(pygame.event.Event(pygame.QUIT))
    again = start()
    s = again.settings
    assert (s.card_back, s.felt, s.hide_clock, s.reduce_motion) == ("squares", "red", True, False)
    assert again.table.art.back_style == "squares"
    assert again.table.bar.image.get_at((2, 2))[:3] == felt.FELTS["red"].bar
    assert not any(":" in text for text, _ in again.table.bar.placed)
