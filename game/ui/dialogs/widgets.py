"""Small widgets drawn onto a panel: buttons, toggles and a text field.

A widget knows its box (in the panel's coordinates), draws itself and
answers pointer events; the panel redraws when any widget says it changed.
Labels are message ids, translated at draw time in the current language.
"""

from __future__ import annotations

import weakref
from typing import Callable, Iterable

import pygame

from ...i18n import translate
from ..drawing import theme
from ..drawing.theme import Ink
from ..drawing.fonts import _note, fit_text, font, wrap, wrap_fit
from ..drawing.layout import TOUCH, Box
from ..drawing.textin import clean


class Widget:
    style = ""  # a Button's look ("choice": one of a row of choices)
    group = ""  # the choices one row of them chooses among (the arrows keep to it)

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
    def __init__(self, box: Box, label: str, on_click: Callable[[], None], *, params: dict[str, object] | None = None,
                 style: str = "primary", selected: bool = False, size: int | None = None, literal: bool = False,
                 icon: str | None = None) -> None:
        super().__init__(box)
        self.label, self.on_click, self.params = label, on_click, params or {}
        self.style, self.selected, self.size, self.literal = style, selected, size, literal
        self.icon = icon  # a narrow bar: a symbol instead of the label (the label stays the button's name)
        self.palette: tuple[Ink, Ink, Ink] | None = None  # a bar's button: (fill, hover, pressed) of its felt
        # the buttons (itself among them) whose labels share one type size, held weakly: a row of
        # buttons that held each other would live on after its dialog, until the cyclic collector ran
        self._row: tuple[weakref.ref[Button], ...] = ()

    def text(self, lang: str) -> str:
        return self.label if self.literal else translate(self.label, lang, **self.params)

    def activate(self) -> None:
        self.on_click()

    def colors(self) -> tuple[Ink, Ink, Ink | None]:
        """(fill, ink, edge line or None) for the button's style and state."""
        if self.style == "bar":
            base, hover, pressed = self.palette or (theme.BUTTON, theme.BUTTON_HOVER, theme.BUTTON_PRESSED)
            return pressed if self.pressed else hover if self.hover else base, theme.BUTTON_TEXT, None
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

    @property
    def row(self) -> list[Button]:
        """The buttons of its row (``one_size``), itself among them; alone: none."""
        return [b for b in (ref() for ref in self._row) if b is not None]

    @property
    def bold(self) -> bool:
        return self.style != "secondary"

    def room(self) -> int:
        """The label's width: the button's, never touching the border."""
        return self.box.w - 2 * max(6, round(self.box.h * 0.16))

    def base_size(self) -> int:
        return self.size or max(12, round(self.box.h * 0.42))

    def fits_at(self, size: int, lang: str) -> bool:
        """Whether the label reads whole at ``size``: on one line, or on two
        balanced lines the button's height holds."""
        words, bold, room = self.text(lang), self.bold, self.room()
        if font(size, bold).size(words)[0] <= room:
            return True
        if " " not in words or font(size, bold).get_linesize() * 2 > self.box.h - 4:
            return False
        return max(font(size, bold).size(line)[0] for line in balanced_lines(words, size, bold)) <= room

    def fitted_size(self, lang: str) -> int:
        """The type size the label takes in this button alone: one line, a
        little smaller if need be; else two balanced lines, as large as they
        fit (never under 12 px)."""
        size = self.base_size()
        words, bold, room = self.text(lang), self.bold, self.room()
        one = size
        while one > max(12, round(size * 0.84)) and font(one, bold).size(words)[0] > room:
            one -= 1
        if font(one, bold).size(words)[0] <= room or " " not in words:
            return one
        small = size
        while small > 12 and not self.fits_at(small, lang):
            small -= 1
        return small

    def type_size(self, lang: str) -> int:
        """The label's type size: in a row of buttons or tabs, the largest
        at which every label of the row reads whole (on one line, or the
        longer ones on two), so the row reads at one size; alone, its own."""
        row = [b for b in self.row if not b.icon]
        if len(row) < 2:
            return self.fitted_size(lang)
        size = min(b.base_size() for b in row)
        while size > 12 and not all(b.fits_at(size, lang) for b in row):
            size -= 1
        return size

    def draw(self, surf: pygame.Surface, lang: str) -> None:
        fill, ink, line = self.colors()
        if not self.enabled:
            fill, ink = (theme.BUTTON_OFF if self.style in ("bar", "primary") else (240, 238, 232)), (170, 178, 174)
        rect = plate(surf, self.box, fill, line)
        if self.icon:
            glyph = font(max(14, round(rect.height * 0.5)), True).render(self.icon, True, ink)
            surf.blit(glyph, glyph.get_rect(center=rect.center))
            return
        size, bold, words, room = self.type_size(lang), self.bold, self.text(lang), self.room()
        if font(size, bold).size(words)[0] > room and " " in words:  # two balanced lines
            lines, line_h = balanced_lines(words, size, bold), font(size, bold).get_linesize()
            for i, text in enumerate(lines):
                _note(text, font(size, bold).size(text)[0], room, size)  # for the text-fit log
                img = font(size, bold).render(text, True, ink)
                surf.blit(img, img.get_rect(center=(rect.centerx, rect.centery + (i - 0.5) * line_h)))
            return
        img = fit_text(words, size, ink, room, bold=bold, min_size=12)
        surf.blit(img, img.get_rect(center=rect.center))


