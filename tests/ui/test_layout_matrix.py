"""The table at every size of the matrix, phones (upright and on their
side) to 4K, in every language and both games, on the opening deal and on
the longest columns the rules allow: everything on the surface, no text
over another or under the floor (12 px), nothing over a pile or a button,
every face-up card in a column showing its whole index, and on phones every
button at least 44 px.

Grab strips on phones, exactly: on the opening deal of Easy Harp and of
Eight Off (8 cells) every face-up card shows a strip of at least 44 px.
Any other column whose strips fall under 44 px shows its card count (the
longest columns the rules allow need 18 strips, 800 px at 44 px: no phone
has that). A column that could not show every index at any card size the
text floor allows (Eight Off's 19 cards on a phone on its side) also
squeezes its indices, and shows its count. ``python tools/ui_screens.py
--matrix`` shoots and measures the same matrix and prints, per size, the
smallest index and grab strips."""

import pygame
import pytest

from game.engine import Game, Pile, Position
from game.i18n import CATALOGUES
from game.persistence.storage import MemoryStorage
from game.ui.drawing.cardart import ONE_INDEX, card_art, corner_band, court_frame
from game.ui.launch import build_app
from game.ui.drawing.layout import TEXT_FLOOR, index_for, longest_column, make_layout

from .conftest import FakeClock
from .geometry import SIZES, problems
from .positions import longest_easy_harp, longest_eight_off
from tests.persistence.storage_helpers import store_stats

STRICT = ("easy-harp deal", "eight-off deal")  # the default games' opening deals: 44 px strips, no count
POSITIONS = (
    ("easy-harp deal", lambda: Game.from_deal("EH1-N-AAAAAAF")),
    ("eight-off deal", lambda: Game.from_deal("EO1-C8-AAAAAFA")),
    ("eight-off two cells deal", lambda: Game.from_deal("EO1-C2-AAAAAFA")),
    ("easy-harp longest", lambda: Game(Position.from_dict(longest_easy_harp()))),
    ("eight-off longest", lambda: Game(Position.from_dict(longest_eight_off(2)))),
    ("eight-off 8 cells longest", lambda: Game(Position.from_dict(longest_eight_off(8)))),
)


@pytest.mark.parametrize("lang", list(CATALOGUES))
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_table_keeps_its_promises_at_every_size(size, lang):
    app = build_app(["--lang", lang, "--size", f"{size[0]}x{size[1]}", "--deal", "EH1-N-AAAAAAF"],
                    storage=MemoryStorage(), headless=True, now=FakeClock())
    pygame.event.clear()
    found = []
    for name, make in POSITIONS:
        app.start_game(make(), animate=False)
        app.frame()
        found += [f"{name}: {p}" for p in problems(app, strict_strips=name in STRICT)]
    assert found == []


def test_the_longest_columns_the_rules_allow():
    assert longest_column("easy-harp", "N") == (8, 21)  # 8 face down under a K..A run
    assert longest_column("eight-off", "C2") == (0, 19)  # 7 dealt ending in a king, Q..A on it
    assert longest_column("eight-off", "C8") == (0, 18)


@pytest.mark.parametrize("large", [False, True])
def test_the_index_is_drawn_inside_its_strip(large):
    """Rank and suit side by side, one size for every rank, and nothing of
    them below the strip a fanned card shows."""
    for w in range(20, 260, 11):
        idx = index_for(w, large)
        top, band = corner_band(idx)
        assert idx.y + band < idx.h
        art = card_art(w, round(w * 1.4), "en", index=idx)
        heights = set()
        for card in range(52):
            corner = art.corner(label=str(card), symbol="\u2660", color=(0, 0, 0))
            heights.add(corner.get_height())
        assert heights == {band}  # every rank at one size
        if w >= 40:
            assert idx.size >= TEXT_FLOOR


