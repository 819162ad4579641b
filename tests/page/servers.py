"""The built page served the way players get it, for the browser tests.

``build_once`` builds the game once per test run with the README's command
(``python3 tools/build_web.py``) in a copy of the working tree that also
holds the junk a developer's folder collects (``JUNK``). ``Site`` serves
that build from static servers in the test's process:

* over HTTP under the names of the hosts the page meets (``HOSTS``: an
  itch.io-like frame host, a plain static host, localhost), and
* over HTTPS under any name, with a throwaway certificate Chromium is told
  to trust (``--ignore-certificate-errors-spki-list``: a secure origin, as
  a real HTTPS host is, where service workers and installing work), among
  them pygbag's CDN (``pygame-web.github.io``) and a parent page on
  another site that frames the game as itch.io does (``ITCH_PARENT``).

Chromium's ``--host-resolver-rules`` sends every name to these servers, so
nothing leaves the machine. The CDN answers with stand-ins for pygbag
0.9.3's pythons.js and its interpreter loader (``tests/page/pythons.js``,
``tests/page/main.js``), which do what the real files do with the page,
each piece naming the line of the real file it models. ``State`` says what
the servers do now: a test cuts them, makes them hang or answer 5xx, takes
an interpreter file away or cuts it short, cuts any file short (``short``:
its headers, part of its body, then the connection drops), and ``reset``
puts it back.
"""

from __future__ import annotations

import hashlib
import http.server
import os
import shutil
import ssl
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.page.chromium import Browser

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
RUNTIME_HOST = "pygame-web.github.io"
RUNTIME_PATH = "/cdn/0.9.3/"
GAME_PATH = "/html/12345678/"  # where itch.io puts an upload (html-classic.itch.zone/html/<id>/)
HOSTS = {  # over plain HTTP
    "itch.io": "http://html-classic.itch.zone:{port}/html/12345678/index.html",
    "a static host": "http://games.example.test:{port}/solitaire/index.html",
    "python -m pygbag": "http://localhost:{port}/",
}
SECURE = {  # over HTTPS (the port is the secure server's)
    "a static host": "https://games.example.test:{port}/solitaire/index.html",
    "itch.io": "https://html-classic.itch.zone:{port}/html/12345678/index.html",
}
ITCH_PARENT = "https://itch.example:{port}/games/solitaire"  # another site, framing SECURE["itch.io"]
PARENT_HOST = "itch.example"

# What a developer's working folder collects and the build must leave out (issue 32, item 5), on top of
# caches and the project's own tools and tests.
JUNK = [
    "venv312/lib/python3.12/site-packages/junk.py",
    ".venv-web/lib/python3.12/site-packages/junk.py",
    "venv/lib/site.py",
    ".venv/lib/site.py",
    "my-screenshot.png",
    "table.png",
    "game/ui/shot.png",
    "game/ui/table.py.orig",
    "main.py.orig",
    "assets/fonts/DejaVuSans.ttf.orig",
    "assets/notes.md",
    "game/__pycache__/leftover.py",
    "game/ui/__pycache__/stale.cpython-312.pyc",
    "build/old/main.py",
    "node_modules/pkg/index.js",
    ".pytest_cache/v/cache/nodeids",
    ".hypothesis/examples/leftover",
    "tests/__pycache__/leftover.py",
    "docs/leftover.md",
    "scratch.py",
]

_BUILT: dict[str, Path] = {}


def copy_tree(destination: Path, junk: list[str] = JUNK) -> None:
    """The working tree as a developer has it: the project's files, and ``junk``."""
    skip = shutil.ignore_patterns(".git", "build", "node_modules", "wheels", "__pycache__")
    shutil.copytree(ROOT, destination, symlinks=True, ignore=skip)
    for name in junk:
        path = destination / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"\x89PNG\r\n\x1a\n must not be bundled\n" if name.endswith(".png") else b"must not be bundled\n")


