"""Each dialog is made with the one protocol of what a dialog may use of
the app (game/ui/dialogs/hosts.py: ``DialogHost``), and here it is built,
drawn and clicked on a fake that has those members and no others (its
application layer is the real one, pure and cheap): a dialog that reached
for anything else would fail here with an AttributeError. The type checker
reads this file too (tests/test_types.py), so the fake meets the protocol
as the app does."""

from __future__ import annotations

import datetime as dt
from typing import Any, Callable

import pygame

from game.engine import DealCode, Game, parse_code, registry
from game.i18n import LANGUAGES
from game.persistence.records import STATS_KEY
from game.persistence.settings import Settings
from game.persistence.storage import MemoryStorage
from game.play import Application
from game.ui.dialogs import hosts
from game.ui.dialogs.calendar import CalendarScene, DayTile
from game.ui.dialogs.confirm import ConfirmDialog
from game.ui.dialogs.help import RulesScene
from game.ui.dialogs.new_game import NewGameDialog
from game.ui.dialogs.notice import NoticeDialog
from game.ui.dialogs.options import OptionsDialog
from game.ui.dialogs.panel import PanelScene
from game.ui.dialogs.stats import StatsScene
from game.ui.dialogs.widgets import Button, Toggle, Widget
from game.ui.dialogs.win import WinScene
from game.ui.drawing.layout import BUTTONS, Layout, make_layout
from game.ui.scene import Scene

DEAL = "EO1-C4-AAAAAFA"
TODAY = dt.date(2026, 12, 16)  # the stage's local date (the daily deals')


def members(protocol: type) -> set[str]:
    """The members a protocol lists, its bases' included."""
    names: set[str] = set()
    for klass in protocol.__mro__:
        if getattr(klass, "_is_protocol", False) and klass.__module__ != "typing":
            names |= {name for name in [*vars(klass), *vars(klass).get("__annotations__", {})]
                      if not name.startswith("_")}
    return names


def public(fake: object, *own: str) -> set[str]:
    """What a fake offers, but the record it keeps for the test (``own``)."""
    return {name for name in dir(fake) if not name.startswith("_")} - set(own)


# ---- the fakes: exactly what the protocols list -------------------------------------------


class Covered:
    """The table under a dialog (``CoveredTable``): the game on it, its
    layout, and a cascade when ``cascades``."""

    def __init__(self, game: Game, size: tuple[int, int], cascades: bool = False) -> None:
        self.changes = 0  # the test's own: how often a dialog opened or closed over it
        self.cascades = cascades  # the test's own: a win starts a cascade ...
        self.on = False  # ... which is on
        self._game = game
        pos = game.position
        self._layout = make_layout(pos.game, pos.variant, size[0], size[1], BUTTONS)

    @property
    def game(self) -> Game:
        return self._game

    @property
    def laid_out(self) -> Layout:
        return self._layout

    @property
    def celebrating(self) -> bool:
        return self.on

    def dialogs_changed(self) -> None:
        self.changes += 1

    def celebrate(self) -> bool:
        self.on = self.cascades
        return self.on

    def end_celebration(self) -> None:
        self.on = False


def application(game: Game | None, kept: bool, elapsed_ms: int = 0) -> Application:
    """The application layer a dialog reads (the real one: it is pure and
    cheap), with the game ``game`` in progress and records when ``kept``;
    every new deal it makes is ``DEAL``, each ask written down in ``asked``."""
    play = Application.open(storage=MemoryStorage()) if kept else Application(Settings())
    if game is not None:
        play.resume(game, elapsed_ms, counted=False)
    asked: list[tuple[str, str, str]] = []

    def random_deal(game: str, variant: str) -> DealCode:
        asked.append(("random", game, variant))
        return parse_code(DEAL)

    def today_deal(game: str, variant: str) -> DealCode:
        asked.append(("today", game, variant))
        return parse_code(DEAL)

    play.random_deal = random_deal  # type: ignore[method-assign]
    play.today_deal = today_deal  # type: ignore[method-assign]
    play.asked = asked  # type: ignore[attr-defined]
    return play


