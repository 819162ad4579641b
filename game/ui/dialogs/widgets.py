"""Small widgets drawn onto a panel: buttons, toggles and a text field.

A widget knows its box (in the panel's coordinates), draws itself and
answers pointer events; the panel redraws when any widget says it changed.
Labels are message ids, translated at draw time in the current language.
"""

from __future__ import annotations

from typing import Callable

import pygame

from ...i18n import translate
from ..drawing import theme
from ..drawing.fonts import _note, fit_text, font, wrap_fit
from ..drawing.layout import Box
from ..drawing.textin import clean


class Widget:
    style = ""  # a Button's look ("choice": one of a row of choices)

    def __init__(self, box: Box) -> None:
        self.box = box
        self.hover = False
        self.pressed = False
        self.enabled = True

    def draw(self, surf: pygame.Surface, lang: str) -> None:
        raise NotImplementedError

    def pointer(self, kind: str, pos: tuple[int, int]) -> bool:
        """Handle ``down`` / ``up`` / ``move`` at ``pos``; True if the look changed."""
        inside = self.enabled and self.box.contains(*pos)
        changed = False
        if kind == "move":
            changed = inside != self.hover
            self.hover = inside
        elif kind == "down":
            changed = inside != self.pressed
            self.pressed = inside
        elif kind == "up":
            was = self.pressed
            self.pressed = False
            changed = was
            if was and inside:
                self.activate()
                changed = True
        return changed

    def activate(self) -> None:
        pass

    def release(self) -> None:
        """Its dialog closed for good: the actions it holds (``on_click``,
        ``on_change``, ...: the dialog's own methods, which refer back to
        it) do nothing from now on, so the dialog is freed at once."""
        self.enabled = False
        for name, value in list(vars(self).items()):
            if callable(value):
                setattr(self, name, _nothing)


def _nothing(*args: object) -> None:
    """A released widget's action."""


