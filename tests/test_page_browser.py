"""The built page in a real browser, against stand-ins of pygbag's runtime.

The page is built by the README's command with our template (page.tmpl)
and served by static servers in this test's process under three host
names: an itch.io-like one (html-classic.itch.zone, where itch.io serves
HTML games), a plain static host, and localhost (python -m pygbag).
Chromium's --host-resolver-rules sends those names, and the runtime's CDN
(pygame-web.github.io, over HTTPS with a throwaway certificate), to the
test's servers, so the page is the one players get, unchanged, and nothing
leaves the machine.

The CDN answers with stand-ins for pygbag 0.9.3's pythons.js and its
interpreter loader (tests/page/pythons.js and tests/page/main.js): they do
what the real files do with the page, each piece naming the line of
pythons.js it models (the real wasm is not on this machine, so the
interpreter's part plays the start-up script's steps; tests/test_page_startup.py
holds the script to them). Chromium is driven over the DevTools protocol
(tests/page/chromium.py): every check waits for what the page does, with a
wall-clock limit, never for a budget of virtual time.

Chromium: Debian's `chromium` package (tools/test_setup.sh installs it).
"""

from __future__ import annotations

import http.server
import json
import shutil
import ssl
import subprocess
import threading
import time
import zipfile
from pathlib import Path

import pytest

from game.host import to_page
from tests.page.chromium import CHROMIUM, Browser
from tests.test_packaging import build, copy_tree

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
RUNTIME_HOST = "pygame-web.github.io"
RUNTIME_PATH = "/cdn/0.9.3/"
UNICODE = "Bảy cơ lên cột 3 … kőr\u00a07"
STATIC = "http://games.example.test:{port}/solitaire/index.html"
HOSTS = {
    "itch.io": "http://html-classic.itch.zone:{port}/html/12345678/index.html",
    "a static host": STATIC,
    "python -m pygbag": "http://localhost:{port}/",
}
FAIL_WITHIN_MS = 15_000  # a failed load says so within 15 s, before a player gives up