def run_build(app: Path, tmp: Path) -> subprocess.CompletedProcess:
    """The README's build command in ``app``, with nothing on PATH (no pngquant, ffmpeg or black)."""
    empty_bin = tmp / "empty-bin"
    empty_bin.mkdir(exist_ok=True)
    env = dict(os.environ, PATH=str(empty_bin), PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([sys.executable, "tools/build_web.py"], cwd=app, env=env, capture_output=True,
                          text=True, timeout=300)


def build_once(tmp_path_factory) -> Path:
    """The project, with ``JUNK`` planted, built once per test run: its folder (``build/web`` in it)."""
    if "app" not in _BUILT:
        tmp = tmp_path_factory.mktemp("built")
        app = tmp / "solitaire"
        copy_tree(app)
        run = run_build(app, tmp)
        assert run.returncode == 0, (run.stdout + run.stderr)[-6000:]
        _BUILT["app"] = app
    return _BUILT["app"]


def spki(cert: Path) -> str:
    """The base64 SHA-256 of the certificate's public key, as --ignore-certificate-errors-spki-list wants it."""
    key = subprocess.run(["openssl", "x509", "-in", str(cert), "-pubkey", "-noout"], check=True,
                         capture_output=True, timeout=30).stdout
    der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=key, check=True,
                         capture_output=True, timeout=30).stdout
    import base64

    return base64.b64encode(hashlib.sha256(der).digest()).decode()


class State:
    """What the servers do now; a test changes it and puts it back (``reset``)."""

    def __init__(self, web: Path) -> None:
        self.built = web
        self.reset()

    def reset(self) -> None:
        self.runtime = "up"      # the CDN: "up", "down" (connections closed unanswered), "hang", "503"
        self.interpreter = "up"  # "up" or "missing" (main.js answers 404)
        self.files: dict[str, str] = {}  # a runtime file's own state: "missing" (404, no CORS header, as
        # GitHub Pages answers), "cut" (the connection closed unanswered), "hang", "changed" (another
        # body and ETag), "truncated" (that other body, half of it, then the connection closes)
        self.archive = "up"      # "up", "missing" (the .apk answers 404) or "hang"
        self.behaviour = "draws"  # the stand-in game: "draws", "slow" (1.5 s to its first frame), "raises",
        # "aborts" (the interpreter aborts after the first frame)
        self.site = "up"         # the game's host: "up", "down", "hang", "503"
        self.web = self.built    # the build the game's host serves
        self.apk: bytes | None = None  # another .apk, served instead of the build's
        # Files answered cut short, each by its name: one of the game's host ("index.html", also for the
        # folder's address, "sw.js", the .apk's name, "favicon.png", ...) or of the CDN under its 0.9.3
        # folder ("pythons.js", "cpython312/main.js", "cpython312/main.wasm", ...). ``short``: the headers
        # with the whole length, half the body, then the connection drops (the browser sees a body that
        # broke off); ``unsized``: no length, half the body, then the connection closes (the browser sees
        # a whole answer, only shorter).
        self.short: set[str] = set()
        self.unsized: set[str] = set()
        self.slow: dict[str, float] = {}  # files whose body comes in 20 pieces over these many seconds
        # the parent page's Referrer-Policy header: "" sends none (the browser's default,
        # strict-origin-when-cross-origin: its frame learns only the site), or a policy
        self.parent_policy = ""


RUNTIME_FILES = {
    "cpython312/main.data": b"\0" * 300_000,  # the interpreter's stdlib (6.7 MB in the real one)
    "cpython312/main.wasm": b"\0asm\1\0\0\0" + b"\0" * 20_000,
    "cpythonrc.py": b"# stand-in for pygbag 0.9.3's cpythonrc.py\n",
    "empty.ogg": b"OggS" + b"\0" * 100,
}


