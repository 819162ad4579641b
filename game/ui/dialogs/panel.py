"""A dialog: a dimmed table with a panel of widgets on it."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

import pygame

from ...i18n import translate
from ..drawing import theme
from ..drawing.budget import MB, SurfaceCache
from ..drawing.cardart import rounded_mask
from ..drawing.fonts import fit_text
from ..drawing.layout import TOUCH, Box
from ..scene import ImageSprite, Scene
from .widgets import TextField, Widget

if TYPE_CHECKING:
    from ..scene import Canvas
    from .hosts import DialogHost

SCRIM_LAYER = 3000
MIN_SCALE = 0.86  # the smallest type scale of a dialog: 14 px labels stay 12 px


D = TypeVar("D", bound="DialogHost")  # what the dialog may use of the app (dialogs/hosts.py)


def dialog_scale(app: Canvas) -> float:
    return max(app.scale, MIN_SCALE)


def panel_width(app: Canvas, width: float) -> int:
    """The width (px) a panel ``width`` logical px wide gets on ``app``'s window (``PanelScene.place``)."""
    s = dialog_scale(app)
    return round(min(width, (app.width - 16) / s) * s)


# Surfaces every dialog of a size shares, never drawn on (a dialog draws on a copy): the dimming
# is as large as the window (8 MB at 1920x1080), and each open dialog kept its own before.
# Kept within a budget of memory, not a count: at 10000x10000 one dimming is 400 MB.
SCRIMS: SurfaceCache[pygame.Surface] = SurfaceCache(16 * MB)
MASKS: SurfaceCache[pygame.Surface] = SurfaceCache(24 * MB)


def shared_scrim(width: int, height: int) -> pygame.Surface:
    """The dimming over the table, one per window size."""
    def make() -> pygame.Surface:
        scrim = pygame.Surface((width, height), pygame.SRCALPHA)
        scrim.fill(theme.SCRIM)
        return scrim

    return SCRIMS.get((width, height), make)


def panel_mask(width: int, height: int, radius: int, color: tuple[int, int, int]) -> pygame.Surface:
    """A panel's rounded shape in ``color``, one per size."""
    return MASKS.get((width, height, radius, color), lambda: rounded_mask(width, height, radius, color))


