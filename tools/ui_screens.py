"""Headless screenshots for looking at (SDL's dummy video driver).

``python tools/ui_screens.py [OUT_DIR] [--size=WxH ...] [--lang=xx ...]``:
every screen in every language in both reference shapes, or the sizes and
languages named (default OUT_DIR build/screens).

``python tools/ui_screens.py --matrix [OUT_DIR]``: the table at every size
of the layout matrix (phones upright and on their side to 4K), in every
language, both games, on the opening deal and on the longest columns the
rules allow (default OUT_DIR build/matrix). It prints, per size, the
smallest card index and grab strips in pixels, the columns that show their
count, the opening deals' card widths and how far down their columns
reach, the least rank glyph measured on the screen (px, and its share of
the card's width), any broken layout promise, the least tap target, and
the most a refusal's note covers of what it keeps clear (``--no-shots``:
the numbers only).

``python tools/ui_screens.py --readme``: the README's screenshots
(docs/screenshots/, which the browser bundle leaves out).

``python tools/ui_screens.py --celebration [OUT_DIR]``: the win (the card
cascade in mid-air, then the panel) and a table of your own (Options with
another back, felt and sound chosen, and the table they make) on phones
upright and on their side and a laptop (390x844, 844x390, 1366x768, or the
``--size``s named), in every language (file names with ``celebration``
and ``options_table``); the default run shoots them at its sizes too.

``python tools/ui_screens.py --calendar [OUT_DIR]``: the daily deals'
calendar on a fixed date with a month of results (days won with their time,
started, not played, today, days to come), a won day chosen (its result,
Share and Play again), Easy Harp's month, the keyboard's ring, and a daily
deal's win panel (its day, level, streak and Share), at the same sizes and
in every language (file names with ``calendar``); the default run shoots
them too.

Nothing real is stored: every app runs on a MemoryStorage.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.engine import Game, Position  # noqa: E402
from game.persistence.storage import MemoryStorage  # noqa: E402
from game.ui.launch import build_app  # noqa: E402

SIZES = ((1280, 720), (720, 1280))
LANGS = ("en", "vi", "hu")
NEAR_WON_EIGHT_OFF = {
    "game": "eight-off", "variant": "C8", "deal": None,
    "columns": [["KH"]] + [[] for _ in range(7)],
    "foundations": [[r + s for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()] for s in "SHDC"],
    "cells": [None] * 8,
}
NEAR_WON_EIGHT_OFF["foundations"][1] = NEAR_WON_EIGHT_OFF["foundations"][1][:-1]


class Clock:
    t = 10_000

    def __call__(self) -> int:
        return self.t


def app_for(lang: str, size, deal: str = "EH1-N-AAAAAAF", storage=None):
    clock = Clock()
    app = build_app(["--lang", lang, "--size", f"{size[0]}x{size[1]}", "--deal", deal],
                    storage=storage or MemoryStorage(), headless=True, now=clock)
    app.clock_fake = clock
    return app


def shoot(app, path: Path) -> None:
    app.settle()
    app.frame()
    app.save_screenshot(str(path))


def record_some_games(app) -> None:
    import random

    from tests.persistence.storage_helpers import store_stats

    rng = random.Random(7)
    stats = app.play.persistence.stats
    for i in range(26):
        won = rng.random() < 0.6
        stats.record("easy-harp", "N", won=won, seconds=rng.randint(180, 1500),
                     score=rng.randint(300, 1500) if won else rng.randint(40, 600))
    store_stats(app)  # as another window would have: the statistics screen reads the record when it opens
    app.play.persistence.record_result(app.session.game, 0, won=False)


def main(out: Path, sizes=SIZES, langs=LANGS) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for lang in langs:
        for size in sizes:
            tag = f"{lang}_{size[0]}x{size[1]}"
            app = app_for(lang, size)
            for action in "c5>c4 c1>c4 draw".split():
                app.table.play(action)
            shoot(app, out / f"{tag}_table_easy_harp.png")
            app.table.play("c4.2>c3")  # refused: the banner
            app.table.pointer.taps.forget()  # no refusal held back for a double tap
            shoot(app, out / f"{tag}_banner.png")
            app.open_new_game()
            dialog = app.top()
            dialog.field.text = "EO1-C5-AAAAAFA"
            dialog.code_changed(dialog.field.text)
            dialog.redraw()
            shoot(app, out / f"{tag}_new_game.png")
            dialog.choose_game("eight-off")
            dialog.choose_variant("C2")  # the odds of a variant lost far more often than won
            dialog.redraw()
            shoot(app, out / f"{tag}_new_game_odds.png")
            app.pop(dialog)
            app.open_options()
            shoot(app, out / f"{tag}_options.png")
            app.pop(app.top())
            app.open_rules()
            rules = app.top()
            for i, page in enumerate(rules.pages):
                rules.show_page(i)
                if page.kind == "examples":
                    for ex in range(len(rules.players)):
                        rules.choose_example(ex)
                        rules.step(None)
                        shoot(app, out / f"{tag}_help_{page.id}_{ex}_start.png")
                        for _ in range(rules.players[ex].steps):
                            if rules.players[ex].refusal(lang):
                                break
                            rules.step(1)
                        shoot(app, out / f"{tag}_help_{page.id}_{ex}_refused.png")
                else:
                    shoot(app, out / f"{tag}_help_{page.id}.png")
            app.pop(rules)
            record_some_games(app)
            app.open_stats()
            shoot(app, out / f"{tag}_stats.png")
            app.top().choose(("eight-off", "C4"))
            shoot(app, out / f"{tag}_stats_empty.png")
            app.top().ask_reset()
            shoot(app, out / f"{tag}_stats_reset.png")

            app = app_for(lang, size, "EO1-C8-AAAAAAC")
            for action in "c7>r c3>r c3>c7 r1>c8".split():
                app.table.play(action)
            shoot(app, out / f"{tag}_table_eight_off.png")
            app.change_setting("finish_for_me", True)  # the option Finish for me: its button, once a win is proven
            for _ in range(30):
                app.frame()
            shoot(app, out / f"{tag}_finish.png")
            app.change_setting("finish_for_me", False)
            app.start_game(Game(Position.from_dict(NEAR_WON_EIGHT_OFF)), animate=False)
            app.table.play("tap c1")
            app.clock_fake.t += 900
            for scene in app.scenes:
                scene.update(app.now())
            shoot(app, out / f"{tag}_win.png")

            storage = MemoryStorage()
            storage.set("game", "{not json")
            app = app_for(lang, size, storage=storage)
            shoot(app, out / f"{tag}_notice.png")
    celebration_shots(out, sizes, langs)
    calendar_shots(out, sizes, langs)
    print(f"screenshots in {out}")


CELEBRATION_SIZES = ((390, 844), (844, 390), (1366, 768))


def frames(app, ms: int, step: int = 16) -> None:
    """``ms`` of the window's time, a frame every ``step`` ms."""
    for _ in range(ms // step):
        app.clock_fake.t += step
        app.frame()


def celebration_shots(out: Path, sizes=CELEBRATION_SIZES, langs=LANGS) -> None:
    """The win's cascade in mid-air and near its end (Easy Harp and Eight
    Off), the win panel after it, and a table of your own: Options with the
    waves back, the evening felt and the sound at 40 % chosen (its top, and
    scrolled to its end where it scrolls), and the table they make with the
    clock hidden."""
    from tests.ui.positions import near_won_easy_harp

    out.mkdir(parents=True, exist_ok=True)
    wins = (("easy_harp", near_won_easy_harp(), "c1>f"), ("eight_off", NEAR_WON_EIGHT_OFF, "tap c1"))
    for lang in langs:
        for size in sizes:
            tag = f"{lang}_{size[0]}x{size[1]}"
            for name, position, move in wins:
                app = app_for(lang, size)
                record_some_games(app)
                app.start_game(Game(Position.from_dict(position)), animate=False)
                app.frame()
                app.table.play(move)
                frames(app, 1500)
                app.save_screenshot(str(out / f"{tag}_celebration_{name}_cascade.png"))
                frames(app, 1500)
                app.save_screenshot(str(out / f"{tag}_celebration_{name}_cascade_later.png"))
                frames(app, 2000)  # over: the panel
                assert not app.table.celebrating
                app.save_screenshot(str(out / f"{tag}_celebration_{name}_panel.png"))
            app = app_for(lang, size, "EO1-C8-AAAAAAC")
            for action in "c7>r c3>r c3>c7 r1>c8".split():
                app.table.play(action)
            app.open_options()
            dialog = app.top()
            dialog.choose("card_back", "waves")
            dialog.choose("felt", "night")
            dialog.choose("volume", 40)
            shoot(app, out / f"{tag}_options_table.png")
            if dialog.view_h < dialog.ph:
                dialog.pan_to(dialog.ph)
                shoot(app, out / f"{tag}_options_table_end.png")
            app.change_setting("hide_clock", True)
            app.pop(dialog)
            app.table.banner.hide()
            shoot(app, out / f"{tag}_options_table_on_the_table.png")


def matrix_positions():
    """The test's positions (tests/ui/test_layout_matrix.py): (name, game, opening deal of a default game?)."""
    from tests.ui.positions import longest_easy_harp, longest_eight_off

    return (
        ("easy-harp_deal", Game.from_deal("EH1-N-AAAAAAF"), True),
        ("eight-off_deal", Game.from_deal("EO1-C8-AAAAAFA"), True),
        ("eight-off-C2_deal", Game.from_deal("EO1-C2-AAAAAFA"), False),
        ("easy-harp_longest", Game(Position.from_dict(longest_easy_harp())), False),
        ("eight-off-C2_longest", Game(Position.from_dict(longest_eight_off(2))), False),
        ("eight-off-C8_longest", Game(Position.from_dict(longest_eight_off(8))), False),
    )


def matrix(out: Path | None, langs=LANGS, sizes=None) -> dict:
    """Shoot (when ``out``) and measure the table at every matrix size:
    per size the smallest index strip, the smallest face-up grab strip on
    the default games' opening deals and on any position, and how many
    columns show their count instead."""
    from tests.ui.geometry import SIZES as MATRIX, problems, smallest_strip
    from tests.ui.glyphs import glyph_heights

    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    report = {}
    print("size        index  deal strip  any strip  counted  card      opening         reach      glyph  problems  "
          "target  scroll     note")
    for size in sizes or MATRIX:
        least_index, deal_strip, any_strip, counted, card_w, broken = None, None, None, set(), None, []
        opening: dict[str, int] = {}  # an opening deal -> its card width (the least over the languages)
        reach: dict[str, int] = {}  # ... and how far down the columns' room its longest column reaches (%)
        glyph: int | None = None  # the least rank glyph height on the screen
        share: float | None = None  # ... and the least over the card's width
        for lang in langs:
            app = app_for(lang, size)
            for name, game, strict in matrix_positions():
                app.start_game(Game(game.position.copy()), animate=False)
                app.settle()
                app.frame()
                layout = app.table.layout
                least_index = layout.index.h if least_index is None else min(least_index, layout.index.h)
                card_w = layout.card_w if card_w is None else min(card_w, layout.card_w)
                if name.endswith("_deal"):
                    opening[name] = min(opening.get(name, layout.card_w), layout.card_w)
                    reach[name] = min(reach.get(name, 100), reach_of(app))
                heights = glyph_heights(app)
                glyph = min([*heights, *([glyph] if glyph is not None else [])], default=None)
                if heights:
                    share = min(heights) / layout.card_w if share is None else min(share, min(heights) / layout.card_w)
                strip = smallest_strip(app)
                if strip is not None:
                    any_strip = strip if any_strip is None else min(any_strip, strip)
                    if strict:
                        deal_strip = strip if deal_strip is None else min(deal_strip, strip)
                counted |= {f"{name}:{i + 1}={n}" for i, (n, _) in app.table.counts.badges.items()}
                broken += [f"{lang} {name}: {p}" for p in problems(app, strict_strips=strict)]
                if out is not None:
                    app.save_screenshot(str(out / f"{size[0]}x{size[1]}_{lang}_{name}.png"))
        thumbs = thumbs_over(size, langs)
        note = notes_over(size, langs)
        report[size] = (least_index, deal_strip, any_strip, sorted(counted), broken, glyph, thumbs, share, opening,
                        reach, note)
        print(f"{size[0]:>4}x{size[1]:<4}  {least_index:>4} px  {str(deal_strip or '-'):>7} px  {any_strip:>6} px  "
              f"{len(counted):>7}  {card_w:>4}  {'/'.join(str(w) for w in opening.values()):>11} px  "
              f"{'/'.join(str(r) for r in reach.values()):>8} %  "
              f"{str(glyph or '-'):>2} px {round(100 * (share or 0)):>3} %  {len(broken):>8}  {thumbs.least[0]:>3} px  {'yes' if thumbs.scrolled else 'no':>6}  "
              f"{note[0]:>4} px")
        for line in broken[:12]:
            print("    " + line)
        for line in thumbs_notes(thumbs):
            print("    " + line)
        if note[0]:
            print(f"    the note covers {note[0]} px of what it keeps clear: {note[1]}")
    print("index: the strip a face-up card needs to show its corner index whole; deal strip: the least grab strip "
          "on the opening deals of Easy Harp and Eight Off (8 cells; '-': no face-up card under another); any strip: "
          "the least on any position, the longest columns the rules allow included; counted: columns showing their "
          "count over all positions; card: the least card width; opening: the card width on the opening deals of "
          "Easy Harp, Eight Off with 8 cells and with 2; reach: how far down the columns' room (from the columns' "
          "top to the message place) the longest column of each of those deals reaches; glyph: the least height of a rank's glyph, measured on the "
          "screen's pixels over every card whose corner index shows, and the least share of its card's width; target: the least tap target (the lesser side of "
          "a control's tap area) over the table's buttons and every dialog in each of its states, as laid out; "
          "scroll: whether any dialog's way out or main actions are out of view until it is scrolled; note: the "
          "most pixels a refusal's note covers of the refused cards (at home), the stock and the waste and the pile "
          "tried, over drags, a tap and a press refused on both games' opening deals (tests/ui/refusals.py)")
    if out is not None:
        print(f"screenshots in {out}")
    return report


def reach_of(app) -> int:
    """How far down the columns' room the table's longest column reaches, in
    % (its last card's bottom, from the columns' top to ``columns_bottom``)."""
    from game.engine import Pile
    from game.engine.actions import COLUMN

    table, layout = app.table, app.table.layout
    top = layout.piles[Pile(COLUMN, 0)].y
    bottom = max(table.cards_box(pile).bottom for pile in layout.piles if pile.kind == COLUMN)
    return round(100 * (bottom - top) / max(1, layout.columns_bottom - top))


def notes_over(size, langs) -> tuple[int, str]:
    """The most a refusal's note covers of what it keeps clear (px), and
    where, over the refusal scenes of tests/ui/refusals.py in ``langs``."""
    from tests.ui.refusals import note_overlaps

    worst = (0, "")
    for lang in langs:
        app = app_for(lang, size)

        def advance(ms: int, app=app) -> None:
            app.clock_fake.t += ms
            app.frame()

        def start(game, app=app) -> None:
            app.start_game(game, animate=False)
            app.frame()

        for scene, px in note_overlaps(app, advance, start):
            if px > worst[0]:
                worst = (px, f"{lang} {scene}")
    return worst


def thumbs_over(size, langs):
    """The table and every dialog at ``size`` in each of ``langs``, measured
    as drawn (tests/ui/thumbs.py): the least tap target and the actions a
    scroll away."""
    from tests.ui.thumbs import Thumbs, measure_app

    found = Thumbs()
    for lang in langs:
        found.merge(measure_app(app_for(lang, size)))
    return found


def thumbs_notes(thumbs) -> list[str]:
    """What the ``target`` and ``scroll`` columns stand for, when they break a promise."""
    from game.ui.drawing.layout import TOUCH

    notes = []
    if thumbs.least is not None and thumbs.least[0] < TOUCH:
        notes.append(f"least tap target {thumbs.least[0]} px: {thumbs.least[1]}")
    notes += [f"a scroll away in {name}: {', '.join(sorted(set(labels)))}" for name, labels in thumbs.scrolled.items()]
    return notes[:12]


def readme_shots(out: Path) -> None:
    """Small screenshots for the README: each game on a desktop window, and a phone."""
    out.mkdir(parents=True, exist_ok=True)
    shots = (("easy-harp_960x540.png", "EH1-N-AAAAAAF", (960, 540), "c5>c4 c1>c4 draw"),
             ("eight-off_960x540.png", "EO1-C8-AAAAAAC", (960, 540), "c7>r c3>r c3>c7 r1>c8"),
             ("eight-off_phone_390x844.png", "EO1-C8-AAAAAAC", (390, 844), "c7>r c3>r c3>c7 r1>c8"),
             ("easy-harp_phone_844x390.png", "EH1-N-AAAAAAF", (844, 390), "c5>c4 c1>c4 draw"))
    for name, deal, size, actions in shots:
        app = app_for("en", size, deal)
        for action in actions.split():
            app.table.play(action)
        app.table.banner.hide()
        shoot(app, out / name)
        print(out / name)


def size_arg(text: str) -> tuple[int, int]:
    try:
        w, h = (int(n) for n in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size like 390x844: {text!r}") from None
    if not (200 <= w <= 8000 and 200 <= h <= 8000):
        raise argparse.ArgumentTypeError(f"a size from 200x200 to 8000x8000, not {text!r}")
    return w, h


def calendar_shots(out: Path, sizes=CELEBRATION_SIZES, langs=LANGS) -> None:
    """The calendar as a player meets it (tests/ui/daily.py's fixed date and
    month of results; nothing real is read or stored), and a daily win."""
    import datetime as dt

    import pygame

    from tests.ui.daily import TODAY, daily_app, key, record_month, win_daily

    out.mkdir(parents=True, exist_ok=True)
    for lang in langs:
        for size in sizes:
            tag = f"{lang}_{size[0]}x{size[1]}"
            app = daily_app(size, lang)
            record_month(app)
            key(app, pygame.K_k)
            scene = app.top()
            shoot(app, out / f"{tag}_calendar_month.png")
            scene.go_to(dt.date(TODAY.year, TODAY.month, 3))  # a won day: its time, Share and Play again
            shoot(app, out / f"{tag}_calendar_won_day.png")
            key(app, pygame.K_RIGHT)  # the keyboard's ring
            shoot(app, out / f"{tag}_calendar_keyboard.png")
            scene.choose_variant("easy-harp", "N")
            shoot(app, out / f"{tag}_calendar_easy_harp.png")
            if scene.view_h < scene.ph:
                scene.pan_to(scene.ph)
                shoot(app, out / f"{tag}_calendar_easy_harp_end.png")
            app = daily_app(size, lang)
            record_month(app)
            win_daily(app)
            shoot(app, out / f"{tag}_calendar_daily_win.png")


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("out", nargs="?", type=Path, help="where the screenshots go")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--matrix", action="store_true", help="the layout matrix, with its numbers")
    what.add_argument("--readme", action="store_true", help="the README's screenshots")
    what.add_argument("--celebration", action="store_true", help="the win's cascade and panel, a table of your own")
    what.add_argument("--calendar", action="store_true", help="the daily deals' calendar and a daily win")
    parser.add_argument("--no-shots", action="store_true", help="--matrix: the numbers only")
    parser.add_argument("--size", action="append", type=size_arg, default=[], help="WxH (repeatable)")
    parser.add_argument("--lang", action="append", choices=LANGS, default=[], help="repeatable")
    return parser.parse_args(argv)


if __name__ == "__main__":
    args = parse_args(sys.argv[1:])
    if args.matrix:
        matrix(None if args.no_shots else (args.out or Path("build/matrix")))
    elif args.readme:
        readme_shots(args.out or ROOT / "docs" / "screenshots")
    elif args.celebration:
        out = args.out or Path("build/screens")
        celebration_shots(out, args.size or CELEBRATION_SIZES, args.lang or LANGS)
        print(f"screenshots in {out}")
    elif args.calendar:
        out = args.out or Path("build/screens")
        calendar_shots(out, args.size or CELEBRATION_SIZES, args.lang or LANGS)
        print(f"screenshots in {out}")
    else:
        main(args.out or Path("build/screens"), args.size or SIZES, args.lang or LANGS)
