"""The table's sprites: cards that glide and flip, the information bar, the
buttons and the refusal banner. They show the engine's state; none of them
decides anything."""

from __future__ import annotations

import math
import weakref
from typing import TYPE_CHECKING, Callable

import pygame

from ...i18n import translate
from ..drawing import theme
from ..drawing.theme import Ink
from ..voice.words import clock
from ..drawing.cardart import CardArt
from ..drawing.felt import DEFAULT as FELT_DEFAULT, FeltStyle, style_of as felt_style
from ..drawing.fonts import _note as note, font, wrap
from ..drawing.layout import ICON_BUTTONS, TEXT_FLOOR, Box, Index, Layout
from ..dialogs.widgets import Button

if TYPE_CHECKING:
    from ...play import Settings

    Group = pygame.sprite.LayeredDirty[pygame.sprite.DirtySprite]  # the app's one layered group of sprites

MOVE_MS = 160
FLIP_MS = 120
BANNER_MS = 3000
WIDEST_FIGURES = (8888, 8888, 9 * 3600 + 59 * 60 + 59)  # score, moves, seconds: the bar is laid out for these
REFUSED_MS = 700  # the red outline at a refused card (no reason said)
NOTE_MS = 5000  # a refusal's reason at the card: till the next touch or key, else this long (it fades at the end)
SHAKE_MS = 280  # the outline's three swings
STATUS_MS = 5000  # an announcement on the status line: a little longer than a refusal
FADE_MS = 250

# layers: resting cards below 1000, the bar and banner above them, moving
# and dragged cards above those, dialogs (panel.py) above everything
BAR_LAYER = 1500
BUTTON_LAYER = 1501
BANNER_LAYER = 1600
MOVING_LAYER = 2000
NOTE_LAYER = 2400  # a refusal's reason: above the cards gliding home
DRAG_LAYER = 2500


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


# A picked card lifts: drawn a little larger (for its size, never a bitmap scaled up) with the
# lifted shadow; let go, it settles back to its size while it glides to its place.
LIFT_SCALE = 1.07
SETTLE_MS = 140
_LIFTED: "weakref.WeakKeyDictionary[CardArt, CardArt]" = weakref.WeakKeyDictionary()


def lifted_art(art: CardArt) -> CardArt:
    """The art of ``art``'s cards lifted: ``LIFT_SCALE`` times the size, its
    index and fan step in proportion, drawn at that size (each face when
    first lifted), kept while ``art`` is."""
    lifted = _LIFTED.get(art)
    if lifted is None:
        k, i = LIFT_SCALE, art.index
        index = Index(round(i.size * k), round(i.x * k), round(i.y * k), round(i.h * k))
        lifted = _LIFTED[art] = CardArt(round(art.w * k), round(art.h * k), art.lang, art.four_color, index,
                                        round(art.fan * k), art.back_style)
    return lifted


_LIFTED_IMAGES: "weakref.WeakKeyDictionary[CardArt, dict[int, pygame.Surface]]" = weakref.WeakKeyDictionary()


