"""The help pages in the window: every page of game.help as a tab, and the
Examples page stepping through real deals, refusals shown in the rule's words."""

import pygame
import pytest

from game.help import EXAMPLES, pages
from game.i18n import CATALOGUES, refusal_message, translate
from game.ui.dialogs.help import LINE, RulesScene
from game.ui.drawing.fonts import font
from game.ui.drawing.layout import TEXT_FLOOR
from game.ui.drawing.preview import FLOOR_CARD_W, render_position
from tests.engine.builders import eight_off

from .conftest import click_widget as click, start_app as start


def key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.frame()


def test_f1_opens_every_help_page_as_a_tab():
    app = start("--deal", "EO1-C8-AAAAAAC")
    key(app, pygame.K_F1)
    rules = app.top()
    assert isinstance(rules, RulesScene)
    assert [t.label for t in rules.tabs] == [p.title for p in pages()]
    assert rules.pages[rules.page].id == "rules-eight-off"  # the game being played
    for i, page in enumerate(pages()):
        click(app, rules, rules.tabs[i])
        assert rules.page == i
        if page.kind == "text":
            first = translate(page.sections[0].heading or page.sections[0].paragraphs[0], "en")
            assert rules.lines("en")[0][0] in first
    key(app, pygame.K_ESCAPE)
    assert app.top() is app.table


def test_a_long_page_scrolls_and_stops_at_its_end():
    app = start("--size", "720x1280", "--lang", "hu")
    app.open_rules()
    rules = app.top()
    rules.show_page([p.id for p in pages()].index("faq"))
    for _ in range(200):
        key(app, pygame.K_DOWN)
    assert rules.scroll == rules.max_scroll > 0
    key(app, pygame.K_PAGEUP)
    assert rules.scroll == rules.max_scroll - 8


@pytest.mark.parametrize("lang", list(CATALOGUES))
def test_stepping_through_each_example(lang):
    app = start("--lang", lang)
    app.open_rules()
    rules = app.top()
    click(app, rules, rules.tabs[[p.kind for p in pages()].index("examples")])
    for e, example in enumerate(EXAMPLES):
        click(app, rules, rules.example_buttons[e])
        player = rules.players[e]
        assert player.step == 0 and not rules.prev_button.enabled
        assert player.caption(lang) == translate(example.start_caption, lang, **example.params)
        for n, step in enumerate(example.steps, 1):
            before = player.game.position.to_dict()
            click(app, rules, rules.next_button)
            assert player.step == n
            assert player.caption(lang) == translate(step.caption, lang, **example.params)
            if step.expect == "ok":
                assert player.refusal(lang) is None
            else:
                # refused as the game refuses it, in the rule's own words; nothing moved
                assert player.outcome.rule == step.expect
                assert player.refusal(lang) == refusal_message(player.outcome, lang)
                assert player.game.position.to_dict() == before
        assert not rules.next_button.enabled
        click(app, rules, rules.prev_button)
        assert player.step == len(example.steps) - 1
        click(app, rules, rules.restart_button)
        assert player.step == 0


def test_the_preview_is_a_real_table_picture():
    game = EXAMPLES[0].start_game()
    surf = render_position(game.position, 400, 240, "en")
    assert surf.get_size() == (400, 240)
    colors = {tuple(surf.get_at((x, y)))[:3] for x in range(0, 400, 7) for y in range(0, 240, 7)}
    assert len(colors) > 20  # felt and cards, not an empty box


def wheel(app, y):
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                                         precise_y=float(y), touch=False, which=0))
    app.frame()


def to_the_end(app, rules):
    for _ in range(60):
        before = rules.scroll
        wheel(app, -1)
        if rules.scroll == before:
            break


@pytest.mark.parametrize("lang", list(CATALOGUES))
def test_a_long_caption_scrolls_on_a_small_phone(lang):
    """At 360x640 an example's caption and refusal are longer than the room
    under the preview: the wheel scrolls them to their end (the view moves),
    and a step keeps the view where it was, never past the start of the new
    text; choosing an example starts at its top."""
    app = start("--size", "360x640", "--lang", lang)
    app.open_rules()
    rules = app.top()
    rules.show_page([p.kind for p in rules.pages].index("examples"))
    scrolled = 0
    for e, player in enumerate(rules.players):
        rules.choose_example(e)
        assert rules.scroll == 0
        text_start = rules.example_view().text.y // rules.px(LINE)  # in scroll steps
        for step in range(player.steps + 1):
            rules.step(None) if step == 0 else rules.step(1)
            assert rules.scroll <= text_start
            if rules.max_scroll:
                before = pygame.image.tobytes(app.screen, "RGB")
                to_the_end(app, rules)
                assert rules.scroll == rules.max_scroll  # stops at the end
                assert pygame.image.tobytes(app.screen, "RGB") != before  # and the view moved
                scrolled += 1
    assert scrolled  # the refusals at least need a scroll here


