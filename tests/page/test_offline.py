"""Playing when the network is cut, hangs or fails, after one visit: the service worker
(static/sw.js, in web.zip) against the built page in Chromium (issue 32, items 1 and 2).

The page is served over HTTPS (tests/page/servers.py: a certificate Chromium trusts, so the
origin is secure and service workers run, as on any real HTTPS host) from a static host and
from itch.io's frame host inside a parent page on another site, as itch.io frames a game.
Each test starts a Chromium with a new profile: its first visit is a first visit.
"""

from __future__ import annotations

import io
import shutil
import time
import zipfile
from pathlib import Path

import pytest

from tests.page.chromium import CHROMIUM
from tests.page.servers import ITCH_PARENT, RUNTIME_FILES, SECURE, Site, build_once, loaded
from tools import build_web

RUNTIME = "https://pygame-web.github.io/cdn/0.9.3/"
WHERE = {"a static host": SECURE["a static host"], "itch.io, framed by another site": ITCH_PARENT}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if not Path(CHROMIUM).exists() or shutil.which("openssl") is None:
        pytest.fail("Chromium or openssl is missing: run tools/test_setup.sh")
    app = build_once(tmp_path_factory)
    served = Site(tmp_path_factory.mktemp("offline"), app / "build" / "web")
    try:
        yield served
    finally:
        served.close()


@pytest.fixture
def state(site):
    yield site.state
    site.state.reset()


class Visit:
    """A first visit in a new Chromium; ``game`` is where the page runs (the frame, when framed)."""

    def __init__(self, site: Site, where: str, name: str):
        self.site, self.address = site, site.url(WHERE[where])
        self.framed = self.address.startswith("https://itch.example")
        self.browser = site.fresh(name)
        self.tab = self.browser.tab(frames=self.framed)
        self.tab.go(self.address)
        self.game = self.tab.frame() if self.framed else self.tab

    def again(self) -> str:
        """The player comes back (a reload); the page's state: "ready" or "failed"."""
        seen = self.tab.frames_seen()
        self.tab.reload()
        self.game = self.tab.frame(after=seen) if self.framed else self.tab
        return loaded(self.game, timeout=90)

    def kept(self) -> str:
        """Wait until the worker has kept this build; what it says ("kept N")."""
        self.game.wait("document.documentElement.getAttribute('data-offline-build')")
        return self.game.wait("document.documentElement.getAttribute('data-offline') || ''", timeout=60)

    def cache(self) -> dict:
        """What the caches hold: {cache name: {url: [status, type, bytes]}}."""
        return self.game.js("""(async () => {
            const out = {};
            for (const name of await caches.keys()) {
                const cache = await caches.open(name), entries = {};
                for (const request of await cache.keys()) {
                    const response = await cache.match(request);
                    entries[request.url] = [response.status, response.type, (await response.arrayBuffer()).byteLength];
                }
                out[name] = entries;
            }
            return out; })()""")


def test_the_worker_and_its_registration_are_in_web_zip(site):
    with zipfile.ZipFile(site.state.built.parent / "web.zip") as archive:
        worker = archive.read("sw.js").decode()
        page = archive.read("index.html").decode()
    build = build_web.build_name(site.state.built)
    assert f'const BUILD = "{build}";' in worker and f'var BUILD = "{build}";' in page
    assert 'register("sw.js?build=" + BUILD)' in page