def lifted_image(art: CardArt, card: int, face_up: bool) -> tuple[pygame.Surface, int]:
    """A lifted card's image (``lifted_art``'s face or back, drawn at its
    size) over a soft shadow that has grown and dropped below it, and the
    margin (px) around the card in it."""
    big = lifted_art(art)
    images = _LIFTED_IMAGES.setdefault(big, {})
    key = card if face_up else -1
    blur, drop = max(3, round(big.w * 0.07)), max(3, round(big.w * 0.1))
    margin = 2 * blur + drop
    image = images.get(key)
    if image is None:
        plain = big.face(card) if face_up else big.back()
        shadow = pygame.Surface((big.w + 4 * blur, big.h + 4 * blur), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 150), (2 * blur, 2 * blur, big.w, big.h), border_radius=big.radius)
        try:
            shadow = pygame.transform.gaussian_blur(shadow, blur)
        except (AttributeError, ValueError, pygame.error):  # no blur: a coarse one by scaling down and up
            small = (max(1, shadow.get_width() // blur), max(1, shadow.get_height() // blur))
            shadow = pygame.transform.smoothscale(pygame.transform.smoothscale(shadow, small), shadow.get_size())
        image = pygame.Surface((big.w + 2 * margin, big.h + 2 * margin), pygame.SRCALPHA)
        image.blit(shadow, (margin - 2 * blur, margin - 2 * blur + drop))
        image.blit(plain, (margin, margin))
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            image = image.convert_alpha()
        images[key] = image
    return image, margin


class CardSprite(pygame.sprite.DirtySprite):
    """A card on the table at (``x``, ``y``), its top left at rest. Lifted
    (picked up), it is drawn ``LIFT_SCALE`` times larger about ``anchor``
    (the point of the card under the finger: the card grows there, the
    rest follows the pointer as grabbed) with a larger shadow; ``settle``
    brings it back to its size over ``SETTLE_MS``."""

    image: pygame.Surface
    rect: pygame.Rect

    def __init__(self, art: CardArt, card: int, face_up: bool) -> None:
        super().__init__()
        self.art, self.card, self.face_up = art, card, face_up
        self.x = self.y = 0.0
        self.lifted = False
        self.anchor: tuple[float, float] | None = None  # the grab point in the card (None: its middle)
        self.settling: int | None = None  # when it was let go (its size settles back)
        self.offset: tuple[float, float] = (-art.pad, -art.pad)  # the image's top left from (x, y)
        self.rest_layer = 0
        self.rest_visible = 1
        self.anim: tuple[float, float, float, float, int, int] | None = None  # (x0, y0, x1, y1, start, duration)
        self.flip: tuple[int, pygame.Surface] | None = None  # (start, old image)
        self.image = art.image(card, face_up)
        self.rect = self.image.get_rect()
        self.dirty = 1

    def refresh(self, now: int | None = None) -> None:
        """The image for the card's state: at rest, lifted, or settling at ``now``."""
        art = self.art
        k = 1.0
        if self.lifted:
            k = LIFT_SCALE
        elif self.settling is not None and now is not None and now - self.settling < SETTLE_MS:
            k = 1 + (LIFT_SCALE - 1) * (1 - ease_out(max(0.0, (now - self.settling) / SETTLE_MS)))
        if k == 1.0:
            self.settling = self.anchor = None
            self.image = art.image(self.card, self.face_up, False)
            self.offset = (-art.pad, -art.pad)
        else:
            image, margin = lifted_image(art, self.card, self.face_up)
            pad: float = margin
            if k != LIFT_SCALE:  # on its way back, a moment: the lifted card drawn smaller
                f = k / LIFT_SCALE
                image = pygame.transform.smoothscale(image, (round(image.get_width() * f), round(image.get_height() * f)))
                pad = pad * f
            scale = (image.get_width() - 2 * pad) / art.w  # the card's size now, over its size at rest
            ax, ay = self.anchor or (art.w / 2, art.h / 2)
            self.image = image
            self.offset = (ax * (1 - scale) - pad, ay * (1 - scale) - pad)
        self.rect = self.image.get_rect(topleft=(round(self.x + self.offset[0]), round(self.y + self.offset[1])))
        self.dirty = 1

    def lift(self, anchor: tuple[float, float] | None) -> None:
        """Picked up, held at ``anchor`` (a point in the card; None: its middle)."""
        self.lifted, self.anchor, self.settling = True, anchor, None
        self.refresh()

    def settle(self, now: int | None) -> None:
        """Let go: from ``now`` its size settles back (None: at once)."""
        self.lifted = False
        self.settling = now
        self.refresh(now)

    def place(self, x: float, y: float) -> None:
        self.x, self.y = x, y
        self.rect.topleft = (round(x + self.offset[0]), round(y + self.offset[1]))
        self.dirty = 1

    def box(self) -> Box:
        return Box(round(self.x), round(self.y), self.art.w, self.art.h)

    def set_face(self, face_up: bool, now: int | None) -> None:
        """Turn the card; with ``now``, as a short flip animation."""
        if face_up == self.face_up:
            return
        old = self.image
        self.face_up = face_up
        self.refresh()
        if now is not None:
            self.flip = (now, old)

    def step(self, now: int) -> bool:
        """Advance the animations; False once the card is at rest."""
        busy = False
        if self.settling is not None:
            self.refresh(now)
            busy = self.settling is not None
        if self.anim:
            x0, y0, x1, y1, start, dur = self.anim
            t = (now - start) / dur
            if t >= 1:
                self.anim = None
                self.place(x1, y1)
            else:
                busy = True
                if t > 0:
                    k = ease_out(t)
                    self.place(x0 + (x1 - x0) * k, y0 + (y1 - y0) * k)
        if self.flip:
            start, old = self.flip
            t = (now - start) / FLIP_MS
            if t >= 1:
                self.flip = None
                self.refresh()
            else:
                busy = True
                full = self.art.image(self.card, self.face_up)
                src = old if t < 0.5 else full
                width = max(1, round(full.get_width() * abs(1 - 2 * t)))
                img = pygame.transform.scale(src, (width, full.get_height()))
                self.image = img
                cx = round(self.x) - self.art.pad + full.get_width() // 2
                self.rect = img.get_rect(midtop=(cx, round(self.y) - self.art.pad))
                self.dirty = 1
        return busy

    def finish(self) -> None:
        if self.settling is not None:
            self.settling = None
            self.refresh()
        if self.anim:
            x1, y1 = self.anim[2:4]
            self.anim = None
            self.place(x1, y1)
        if self.flip:
            self.flip = None
            self.refresh()


class BarSprite(pygame.sprite.DirtySprite):
    """Game name, deal code, score, moves and time; redrawn only when one of
    them changes (the time once a second). One line when it fits, else two
    (name and code, then the figures), else the code and the figures; a
    one-line bar drops the name, then the code: never a text over another,
    never smaller than the floor. With the clock hidden the bar is laid out
    as with it, the time's place left empty: nothing moves when it is
    hidden or shown, and nothing is redrawn as the seconds pass."""

    image: pygame.Surface
    rect: pygame.Rect

    def __init__(self, layout: Layout, text_right: int, style: FeltStyle | None = None) -> None:
        super().__init__()
        self._layer = BAR_LAYER
        self.style = style or felt_style(FELT_DEFAULT)  # the bar's colours follow the felt
        self.clock = True  # the time is shown
        self.box, self.text_right, self.s = layout.bar, text_right, layout.scale
        self.portrait = layout.portrait
        self.size = layout.text_size
        self.image = pygame.Surface(self.box[2:])
        self.rect = pygame.Rect(self.box)
        self.state: tuple[str, str, str, int, int, int, bool] | None = None  # language, name, code, score, moves, time, clock
        self.placed: list[tuple[str, pygame.Rect]] = []  # what was drawn where (tests)
        self.size_used = self.size
        # (what it was laid out for: language, name, code, room, widest figures; type size, arrangement)
        self.plan: tuple[tuple[str, str, str, int, str], int, int] | None = None

    def show(self, lang: str, game_name: str, code: str, score: int, moves: int, seconds: int,
             clock: bool = True) -> None:
        if not clock:
            seconds = 0  # hidden: the passing seconds change nothing
        state = (lang, game_name, code, score, moves, seconds, clock)
        if state == self.state:
            return
        # only the time changed (once a second while the clock runs): only the figures' text
        # is drawn again on screen, not the whole bar and the buttons on it
        tick = self.state is not None and self.state[:5] == state[:5] and self.state[6] == clock
        before, planned = self.figures_rect(), self.plan
        self.state, self.clock = state, clock
        surf = self.image
        surf.fill(self.style.bar)
        pygame.draw.line(surf, self.style.line, (0, self.box.h - 1), (self.box.w, self.box.h - 1))
        stats = self.figures(lang, score, moves, seconds)
        shown = stats if clock else self.figures(lang, score, moves, None)  # drawn where ``stats`` would be
        pad = max(8, round(14 * self.s))
        room = self.text_right - 2 * pad
        self.placed = []
        # laid out for the widest figures a game reaches (only figures past those, from a
        # doctored save, lay it out anew): a changing score never reflows it
        widest = self.figures(lang, *WIDEST_FIGURES)
        if font(self.size, True).size(stats)[0] > font(self.size, True).size(widest)[0]:
            widest = stats
        plan = (lang, game_name, code, room, widest)
        if self.plan is None or self.plan[0] != plan:
            self.plan = (plan, *self.arrange(game_name, code, widest, room))
        size, shape = self.plan[1], self.plan[2]
        lines = self.arrangement(shape, game_name, code, stats)
        self.size_used = size
        line_h = self.line_height(size)
        top = (self.box.h - line_h * len(lines)) // 2
        for i, parts in enumerate(lines):
            y = top + i * line_h + line_h // 2
            x = pad
            for j, part in enumerate(parts):
                bold, ink = part is game_name, theme.BAR_TEXT if part is not code else self.style.dim
                img = font(size, bold).render(part, True, ink)
                if part is stats and len(parts) > 1:  # the figures at the right end of a shared line
                    rect = img.get_rect(midright=(pad + room, y))
                else:
                    rect = img.get_rect(midleft=(x, y))
                if part is stats and shown is not stats:  # the clock hidden: the rest where it stands with it
                    img = font(size, bold).render(shown, True, ink)
                    rect = img.get_rect(midleft=rect.midleft)
                # only extreme figures on a narrow phone get here too wide: cut at the edge, never past it
                rect.width = min(rect.width, max(0, pad + room - rect.x))
                surf.blit(img, rect, area=pygame.Rect(0, 0, rect.width, rect.height))
                note(part, img.get_width(), room, size)
                self.placed.append((shown if part is stats else part, rect.move(self.box.x, self.box.y)))
                x = rect.right + round(size * 1.1)
        after = self.figures_rect()
        if tick and planned == self.plan and before is not None and after is not None and self.groups():
            for group in self.groups():
                if isinstance(group, pygame.sprite.LayeredDirty):
                    group.repaint_rect(before.union(after))
        else:
            self.dirty = 1

    def figures_rect(self) -> pygame.Rect | None:
        """Where the figures (score, moves, time) are on screen (None: not drawn)."""
        if self.state is None:
            return None
        lang, _, _, score, moves, seconds, shown = self.state
        figures = self.figures(lang, score, moves, seconds if shown else None)
        return next((rect for part, rect in self.placed if part == figures), None)

    @staticmethod
    def figures(lang: str, score: int, moves: int, seconds: int | None) -> str:
        """The score, the moves and the time (None: the clock hidden)."""
        return "   ".join([
            translate("ui.score", lang, score=score),
            translate("ui.moves", lang, moves=moves),
            *([] if seconds is None else [translate("ui.time", lang, time=clock(seconds))]),
        ])

    @staticmethod
    def arrangement(shape: int, game_name: str, code: str, stats: str) -> list[list[str]]:
        """The bar's texts in lines: all on one line; name and code, then the
        figures; the code, then the figures; and for a one-line bar (a phone
        on its side) the code and the figures, or the figures alone."""
        return ([[game_name, code, stats]], [[game_name, code], [stats]], [[code], [stats]],
                [[code, stats]], [[stats]])[shape]

    def arrange(self, game_name: str, code: str, stats: str, room: int) -> tuple[int, int]:
        """(type size, arrangement) with the largest type: one line unless two read larger."""
        best: tuple[int, int] | None = None
        for shape in range(5):
            size = self.fit(self.arrangement(shape, game_name, code, stats), room)
            if size is not None and (best is None or size > best[0] + (1 if shape else 0)):
                best = (size, shape)
            if best is not None and shape >= 1:
                break
        if best is not None:
            return best
        return TEXT_FLOOR, (4 if self.line_height(TEXT_FLOOR) * 2 > self.box.h - 2 else 2)

    @staticmethod
    def line_height(size: int) -> int:
        return max(font(size).get_linesize(), font(size).get_height(), font(size, True).get_height()) + 1

    def fit(self, lines: list[list[str]], room: int) -> int | None:
        """The largest size (down to the floor) at which ``lines`` fit the bar."""
        size = self.size
        while size >= TEXT_FLOOR:
            if self.line_height(size) * len(lines) <= self.box.h - 2:
                widest = max(sum(font(size, True).size(p)[0] for p in parts) + round(size * 1.6) * (len(parts) - 1)
                             for parts in lines)
                if widest <= room:
                    return size
            size -= 1
        return None


ICONS = {"new_game": "\u271a", "undo": "\u21b6", "redo": "\u21b7", "hint": "\u2726", "rules": "?",
         "stats": "\u2581\u2583\u2586", "options": "\u2699"}


class ButtonSprite(pygame.sprite.DirtySprite):
    """One of the table's buttons (New game, Undo, Rules, Options, ...)."""

    image: pygame.Surface
    rect: pygame.Rect

    def __init__(self, name: str, box: Box, on_click: Callable[[], None], settings: "Settings",
                 compact: bool = False, style: FeltStyle | None = None) -> None:
        super().__init__()
        self._layer = BUTTON_LAYER
        self.name, self.settings = name, settings
        icon = ICONS.get(name, "\u2022") if compact else None
        if name in ICON_BUTTONS:
            icon = " "  # an icon in every bar, drawn over the button (draw_chart_icon)
        self.button = Button(Box(0, 0, box.w, box.h), f"ui.{name}", on_click, style="bar", icon=icon)
        if style is not None:  # the bar's buttons in the felt's colour
            self.button.palette = (style.button, style.hover, style.pressed)
        self.offset = box[:2]
        self.rect = pygame.Rect(box)
        self.image = pygame.Surface(box[2:], pygame.SRCALPHA)
        self.peers: list[ButtonSprite] = []  # the bar's buttons: their labels share one size
        self.redraw()

    def redraw(self) -> None:
        self.image.fill((0, 0, 0, 0))
        if self.peers and not self.button.icon:
            self.button.size = shared_label_size(self.peers, self.settings.lang)
        self.button.draw(self.image, self.settings.lang)
        if self.name == "stats":  # its icon is drawn for the button's size
            draw_chart_icon(self.image, self.button.box, theme.BUTTON_TEXT)
        self.dirty = 1

    def pointer(self, kind: str, pos: tuple[int, int]) -> bool:
        """True if the pointer event was on this button."""
        local = (pos[0] - self.offset[0], pos[1] - self.offset[1])
        inside = self.button.box.contains(*local)
        if self.button.pointer(kind, local):
            self.redraw()
        return inside


def draw_chart_icon(surf: pygame.Surface, box: Box, ink: Ink) -> None:
    """The Statistics button's icon (the legend's \u2581\u2583\u2586): three rising bars on a base line."""
    size = min(box.w, box.h) * 0.5
    bar_w, gap = max(2, round(size * 0.24)), max(1, round(size * 0.14))
    left = round(box.x + box.w / 2 - (3 * bar_w + 2 * gap) / 2)
    base = round(box.y + box.h / 2 + size / 2)
    for i, share in enumerate((0.4, 0.7, 1.0)):
        h = max(2, round(size * share))
        pygame.draw.rect(surf, ink, (left + i * (bar_w + gap), base - h, bar_w, h), border_radius=max(1, bar_w // 4))


def shared_label_size(buttons: list["ButtonSprite"], lang: str) -> int:
    """One type size for a bar's labels: the largest at which each fits its
    button on one line (else two lines), so no label looks smaller than
    its neighbours."""
    buttons = [b for b in buttons if not b.button.icon] or buttons  # an icon button has no label to share
    size = max(12, round(min(b.button.box.h for b in buttons) * 0.42))
    while size > 12:
        if all(font(size, True).size(b.button.text(lang))[0] <= b.button.box.w - 2 * max(6, round(b.button.box.h * 0.16))
               for b in buttons):
            break
        size -= 1
    return size


def message_image(text: str, box: Box, scale: float, strong: bool) -> pygame.Surface:
    """A message in the message place: as large as fits the place (never
    below the floor), wrapped to the lines it has, on a dark pill."""
    inner = box.w - 2 * max(8, round(16 * scale))
    size = max(TEXT_FLOOR + 2, round(18 * scale))
    while True:
        line_h = font(size).get_linesize()
        room = max(1, (box.h - 2) // line_h)
        lines = wrap(text, size, inner, note=False)
        if len(lines) <= room or size <= TEXT_FLOOR:
            break
        size -= 1
    if len(lines) > room:  # still too long: the last line says there is more
        lines = lines[:room]
        while lines[-1] and font(size).size(lines[-1] + "\u2026")[0] > inner:
            lines[-1] = lines[-1][:-1]
        lines[-1] += "\u2026"
    wrap(" ".join(lines), size, inner)  # for the text-fit log
    width = min(box.w, max(font(size).size(line)[0] for line in lines) + 2 * max(8, round(16 * scale)))
    surf = pygame.Surface((box.w, box.h), pygame.SRCALPHA)
    pill = pygame.Rect((box.w - width) // 2, 0, width, box.h)
    if strong:
        pygame.draw.rect(surf, theme.BANNER, pill, border_radius=min(box.h // 2, round(14 * scale) + 4))
    else:
        pygame.draw.rect(surf, (0, 0, 0, 96), pill, border_radius=min(box.h // 2, round(14 * scale) + 4))
    ink = theme.BANNER_TEXT if strong else theme.STATUS_TEXT
    top = (box.h - line_h * len(lines)) // 2
    for i, line in enumerate(lines):
        img = font(size).render(line, True, ink)
        surf.blit(img, img.get_rect(midtop=(box.w // 2, top + i * line_h)))
    return surf


def fade_starts(message: "BannerSprite | StatusSprite | NoteSprite", now: int, lasts: int) -> int | None:
    """When a shown message next changes by itself: its fade's start, or
    now while it fades (None: it is not shown)."""
    if not message.visible:
        return None
    return max(now, message.shown_at + lasts - FADE_MS)


def time_is_up(message: "BannerSprite | StatusSprite | NoteSprite", now: int, lasts: int) -> bool:
    """A message shown at ``message.shown_at`` lasts ``lasts`` ms, fading
    out over the last ``FADE_MS``: True once its time is up."""
    age = now - message.shown_at
    if age >= lasts:
        return True
    if age >= lasts - FADE_MS:
        message.image.set_alpha(round(255 * (lasts - age) / FADE_MS))
        message.dirty = 1
    return False


class BannerSprite(pygame.sprite.DirtySprite):
    """The message place, strong: a refusal or a hint, one sentence for
    three seconds, in the band below the columns (it never covers a card).
    While it shows, the quieter status line in the same place waits."""

    image: pygame.Surface
    rect: pygame.Rect

    def __init__(self, box: Box, scale: float) -> None:
        super().__init__()
        self._layer = BANNER_LAYER
        self.box, self.s = box, scale
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = pygame.Rect(box)
        self.visible = 0
        self.shown_at = 0
        self.text = ""
        self.status: "StatusSprite | None" = None  # the status line that shares the place
        self.room: Box | None = None  # the part of the place left to messages (the Finish button has the rest)

    def make_room(self, room: Box | None) -> None:
        """Messages keep to ``room`` (None: the whole place)."""
        if room != self.room:
            self.room = room
            if self.visible:
                self.show(self.text, self.shown_at)

    def show(self, text: str, now: int) -> None:
        self.text, self.shown_at = text, now
        box = self.room or self.box
        self.image = message_image(text, box, self.s, strong=True)
        self.rect = self.image.get_rect(topleft=box[:2])
        self.image.set_alpha(255)
        self.visible = 1
        self.dirty = 1
        if self.status is not None:
            self.status.hide()

    def hide(self) -> None:
        if self.visible:
            self.visible = 0
            self.dirty = 1
            self.text = ""

    def step(self, now: int) -> None:
        if self.visible and time_is_up(self, now, BANNER_MS):
            self.hide()

    def next_change(self, now: int) -> int | None:
        return fade_starts(self, now, BANNER_MS)


FOCUS_LAYER = 1450  # above resting cards, below the bar, moving and dragged cards
HIGHLIGHT_LAYER = 1440
STATUS_LAYER = 1550


def ring(w: int, h: int, radius: int, thick: int, color: Ink, edge: Ink, top: int | None = None) -> pygame.Surface:
    """An outline drawn just outside a ``w`` x ``h`` card place: a band of
    ``color`` with a thin dark edge on both sides, so it shows on the felt
    and on a white card alike. ``top``: its top edge lies on the card's own
    top margin instead, that many px deep (a card with another's strip
    right above it: the outline keeps off that strip and its index)."""
    out = thick + 2
    surf = pygame.Surface((w + 2 * out, h + 2 * out), pygame.SRCALPHA)
    rect = surf.get_rect()
    if top is not None:
        rect = pygame.Rect(0, out, rect.w, rect.h - out)
    pygame.draw.rect(surf, edge, rect, width=out, border_radius=radius + out)
    pygame.draw.rect(surf, color, rect.inflate(-2, -2), width=thick, border_radius=radius + out - 1)
    if top is not None:
        band = max(2, min(out, top))
        surf.fill((0, 0, 0, 0), pygame.Rect(out, out + band, w, out - band))
        pygame.draw.line(surf, edge, (out, out + band - 1), (out + w - 1, out + band - 1))
    return surf


class FocusSprite(pygame.sprite.DirtySprite):
    """The keyboard focus: a bright ring with a dark edge around the focused
    card (or the empty place of the focused pile), thicker while cards are
    held. Shown only once the keyboard is in use."""

    def __init__(self, scale: float) -> None:
        super().__init__()
        self._layer = FOCUS_LAYER
        self.s = scale
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.visible = 0
        self.state: tuple[tuple[int, ...], int, bool] | None = None  # (box, radius, holding)
        self._cache: dict[tuple[int, int, int, int, bool], pygame.Surface] = {}

    def show(self, box: Box, radius: int, holding: bool) -> None:
        state = (tuple(box), radius, holding)
        if state == self.state and self.visible:
            return
        self.state = state
        thick = max(3, round((5 if holding else 4) * self.s))
        key = (box.w, box.h, radius, thick, holding)
        image = self._cache.get(key)
        if image is None:
            color = theme.ACCENT if holding else theme.FOCUS
            image = self._cache[key] = ring(box.w, box.h, radius, thick, color, theme.FOCUS_EDGE)
        out = (image.get_width() - box.w) // 2
        self.image = image
        self.rect = image.get_rect(topleft=(box.x - out, box.y - out))
        self.visible = 1
        self.dirty = 1

    def hide(self) -> None:
        if self.visible:
            self.visible = 0
            self.state = None


class DropMarkSprite(pygame.sprite.DirtySprite):
    """A drop highlight: a soft green glow on a place that would take the
    dragged cards."""

    def __init__(self, box: Box, radius: int, scale: float) -> None:
        super().__init__()
        self._layer = HIGHLIGHT_LAYER
        thick = max(3, round(4 * scale))
        surf = pygame.Surface((box.w + 2 * thick, box.h + 2 * thick), pygame.SRCALPHA)
        pygame.draw.rect(surf, (*theme.DROP_OK, 60), surf.get_rect(), border_radius=radius + thick)
        pygame.draw.rect(surf, (*theme.DROP_OK, 230), surf.get_rect(), width=thick, border_radius=radius + thick)
        self.image = surf
        self.rect = surf.get_rect(topleft=(box.x - thick, box.y - thick))
        self.dirty = 1


class RefusedMarkSprite(pygame.sprite.DirtySprite):
    """A refusal at the card: a red outline around the refused cards where
    they lie at rest (``box``: a dropped run glides back into it) that
    shakes sideways for a moment, then stays (redrawing nothing) and fades
    out at the end of its ``lasts`` ms: as long as the reason beside it,
    else ``REFUSED_MS``. ``top``: see ``ring``; ``shake`` False (Reduce
    motion): it never moves."""

    image: pygame.Surface
    rect: pygame.Rect

    def __init__(self, box: Box, radius: int, scale: float, now: int, lasts: int = REFUSED_MS,
                 top: int | None = None, shake: bool = True) -> None:
        super().__init__()
        self._layer = HIGHLIGHT_LAYER + 2
        thick = max(3, round(4 * scale))
        self.box = box
        self.image = ring(box.w, box.h, radius, thick, theme.REFUSED, theme.REFUSED_EDGE, top)
        out = thick + 2
        self.home = (box.x - out, box.y - out)
        self.rect = self.image.get_rect(topleft=self.home)
        self.amplitude = max(3, round(6 * scale)) if shake else 0  # Reduce motion: it stays still
        self.born, self.lasts = now, lasts
        self.still = False  # the shake is over: nothing to redraw until it fades
        self.dirty = 1

    def step(self, now: int) -> bool:
        """Shake, stay, fade; False once it is gone (killed)."""
        age = now - self.born
        if age >= self.lasts:
            self.kill()
            return False
        fade = min(FADE_MS, self.lasts // 3)
        if age < SHAKE_MS and self.amplitude:
            t = age / SHAKE_MS
            shake = math.sin(t * 3 * 2 * math.pi) * self.amplitude * (1 - t)  # three swings, dying down
            self.rect.topleft = (self.home[0] + round(shake), self.home[1])
            self.dirty = 1
        elif not self.still:
            self.still = True
            self.rect.topleft = self.home
            self.dirty = 1
        if age >= self.lasts - fade:
            self.image.set_alpha(round(255 * (self.lasts - age) / fade))
            self.dirty = 1
        return True

    def next_change(self, now: int) -> int:
        """When it next changes by itself: now while it shakes or fades, else its fade's start."""
        if (now - self.born < SHAKE_MS and self.amplitude) or self.still is False:
            return now
        return max(now, self.born + self.lasts - min(FADE_MS, self.lasts // 3))


class NoteSprite(pygame.sprite.DirtySprite):
    """A refusal's reason beside the card (``show``): a dark note with a red
    edge, on the window whole and never over the refused cards, placed
    where it covers least of what matters (``place_note``). It stays until
    ``hide`` (the next touch or key, a dialog, a drag) or ``NOTE_MS``, and
    redraws nothing while it stays: only its fade at the end."""

    image: pygame.Surface
    rect: pygame.Rect

    def __init__(self, window: Box, scale: float) -> None:
        super().__init__()
        self._layer = NOTE_LAYER
        self.window, self.s = window, scale
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.visible = 0
        self.text = ""
        self.shown_at = 0
        self.card: Box | None = None  # the refused cards the note is beside
        self.lines: list[str] = []

    @property
    def size(self) -> int:
        return max(TEXT_FLOOR + 2, round(17 * self.s))

    def pads(self) -> tuple[int, int]:
        return max(8, round(12 * self.s)), max(5, round(8 * self.s))

    def shape_for(self, text: str, width: int) -> tuple[list[str], tuple[int, int]]:
        """The lines of ``text`` within ``width`` px and the note's size."""
        px, py = self.pads()
        lines = wrap(text, self.size, max(1, width - 2 * px), note=False)
        f = font(self.size)
        w = max(f.size(line)[0] for line in lines) + 2 * px
        return lines, (min(width, w), len(lines) * f.get_linesize() + 2 * py)

    def show(self, text: str, card: Box, now: int, keep_off: list[Box], avoid: list[tuple[Box, float]],
             prefer_left: bool = False) -> None:
        """``text`` beside the refused cards at ``card``, off ``keep_off``
        where the window has room for that, covering least of ``avoid``."""
        self.text, self.card, self.shown_at = text, card, now
        box, lines = place_note(self, text, card, keep_off, avoid, prefer_left)
        self.lines = lines
        wrap(" ".join(lines), self.size, box.w - 2 * self.pads()[0])  # for the text-fit log
        surf = pygame.Surface((box.w, box.h), pygame.SRCALPHA)
        radius = min(box.h // 2, max(6, round(10 * self.s)))
        pygame.draw.rect(surf, theme.BANNER, surf.get_rect(), border_radius=radius)
        pygame.draw.rect(surf, theme.REFUSED, surf.get_rect(), width=max(2, round(2 * self.s)), border_radius=radius)
        px, py = self.pads()
        f = font(self.size)
        for i, line in enumerate(lines):
            surf.blit(f.render(line, True, theme.BANNER_TEXT), (px, py + i * f.get_linesize()))
        self.image = surf
        self.rect = pygame.Rect(box)
        self.visible = 1
        self.dirty = 1

    def hide(self) -> None:
        if self.visible:
            self.visible = 0
            self.dirty = 1
        self.text, self.card = "", None

    def step(self, now: int) -> None:
        if self.visible and time_is_up(self, now, NOTE_MS):
            self.hide()

    def next_change(self, now: int) -> int | None:
        return fade_starts(self, now, NOTE_MS)


def place_note(note: NoteSprite, text: str, card: Box, keep_off: list[Box], avoid: list[tuple[Box, float]],
               prefer_left: bool = False) -> tuple[Box, list[str]]:
    """Where the note of ``text`` goes beside ``card`` (the refused cards as
    they lie), and its lines: right or left of it (level with it, slid up
    or down as far as it still stands beside it), else above or below it
    (slid sideways likewise), always wholly on the window and never over
    the card. Of those places, one off ``keep_off`` (the stock and the
    waste, the pile the cards were refused on) if there is one, and then
    the one that covers least of ``avoid`` (boxes with their weights: the
    refused cards' pile, the buttons, the other cards), a side that wraps
    to fewer lines first."""
    win, s = note.window, note.s
    margin, gap = max(4, round(6 * s)), max(6, round(8 * s))
    most = min(win.w - 2 * margin, max(240, round(360 * s)))
    least = min(most, max(120, round(160 * s)))
    seen = Box(max(card.x, win.x), max(card.y, win.y), 0, 0)  # the part of the card on the window
    seen = Box(seen.x, seen.y, max(0, min(card.right, win.right) - seen.x), max(0, min(card.bottom, win.bottom) - seen.y))
    sides = ["left", "right"] if prefer_left else ["right", "left"]
    best: tuple[float, Box, list[str]] | None = None
    for rank, side in enumerate([*sides, "above", "below"]):
        if side == "right":
            room = win.right - margin - (seen.right + gap)
        elif side == "left":
            room = seen.x - gap - (win.x + margin)
        else:
            room = most
        for width in sorted({min(most, room), min(room, least)}, reverse=True):
            if width < least:
                continue
            lines, (w, h) = note.shape_for(text, width)
            for box, slide in note_places(side, seen, w, h, gap):
                box = Box(min(max(box.x, win.x + margin), win.right - margin - w),
                          min(max(box.y, win.y + margin), win.bottom - margin - h), w, h)
                if not beside(box, seen, side) or box.overlap(seen):
                    continue
                blocked = sum(box.overlap(other) for other in keep_off)
                covered = sum(weight * box.overlap(other) for other, weight in avoid) / max(1, w * h)
                score = 1000.0 * blocked / max(1, w * h) + covered + 0.15 * len(lines) + 0.05 * rank + 0.02 * slide
                if best is None or score < best[0]:
                    best = (score, box, lines)
    if best is None:  # no side has room (a window hardly larger than the cards): over the window's top
        lines, (w, h) = note.shape_for(text, win.w - 2 * margin)
        return Box(win.x + margin, win.y + margin, w, min(h, win.h - 2 * margin)), lines
    return best[1], best[2]


def note_places(side: str, seen: Box, w: int, h: int, gap: int) -> list[tuple[Box, int]]:
    """A note ``w`` x ``h`` on ``side`` of the cards ``seen``: level with
    their top (or centre) and then slid along that side in steps, as long
    as it still stands beside them; each with how far it slid (in steps)."""
    if side in ("right", "left"):
        x = seen.right + gap if side == "right" else seen.x - gap - w
        starts = [seen.y, seen.y + seen.h // 2 - h // 2]
        span, step = seen.h + h, max(8, h // 3)
        ys = starts + [seen.y + d for k in range(1, span // step + 1) for d in (k * step, -k * step)]
        return [(Box(x, y, w, h), i) for i, y in enumerate(ys)]
    y = seen.y - gap - h if side == "above" else seen.bottom + gap
    starts = [seen.x + seen.w // 2 - w // 2]
    span, step = seen.w + w, max(8, w // 6)
    xs = starts + [starts[0] + d for k in range(1, span // step + 1) for d in (k * step, -k * step)]
    return [(Box(x, y, w, h), i) for i, x in enumerate(xs)]


def beside(box: Box, seen: Box, side: str) -> bool:
    """Whether ``box`` still stands beside ``seen`` on ``side``: level with
    some of it (or across some of its width), on that side of it."""
    if side in ("right", "left"):
        level = box.y < seen.bottom and box.bottom > seen.y
        return level and (box.x >= seen.right if side == "right" else box.right <= seen.x)
    across = box.x < seen.right and box.right > seen.x
    return across and (box.bottom <= seen.y if side == "above" else box.y >= seen.bottom)


class StatusSprite(pygame.sprite.DirtySprite):
    """The native announcement line, in the message place below the
    columns: the last thing said (the same words a screen reader hears in
    the browser), for ``STATUS_MS`` and then it fades. A refusal or hint on
    the banner takes the place first: what is said meanwhile is kept
    (``text``) but not shown twice. ``now`` is the app's clock."""

    image: pygame.Surface
    rect: pygame.Rect

    def __init__(self, box: Box, scale: float, now: Callable[[], int]) -> None:
        super().__init__()
        self._layer = STATUS_LAYER
        self.box, self.s = box, scale
        self.now = now
        self.image = pygame.Surface((max(1, box.w), max(1, box.h)), pygame.SRCALPHA)
        self.rect = pygame.Rect(box)
        self.text = ""
        self.shown_at = 0
        self.visible = 0
        self.inset = 0  # room kept free at the left (the solver's verdict sits there)
        self.room: Box | None = None  # the part of the place left to messages (the Finish button has the rest)
        self.banner: BannerSprite | None = None
        self.note: NoteSprite | None = None  # a refusal's reason at the card

    def make_room(self, room: Box | None) -> None:
        """Messages keep to ``room`` (None: the whole place)."""
        if room != self.room:
            self.room = room
            if self.text and self.visible:
                self.draw_text()

    def set_inset(self, inset: int) -> None:
        if inset != self.inset:
            self.inset = inset
            if self.text and self.visible:
                self.draw_text()

    def show(self, text: str) -> None:
        self.shown_at = self.now()
        if text == self.text and self.visible:
            self.image.set_alpha(255)
            self.dirty = 1
            return
        self.text = text
        if (self.banner is not None and self.banner.visible) or (self.note is not None and self.note.visible):
            self.hide()  # the banner, or the note at the refused card, says it already
            return
        self.draw_text()

    def draw_text(self) -> None:
        place = self.room or self.box
        inset = max(0, self.box.x + self.inset - place.x)  # the verdict's room, where it falls in this part
        box = Box(place.x + inset, place.y, max(1, place.w - inset), place.h)
        self.image = message_image(self.text, box, self.s, strong=False)
        self.rect = self.image.get_rect(topleft=box[:2])
        self.visible = 1
        self.dirty = 1

    def hide(self) -> None:
        if self.visible:
            self.visible = 0
            self.dirty = 1

    def clear(self) -> None:
        """Nothing to say any more (a dialog opened, a drag started, the table was laid out anew)."""
        self.hide()
        self.text = ""

    def step(self, now: int) -> None:
        """Fade out once the text has been there for ``STATUS_MS``."""
        if self.visible and time_is_up(self, now, STATUS_MS):
            self.clear()

    def next_change(self, now: int) -> int | None:
        return fade_starts(self, now, STATUS_MS)


def count_badge(count: int, layout: Layout, center: tuple[int, int]) -> pygame.sprite.DirtySprite:
    """A small dark pill with a number, centred at ``center``, above the cards."""
    size, h = layout.count_size
    img = font(size, True).render(str(count), True, theme.BANNER_TEXT)
    ink = img.get_bounding_rect()
    surf = pygame.Surface((max(h, ink.width + 2 * max(4, h // 3)), h), pygame.SRCALPHA)
    pygame.draw.rect(surf, theme.BANNER, surf.get_rect(), border_radius=h // 2)
    surf.blit(img, (surf.get_width() // 2 - ink.centerx, h // 2 - ink.centery))  # the digits' ink centred
    sprite = pygame.sprite.DirtySprite()
    sprite._layer = ColumnCounts.LAYER
    sprite.image = surf
    sprite.rect = surf.get_rect(center=center)
    sprite.dirty = 1
    return sprite


class ColumnCounts:
    """Counts on the table: a column squeezed past showing every index says
    how many cards it holds, a small count under its last card (the fan
    makes room for it: it covers no card); the stock always says how many
    cards it holds, on its back near the lower edge."""

    LAYER = 1445

    def __init__(self) -> None:
        self.badges: dict[int, tuple[int, pygame.sprite.DirtySprite]] = {}  # column index -> (count, badge)
        self.stock: tuple[int, pygame.sprite.DirtySprite] | None = None

    def show_stock(self, layout: Layout, count: int | None, group: Group) -> None:
        """The stock's count (None or 0: no badge; an empty stock shows its turn-over mark)."""
        from ...engine import Pile
        from ...engine.actions import STOCK

        old, self.stock = self.stock, None
        if old and old[0] == count and old[1].alive():
            self.stock = old
            return
        if old:
            old[1].kill()
        box = layout.piles.get(Pile(STOCK))
        if not count or box is None:
            return
        sprite = count_badge(count, layout, (box.x + box.w // 2, box.bottom - round(layout.card_h * 0.17)))
        group.add(sprite)
        self.stock = (count, sprite)

    def update(self, layout: Layout, columns: list[list[int]], hidden: list[int], group: Group) -> None:
        for i, col in enumerate(columns):
            squeezed = layout.column_fan(hidden[i], len(col))[1]
            old = self.badges.get(i)
            if not squeezed:
                if old:
                    old[1].kill()
                    del self.badges[i]
                continue
            center = layout.count_box(i, hidden[i], len(col)).center
            rect = old[1].rect if old else None
            if old and old[0] == len(col) and old[1].alive() and rect is not None and rect.center == center:
                continue
            if old:
                old[1].kill()
            sprite = count_badge(len(col), layout, center)
            group.add(sprite)
            self.badges[i] = (len(col), sprite)

    def clear(self) -> None:
        for _, sprite in [*self.badges.values(), *([self.stock] if self.stock else [])]:
            sprite.kill()
        self.badges, self.stock = {}, None
