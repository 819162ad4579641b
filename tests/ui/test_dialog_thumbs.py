"""Dialogs for thumbs (issue 33, item 3), measured as they are laid out and
drawn: every control's tap area at least TOUCH (44) px each way and drawn
as a control, dialog texts at least 12 px on a phone, and the way out and
the main actions in view without a scroll at 390x844, 844x390 and 360x640
(a fixed head and foot, the body scrolls between them), the deal-code
field a scroll away at most."""

import pygame
import pytest

from game.i18n import CATALOGUES
from game.persistence.storage import MemoryStorage
from game.ui.dialogs.new_game import NewGameDialog
from game.ui.dialogs.options import OptionsDialog
from game.ui.dialogs.widgets import Toggle
from game.ui.drawing import fonts, theme
from game.ui.drawing.layout import TOUCH
from game.ui.launch import build_app

from .conftest import FakeClock
from .geometry import SIZES
from .thumbs import dialog_states, in_view, measure_app, measure_scene

PHONES = [(390, 844), (844, 390), (360, 640)]
LANGS = list(CATALOGUES)


def app_at(size, lang="en", deal="EH1-N-AAAAAAF"):
    app = build_app(["--lang", lang, "--size", f"{size[0]}x{size[1]}", "--deal", deal], storage=MemoryStorage(),
                    headless=True, now=FakeClock())
    pygame.event.clear()
    app.frame()
    return app


def post(app, kind, **attrs) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))
    app.frame()


