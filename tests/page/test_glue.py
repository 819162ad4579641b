"""The game's browser glue against a model of pygbag's bridge (tests/page/pygbag_bridge.py):
storage that the browser blocks, Unicode crossing to JavaScript, the start-up
arguments a page gives, the frame guard, sharing a deal, the loop's pacing."""

from __future__ import annotations

import ast
import asyncio
import json
from pathlib import Path

import pygame
import pytest

from game import host as gp
from game.engine import Action, Game
from game.i18n import translate
from game.persistence import Persistence
from game.persistence.savegame import dumps_game
from game.persistence.settings import Settings
from game.persistence.storage import BrowserStorage, MemoryStorage
from game.ui import launch
from game.ui.drawing.fonts import font
from game.ui.table.share import WAIT_MS, ShownText, pieces, share_deal

from tests.page.pygbag_bridge import Page, crossing

ROOT = Path(__file__).resolve().parents[2]
import game.start as main_module  # noqa: E402 (the loop main.py runs)

UNICODE = "Bảy cơ … lá\u00a0bài: kőr 7 😀"


def test_the_bridge_model_garbles_non_ascii_like_the_runtime():
    assert crossing("Bảy cơ") == "Báº£y cÆ¡"
    assert crossing("plain") == "plain"


# ---- storage ----------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["throws", "null", "broken"])
def test_blocked_storage_gives_a_session_in_memory(mode):
    storage = gp.open_storage(window=Page(storage=mode))
    assert isinstance(storage, gp.SessionOnlyStorage)
    assert storage.notices == (gp.STORAGE_OFF,)
    persistence = Persistence(storage)
    persistence.load_all()
    assert persistence.save_settings(Settings(chosen_lang="vi"))


@pytest.mark.parametrize("mode", ["throws", "null", "broken"])
def test_the_game_starts_without_storage_and_says_so_once(monkeypatch, mode):
    monkeypatch.setattr(main_module, "build_app", lambda argv, **kw: launch.build_app(argv, headless=True, **kw))
    page = Page(storage=mode, hash="#EO1-C8-AAAAAFA")
    app = main_module.make_app(browser=True, window=page)
    assert app.session.game is not None
    notice = app.scenes[-1]
    assert getattr(notice, "notices", None) == [gp.STORAGE_OFF]
    for lang in ("en", "vi", "hu"):
        assert translate(gp.STORAGE_OFF, lang) != gp.STORAGE_OFF
    # the session is kept in memory: a move is saved and read back
    app.session.play(Action.parse("r2>f"))
    assert app.play.persistence.load_all().game.position.moves == 1


def test_blocked_storage_throws_through_the_bridge_as_chromium_says_it():
    # what pygbag's bridge makes of the page's SecurityError (browsermodule.c): a plain Exception with
    # Chromium's words (tests/page/test_storage_refused.py meets them in Chromium, site data blocked)
    page = Page(storage="throws")
    with pytest.raises(Exception, match="Access is denied for this document"):
        page.localStorage
    assert isinstance(gp.open_storage(window=page), gp.SessionOnlyStorage)


@pytest.mark.parametrize("mode", ["throws", "null", "broken"])
def test_a_restart_keeps_the_sessions_records_and_does_not_say_it_again(monkeypatch, mode):
    # the frame guard's Restart builds the app again on the page's storage (main.py: make_app with no
    # storage of its own): the same records in memory, and the notice was said once already
    monkeypatch.setattr(main_module, "build_app", lambda argv, **kw: launch.build_app(argv, headless=True, **kw))
    page = Page(storage=mode)
    first = main_module.make_app(browser=True, window=page)
    assert [getattr(scene, "notices", None) for scene in first.scenes].count([gp.STORAGE_OFF]) == 1
    first.session.play(first.session.game.legal_actions()[0])
    played = first.session.game.position
    again = main_module.make_app(browser=True, window=page)
    assert again.play.persistence.storage is first.play.persistence.storage
    assert again.session.game.position == played and played.moves == 1  # the game goes on where it was
    assert not any(getattr(scene, "notices", None) for scene in again.scenes)
    # another page (another visit) is told again, and starts with nothing kept
    other = main_module.make_app(browser=True, window=Page(storage=mode))
    assert [getattr(scene, "notices", None) for scene in other.scenes].count([gp.STORAGE_OFF]) == 1