class Button(Widget):
    def __init__(self, box: Box, label: str, on_click: Callable[[], None], *, params: dict | None = None,
                 style: str = "primary", selected: bool = False, size: int | None = None, literal: bool = False,
                 icon: str | None = None) -> None:
        super().__init__(box)
        self.label, self.on_click, self.params = label, on_click, params or {}
        self.style, self.selected, self.size, self.literal = style, selected, size, literal
        self.icon = icon  # a narrow bar: a symbol instead of the label (the label stays the button's name)

    def text(self, lang: str) -> str:
        return self.label if self.literal else translate(self.label, lang, **self.params)

    def activate(self) -> None:
        self.on_click()

    def colors(self):
        if self.style == "bar":
            fill = theme.BUTTON_PRESSED if self.pressed else theme.BUTTON_HOVER if self.hover else theme.BUTTON
            return fill, theme.BUTTON_TEXT, None
        if self.style == "choice":
            if self.selected:
                return theme.BUTTON, theme.BUTTON_TEXT, None
            fill = (236, 232, 222) if self.hover else (246, 243, 236)
            return fill, theme.PANEL_TEXT, theme.PANEL_LINE
        if self.style == "danger":  # a destructive action (it asks first)
            fill = (150, 24, 34) if self.pressed else (196, 44, 52) if self.hover else theme.ERROR
            return fill, theme.BUTTON_TEXT, None
        if self.style == "secondary":
            fill = (226, 222, 210) if self.pressed else (238, 234, 224) if self.hover else (246, 243, 236)
            return fill, theme.PANEL_TEXT, theme.PANEL_LINE
        fill = theme.BUTTON_PRESSED if self.pressed else theme.BUTTON_HOVER if self.hover else theme.BUTTON
        return fill, theme.BUTTON_TEXT, None

    def draw(self, surf: pygame.Surface, lang: str) -> None:
        fill, ink, line = self.colors()
        if not self.enabled:
            fill, ink = (theme.BUTTON_OFF if self.style in ("bar", "primary") else (240, 238, 232)), (170, 178, 174)
        rect = pygame.Rect(self.box)
        radius = min(rect.height // 2, 10)
        pygame.draw.rect(surf, fill, rect, border_radius=radius)
        if line:
            pygame.draw.rect(surf, line, rect, width=1, border_radius=radius)
        if self.icon:
            glyph = font(max(14, round(rect.height * 0.5)), True).render(self.icon, True, ink)
            surf.blit(glyph, glyph.get_rect(center=rect.center))
            return
        size = self.size or max(12, round(rect.height * 0.42))
        bold = self.style != "secondary"
        words = self.text(lang)
        pad = max(6, round(rect.height * 0.16))  # never touching the border
        room = rect.width - 2 * pad
        # one line, a little smaller if need be; else two balanced lines
        one = size
        while one > max(12, round(size * 0.84)) and font(one, bold).size(words)[0] > room:
            one -= 1
        if font(one, bold).size(words)[0] > room and " " in words:
            small = size
            while True:
                lines = balanced_lines(words, small, bold)
                line_h = font(small, bold).get_linesize()
                fits = max(font(small, bold).size(line)[0] for line in lines) <= room
                if (fits and line_h * 2 <= rect.height - 4) or small <= 11:
                    break
                small -= 1
            for line in lines:
                _note(line, font(small, bold).size(line)[0], room, small)  # for the text-fit log
            for i, line in enumerate(lines):
                img = font(small, bold).render(line, True, ink)
                surf.blit(img, img.get_rect(center=(rect.centerx, rect.centery + (i - 0.5) * line_h)))
            return
        img = fit_text(words, one, ink, room, bold=bold, min_size=11)
        surf.blit(img, img.get_rect(center=rect.center))


def balanced_lines(words: str, size: int, bold: bool) -> list[str]:
    """``words`` on two lines split where the longer line is shortest
    ("Ván bài / hôm nay", never "Ván bài hôm / nay")."""
    parts = words.split(" ")
    f = font(size, bold)
    best = None
    for cut in range(1, len(parts)):
        first, second = " ".join(parts[:cut]), " ".join(parts[cut:])
        width = max(f.size(first)[0], f.size(second)[0])
        if best is None or width < best[0]:
            best = (width, [first, second])
    return best[1] if best else [words]


class Toggle(Widget):
    """A labelled on/off switch with a line of explanation."""

    scale = 1.0  # the panel's type scale (its ``s``): the type follows it, not the toggle's pixel height

    def __init__(self, box: Box, label: str, help_key: str, value: bool, on_change: Callable[[bool], None]) -> None:
        super().__init__(box)
        self.label, self.help_key, self.value, self.on_change = label, help_key, value, on_change

    def activate(self) -> None:
        self.value = not self.value
        self.on_change(self.value)

    def draw(self, surf: pygame.Surface, lang: str) -> None:
        rect = pygame.Rect(self.box)
        if self.hover:
            pygame.draw.rect(surf, (240, 236, 226), rect, border_radius=10)
        sw, sh = round(rect.height * 0.75), round(rect.height * 0.42)
        switch = pygame.Rect(rect.right - sw - 10, rect.centery - sh // 2, sw, sh)
        pygame.draw.rect(surf, theme.BUTTON if self.value else (190, 190, 184), switch, border_radius=sh // 2)
        knob_x = switch.right - sh // 2 if self.value else switch.x + sh // 2
        pygame.draw.circle(surf, (255, 255, 255), (knob_x, switch.centery), sh // 2 - 3)
        state = fit_text(translate("ui.on" if self.value else "ui.off", lang), max(12, round(rect.height * 0.24)), theme.PANEL_DIM, sw * 2)
        surf.blit(state, state.get_rect(midright=(switch.x - 10, switch.centery)))
        text_w = switch.x - rect.x - 30 - state.get_width()
        # the name on one line (two where narrow), the explanation below it
        # on the lines the toggle has room for
        logical_h = rect.height / self.scale
        title_size = max(14, round(min(logical_h, 64) * 0.3 * self.scale))
        tall = logical_h > 70
        label = translate(self.label, lang)
        one = title_size
        while one > 14 and font(one, True).size(label)[0] > text_w:
            one -= 1
        if font(one, True).size(label)[0] <= text_w or not tall:
            titles, title_size = wrap_fit(label, one, text_w, 1, bold=True, min_size=12)
        else:
            titles, title_size = wrap_fit(label, title_size, text_w, 2, bold=True, min_size=12)
        y = rect.y + rect.height * (0.06 if tall else 0.14)
        for line in titles:
            surf.blit(font(title_size, True).render(line, True, theme.PANEL_TEXT), (rect.x + 10, y))
            y += font(title_size, True).get_linesize()
        size = max(13 if tall else 12, round(min(logical_h, 64) * 0.22 * self.scale))
        if not tall:
            y = rect.y + rect.height * 0.56
        room = max(1, int((rect.bottom - 2 - y) // font(size).get_linesize()))
        lines, size = wrap_fit(translate(self.help_key, lang), size, text_w, room, min_size=11)
        for i, line in enumerate(lines):
            surf.blit(font(size).render(line, True, theme.PANEL_DIM), (rect.x + 10, y + i * font(size).get_linesize()))


class TextField(Widget):
    """A one-line field: keys go to it while it has the focus."""

    def __init__(self, box: Box, on_change: Callable[[str], None], on_submit: Callable[[], None], max_len: int = 24) -> None:
        super().__init__(box)
        self.text = ""
        self.focused = False
        self.on_change, self.on_submit, self.max_len = on_change, on_submit, max_len

    def activate(self) -> None:
        self.focused = True

    def pointer(self, kind: str, pos: tuple[int, int]) -> bool:
        if kind == "down":
            was = self.focused
            self.focused = self.box.contains(*pos)
            return was != self.focused
        return False

    def key(self, event: pygame.event.Event) -> bool:
        """Take a TEXTINPUT or KEYDOWN event; True if it was for the field."""
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            typed = clean(event.text, self.max_len - len(self.text))
            if typed:
                self.text += typed
                self.on_change(self.text)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                if self.text:
                    self.text = self.text[:-1]
                    self.on_change(self.text)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.on_submit()
                return True
            if event.key == pygame.K_ESCAPE:
                return False
            return True  # keys that type are handled as TEXTINPUT
        return False

    def draw(self, surf: pygame.Surface, lang: str) -> None:
        rect = pygame.Rect(self.box)
        pygame.draw.rect(surf, (255, 255, 255), rect, border_radius=8)
        pygame.draw.rect(surf, theme.BUTTON if self.focused else theme.PANEL_LINE, rect, width=2, border_radius=8)
        img = font(max(14, round(rect.height * 0.45))).render(self.text, True, theme.PANEL_TEXT)
        x = rect.x + 12
        clip = surf.get_clip()
        surf.set_clip(rect.inflate(-8, -4))
        surf.blit(img, (x, rect.centery - img.get_height() // 2))
        surf.set_clip(clip)
        if self.focused:
            cx = min(rect.right - 8, x + img.get_width() + 2)
            pygame.draw.line(surf, theme.PANEL_TEXT, (cx, rect.y + 9), (cx, rect.bottom - 9), 2)