@pytest.mark.parametrize("size", [(3000, 240), (1500, 260), (320, 240), (640, 300)])
def test_examples_draw_on_a_window_too_short_for_them(size):
    """A window shorter than the Examples page needs (wide and 240 px tall,
    the fuzz found it: 'Cannot scale to negative size') draws every example
    and step; the one area scrolls to its end and back. Only a window too
    short for the title, the tabs, the example's buttons and a little of
    the example (320x240) lets the whole panel scroll too, down to them."""
    app = start()
    app.open_rules()
    rules = app.top()
    rules.show_page([p.kind for p in rules.pages].index("examples"))
    app.resize(*size)
    app.frame()
    rules = app.top()
    view = rules.example_view()
    assert view.area.h >= rules.px(30)
    assert view.area.y >= rules.example_buttons[0].box.bottom and view.area.bottom <= rules.prev_button.box.y
    if size != (320, 240):
        assert rules.ph == rules.view_h == app.height - 16  # one scroll: the panel fits the window
    for e, player in enumerate(rules.players):  # every example and step draws there
        rules.choose_example(e)
        for _ in range(player.steps):
            rules.step(1)
    for _ in range(40):
        wheel(app, -1)
    assert rules.scroll == rules.max_scroll > 0 and rules.pan == rules.ph - rules.view_h  # down to the buttons
    for _ in range(40):
        wheel(app, 1)
    assert rules.scroll == 0 and rules.pan == 0


# ---- every size: one scroll area, the title and the buttons fixed on screen -----------------

SIZES = [(844, 390), (640, 360), (390, 844), (1366, 768), (2560, 1440)]


def help_states(app, rules):
    """Open each page of Help, and each step of each example; yield a name for each."""
    for i, page in enumerate(rules.pages):
        rules.show_page(i)
        if page.kind != "examples":
            yield page.id
            continue
        for e, player in enumerate(rules.players):
            rules.choose_example(e)
            for step in range(player.steps + 1):
                rules.step(None) if step == 0 else rules.step(1)
                yield f"{page.id} {e} step {step}"


def overlaps(a, b) -> bool:
    return pygame.Rect(a).colliderect(pygame.Rect(b))


@pytest.mark.parametrize("lang", list(CATALOGUES))
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_help_keeps_its_title_and_buttons_on_screen_with_one_scroll(size, lang):
    """At 844x390 the Close button was cut in half, the panel and its text
    each had a scroll bar, and on Examples, Previous, Next and Close were
    off screen until the panel was scrolled, then the title scrolled away.
    Now at every size, on every page and step: the panel fits the window
    (it never scrolls itself), every button lies inside it and clear of
    the one area that scrolls, under the title; and scrolling that area to
    its end leaves the title and the buttons exactly as they were."""
    app = start("--size", f"{size[0]}x{size[1]}", "--lang", lang)
    app.open_rules()
    rules = app.top()
    p = rules.px
    title = pygame.Rect(p(28), p(22), font(p(30), True).size(translate("help.title", lang))[0],
                        font(p(30), True).get_height())
    for state in help_states(app, rules):
        assert rules.ph == rules.view_h <= app.height - 16, state  # no second scroll bar
        area = rules.scroll_area()
        assert area.y >= title.bottom and area.bottom <= rules.ph, state
        panel = pygame.Rect(0, 0, rules.pw, rules.ph)
        for w in rules.widgets:
            assert panel.contains(pygame.Rect(w.box)), (state, w.label)
            assert not overlaps(w.box, area), (state, w.label)
            assert not overlaps(w.box, title), (state, w.label)
        fixed = [title] + [pygame.Rect(w.box) for w in rules.widgets]
        before = [pygame.image.tobytes(rules.panel.image.subsurface(r), "RGB") for r in fixed]
        to_the_end(app, rules)
        after = [pygame.image.tobytes(rules.panel.image.subsurface(r), "RGB") for r in fixed]
        assert rules.scroll == rules.max_scroll and rules.pan == 0, state
        assert before == after, state  # nothing scrolled over the title or a button
        rules.scroll = 0


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_example_cards_are_large_enough_for_their_index(size):
    """The example's cards were about 17 px wide at 844x390, their index
    about 6 px. Now every example at every size has cards at least
    FLOOR_CARD_W (31 px) wide, whose index is drawn at the table's smallest
    type (12 px), a face-up card in a fan shows its whole index, and the
    preview lies whole inside the panel (beside the text, within the room
    there; above it, the width of the panel at most)."""
    app = start("--size", f"{size[0]}x{size[1]}")
    app.open_rules()
    rules = app.top()
    rules.show_page([p.kind for p in rules.pages].index("examples"))
    for e in range(len(rules.players)):
        rules.choose_example(e)
        view = rules.example_view()
        picture = view.picture
        assert picture.card_w >= FLOOR_CARD_W and picture.index.size >= TEXT_FLOOR, (e, picture)
        assert picture.up_gap >= picture.index.h
        assert picture.width <= view.preview.w and picture.height <= view.preview.h
        x = view.preview.x if view.beside else view.area.x + view.preview.x
        assert 0 <= x and x + view.preview.w <= rules.pw
        if view.beside:
            assert view.preview.bottom <= view.area.bottom and not overlaps(view.preview, view.area)