def test_a_working_storage_keeps_unicode_and_only_ascii_crosses():
    page = Page()
    storage = gp.open_storage(window=page)
    assert isinstance(storage, BrowserStorage)
    record = json.dumps({"name": UNICODE}, ensure_ascii=False)
    assert storage.set("settings", record)
    stored = page.store.items[f"{gp.APP_NAME}/settings"]
    assert stored.isascii()
    assert json.loads(storage.get("settings")) == {"name": UNICODE}


def test_text_garbled_by_an_older_build_is_repaired_on_reading():
    page = Page()
    page.store.items[f"{gp.APP_NAME}/settings"] = crossing(json.dumps({"name": UNICODE}, ensure_ascii=False))
    storage = gp.open_storage(window=page)
    assert json.loads(storage.get("settings")) == {"name": UNICODE}


def test_a_storage_whose_length_throws_lists_nothing_but_works():
    page = Page()

    class NoLength:
        def __getattr__(self, name):
            if name == "length":
                raise RuntimeError("length")
            return getattr(page.store, name)

    wrapped = gp.PageStorage(NoLength())
    assert wrapped.length == 0


def test_saved_games_are_written_with_escapes():
    game = Game.from_deal("EO1-C8-AAAAAFA")
    assert dumps_game(game, 12.5).isascii()


def test_stats_and_settings_survive_the_bridge_round_trip():
    page = Page()
    persistence = Persistence(gp.open_storage(window=page))
    persistence.load_all()
    assert persistence.save_settings(Settings(chosen_lang="hu"))
    assert all(value.isascii() for value in page.store.items.values())
    again = Persistence(gp.open_storage(window=page)).load_all()
    assert again.settings.chosen_lang == "hu" and again.notices == []


# ---- text to the page ----------------------------------------------------------------


def test_announcements_arrive_intact():
    page = Page()
    assert gp.announce(UNICODE, window=page)
    assert page.live_region == UNICODE
    gp.announce(UNICODE, window=page)
    assert page.live_region.rstrip("\u00a0") == UNICODE and page.live_region != UNICODE


def test_errors_reach_the_console_intact():
    page = Page()
    gp.report_error("Lỗi: ảnh", window=page)
    assert page.errors == ["Lỗi: ảnh"]


def test_the_page_language_follows_the_game():
    page = Page()
    assert gp.set_page_language("vi", window=page)
    assert page.document.documentElement.attributes["lang"] == "vi"
    assert not gp.set_page_language('x" onload="', window=page)


# ---- start-up ----------------------------------------------------------------------


def test_the_browser_ignores_sys_argv(monkeypatch):
    monkeypatch.setattr(main_module.sys, "argv", ["org.python", "--what", "#debug", "EO1"])
    args = main_module.start_arguments(browser=True, window=Page(viewport="390x844"))
    assert args == ["--fps", "0", "--size", "390x844"]
    launch.parser().parse_args(args)  # all of them are options main.py knows


@pytest.mark.parametrize("where", [dict(hash="#EO1-C8-AAAAAFA"), dict(search="?deal=EO1-C8-AAAAAFA"),
                                   dict(hash="#deal=eo1-c8-aaaaafa"), dict(search="?x=1&deal=EO1-C8-AAAAAFA&y")])
def test_a_shared_link_starts_its_deal(where):
    args = main_module.start_arguments(browser=True, window=Page(**where))
    assert args[-2:] == ["--deal", "EO1-C8-AAAAAFA"]


@pytest.mark.parametrize("where", [dict(hash="#debug"), dict(hash="#EO9-Z-???"), dict(search="?deal=<script>"),
                                   dict(hash="#" + "A" * 500), dict(hash="#EO1-C8-AAAAAFA%20-i")])
def test_an_odd_address_starts_normally(where):
    args = main_module.start_arguments(browser=True, window=Page(**where))
    assert "--deal" not in args
    launch.parser().parse_args(args)