def make_handler(state: State, requests: list[tuple[str, str]], real: dict[str, bytes] | None = None):
    """The servers' handler. ``real``: files under the CDN's 0.9.3 path served as they are (pygbag's
    own pythons.js, cpython312/main.js, cpythonrc.py from a clone of pygame-web/cdn) instead of the
    stand-ins (tools/check_page_runtime.py)."""
    stand_in = (HERE / "pythons.js").read_bytes()
    loader = (HERE / "main.js").read_text(encoding="utf-8")
    real = real or {}

    class Static(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):  # noqa: N802
            host = (self.headers.get("Host") or "").split(":")[0]
            path = self.path.split("?")[0].split("#")[0]
            requests.append((host, path))
            if host == RUNTIME_HOST:
                return self.runtime(path)
            if host == PARENT_HOST:
                return self.parent()
            if self.trouble(state.site):
                return
            name = path.rsplit("/", 1)[-1] or "index.html"
            file = state.web / name
            if name.endswith(".apk") and state.archive == "hang":
                return self.trouble("hang")
            if "/" in name or not file.is_file() or (name.endswith(".apk") and state.archive == "missing"):
                return self.answer(b"not found", "text/plain", 404, cors=False)
            if name.endswith(".apk") and state.apk is not None:
                return self.answer(state.apk, "application/octet-stream", name=name)
            kind = {"html": "text/html; charset=utf-8", "png": "image/png", "js": "text/javascript",
                    "webmanifest": "application/manifest+json"}.get(file.suffix[1:], "application/octet-stream")
            self.answer(file.read_bytes(), kind, name=name)

        def trouble(self, how: str) -> bool:
            """Do ``how`` ("down", "hang", "503"); whether that was the answer."""
            if how in ("down", "cut"):
                self.close_connection = True
                return True  # no answer at all: the browser sees a failed connection
            if how == "hang":
                time.sleep(40)
                self.close_connection = True
                return True
            if how == "503":
                self.answer(b"<h1>503 Service Unavailable</h1>", "text/html", 503, cors=False)
                return True
            return False

        def parent(self) -> None:
            game = SECURE["itch.io"].format(port=self.server.server_address[1])
            page = f"""<!doctype html><html><head><meta charset="utf-8"><title>Solitaire by someone</title></head>
<body style="margin:0"><input id="comment" aria-label="comment" style="position:absolute;left:0;top:0;width:300px">
<iframe id="game_drop" src="{game}" style="position:absolute;left:0;top:40px;width:640px;height:400px;border:0"
 allow="autoplay; fullscreen *; gamepad; web-share" allowfullscreen scrolling="no"></iframe>
<script>window.keys = []; document.addEventListener("keydown", (e) => window.keys.push(e.key));</script>
</body></html>""".encode()
            self.answer(page, "text/html; charset=utf-8", policy=state.parent_policy)

        def runtime(self, path: str) -> None:
            if self.trouble(state.runtime):
                return
            name = path.removeprefix(RUNTIME_PATH)
            if name in real and state.files.get(name, "up") == "up":
                kind = "text/javascript" if name.endswith(".js") else "application/octet-stream"
                return self.answer(real[name], kind, name=name)
            if name == "pythons.js":
                return self.answer(stand_in, "text/javascript", name=name)
            if name == "cpython312/main.js":
                if state.interpreter != "up":
                    return self.answer(b"not found", "text/plain", 404, cors=False)
                return self.answer((loader % {"behaviour": state.behaviour}).encode(), "text/javascript", name=name)
            if name not in RUNTIME_FILES:
                return self.answer(b"not found", "text/plain", 404, cors=False)
            how = state.files.get(name, "up")
            if how == "missing":
                return self.answer(b"<h1>404</h1>", "text/html", 404, cors=False)
            if self.trouble(how):
                return
            body = RUNTIME_FILES[name]
            if how in ("changed", "truncated"):  # a new version on the CDN (another ETag); or one cut short
                body = body[:8] + b"\1" * (len(body) - 8)
            if how == "truncated":
                return self.answer(body, "application/octet-stream", cut=len(body) // 2)
            self.answer(body, "application/octet-stream", name=name)

        def answer(self, body: bytes, kind: str, status: int = 200, *, cors: bool = True, cut: int | None = None,
                   name: str = "", policy: str = "") -> None:
            unsized = status == 200 and name in state.unsized
            if status == 200 and (name in state.short or unsized):
                cut = len(body) // 2
            self.send_response(status)
            self.send_header("Content-Type", kind)
            if unsized:
                self.send_header("Connection", "close")  # the body ends where the connection does
            else:
                self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            if policy:
                self.send_header("Referrer-Policy", policy)
            if status == 200:
                self.send_header("ETag", '"' + hashlib.sha256(body).hexdigest()[:16] + '"')
            if cors:
                self.send_header("Access-Control-Allow-Origin", "*")  # as GitHub Pages sends it
            self.end_headers()
            if cut is not None:
                self.wfile.write(body[:cut])
                self.wfile.flush()
                self.close_connection = True
                return
            if status == 200 and name in state.slow:
                step = -(-len(body) // 20)
                for start in range(0, len(body), step):
                    time.sleep(state.slow[name] / 20)
                    self.wfile.write(body[start:start + step])
                    self.wfile.flush()
                return
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    return Static


class Quiet(http.server.ThreadingHTTPServer):
    """A server that does not print the browser hanging up on it (a reload while a file hangs)."""

    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (ConnectionError, ssl.SSLError, TimeoutError)):
            super().handle_error(request, client_address)


class Site:
    """The servers and the browsers of one test module. ``browser(lang)`` is a shared Chromium;
    ``fresh(profile)`` a new one (its own profile: a first visit)."""

    def __init__(self, tmp: Path, web: Path, *, real: dict[str, bytes] | None = None) -> None:
        self.tmp = tmp
        self.requests: list[tuple[str, str]] = []
        self.state = State(web)
        handler = make_handler(self.state, self.requests, real)
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                        "-subj", f"/CN={RUNTIME_HOST}", "-keyout", str(tmp / "key.pem"), "-out", str(tmp / "cert.pem")],
                       check=True, capture_output=True, timeout=60)
        self.plain = Quiet(("127.0.0.1", 0), handler)
        self.secure = Quiet(("127.0.0.1", 0), handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(tmp / "cert.pem", tmp / "key.pem")
        self.secure.socket = context.wrap_socket(self.secure.socket, server_side=True)
        for server in (self.plain, self.secure):
            threading.Thread(target=server.serve_forever, daemon=True).start()
        self.port = self.plain.server_address[1]
        self.secure_port = self.secure.server_address[1]
        self.rules = (f"MAP {RUNTIME_HOST}:443 127.0.0.1:{self.secure_port}, MAP html-classic.itch.zone 127.0.0.1, "
                      f"MAP games.example.test 127.0.0.1, MAP {PARENT_HOST} 127.0.0.1, EXCLUDE localhost")
        self.trust = (f"--ignore-certificate-errors-spki-list={spki(tmp / 'cert.pem')}",)
        self._browsers: dict[str, Browser] = {}
        self._fresh: list[Browser] = []

    def url(self, address: str) -> str:
        return address.format(port=self.secure_port if address.startswith("https:") else self.port)

    def browser(self, lang: str = "en-US") -> Browser:
        if lang not in self._browsers:
            self._browsers[lang] = Browser(self.tmp / f"profile-{lang}", resolver_rules=self.rules, lang=lang,
                                           extra=self.trust)
        return self._browsers[lang]

    def fresh(self, name: str, *, extra: tuple[str, ...] = (), prepare=None) -> Browser:
        """A Chromium with a new profile (``prepare(profile)`` may write into it first)."""
        profile = self.tmp / f"profile-{name}"
        if prepare is not None:
            prepare(profile)
        browser = Browser(profile, resolver_rules=self.rules, extra=self.trust + extra)
        self._fresh.append(browser)
        return browser

    def close(self) -> None:
        for each in list(self._browsers.values()) + self._fresh:
            each.close()
        for server in (self.plain, self.secure):
            server.shutdown()
            server.server_close()


def loaded(tab, timeout: float = 60) -> str:
    """Wait until the page is up or says it failed; which one."""
    return tab.wait("document.documentElement.getAttribute('data-load') || ''", timeout=timeout)


def visible(tab, element_id: str) -> bool:
    return tab.js(f"""(() => {{ const e = document.getElementById({element_id!r});
        if (!e || e.hidden) return false;
        const r = e.getBoundingClientRect(), s = getComputedStyle(e);
        return s.display !== 'none' && s.visibility !== 'hidden' && r.width > 0 && r.height > 0; }})()""")