class State:
    """What the servers do now; a test changes it and puts it back (``reset``)."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.runtime = "up"      # "up", "down" (connections closed unanswered), "hang" (never answers)
        self.interpreter = "up"  # "up" or "missing" (main.js answers 404)
        self.archive = "up"      # "up" or "missing" (the .apk answers 404)
        self.behaviour = "draws"  # the stand-in game: "draws", "slow" (1.5 s to its first frame), "raises"
        self.site = "up"         # "up" or "down": the game's host (every name but the CDN's)
        self.apk: bytes | None = None  # another build's .apk, served instead of the built one


def make_handler(web: Path, state: State, requests: list[tuple[str, str]]):
    stand_in = (HERE / "page" / "pythons.js").read_bytes()
    loader = (HERE / "page" / "main.js").read_text(encoding="utf-8")
    runtime_files = {
        "cpython312/main.data": b"\0" * 300_000,  # the interpreter's stdlib (MBs in the real one)
        "cpython312/main.wasm": b"\0asm\1\0\0\0" + b"\0" * 20_000,
        "cpythonrc.py": b"# stand-in for pygbag 0.9.3's cpythonrc.py\n",
    }

    class Static(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):  # noqa: N802
            host = (self.headers.get("Host") or "").split(":")[0]
            path = self.path.split("?")[0].split("#")[0]
            requests.append((host, path))
            if host == RUNTIME_HOST:
                return self.runtime(path)
            if state.site == "down":
                self.close_connection = True
                return
            name = path.rsplit("/", 1)[-1] or "index.html"
            file = web / name
            if "/" in name or not file.is_file() or (name.endswith(".apk") and state.archive == "missing"):
                return self.answer(b"not found", "text/plain", 404)
            if name.endswith(".apk") and state.apk is not None:
                return self.answer(state.apk, "application/octet-stream")
            kind = {"html": "text/html; charset=utf-8", "png": "image/png",
                    "js": "text/javascript"}.get(file.suffix[1:], "application/octet-stream")
            self.answer(file.read_bytes(), kind)

        def runtime(self, path: str) -> None:
            if state.runtime == "down":
                self.close_connection = True
                return  # no answer at all: the browser sees a failed connection
            if state.runtime == "hang":
                time.sleep(40)
                self.close_connection = True
                return
            name = path.removeprefix(RUNTIME_PATH)
            if name == "pythons.js":
                return self.answer(stand_in, "text/javascript")
            if name == "cpython312/main.js" and state.interpreter == "up":
                return self.answer((loader % {"behaviour": state.behaviour}).encode(), "text/javascript")
            if name in runtime_files:
                return self.answer(runtime_files[name], "application/octet-stream")
            self.answer(b"not found", "text/plain", 404)

        def answer(self, body: bytes, kind: str, status: int = 200) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.send_header("Access-Control-Allow-Origin", "*")  # as GitHub Pages sends it
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    return Static


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The built page served as a static site, the CDN stand-in, a log of requests, one Chromium."""
    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is missing: run tools/test_setup.sh (it installs chromium and openssl)")
    if shutil.which("openssl") is None:
        pytest.fail("openssl is missing (it makes the stand-in CDN's certificate): run tools/test_setup.sh")
    tmp = tmp_path_factory.mktemp("page")
    app = tmp / "solitaire"
    copy_tree(app)
    (app / "table.png").write_bytes((ROOT / "favicon.png").read_bytes())  # the README's screenshot example
    run = build(app, tmp)
    assert run.returncode == 0, (run.stdout + run.stderr)[-4000:]
    web = app / "build" / "web"
    requests: list[tuple[str, str]] = []
    state = State()
    handler = make_handler(web, state, requests)
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", f"/CN={RUNTIME_HOST}", "-keyout", str(tmp / "key.pem"), "-out", str(tmp / "cert.pem")],
                   check=True, capture_output=True, timeout=60)
    plain = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    secure = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    for server in (plain, secure):
        server.daemon_threads = True
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(tmp / "cert.pem", tmp / "key.pem")
    secure.socket = context.wrap_socket(secure.socket, server_side=True)
    threads = [threading.Thread(target=server.serve_forever, daemon=True) for server in (plain, secure)]
    for thread in threads:
        thread.start()
    rules = (f"MAP {RUNTIME_HOST}:443 127.0.0.1:{secure.server_address[1]}, "
             "MAP html-classic.itch.zone 127.0.0.1, MAP games.example.test 127.0.0.1, EXCLUDE localhost")
    browsers = {}

    def browser(lang: str = "en-US") -> Browser:
        if lang not in browsers:
            browsers[lang] = Browser(tmp / f"profile-{lang}", resolver_rules=rules, lang=lang)
        return browsers[lang]

    try:
        yield {"web": web, "port": plain.server_address[1], "requests": requests, "state": state,
               "browser": browser, "tmp": tmp, "rules": rules}
    finally:
        for each in browsers.values():
            each.close()
        for server in (plain, secure):
            server.shutdown()
            server.server_close()


@pytest.fixture
def page(site):
    """Open a page: ``page(url, size=..., scale=...)`` gives the tab; servers are reset afterwards."""
    tabs = []

    def open_page(url: str, *, size=(1280, 720), scale=1, lang="en-US", before=None):
        site["requests"].clear()
        tab = site["browser"](lang).tab(size=size, scale=scale)
        tabs.append(tab)
        if before:
            tab.call("Page.addScriptToEvaluateOnNewDocument", {"source": before})
        tab.go(url.format(port=site["port"]))
        return tab

    yield open_page
    site["state"].reset()
    for tab in tabs:
        try:
            tab.browser.send("Target.closeTarget", {"targetId": tab.target}, timeout=10)
        except Exception:
            pass


def loaded(tab, timeout: float = 60) -> str:
    """Wait until the page is up or says it failed; which one."""
    return tab.wait("document.documentElement.getAttribute('data-load') || ''", timeout=timeout)


def visible(tab, element_id: str) -> bool:
    return tab.js(f"""(() => {{ const e = document.getElementById({element_id!r});
        if (!e || e.hidden) return false;
        const r = e.getBoundingClientRect(), s = getComputedStyle(e);
        return s.display !== 'none' && s.visibility !== 'hidden' && r.width > 0 && r.height > 0; }})()""")


# ---- the archive and the runtime ------------------------------------------------------


@pytest.mark.parametrize("host", list(HOSTS))
def test_the_page_loads_the_archive_web_zip_holds(site, page, host):
    tab = page(HOSTS[host])
    assert loaded(tab) == "ready"
    requests = list(site["requests"])
    web = site["web"]
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
    apk = next(site["web"].glob("*.apk"))
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


@pytest.mark.parametrize("how", ["runtime down", "runtime hangs", "interpreter missing", "archive missing",
                                 "main.py raises"])
