"""The help pages in the window: one tab per page of ``game.help.pages()``
(rules of each game, controls, FAQ) and the Examples page, where the player
steps through real deals replayed by the engine.

A text page is word-wrapped to the panel and scrolls (wheel, arrow keys or a
drag). An example shows its position as a small table, the caption of the
step, and a refused step's rule message exactly as the game words it.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...engine import Action, Outcome, Pile, Position
from ...engine.actions import COLUMN, STOCK
from ...engine import parse_code, registry
from ...help import EXAMPLES, Example, pages, rules_page
from ...i18n import refusal_message, translate
from ..drawing import theme
from ..drawing.cardart import card_art, rounded_mask
from ..drawing.felt import felt, pile_marker
from ..drawing.fonts import fit_text, font, wrap, wrap_fit
from ..drawing.layout import Box, make_layout
from .panel import PanelScene
from .widgets import Button

if TYPE_CHECKING:
    from .hosts import HelpHost


class ExamplePlayer:
    """One example, stepped forwards and back by replaying it from its start."""

    def __init__(self, example: Example) -> None:
        self.example = example
        self.step = 0
        self.game = example.start_game()
        self.outcome: Outcome | None = None

    @property
    def steps(self) -> int:
        return len(self.example.steps)

    def go(self, step: int) -> None:
        self.step = max(0, min(step, self.steps))
        self.game = self.example.start_game()
        self.outcome = None
        for s in self.example.steps[: self.step]:
            self.outcome = self.game.play(s.action)

    def caption(self, lang: str) -> str:
        key = self.example.start_caption if self.step == 0 else self.example.steps[self.step - 1].caption
        return translate(key, lang, **self.example.params)

    def refusal(self, lang: str) -> str | None:
        """The rule message of the step just shown, if the engine refused it."""
        if self.outcome is not None and not self.outcome.ok:
            return refusal_message(self.outcome, lang)
        return None

    def shown_action(self) -> tuple[Action, bool | None] | None:
        """The action the caption speaks of, and whether the engine took it
        (None: not played yet, the start's caption points at its target)."""
        if self.step == 0:  # the start: where the first step goes (the card the caption names)
            return (Action.parse(self.example.steps[0].action), None) if self.example.steps else None
        return Action.parse(self.example.steps[self.step - 1].action), bool(self.outcome and self.outcome.ok)


def render_position(pos: Position, width: int, height: int, lang: str,
                    highlight: tuple[Action, bool | None] | None = None) -> pygame.Surface:
    """A small picture of the table at ``pos``: the same layout and card art
    as the game, drawn once into a surface of ``width`` x ``height``.
    ``highlight``: (an action, whether it was played) marks the cards it
    moved where they landed, or the cards it tried to move and where to."""
    # cards as large as this position allows (not sized for the longest
    # columns a game can reach), so their corners read
    fit = max(((hidden, len(col) + 1) for col, hidden in zip(pos.columns, pos.hidden)), key=lambda t: t[1] + t[0])
    layout = make_layout(pos.game, pos.variant, width, height, ("x",), fit=fit, side=False)
    top = layout.bar.h - round(6 * layout.scale)  # the preview has no bar
    surf = felt(width, height)
    art = card_art(layout.card_w, layout.card_h, lang, index=layout.index, fan=layout.up_gap)
    everything = [(pile, pos.cards(pile)) for pile in pos.piles()]
    cols = [(pile, cards) for pile, cards in everything if pile.kind == COLUMN]
    piles = [(pile, cards) for pile, cards in everything if pile.kind != COLUMN]
    rules = pos.rules
    places: dict[Pile, list[tuple[int, int]]] = {}
    for pile, box in layout.piles.items():
        surf.blit(pile_marker(art, pile, rules), (box.x, box.y - top))
    for pile, cards in piles:
        box = layout.piles[pile]
        if cards:
            surf.blit(art.image(cards[-1], pile.kind != STOCK), (box.x - art.pad, box.y - top - art.pad))
        places[pile] = [(box.x, box.y - top)] * max(1, len(cards))
    for pile, cards in cols:
        box = layout.piles[pile]
        hidden = pos.hidden_count(pile)
        offsets = layout.column_offsets(hidden, len(cards))
        places[pile] = [(box.x, box.y - top + dy) for dy in offsets] or [(box.x, box.y - top)]
        for row, (card, dy) in enumerate(zip(cards, offsets)):
            surf.blit(art.image(card, row >= hidden), (box.x - art.pad, box.y - top + dy - art.pad))
    if highlight is not None and highlight[0].src is not None:
        action, played = highlight
        line = max(2, round(3 * layout.scale))

        def outline(pile: Pile | None, count: int, color, beyond: bool = False) -> None:
            spots = places.get(pile) if pile is not None else None
            if not spots:
                return
            if beyond:  # the place after the pile's last card
                x, y = spots[-1]
                if pile is not None and pile.kind == COLUMN and pos.cards(pile):
                    y += layout.up_gap
                first = last = (x, y)
            else:
                first, last = spots[max(0, len(spots) - count)], spots[-1]
            rect = pygame.Rect(first[0], first[1], layout.card_w, last[1] - first[1] + layout.card_h)
            pygame.draw.rect(surf, color, rect.inflate(6, 6), line, border_radius=art.radius + 2)

        if played is None:  # before the first step: the card the caption asks to watch
            outline(action.dst, 1, theme.HIGHLIGHT)
        elif played:
            outline(action.dst, action.count, theme.HIGHLIGHT)
        else:
            outline(action.src, action.count, theme.HIGHLIGHT)
            outline(action.dst, 1, theme.ERROR, beyond=True)
    return surf


MIN_EXAMPLE_H = 150  # logical px for an example's preview and caption; a shorter window scrolls the panel


class RulesScene(PanelScene["HelpHost"]):
    """The help pages, one tab each."""

    title_key = "help.title"
    fit_window = True  # the pages scroll inside the panel

    def __init__(self, app: HelpHost) -> None:
        current = app.session.game.position.game if app.session.game else registry.default_game().id
        self.pages = pages()
        self.page = self.pages.index(rules_page(current))
        self.scroll = 0
        self.max_scroll = 0
        self.drag_from: tuple[int, int] | None = None
        self.players = [ExamplePlayer(e) for e in EXAMPLES]
        # the first example of the game being played (else the first one)
        self.example = next((i for i, e in enumerate(EXAMPLES) if parse_code(e.deal).game == current), 0)
        self._preview: tuple[tuple, pygame.Surface] | None = None
        self.examples_text_top = 0  # where the example's caption starts (set as it is drawn)
        super().__init__(app, 940, 4000)  # as tall as the window allows

    # ---- layout ----------------------------------------------------------------------

    @property
    def wide(self) -> bool:
        return self.pw > self.ph

    def rows(self, pw: int) -> tuple[int, int, int, bool]:
        """What the panel's width decides: (tabs per row, the content's top,
        the examples' intro height, whether the example's buttons need a row
        of their own above Close)."""
        p = self.px
        n = len(self.pages)
        per_row = n if (pw - p(56)) / n >= p(150) else (n + 1) // 2
        tabs_bottom = p(76) + (-(-n // per_row) - 1) * p(52) + p(44)
        intro_h = p(50 if pw >= p(600) else 92)  # two lines of intro, or four where narrow
        return per_row, tabs_bottom + p(16), intro_h, pw - p(56) - p(168) < p(3 * 110)

    def least_height(self, pw: int) -> int:
        # the tabs, the examples' intro and buttons, a preview and a caption
        # of at least MIN_EXAMPLE_H, the buttons at the bottom
        p = self.px
        _, content_top, intro_h, narrow = self.rows(pw)
        return content_top + intro_h + p(44) + p(14) + p(MIN_EXAMPLE_H) + p(146 if narrow else 86)

    def build(self) -> None:
        p = self.px
        per_row, self.content_top, self.intro_h, narrow = self.rows(self.pw)
        tab_w = (self.pw - p(56) - (per_row - 1) * p(8)) // per_row
        self.tabs = []
        for i, page in enumerate(self.pages):
            row, col = divmod(i, per_row)
            box = Box(p(28) + col * (tab_w + p(8)), p(76) + row * p(52), tab_w, p(44))
            self.tabs.append(Button(box, page.title, partial(self.show_page, i), style="choice", size=p(17)))
        self.close_button = Button(Box(self.pw - p(168), self.ph - p(70), p(140), p(50)), "ui.close", self.close, style="secondary")
        # a narrow panel: the example's buttons get a row of their own above Close
        self.content_bottom = self.ph - p(146 if narrow else 86)
        if narrow:
            bw = (self.pw - p(56) - 2 * p(10)) // 3
            y = self.ph - p(130)
        else:
            bw = min(p(150), (self.pw - p(56) - p(168) - 2 * p(10)) // 3)
            y = self.ph - p(70)
        self.prev_button = Button(Box(p(28), y, bw, p(50)), "help.examples.previous", lambda: self.step(-1), style="secondary")
        self.next_button = Button(Box(p(28) + bw + p(10), y, bw, p(50)), "help.examples.next", lambda: self.step(1))
        self.restart_button = Button(Box(p(28) + 2 * (bw + p(10)), y, bw, p(50)), "help.examples.restart",
                                     lambda: self.step(None), style="secondary")
        # the examples' own choice buttons, under the intro
        ew = (self.pw - p(56) - p(10) * (len(EXAMPLES) - 1)) // max(1, len(EXAMPLES))
        ey = self.content_top + self.intro_h
        self.example_buttons = [
            Button(Box(p(28) + i * (ew + p(10)), ey, ew, p(44)), e.title, partial(self.choose_example, i),
                   style="choice", size=p(16))
            for i, e in enumerate(EXAMPLES)
        ]
        self.show_page(self.page, redraw=False)

    def on_examples(self) -> bool:
        return self.pages[self.page].kind == "examples"

    def show_page(self, index: int, redraw: bool = True) -> None:
        self.page, self.scroll = index, 0
        for i, tab in enumerate(self.tabs):
            tab.selected = i == index
        self.widgets = [*self.tabs, self.close_button]
        if self.on_examples():
            self.widgets += [*self.example_buttons, self.prev_button, self.next_button, self.restart_button]
            self.refresh_example_buttons()
        if redraw:
            self.redraw()

    # ---- examples -----------------------------------------------------------------------

    def refresh_example_buttons(self) -> None:
        player = self.players[self.example]
        for i, b in enumerate(self.example_buttons):
            b.selected = i == self.example
        self.prev_button.enabled = player.step > 0
        self.next_button.enabled = player.step < player.steps
        self.restart_button.enabled = player.step > 0

    def choose_example(self, index: int) -> None:
        self.example, self.scroll = index, 0
        self.refresh_example_buttons()
        self.redraw()

    def step(self, delta: int | None) -> None:
        player = self.players[self.example]
        player.go(0 if delta is None else player.step + delta)
        self.scroll = 0
        self.refresh_example_buttons()
        self.redraw()

    def example_areas(self) -> tuple[Box, Box]:
        """(the preview, the caption) in panel coordinates."""
        p = self.px
        top = self.example_buttons[0].box.bottom + p(14)
        bottom = self.content_bottom
        inner_w = self.pw - p(56)
        if self.wide:
            pw = min(round(inner_w * 0.6), round((bottom - top) * 1.75))
            return Box(p(28), top, pw, bottom - top), Box(p(28) + pw + p(20), top, inner_w - pw - p(20), bottom - top)
        # wider than tall: the landscape table; at least a line of caption under it
        ph = min(round(inner_w * 0.7), max(p(120), bottom - top - p(250)), bottom - top - p(14 + 60))
        return Box(p(28), top, inner_w, ph), Box(p(28), top + ph + p(14), inner_w, max(p(40), bottom - top - ph - p(14)))

    def preview(self, lang: str, box: Box) -> pygame.Surface:
        player = self.players[self.example]
        key = (self.example, player.step, box.w, box.h, lang)
        if self._preview is None or self._preview[0] != key:
            surf = render_position(player.game.position, box.w, box.h, lang, player.shown_action())
            rounded = rounded_mask(box.w, box.h, self.px(10), (255, 255, 255))
            rounded.blit(surf, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            self._preview = (key, rounded)
        return self._preview[1]

    def draw_examples(self, surf: pygame.Surface, lang: str) -> None:
        p = self.px
        intro, size = wrap_fit(translate("help.examples.intro", lang), p(16), self.pw - p(56), self.intro_h // p(21))
        for i, line in enumerate(intro):
            surf.blit(font(size).render(line, True, theme.PANEL_DIM), (p(28), self.content_top + i * p(21)))
        player = self.players[self.example]
        preview_box, text_box = self.example_areas()
        surf.blit(self.preview(lang, preview_box), preview_box[:2])
        y = text_box.y
        counter = fit_text(translate("help.examples.step", lang, step=player.step, steps=player.steps),
                           p(15), theme.PANEL_DIM, text_box.w, bold=True)
        surf.blit(counter, (text_box.x, y))
        y += counter.get_height() + p(8)
        refusal = player.refusal(lang)
        line_h = p(23)
        room = text_box.bottom - y
        room -= room % line_h if room > line_h else 0  # whole lines: the rest is a scroll away
        # the caption and the refusal at their full size, on a strip that scrolls
        # (wheel, drag, arrow keys) when the window is too short to show it whole
        lines = wrap(player.caption(lang), p(17), text_box.w)
        refusal_lines = wrap(f"{translate('help.examples.refused', lang)} {refusal}", p(16), text_box.w - p(20)) \
            if refusal else []
        box_h = len(refusal_lines) * p(21) + p(14)
        total = len(lines) * line_h + (p(10) + box_h if refusal_lines else 0)
        self.max_scroll = max(0, -(-(total - room) // line_h))
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        strip = pygame.Surface((text_box.w, max(total, 1)), pygame.SRCALPHA)
        ty = 0
        for line in lines:
            strip.blit(font(p(17)).render(line, True, theme.PANEL_TEXT), (0, ty))
            ty += line_h
        if refusal_lines:
            ty += p(10)
            box = pygame.Rect(0, ty, text_box.w, box_h)
            pygame.draw.rect(strip, (250, 232, 230), box, border_radius=p(8))
            pygame.draw.rect(strip, theme.ERROR, box, width=1, border_radius=p(8))
            for i, line in enumerate(refusal_lines):
                strip.blit(font(p(16)).render(line, True, theme.ERROR), (p(10), ty + p(7) + i * p(21)))
        shown = min(room, total - self.scroll * line_h)
        surf.blit(strip, (text_box.x, y), pygame.Rect(0, self.scroll * line_h, text_box.w, max(0, shown)))
        if self.max_scroll:
            self.scroll_bar(surf, pygame.Rect(self.pw - p(20), y, p(5), room), room / total)
        self.examples_text_top = y

    # ---- text pages ------------------------------------------------------------------------

    def lines(self, lang: str) -> list[tuple[str, int, bool, int]]:
        """(text, size, bold, space before) of every line of the page."""
        p = self.px
        width = self.pw - p(56) - p(16)
        out: list[tuple[str, int, bool, int]] = []
        page = self.pages[self.page]
        for section in page.sections:
            if section.heading:
                for i, line in enumerate(wrap(translate(section.heading, lang), p(19), width, bold=True)):
                    out.append((line, p(19), True, p(14) if out and i == 0 else 0))
            for key in section.paragraphs:
                for paragraph in translate(key, lang).split("\n"):
                    for i, line in enumerate(wrap(paragraph, p(17), width)):
                        out.append((line, p(17), False, p(4) if i == 0 and out else 0))
        return out

    def draw_text_page(self, surf: pygame.Surface, lang: str) -> None:
        p = self.px
        top, bottom = self.content_top, self.content_bottom
        lines = self.lines(lang)
        heights = [font(size, bold).get_linesize() + gap for _, size, bold, gap in lines]
        # the last scroll position that still fills the view
        total, self.max_scroll = 0, 0
        for i in range(len(lines) - 1, -1, -1):
            total += heights[i]
            if total > bottom - top:
                self.max_scroll = i + 1
                break
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        clip = surf.get_clip()
        surf.set_clip(pygame.Rect(0, top, self.pw, bottom - top))
        y = top
        for (text, size, bold, gap), h in zip(lines[self.scroll:], heights[self.scroll:]):
            y += gap if y > top else 0
            if y + h - gap > bottom:
                break  # only whole lines: the rest is a scroll away
            color = theme.BUTTON if bold else theme.PANEL_TEXT
            surf.blit(font(size, bold).render(text, True, color), (p(28), y))
            y += h - gap
        surf.set_clip(clip)
        if self.max_scroll:
            self.scroll_bar(surf, pygame.Rect(self.pw - p(20), top, p(5), bottom - top),
                            (len(lines) - self.max_scroll) / len(lines))

    def scroll_bar(self, surf: pygame.Surface, track: pygame.Rect, part: float) -> None:
        """A thin scroll bar: where the view is in the page (``part``: the share shown)."""
        p = self.px
        pygame.draw.rect(surf, theme.PANEL_LINE, track, border_radius=p(3))
        view = max(p(24), round(track.h * part))
        at = track.y + round((track.h - view) * self.scroll / self.max_scroll)
        pygame.draw.rect(surf, theme.PANEL_DIM, (track.x, at, track.w, view), border_radius=p(3))

    def draw_content(self, surf: pygame.Surface, lang: str) -> None:
        if self.on_examples():
            self.draw_examples(surf, lang)
        else:
            self.draw_text_page(surf, lang)

    # ---- events ------------------------------------------------------------------------------

    def scroll_by(self, lines: int) -> None:
        self.scroll = max(0, min(self.scroll + lines, self.max_scroll))
        self.redraw()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            before = self.scroll
            self.scroll_by(-event.y * 2)
            if self.scroll == before and self.view_h < self.ph:
                return super().handle_event(event)  # the text is at its end: the panel scrolls
            return True
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: 8, pygame.K_PAGEUP: -8}
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return True
            if self.on_examples() and event.key in (pygame.K_RIGHT, pygame.K_LEFT):
                self.step(1 if event.key == pygame.K_RIGHT else -1)
                return True
            if event.key == pygame.K_F1:
                self.close()
                return True
        # a drag on the text scrolls it (touch screens have no wheel)
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            x, y = self.local(event.pos)
            top = self.examples_text_top if self.on_examples() else self.content_top
            on_text = top <= y < self.content_bottom and (self.max_scroll > 0 or self.view_h >= self.ph)
            self.drag_from = (y, self.scroll) if on_text else None
        elif event.type == pygame.MOUSEBUTTONUP:
            self.drag_from = None
        elif event.type == pygame.MOUSEMOTION and self.drag_from:
            start_y, start_scroll = self.drag_from
            line_h = font(self.px(17)).get_linesize()
            wanted = max(0, min(start_scroll - (self.local(event.pos)[1] - start_y) // line_h, self.max_scroll))
            if wanted != self.scroll:
                self.scroll = wanted
                self.redraw()
        return super().handle_event(event)

    def pan_event(self, event: pygame.event.Event) -> bool:
        # a drag that scrolls the text does not move the panel too
        return self.drag_from is None and super().pan_event(event)

    def default_action(self) -> None:
        if self.on_examples() and self.next_button.enabled:
            self.step(1)
        else:
            self.close()
