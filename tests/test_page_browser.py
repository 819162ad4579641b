"""The built page in a real browser: headless Chromium opens build/web/index.html.

The page is built by the README's command with our template (page.tmpl),
served by a static server in this test's process, and opened under three
host names: an itch.io-like one (html-classic.itch.zone, where itch.io
serves HTML games), a plain static host, and localhost (python -m pygbag).
Chromium's --host-resolver-rules sends those names, and the runtime's CDN
(pygame-web.github.io, over HTTPS with a throwaway certificate), to the
test's servers, so the page is the one players get, unchanged, and nothing
leaves the machine.

The CDN answers with a stand-in for pygbag 0.9.3's pythons.js that does what
the real start-up does with the page (calls custom_onload, waits for the
page's fetch of the archive, opens gameArchiveUrl the way pythons.js'
cross_file does) and hands text over the way game/host.py does (ASCII
JSON). --dump-dom then shows what the page made of it.

Chromium: Debian's `chromium` package (.ci/run installs it when missing).
"""

from __future__ import annotations

import http.server
import json
import re
import shutil
import ssl
import subprocess
import threading
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

from game.host import to_page
from tests.test_packaging import build, copy_tree

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
RUNTIME_HOST = "pygame-web.github.io"
RUNTIME_PATH = "/cdn/0.9.3/"
UNICODE = "Bảy cơ lên cột 3 … kőr\u00a07"

STAND_IN = """
// Stand-in for pygbag 0.9.3's pythons.js (tests/test_page_browser.py).
(async () => {
  const root = document.documentElement;
  root.dataset.runtime = "stand-in";
  if (window.custom_onload) window.custom_onload(true);
  // page.tmpl's start-up script: wait for the page's own fetch of the archive, then open it
  while (window.gameArchiveStatus === "loading") await new Promise((go) => setTimeout(go, 20));
  root.dataset.archiveStatus = window.gameArchiveStatus;
  try {
    const response = await fetch(window.gameArchiveUrl, { redirect: "follow", credentials: "omit" });
    const bytes = new Uint8Array(await response.arrayBuffer());
    root.dataset.archiveMagic = String.fromCharCode(bytes[0], bytes[1]);
    root.dataset.archiveBytes = String(bytes.length);
  } catch (error) {
    root.dataset.archiveMagic = "error: " + error;
  }
  // game/host.py announce(): ASCII JSON over the bridge
  window.gameAnnounce(%(announce)s);
  root.dataset.viewport = window.gameViewport();
  root.dataset.window = `${window.innerWidth}x${window.innerHeight}x${window.devicePixelRatio}`;
  if (window.gameArchiveStatus === "ready") window.gameReady();  // main.py's first frame
  // game/host.py copy_text() (L), then copy_outcome() in the next frames
  root.dataset.copyAnswer = String(window.gameCopy(%(link)s));
  for (let i = 0; i < 100 && window.gameCopied() === "pending"; i++) await new Promise((go) => setTimeout(go, 20));
  root.dataset.copyOutcome = String(window.gameCopied());
  root.dataset.standInDone = "yes";  // open_page: the run got this far
})();
"""