def test_a_failed_load_says_so_within_15_s_and_offers_a_retry_that_works(site, page, how):
    state = site["state"]
    if how == "runtime down":
        state.runtime = "down"
    elif how == "runtime hangs":
        state.runtime = "hang"
    elif how == "interpreter missing":
        state.interpreter = "missing"
    elif how == "archive missing":
        state.archive = "missing"
    else:
        state.behaviour = "raises"
    tab = page(STATIC + "#EO1-C8-AAAAAFA")
    failed_in_time(tab)
    assert failure_time(tab) <= FAIL_WITHIN_MS, failure_time(tab)
    # it stays: nothing hides it later
    time.sleep(3)
    assert tab.js("window.gameLoad") == "failed" and visible(tab, "transfer") and visible(tab, "retry")
    assert tab.js("location.hash") == "#EO1-C8-AAAAAFA"  # the address the player opened
    # Try again, with the servers back: the game starts, on the linked deal
    state.reset()
    tab.js("document.getElementById('retry').click()")
    tab.wait("document.documentElement.getAttribute('data-load') === 'ready'", timeout=60)
    assert tab.js("document.documentElement.dataset.gameHash") == "#EO1-C8-AAAAAFA"


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
    site["state"].behaviour = "slow"  # main.py takes 1.5 s to its first frame
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


# ---- offline play after the first visit ------------------------------------------------------


def another_build(apk: Path) -> bytes:
    """The .apk of a next build: the same game with one more file."""
    import io

    data = io.BytesIO(apk.read_bytes())
    with zipfile.ZipFile(data, "a") as archive:
        archive.writestr("assets/game/next_build.txt", "a later build\n")
    return data.getvalue()


def test_the_second_visit_plays_offline_and_a_new_build_replaces_the_old(site, tmp_path):
    state = site["state"]
    url = HOSTS["python -m pygbag"].format(port=site["port"]) + "#EO1-C8-AAAAAFA"  # localhost: a secure context
    apk = next(site["web"].glob("*.apk"))
    assert (site["web"] / "sw.js").is_file()  # pygbag copied static/ next to the page
    with Browser(tmp_path / "profile", resolver_rules=site["rules"]) as browser:
        try:
            tab = browser.tab()
            tab.go(url)
            assert loaded(tab) == "ready"
            first = tab.wait("document.documentElement.getAttribute('data-offline-build')")
            kept = tab.wait("document.documentElement.getAttribute('data-offline') || ''")
            assert kept.startswith("kept "), kept
            # the servers go away: the game's host and the CDN
            state.site, state.runtime = "down", "down"
            tab.reload()
            assert loaded(tab) == "ready", (tab.js("window.gameLoadError"), kept, tab.console()[-20:])
            root = tab.js("Object.assign({}, document.documentElement.dataset)")
            assert root["archiveBytes"] == str(apk.stat().st_size) and root["gameHash"] == "#EO1-C8-AAAAAFA"
            # a new build is published, the player comes back online: the new one loads and is kept
            state.site, state.runtime = "up", "up"
            state.apk = another_build(apk)
            tab.reload()
            assert loaded(tab) == "ready"
            assert tab.js("document.documentElement.dataset.archiveBytes") == str(len(state.apk))
            second = tab.wait("document.documentElement.getAttribute('data-offline-build')")
            assert second != first
            tab.wait("(document.documentElement.getAttribute('data-offline') || '').startsWith('kept ')")
            names = tab.wait(f"caches.keys().then(k => k.length === 1 && k[0].endsWith({second!r}) && k)")
            assert names == [f"easy-harp-eight-off-{second}"]
            # and offline again, it is the new build that starts
            state.site, state.runtime = "down", "down"
            tab.reload()
            assert loaded(tab) == "ready"
            assert tab.js("document.documentElement.dataset.archiveBytes") == str(len(state.apk))
        finally:
            state.reset()


def test_the_stand_in_models_the_pythons_js_on_record():
    # tools/check_runtime.py compares the CDN's files with this record; the stand-in's line notes
    # are for the pythons.js recorded there
    record = (HERE / "page" / "runtime-0.9.3.sha256").read_text(encoding="utf-8")
    line = next(row for row in record.splitlines() if row.split()[1:2] == ["0.9.3/pythons.js"])
    commit = line.rsplit(" ", 1)[-1].rstrip(")")
    assert f"commit {commit}" in (HERE / "page" / "pythons.js").read_text(encoding="utf-8")
