"""The built page in a real browser, against stand-ins of pygbag's runtime.

The page is built by the README's command (python3 tools/build_web.py) and
served by static servers in this test's process (tests/page/servers.py) under
three host names over HTTP: an itch.io-like one (html-classic.itch.zone,
where itch.io serves HTML games), a plain static host, and localhost
(python -m pygbag). Chromium's --host-resolver-rules sends those names, and
the runtime's CDN (pygame-web.github.io, over HTTPS with a throwaway
certificate), to the test's servers, so the page is the one players get,
unchanged, and nothing leaves the machine. (Playing offline, installing,
the keyboard in itch.io's frame and blocked storage are in tests/page/.)

The CDN answers with stand-ins for pygbag 0.9.3's pythons.js and its
interpreter loader (tests/page/pythons.js and tests/page/main.js): they do
what the real files do with the page, each piece naming the line of
pythons.js it models (the real wasm is not on this machine, so the
interpreter's part plays the start-up script's steps; tests/page/test_startup.py
holds the script to them). Chromium is driven over the DevTools protocol
(tests/page/chromium.py): every check waits for what the page does, with a
wall-clock limit, never for a budget of virtual time.

Chromium: Debian's `chromium` package (tools/test_setup.sh installs it).
"""

from __future__ import annotations

import json
import shutil
import time
import zipfile
from pathlib import Path

import pytest