def test_odd_viewport_sizes_are_ignored_or_clamped():
    assert gp.viewport_size(window=Page(viewport="junk")) is None
    assert gp.viewport_size(window=Page(viewport="100x99999")) == (320, 7680)


def test_the_browser_build_opens_the_linked_deal(monkeypatch):
    monkeypatch.setattr(main_module, "build_app", lambda argv, **kw: launch.build_app(argv, headless=True, **kw))
    page = Page(hash="#EO1-C8-AAAAAFA", viewport="720x1280")
    app = asyncio.run(main_module.main(frames=2, browser=True, window=page))
    assert page.ready  # the loading indicator is gone
    assert app.session.start_position.deal == "EO1-C8-AAAAAFA"
    assert app.browser and app.fps == 0
    assert app.screen.get_size() == (720, 1280)


def test_the_loading_box_goes_only_once_the_first_frame_is_drawn(monkeypatch):
    monkeypatch.setattr(main_module, "build_app", lambda argv, **kw: launch.build_app(argv, headless=True, **kw))
    frames = []
    real_frame = main_module.FrameGuard.frame

    def frame(guard):
        real_frame(guard)
        frames.append(guard.app.frames)

    monkeypatch.setattr(main_module.FrameGuard, "frame", frame)
    page = Page()
    ready_at = []
    page.gameReady = lambda: ready_at.append(len(frames)) or True
    asyncio.run(main_module.main(frames=3, browser=True, window=page))
    assert ready_at == [1]  # once, right after the first frame (not when main.py was queued)


def test_a_game_that_cannot_start_tells_the_page_instead_of_a_blank_canvas(monkeypatch):
    def broken(argv, **kw):
        raise ImportError("cannot import name 'App'")

    monkeypatch.setattr(main_module, "build_app", broken)
    page = Page()
    assert asyncio.run(main_module.main(frames=2, browser=True, window=page)) is None
    assert page.failures == ["ImportError: cannot import name 'App'"]
    assert not page.ready
    assert any("Traceback" in error and "ImportError" in error for error in page.errors)  # the console
    with pytest.raises(ImportError):  # natively it is the terminal's, as ever
        asyncio.run(main_module.main(frames=2, browser=False))


def test_the_browser_window_has_no_minimum_size():
    # game/ui/app.py applies it (set_minimum_size) only where this gives one
    assert gp.window_minimum_size((640, 480), browser=True) is None
    assert gp.window_minimum_size((640, 480), browser=False) == (640, 480)


def test_main_never_binds_the_name_platform():
    tree = ast.parse((ROOT / "main.py").read_text(encoding="utf-8"))
    bound = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            bound |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
    assert "platform" not in bound


def test_the_browser_loop_never_waits_for_a_frame_rate(monkeypatch):
    monkeypatch.setattr(main_module, "build_app", lambda argv, **kw: launch.build_app(argv, headless=True, **kw))
    ticks = []

    class Clock:
        def tick(self, *args):
            ticks.append(args)
            return 0

    monkeypatch.setattr(pygame.time, "Clock", Clock)
    asyncio.run(main_module.main(frames=5, browser=True, window=Page()))
    assert ticks == []


def test_the_browser_gets_a_larger_mixer_buffer(monkeypatch):
    monkeypatch.setattr(main_module, "build_app", lambda argv, **kw: launch.build_app(argv, headless=True, **kw))
    calls = []
    monkeypatch.setattr(pygame.mixer, "pre_init", lambda *a, **k: calls.append(a))
    main_module.make_app(browser=True, window=Page())
    assert calls and calls[-1][3] >= 2048


def test_the_viewport_is_followed_when_the_app_can_resize(monkeypatch):
    monkeypatch.setattr(main_module, "build_app", lambda argv, **kw: launch.build_app(argv, headless=True, **kw))
    page = Page(viewport="1280x720")
    app = main_module.make_app(browser=True, window=page)
    assert (app.width, app.height) == (1280, 720)
    object.__setattr__(page, "viewport", "720x1280")  # the phone turned
    main_module.follow_viewport(app, page)
    assert (app.width, app.height) == (720, 1280)
    app.frame()