def click(app, pos) -> None:
    post(app, pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(app, pygame.MOUSEBUTTONUP, pos=pos, button=1)


def pixels(surface: pygame.Surface, box) -> bytes:
    return pygame.image.tobytes(surface.subsurface(pygame.Rect(box)), "RGB")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_control_is_a_thumbs_width_and_no_action_needs_a_scroll(size, lang):
    """Over the table's buttons and every dialog in each of its states, as
    laid out: no tap area under 44 px either way; no dialog's way out or
    main action out of view until it is scrolled."""
    found = measure_app(app_at(size, lang))
    assert found.least is not None and found.least[0] >= TOUCH, found.least
    assert found.scrolled == {}


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_actions_show_where_they_are_drawn_and_stay_there_while_the_body_scrolls(size):
    """In each dialog state, each action's pixels on the screen are the
    widget as the panel draws it; the body scrolled to its end (the wheel)
    leaves them exactly so; the body did move."""
    scrolled = 0
    for lang in LANGS:
        app = app_at(size, lang)
        for name in dialog_states(app):
            scene = app.top()
            whole = scene.drawn()
            for w in scene.actions():
                shown = in_view(app, scene, w.box)
                assert shown is not None, (lang, name, w.label)
                assert pixels(app.screen, shown) == pixels(whole, w.box), (lang, name, w.label)
            if scene.view_h < scene.ph and scene.pinned:
                before = [pixels(app.screen, in_view(app, scene, w.box)) for w in scene.actions()]
                body_top = scene.box.y + scene.body_view()[0]
                look = pixels(app.screen, (scene.box.x, body_top, scene.pw, scene.px(40)))
                for _ in range(3):
                    post(app, pygame.MOUSEWHEEL, x=0, y=-100, flipped=False)
                assert scene.pan == scene.ph - scene.view_h, (lang, name)
                assert [pixels(app.screen, in_view(app, scene, w.box)) for w in scene.actions()] == before
                assert pixels(app.screen, (scene.box.x, body_top, scene.pw, scene.px(40))) != look, (lang, name)
                scene.pan_to(0)
                app.frame()
                scrolled += 1
    assert scrolled  # some dialogs scroll here


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_close_is_a_tap_away_in_every_dialog_even_scrolled(size):
    """Scrolled to the end of its body or not, a tap where Close (OK, No,
    Same deal) shows closes the dialog."""
    app = app_at(size, "hu")
    app.play.persistence.stats.record("easy-harp", "N", won=True, seconds=300, score=900)
    for open_it, way_out in ((app.open_new_game, "ui.close"), (app.open_options, "ui.close"),
                             (app.open_stats, "ui.close"), (app.open_rules, "ui.close"),
                             (lambda: app.show_notices(["notice.storage_off", "notice.save_failed"]), "ui.ok")):
        for scroll in (False, True):
            open_it()
            dialog = app.top()
            app.frame()
            if scroll:
                for _ in range(3):
                    post(app, pygame.MOUSEWHEEL, x=0, y=-100, flipped=False)
            button = next(w for w in dialog.widgets if getattr(w, "label", None) == way_out)
            shown = in_view(app, dialog, button.box)
            assert shown is not None, (open_it, scroll)
            click(app, shown.center)
            assert dialog not in app.scenes, (open_it, scroll)


@pytest.mark.parametrize("size", [(844, 390), (640, 360)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_deal_code_field_is_reachable_and_plays_its_code(size):
    """On a phone on its side the deal code's field is below the fold: a
    drag on the body brings it up, a tap focuses it, the code typed plays
    with Play, which shows beside it."""
    app = app_at(size)
    app.open_new_game()
    dialog = app.top()
    assert isinstance(dialog, NewGameDialog)
    app.frame()
    field = dialog.field
    top, bottom = dialog.body_view()
    x = dialog.box.x + dialog.pw // 2
    y0 = dialog.box.y + bottom - dialog.px(10)
    assert in_view(app, dialog, field.box) is None  # below the fold
    # a finger drags the body up from a place off the widgets
    free = next(y for y in range(y0, dialog.box.y + top, -2)
                if not any(w.box.contains(*dialog.local((x, y))) for w in dialog.widgets))
    post(app, pygame.MOUSEBUTTONDOWN, pos=(x, free), button=1)
    post(app, pygame.MOUSEMOTION, pos=(x, dialog.box.y + top), rel=(0, 0), buttons=(1, 0, 0))
    post(app, pygame.MOUSEBUTTONUP, pos=(x, dialog.box.y + top), button=1)
    shown = in_view(app, dialog, field.box)
    assert shown is not None
    click(app, shown.center)
    assert field.focused
    for ch in "EO1-C4-AAAAAFA":
        post(app, pygame.TEXTINPUT, text=ch)
    play = in_view(app, dialog, dialog.play_button.box)
    assert play is not None and dialog.play_button.enabled
    click(app, play.center)
    assert dialog not in app.scenes
    assert app.session.game.position.deal == "EO1-C4-AAAAAFA"


@pytest.mark.parametrize("size", [(844, 390), (640, 360), (360, 640)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_keys_scroll_each_widget_into_the_body_between_the_head_and_the_foot(size):
    """Tab through Options and New game: each widget the focus ring goes
    to is wholly in view (the body scrolls to it, the head and foot stay)."""
    app = app_at(size)
    for open_it in (app.open_options, app.open_new_game):
        open_it()
        dialog = app.top()
        app.frame()
        for _ in range(len(dialog.focusable()) + 1):
            post(app, pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0)
            focus = dialog.key_focus or next(w for w in dialog.widgets if getattr(w, "focused", False))
            assert in_view(app, dialog, focus.box) is not None, focus
        app.pop(dialog)


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_dialog_texts_are_at_least_12_px_on_a_phone(size):
    """Every text a dialog draws (through the fitting functions, which
    note each one) is at least 12 px at the phones' sizes, in every
    language, in every state."""
    small = set()
    for lang in LANGS:
        fonts.FIT_LOG = []
        try:
            app = app_at(size, lang)
            for name in dialog_states(app):
                for text, _width, _room, px, _extra in fonts.FIT_LOG:
                    if px < 12:
                        small.add((lang, name, text, px))
                fonts.FIT_LOG.clear()
        finally:
            fonts.FIT_LOG = None
    assert small == set()


def ink_box(surface: pygame.Surface, box, color) -> pygame.Rect | None:
    """The bounding box of the pixels of ``color`` within ``box``."""
    area = surface.subsurface(pygame.Rect(box))
    mask = pygame.mask.from_threshold(area, color, (2, 2, 2, 255))
    rects = mask.get_bounding_rects()
    if not rects:
        return None
    out = rects[0].unionall(rects[1:])
    return out.move(box[0], box[1])


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_switch_is_drawn_as_a_control(size):
    """An option's switch, measured from the drawn panel: its track at
    least 40 x 24 px (about 30 x 16 before), the whole row a tile at least
    44 px tall, On / Off beside the switch at 14 px or more."""
    app = app_at(size)
    app.change_setting("interactive_rules", True)
    app.change_setting("four_color", False)
    fonts.FIT_LOG = []
    try:
        app.open_options()
        dialog = app.top()
        assert isinstance(dialog, OptionsDialog)
        whole = dialog.drawn()
        states = [(text, px) for text, _w, _r, px, _e in fonts.FIT_LOG if text in ("On", "Off")]
    finally:
        fonts.FIT_LOG = None
    toggles = {w.label: w for w in dialog.widgets if isinstance(w, Toggle)}
    on, off = toggles["ui.options.interactive"], toggles["ui.options.four_color"]
    assert on.value and not off.value
    for toggle, ink in ((on, theme.BUTTON), (off, (178, 178, 170))):
        assert toggle.box.h >= TOUCH and toggle.box.w >= 5 * TOUCH
        track = ink_box(whole, toggle.box, ink)
        assert track is not None and track.w >= 40 and track.h >= 24, track
        assert whole.get_at((toggle.box.x + 2, toggle.box.center[1]))[:3] != theme.PANEL  # the row is a tile
    assert states and min(px for _, px in states) >= 14


def test_a_resized_window_lays_the_head_and_foot_out_again():
    """Options opened on a laptop window fits it whole; turned into a
    phone on its side it keeps Close and Statistics in view, its toggles
    sized for the new width."""
    app = app_at((1366, 768))
    app.open_options()
    dialog = app.top()
    app.frame()
    assert dialog.view_h == dialog.ph and measure_scene(app, dialog, "options").scrolled == {}
    app.resize(844, 390)
    app.frame()
    assert dialog.view_h < dialog.ph and dialog.pinned
    assert measure_scene(app, dialog, "options").scrolled == {}
    assert all(w.box.h >= TOUCH for w in dialog.widgets)