from game.host import to_page
from tests.page.chromium import CHROMIUM
from tests.page.servers import HOSTS, RUNTIME_HOST, RUNTIME_PATH, Site, build_once, loaded, visible

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
UNICODE = "Bảy cơ lên cột 3 … kőr\u00a07"
STATIC = HOSTS["a static host"]
FAIL_WITHIN_MS = 15_000  # a failed load says so within 15 s, before a player gives up


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The built page served as a static site, the CDN stand-in, a log of requests, Chromiums."""
    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is missing: run tools/test_setup.sh (it installs chromium and openssl)")
    if shutil.which("openssl") is None:
        pytest.fail("openssl is missing (it makes the stand-in CDN's certificate): run tools/test_setup.sh")
    app = build_once(tmp_path_factory)
    served = Site(tmp_path_factory.mktemp("page"), app / "build" / "web")
    try:
        yield served
    finally:
        served.close()


@pytest.fixture
def page(site):
    """Open a page: ``page(url, size=..., scale=...)`` gives the tab; servers are reset afterwards."""
    tabs = []

    def open_page(url: str, *, size=(1280, 720), scale=1, lang="en-US", before=None):
        site.requests.clear()
        tab = site.browser(lang).tab(size=size, scale=scale)
        tabs.append(tab)
        if before:
            tab.call("Page.addScriptToEvaluateOnNewDocument", {"source": before})
        tab.go(site.url(url))
        return tab

    yield open_page
    site.state.reset()
    for tab in tabs:
        try:
            tab.browser.send("Target.closeTarget", {"targetId": tab.target}, timeout=10)
        except Exception:
            pass


# ---- the archive and the runtime ------------------------------------------------------


@pytest.mark.parametrize("host", list(HOSTS))
def test_the_page_loads_the_archive_web_zip_holds(site, page, host):
    tab = page(HOSTS[host])
    assert loaded(tab) == "ready"
    requests = list(site.requests)
    web = site.state.web
    with zipfile.ZipFile(web.parent / "web.zip") as archive:
        shipped = set(archive.namelist())
    archives = [path for _host, path in requests if path.endswith((".apk", ".tar.gz", ".zip"))]
    assert len(archives) == 1, requests
    name = archives[0].rsplit("/", 1)[-1]
    assert name.endswith(".apk") and name in shipped, (name, sorted(shipped))
    # the runtime came from the pinned 0.9.3 CDN path: pythons.js, then the interpreter it picks
    assert (RUNTIME_HOST, RUNTIME_PATH + "pythons.js") in requests
    assert (RUNTIME_HOST, RUNTIME_PATH + "cpython312/main.js") in requests
    root = tab.js("Object.assign({}, document.documentElement.dataset)")
    assert root["runtime"] == "stand-in"
    assert root["runtimeExecutable"] == f"https://{RUNTIME_HOST}{RUNTIME_PATH}cpython312/main.js"
    # what the start-up script opens is that archive, a zip, whole
    assert root["archiveMagic"] == "PK"
    assert root["archiveBytes"] == str((web / name).stat().st_size)
    assert not visible(tab, "transfer")  # the loading box went away


def test_the_apk_holds_only_what_the_game_needs(site):
    apk = next(site.state.web.glob("*.apk"))
    with zipfile.ZipFile(apk) as archive:
        names = [name.removeprefix("assets/") for name in archive.namelist()]
    extra = [name for name in names if name != "main.py" and not name.startswith(("game/", "assets/"))]
    assert extra == []
    assert "main.py" in names


# ---- item 1: every point of the window is the game's ----------------------------------


@pytest.mark.parametrize("size, scale", [
    ((1280, 720), 1), ((1280, 720), 2),  # desktop
    ((390, 844), 2), ((390, 844), 3),    # a phone held upright
    ((844, 390), 2),                     # the same phone turned
])
def test_every_corner_of_the_window_is_the_games_canvas(page, size, scale):
    tab = page(STATIC, size=size, scale=scale)
    assert loaded(tab) == "ready"
    hits = tab.js("""(() => { const w = innerWidth, h = innerHeight;
        return [[1, 1], [w - 2, 1], [1, h - 2], [w - 2, h - 2], [5, h - 5], [w / 2, h / 2], [64, h - 64]]
            .map(([x, y]) => (document.elementFromPoint(x, y) || {}).id); })()""")
    assert hits == ["canvas"] * len(hits), hits
    # pythons.js found the page's own canvas3d and made none of its own
    assert tab.js("document.querySelectorAll('canvas').length") == 2


# ---- item 4: no "Leave site?" ----------------------------------------------------------


def test_there_is_no_leave_site_prompt(site, page):
    tab = page(STATIC)
    assert loaded(tab) == "ready"
    assert tab.js("window.onbeforeunload === null")
    dialogs = len(tab.browser.dialogs)
    tab.reload()
    assert loaded(tab) == "ready"
    assert len(tab.browser.dialogs) == dialogs, tab.browser.dialogs


# ---- item 2: a failed load says so within 15 s, with Try again, and it stays -----------
# (issue 32, item 3: whatever fails, the runtime's alerts and errors become this message: no browser dialog)


def failed_in_time(tab) -> None:
    assert loaded(tab, timeout=FAIL_WITHIN_MS / 1000 + 30) == "failed"
    # the page's own clock: from the start of the page to the message
    at = tab.wait("window.gameLoad === 'failed' && performance.now()")
    assert tab.js("document.documentElement.getAttribute('data-load')") == "failed"
    assert at is not None
    assert visible(tab, "transfer") and visible(tab, "retry")
    assert "could not be loaded" in tab.js("document.getElementById('loading-text').textContent")
    assert tab.js("document.getElementById('retry').textContent") == "Try again"


def failure_time(tab) -> float:
    return tab.js("window.gameFailedAt")


FAILURES = {
    "runtime down": {"runtime": "down"},
    "runtime hangs": {"runtime": "hang"},
    "runtime answers 503": {"runtime": "503"},
    "interpreter missing": {"interpreter": "missing"},
    # the interpreter's files (a 404 carries no CORS header: main.js's XHR and fetch see a network error)
    "main.wasm missing": {"files": {"cpython312/main.wasm": "missing"}},
    "main.data missing": {"files": {"cpython312/main.data": "missing"}},
    "main.wasm and main.data missing": {"files": {"cpython312/main.wasm": "missing", "cpython312/main.data": "missing"}},
    "main.wasm and main.data cut": {"files": {"cpython312/main.wasm": "cut", "cpython312/main.data": "cut"}},
    "main.wasm cut": {"files": {"cpython312/main.wasm": "cut"}},
    "cpythonrc.py cut": {"files": {"cpythonrc.py": "cut"}},
    "main.wasm hangs": {"files": {"cpython312/main.wasm": "hang"}},
    "main.data hangs": {"files": {"cpython312/main.data": "hang"}},
    "main.data cut short": {"files": {"cpython312/main.data": "truncated"}},
    "archive missing": {"archive": "missing"},
    "main.py raises": {"behaviour": "raises"},
}


@pytest.mark.parametrize("how", list(FAILURES))
def test_a_failed_load_says_so_within_15_s_and_offers_a_retry_that_works(site, page, how):
    state = site.state
    for name, value in FAILURES[how].items():
        setattr(state, name, dict(value) if isinstance(value, dict) else value)
    tab = page(STATIC + "#EO1-C8-AAAAAFA")
    dialogs = len(tab.browser.dialogs)
    failed_in_time(tab)
    took = failure_time(tab)
    print(f"\n{how}: the failure message after {took / 1000:.1f} s ({tab.js('window.gameLoadError')})")
    assert took <= FAIL_WITHIN_MS, took
    # it stays: nothing hides it later, and no alert() ever reached the player
    time.sleep(3)
    assert tab.js("window.gameLoad") == "failed" and visible(tab, "transfer") and visible(tab, "retry")
    assert len(tab.browser.dialogs) == dialogs, tab.browser.dialogs[dialogs:]
    assert tab.js("location.hash") == "#EO1-C8-AAAAAFA"  # the address the player opened
    # Try again, with the servers back: the game starts, on the linked deal
    state.reset()
    tab.js("document.getElementById('retry').click()")
    tab.wait("document.documentElement.getAttribute('data-load') === 'ready'", timeout=60)
    assert tab.js("document.documentElement.dataset.gameHash") == "#EO1-C8-AAAAAFA"
    assert len(tab.browser.dialogs) == dialogs


MAIN_JS = f"https://{RUNTIME_HOST}{RUNTIME_PATH}cpython312/main.js"  # the runtime's interpreter loader


def failure_after_main_js(tab) -> float:
    """Once the page says the load failed: how many ms after main.js arrived it said so."""
    failed_in_time(tab)
    arrived = tab.js(f"performance.getEntriesByName({MAIN_JS!r})[0].responseEnd")
    return failure_time(tab) - arrived


def test_a_failed_fetch_of_main_wasm_inside_main_js_is_said_within_1_s(site, page):
    """main.js (pygbag's interpreter loader, emscripten's instantiateAsync) fetches main.wasm with no
    rejection handler; main.js is a script from another site loaded without CORS, so the rejection never
    reaches the page's unhandledrejection listener. The page watches that fetch itself: the message
    comes within 1 s of main.js's arrival, not after the 12 s stall."""
    site.state.files = {"cpython312/main.wasm": "cut"}  # the connection closes unanswered
    tab = page(STATIC)
    dialogs = len(tab.browser.dialogs)
    took = failure_after_main_js(tab)
    print(f"\nmain.wasm cut: the failure message {took:.0f} ms after main.js came ({tab.js('window.gameLoadError')})")
    assert 0 <= took <= 1000, took
    assert len(tab.browser.dialogs) == dialogs