class PanelScene(Scene[D]):
    """A modal dialog of ``width`` x ``height`` (logical px) in the centre.

    Subclasses build ``self.widgets`` in ``build`` (panel coordinates) and
    draw extra content in ``draw_content``. Esc closes it.

    The keyboard reaches every widget: Tab / Shift+Tab move a visible focus
    ring over the enabled widgets, Enter or Space activates the focused one
    (Enter with no focus: ``default_action``), Left / Right move along a row
    of choices and choose, Up / Down move to the previous / next widget.

    A panel taller than the window shows a part of itself and scrolls (the
    wheel, a drag off the widgets, the keys' focus); its head (``head_h``
    px: the title) and foot (``foot_h`` px: its buttons) stay in view, and
    only the body between them scrolls, so the way out and the main actions
    never need a scroll. Every control is at least ``TOUCH`` px each way
    (``tap``)."""

    modal = True
    fit_window = False  # True: never taller than the window (the panel scrolls its own content)
    title_key = ""
    scrim_top = 0  # the win panel leaves the top bar uncovered

    def __init__(self, app: D, width: float, height: float) -> None:
        super().__init__(app)
        self.base = (width, height)
        self.widgets: list[Widget] = []
        self.key_focus: Widget | None = None  # the widget the keyboard is on (None: not in use)
        self.sprites = []
        self.pan = 0  # how far the content is scrolled (px)
        self.head_h = self.foot_h = 0
        self.place()
        self.build()
        self.redraw()

    def on_open(self) -> None:
        super().on_open()
        self.app.table.dialogs_changed()  # the clock stops, the table's messages go

    def on_close(self) -> None:
        super().on_close()
        self.app.table.dialogs_changed()

    def release(self) -> None:
        super().release()
        # every widget it made, shown or not (a page's buttons, a row kept by name):
        # their actions are this dialog's methods
        for value in list(vars(self).values()):
            items = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else [value]
            for item in items:
                if isinstance(item, Widget):
                    item.release()
        self.key_focus = None

    def place(self) -> None:
        """The panel's box, scrim and shape for the app's current size."""
        app = self.app
        self.base = self.sized()
        width, height = self.base
        # one type scale for every dialog, never so small that a text drops
        # under the floor: on a small window the panel gets narrower (its
        # rows reflow) instead of shrinking its type
        s = dialog_scale(app)
        self.s = s
        room_h = (app.height - 16) / s
        width = min(width, (app.width - 16) / s)
        if self.fit_window:  # as tall as the window, never shorter than its content can be laid out
            height = max(min(height, room_h), self.least_height(round(width * s)) / s)
        self.pw, self.ph = round(width * s), round(height * s)
        self.base_w, self.base_h = width, height
        # taller than the window: the panel shows a part and scrolls (wheel, drag, keys)
        self.view_h = min(self.ph, app.height - 16)
        self.pan = min(self.pan, self.ph - self.view_h)
        # what stays in view when the body scrolls: the title (build() may say more, and the foot)
        self.head_h = self.px(66) if self.title_key else 0
        self.foot_h = 0
        self.pan_from: tuple[int, int] | None = None
        self.box = Box((app.width - self.pw) // 2, (app.height - self.view_h) // 2, self.pw, self.view_h)
        scrim = shared_scrim(app.width, app.height - self.scrim_top)
        # a dialog opened over another one dims it too
        others = [scene for scene in app.scenes if isinstance(scene, PanelScene) and scene is not self]
        if self in app.scenes:
            others = others[: app.scenes.index(self) - 1]
        above = 10 * len(others)
        self.scrim = ImageSprite(scrim, (0, self.scrim_top), SCRIM_LAYER + above)
        # the shape is the shared one (not kept here: a huge window's is hundreds of MB);
        # redraw() gives the panel its own copy, drawn on
        self.radius = round(16 * self.s)
        self.panel = ImageSprite(self.shape(), self.box[:2], SCRIM_LAYER + above + 1)
        self.sprites[:2] = [self.scrim, self.panel]

    def sized(self) -> tuple[float, float]:
        """The panel's (width, height) in logical px for the window as it is
        now (a panel whose rows depend on the width says so here)."""
        return self.base

    def shape(self) -> pygame.Surface:
        """The panel's rounded shape, shared by the dialogs of its size (never drawn on)."""
        return panel_mask(self.pw, self.ph, self.radius, theme.PANEL)

    def relayout(self) -> None:
        """The window changed size: place and build the panel again,
        keeping what was typed."""
        typed = [w.text for w in self.widgets if isinstance(w, TextField)]
        focused = [w.focused for w in self.widgets if isinstance(w, TextField)]
        layer = self.panel._layer
        for sprite in self.sprites[:2]:
            sprite.kill()
        self.place()
        self.panel._layer = layer
        self.build()
        for w, text, was in zip((w for w in self.widgets if isinstance(w, TextField)), typed, focused):
            w.text, w.focused = text, was
        self.key_focus = None
        if self in self.app.scenes:
            self.app.group.add(*self.sprites[:2])
        self.redraw()

    def px(self, v: float) -> int:
        return round(v * self.s)

    def tap(self, v: float) -> int:
        """A control's height (or width): ``v`` logical px, never under the ``TOUCH`` px a finger needs."""
        return max(TOUCH, self.px(v))

    # ---- the part in view -----------------------------------------------------------------

    @property
    def pinned(self) -> bool:
        """Taller than its view, with its head and foot kept in view (the body
        between them scrolls); else, on a window too short even for those and
        a little body, the whole panel scrolls."""
        return self.view_h < self.ph and self.view_h - self.head_h - self.foot_h >= self.px(60)

    def body_view(self) -> tuple[int, int]:
        """(top, bottom) of the part of the view that scrolls (view px)."""
        if self.pinned:
            return self.head_h, self.view_h - self.foot_h
        return 0, self.view_h

    def view_y(self, y: int) -> int:
        """Where the panel's row ``y`` shows in the view now (it may be out of view)."""
        if self.pinned:
            if y < self.head_h:
                return y
            if y >= self.ph - self.foot_h:
                return y - (self.ph - self.view_h)
        return y - self.pan

    def screen_box(self, box: Box) -> Box | None:
        """Where ``box`` (panel px) shows on the screen now; None unless the
        whole of it is in view."""
        y = self.view_y(box.y)
        if self.view_h < self.ph:
            head = self.pinned and box.bottom <= self.head_h
            foot = self.pinned and box.y >= self.ph - self.foot_h
            top, bottom = (0, self.view_h) if head or foot else self.body_view()
            if y < top or y + box.h > bottom:
                return None
        return Box(self.box.x + box.x, self.box.y + y, box.w, box.h)

    def least_height(self, pw: int) -> int:
        """A ``fit_window`` panel's least height (px) at width ``pw``: on a
        shorter window the whole panel scrolls."""
        return 0

    def build(self) -> None:
        pass

    def title_right(self) -> int:
        """Where the title's room ends (panel px): a button beside it ends it sooner."""
        return self.pw - self.px(20)

    def actions(self) -> list[Widget]:
        """The way out and the main actions: what is in view without a scroll."""
        return []

    def draw_content(self, surf: pygame.Surface, lang: str) -> None:
        pass

    def redraw(self) -> None:
        surf = self.drawn()
        if self.view_h < self.ph:  # the part in view, and a thin bar that says where
            surf = self.in_view(surf)
        self.panel.show(surf)

    def drawn(self) -> pygame.Surface:
        """The whole panel drawn, its full height (``redraw`` shows the part in view)."""
        lang = self.app.settings.lang
        surf = self.shape().copy()
        if self.title_key:
            room = self.title_right() - self.px(28)
            title = fit_text(translate(self.title_key, lang), self.px(30), theme.PANEL_TEXT, room, bold=True)
            surf.blit(title, (self.px(28), self.px(22)))
        self.draw_content(surf, lang)
        for w in self.widgets:
            w.draw(surf, lang)
        if self.key_focus is not None and self.key_focus in self.widgets:
            ring = pygame.Rect(self.key_focus.box).inflate(self.px(10), self.px(10))
            pygame.draw.rect(surf, theme.FOCUS_DIALOG, ring, width=max(2, self.px(3)), border_radius=self.px(12))
        return surf

    def in_view(self, surf: pygame.Surface) -> pygame.Surface:
        """The part of the drawn panel ``surf`` in view: the head, the body
        scrolled by ``pan`` and the foot (or, not pinned, the whole panel
        scrolled), a line where the body goes under the head or the foot, and
        a thin bar that says where the body is."""
        view = panel_mask(self.pw, self.view_h, self.radius, (255, 255, 255)).copy()
        top, bottom = self.body_view()
        if self.pinned:
            strips = [(0, 0, top), (top + self.pan, top, bottom - top), (self.ph - self.foot_h, bottom, self.foot_h)]
        else:
            strips = [(self.pan, 0, self.view_h)]
        for src_y, dst_y, h in strips:
            if h > 0:
                view.blit(surf, (0, dst_y), pygame.Rect(0, src_y, self.pw, h), special_flags=pygame.BLEND_RGBA_MULT)
        if self.pinned:
            for y in (top, bottom - 1):
                pygame.draw.line(view, theme.PANEL_LINE, (0, y), (self.pw, y), max(1, self.px(1)))
        room, body = bottom - top, self.ph - (self.view_h - (bottom - top))
        bar_h = max(self.px(30), room * room // max(1, body))
        bar_y = top + (room - bar_h) * self.pan // max(1, self.ph - self.view_h)
        pygame.draw.rect(view, theme.PANEL_DIM if self.pinned else theme.PANEL_LINE,
                         (self.pw - self.px(8), bar_y, self.px(4), bar_h), border_radius=self.px(2))
        return view

    def pan_to(self, pan: int) -> None:
        pan = max(0, min(self.ph - self.view_h, round(pan)))
        if pan != self.pan:
            self.pan = pan
            self.redraw()

    def pan_event(self, event: pygame.event.Event) -> bool:
        """Scroll a panel taller than the window: the wheel, or a drag that
        starts off the widgets (a finger). True if the event was that."""
        if self.view_h >= self.ph:
            return False
        if event.type == pygame.MOUSEWHEEL:
            self.pan_to(self.pan - event.y * self.px(48))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and self.box.contains(*event.pos):
            local = self.local(event.pos)
            if not any(w.enabled and w.box.contains(*local) for w in self.widgets):
                self.pan_from = (event.pos[1], self.pan)
                return True
        if event.type == pygame.MOUSEMOTION and self.pan_from is not None:
            y0, pan0 = self.pan_from
            self.pan_to(pan0 - (event.pos[1] - y0))
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.pan_from is not None:
            self.pan_from = None
            return True
        return False

    def refresh_text(self) -> None:
        self.redraw()

    def local(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A point on the screen in the panel's own px (where its content is drawn)."""
        x, y = pos[0] - self.box.x, pos[1] - self.box.y
        if self.pinned:
            top, bottom = self.body_view()
            if y < top:
                return (x, y)
            if y >= bottom:
                return (x, y + self.ph - self.view_h)
        return (x, y + self.pan)

    def handle_event(self, event: pygame.event.Event) -> bool:
        kinds = {pygame.MOUSEBUTTONDOWN: "down", pygame.MOUSEBUTTONUP: "up", pygame.MOUSEMOTION: "move"}
        if self.pan_event(event):
            return True
        if event.type in kinds:
            if getattr(event, "button", 1) != 1 and event.type != pygame.MOUSEMOTION:
                return self.modal
            pos = self.local(event.pos)
            changed = False
            if event.type == pygame.MOUSEBUTTONDOWN and self.key_focus is not None:
                self.key_focus = None  # the pointer took over: no ring
                changed = True
            for w in list(self.widgets):
                changed |= w.pointer(kinds[event.type], pos)
            if changed and self.app.top() is self:
                self.redraw()
            if event.type == pygame.MOUSEBUTTONDOWN and not self.box.contains(*event.pos):
                return self.outside_click()
            return self.modal or self.box.contains(*event.pos)
        if event.type == pygame.KEYDOWN and self.focus_key(event):
            return True
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            for w in self.widgets:
                if isinstance(w, TextField) and w.key(event):
                    self.redraw()
                    return True
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.close()
                return True
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.default_action()
                return True
            return self.modal
        return self.modal

    # ---- keyboard focus ---------------------------------------------------------------

    def focusable(self) -> list[Widget]:
        return [w for w in self.widgets if w.enabled]

    def set_key_focus(self, widget: Widget | None) -> None:
        self.key_focus = widget
        if widget is not None and self.view_h < self.ph and self.screen_box(widget.box) is None:  # scrolled into view
            margin = self.px(16)
            top, bottom = self.body_view()
            if widget.box.y - margin < self.pan + top:
                self.pan = max(0, widget.box.y - margin - top)
            elif widget.box.bottom + margin > self.pan + bottom:
                self.pan = min(self.ph - self.view_h, widget.box.bottom + margin - bottom)
        for w in self.widgets:
            if isinstance(w, TextField):
                w.focused = w is widget
        self.redraw()

    def focus_key(self, event: pygame.event.Event) -> bool:
        """Tab, arrows, Enter and Space for the focused widget; True if used."""
        items = self.focusable()
        if not items:
            return False
        key, current = event.key, self.key_focus if self.key_focus in items else None
        if current is None and key != pygame.K_TAB:
            typing = next((w for w in items if isinstance(w, TextField) and w.focused), None)
            if typing is None or key not in (pygame.K_UP, pygame.K_DOWN):
                return False
            current = typing
        if key == pygame.K_TAB or key in (pygame.K_UP, pygame.K_DOWN):
            back = key == pygame.K_UP or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            if current is None:
                typing = next((w for w in items if isinstance(w, TextField) and w.focused), None)
                nxt = typing or (items[-1] if back else items[0])
                if typing is not None:
                    nxt = items[(items.index(typing) + (-1 if back else 1)) % len(items)]
            else:
                nxt = items[(items.index(current) + (-1 if back else 1)) % len(items)]
            self.set_key_focus(nxt)
            return True
        if current is None or isinstance(current, TextField):
            return False  # typing, Enter to submit: the field's own keys
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            row = sorted((w for w in items if w.box.y == current.box.y and w.group == current.group),
                         key=lambda w: w.box.x)
            if len(row) > 1:
                nxt = row[(row.index(current) + (1 if key == pygame.K_RIGHT else -1)) % len(row)]
                self.key_focus = nxt
                if nxt.style == "choice":
                    nxt.activate()  # a row of choices: the arrow chooses
                if self.app.top() is self:
                    self.redraw()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            current.activate()
            if self.app.top() is self and self in self.app.scenes:
                self.redraw()
            return True
        return False

    def outside_click(self) -> bool:
        return self.modal

    def default_action(self) -> None:
        pass