class Elements(HTMLParser):
    """The attributes of every element with an id, and of <html>."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.by_id: dict[str, dict[str, str]] = {}
        self.texts: dict[str, str] = {}
        self.html: dict[str, str] = {}
        self._open: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attributes = {k: v or "" for k, v in attrs}
        if tag == "html":
            self.html = attributes
        if "id" in attributes:
            self.by_id[attributes["id"]] = attributes
            self.texts.setdefault(attributes["id"], "")
        self._open.append(attributes.get("id", ""))

    def handle_endtag(self, tag):
        if self._open:
            self._open.pop()

    def handle_data(self, data):
        if self._open and self._open[-1]:
            self.texts[self._open[-1]] += data


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The built page served as a static site, the CDN stand-in, and a log of requests."""
    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is missing: apt-get install -y chromium (.ci/run does it)")
    if shutil.which("openssl") is None:
        pytest.fail("openssl is missing (it makes the stand-in CDN's certificate): apt-get install -y openssl")
    tmp = tmp_path_factory.mktemp("page")
    app = tmp / "solitaire"
    copy_tree(app)
    run = build(app, tmp)
    assert run.returncode == 0, (run.stdout + run.stderr)[-4000:]
    web = app / "build" / "web"
    requests: list[tuple[str, str]] = []
    stand_in = (STAND_IN % {"announce": json.dumps(to_page(UNICODE)),
                            "link": json.dumps(to_page("https://example.org/#EO1-C8-AAAAAFA"))}).encode()

    class Static(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802
            host = (self.headers.get("Host") or "").split(":")[0]
            path = self.path.split("?")[0].split("#")[0]
            requests.append((host, path))
            if host == RUNTIME_HOST:
                if path == RUNTIME_PATH + "pythons.js":
                    return self.answer(stand_in, "text/javascript")
                return self.send_error(404)
            name = path.rsplit("/", 1)[-1] or "index.html"
            file = web / name
            if "/" in name or not file.is_file():
                return self.send_error(404)
            kind = {"html": "text/html; charset=utf-8", "png": "image/png"}.get(file.suffix[1:], "application/octet-stream")
            self.answer(file.read_bytes(), kind)

        def answer(self, body: bytes, kind: str) -> None:
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Access-Control-Allow-Origin", "*")  # as GitHub Pages sends it
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", f"/CN={RUNTIME_HOST}", "-keyout", str(tmp / "key.pem"), "-out", str(tmp / "cert.pem")],
                   check=True, capture_output=True, timeout=60)
    plain = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Static)
    secure = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Static)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(tmp / "cert.pem", tmp / "key.pem")
    secure.socket = context.wrap_socket(secure.socket, server_side=True)
    threads = [threading.Thread(target=server.serve_forever, daemon=True) for server in (plain, secure)]
    for thread in threads:
        thread.start()
    try:
        yield {"web": web, "port": plain.server_address[1], "tls_port": secure.server_address[1],
               "requests": requests, "tmp": tmp}
    finally:
        for server in (plain, secure):
            server.shutdown()
            server.server_close()


def open_page(site, url: str, *, size=(1280, 720), scale=1, lang="en-US", name="run"):
    """Chromium opens ``url``; returns the page's DOM once its scripts ran, and the requests it made."""
    site["requests"].clear()
    profile = site["tmp"] / f"profile-{name}"
    command = [
        CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={profile}", "--ignore-certificate-errors",
        f"--host-resolver-rules=MAP {RUNTIME_HOST}:443 127.0.0.1:{site['tls_port']}, "
        "MAP html-classic.itch.zone 127.0.0.1, MAP games.example.test 127.0.0.1, EXCLUDE localhost",
        f"--window-size={size[0]},{size[1]}", f"--force-device-scale-factor={scale}",
        f"--lang={lang}", f"--accept-lang={lang}",
        "--virtual-time-budget=8000", "--dump-dom", url,
    ]
    # On a loaded machine Chromium may dump the page before the stand-in's
    # last fetches came back: such a run shows nothing of the page and is
    # made again (with more time) rather than judged; a page that never
    # gets there still fails below.
    for budget in (8000, 20000, 40000):
        command[-3] = f"--virtual-time-budget={budget}"
        site["requests"].clear()
        run = subprocess.run(command, capture_output=True, text=True, timeout=180)
        assert run.returncode == 0 and "<html" in run.stdout, run.stderr[-3000:]
        page = Elements(run.stdout)
        if page.html.get("data-stand-in-done"):
            break
    return page, list(site["requests"])


HOSTS = {
    "itch.io": "http://html-classic.itch.zone:{port}/html/12345678/index.html",
    "a static host": "http://games.example.test:{port}/solitaire/index.html",
    "python -m pygbag": "http://localhost:{port}/",
}


@pytest.mark.parametrize("host", list(HOSTS))
def test_the_page_loads_the_archive_web_zip_holds(site, host):
    page, requests = open_page(site, HOSTS[host].format(port=site["port"]), name=host.replace(" ", "-"))
    web = site["web"]
    with zipfile.ZipFile(web.parent / "web.zip") as archive:
        shipped = set(archive.namelist())
    archives = [path for _host, path in requests if path.endswith((".apk", ".tar.gz", ".zip"))]
    assert len(archives) == 1, requests
    name = archives[0].rsplit("/", 1)[-1]
    assert name.endswith(".apk") and name in shipped, (name, sorted(shipped))
    # the runtime came from the pinned 0.9.3 CDN path, and only pythons.js was needed
    assert (RUNTIME_HOST, RUNTIME_PATH + "pythons.js") in requests
    assert page.html.get("data-runtime") == "stand-in"
    # what the start-up script opens is that archive, a zip, whole
    assert page.html.get("data-archive-status") == "ready"
    assert page.html.get("data-archive-magic") == "PK"
    assert page.html.get("data-archive-bytes") == str((web / name).stat().st_size)
    assert page.by_id["transfer"].get("hidden") is not None  # the loading indicator went away