@pytest.mark.parametrize("large", [False, True])
def test_a_court_frame_keeps_clear_of_the_indices(large):
    """The frame of J, Q, K starts a visible gap below the corner index and
    ends as far above the rotated one (right under it, it read as the
    index's underline); a card too short for that has no frame."""
    for w in range(ONE_INDEX, 260, 3):  # the cards with two indices (a narrower one frames its court below its index)
        h = round(w * 1.4)
        idx = index_for(w, large)
        frame = court_frame(w, h, idx)
        assert frame is not None
        gap = frame.top - idx.h
        assert gap >= 3 and gap >= idx.size * 0.3
        assert h - frame.bottom == frame.top  # the same gap above the rotated index


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_fanned_court_card_shows_no_sliver_of_its_frame(size):
    """In a column a court card shows its fan strip: the frame starts below
    it, or shows at least 6 px (the picture's top), never a thin line
    under the index."""
    for game, variant in (("easy-harp", "N"), ("eight-off", "C8")):
        for large in (False, True):
            layout = make_layout(game, variant, *size, large=large)
            frame = court_frame(layout.card_w, layout.card_h, layout.index, layout.up_gap)
            if frame is not None:
                assert frame.top > layout.up_gap or layout.up_gap - frame.top >= 6, (game, large, frame, layout.up_gap)


def test_face_down_cards_tighten_before_face_up_ones():
    layout = make_layout("easy-harp", "N", 1280, 720)
    loose, _ = layout.column_fan(3, 8)
    tight, squeezed = layout.column_fan(8, 21)
    assert not squeezed
    assert loose[1] - loose[0] == layout.down_gap and loose[4] - loose[3] == layout.up_gap
    down = [b - a for a, b in zip(tight[:9], tight[1:9])]
    up = [b - a for a, b in zip(tight[8:], tight[9:])]
    assert min(down) >= layout.down_min and min(up) >= layout.up_min
    assert max(down) < layout.down_gap  # the face-down cards gave room first


def test_a_column_too_long_for_its_place_says_so():
    layout = make_layout("easy-harp", "N", 1280, 720, large=True)
    offsets, squeezed = layout.column_fan(8, 21)
    assert squeezed
    assert offsets[-1] + layout.card_h <= layout.columns_bottom - layout.piles[Pile("c", 0)].y


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)])
def test_a_resized_window_is_laid_out_again(size):
    app = build_app(["--size", f"{size[0]}x{size[1]}", "--deal", "EO1-C8-AAAAAFA"], storage=MemoryStorage(),
                    headless=True, now=FakeClock())
    app.frame()
    before = app.table.layout
    app.open_options()
    app.resize(size[1], size[0])  # the phone turned
    layout = app.table.layout
    assert (layout.width, layout.height) == (size[1], size[0])
    assert layout.portrait != before.portrait
    assert app.screen.get_size() == (size[1], size[0])
    dialog = app.top()
    assert dialog.box.right <= size[1] and dialog.box.bottom <= size[0]
    assert problems(app) == []
    app.frame()


def test_a_squeezed_column_shows_its_count(driver_for):
    from game.persistence.settings import Settings

    d = driver_for(longest_easy_harp(), size=(1280, 720), settings=Settings(large_cards=True))
    badges = d.table.counts.badges
    assert set(badges) == {7, 8} and badges[8][0] == 21
    d.app.change_setting("large_cards", False)  # room again: no count
    assert d.table.counts.badges == {}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_dialog_opens_inside_the_window(size):
    """New game, Options, Rules, Statistics (it crashed on phones) and the
    reset question: inside the window at every size, in every language; a
    panel taller than the window scrolls."""
    app = build_app(["--size", f"{size[0]}x{size[1]}", "--deal", "EH1-N-AAAAAAF"], storage=MemoryStorage(),
                    headless=True, now=FakeClock())
    app.play.persistence.stats.record("easy-harp", "N", won=True, seconds=300, score=900)
    store_stats(app)
    for lang in CATALOGUES if min(size) < 800 else ("hu",):  # the big screens: the longest words only
        app.change_setting("lang", lang)
        for open_it in (app.open_new_game, app.open_options, app.open_rules, app.open_stats):
            open_it()
            dialog = app.top()
            app.frame()
            box = dialog.box
            assert 0 <= box.x and box.right <= size[0] and 0 <= box.y and box.bottom <= size[1]
            if dialog.view_h < dialog.ph:  # scrolls: the wheel reaches the end (help: its page first, then the panel)
                for _ in range(3):
                    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-100, flipped=False))
                    app.frame()
                assert dialog.pan == dialog.ph - dialog.view_h
            if open_it == app.open_stats:
                reset = dialog.reset_button
                assert reset.style == "danger"
                dialog.pan_to(reset.box.y)
                reset.activate()
                question = app.top()
                assert question is not dialog and question.widgets[0].style == "danger"
                app.pop(question)
                assert app.play.persistence.stats.get("easy-harp", "N").played == 1  # asked first, nothing lost
            app.pop(dialog)