# ---- sharing a deal ------------------------------------------------------------------


def press_l_on_a_shared_deal(monkeypatch, page):
    monkeypatch.setattr(gp, "browser_window", lambda: page)
    monkeypatch.setattr(main_module, "build_app", lambda argv, **kw: launch.build_app(argv, headless=True, **kw))
    app = main_module.make_app(browser=True, window=page)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0))
    app.frame()
    return app


LINK = "https://example.org/games/solitaire/index.html#EO1-C8-AAAAAFA"


def test_l_copies_a_link_to_the_deal_and_says_so_once_the_page_confirms(monkeypatch):
    page = Page(hash="#EO1-C8-AAAAAFA", clipboard="ok")
    app = press_l_on_a_shared_deal(monkeypatch, page)
    copied = translate("say.link_copied", app.settings.lang, link=LINK)
    assert page.live_region != copied  # the clipboard's promise has not answered yet
    app.frame()
    assert page.clipboard == [LINK]
    assert page.live_region == copied
    assert not any(isinstance(scene, ShownText) for scene in app.scenes)


@pytest.mark.parametrize("clipboard", ["refuses", "missing"])
def test_a_refused_copy_is_never_called_copied_and_the_link_is_shown(monkeypatch, clipboard):
    page = Page(hash="#EO1-C8-AAAAAFA", clipboard=clipboard)
    app = press_l_on_a_shared_deal(monkeypatch, page)
    for _ in range(3):
        app.frame()
    lang = app.settings.lang
    assert page.clipboard == []
    assert translate("say.link_copied", lang, link=LINK) not in app.announcer.history
    assert page.live_region == translate("say.link", lang, link=LINK)
    shown = [scene for scene in app.scenes if isinstance(scene, ShownText)]
    assert len(shown) == 1 and shown[0].text == LINK  # on screen, to copy by hand
    assert shown[0] is app.top()
    # the whole link is drawn, cut into lines no wider than the panel
    lines = pieces(LINK, font(shown[0].px(19), True), shown[0].pw - shown[0].px(56))
    assert "".join(lines) == LINK and len(lines) >= 1
    assert all(font(shown[0].px(19), True).size(line)[0] <= shown[0].pw - shown[0].px(56) for line in lines)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.frame()
    assert not any(isinstance(scene, ShownText) for scene in app.scenes)  # OK closes it


# ---- a public page (tools/build_web.py --public-url): the itch.io page around the game's frame ----

ITCH = "https://someone.itch.io/easy-harp"


def test_with_a_public_page_l_copies_a_link_to_it_with_the_deal(monkeypatch):
    page = Page(hash="#EO1-C8-AAAAAFA", clipboard="ok", public_url=ITCH)
    app = press_l_on_a_shared_deal(monkeypatch, page)
    app.frame()
    assert page.clipboard == [ITCH + "?deal=EO1-C8-AAAAAFA"]
    assert page.live_region == translate("say.link_copied", app.settings.lang, link=ITCH + "?deal=EO1-C8-AAAAAFA")


@pytest.mark.parametrize("public, link", [
    (ITCH, ITCH + "?deal=EH1-N-AAAAAAF"),
    (ITCH + "/", ITCH + "/?deal=EH1-N-AAAAAAF"),
    (ITCH + "?secret=Ab1&deal=EO1-C8-AAAAAFA", ITCH + "?secret=Ab1&deal=EH1-N-AAAAAAF"),  # a draft page's secret kept
    ("https://games.example.org/a%20b/?q=a+b&z", "https://games.example.org/a%20b/?q=a+b&z&deal=EH1-N-AAAAAAF"),
])
def test_a_link_to_a_public_page_carries_the_deal_in_its_query(public, link):
    assert gp.deal_link("EH1-N-AAAAAAF", window=Page(public_url=public)) == link


@pytest.mark.parametrize("public", [None, "", 42, "javascript:alert(1)", "https://a.example/x#y", "https://a b.example/",
                                    "//someone.itch.io/easy-harp", "https://bücher.example/"])