def test_a_rejection_inside_main_js_is_said_within_1_s(site, page):
    """A first visit: main.js (a script from another site) takes over a main.wasm that does not fit it
    and rejects (its receiveInstance throws; createWasm drops the promise). Loaded as pythons.js adds it,
    without CORS, that rejection never reaches the page; the page makes the tag a CORS one, so it does,
    with its message, within 1 s of main.js's arrival."""
    site.state.behaviour = "mismatch"
    tab = page(STATIC)
    dialogs = len(tab.browser.dialogs)
    took = failure_after_main_js(tab)
    print(f"\nmain.js rejects: the failure message {took:.0f} ms after main.js came ({tab.js('window.gameLoadError')})")
    assert 0 <= took <= 1000, took
    assert "__wasm_apply_data_relocs" in tab.js("window.gameLoadError")
    assert tab.js(f"""document.querySelector('script[src="{MAIN_JS}"]').crossOrigin""") == "anonymous"
    assert len(tab.browser.dialogs) == dialogs


def test_an_alert_from_the_runtime_is_our_message_not_a_dialog(site, page):
    # pythons.js alerts on its own (line 60: a page not in UTF-8) and for every uncaught error
    # (lines 62-69): before the first frame that is our failure message, never a browser dialog
    tab = page(STATIC, before="window.addEventListener('load', () => setTimeout(() => alert('Error occurred: x'), 0))")
    dialogs = len(tab.browser.dialogs)
    failed_in_time(tab)
    assert "alert: Error occurred: x" in tab.js("window.gameLoadError")
    assert len(tab.browser.dialogs) == dialogs