def plate(surf: pygame.Surface, box: pygame.Rect | tuple[int, int, int, int], fill: Ink, line: Ink | None) -> pygame.Rect:
    """A button's rounded plate (``line``: its outline, None for none); its rect."""
    rect = pygame.Rect(box)
    radius = min(rect.height // 2, 10)
    pygame.draw.rect(surf, fill, rect, border_radius=radius)
    if line:
        pygame.draw.rect(surf, line, rect, width=1, border_radius=radius)
    return rect


def one_size(buttons: Iterable[Button]) -> None:
    """The ``buttons`` of a row (or a block of tabs) read at one type size
    (``Button.type_size``)."""
    row = tuple(weakref.ref(b) for b in buttons)
    for ref in row:
        button = ref()
        if button is not None:
            button._row = row


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
    """A labelled on/off switch with its explanation under the name. The
    whole row is the control (a tile a finger hits anywhere); the switch at
    its right says On or Off in words beside it too. ``needed_height``: how
    tall the row must be for its name and explanation in a language."""

    scale = 1.0  # the panel's type scale (its ``s``): the type follows it, not the toggle's pixel height

    def __init__(self, box: Box, label: str, help_key: str, value: bool, on_change: Callable[[bool], None]) -> None:
        super().__init__(box)
        self.label, self.help_key, self.value, self.on_change = label, help_key, value, on_change

    def activate(self) -> None:
        self.value = not self.value
        self.on_change(self.value)

    # ---- its parts ----------------------------------------------------------------------

    def sizes(self) -> tuple[int, int, int]:
        """Type sizes: the name, the explanation, On / Off."""
        s = self.scale
        return max(15, round(17 * s)), max(12, round(12.5 * s)), max(14, round(16 * s))

    def pads(self) -> tuple[int, int, int]:
        """(left, top and bottom, between the parts) in px."""
        s = self.scale
        return max(8, round(12 * s)), max(4, round(6 * s)), max(8, round(10 * s))

    def switch_rect(self) -> pygame.Rect:
        """The drawn switch: about 52 x 30 logical px, never so small a thumb misses what it says."""
        rect = pygame.Rect(self.box)
        sh = min(max(24, round(30 * self.scale)), rect.height - 8)
        sw = round(sh * 1.75)
        return pygame.Rect(rect.right - round(14 * self.scale) - sw, rect.centery - sh // 2, sw, sh)

    def text_width(self, lang: str) -> int:
        """The room for the name and the explanation, left of On / Off (the wider of the two: no reflow)."""
        left, _, gap = self.pads()
        state = max(font(self.sizes()[2], True).size(translate(k, lang))[0] for k in ("ui.on", "ui.off"))
        return self.switch_rect().x - gap - state - 2 * gap - self.box.x - left

    def texts(self, lang: str, height: int | None = None) -> tuple[list[str], int, list[str], int]:
        """(name lines, size, explanation lines, size): the name on one line
        (two where narrow), the explanation on the lines a row ``height``
        px tall has room for (None: as many as it takes)."""
        title_size, help_size, _ = self.sizes()
        _, vpad, _ = self.pads()
        text_w = self.text_width(lang)
        label = translate(self.label, lang)
        one = title_size
        while one > 14 and font(one, True).size(label)[0] > text_w:
            one -= 1
        note = height is not None
        if font(one, True).size(label)[0] <= text_w:
            titles, title_size = [label], one
            if note:
                _note(label, font(one, True).size(label)[0], text_w, one)
        elif note:
            titles, title_size = wrap_fit(label, title_size, text_w, 2, bold=True, min_size=12)
        else:
            titles = wrap(label, title_size, text_w, bold=True, note=False)[:2]
        words = translate(self.help_key, lang)
        if height is None:
            return titles, title_size, wrap(words, help_size, text_w, note=False), help_size
        room = (height - 2 * vpad - len(titles) * font(title_size, True).get_linesize()) // font(help_size).get_linesize()
        lines, help_size = wrap_fit(words, help_size, text_w, max(1, room), min_size=12)
        return titles, title_size, lines, help_size

    def needed_height(self, lang: str) -> int:
        """How tall the row must be for its name and whole explanation in ``lang``."""
        titles, title_size, lines, help_size = self.texts(lang)
        _, vpad, _ = self.pads()
        return (2 * vpad + len(titles) * font(title_size, True).get_linesize()
                + len(lines) * font(help_size).get_linesize())

    # ---- drawing ------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface, lang: str) -> None:
        rect = pygame.Rect(self.box)
        s = self.scale
        radius = min(rect.height // 2, max(6, round(12 * s)))
        fill = (236, 232, 222) if self.pressed else (241, 238, 229) if self.hover else (246, 243, 236)
        pygame.draw.rect(surf, fill, rect, border_radius=radius)
        pygame.draw.rect(surf, theme.PANEL_LINE, rect, width=1, border_radius=radius)
        switch = self.switch_rect()
        sh = switch.height
        pygame.draw.rect(surf, theme.BUTTON if self.value else (178, 178, 170), switch, border_radius=sh // 2)
        knob_x = switch.right - sh // 2 if self.value else switch.x + sh // 2
        pygame.draw.circle(surf, (255, 255, 255), (knob_x, switch.centery), sh // 2 - max(2, round(3 * s)))
        left, vpad, gap = self.pads()
        state = fit_text(translate("ui.on" if self.value else "ui.off", lang), self.sizes()[2],
                         theme.BUTTON if self.value else theme.PANEL_DIM, switch.width * 2, bold=True, min_size=12)
        surf.blit(state, state.get_rect(midright=(switch.x - gap, switch.centery)))
        titles, title_size, lines, help_size = self.texts(lang, rect.height)
        # the name and the explanation as one block, in the middle of the row
        block = len(titles) * font(title_size, True).get_linesize() + len(lines) * font(help_size).get_linesize()
        y = rect.y + max(vpad, (rect.height - block) // 2)
        for line in titles:
            surf.blit(font(title_size, True).render(line, True, theme.PANEL_TEXT), (rect.x + left, y))
            y += font(title_size, True).get_linesize()
        for line in lines:
            surf.blit(font(help_size).render(line, True, theme.PANEL_DIM), (rect.x + left, y))
            y += font(help_size).get_linesize()


class Swatch(Button):
    """One of a row of pictures to choose from (a card back, a felt): the
    picture ``draw_picture`` draws for the box, a ring round the chosen
    one. The label names it (a message id) for the tests and the reader."""

    def __init__(self, box: Box, label: str, group: str, on_click: Callable[[], None], selected: bool,
                 draw_picture: Callable[[int, int], pygame.Surface]) -> None:
        super().__init__(box, label, on_click, style="choice", selected=selected)
        self.group = group
        self.draw_picture = draw_picture
        self._picture: tuple[tuple[int, int], pygame.Surface] | None = None

    def picture(self, w: int, h: int) -> pygame.Surface:
        if self._picture is None or self._picture[0] != (w, h):
            self._picture = ((w, h), self.draw_picture(w, h))
        return self._picture[1]

    def draw(self, surf: pygame.Surface, lang: str) -> None:
        rect = pygame.Rect(self.box)
        radius = max(6, min(12, rect.height // 6))
        fill = (236, 232, 222) if self.hover or self.pressed else (246, 243, 236)
        pygame.draw.rect(surf, fill, rect, border_radius=radius)
        ring = max(3, round(rect.height * 0.045))
        inset = ring + max(2, round(rect.height * 0.04))
        image = self.picture(max(1, rect.width - 2 * inset), max(1, rect.height - 2 * inset))
        surf.blit(image, image.get_rect(center=rect.center))
        if self.selected:
            pygame.draw.rect(surf, theme.BUTTON, rect, width=ring, border_radius=radius)
            r = max(7, round(rect.height * 0.11))
            c = (rect.right - r - 2, rect.y + r + 2)
            pygame.draw.circle(surf, theme.BUTTON, c, r)
            tick = [(c[0] - r * 0.5, c[1]), (c[0] - r * 0.12, c[1] + r * 0.4), (c[0] + r * 0.5, c[1] - r * 0.38)]
            pygame.draw.lines(surf, (255, 255, 255), False, tick, max(2, round(r * 0.28)))
        else:
            pygame.draw.rect(surf, theme.PANEL_LINE, rect, width=1, border_radius=radius)


class Step(Button):
    """One step of a scale to choose from (the sound's volume): ``level``
    bars of ``levels``, rising, the chosen step filled; level 0 is its
    label in words (Off)."""

    def __init__(self, box: Box, label: str, group: str, on_click: Callable[[], None], selected: bool, level: int,
                 levels: int) -> None:
        super().__init__(box, label, on_click, style="choice", selected=selected)
        self.group, self.level, self.levels = group, level, levels

    def draw(self, surf: pygame.Surface, lang: str) -> None:
        fill, ink, line = self.colors()
        rect = plate(surf, self.box, fill, line)
        if self.level == 0:
            img = fit_text(self.text(lang), max(12, round(rect.height * 0.34)), ink, self.room(), bold=True, min_size=12)
            surf.blit(img, img.get_rect(center=rect.center))
            return
        h = rect.height * 0.5
        bar_w = max(2, round(min(rect.width * 0.8 / (2 * self.levels), h * 0.22)))
        gap = max(1, round(bar_w * 0.6))
        left = rect.centerx - (self.levels * bar_w + (self.levels - 1) * gap) / 2
        base = rect.centery + h / 2
        for i in range(self.levels):
            bar_h = max(3, round(h * (i + 1) / self.levels))
            color = ink if i < self.level else (theme.PANEL_LINE if not self.selected else (96, 150, 126))
            pygame.draw.rect(surf, color, (round(left + i * (bar_w + gap)), round(base - bar_h), bar_w, bar_h),
                             border_radius=max(1, bar_w // 3))


def toggle_height(width: int, scale: float, label: str, help_key: str, langs: Iterable[str]) -> int:
    """The height (px) a toggle ``width`` px wide needs for its name and
    whole explanation in every one of ``langs`` (a row keeps its height
    when the language changes), and never under ``TOUCH``."""
    probe = Toggle(Box(0, 0, width, TOUCH), label, help_key, False, _nothing)
    probe.scale = scale
    return max(TOUCH, max(probe.needed_height(lang) for lang in langs))


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
        room = rect.width - 24
        size = max(14, round(rect.height * 0.45))
        while size > 14 and font(size).size(self.text)[0] > room:
            size -= 1  # a deal code as a whole, a little smaller if need be
        img = font(size).render(self.text, True, theme.PANEL_TEXT)
        x = rect.x + 12 - max(0, img.get_width() - room)  # longer still: its end (where the typing is) in view
        clip = surf.get_clip()
        surf.set_clip(rect.inflate(-8, -4))
        surf.blit(img, (x, rect.centery - img.get_height() // 2))
        surf.set_clip(clip)
        if self.focused:
            cx = min(rect.right - 8, x + img.get_width() + 2)
            pygame.draw.line(surf, theme.PANEL_TEXT, (cx, rect.y + 9), (cx, rect.bottom - 9), 2)
