"""The game in itch.io's frame: a page on another site frames it (tests/page/servers.py, ITCH_PARENT,
with a comment box of its own), as itch.io's game page frames html-classic.itch.zone. A click or
a tap inside the game gives it the keyboard again, however often the player went back to the page
around it (issue 32, item 7). A build that names the game's page (tools/build_web.py --public-url)
learns a deal in that page's address as far as the browser lets the address through (issue 42,
item 4).

The stand-in interpreter (tests/page/main.js) does with the canvas what SDL does: it prevents the
default of the canvas's mousedown and touchstart and takes the keys from the document, and the
stand-in pythons.js focuses the canvas as the real one does (focus_handler, lines 1074-1120).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game import host
from tests.page.chromium import CHROMIUM
from tests.page.pygbag_bridge import Page
from tests.page.servers import ITCH_PARENT, Site, build_once, loaded
from tools import build_web

GAME_AT = (320, 240)  # inside the frame (at 0,40 on the parent page, 640 x 400)
COMMENT_AT = (100, 10)  # the parent page's comment box


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if not Path(CHROMIUM).exists() or shutil.which("openssl") is None:
        pytest.fail("Chromium or openssl is missing: run tools/test_setup.sh")
    app = build_once(tmp_path_factory)
    served = Site(tmp_path_factory.mktemp("itch"), app / "build" / "web")
    try:
        yield served
    finally:
        served.close()


def press(tab, key: str) -> None:
    code = f"Key{key.upper()}"
    for kind in ("keyDown", "keyUp"):
        tab.call("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": code, "windowsVirtualKeyCode": ord(key.upper()),
                                            **({"text": key} if kind == "keyDown" else {})})
    tab.browser.pump(0.2)


def click(tab, at) -> None:
    for kind in ("mousePressed", "mouseReleased"):
        tab.call("Input.dispatchMouseEvent", {"type": kind, "x": at[0], "y": at[1], "button": "left", "clickCount": 1})
    tab.browser.pump(0.2)


def tap(tab, at) -> None:
    tab.call("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": at[0], "y": at[1]}]})
    tab.call("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    tab.browser.pump(0.3)


def keys(tab, game) -> tuple[str, str]:
    """What the parent page got, what the game got."""
    return " ".join(tab.js("window.keys")), game.js("document.documentElement.dataset.gameKeys || ''")


@pytest.mark.parametrize("how", ["click", "tap"])
def test_a_click_or_tap_in_the_framed_game_gives_it_the_keyboard(site, how):
    browser = site.fresh(f"keys-{how}")
    tab = browser.tab(frames=True)
    if how == "tap":
        tab.call("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    tab.go(site.url(ITCH_PARENT))
    game = tab.frame()
    assert loaded(game) == "ready"
    touch = tap if how == "tap" else click
    # the player is typing a comment on the page around the game: the keys are the page's
    click(tab, COMMENT_AT)
    press(tab, "a")
    assert keys(tab, game) == ("a", "")
    # into the game
    touch(tab, GAME_AT)
    press(tab, "b")
    assert keys(tab, game) == ("a", "b")
    assert game.js("document.activeElement.id") == "canvas"
    # back to the comment box, and into the game again: every time
    for letter, other in (("c", "d"), ("e", "f")):
        click(tab, COMMENT_AT)
        press(tab, letter)
        touch(tab, GAME_AT)
        press(tab, other)
    assert keys(tab, game) == ("a c e", "b d f")
    assert browser.dialogs == []


@pytest.mark.parametrize("policy, deal", [
    ("", None),  # no policy of its own: the browsers' default (strict-origin-when-cross-origin)
    ("no-referrer-when-downgrade", "EO1-C8-AAAAAFA"),
    ("unsafe-url", "EO1-C8-AAAAAFA"),
    ("strict-origin", None),
])
def test_a_deal_in_the_public_pages_address_reaches_the_frame_as_far_as_its_referrer_policy_lets_it(
        site, tmp_path, policy, deal):
    """itch.io does not hand its frame the address of the page around it. The frame learns it only as
    document.referrer, whole or cut to the site by the page's referrer policy: what Chromium gives the
    framed page here is what game/host.py (shared_deal) reads the deal from."""
    public = site.url(ITCH_PARENT)
    web = tmp_path / "web"
    shutil.copytree(site.state.built, web)
    build_web.stamp(web, public)  # the build for that page (tools/build_web.py --public-url)
    site.state.web, site.state.parent_policy = web, policy
    try:
        browser = site.fresh("referrer-" + (policy or "default"))
        tab = browser.tab(frames=True)
        tab.go(public + "?deal=EO1-C8-AAAAAFA")
        game = tab.frame()
        assert loaded(game) == "ready"
        assert game.js("window.gamePublicUrl") == public
        referrer = game.js("document.referrer")
        print(f"\nthe parent page's policy {policy or '(none)'}: the frame's referrer is {referrer!r}")
        window = Page(public_url=game.js("window.gamePublicUrl"), referrer=referrer,
                      hash=game.js("location.hash"), search=game.js("location.search"))
        assert host.shared_deal(window=window) == deal
        # and L copies a link to the public page, which opens the deal where the address comes through
        assert host.deal_link("EO1-C8-AAAAAFA", window=window) == public + "?deal=EO1-C8-AAAAAFA"
    finally:
        site.state.reset()