def test_a_fingers_wobble_is_a_tap_not_a_drag(driver_for):
    from .positions import easy_harp

    d = driver_for(easy_harp([["AS"], ["9D"]]), size=(390, 844))
    assert d.table.layout.touch
    x, y = d.card_center(Pile("c", 0))
    d.press((x, y))
    d.post(pygame.MOUSEMOTION, pos=(x + 7, y + 5), rel=(7, 5), buttons=(1, 0, 0))
    d.run(1)
    d.release((x + 7, y + 5))
    d.settle()
    assert sum(len(f) for f in d.game.position.foundations) == 1  # the tap sent the ace home
    assert not d.game.position.columns[0]


def test_one_message_place_shows_a_refusal_once(driver_for):
    d = driver_for("EH1-N-AAAAAAF", size=(800, 600))
    table = d.table
    table.tell("Only a king goes into an empty column.", "refusal")
    d.app.announcer.say("Refused: Only a king goes into an empty column.")
    assert table.banner.visible and not table.status.visible
    assert table.banner.rect.top >= table.layout.columns_bottom  # below every card
    table.tell("Hint: 7 of hearts to column 3", "hint")
    assert table.banner.text == "Hint: 7 of hearts to column 3." and d.app.announcer.last == table.banner.text


def test_every_icon_of_the_compact_bar_has_a_legend_in_help():
    """Where the bar is narrow its buttons show icons: the help's Controls
    page names each icon with its button's own label, in every language."""
    from game.help.pages import CONTROLS
    from game.i18n import translate
    from game.ui.table.sprites import ICONS
    from game.ui.drawing.layout import BUTTONS

    assert "help.controls.6" in CONTROLS.keys()
    for lang in CATALOGUES:
        lines = translate("help.controls.6", lang).split("\n")
        for name in BUTTONS:
            label = translate(f"ui.{name}", lang)
            assert any(line.startswith(f"{ICONS[name]} {label}") for line in lines), (lang, name)
    assert make_layout("eight-off", "C8", 640, 360).compact  # where the icons show


@pytest.mark.parametrize("size", [(844, 390), (640, 360), (640, 480)])
def test_a_phone_on_its_side_gives_the_columns_the_whole_height(size):
    """The side layout: stock and waste (or cells) left of the columns,
    foundations right, the buttons in a rail at the right edge; the
    columns start right under the one-line bar. Left-handed, the two grids
    change sides, the columns keep their order, nothing overlaps."""
    from itertools import combinations

    from game.engine.actions import CELL, COLUMN, FOUNDATION, STOCK, WASTE

    for game, variant, group in (("easy-harp", "N", (STOCK, WASTE)), ("eight-off", "C8", (CELL,))):
        for mirrored in (False, True):
            layout = make_layout(game, variant, *size, mirrored=mirrored)
            assert layout.side and not layout.portrait
            columns = [layout.piles[Pile(COLUMN, i)] for i in range(sum(p.kind == COLUMN for p in layout.piles))]
            assert [b.x for b in columns] == sorted(b.x for b in columns)
            assert columns[0].y - layout.bar.bottom <= 12  # nothing but the bar above the columns
            tops = [box for pile, box in layout.piles.items() if pile.kind in group]
            founds = [box for pile, box in layout.piles.items() if pile.kind == FOUNDATION]
            west, east = (founds, tops) if mirrored else (tops, founds)
            assert max(b.right for b in west) < columns[0].x and columns[-1].right < min(b.x for b in east)
            rail = min(b.x for b in layout.buttons.values())
            assert max(b.right for b in layout.piles.values()) < rail
            assert all(b.w >= 44 and b.h >= 44 for b in layout.buttons.values())
            for a, b in combinations([*layout.piles.values(), *layout.buttons.values(), layout.banner], 2):
                assert not a.overlap(b)


@pytest.mark.parametrize("size", [(480, 400), (640, 330), (3000, 330)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_odd_short_windows_keep_the_promises_too(size):
    """Shorter or wider than any phone (a browser canvas can be): the side
    layout where its piles fit beside the columns, else the top row; a
    column that cannot fit keeps its face-down cards countable and shows
    its count, and the rest keep their indices."""
    app = build_app(["--size", f"{size[0]}x{size[1]}", "--deal", "EH1-N-AAAAAAF"], storage=MemoryStorage(),
                    headless=True, now=FakeClock())
    found = []
    for name, make in POSITIONS:
        app.start_game(make(), animate=False)
        app.frame()
        found += [f"{name}: {p}" for p in problems(app)]
    assert found == []