@pytest.mark.parametrize("where", list(WHERE))
def test_the_second_visit_plays_with_the_servers_cut(site, state, where):
    visit = Visit(site, where, f"cut-{where.split()[0]}")
    assert loaded(visit.game) == "ready"
    kept = visit.kept()
    assert kept.startswith("kept ") and "missing" not in kept, kept
    # the game's host and the CDN go away (itch.io's own page still opens)
    state.site, state.runtime = "down", "down"
    dialogs = len(visit.browser.dialogs)
    assert visit.again() == "ready", visit.game.js("window.gameLoadError")
    root = visit.game.js("Object.assign({}, document.documentElement.dataset)")
    apk = next(state.built.glob("*.apk"))
    assert root["archiveBytes"] == str(apk.stat().st_size)
    assert root["gameStorage"] == "localStorage"
    assert len(visit.browser.dialogs) == dialogs
    # one cache, this build's: the page, the .apk, the icons and manifests, and the runtime it loaded,
    # every entry a whole 200 answer, none opaque
    caches = visit.cache()
    build = build_web.build_name(state.built)
    assert list(caches) == [f"easy-harp-eight-off-{build}"]
    entries = caches[f"easy-harp-eight-off-{build}"]
    assert all(status == 200 and kind != "opaque" for status, kind, _size in entries.values()), entries
    stored = {url.rsplit("/", 1)[-1] for url in entries}
    assert {"index.html", f"{apk.name}?build={build}", "favicon.png", "manifest-en.webmanifest", "icon-512.png",
            "pythons.js", "main.js", "main.wasm", "main.data", "cpythonrc.py"} <= stored, sorted(stored)
    assert entries[RUNTIME + "cpython312/main.data"][2] == len(RUNTIME_FILES["cpython312/main.data"])
    archive = [size for url, (_status, _kind, size) in entries.items() if url.endswith(f"/{apk.name}?build={build}")]
    assert archive == [apk.stat().st_size]


@pytest.mark.parametrize("trouble", ["hang", "503"])
def test_a_host_that_hangs_or_answers_5xx_gets_the_cached_game(site, state, trouble):
    visit = Visit(site, "a static host", f"trouble-{trouble}")
    assert loaded(visit.game) == "ready"
    assert visit.kept().startswith("kept ")
    state.site = state.runtime = trouble  # the host and the CDN hang (never answer) or give error pages
    started = time.monotonic()
    assert visit.again() == "ready", visit.game.js("window.gameLoadError")
    print(f"\nthe host and the CDN {trouble}: the game drew its first frame after {time.monotonic() - started:.1f} s")
    assert visit.game.js("document.documentElement.dataset.archiveBytes") == str(next(state.built.glob("*.apk")).stat().st_size)


# Every file the page needs, by its name on the servers (tests/page/servers.py, State.short): the game's
# host's ("index.html" also for the folder's address; "sw.js", fetched by the browser to look for a new
# worker) and the CDN's under its 0.9.3 folder. APK stands for the build's .apk.
APK = "<the .apk>"
EVERY_FILE = ["index.html", "sw.js", APK, "favicon.png", "manifest-en.webmanifest", "pythons.js",
              "cpython312/main.js", "cpython312/main.wasm", "cpython312/main.data", "cpythonrc.py"]


def server_name(state, name: str) -> str:
    return next(state.built.glob("*.apk")).name if name == APK else name


def asked_for(site, name: str, since: int) -> bool:
    path = name if "/" in name or name in ("pythons.js", "cpythonrc.py") else "/" + name
    return any(seen.endswith(path) or (name == "index.html" and seen.endswith("/"))
               for _host, seen in site.requests[since:])


FRAMED = "itch.io, framed by another site"


@pytest.mark.parametrize("where, name", [("a static host", name) for name in EVERY_FILE]
                         + [(FRAMED, "index.html"), (FRAMED, APK), (FRAMED, "cpython312/main.wasm")])