def test_a_missing_archive_says_so_instead_of_a_black_screen(site):
    apk = next(site["web"].glob("*.apk"))
    hidden = apk.with_suffix(".hidden")
    apk.rename(hidden)
    try:
        page, _requests = open_page(site, HOSTS["a static host"].format(port=site["port"]), name="missing")
    finally:
        hidden.rename(apk)
    assert page.html.get("data-archive-status") == "failed"
    assert "could not be loaded" in page.texts["loading-text"]
    assert page.by_id["transfer"].get("hidden") is None  # the message stays on screen


def test_the_live_region_and_labels_are_there_and_unicode_arrives_intact(site):
    page, _requests = open_page(site, HOSTS["a static host"].format(port=site["port"]), name="labels")
    region = page.by_id["game-announcements"]
    assert region.get("aria-live") == "polite" and region.get("role") == "status"
    assert page.texts["game-announcements"] == UNICODE
    canvas = page.by_id["canvas"]
    assert canvas.get("role") == "application" and "Easy Harp" in canvas.get("aria-label", "")
    assert page.html.get("lang") == "en"
    assert page.by_id["progress"] is not None


def test_the_page_speaks_the_players_language(site):
    page, _requests = open_page(site, HOSTS["a static host"].format(port=site["port"]), lang="vi-VN", name="vi")
    assert page.html.get("lang") == "vi"
    assert page.by_id["canvas"]["aria-label"].startswith("Bàn bài")


@pytest.mark.parametrize("size, scale", [
    ((1280, 720), 1),  # landscape desktop
    ((540, 960), 3),   # a phone held upright (3 device pixels per CSS pixel)
    ((960, 540), 3),   # the same phone turned
])
def test_the_canvas_is_sized_from_the_viewport(site, size, scale):
    page, _requests = open_page(site, HOSTS["a static host"].format(port=site["port"]), size=size, scale=scale,
                                name=f"{size[0]}x{size[1]}")
    width, height = (int(v) for v in page.html["data-viewport"].split("x"))
    assert page.by_id["canvas"]["data-size"] == page.html["data-viewport"]
    inner_width, inner_height, ratio = (float(v) for v in page.html["data-window"].split("x"))
    assert ratio == scale
    assert (width > height) == (size[0] > size[1]) == (inner_width > inner_height)
    # device pixels, the pixel ratio capped at 2 (3x phones draw at 2x: frames stay cheap)
    assert (width, height) == (round(inner_width * min(ratio, 2)), round(inner_height * min(ratio, 2)))


def test_a_huge_screen_is_capped_so_frames_stay_cheap(site):
    page, _requests = open_page(site, HOSTS["a static host"].format(port=site["port"]), size=(2560, 1440), scale=2,
                                name="huge")
    width, height = (int(v) for v in page.html["data-viewport"].split("x"))
    assert width * height <= 2560 * 1440 * 1.01
    assert re.fullmatch(r"\d+x\d+", page.html["data-viewport"])


def test_a_refused_copy_is_reported_as_refused_not_copied(site):
    # localhost is a secure context, so the clipboard API is there; headless Chromium refuses it
    # (no user gesture, as itch.io's frame may without the clipboard-write permission): the page
    # answers "pending" and then "refused", never "copied" because the API exists
    page, _requests = open_page(site, HOSTS["python -m pygbag"].format(port=site["port"]), name="copy")
    assert page.html.get("data-copy-answer") == "pending"
    assert page.html.get("data-copy-outcome") == "refused"
    # a plain http host has no clipboard API at all, and the older way fails too: refused at once
    page, _requests = open_page(site, HOSTS["a static host"].format(port=site["port"]), name="copy-plain")
    assert page.html.get("data-copy-answer") == "refused"
    assert page.html.get("data-copy-outcome") == "refused"