def test_without_a_usable_public_page_links_stay_the_pages_own(public):
    assert gp.deal_link("EO1-C8-AAAAAFA", window=Page(public_url=public)) == LINK


@pytest.mark.parametrize("referrer", [ITCH + "?deal=EO1-C8-AAAAAFA", ITCH + "/?utm_source=x&deal=eo1-c8-aaaaafa",
                                      "https://SOMEONE.itch.io/easy-harp?deal=EO1-C8-AAAAAFA"])
def test_the_framed_game_reads_the_deal_from_the_public_pages_address(referrer):
    """itch.io hands its frame nothing of its address; the frame learns it as document.referrer,
    whole when the page's referrer policy lets it through (tests/page/test_itch_frame.py)."""
    args = main_module.start_arguments(browser=True, window=Page(public_url=ITCH, referrer=referrer))
    assert args[-2:] == ["--deal", "EO1-C8-AAAAAFA"]


@pytest.mark.parametrize("public, referrer", [
    (ITCH, "https://someone.itch.io/"),  # the browsers' default policy: only the site comes
    (ITCH, ""),
    (ITCH, "https://elsewhere.example/easy-harp?deal=EO1-C8-AAAAAFA"),  # another page's address
    (ITCH, ITCH + "-2?deal=EO1-C8-AAAAAFA"),
    (ITCH, "http://someone.itch.io/easy-harp?deal=EO1-C8-AAAAAFA"),
    (ITCH, ITCH + "?deal=<script>"),
    (ITCH, "https://[::1?deal=EO1-C8-AAAAAFA"),  # no address at all
    (None, ITCH + "?deal=EO1-C8-AAAAAFA"),  # no public page: a referrer is nobody's link
])
def test_no_deal_comes_from_any_other_referrer(public, referrer):
    args = main_module.start_arguments(browser=True, window=Page(public_url=public, referrer=referrer))
    assert "--deal" not in args


def test_the_pages_own_address_comes_before_the_public_pages():
    page = Page(hash="#EH1-N-AAAAAAF", public_url=ITCH, referrer=ITCH + "?deal=EO1-C8-AAAAAFA")
    assert gp.shared_deal(window=page) == "EH1-N-AAAAAAF"


def test_a_copied_public_link_opens_its_deal_when_the_address_comes_through():
    link = gp.deal_link("EO1-C4-AAAAAFA", window=Page(public_url=ITCH))
    assert gp.shared_deal(window=Page(public_url=ITCH, referrer=link)) == "EO1-C4-AAAAAFA"


def test_a_page_that_never_answers_counts_as_refused(monkeypatch):
    page = Page(hash="#EO1-C8-AAAAAFA", clipboard="ok")
    monkeypatch.setattr(gp, "browser_window", lambda: page)
    monkeypatch.setattr(main_module, "build_app", lambda argv, **kw: launch.build_app(argv, headless=True, **kw))
    clock = [0]
    app = main_module.make_app(browser=True, window=page)
    monkeypatch.setattr(app, "now", lambda: clock[0])
    share_deal(app)
    object.__setattr__(page, "copy_asks", -10**9)  # the promise never settles
    app.play.tasks.run()
    assert not any(isinstance(scene, ShownText) for scene in app.scenes)
    clock[0] = WAIT_MS
    app.play.tasks.run()
    assert app.top().text == LINK


# ---- the frame guard ------------------------------------------------------------------


def fail(*args, **kwargs):
    raise ZeroDivisionError("Bảy / 0")


