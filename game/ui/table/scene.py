"""The table scene: cards as sprites that follow the engine's position, and
the controller that turns presses, drags and taps into engine actions.

The game itself lives in the application layer (``game.play``): the table
asks it to play each action and listens on its bus to what it tells
(``Started``, ``Played``, ``Undone``, ``Refused``, ``Won``, ``Unwon``). A
refusal glides the cards back and, with
Interactive rules on, shows the rule's message. After any change the table
re-reads the whole position (``sync``) and glides each card sprite to where
the position says it lies, so moves, undo and new deals all animate the
same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from ...engine import Action, Game, Outcome, Pile, Refusal
from ...i18n import translate
from ...engine.actions import COLUMN, DRAW, FOUNDATION, MOVE, STOCK, TAP, UNDO, WASTE
from ..drawing import theme
from ..voice.words import deal_name, refusal_words, sentence, variant_name
from ..drawing.cardart import CardArt, card_art
from ..drawing.felt import felt, pile_marker, style_of as felt_style
from .share import share_deal
from ..voice.sound import sound_of
from .keyboard import Keyboard
from ...play import Played, Refused, SettingsChanged, Started, Undone, Unwon, Won
from .cards import CardSprites
from .hint_marks import HintView
from .finish import FinishView, stops_the_finish
from .pointer import Pointer
from .cascade import Canvas, Cascade, Stack
from ..drawing.layout import Box, Layout, longest_column, make_layout
from ..scene import Scene
from .sprites import (
    NOTE_MS, REFUSED_MS, BannerSprite, BarSprite, ButtonSprite, CardSprite, ColumnCounts, DropMarkSprite,
    FocusSprite, NoteSprite, RefusedMarkSprite, StatusSprite,
)

if TYPE_CHECKING:
    from .hosts import TableHost
    from ...play import Settings

def table_area(layout: Layout) -> pygame.Rect:
    """The table between the bar and the buttons: below the top bar, above
    an upright phone's buttons, left of a phone's rail on its side."""
    bar, buttons = layout.bar, layout.button_bar
    area = pygame.Rect(0, bar.bottom, layout.width, layout.height - bar.bottom)
    if buttons != bar:
        if buttons.x > 0:  # a rail down the right edge
            area.width = buttons.x
        elif buttons.y > bar.y:  # a bar of buttons at the foot
            area.height = buttons.y - area.y
    return area


def looks_of(settings: Settings) -> tuple[bool, bool, bool, str, str]:
    """What the table's layout, card art and felt are made for: Large cards,
    left-handed, four colours, the card back and the felt."""
    return (settings.large_cards, settings.left_handed, settings.four_color, settings.card_back, settings.felt)


HEADROOM = {False: 4, True: 1}  # cards a column may gain past the position's longest before the cards shrink
# (Large cards: one, so that they are clearly larger where the height is what limits them)


class TableScene(Scene["TableHost"]):
    def __init__(self, app: TableHost) -> None:
        super().__init__(app)
        self.session = app.play.session  # the game in progress, to read
        self.layout: Layout | None = None
        self.deck = CardSprites(app.group)  # the card sprites, kept in step with the position
        self.pointer = Pointer(self)  # presses, drags and taps
        self.hints = HintView(self, app.play.hints)  # the hint's marks and the verdict note
        self.finish = FinishView(self, app.play.finish)  # the Finish button (the option Finish for me)
        self.bar: BarSprite | None = None
        self.banner: BannerSprite | None = None
        self.note: NoteSprite | None = None  # a refusal's reason, beside the refused cards
        self.buttons: dict[str, ButtonSprite] = {}
        self.focus_ring: FocusSprite | None = None
        self.status: StatusSprite | None = None
        self.drop_marks: list[DropMarkSprite] = []
        self.refused_marks: list[RefusedMarkSprite] = []  # red outlines at refused cards, fading
        self.counts = ColumnCounts()
        self.backdrop: pygame.Surface | None = None  # the table's background: the felt and the piles' places
        self.cascade: Cascade | None = None  # the win's cascade, while it runs
        self.canvas: Canvas | None = None  # ... its picture, made before it starts (once the last card has landed)
        self.looks: tuple[bool, bool, bool, str, str] | None = None  # the looks the layout and art were made for
        self.fit: tuple[int, int] | None = None  # (face-down cards, cards) of the room the game has needed
        self.sized: tuple[int, int] | None = None  # ... and of the room the columns are sized for (touch: more)
        self.kb = Keyboard(self)  # keyboard play: focus, pick up, drop, shortcuts
        # keys -> what they do (keyboard play handles its own keys first)
        self.keys: dict[int, Callable[[], object]] = {
            pygame.K_BACKSPACE: self.undo,
            pygame.K_n: app.open_new_game,
            pygame.K_F1: app.open_rules,
            pygame.K_o: app.open_options,
            pygame.K_s: app.open_stats,
            pygame.K_k: app.open_calendar,  # the daily deals' calendar
            pygame.K_l: lambda: share_deal(app),  # a link to this deal (table.share)
        }
        play = app.play
        play.on(SettingsChanged, lambda changed: self.settings_changed(changed.settings))
        play.on(Started, self.show_game)
        play.on(Played, lambda played: self.show_outcome(played.outcome))
        play.on(Undone, lambda undone: self.show_outcome(undone.outcome))
        play.on(Refused, lambda refused: self.show_refusal(refused.outcome))
        play.on(Won, lambda won: self.show_win())
        play.on(Unwon, lambda unwon: self.hide_win())

    @property
    def game(self) -> Game:
        """The game on the table (the table shows one from the first start on)."""
        game = self.session.game
        if game is None:
            raise RuntimeError("no game is on the table yet")
        return game

    @property
    def laid_out(self) -> Layout:
        """The layout of the table (made at the first start)."""
        if self.layout is None:
            raise RuntimeError("the table is not laid out yet")
        return self.layout

    # ---- starting a game --------------------------------------------------------

    def show_game(self, start: Started) -> None:
        """Lay out the table for the game that just started (a new deal, a
        replay, a set-up position or a resumed game); ``deal`` animates it."""
        self.pointer.reset()
        self.end_celebration(restore=False)  # the group and the background are made anew
        self.fit = None  # sized anew for this game's position
        layout = self.make_layout()
        self.app.group.empty()
        self.finish.forget()
        self.counts.clear()
        self.layout = layout
        self.art = self.make_art(layout)
        self.set_backdrop(self.draw_background(layout))
        self.build_chrome()
        self.deck.clear()
        self.drop_marks, self.refused_marks = [], []
        self.kb.reset()
        self.sync(animate=False)
        self.hints.redraw()
        for scene in self.app.scenes[1:]:
            self.app.group.add(*scene.sprites)

    def deal(self) -> None:
        """The deal animation: every card leaves the deal's starting point
        face down and glides out to its place (Reduce motion: the cards are
        simply there)."""
        if self.app.settings.reduce_motion:
            self.sound("deal")
            return
        origin = self.deal_origin()
        for sprites in self.cards.values():
            for sprite in sprites:
                sprite.place(origin.x, origin.y)
        self.sound("deal")
        self.sync(animate=True, deal=True)

    def make_layout(self) -> Layout:
        pos, settings = self.game.position, self.app.settings
        self.looks = looks_of(settings)
        self.fit = hidden, cards = self.room_needed(self.fit)
        most = longest_column(pos.game, pos.variant)[1]
        # a touch screen wants 44 px grab strips: more room (smaller cards) until the
        # position shows no more counts than with the room the rules allow (for this
        # window's size only: the room the game needed is what a resize starts from)
        least = self.squeezed(self.laid(None))
        while True:
            layout = self.laid((hidden, cards))
            if cards >= most or self.squeezed(layout) <= least:
                break
            cards = min(most, cards + 2)
        self.sized = (hidden, cards)
        return layout

    def laid(self, fit: tuple[int, int] | None) -> Layout:
        """The layout for the window and the player's looks, its columns' room sized for ``fit``."""
        pos, settings = self.game.position, self.app.settings
        return make_layout(pos.game, pos.variant, self.app.width, self.app.height, self.app.button_names,
                           large=settings.large_cards, mirrored=settings.left_handed, fit=fit)

    def squeezed(self, layout: Layout) -> int:
        """How many columns of the position show their count in ``layout``."""
        pos = self.game.position
        return sum(layout.column_fan(h, len(col))[1] for h, col in zip(pos.hidden, pos.columns))

    def room_needed(self, fit: tuple[int, int] | None) -> tuple[int, int]:
        """The columns' room, as (face-down cards, cards) of the column the
        cards are sized for: the position's longest column and ``HEADROOM``
        cards more (never more than the longest the rules allow), and never
        less than ``fit``, what the game was sized for so far: within a
        game the cards only ever shrink, never back and forth. A column
        that grows tightens its fan first (down to the index strip, where
        the room is measured) and only past that do the cards shrink."""
        pos = self.game.position
        most_hidden, most_cards = longest_column(pos.game, pos.variant)
        hidden = max(pos.hidden, default=0)
        cards = max((len(col) for col in pos.columns), default=0)
        headroom = HEADROOM[self.app.settings.large_cards]
        need = (min(most_hidden, hidden), min(most_cards, max(cards, hidden + 1) + headroom))
        return need if fit is None else (max(fit[0], need[0]), max(fit[1], need[1]))

    def outgrown(self) -> bool:
        """A column holds more than the room the cards were sized for, or
        (a touch screen's grab strips) shows its count where the room the
        rules allow would not."""
        if self.sized is None or self.layout is None:
            return False
        pos = self.game.position
        if max(pos.hidden, default=0) > self.sized[0] or max((len(c) for c in pos.columns), default=0) > self.sized[1]:
            return True
        return (self.sized[1] < longest_column(pos.game, pos.variant)[1] and self.squeezed(self.layout) > 0
                and self.squeezed(self.layout) > self.squeezed(self.laid(None)))

    def release(self) -> None:
        """The window closed for good (``App.close``): its card sprites and
        card art go with it (a new window may draw cards of another size)."""
        super().release()
        self.end_celebration(restore=False)
        self.backdrop = None
        self.deck.clear()
        self.buttons, self.drop_marks, self.refused_marks = {}, [], []
        self.bar = self.banner = self.focus_ring = self.status = self.note = None
        vars(self).pop("art", None)

    def make_art(self, layout: Layout) -> CardArt:
        settings = self.app.settings
        return card_art(layout.card_w, layout.card_h, settings.lang, settings.four_color, layout.index, layout.up_gap,
                        settings.card_back)

    def settings_changed(self, settings: Settings) -> None:
        """Large cards, left-handed, four colours, the card back or the felt
        changed: lay the table out again and redraw the cards, keeping the
        game as it is (Large cards: the columns' room is sized anew, for the
        cards' new size). Hide the clock: the bar again, as it was laid out."""
        if self.bar is not None and self.bar.clock == settings.hide_clock:
            self.update_bar()
        if self.session.game is None or self.looks == looks_of(settings):
            return
        if self.looks is not None and self.looks[0] != settings.large_cards:
            self.fit = None
        self.relayout()

    def relayout(self, animate: bool = False) -> None:
        """Lay the table out again for the app's size and looks (a resized
        window, a turned phone, a changed option, a column that outgrew its
        room), keeping the game as it is (``animate``: the cards glide)."""
        if self.session.game is None:
            return
        self.end_celebration()  # the cascade was drawn for the old size
        self.finish_animations()
        self.pointer.cancel_drag()
        self.kb.drop_held_quietly()
        self.clear_drop_marks()
        for sprite in [self.bar, self.banner, self.note, self.focus_ring, self.status, *self.buttons.values(),
                       *self.refused_marks]:
            if sprite is not None:
                sprite.kill()
        self.refused_marks = []
        self.finish.forget()
        self.counts.clear()
        self.layout = layout = self.make_layout()
        self.art = self.make_art(layout)
        self.set_backdrop(self.draw_background(layout))
        self.build_chrome()  # what was said goes with the old layout: the messages start afresh
        self.redraw_cards()
        self.sync(animate=animate)
        self.hints.redraw()

    def redraw_cards(self) -> None:
        """Every card sprite in the table's current art."""
        self.deck.restyle(self.art)

    def build_chrome(self) -> None:
        layout = self.laid_out
        app = self.app
        actions = {"new_game": app.open_new_game, "undo": self.undo, "redo": self.redo, "rules": app.open_rules,
                   "options": app.open_options, "hint": app.play.hints.request, "stats": app.open_stats}
        self.buttons = {
            name: ButtonSprite(name, box, actions[name], app.settings, layout.compact, felt_style(app.settings.felt))
            for name, box in layout.buttons.items()
        }
        for sprite in self.buttons.values():  # one label size along the bar
            sprite.peers = list(self.buttons.values())
            sprite.redraw()
        text_right = min(b.x for b in layout.buttons.values()) if layout.orientation.buttons_in_bar else layout.bar.w
        style = felt_style(app.settings.felt)
        self.bar = BarSprite(layout, text_right, style)
        self.banner = BannerSprite(layout.banner, layout.scale)
        self.note = NoteSprite(Box(0, 0, layout.width, layout.height), layout.scale)
        self.focus_ring = FocusSprite(layout.scale)
        self.app.group.add(self.bar, self.banner, self.note, self.focus_ring, *self.buttons.values())
        # natively, what a screen reader would hear is a small line on screen
        self.status = None if app.browser else StatusSprite(layout.status, layout.scale, app.now)
        app.announcer.show = self.status.show if self.status else None
        if self.status:
            self.app.group.add(self.status)
            self.status.banner, self.banner.status = self.banner, self.status  # one message place
            self.status.note = self.note  # a refusal's reason at the card is not said twice
        self.update_bar()

    def set_backdrop(self, surface: pygame.Surface) -> None:
        """The table's background from now on (a cascade draws on a copy of it)."""
        self.backdrop = surface
        self.app.set_background(surface)

    def draw_background(self, layout: Layout) -> pygame.Surface:
        name = self.app.settings.felt
        surf = felt(layout.width, layout.height, name)
        for pile, box in layout.piles.items():
            surf.blit(pile_marker(self.art, pile, self.game.rules), box[:2])
        if not layout.orientation.buttons_in_bar:  # the buttons' own bar (the top bar draws itself)
            pygame.draw.rect(surf, felt_style(name).bar, layout.button_bar)
        return surf

    def deal_origin(self) -> Box:
        """Where the deal animation starts: the stock, else below the middle column."""
        game = self.game
        if game.rules.has_stock:
            return self.laid_out.piles[Pile(STOCK)]
        origin = self.laid_out.piles[Pile(COLUMN, len(game.position.columns) // 2)]
        return Box(origin.x - self.laid_out.card_w // 2, self.app.height + 10, origin.w, origin.h)

    # ---- showing the position ---------------------------------------------------

    def card_places(self, pile: Pile, count: int) -> list[tuple[float, float]]:
        box = self.laid_out.piles[pile]
        if pile.kind == COLUMN:
            hidden = self.game.position.hidden_count(pile)
            return [(box.x, box.y + dy) for dy in self.laid_out.column_offsets(hidden, count)]
        return [(box.x, box.y)] * count

    def cards_box(self, pile: Pile, row: int | None = None) -> Box:
        """Where a pile's cards from ``row`` (None: the top card) up lie:
        a column's fanned run, else (or for an empty column) the pile's place."""
        box = self.laid_out.piles[pile]
        if pile.kind != COLUMN:
            return box
        col = self.game.position.cards(pile)
        if not col:
            return box
        places = self.card_places(pile, len(col))
        x, y = places[len(col) - 1 if row is None else row]
        return Box(round(x), round(y), box.w, round(places[-1][1] - y) + box.h)

    def sync(self, animate: bool = True, deal: bool = False) -> None:
        """Match card sprites to the position and glide each to its place
        (``CardSprites.match``; Reduce motion: put each there at once);
        squeezed columns say how many cards they hold."""
        animate = animate and not self.app.settings.reduce_motion
        pos = self.game.position
        self.deck.match(pos, self.art, self.card_places, self.app.now(), animate=animate, deal=deal)
        self.counts.update(self.laid_out, pos.columns, pos.hidden, self.app.group)
        self.counts.show_stock(self.laid_out, len(pos.stock) if self.game.rules.has_stock else None, self.app.group)
        self.update_bar()
        self.kb.refresh()

    @property
    def cards(self) -> dict[Pile, list[CardSprite]]:
        """Each pile's card sprites, bottom card first."""
        return self.deck.by_pile

    @property
    def moving(self) -> set[CardSprite]:
        """The card sprites gliding or turning."""
        return self.deck.moving

    def set_layer(self, sprite: CardSprite, layer: int) -> None:
        self.deck.set_layer(sprite, layer)

    # ---- per frame -----------------------------------------------------------------

    def update(self, now: int) -> None:
        self.deck.step(now)
        if self.canvas is not None and self.cascade is None:
            self.prepare_cascade(now)
        elif self.cascade is not None:
            self.step_cascade(now)
        refusal = self.pointer.taps.due(now)
        if refusal is not None:
            self.refuse(refusal)
        if self.banner is not None:
            self.banner.step(now)
        if self.note is not None:
            self.note.step(now)
        if self.status is not None:
            self.status.step(now)
        self.refused_marks = [mark for mark in self.refused_marks if mark.step(now)]
        self.update_bar()
        self.finish.step()

    def next_wake(self, now: int) -> int | None:
        """A refusal held back for a double tap, a message's or a refused
        card's outline's fade, the next action of a running Finish: when
        each is due (None: none)."""
        held = self.pointer.taps.held
        times = [held[1] if held is not None else None,
                 *(sprite.next_change(now) for sprite in (self.banner, self.status, self.note) if sprite is not None),
                 *(mark.next_change(now) for mark in self.refused_marks),
                 now if self.app.play.finish.playing else None]
        due = [t for t in times if t is not None]
        return min(due) if due else None

    def hush(self) -> None:
        """The table's messages and the hint's marks go: a dialog opened or
        a drag started (what they said is about the table as it was)."""
        if self.banner is not None:
            self.banner.hide()
        if self.status is not None:
            self.status.clear()
        self.clear_refusal()
        self.app.play.hints.clear_marks()

    def clear_refusal(self) -> None:
        """The last refusal's reason and outlines go (the next touch or key:
        the player has moved on)."""
        if self.note is not None:
            self.note.hide()
        for mark in self.refused_marks:
            mark.kill()
        self.refused_marks = []

    def dialogs_changed(self) -> None:
        """A dialog opened or closed: while one covers the table the clock
        and the solver's pondering stop, and what the table said goes."""
        covered = len(self.app.scenes) > 1
        self.app.play.set_covered(covered)
        if covered:
            self.hush()

    def finish_animations(self) -> None:
        """Input never waits: a new press or key ends every running glide."""
        self.deck.finish()

    @property
    def busy(self) -> bool:
        return bool(self.moving) or self.pointer.dragging

    def update_bar(self) -> None:
        session = self.session
        if not self.bar or not session.game:
            return
        pos = session.game.position
        lang = self.app.settings.lang
        self.bar.show(lang, variant_name(pos.game, pos.variant, lang), deal_name(pos.deal, lang), pos.score, pos.moves,
                      session.elapsed_ms // 1000, clock=not self.app.settings.hide_clock)

    def refresh_text(self) -> None:
        self.art = self.make_art(self.laid_out)
        self.redraw_cards()
        for button in self.buttons.values():
            button.redraw()
        if self.bar is not None:
            self.bar.state = None
        self.update_bar()
        if self.banner is not None and self.banner.visible:
            self.banner.hide()
        self.clear_refusal()  # its words were in the other language

    # ---- playing ----------------------------------------------------------------------

    def play(self, action: Action | str) -> Outcome:
        """Ask the application to play ``action``; what it answers is shown by
        the listeners below (a refusal: the cards glide back)."""
        self.clear_drop_marks()
        outcome = self.app.play.play(action)
        if not outcome.ok:
            self.sync(animate=True)
        return outcome

    def refuse(self, outcome: Outcome) -> None:
        """A refusal found by asking, without playing (a tap that may be the
        first half of a double tap, a face-down card picked up): told like a
        refused play."""
        self.app.play.refuse(outcome)

    def show_outcome(self, outcome: Outcome) -> None:
        """An action or an undo was played: glide the cards."""
        if self.banner is not None:
            self.banner.hide()
        self.pointer.taps.held = None
        name = sound_of(outcome)
        if name is not None:
            self.sound(name)
        if self.outgrown():  # past the room even at the tightest fan: smaller cards, gliding to their places
            self.relayout(animate=True)
        else:
            self.sync(animate=True)

    def tell(self, text: str, kind: str = "say") -> None:
        """The one message place, below the columns (it never covers a
        card): ``"refusal"`` and ``"hint"`` show on the banner for three
        seconds (a hint is also said to a screen reader), ``"say"`` is an
        announcement (the page's live region, natively the status line in
        the same place, held back while the banner shows). Either way it
        is a sentence of its own (``words.sentence``)."""
        text = sentence(text)
        if kind in ("say", "hint"):
            self.app.announcer.say(text)
        if kind in ("refusal", "hint") and self.banner is not None:
            self.banner.show(text, self.app.now())

    def show_refusal(self, outcome: Outcome) -> None:
        """A refusal shows at the card: a red outline where the refused cards
        lie once home (a dropped run glides back to it; a tapped, held or
        pressed card is there) and, with Interactive rules on, the rule in
        words beside them, clear of the stock, the waste and the pile they
        were refused on, until the next touch or key (``NOTE_MS`` at most).
        A refusal with no card (nothing to undo) says its rule on the banner."""
        settings = self.app.settings
        message = refusal_words(outcome, self.game, settings.lang, settings.double_tap)
        said = message if settings.interactive_rules else None
        self.clear_refusal()
        card = self.refused_box(outcome.action)
        if card is None:
            if said is not None and self.banner is not None:
                self.banner.show(said, self.app.now())
        else:
            self.mark_refused(card, NOTE_MS if said else None, self.under_a_strip(outcome.action))
            if said is not None and self.note is not None:
                self.note.show(said, card, self.app.now(), *self.keep_clear(outcome.action),
                               prefer_left=settings.left_handed)
        self.sound("refuse")

    def refused_pile(self, action: Action) -> Pile | None:
        """The pile whose cards an action was refused for (the stock for a
        draw); None: no card (an undo)."""
        src = Pile(STOCK) if action.kind == DRAW else action.src
        return src if src is not None and src in self.laid_out.piles else None

    def refused_box(self, action: Action) -> Box | None:
        """Where the cards an action was refused for lie at rest, their
        pile's places (a dropped run or the keys' held cards glide back
        there; a tapped or pressed card lies there), or the pile's place
        when it is empty; None: no card (an undo)."""
        src = self.refused_pile(action)
        if src is None:
            return None
        layout = self.laid_out
        size = len(self.game.position.cards(src))
        if src.kind != COLUMN or not size:
            return layout.piles[src]
        count = min(size, action.count if action.kind == MOVE else 1)
        places = self.card_places(src, size)[size - count:]
        (x, y), bottom = places[0], places[-1][1] + layout.card_h
        return Box(round(x), round(y), layout.card_w, round(bottom) - round(y))

    def under_a_strip(self, action: Action) -> bool:
        """Whether the refused cards lie on a card whose strip shows right
        above them (a column's card under them): the outline keeps off that
        strip, its index."""
        src = self.refused_pile(action)
        if src is None or src.kind != COLUMN:
            return False
        return len(self.game.position.cards(src)) > (action.count if action.kind == MOVE else 1)

    def keep_clear(self, action: Action) -> tuple[list[Box], list[tuple[Box, float]]]:
        """What a refusal's reason must not cover: the stock and the waste,
        and the pile the cards were refused on (a column's whole fan, the
        foundations); and what it should cover least, with weights: the
        refused cards' whole pile, the bar and its buttons, the other cards."""
        layout, pos = self.laid_out, self.game.position

        def whole(pile: Pile) -> Box:  # a pile's cards, a column's whole fan
            return self.cards_box(pile, 0 if pile.kind == COLUMN and pos.cards(pile) else None)

        hard = [layout.piles[p] for p in (Pile(STOCK), Pile(WASTE)) if p in layout.piles]
        tried = Pile(FOUNDATION) if action.kind == TAP else action.dst  # a tap tries the foundations
        if tried is not None and tried != action.src:
            if tried in layout.piles:
                hard.append(whole(tried))
            elif tried.kind == FOUNDATION:
                hard.append(layout.foundation_area)
        soft: list[tuple[Box, float]] = []
        if action.src is not None and action.src in layout.piles:
            soft.append((whole(action.src), 3.0))
        soft += [(layout.bar, 2.0), (layout.button_bar, 2.0), *((box, 2.0) for box in layout.buttons.values())]
        soft += [(whole(pile), 1.0) for pile in layout.piles if pos.cards(pile)]
        return hard, soft

    def mark_refused(self, box: Box, lasts: int | None = None, under_strip: bool = False) -> None:
        """A red outline at ``box`` (where refused cards lie) that shakes, then
        stays ``lasts`` ms (None: a moment) and fades; ``under_strip``: its
        top edge inside the card's top margin, off the strip above it."""
        top = min(self.laid_out.index.y, 6) if under_strip else None
        mark = RefusedMarkSprite(box, self.art.radius, self.laid_out.scale, self.app.now(),
                                 REFUSED_MS if lasts is None else lasts, top=top,
                                 shake=not self.app.settings.reduce_motion)
        self.refused_marks.append(mark)
        self.app.group.add(mark)

    def show_win(self) -> None:
        self.sound("win")
        self.app.open_win()

    # ---- the win's cascade ---------------------------------------------------------------

    def celebrate(self) -> bool:
        """The win's cascade (``cascade.Cascade``), from the moment the last
        card has landed on its foundation; False: none (Reduce motion, or
        no card on the foundations)."""
        if self.app.settings.reduce_motion or self.session.game is None or self.layout is None:
            return False
        pos = self.game.position
        if self.backdrop is None or not any(pos.cards(p) for p in self.laid_out.piles if p.kind == FOUNDATION):
            return False
        self.end_celebration()
        self.canvas = Canvas(self.backdrop, table_area(self.laid_out))
        return True

    @property
    def celebrating(self) -> bool:
        """The win's cascade is on (or about to start)."""
        return self.canvas is not None

    @property
    def animating(self) -> bool:
        return self.celebrating

    def prepare_cascade(self, now: int) -> None:
        """A band of the cascade's picture a frame; once all are made and
        the last card has landed, the picture shows the table as it is (the
        cards drawn on it in the order the window draws them, their sprites
        hidden) and the cascade starts."""
        canvas = self.canvas
        if canvas is None:
            return
        if not canvas.ready:
            canvas.prepare()
            return
        if self.moving:
            return
        for sprite in sorted((s for row in self.cards.values() for s in row), key=lambda s: s.layer):
            if sprite.visible:
                canvas.blit(sprite.image, sprite.rect.topleft)
                sprite.visible = 0
        canvas.show(self.app.group)
        stacks = [Stack((box.x, box.y), self.game.position.cards(pile)) for pile, box in self.laid_out.piles.items()
                  if pile.kind == FOUNDATION]
        self.cascade = Cascade(canvas, self.art, stacks, now, seed=self.game.position.moves)

    def step_cascade(self, now: int) -> None:
        cascade = self.cascade
        if cascade is None:
            return
        for rect in cascade.step(now):
            self.app.group.repaint_rect(rect)
        if cascade.done:
            self.end_celebration()

    def end_celebration(self, restore: bool = True) -> None:
        """The cascade ends (its time is up, the player skipped it, the
        table changed): its picture goes, the table's cards show again
        (``restore`` False: the table is being made anew anyway)."""
        canvas, self.canvas, self.cascade = self.canvas, None, None
        if canvas is None:
            return
        canvas.hide()
        if restore:
            for sprite in (s for row in self.cards.values() for s in row):
                visible = 1 if sprite in self.moving else sprite.rest_visible
                if sprite.visible != visible:
                    sprite.visible = visible

    def hide_win(self) -> None:
        self.app.close_win()

    def sound(self, name: str) -> None:
        self.app.sound.play(name, self.app.now())


    # ---- drop highlights ----------------------------------------------------------------

    def drop_places(self, src: Pile, count: int) -> list[Pile]:
        """The piles that would take ``count`` cards from ``src``: the
        engine is asked about each (a foundation: the slot it would use)."""
        places: list[Pile] = []
        for pile in self.laid_out.piles:
            if pile == src or pile.kind == FOUNDATION:  # the foundations: asked as one area below
                continue
            if not isinstance(self.game.check(Action(MOVE, src, pile, count)), Refusal):
                places.append(pile)
        if src.kind != FOUNDATION:
            move = self.game.check(Action(MOVE, src, Pile(FOUNDATION), count))
            if not isinstance(move, Refusal):
                places.append(move.dst)
        return places

    def show_drop_marks(self, src: Pile, count: int) -> None:
        self.clear_drop_marks()
        if not self.app.settings.drop_highlights:
            return
        for pile in self.drop_places(src, count):
            self.drop_marks.append(DropMarkSprite(self.cards_box(pile), self.art.radius, self.laid_out.scale))
        self.app.group.add(*self.drop_marks)

    def clear_drop_marks(self) -> None:
        for mark in self.drop_marks:
            mark.kill()
        self.drop_marks = []

    def undo(self) -> None:
        self.finish_animations()
        self.play(Action(UNDO))

    def redo(self) -> None:
        """Play again what the last undo took back (``Application.redo``);
        with nothing to redo, the banner says so."""
        self.finish_animations()
        self.clear_drop_marks()
        if self.app.play.redo() is None:
            self.tell(translate("say.nothing_to_redo", self.app.settings.lang), "refusal")
            self.sound("refuse")

    # ---- where things are -------------------------------------------------------------

    def pile_at(self, x: float, y: float) -> tuple[Pile, int | None] | None:
        """The pile under the pointer and the row pressed (None: the pile
        itself, e.g. the stock or an empty slot). Hit areas reach half way
        to the neighbours so a finger finds them."""
        layout, pos = self.laid_out, self.game.position
        reach = max(6, round(layout.card_w * 0.08))
        for pile, box in layout.piles.items():
            if pile.kind == COLUMN:
                col = pos.cards(pile)
                if not (box.x - reach <= x < box.right + reach):
                    continue
                places = self.card_places(pile, len(col))
                for row in range(len(col) - 1, -1, -1):
                    top = places[row][1]
                    if top <= y < top + layout.card_h + (reach if row == len(col) - 1 else 0):
                        return pile, row
                if not col and box.inflate(2 * reach, 2 * reach).contains(x, y):
                    return pile, None
                continue
            if box.inflate(2 * reach, 2 * reach).contains(x, y):
                size = len(self.cards.get(pile, []))
                return pile, (size - 1 if size else None)
        return None

    def drop_target(self, lead: Box, src: Pile, count: int) -> Pile | None:
        """Where a drag lands: the pile whose place the dragged cards cover
        most; anywhere over the foundations means the foundation area."""
        layout, pos = self.laid_out, self.game.position
        best, best_area = None, 0
        for pile, box in layout.piles.items():
            if pile.kind == FOUNDATION:
                continue
            target = box
            if pile.kind == COLUMN:
                size = len(pos.cards(pile))
                n = size - (count if pile == src else 0)
                if n > 0:
                    last_y = round(self.card_places(pile, size)[n - 1][1])
                    target = Box(box.x, last_y, box.w, max(box.h, layout.columns_bottom - last_y))
            area = lead.overlap(target)
            if area > best_area:
                best, best_area = pile, area
        area = lead.overlap(layout.foundation_area)
        if area > best_area:
            best = Pile(FOUNDATION)
        return best

    # ---- events -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.app.play.finish.playing and stops_the_finish(event):
            self.app.play.finish.stop()  # the player acts: the Finish stops, the press or key does what it does
        if event.type == pygame.MOUSEMOTION:
            self.finish.pointer("move", event.pos)
            for button in self.buttons.values():
                button.pointer("move", event.pos)
            if self.pointer.press:
                self.pointer.drag_to(event.pos)
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.clear_refusal()  # the next touch or key: the player has moved on
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.kb.pointer_used()
            if self.finish.pointer("down", event.pos):
                return True
            for button in self.buttons.values():
                if button.pointer("down", event.pos):
                    return True
            self.pointer.press_at(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.finish.pressed:
                self.finish.pointer("up", event.pos)
                return True
            for button in list(self.buttons.values()):
                if button.button.pressed:
                    button.pointer("up", event.pos)
                    return True
            self.pointer.release_at(event.pos)
            return True
        if event.type == pygame.KEYDOWN:
            if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META) and event.key in (pygame.K_z, pygame.K_y):
                # Ctrl+Z undo; Ctrl+Y or Ctrl+Shift+Z redo
                self.redo() if event.key == pygame.K_y or event.mod & pygame.KMOD_SHIFT else self.undo()
                return True
            if event.key == pygame.K_ESCAPE and self.pointer.press:
                self.pointer.cancel_drag()
                return True
            if not self.pointer.press and self.kb.handle_key(event):
                return True
            handler = self.keys.get(event.key)
            if handler and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
                handler()
                return True
        return False

    def cancel_drag(self) -> None:
        """Cards held by the pointer go back (a dialog opens, a frame failed)."""
        self.pointer.cancel_drag()