# ---- the group-move rule in words -------------------------------------------------------------

FORMULA = ("×", "^", "((", "))", "+ 1)", "2^")


@pytest.mark.parametrize("lang", list(CATALOGUES))
def test_the_group_rule_is_in_words_in_every_language(lang):
    """The Eight Off rule was a formula, "(free cells + 1) × 2^(empty
    columns)", and its refusal had a double parenthesis. No rule text,
    help page or example says it that way now; the refusal says how many
    cells are free and columns empty, and how many cards may move."""
    texts = {k: v for k, v in CATALOGUES[lang].items() if k.startswith(("rule.", "help."))}
    for key, text in texts.items():
        assert not any(f in text for f in FORMULA), (key, text)
    # 2 free cells and 1 empty column that is not the target: 6 cards
    game = eight_off(["8D 7D 6D 5D 4D 3D 2D", "9D", ""], variant="C4", cells=["AS", "AH", None, None])
    outcome = game.play("c1.7>c2")
    assert outcome.rule == "group-too-large" and outcome.refusal.limit == 6
    message = refusal_message(outcome, lang)
    assert all(n in message for n in "216") and "{" not in message
    assert not any(f in message for f in FORMULA)
    if lang == "en":
        assert "with 2 free cells and 1 empty column, you can move at most 6 cards at once" in message
    # no free cell, no empty column: one card at a time
    game = eight_off(["8D 7D", "9D"], variant="C2", cells=["AS", "AH"])
    outcome = game.play("c1.2>c2")
    assert outcome.refusal.limit == 1
    assert refusal_message(outcome, lang) == translate("rule.group-too-large.room_one", lang,
                                                      cells=translate("rule.group.cells.0", lang),
                                                      columns=translate("rule.group.columns.0", lang))
    # the example's refusal: the empty column the run goes into does not count, and it says so
    example = next(e for e in EXAMPLES if e.id == "eight-off-group-limit")
    game = example.start_game()
    outcome = game.play(example.steps[0].action)
    message = refusal_message(outcome, lang)
    assert "3" in message and translate("rule.group.other.0", lang) in message
    assert not any(f in message for f in FORMULA)


@pytest.mark.parametrize("size", [(360, 640), (390, 844), (640, 360), (844, 390)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_group_refusal_fits_the_message_place_on_phones(size):
    """The refusal now names the free cells and the empty columns: in
    every language, with any counts, it still takes at most three lines
    of the table's message place."""
    from game.i18n import rule_message
    from game.ui.drawing.fonts import wrap

    app = start("--size", f"{size[0]}x{size[1]}")
    banner = app.table.banner
    width, size_px = banner.box.w - round(40 * banner.s), max(13, round(18 * banner.s))
    for lang in CATALOGUES:
        for cells in (0, 1, 2, 7):
            for columns in (0, 1, 2, 7):
                for into_empty in (False, True):
                    message = rule_message("group-too-large", lang, limit=(cells + 1) << columns, cells=cells,
                                           columns=columns, into_empty=into_empty)
                    assert len(wrap(message, size_px, width)) <= 3, message
