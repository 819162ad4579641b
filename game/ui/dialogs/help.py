"""The help pages in the window: one tab per page of ``game.help.pages()``
(rules of each game, controls, FAQ) and the Examples page, where the player
steps through real deals replayed by the engine.

A text page is word-wrapped to the panel and scrolls (wheel, arrow keys or a
drag). An example shows its position as a small table (``drawing.preview``:
cards never narrower than their index needs), the caption of the step, and a
refused step's rule message exactly as the game words it.

The title, the tabs and the buttons never scroll: one area between them
does, and the panel is never taller than the window (but on one too small
for even the buttons and a little of the page, under about 420 x 300).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...engine import Action, Outcome
from ...engine import parse_code, registry
from ...help import EXAMPLES, Example, pages, rules_page
from ...i18n import LANGUAGES, refusal_message, translate
from ..drawing import theme
from ..drawing.cardart import rounded_mask
from ..drawing.fonts import fit_text, font, wrap, wrap_fit
from ..drawing.layout import TEXT_FLOOR, Box
from ..drawing.preview import FLOOR_CARD_W, PreviewLayout, Stack, plan_preview, position_stacks, render_position
from .panel import PanelScene
from .widgets import Button, Widget, balanced_lines, one_size

if TYPE_CHECKING:
    from .hosts import DialogHost


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

    def stacks(self) -> list[Stack]:
        """The columns of every step as the preview shows them: its cards
        are sized for them all, so they keep their size from step to step."""
        shown = self.step
        out: list[Stack] = []
        for step in range(self.steps + 1):
            self.go(step)
            out += position_stacks(self.game.position, self.shown_action())
        self.go(shown)
        return out


COMPACT_BELOW = 560  # logical px: a shorter panel has the tabs beside its title (or Close there) and no intro on top
CAPTION_MIN_W = 230  # logical px: the least text column beside an example's preview
EXAMPLE_GAP = 8  # logical px between the examples' buttons
LINE = 23  # logical px: a caption line, and the step the Examples page scrolls by


@dataclass(frozen=True)
class ExampleView:
    """Where an example goes on the Examples page. ``area`` (panel px) is
    the page's one scrolling area, drawn within ``clip``. ``beside``: the
    preview stays at ``preview`` (panel px) and the text column ``text``
    scrolls; else the preview and the text under it scroll together (both
    boxes from the area's top left; a preview wider than the text may
    reach into the panel's margins). ``picture``: the preview's piles and
    card size."""

    area: Box
    clip: Box
    preview: Box
    text: Box
    beside: bool
    picture: PreviewLayout


class RulesScene(PanelScene["DialogHost"]):
    """The help pages, one tab each."""

    title_key = "help.title"
    fit_window = True  # the pages scroll inside the panel

    def __init__(self, app: DialogHost) -> None:
        current = app.play.session.game.position.game if app.play.session.game else registry.default_game().id
        self.pages = pages()
        self.page = self.pages.index(rules_page(current))
        self.scroll = 0
        self.max_scroll = 0
        self.drag_from: tuple[int, int] | None = None
        self.players = [ExamplePlayer(e) for e in EXAMPLES]
        # the first example of the game being played (else the first one)
        self.example = next((i for i, e in enumerate(EXAMPLES) if parse_code(e.deal).game == current), 0)
        self._preview: tuple[tuple[int, int, int, int, str], pygame.Surface] | None = None  # (its key, the picture)
        self._views: dict[int, ExampleView] = {}  # the Examples page's geometry, per example (for this panel size)
        super().__init__(app, 940, 4000)  # as tall as the window allows

    # ---- layout ----------------------------------------------------------------------
    # The title, the tabs and the buttons stay where they are; between them
    # one area scrolls (a text page's lines, or an example's text, with its
    # preview when there is no room beside it). The panel is never taller
    # than the window: a second scroll bar would be one too many.

    def least_height(self, pw: int) -> int:
        # the title and the tabs (beside it, or in one or two rows under it), the examples' choice, a little
        # of the example and the buttons at the foot: on a window shorter than that (narrow ones under about
        # 300 px, wide ones under about 250) the panel scrolls as well
        p = self.px
        rows = 0 if self.tabs_beside_title(pw) else 1 if (pw - p(56)) / len(self.pages) >= p(84) else 2
        return p(68) + rows * (self.tap(40) + p(8)) + self.tap(40) + p(8) + p(60) + self.tap(44) + p(18)

    def title_width(self) -> int:
        return max(font(self.px(30), True).size(translate(self.title_key, lang))[0] for lang in LANGUAGES)

    def tabs_beside_title(self, pw: int) -> bool:
        """Whether a short panel ``pw`` wide has the tabs beside the title
        (and Close at the foot, with the example's buttons)."""
        p = self.px
        inner, n = pw - p(56), len(self.pages)
        return (inner - self.title_width() - p(16) - (n - 1) * p(8)) / n >= p(84) and inner >= p(3 * 110 + 2 * 10 + 16 + 130)

    def build(self) -> None:
        p = self.px
        m, inner, n = p(28), self.pw - p(56), len(self.pages)
        self.compact = self.ph < p(COMPACT_BELOW)
        self._views.clear()
        self.head_h = 0  # the panel fits the window: only a window too short for it scrolls it, whole
        title_w = self.title_width()
        # a short panel: the tabs beside the title and Close at the foot with the example's buttons,
        # or where the panel is narrow too, Close beside the title and the tabs under it
        beside = self.compact and self.tabs_beside_title(self.pw)
        foot = Box(self.pw - m - p(130), self.ph - p(10) - self.tap(44), p(130), self.tap(44))
        if beside:
            tabs, per_row, tab_h = Box(m + title_w + p(16), p(14), inner - title_w - p(16), 0), n, self.tap(44)
            close = foot
        elif self.compact:
            tabs, per_row, tab_h = Box(m, p(66), inner, 0), (n if inner / n >= p(84) else (n + 1) // 2), self.tap(40)
            close = Box(self.pw - m - p(130), p(14), p(130), self.tap(42))
        else:
            tabs, per_row, tab_h = Box(m, p(76), inner, 0), (n if inner / n >= p(150) else (n + 1) // 2), self.tap(44)
            close = Box(self.pw - p(168), self.ph - p(20) - self.tap(50), p(140), self.tap(50))
        self.close_button = Button(close, "ui.close", self.close, style="secondary")
        tab_w = (tabs.w - (per_row - 1) * p(8)) // per_row
        self.tabs = []
        for i, page in enumerate(self.pages):
            row, col = divmod(i, per_row)
            box = Box(tabs.x + col * (tab_w + p(8)), tabs.y + row * (tab_h + p(8)), tab_w, tab_h)
            self.tabs.append(Button(box, page.title, partial(self.show_page, i), style="choice",
                                    size=p(16 if self.compact else 17)))
        one_size(self.tabs)
        self.content_top = max(self.tabs[-1].box.bottom, p(58)) + p(10 if self.compact else 16)
        self.content_bottom = self.ph - p(14) if close.y < self.content_top else close.y - p(10 if self.compact else 16)
        # the example's buttons: at the foot (compact), beside Close, or in a row of their own above it (narrow)
        if self.compact:
            room = inner - (p(130) + p(16) if beside else 0)
            bw, y, bh = min(p(150), (room - 2 * p(10)) // 3), foot.y, foot.h
        elif inner - p(168) < p(3 * 110):
            bw, y, bh = (inner - 2 * p(10)) // 3, close.y - p(10) - self.tap(50), self.tap(50)
        else:
            bw, y, bh = min(p(150), (inner - p(168) - 2 * p(10)) // 3), close.y, close.h
        self.prev_button = Button(Box(m, y, bw, bh), "help.examples.previous", lambda: self.step(-1), style="secondary")
        self.next_button = Button(Box(m + bw + p(10), y, bw, bh), "help.examples.next", lambda: self.step(1))
        self.restart_button = Button(Box(m + 2 * (bw + p(10)), y, bw, bh), "help.examples.restart",
                                     lambda: self.step(None), style="secondary")
        one_size((self.prev_button, self.next_button, self.restart_button))
        # the examples' own choice buttons, under two lines of intro (short or narrow: the intro follows the text)
        self.intro_h = p(50) if not self.compact and self.pw >= p(600) else 0
        ey, eh = self.content_top + self.intro_h, self.tap(40 if self.compact else 44)
        x, self.example_buttons = m, []
        for i, (e, ew) in enumerate(zip(EXAMPLES, self.example_widths(inner, eh))):
            self.example_buttons.append(Button(Box(x, ey, ew, eh), e.title, partial(self.choose_example, i),
                                               style="choice", size=p(16)))
            x += ew + p(EXAMPLE_GAP)
        one_size(self.example_buttons)
        top = ey + eh + p(8 if self.compact else 14)
        self.examples_area = Box(m, top, inner, max(p(30), y - p(8 if self.compact else 16) - top))
        self.show_page(self.page, redraw=False)

    def example_widths(self, inner: int, height: int) -> list[int]:
        """The examples' buttons' widths along ``inner`` px: equal, unless a
        title needs more than its share on two lines at the least type (in
        any language): then each as wide as its title needs, the room left
        shared out."""
        p, n = self.px, max(1, len(EXAMPLES))
        room = inner - p(EXAMPLE_GAP) * (n - 1)
        pad = 2 * max(6, round(height * 0.16))
        needs = []
        for e in EXAMPLES:
            need = 0
            for lang in LANGUAGES:
                words = translate(e.title, lang)
                lines = balanced_lines(words, TEXT_FLOOR, True) if " " in words else [words]
                need = max(need, max(font(TEXT_FLOOR, True).size(line)[0] for line in lines) + pad)
            needs.append(need)
        if max(needs) <= room // n:
            return [room // n] * n
        if sum(needs) >= room:  # too little room even so: shared as they need it
            return [room * need // sum(needs) for need in needs]
        spare = (room - sum(needs)) // n
        return [need + spare for need in needs]

    def actions(self) -> list[Widget]:
        """The tabs, Close and the example's buttons: the panel fits the window, one area scrolls."""
        return list(self.widgets)

    def on_examples(self) -> bool:
        return self.pages[self.page].kind == "examples"

    def scroll_area(self) -> Box:
        """The one part of the panel that scrolls (panel px)."""
        if self.on_examples():
            return self.example_view().area
        return Box(0, self.content_top, self.pw, self.content_bottom - self.content_top)

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
        """Play the example on, back, or (None) from its start. The view stays
        where the player scrolled it, never past the start of the new text."""
        player = self.players[self.example]
        player.go(0 if delta is None else player.step + delta)
        self.scroll = min(self.scroll, self.example_view().text.y // self.px(LINE))
        self.refresh_example_buttons()
        self.redraw()

    def example_view(self) -> ExampleView:
        view = self._views.get(self.example)
        if view is None:
            view = self._views[self.example] = self.plan_example()
        return view

    def plan_example(self) -> ExampleView:
        """The preview beside the text when the area is wide enough for
        cards whose index reads (``FLOOR_CARD_W``) and a text column, unless
        the preview above the text would have much larger cards (and those
        beside are not large already); above the
        text, it leaves a few lines of it in view when it can, and takes the
        panel's margins when the text's width is too narrow for the floor."""
        p = self.px
        area = self.examples_area
        player = self.players[self.example]
        rules, stacks = player.game.position.rules, player.stacks()
        room = min(area.h - p(12 + 3 * LINE), round(area.h * 0.7))
        above, x = plan_preview(rules, stacks, area.w, room), 0
        if above.card_w < FLOOR_CARD_W:
            x = p(10) - area.x  # from the panel's edge to the scroll bar's lane
            above = plan_preview(rules, stacks, self.pw - p(34), room)
        gap = p(20)
        most = area.w - gap - p(CAPTION_MIN_W)  # the text column keeps its least width
        for width in sorted({min(round(area.w * 0.62), most), most}):
            if width < p(200):
                continue
            picture = plan_preview(rules, stacks, width, area.h)
            fits = picture.card_w >= FLOOR_CARD_W and picture.height <= area.h
            if fits and (picture.card_w * 5 >= above.card_w * 4 or picture.card_w >= 2 * FLOOR_CARD_W
                         or above.height > room):
                text = Box(area.x + width + gap, area.y, area.right - area.x - width - gap, area.h)
                return ExampleView(text, text, Box(area.x, area.y, width, picture.height), Box(0, 0, text.w, area.h),
                                   True, picture)
        width = area.w - 2 * x
        clip = Box(area.x + min(0, x), area.y, max(area.w, width), area.h)
        return ExampleView(area, clip, Box(x, 0, width, above.height), Box(0, above.height + p(12), area.w, 0), False,
                           above)

    def preview(self, lang: str, box: Box, picture: PreviewLayout) -> pygame.Surface:
        player = self.players[self.example]
        key = (self.example, player.step, box.w, box.h, lang)
        if self._preview is None or self._preview[0] != key:
            surf = render_position(player.game.position, box.w, box.h, lang, player.shown_action(), picture)
            rounded = rounded_mask(box.w, box.h, self.px(10), (255, 255, 255))
            rounded.blit(surf, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            self._preview = (key, rounded)
        return self._preview[1]

    def example_text(self, lang: str, width: int) -> tuple[list[tuple[pygame.Surface, int, int]], int]:
        """The example's text column as (image, x, y) from its top: the step
        counter, the caption, the refusal in its box (and the page's intro
        when there is no room for it above); and its height."""
        p = self.px
        player = self.players[self.example]
        out: list[tuple[pygame.Surface, int, int]] = []
        counter = fit_text(translate("help.examples.step", lang, step=player.step, steps=player.steps),
                           p(15), theme.PANEL_DIM, width, bold=True)
        out.append((counter, 0, 0))
        y = counter.get_height() + p(8)
        for line in wrap(player.caption(lang), p(17), width):
            out.append((font(p(17)).render(line, True, theme.PANEL_TEXT), 0, y))
            y += p(LINE)
        refusal = player.refusal(lang)
        if refusal:
            lines = wrap(f"{translate('help.examples.refused', lang)} {refusal}", p(16), width - p(20))
            box = pygame.Surface((width, len(lines) * p(21) + p(14)), pygame.SRCALPHA)
            pygame.draw.rect(box, (250, 232, 230), box.get_rect(), border_radius=p(8))
            pygame.draw.rect(box, theme.ERROR, box.get_rect(), width=1, border_radius=p(8))
            for i, line in enumerate(lines):
                box.blit(font(p(16)).render(line, True, theme.ERROR), (p(10), p(7) + i * p(21)))
            y += p(10)
            out.append((box, 0, y))
            y += box.get_height()
        if not self.intro_h:
            y += p(14)
            for line in wrap(translate("help.examples.intro", lang), p(15), width):
                out.append((font(p(15)).render(line, True, theme.PANEL_DIM), 0, y))
                y += p(20)
        return out, y

    def draw_examples(self, surf: pygame.Surface, lang: str) -> None:
        p = self.px
        if self.intro_h:
            intro, size = wrap_fit(translate("help.examples.intro", lang), p(16), self.pw - p(56), self.intro_h // p(21))
            for i, line in enumerate(intro):
                surf.blit(font(size).render(line, True, theme.PANEL_DIM), (p(28), self.content_top + i * p(21)))
        view = self.example_view()
        area, text = view.area, view.text
        items, text_h = self.example_text(lang, text.w)
        total = text.y + text_h
        line_h = p(LINE)
        self.max_scroll = max(0, -(-(total - area.h) // line_h))
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        shift = min(self.scroll * line_h, max(0, total - area.h))
        if view.beside:  # the preview stays; the text beside it scrolls
            surf.blit(self.preview(lang, view.preview, view.picture), view.preview[:2])
        clip = surf.get_clip()
        surf.set_clip(pygame.Rect(view.clip))
        if not view.beside:
            surf.blit(self.preview(lang, view.preview, view.picture), (area.x + view.preview.x, area.y - shift))
        for image, x, y in items:
            surf.blit(image, (area.x + text.x + x, area.y + text.y + y - shift))
        surf.set_clip(clip)
        if self.max_scroll:
            self.scroll_bar(surf, pygame.Rect(self.pw - p(20), area.y, p(5), area.h), area.h / total)

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
            on_text = self.max_scroll > 0 and self.scroll_area().contains(x, y)
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