@pytest.mark.parametrize("where", ["dispatch", "update", "draw"])
def test_an_exception_in_a_frame_is_shown_and_the_game_goes_on(monkeypatch, where, capsys):
    storage = MemoryStorage()
    app = launch.build_app(["--deal", "EO1-C8-AAAAAFA"], storage=storage, headless=True)
    app.session.play(Action.parse("r2>f"))
    saved = storage.get("game")
    assert saved is not None
    guard = main_module.FrameGuard(app, rebuild=lambda: launch.build_app([], storage=storage, headless=True))
    target = app if where != "update" else app.table
    monkeypatch.setattr(target, where, fail)
    if where == "dispatch":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
    guard.frame()
    assert guard.error == "ZeroDivisionError: Bảy / 0"
    assert "ZeroDivisionError" in capsys.readouterr().err  # logged, traceback and all
    assert storage.get("game") == saved  # the saved game is kept
    assert app.announcer.last.startswith(translate("error.frame", "en", error=guard.error))
    guard.frame()  # the error screen, drawn on the canvas, not a freeze
    assert set(guard.buttons) == {"continue", "restart"}
    assert app.screen.get_at(guard.buttons["continue"].center) != app.screen.get_at((1, 1))
    monkeypatch.undo()
    # Restart: a fresh app that resumes the saved game
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0))
    guard.frame()
    assert guard.error is None and guard.app is not app
    assert guard.app.session.game.position.moves == 1
    guard.frame()


def test_continue_goes_back_to_the_same_game(monkeypatch):
    app = launch.build_app(["--deal", "EO1-C8-AAAAAFA"], storage=MemoryStorage(), headless=True)
    guard = main_module.FrameGuard(app)
    monkeypatch.setattr(app, "draw", fail)
    guard.frame()
    monkeypatch.undo()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=guard.buttons["continue"].center)
                      if guard.buttons else pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c", scancode=0))
    guard.frame()
    guard.frame()
    assert guard.error is None and guard.app is app and app.running


def test_the_guard_saves_the_game_in_progress_time_played_included(monkeypatch):
    storage = MemoryStorage()
    app = launch.build_app(["--deal", "EO1-C8-AAAAAFA"], storage=storage, headless=True)
    app.session.play(Action.parse("r2>f"))
    app.session.elapsed_ms = 25_000  # played on since the last save (the clock saves every 30 s)
    guard = main_module.FrameGuard(app)
    monkeypatch.setattr(app, "draw", fail)
    guard.frame()
    loaded = Persistence(storage).load_all()
    assert loaded.game is not None and loaded.game.position.moves == 1
    assert loaded.elapsed == pytest.approx(25.0, abs=1)
    assert guard.message().endswith(translate("error.saved", "en"))


@pytest.mark.parametrize("how", ["refused", "raises"])
def test_when_the_guards_save_fails_it_says_so_and_does_not_raise(monkeypatch, how, capsys):
    storage = MemoryStorage()
    app = launch.build_app(["--deal", "EO1-C8-AAAAAFA"], storage=storage, headless=True)
    app.session.play(Action.parse("r2>f"))
    saved = storage.get("game")
    if how == "refused":
        monkeypatch.setattr(storage, "set", lambda key, text: False)
    else:
        monkeypatch.setattr(app.play.persistence, "save_game", fail)
    guard = main_module.FrameGuard(app)
    monkeypatch.setattr(app, "draw", fail)
    guard.frame()
    assert guard.error == "ZeroDivisionError: Bảy / 0"
    assert guard.message().endswith(translate("error.not_saved", "en"))
    assert not guard.message().endswith(translate("error.saved", "en"))
    assert storage.get("game") == saved  # the last good save is still there
    guard.frame()  # the error screen draws, and says it
    assert set(guard.buttons) == {"continue", "restart"}


# ---- sharing a daily win: the share sheet where the browser has one, else the clipboard ------------


def win_a_daily_deal_in_the_browser(monkeypatch, page):
    from tests.ui.daily import TODAY, win_daily

    monkeypatch.setattr(gp, "browser_window", lambda: page)
    monkeypatch.setattr(main_module, "build_app",
                        lambda argv, **kw: launch.build_app(argv, headless=True, today=lambda: TODAY, **kw))
    app = main_module.make_app(browser=True, window=page, storage=MemoryStorage())
    panel = win_daily(app)
    assert panel.share_button is not None
    panel.share()
    return app, panel


@pytest.mark.parametrize("public, link", [(None, "https://example.org/games/solitaire/index.html#{code}"),
                                          (ITCH, ITCH + "?deal={code}")])
