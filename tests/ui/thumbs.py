"""Measuring the scenes as a thumb meets them, from what is laid out and
drawn: every control's tap area (a dialog's widgets after layout, the
table's buttons) and whether a dialog's way out and main actions
(``PanelScene.actions``) are in view without a scroll. Used by
tests/ui/test_dialog_thumbs.py and ``tools/ui_screens.py --matrix``
(its ``target`` and ``scroll`` columns)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

import pygame

from game.engine import Game, Position
from game.ui.dialogs.panel import PanelScene
from game.ui.drawing.layout import Box

from .positions import near_won_eight_off


@dataclass
class Thumbs:
    """What one app's scenes measured: the least tap target (px, where) and
    the actions a scroll away (scene: labels)."""

    least: tuple[int, str] | None = None
    scrolled: dict[str, list[str]] = field(default_factory=dict)

    def target(self, side: int, where: str) -> None:
        if self.least is None or side < self.least[0]:
            self.least = (side, where)

    def merge(self, other: "Thumbs") -> None:
        if other.least is not None:
            self.target(*other.least)
        for name, labels in other.scrolled.items():
            self.scrolled.setdefault(name, []).extend(labels)


def draw(app) -> None:
    """One frame, the animations finished: what a player sees."""
    app.settle()
    app.frame()


def dialog_states(app) -> Iterator[str]:
    """Every dialog in each of its states, opened on ``app`` and drawn (the
    one measured is ``app.top()`` when its name is yielded): New game on
    either game, Options, every page of Help and every example at its start
    and end, Statistics and its reset question, the notices, the question
    before a game in progress is left, and the win panel (its cascade
    skipped by a key). ``app`` needs records (a ``MemoryStorage``) and
    ends with a won game on its table."""
    from game.i18n import en

    app.open_new_game()
    dialog = app.top()
    draw(app)
    yield "new game"
    dialog.choose_game("eight-off")
    dialog.redraw()
    draw(app)
    yield "new game (eight off)"
    app.pop(dialog)
    app.open_options()
    draw(app)
    yield "options"
    app.pop(app.top())
    app.open_rules()
    rules = app.top()
    for i, page in enumerate(rules.pages):
        rules.show_page(i)
        if page.kind == "examples":
            for e, player in enumerate(rules.players):
                rules.choose_example(e)
                for step in (0, player.steps):
                    player.go(step)
                    rules.refresh_example_buttons()
                    rules.redraw()
                    draw(app)
                    yield f"help {page.id} {e} step {step}"
        else:
            draw(app)
            yield f"help {page.id}"
    app.pop(rules)
    records = app.play.persistence
    if records is not None:
        records.stats.record("easy-harp", "N", won=True, seconds=300, score=900)  # Reset is enabled
        app.open_stats()
        stats = app.top()
        draw(app)
        yield "statistics"
        stats.ask_reset()
        draw(app)
        yield "statistics reset"
        app.pop(app.top())
        app.pop(stats)
    notices = [k for k in en.MESSAGES if k.startswith("notice.")]
    app.show_notices(notices)
    draw(app)
    yield "notices"
    app.pop(app.top())
    for action in ("c5>c4", "c1>c4", "draw"):  # a game in progress: leaving it asks first
        app.table.play(action)
    app.request_new_game(None)
    if app.top() is not app.table:
        draw(app)
        yield "leave the game?"
        app.pop(app.top())
    app.start_game(Game(Position.from_dict(near_won_eight_off(8))), animate=False)
    app.table.play("tap c1")
    draw(app)
    skip = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    app.dispatch(skip)  # the cascade skipped: the panel
    draw(app)
    yield "win"


def in_view(app, scene: PanelScene, box: Box) -> Box | None:
    """Where ``box`` (the scene's panel px) shows on the window now, when
    the whole of it shows there (the panel's view and the window)."""
    shown = scene.screen_box(box)
    if shown is None:
        return None
    panel = scene.panel.rect
    if shown.x < panel.x or shown.y < panel.y or shown.right > panel.right or shown.bottom > panel.bottom:
        return None
    if shown.x < 0 or shown.y < 0 or shown.right > app.width or shown.bottom > app.height:
        return None
    return shown


def measure_scene(app, scene: PanelScene, name: str) -> Thumbs:
    """A dialog as it is drawn now: each widget's tap area, and its actions
    that are not wholly in view."""
    found = Thumbs()
    for widget in scene.widgets:
        label = getattr(widget, "label", type(widget).__name__)
        found.target(min(widget.box.w, widget.box.h), f"{name}: {label}")
    hidden = [getattr(w, "label", type(w).__name__) for w in scene.actions() if in_view(app, scene, w.box) is None]
    if hidden:
        found.scrolled[name] = hidden
    return found


def measure_table(app) -> Thumbs:
    """The table's own controls: its buttons and the Finish button, as laid out."""
    found = Thumbs()
    for name, sprite in app.table.buttons.items():
        found.target(min(sprite.rect.w, sprite.rect.h), f"table: {name}")
    finish = app.table.finish.sprite
    if finish is not None:
        found.target(min(finish.rect.w, finish.rect.h), "table: finish")
    return found


def measure_app(app) -> Thumbs:
    """The table and every dialog state on ``app`` (``dialog_states``)."""
    found = measure_table(app)
    for name in dialog_states(app):
        scene = app.top()
        assert isinstance(scene, PanelScene), name
        found.merge(measure_scene(app, scene, name))
    return found