class Voice:
    """The announcer (``Voice``): what it was told, written down in ``said``."""

    def __init__(self) -> None:
        self.show: Callable[[str], None] | None = None
        self.said: list[str] = []  # the test's own

    def say(self, text: str) -> None:
        self.said.append(text)

    def say_key(self, key: str, **params: object) -> None:
        self.said.append(key)

    def tell(self, text: str) -> None:
        self.said.append(text)


class Stage:
    """A ``DialogHost``: the canvas, the scene stack (a bare scene at the
    bottom stands for the table), the table it covers, the application
    layer (its date ``TODAY``), the announcer, and what a dialog asks the
    window for (written down in ``asked``)."""

    def __init__(self, size: tuple[int, int] = (1280, 720), game: Game | None = None, kept: bool = True,
                 elapsed_ms: int = 0) -> None:
        self.width, self.height = size
        self.scale = min(size) / 720
        self._play = application(game, kept, elapsed_ms)
        self._play.today = lambda: TODAY
        self._announcer = Voice()
        self.settings = self._play.settings
        self.group: pygame.sprite.LayeredDirty[pygame.sprite.DirtySprite] = pygame.sprite.LayeredDirty()
        self.scenes: list[Scene] = [Scene(self)]
        self._table = Covered(game or Game.from_deal(DEAL), size)
        self.asked: list[tuple[Any, ...]] = []  # the test's own: the commands asked for, in order

    @property
    def table(self) -> Covered:
        return self._table

    @property
    def play(self) -> Application:
        return self._play

    @property
    def announcer(self) -> Voice:
        return self._announcer

    def now(self) -> int:
        return 1000

    def top(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> Scene:
        self.scenes.append(scene)
        scene.on_open()
        return scene

    def pop(self, scene: Scene) -> None:
        if scene in self.scenes[1:]:
            self.scenes.remove(scene)
            scene.on_close()

    def change_setting(self, name: str, value: Any) -> None:
        self.asked.append(("change_setting", name, value))

    def open_stats(self) -> None:
        self.asked.append(("open_stats",))

    def open_calendar(self, game: str | None = None, variant: str | None = None) -> None:
        self.asked.append(("open_calendar", game, variant))

    def request_new_game(self, deal: DealCode | None) -> None:
        self.asked.append(("request_new_game", None if deal is None else str(deal)))

    def start_deal(self, deal: DealCode) -> None:
        self.asked.append(("start_deal", str(deal)))

    def restart(self) -> None:
        self.asked.append(("restart",))


def click(dialog: PanelScene[Any], widget: Widget) -> None:
    """A click in the middle of ``widget`` where it shows on the screen, as the app hands it on."""
    shown = dialog.screen_box(widget.box)
    assert shown is not None, "the widget is out of view"
    pos = shown.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        dialog.handle_event(pygame.event.Event(kind, pos=pos, button=1))


def button(dialog: PanelScene[Any], label: str) -> Button:
    return next(w for w in dialog.widgets if isinstance(w, Button) and w.label == label)


def in_every_language(dialog: PanelScene[Any], stage: Stage) -> None:
    """The dialog draws itself in each language."""
    for lang in LANGUAGES:
        stage.settings.lang = lang
        dialog.refresh_text()
    assert dialog.panel.image.get_size() == (dialog.pw, dialog.view_h)


# ---- the fakes hold no more than the protocols -------------------------------------------------


def test_each_fake_offers_what_its_protocol_lists_and_nothing_more() -> None:
    """So a dialog built on one below touches nothing its protocol does not list."""
    game = Game.from_deal(DEAL)
    assert public(Stage(game=game), "asked") == members(hosts.DialogHost)
    assert public(Covered(game, (1280, 720)), "changes", "cascades", "on") == members(hosts.CoveredTable)
    assert public(Voice(), "said") == members(hosts.Voice)
    assert members(hosts.DialogHost) == {"width", "height", "scale", "settings", "group", "now", "scenes", "top",
                                         "push", "pop", "table", "play", "announcer", "change_setting", "open_stats",
                                         "open_calendar", "request_new_game", "start_deal", "restart"}


# ---- the dialogs on them ------------------------------------------------------------------------


def test_a_question_needs_only_the_stage_and_tells_the_table_it_covers_it() -> None:
    stage = Stage()
    said_yes: list[bool] = []
    dialog = ConfirmDialog(stage, lambda: said_yes.append(True), destructive=True)
    stage.push(dialog)
    assert stage.top() is dialog
    assert stage.table.changes == 1  # opened over the table: its clock stops
    in_every_language(dialog, stage)
    click(dialog, button(dialog, "ui.confirm.yes"))
    assert said_yes == [True] and stage.scenes[1:] == [] and stage.table.changes == 2


def test_a_notice_without_records_shows_its_catalogue_words() -> None:
    stage = Stage(kept=False)
    dialog = NoticeDialog(stage, ["notice.storage_off", "notice.storage_off"])
    stage.push(dialog)
    assert dialog.notices == ["notice.storage_off"]  # each once
    in_every_language(dialog, stage)
    click(dialog, button(dialog, "ui.ok"))
    assert stage.scenes[1:] == []


def test_new_game_asks_for_the_deal_its_buttons_name() -> None:
    stage = Stage(game=Game.from_deal(DEAL))
    dialog = NewGameDialog(stage)
    stage.push(dialog)
    assert (dialog.choice_game, dialog.choice_variant) == ("eight-off", "C4")  # the game in progress
    in_every_language(dialog, stage)
    click(dialog, button(dialog, "ui.same_deal"))
    click(dialog, button(dialog, "ui.new_deal"))
    click(dialog, button(dialog, "ui.today"))
    toggle = next(w for w in dialog.widgets if isinstance(w, Toggle))
    click(dialog, toggle)
    assert stage.asked == [("request_new_game", None), ("request_new_game", DEAL), ("request_new_game", DEAL),
                           ("change_setting", "winnable_only", not stage.settings.winnable_only)]
    assert stage.play.asked == [("random", "eight-off", "C4"), ("today", "eight-off", "C4")]  # type: ignore[attr-defined]
    dialog.choose_variant("C2")
    click(dialog, button(dialog, "ui.daily_deals"))  # the calendar of the variant chosen, in the dialog's place
    assert stage.asked[-1] == ("open_calendar", "eight-off", "C2") and dialog not in stage.scenes


def test_options_change_settings_and_offer_the_statistics_only_with_records() -> None:
    none_kept = Stage(kept=False)
    dialog = OptionsDialog(none_kept)
    assert not any(isinstance(w, Button) and w.label == "ui.stats" for w in dialog.widgets)
    stage = Stage(size=(390, 844))  # a phone: the panel scrolls
    dialog = OptionsDialog(stage)
    stage.push(dialog)
    in_every_language(dialog, stage)
    stage.settings.lang = "en"
    toggles = [w for w in dialog.widgets if isinstance(w, Toggle)]
    click(dialog, toggles[0])
    dialog.choose_language("vi")
    dialog.set_key_focus(button(dialog, "ui.stats"))  # scrolled into view
    click(dialog, button(dialog, "ui.stats"))
    name = OptionsDialog.TOGGLES[0][0]
    assert stage.asked == [("change_setting", name, not getattr(stage.settings, name)), ("change_setting", "lang", "vi"),
                           ("open_stats",)]


def test_the_win_panel_starts_a_new_deal_of_the_game_won_or_the_same_again() -> None:
    game = Game.from_deal(DEAL)
    stage = Stage(game=game, elapsed_ms=83_000)
    dialog = WinScene(stage)
    stage.push(dialog)
    assert dialog.scrim_top == stage.table.laid_out.bar.h  # the bar stays uncovered
    in_every_language(dialog, stage)
    stage.settings.lang = "en"
    dialog.redraw()
    assert [text for text, _ in dialog.placed if ":" in text] == ["1:23"]  # the play time
    click(dialog, button(dialog, "ui.same_deal"))
    click(dialog, button(dialog, "ui.new_deal"))
    assert stage.asked == [("restart",), ("start_deal", DEAL)]
    assert stage.play.asked == [("random", "eight-off", "C4")]  # type: ignore[attr-defined]


def test_the_win_panel_waits_for_the_tables_cascade_and_a_tap_ends_it() -> None:
    """With a cascade on the table the panel is kept back; the first tap
    only ends the cascade (on the table) and shows the panel."""
    game = Game.from_deal(DEAL)
    stage = Stage(game=game)
    stage._table = Covered(game, (1280, 720), cascades=True)
    dialog = WinScene(stage)
    stage.push(dialog)
    assert stage.table.celebrating and dialog.waiting
    assert not dialog.scrim.visible and not dialog.panel.visible
    click(dialog, button(dialog, "ui.new_deal"))
    assert not stage.table.celebrating and not dialog.waiting and dialog.panel.visible
    assert stage.asked == []  # the tap was only the skip
    click(dialog, button(dialog, "ui.new_deal"))
    assert stage.asked == [("start_deal", DEAL)]


def test_help_opens_on_the_rules_of_the_game_in_progress() -> None:
    for game in (None, Game.from_deal(DEAL)):
        stage = Stage(game=game)
        dialog = RulesScene(stage)
        stage.push(dialog)
        in_every_language(dialog, stage)
        expected = game.position.game if game else registry.default_game().id
        assert dialog.pages[dialog.page].id == f"rules-{expected}"


def test_statistics_reset_asks_first_on_the_same_stage() -> None:
    stage = Stage(game=Game.from_deal(DEAL))
    records = stage.play.persistence
    assert records is not None
    records.stats.record("eight-off", "C4", won=True, seconds=300, score=520)
    records.storage.set(STATS_KEY, records.stats.to_json())  # as a window stores them: the screen reads the record
    dialog = StatsScene(stage)
    stage.push(dialog)
    assert dialog.choice == ("eight-off", "C4") and dialog.stats.played == 1
    in_every_language(dialog, stage)
    click(dialog, dialog.reset_button)
    question = stage.top()
    assert isinstance(question, ConfirmDialog)
    click(question, button(question, "ui.stats.reset_yes"))
    assert stage.top() is dialog and dialog.stats.played == 0


def test_the_calendar_opens_a_day_on_the_stage_and_pages_its_months() -> None:
    """Built on the protocol alone: a tap on a day not won asks the window
    for that day's deal; a tap on a won day shows it at the foot with Share
    and Play again; months page back and no further forward than this one."""
    stage = Stage(game=Game.from_deal(DEAL))
    records = stage.play.persistence
    assert records is not None
    records.daily_won("eight-off", "C4", dt.date(2026, 12, 3), on=dt.date(2026, 12, 3), seconds=250, moves=130)
    dialog = CalendarScene(stage)
    stage.push(dialog)
    assert (dialog.game, dialog.variant, dialog.year, dialog.month) == ("eight-off", "C4", 2026, 12)  # the game on the table
    assert stage.announcer.said and "December 2026" in stage.announcer.said[-1]
    in_every_language(dialog, stage)
    stage.settings.lang = "en"
    assert not dialog.next_button.enabled and dialog.previous_button.enabled  # no month after this one
    won = dialog.tiles[dt.date(2026, 12, 3)]
    click(dialog, won)
    assert stage.asked == [] and dialog.selected == dt.date(2026, 12, 3)  # a won day: its result at the foot
    assert dialog.share_button.enabled and dialog.play_button.label == "ui.calendar.play_again"
    click(dialog, dialog.tiles[dt.date(2026, 12, 7)])  # a day not won: its deal
    seventh = stage.play.daily_deal("eight-off", "C4", dt.date(2026, 12, 7))
    assert stage.asked == [("request_new_game", str(seventh.code))]
    assert not dialog.tiles[dt.date(2026, 12, 17)].enabled  # tomorrow is closed
    click(dialog, dialog.previous_button)
    assert (dialog.year, dialog.month) == (2026, 11) and isinstance(dialog.tiles[dt.date(2026, 11, 7)], DayTile)
    assert dialog.next_button.enabled
