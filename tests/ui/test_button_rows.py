"""One type size across a row of buttons or tabs (issue 41, item 4): in
every dialog in each of its states, in every language, upright and on its
side, on a laptop, the labels of a row (New deal / Today's deal / Same
deal, the help's tabs, the statistics' tabs, ...) are drawn at one size,
measured from what each button draws (the text-fit log): the longest
label wraps onto two lines, or the whole row shrinks, never one label
alone; and every label reads whole within its button."""

from __future__ import annotations

import pygame
import pytest

from game.persistence.storage import MemoryStorage
from game.ui.dialogs.panel import PanelScene
from game.ui.dialogs.widgets import Button
from game.ui.drawing import fonts
from game.ui.launch import build_app

from .conftest import FakeClock
from .thumbs import dialog_states

SIZES = [(390, 844), (844, 390), (1024, 600), (1366, 768)]


def drawn_sizes(button: Button, lang: str) -> list[tuple[str, float, float, int]]:
    """(text, width, room, size) of each line ``button`` draws its label in."""
    fonts.FIT_LOG = []
    try:
        button.draw(pygame.Surface((button.box.w + button.box.x, button.box.h + button.box.y)), lang)
        return [(text, width, room, size) for text, width, room, size, _ in fonts.FIT_LOG]
    finally:
        fonts.FIT_LOG = None


@pytest.mark.parametrize("lang", ["en", "vi", "hu"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_row_of_buttons_reads_at_one_size(size, lang):
    app = build_app(["--lang", lang, "--size", f"{size[0]}x{size[1]}", "--deal", "EH1-N-AAAAAAF"],
                    storage=MemoryStorage(), headless=True, now=FakeClock())
    pygame.event.clear()
    rows_seen: dict[str, int] = {}
    for name in dialog_states(app):
        scene = app.top()
        assert isinstance(scene, PanelScene), name
        rows = {tuple(id(b) for b in w.row): w.row for w in scene.widgets if isinstance(w, Button) and len(w.row) > 1}
        rows_seen[name] = len(rows)
        for row in rows.values():
            sizes = set()
            for button in row:
                lines = drawn_sizes(button, lang)
                assert 1 <= len(lines) <= 2, (name, button.text(lang), lines)
                assert all(width <= room for _, width, room, _ in lines), (name, button.text(lang), lines)
                sizes |= {s for *_, s in lines}
            assert len(sizes) == 1, (name, [b.text(lang) for b in row], sizes)
    # the rows the issue named: the deal buttons, the help's tabs, the statistics' tabs (and its foot)
    assert rows_seen["new game"] >= 3 and rows_seen["help faq"] >= 1 and rows_seen["statistics"] >= 3, rows_seen
    assert rows_seen["options"] >= 2 and rows_seen["win"] >= 1, rows_seen