def test_an_answer_cut_short_gets_the_cached_file(site, state, where, name):
    """After a first visit, any answer that sends its headers and half its body, then drops, is
    replaced by the worker's whole copy: the game plays from the cache, the page itself included."""
    slug = name.replace("/", "-").replace("<", "").replace(">", "").replace(" ", "-")
    visit = Visit(site, where, f"short-{where.split()[0]}-{slug}")
    assert loaded(visit.game) == "ready"
    assert visit.kept().startswith("kept ")
    dialogs, since = len(visit.browser.dialogs), len(site.requests)
    state.short = {server_name(state, name)}
    started = time.monotonic()
    assert visit.again() == "ready", visit.game.js("window.gameLoadError")
    took = time.monotonic() - started
    if name == "sw.js":
        # the browser looks for a new worker after a page loads, when it gets round to it; asked now,
        # the look fails on the cut script, and the worker in place goes on
        update = visit.game.js("navigator.serviceWorker.getRegistration().then((r) => r.update())"
                               ".then(() => 'updated', (error) => 'failed: ' + error)")
        assert update.startswith("failed: "), update
        worker = visit.game.js("navigator.serviceWorker.controller.scriptURL")
        assert worker.endswith("sw.js?build=" + build_web.build_name(state.built)), worker
    assert asked_for(site, server_name(state, name), since), site.requests[since:]
    print(f"\n{name} cut short ({where}): the game drew its first frame after {took:.1f} s")
    apk = next(state.built.glob("*.apk"))
    assert visit.game.js("document.documentElement.dataset.archiveBytes") == str(apk.stat().st_size)
    assert visit.browser.dialogs[dialogs:] == []
    # the page stays the cached build's, and it plays on: a reload with the servers well is the same game
    state.reset()
    assert visit.again() == "ready"


@pytest.mark.parametrize("name", ["index.html", APK])
def test_a_shorter_answer_that_looks_whole_gets_the_cached_file(site, state, name):
    """An answer with no length that ends early looks whole to the browser: the worker knows the bytes
    of the build's own files (their SHA-256, stamped by tools/build_web.py) and gives its copy."""
    visit = Visit(site, "a static host", "unsized-" + name.replace("<", "").replace(">", ""))
    assert loaded(visit.game) == "ready"
    assert visit.kept().startswith("kept ")
    since = len(site.requests)
    state.unsized = {server_name(state, name)}
    assert visit.again() == "ready", visit.game.js("window.gameLoadError")
    assert asked_for(site, server_name(state, name), since)
    apk = next(state.built.glob("*.apk"))
    assert visit.game.js("document.documentElement.dataset.archiveBytes") == str(apk.stat().st_size)


def test_a_slow_answer_read_whole_by_the_worker_keeps_the_page_waiting(site, state):
    """While the worker reads a body whole, the page sees nothing of it but the worker's word: a
    main.data that takes longer than the page's stall limit (12 s), coming steadily, still loads."""
    visit = Visit(site, "a static host", "slow")
    assert loaded(visit.game) == "ready"
    assert visit.kept().startswith("kept ")
    state.slow = {"cpython312/main.data": 14.0}
    started = time.monotonic()
    assert visit.again() == "ready", visit.game.js("window.gameLoadError")
    took = time.monotonic() - started
    print(f"\nmain.data in 14 s through the worker: the game drew its first frame after {took:.1f} s")
    assert took >= 14


def test_a_broken_answer_is_never_stored(site, state):
    visit = Visit(site, "a static host", "broken")
    assert loaded(visit.game) == "ready"
    assert visit.kept().startswith("kept ")
    before = visit.cache()
    # online again, the CDN now cuts main.data short (a new version, half of it) and has lost main.wasm
    # (404 with no CORS header, which the worker cannot tell from no network): the game plays from the
    # kept copies, and the cache keeps them whole
    since = len(site.requests)
    state.files = {"cpython312/main.data": "truncated", "cpython312/main.wasm": "missing"}
    assert visit.again() == "ready", visit.game.js("window.gameLoadError")
    asked = {path.rsplit("/", 1)[-1] for _host, path in site.requests[since:]}
    assert asked & {"main.data", "main.wasm"}, asked
    time.sleep(1)  # the worker's own writes are done
    assert visit.cache() == before
    # and with the network cut, the game starts from them
    state.reset()
    state.site, state.runtime = "down", "down"
    assert visit.again() == "ready", visit.game.js("window.gameLoadError")


