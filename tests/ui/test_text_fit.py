"""No text overflows the box it is drawn in, in any language, in either
window shape: buttons, the bar, dialogs, the refusal banner, the help pages
and their examples, the statistics screen, notices.

The UI draws its texts through ``fonts.fit_text`` / ``wrap`` / ``wrap_fit``,
which note each one (the text, its rendered width with the bundled font at
the size used, and the room it had) in ``fonts.FIT_LOG`` while a test
collects them. A text fits when it is no wider than its room, needed no more
lines than its box holds, and was not shrunk below a readable size.
"""

import pygame
import pytest

from game.engine import Game, Position
from game.engine.deals import parse_code
from game.engine.errors import DealCodeError
from game.engine.rules import RULE_IDS
from game.i18n import CATALOGUES, en, rule_message, translate
from game.persistence.storage import MemoryStorage
from game.ui.dialogs.confirm import ConfirmDialog
from game.ui.drawing import fonts
from game.ui.drawing.fonts import wrap
from game.ui.launch import build_app
from game.engine import registry
from game.ui.dialogs.stats import StatsScene

from .conftest import FakeClock
from .positions import near_won_eight_off
from tests.persistence.storage_helpers import store_stats

SIZES = [(1280, 720), (720, 1280), (390, 844), (360, 640), (800, 600), (1024, 600)]
SMALLEST = 11  # px: below this a text is shrunk out of reading
BAD_CODES = ["", "EH1", "XX1-N-AAAAAAA", "EO1-C5-AAAAAAA", "EH1-N-AA1AAAA", "EH1-N-ZZZZZZZ"]


def overflows(log):
    bad = []
    for text, width, room, size, extra in log:
        if width > room or extra > 0 or size < SMALLEST:
            bad.append(f"{text!r}: {width}px in {room}px at {size}px" + (f", {extra} line(s) too many" if extra else ""))
    return sorted(set(bad))


def redraw(app):
    for scene in app.scenes[1:]:
        scene.redraw()


def visit_every_screen(app, lang):
    """Open and draw every screen and state that shows text."""
    table = app.table
    # the refusal banner, with every rule's message (numbers included)
    w = table.banner.box.w - round(40 * table.banner.s)
    size = max(13, round(18 * table.banner.s))
    for rule in RULE_IDS:
        message = rule_message(rule, lang, limit=12)
        table.banner.show(message, app.now())
        assert len(wrap(message, size, w)) <= 3, f"banner: {message!r} needs more than 3 lines"
    # New game, with every deal-code error and the confirmation
    app.open_new_game()
    dialog = app.top()
    keys = set()
    for code in BAD_CODES:
        try:
            parse_code(code)
        except DealCodeError as exc:
            keys.add(exc.key)
        dialog.field.text = code
        dialog.code_changed(code)
        dialog.redraw()
    assert keys == {k for k in en.MESSAGES if k.startswith("code.")}
    dialog.code_changed("EO1-C4-AAAAAFA")
    dialog.redraw()
    # "Winnable deals only", with and without a shipped list
    for key in ("ui.new_game.winnable_only_help", "ui.new_game.winnable_none"):
        dialog.winnable_toggle.help_key = key
        dialog.redraw()
    # the odds of every variant, and every wording of them at their longest numbers
    for spec in registry.games():
        for variant in spec.variants:
            dialog.choose_game(spec.id)
            dialog.choose_variant(variant)
            dialog.redraw()
    sep = translate("ui.digit_group", lang)
    for key in [k for k in en.MESSAGES if k.startswith("ui.new_game.odds.")]:
        text = translate(key, lang, value=f"1{sep}200", won=f"99{sep}999", tried=f"999{sep}999", unknown=f"99{sep}999")
        dialog.odds_text = lambda _lang, text=text: text
        dialog.redraw()
    del dialog.odds_text
    app.push(ConfirmDialog(app, lambda: None))
    app.pop(app.top())
    app.pop(dialog)
    # Options
    app.open_options()
    app.pop(app.top())
    # The solver: every hint sentence in the banner, every state of the verdict note
    hint_keys = [k for k in en.MESSAGES if k.startswith("say.hint") or k == "say.now_unwinnable"]
    for key in hint_keys:
        message = translate(key, lang, count=25, move=translate(
            "say.move_run", lang, card=translate("say.card", lang, rank=translate("say.rank.12", lang),
                                                 suit=translate("say.suit.2", lang)),
            count=12, pile=translate("say.pile.foundation", lang, n=8)))
        table.banner.show(message, app.now())
        assert len(wrap(message, size, w)) <= 3, f"banner: {message!r} needs more than 3 lines"
        table.status.show(message)
    helper = app.table.hints
    app.settings.show_winnable = True
    for verdict in ("thinking", "winnable", "unwinnable", "unknown"):
        layout = table.layout
        helper.note.show(translate(f"ui.verdict.{verdict}", lang), (255, 255, 255), layout.status, layout.scale)
        table.status.set_inset(helper.note.rect.width)
        table.status.show(translate("say.hint_no_move", lang))
    app.settings.show_winnable = False
    helper.note.hide()
    table.status.set_inset(0)
    # Help: every page, every step of every example
    app.open_rules()
    rules = app.top()
    for i, page in enumerate(rules.pages):
        rules.show_page(i)
        if page.kind == "examples":
            for e, player in enumerate(rules.players):
                rules.choose_example(e)
                for step in range(player.steps + 1):
                    player.go(step)
                    rules.redraw()
    app.pop(rules)
    # Statistics: every game and variant, both measures, the reset question
    app.open_stats()
    stats = app.top()
    for choice in registry.choices():
        stats.choose(choice)
        for measure in ("time", "score"):
            stats.choose_measure(measure)
    stats.ask_reset()
    app.pop(app.top())
    app.pop(stats)
    # Notices: each alone and all at once
    notices = [k for k in en.MESSAGES if k.startswith("notice.")]
    for notice in notices:
        app.show_notices([notice])
        app.pop(app.top())
    app.show_notices(notices[:3])
    app.pop(app.top())
    # The Finish button (the option Finish for me), then the win, in both games
    app.change_setting("finish_for_me", True)
    app.start_game(Game(Position.from_dict(near_won_eight_off(2))), animate=False)
    for _ in range(10):
        app.frame()
    assert table.finish.sprite is not None
    app.change_setting("finish_for_me", False)
    table.play("tap c1")
    redraw(app)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", list(CATALOGUES))