def test_an_abort_after_the_first_frame_says_the_game_stopped(site, page):
    site.state.behaviour = "aborts"  # emscripten's abort() (out of memory, say) once the game runs
    tab = page(STATIC)
    dialogs = len(tab.browser.dialogs)
    assert loaded(tab) == "ready"
    assert tab.wait("document.documentElement.getAttribute('data-load') === 'stopped'", timeout=30)
    assert visible(tab, "transfer") and visible(tab, "retry")
    assert tab.js("document.getElementById('loading-text').textContent") == tab.js("gameText.stopped")
    assert "OOM" in tab.js("window.gameLoadError")
    assert len(tab.browser.dialogs) == dialogs
    site.state.reset()
    tab.js("document.getElementById('retry').click()")
    tab.wait("document.documentElement.getAttribute('data-load') === 'ready'", timeout=60)


FAILED_TEXT = {"en-US": "The game could not be loaded.", "vi-VN": "Không tải được trò chơi.",
               "hu-HU": "A játékot nem sikerült betölteni."}


@pytest.mark.parametrize("lang", list(FAILED_TEXT))
def test_the_failure_message_is_in_the_players_language_and_fits_a_phone(site, page, lang):
    site.state.files = {"cpython312/main.wasm": "missing"}
    tab = page(STATIC, size=(390, 844), scale=2, lang=lang)
    failed_in_time_any_language(tab)
    text = tab.js("document.getElementById('loading-text').textContent")
    assert text.startswith(FAILED_TEXT[lang]), text
    assert tab.js("document.getElementById('retry').textContent") == tab.js("gameText.retry")
    # padded at 390 px: the words keep clear of the screen's sides, and nothing runs off it
    for element in ("loading-text", "retry"):
        left, right, width = tab.js(f"""(() => {{ const r = document.getElementById({element!r}).getBoundingClientRect();
            return [r.left, r.right, document.documentElement.clientWidth]; }})()""")
        assert left >= 16 and right <= width - 16, (element, left, right, width)
    assert tab.js("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def failed_in_time_any_language(tab) -> None:
    assert loaded(tab, timeout=FAIL_WITHIN_MS / 1000 + 30) == "failed"
    assert failure_time(tab) <= FAIL_WITHIN_MS
    assert visible(tab, "transfer") and visible(tab, "retry")


# ---- item 3: the loading box goes only with the game's first frame ---------------------

WATCH_THE_BOX = """
document.addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("transfer");
  window.boxLog = [];
  new MutationObserver(() => {
    window.boxLog.push({ hidden: box.hidden, frame: document.documentElement.dataset.firstFrame || null,
                         stage: document.documentElement.dataset.loadStage || null });
  }).observe(box, { attributes: true, attributeFilter: ["hidden"] });
});
"""


def test_the_loading_box_stays_until_the_first_frame_is_drawn(site, page):
    site.state.behaviour = "slow"  # main.py takes 1.5 s to its first frame
    tab = page(STATIC, before=WATCH_THE_BOX)
    tab.wait("document.documentElement.dataset.loadStage === 'main'")
    assert visible(tab, "transfer")  # main.py is queued, not drawn: the box is still there
    assert loaded(tab) == "ready"
    log = tab.js("window.boxLog")
    hidden = [entry for entry in log if entry["hidden"]]
    assert hidden and hidden[0]["frame"] is not None, log  # hidden only once a frame was drawn
    assert not visible(tab, "transfer")


# ---- item 5: odd addresses still start the game ----------------------------------------


@pytest.mark.parametrize("tail, deal", [
    ("?utm_source=copy", None),          # "py" in the query's first part picks the interpreter's path
    ("?ref=a&x=-i", None),               # "-i" anywhere: interactive mode
    ("#%E0%A4%A", None),                 # a bad % escape: decodeURI throws
    ("#debug", None),                    # the runtime's debug layout
    ("?utm_source=copy&deal=EO1-C8-AAAAAFA", "?utm_source=copy&deal=EO1-C8-AAAAAFA"),
    ("#EO1-C8-AAAAAFA", "#EO1-C8-AAAAAFA"),
    ("?fbclid=py%zz#EO1-C8-AAAAAFA%20-i", "#EO1-C8-AAAAAFA%20-i"),
])
def test_links_with_odd_queries_and_hashes_still_start_the_game(page, tail, deal):
    tab = page(STATIC + tail)
    assert loaded(tab) == "ready"
    root = tab.js("Object.assign({}, document.documentElement.dataset)")
    assert root["runtimeExecutable"].endswith(RUNTIME_PATH + "cpython312/main.js")
    assert root["runtimeInteractive"] == "false" and root["runtimeDebug"] == "false"
    # the address bar and what the game reads are the address opened
    assert tab.js("location.href").endswith("/solitaire/index.html" + tail)
    if deal is not None:
        assert deal in root["gameSearch"] + root["gameHash"]


# ---- the page around the game ------------------------------------------------------------


def test_the_runtime_status_leaves_the_archive_bar_alone(site, page):
    tab = page(STATIC)
    assert loaded(tab) == "ready"
    # the runtime wrote its own status line (pythons.js setStatus), not ours
    assert tab.js("document.getElementById('load-progress').value") > 0
    assert tab.js("document.getElementById('load-progress').value") == tab.js(
        "document.getElementById('load-progress').max")
    assert not visible(tab, "progress") and not visible(tab, "status")


def test_the_live_region_and_labels_are_there_and_unicode_arrives_intact(page):
    tab = page(STATIC)
    assert loaded(tab) == "ready"
    tab.js(f"window.gameAnnounce({json.dumps(to_page(UNICODE))})")  # game/host.py announce(): ASCII JSON
    region = tab.js("""(() => { const r = document.getElementById('game-announcements');
        return [r.getAttribute('aria-live'), r.getAttribute('role'), r.textContent]; })()""")
    assert region == ["polite", "status", UNICODE]
    canvas = tab.js("[canvas.getAttribute('role'), canvas.getAttribute('aria-label'), canvas.hasAttribute('aria-busy')]")
    assert canvas[0] == "application" and "Easy Harp" in canvas[1] and canvas[2] is False
    assert tab.js("document.documentElement.lang") == "en"


def test_the_page_speaks_the_players_language(page):
    tab = page(STATIC, lang="vi-VN")
    assert loaded(tab) == "ready"
    assert tab.js("document.documentElement.lang") == "vi"
    assert tab.js("canvas.getAttribute('aria-label')").startswith("Bàn bài")
    assert tab.js("document.getElementById('retry').textContent") == "Thử lại"


@pytest.mark.parametrize("size, scale", [
    ((1280, 720), 1),  # landscape desktop
    ((540, 960), 3),   # a phone held upright (3 device pixels per CSS pixel)
    ((960, 540), 3),   # the same phone turned
])
def test_the_canvas_is_sized_from_the_viewport(page, size, scale):
    tab = page(STATIC, size=size, scale=scale)
    assert loaded(tab) == "ready"
    width, height = (int(v) for v in tab.js("gameViewport()").split("x"))
    assert tab.js("canvas.getAttribute('data-size')") == f"{width}x{height}"
    assert [tab.js("canvas.width"), tab.js("canvas.height")] == [width, height]  # the game's first frame
    inner_width, inner_height, ratio = tab.js("[innerWidth, innerHeight, devicePixelRatio]")
    assert ratio == scale
    assert (width > height) == (size[0] > size[1]) == (inner_width > inner_height)
    # device pixels, the pixel ratio capped at 2 (3x phones draw at 2x: frames stay cheap)
    assert (width, height) == (round(inner_width * min(ratio, 2)), round(inner_height * min(ratio, 2)))


@pytest.mark.parametrize("size, scale, canvas", [
    ((2560, 1440), 2, (2048, 1152)),  # a 5K screen
    ((1280, 720), 2, (2048, 1152)),   # itch.io's frame on a 2x laptop
    ((1920, 1080), 1, (1920, 1080)),  # under the cap: every device pixel
])
def test_a_big_canvas_is_capped_so_frames_stay_cheap(page, size, scale, canvas):
    # tools/bench_page_frames.py: a full update of 2048x1152 costs about 2 ms here, 2560x1440 3-4.5 ms
    tab = page(STATIC, size=size, scale=scale)
    width, height = (int(v) for v in tab.wait("window.gameViewport && gameViewport()").split("x"))
    assert (width, height) == canvas


def test_a_refused_copy_is_reported_as_refused_not_copied(page):
    # localhost is a secure context, so the clipboard API is there; headless Chromium refuses it
    # (no user gesture, as itch.io's frame may without the clipboard-write permission): the page
    # answers "pending" and then, when the promise settles, "refused", never "copied"
    link = json.dumps(to_page("https://example.org/#EO1-C8-AAAAAFA"))
    tab = page(HOSTS["python -m pygbag"])
    assert loaded(tab) == "ready"
    assert tab.js(f"window.gameCopy({link})") == "pending"
    assert tab.wait("window.gameCopied() !== 'pending' && window.gameCopied()", timeout=30) == "refused"
    # a plain http host has no clipboard API at all, and the older way fails too: refused at once
    tab = page(STATIC)
    assert loaded(tab) == "ready"
    assert tab.js(f"window.gameCopy({link})") == "refused"
    assert tab.js("window.gameCopied()") == "refused"


SHARE_SHEETS = {  # navigator.share as a phone's browser answers it, put in place before the page's own script
    "shared": "Navigator.prototype.share = function (data) { window.sharedText = data.text; return Promise.resolve(); };",
    "cancelled": ("Navigator.prototype.share = function (data) {"
                  " return Promise.reject(new DOMException('closed', 'AbortError')); };"),
    "refused": ("Navigator.prototype.share = function (data) {"
                " return Promise.reject(new DOMException('no', 'NotAllowedError')); };"),
    "none": "delete Navigator.prototype.share; delete Navigator.prototype.canShare;",
}


@pytest.mark.parametrize("sheet", list(SHARE_SHEETS))
def test_a_daily_result_goes_to_the_share_sheet_or_else_the_clipboard(page, sheet):
    # the page's gameShare (page.tmpl), as game/host.py share_text calls it: the sheet's outcome
    # ("shared"; a closed sheet "cancelled", never reported as copied), and where there is no sheet or
    # it refuses, the clipboard's (headless Chromium refuses the clipboard without a user gesture)
    text = UNICODE + "\nhttps://example.org/#EO1-C8-AAAAAFA"
    tab = page(HOSTS["python -m pygbag"], before=SHARE_SHEETS[sheet])
    assert loaded(tab) == "ready"
    first = tab.js(f"window.gameShare({json.dumps(json.dumps(text))})")
    assert first == "pending"  # the sheet, or the clipboard's promise, settles later
    final = tab.wait("window.gameShared() !== 'pending' && window.gameShared()", timeout=30)
    assert final == {"shared": "shared", "cancelled": "cancelled", "refused": "refused", "none": "refused"}[sheet]
    if sheet == "shared":
        assert tab.js("window.sharedText") == text  # the whole text, unicode and lines intact


@pytest.mark.parametrize("wish", ["reduce", "no-preference"])
def test_the_page_says_whether_the_system_asks_for_less_motion(page, wish):
    # game/host.py prefers_reduced_motion reads the page's gameReducedMotion() at start; Chromium is
    # told what the system wishes as a phone's accessibility setting would (CSS media emulation)
    tab = page(STATIC)
    assert loaded(tab) == "ready"
    tab.call("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": wish}]})
    assert tab.js("window.gameReducedMotion()") == wish


def test_the_stand_in_models_the_pythons_js_on_record():
    # tools/check_runtime.py compares the CDN's files with this record; the stand-in's line notes
    # are for the pythons.js recorded there
    record = (HERE / "runtime-0.9.3.sha256").read_text(encoding="utf-8")
    line = next(row for row in record.splitlines() if row.split()[1:2] == ["0.9.3/pythons.js"])
    commit = line.rsplit(" ", 1)[-1].rstrip(")")
    assert f"commit {commit}" in (HERE / "pythons.js").read_text(encoding="utf-8")
