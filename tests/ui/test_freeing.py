"""What a closed dialog or a window done with held is freed at once, by
reference counting, not at the next run of Python's cyclic collector: a
search holds the collector off while it thinks, and one dialog's panel is
megabytes (issue 23, item 4: the UI fuzz's peak memory). Every test here
runs with the collector off, as it is during a hint."""

from __future__ import annotations

import gc
import weakref

import pygame
import pytest

from game.persistence.storage import MemoryStorage
from game.ui.dialogs.confirm import ConfirmDialog
from game.ui.dialogs.help import RulesScene
from game.ui.dialogs.new_game import NewGameDialog
from game.ui.dialogs.notice import NoticeDialog
from game.ui.dialogs.options import OptionsDialog
from game.ui.dialogs.stats import StatsScene
from game.ui.dialogs.win import WinScene
from game.ui.launch import build_app
from game.ui.table.share import ShownText

from .conftest import FakeClock, main_module, start_app


@pytest.fixture
def no_collector():
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    yield
    if was:
        gc.enable()


DIALOGS = {
    "options": OptionsDialog,
    "rules": RulesScene,
    "stats": StatsScene,
    "new game": NewGameDialog,
    "confirm": lambda app: ConfirmDialog(app, lambda: None),
    "notice": lambda app: NoticeDialog(app, ["notice.game_damaged"]),
    "win": WinScene,
    "shown link": lambda app: ShownText(app, "https://example.org/#EO1-C8-AAAAAFA", True),
}


@pytest.mark.parametrize("name", list(DIALOGS))
def test_a_closed_dialog_and_its_surfaces_are_freed_at_once(no_collector, name):
    app = start_app("--deal", "EO1-C8-AAAAAFA")
    dialog = app.push(DIALOGS[name](app))
    app.frame()
    app.resize(900, 700)  # laid out again: the new panel is the one to free
    app.frame()
    panel = weakref.ref(dialog.sprites[-1].image)
    gone = weakref.ref(dialog)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.frame()
    if dialog in app.scenes:  # a dialog Esc does not close (the win panel): its own close
        dialog.close()
        app.frame()
    assert dialog not in app.scenes
    del dialog
    assert gone() is None, [type(r).__name__ for r in gc.get_referrers(gone())]
    assert panel() is None


def test_every_page_of_the_rules_is_freed_with_it(no_collector):
    """The examples' buttons are not among the widgets while another page
    shows, and their actions are the dialog's methods too."""
    app = start_app("--deal", "EO1-C8-AAAAAFA")
    rules = RulesScene(app)
    app.push(rules)
    rules.show_page(next(i for i, page in enumerate(rules.pages) if page.kind == "examples"))
    rules.show_page(0)
    app.frame()
    gone = weakref.ref(rules)
    rules.close()
    del rules
    assert gone() is None


def test_a_window_closed_for_another_lets_go_of_its_cards_and_felt(no_collector):
    """The frame guard's Restart (and the UI fuzz after each quit) builds
    a new window in the same process: the old one's dialogs, card sprites
    and felt go at once, though its objects still refer to each other."""
    storage = MemoryStorage()
    old = build_app(["--size", "1920x1080", "--deal", "EO1-C8-AAAAAFA"], storage=storage, headless=True,
                    now=FakeClock())
    old.frame()
    old.open_rules()
    old.frame()
    card = weakref.ref(next(sprites for sprites in old.table.cards.values() if sprites)[-1])
    felt = weakref.ref(old.background)
    rules = weakref.ref(old.top())
    old.close()
    assert not old.running and len(old.group) == 0
    new = build_app(["--size", "1920x1080"], storage=storage, headless=True, now=FakeClock())
    new.frame()
    del old
    assert card() is None and felt() is None and rules() is None
    assert new.session.game.position.deal == "EO1-C8-AAAAAFA"  # the new window resumes the saved game


def test_the_guards_restart_closes_the_window_it_replaces(no_collector, monkeypatch):
    storage = MemoryStorage()
    app = build_app(["--deal", "EO1-C8-AAAAAFA"], storage=storage, headless=True)
    guard = main_module.FrameGuard(app, rebuild=lambda: build_app([], storage=storage, headless=True))
    felt = weakref.ref(app.background)

    def fail(*args):
        raise ZeroDivisionError("x")

    monkeypatch.setattr(app, "draw", fail)
    guard.frame()
    monkeypatch.undo()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0))
    guard.frame()
    assert guard.error is None and guard.app is not app and not app.running
    del app
    assert felt() is None
    guard.frame()


# ---- caches bounded by memory -----------------------------------------------------------------