def test_no_text_overflows_its_box(lang, size):
    fonts.FIT_LOG = []
    try:
        storage = MemoryStorage()
        app = build_app(["--lang", lang, "--size", f"{size[0]}x{size[1]}", "--deal", "EH1-N-AAAAABV"],
                        storage=storage, headless=True, now=FakeClock())
        pygame.event.clear()
        app.play.persistence.record_result(app.session.game, 4000, won=False)
        for i in range(12):
            app.play.persistence.stats.record("easy-harp", "N", won=i % 3 > 0, seconds=100 + 60 * i, score=200 + 90 * i)
            app.play.persistence.stats.record("eight-off", "C2", won=i % 2 > 0, seconds=100 + 3600 * i, score=52 * i)
        store_stats(app)
        visit_every_screen(app, lang)
        # the same screens again after switching the language at run time
        for other in CATALOGUES:
            app.change_setting("lang", other)
        log = fonts.FIT_LOG
    finally:
        fonts.FIT_LOG = None
    assert len(log) > 200  # the screens were drawn
    assert overflows(log) == []


def test_the_log_catches_an_overflow():
    fonts.FIT_LOG = []
    try:
        pygame.font.init()
        fonts.fit_text("Leggyorsabb győzelem", 30, (0, 0, 0), 40)
        fonts.wrap_fit("one two three four five six seven", 18, 60, 2)
        log = fonts.FIT_LOG
    finally:
        fonts.FIT_LOG = None
    assert len(overflows(log)) >= 2


def test_stats_scene_is_drawn_from_the_figures():
    assert StatsScene.title_key in en.MESSAGES


CALENDAR_SIZES = [*SIZES, (844, 390), (640, 360), (1366, 768)]


@pytest.mark.parametrize("size", CALENDAR_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", list(CATALOGUES))
def test_no_text_overflows_the_calendar_or_a_daily_win(lang, size):
    """The calendar with a month of results (a day won in over an hour, a
    day started, today, days to come), each kind of day chosen, every
    variant, and a daily deal's win panel."""
    import datetime as dt

    from .daily import TODAY, daily_app, key, record_month, win_daily

    fonts.FIT_LOG = []
    try:
        app = daily_app(size, lang)
        record_month(app)
        key(app, pygame.K_k)
        scene = app.top()
        for day in (3, 4, 5, TODAY.day, TODAY.day + 1):  # won in 1:02:05, started, not played, today, to come
            scene.go_to(dt.date(TODAY.year, TODAY.month, day))
            app.frame()
        for game, variant in registry.choices():
            scene.choose_variant(game, variant)
            app.frame()
        app = daily_app(size, lang)
        record_month(app)
        win_daily(app)
        app.frame()
        log = fonts.FIT_LOG
    finally:
        fonts.FIT_LOG = None
    assert len(log) > 20  # the screens were drawn
    assert overflows(log) == []