def test_a_runtime_file_the_cache_lacks_offline_is_our_message_not_an_alert(site, state):
    """The worker answers the runtime's scripts with CORS copies, whose errors the page sees in full
    (a no-cors script's are muted): offline, main.js's download of a main.data the cache lacks throws
    "NetworkError for: ...", which pythons.js would alert(). It is our failure message, in time."""
    visit = Visit(site, "a static host", "lacking")
    assert loaded(visit.game) == "ready"
    assert visit.kept().startswith("kept ")
    assert visit.game.js(f"""caches.keys().then((names) => caches.open(names[0]))
        .then((cache) => cache.delete({RUNTIME + 'cpython312/main.data'!r}))""")
    state.site, state.runtime = "down", "down"
    dialogs = len(visit.browser.dialogs)
    assert visit.again() == "failed"
    took = visit.game.js("window.gameFailedAt")
    print(f"\nmain.data not kept, offline: the failure message after {took / 1000:.1f} s ({visit.game.js('window.gameLoadError')})")
    assert took <= 15_000
    assert "NetworkError for: " + RUNTIME + "cpython312/main.data" in visit.game.js("window.gameLoadError")
    assert visit.game.js("document.getElementById('retry').hidden") is False
    assert visit.browser.dialogs[dialogs:] == []


def another_build(web: Path, into: Path) -> str:
    """The next build: the same game with one more file in its .apk, stamped as tools/build_web.py does."""
    shutil.copytree(web, into)
    apk = next(into.glob("*.apk"))
    data = io.BytesIO(apk.read_bytes())
    with zipfile.ZipFile(data, "a") as archive:
        archive.writestr("assets/game/next_build.txt", "a later build\n")
    apk.write_bytes(data.getvalue())
    return build_web.stamp(into)


def test_a_new_build_replaces_the_old_one_and_its_cache(site, state, tmp_path):
    visit = Visit(site, "a static host", "new-build")
    assert loaded(visit.game) == "ready"
    assert visit.kept().startswith("kept ")
    first = visit.game.js("document.documentElement.getAttribute('data-offline-build')")
    second = another_build(state.built, tmp_path / "next")
    assert second != first
    state.web = tmp_path / "next"  # published; the player comes back online
    assert visit.again() == "ready"
    size = (next((tmp_path / "next").glob("*.apk"))).stat().st_size
    assert visit.game.js("document.documentElement.dataset.archiveBytes") == str(size)
    assert visit.game.wait("document.documentElement.getAttribute('data-offline-build')") == second
    assert visit.kept().startswith("kept ")
    caches = visit.cache()
    assert list(caches) == [f"easy-harp-eight-off-{second}"]  # the old build's cache is gone
    # the new build's cache has the runtime at once (taken over from the old one) and its own files
    assert RUNTIME + "cpython312/main.wasm" in caches[f"easy-harp-eight-off-{second}"]
    state.site, state.runtime = "down", "down"
    assert visit.again() == "ready"
    assert visit.game.js("document.documentElement.dataset.archiveBytes") == str(size)


def test_a_page_never_gets_another_builds_archive(site, state, tmp_path):
    """The page and the .apk of one build go together: a new page whose .apk does not come is a
    failed load, never the new page with the old build's .apk from the cache."""
    visit = Visit(site, "a static host", "together")
    assert loaded(visit.game) == "ready"
    assert visit.kept().startswith("kept ")
    old_size = next(state.built.glob("*.apk")).stat().st_size
    another_build(state.built, tmp_path / "next")
    state.web = tmp_path / "next"
    state.archive = "hang"  # the new page comes, its .apk never does
    assert visit.again() == "failed"
    assert visit.game.js("document.documentElement.dataset.archiveBytes") in (None, "")
    assert visit.game.js("String(window.gameLoadError)").startswith("no progress")
    assert old_size  # (the old .apk was there, in the cache, under the old build's address)
