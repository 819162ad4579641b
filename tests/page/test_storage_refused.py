"""The browser keeps nothing: Chromium with the site's data blocked, for the page itself, and for
the game in a frame from another site (third-party storage off, as privacy settings or Safari
have it for itch.io's frame). localStorage then throws SecurityError at a mere look, service
workers are refused and caches too; the game still plays, once, with nothing kept (issue 32,
item 6). What the game says about it: tests/page/test_glue.py (the SecurityError through
pygbag's bridge, the notice shown once).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.page.chromium import CHROMIUM
from tests.page.servers import ITCH_PARENT, PARENT_HOST, SECURE, Site, build_once, loaded


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if not Path(CHROMIUM).exists() or shutil.which("openssl") is None:
        pytest.fail("Chromium or openssl is missing: run tools/test_setup.sh")
    app = build_once(tmp_path_factory)
    served = Site(tmp_path_factory.mktemp("refused"), app / "build" / "web")
    try:
        yield served
    finally:
        served.close()


def blocking(preferences: dict):
    def prepare(profile: Path) -> None:
        (profile / "Default").mkdir(parents=True)
        (profile / "Default" / "Preferences").write_text(json.dumps({"profile": preferences}))
    return prepare


CASES = {
    # Settings > Privacy > Site data: "Don't allow sites to save data on your device"
    "site data blocked": (SECURE["a static host"], {"default_content_setting_values": {"cookies": 2}}),
    # the game's site may keep nothing while framed by another site (third-party storage off for it)
    "framed, third-party storage blocked": (
        ITCH_PARENT, {"content_settings": {"exceptions": {"cookies": {f"[*.]itch.zone,[*.]{PARENT_HOST}": {"setting": 2}}}}}),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_game_plays_when_the_browser_keeps_nothing(site, case):
    address, preferences = CASES[case]
    browser = site.fresh(case.split(",")[0].replace(" ", "-"), prepare=blocking(preferences))
    framed = address == ITCH_PARENT
    tab = browser.tab(frames=framed)
    tab.go(site.url(address))
    game = tab.frame() if framed else tab
    assert loaded(game) == "ready", game.js("window.gameLoadError")
    # what the game's start (host.open_storage) meets: a SecurityError, so it plays with nothing kept
    assert game.js("document.documentElement.dataset.gameStorage") == "refused: SecurityError"
    assert game.js("(() => { try { localStorage.length; return 'open'; } catch (e) { return e.name; } })()") == "SecurityError"
    # no offline play there, said in the console, never thrown: no dialog, no uncaught error
    assert game.wait("document.documentElement.getAttribute('data-offline')") == "off"
    assert browser.dialogs == []
    thrown = [event for event in browser.events if event.get("method") == "Runtime.exceptionThrown"]
    assert thrown == [], thrown
    # the page took the browser's language (no stored choice to read) and the game drew its frame
    assert game.js("document.documentElement.lang") == "en"
    assert game.js("document.documentElement.dataset.firstFrame")