def test_a_daily_win_goes_to_the_share_sheet_with_a_link_to_its_day(monkeypatch, public, link):
    page = Page(share="sheet", public_url=public)
    app, panel = win_a_daily_deal_in_the_browser(monkeypatch, page)
    assert page.shared == []  # the sheet is open: not known yet
    app.frame()
    app.frame()
    code = str(app.play.current_daily().code)
    assert len(page.shared) == 1 and page.shared[0].split("\n")[-1] == link.format(code=code)
    assert page.clipboard == []  # the sheet took it
    assert panel.share_button.label == "ui.calendar.shared"
    assert page.live_region == translate("say.result_shared", app.settings.lang)
    assert not any(isinstance(scene, ShownText) for scene in app.scenes)


def test_without_a_share_sheet_the_daily_result_is_copied(monkeypatch):
    page = Page(share="none", clipboard="ok")
    app, panel = win_a_daily_deal_in_the_browser(monkeypatch, page)
    for _ in range(3):
        app.frame()
    assert len(page.clipboard) == 1 and page.clipboard[0].split("\n")[0].startswith("Eight Off")
    assert panel.share_button.label == "ui.calendar.copied"
    assert page.live_region == translate("say.result_copied", app.settings.lang)


def test_a_closed_sheet_says_nothing_and_a_refused_one_falls_back_to_the_clipboard(monkeypatch):
    page = Page(share="cancel")
    app, panel = win_a_daily_deal_in_the_browser(monkeypatch, page)
    for _ in range(3):
        app.frame()
    assert page.shared == page.clipboard == [] and panel.share_button.label == "ui.calendar.share"
    assert not any(isinstance(scene, ShownText) for scene in app.scenes)
    page = Page(share="refuse", clipboard="refuses")  # no sheet here after all, and no clipboard either
    app, panel = win_a_daily_deal_in_the_browser(monkeypatch, page)
    for _ in range(4):
        app.frame()
    shown = app.top()
    assert isinstance(shown, ShownText) and shown.text == page.share_text  # to copy by hand, whole
    assert panel.share_button.label == "ui.calendar.share"


def test_share_text_reads_only_the_pages_known_answers():
    class Odd:
        def gameShare(self, text):  # noqa: N802 - the page's name
            return "maybe"

        def gameShared(self):  # noqa: N802
            raise Exception("gone")

    assert gp.share_text("x", window=Odd()) == "refused"
    assert gp.share_outcome(window=Odd()) == "refused"
    page = Page(clipboard="ok")  # a page without gameShare (none of ours): a copy
    object.__delattr__(page, "gameShare")
    object.__delattr__(page, "gameShared")
    assert gp.share_text(UNICODE, window=page) is None  # the clipboard answers later
    page.gameCopied()
    assert gp.share_outcome(window=page) == "copied" and page.clipboard == [UNICODE]


# ---- prefers-reduced-motion: the page's gameReducedMotion() -------------------------------------


@pytest.mark.parametrize("asks, reduced", [(True, True), (False, False), (None, False)])  # None: an older page
def test_a_browser_asking_for_less_motion_starts_with_reduce_motion_on(monkeypatch, asks, reduced):
    monkeypatch.setattr(main_module, "build_app", lambda argv, **kw: launch.build_app(argv, headless=True, **kw))
    page = Page(hash="#EO1-C8-AAAAAFA", reduced_motion=asks)
    assert gp.prefers_reduced_motion(window=page) is reduced
    app = main_module.make_app(browser=True, window=page)
    assert app.settings.reduce_motion is reduced
    app.table.play("r2>f")
    assert bool(app.table.moving) is not reduced  # no glide when the motion is reduced


def test_a_kept_choice_beats_the_browsers_wish(monkeypatch):
    monkeypatch.setattr(main_module, "build_app", lambda argv, **kw: launch.build_app(argv, headless=True, **kw))
    page = Page(reduced_motion=True)
    app = main_module.make_app(browser=True, window=page)
    app.change_setting("reduce_motion", False)  # the player turns it off in Options
    again = main_module.make_app(browser=True, window=Page(reduced_motion=True), storage=app.play.persistence.storage)
    assert again.settings.reduce_motion is False