def test_a_surface_cache_keeps_to_its_budget_least_recently_used_first():
    from game.ui.drawing.budget import SurfaceCache

    cache: SurfaceCache[pygame.Surface] = SurfaceCache(3 * 100 * 100 * 4)
    made = []

    def surface(n):
        made.append(n)
        return pygame.Surface((100, 100 * n), pygame.SRCALPHA)

    one = cache.get("one", lambda: surface(1))
    cache.get("two", lambda: surface(1))
    assert cache.get("one", lambda: surface(1)) is one  # kept, and now the most recent
    cache.get("three", lambda: surface(1))
    assert len(cache) == 3 and cache.held == 3 * 40_000
    cache.get("four", lambda: surface(1))  # over the budget: "two" was used least recently
    assert "two" not in cache and "one" in cache and "four" in cache and cache.held <= cache.budget
    cache.get("huge", lambda: surface(5))  # larger than the whole budget: kept alone, it is in use
    assert len(cache) == 1 and "huge" in cache
    assert made == [1, 1, 1, 1, 5]


def test_an_entry_that_grew_is_weighed_as_it_is_now():
    from game.ui.drawing.budget import SurfaceCache, held_bytes

    class Art:  # draws its faces as they are shown, as the card art does
        def __init__(self) -> None:
            self.faces: dict[int, pygame.Surface] = {}

    cache: SurfaceCache[Art] = SurfaceCache(10 * 40_000)
    first = cache.get(1, Art)
    for n in range(9):
        first.faces[n] = pygame.Surface((100, 100), pygame.SRCALPHA)
    assert held_bytes(first) == 9 * 40_000
    second = cache.get(2, Art)
    second.faces[0] = pygame.Surface((100, 100), pygame.SRCALPHA)
    cache.get(3, Art)
    cache.get(4, lambda: Art())
    assert 1 in cache  # 10 faces in all: within the budget
    second.faces[1] = pygame.Surface((100, 100), pygame.SRCALPHA)
    cache.get(5, Art)
    assert 1 not in cache and 2 in cache  # 11: the oldest went


def test_card_art_for_many_sizes_stays_within_its_budget():
    from game.ui.drawing import cardart

    for w in range(120, 240, 8):  # a window resized again and again, every card drawn
        art = cardart.card_art(w, round(w * 1.4), "en")
        for card in range(52):
            art.image(card)
        assert cardart.ARTS.held <= cardart.ARTS.budget + held_bytes_of(art)  # the one in use grew
    assert cardart.card_art(w, round(w * 1.4), "en") is art  # asked again (the next layout): weighed again
    assert cardart.ARTS.held <= max(cardart.ARTS.budget, held_bytes_of(art))
    assert len(cardart.ARTS) < 15


def held_bytes_of(value) -> int:
    from game.ui.drawing.budget import held_bytes

    return held_bytes(value)


def test_a_surface_cache_makes_room_before_it_makes_a_new_entry():
    """The entries beyond the budget go before a new one is made, the one in
    use among them: on a resize the old size's and the new size's surfaces
    were both held at that moment, the peak of a large window."""
    from game.ui.drawing.budget import SurfaceCache

    cache: SurfaceCache[pygame.Surface] = SurfaceCache(2 * 100 * 100 * 4)
    seen = []

    def surface(n):
        seen.append((len(cache), cache.held))
        return pygame.Surface((100, 100 * n), pygame.SRCALPHA)

    cache.get("small", lambda: surface(1))
    cache.get("huge", lambda: surface(3))  # within the budget before it: "small" stays while it is made
    assert seen[-1] == (1, 40_000) and list(cache._entries) == ["huge"]
    cache.get("next", lambda: surface(1))  # "huge" alone is over the budget: gone before "next" is made
    assert seen[-1] == (0, 0) and list(cache._entries) == ["next"]
    cache.get("next", lambda: surface(9))  # a hit makes nothing and drops nothing
    assert len(seen) == 3 and "next" in cache


def test_a_surface_cache_hands_large_freed_memory_back(monkeypatch):
    from game import host
    from game.ui.drawing import budget

    calls = []
    monkeypatch.setattr(host, "release_freed_memory", lambda: calls.append(1) or True)
    cache: budget.SurfaceCache[pygame.Surface] = budget.SurfaceCache(budget.RELEASE_BYTES)
    side = 1024  # a 4 MB surface
    cache.get(1, lambda: pygame.Surface((side, side), pygame.SRCALPHA))
    cache.get(2, lambda: pygame.Surface((side, side), pygame.SRCALPHA))
    assert calls == []  # 8 MB held, nothing dropped
    cache.get(3, lambda: pygame.Surface((side, side), pygame.SRCALPHA))
    assert calls == []  # 4 MB dropped: not worth it
    cache.get(4, lambda: pygame.Surface((side, 3 * side), pygame.SRCALPHA))  # 12 MB: both others go
    assert calls == [1] and list(cache._entries) == [4]
