"""The page installs as an app (issue 32, item 4): a web manifest in the player's language
(static/manifest-<lang>.webmanifest, linked by the page), with start_url and scope relative so
it works under any path, standalone, any orientation, the game's colours, 192, 512 and maskable
icons drawn by tools/make_icon.py, an apple-touch-icon and a description. Chromium's own
installability check (the DevTools protocol's Page.getInstallabilityErrors) passes on an HTTPS
host, wherever in its tree the game is unpacked.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.page.chromium import CHROMIUM
from tests.page.servers import SECURE, Site, build_once, loaded

ROOT = Path(__file__).resolve().parents[2]
LANGS = {"en-US": "en", "vi-VN": "vi", "hu-HU": "hu"}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if not Path(CHROMIUM).exists() or shutil.which("openssl") is None:
        pytest.fail("Chromium or openssl is missing: run tools/test_setup.sh")
    app = build_once(tmp_path_factory)
    served = Site(tmp_path_factory.mktemp("install"), app / "build" / "web")
    try:
        yield served
    finally:
        served.close()


def page_texts() -> dict[str, dict[str, str]]:
    """page.tmpl's TEXT, as the page's script has it."""
    template = (ROOT / "page.tmpl").read_text(encoding="utf-8")
    block = template.split("var TEXT = {", 1)[1].split("\n  };", 1)[0]
    texts = {}
    for lang, body in re.findall(r"\b(en|vi|hu): \{(.*?)\}", block, re.DOTALL):
        texts[lang] = {key: json.loads(value) for key, value in re.findall(r'(\w+): ("(?:[^"\\]|\\.)*")', body)}
    return texts


def test_the_manifests_say_the_same_app_in_three_languages():
    texts = page_texts()
    manifests = {lang: json.loads((ROOT / "static" / f"manifest-{lang}.webmanifest").read_text(encoding="utf-8"))
                 for lang in ("en", "vi", "hu")}
    same = {key: manifests["en"][key] for key in ("start_url", "scope", "display", "orientation",
                                                   "theme_color", "background_color", "icons", "name")}
    for lang, manifest in manifests.items():
        assert {key: manifest[key] for key in same} == same, lang
        assert manifest["lang"] == lang
        assert manifest["description"] == texts[lang]["description"]  # the page's meta description too
        assert manifest["short_name"] and len(manifest["short_name"]) <= 12
    assert len({m["description"] for m in manifests.values()}) == 3
    assert len({m["short_name"] for m in manifests.values()}) == 3
    # relative: the app is wherever the page is. No "id": a relative one is resolved against the
    # origin alone ("./index.html" is /index.html for every game on html-classic.itch.zone); without it
    # the app's id is its start_url, this game's own
    assert same["start_url"] == "./index.html" and same["scope"] == "./"
    assert all("id" not in manifest for manifest in manifests.values())
    assert same["display"] == "standalone" and same["orientation"] == "any"
    assert same["theme_color"] == same["background_color"] == "#0b4d2c"
    icons = {(icon["sizes"], icon["purpose"]): icon["src"] for icon in same["icons"]}
    assert icons == {("192x192", "any"): "icon-192.png", ("512x512", "any"): "icon-512.png",
                     ("512x512", "maskable"): "icon-maskable-512.png"}
    for lang in texts:
        assert set(texts[lang]) == set(texts["en"]), lang  # every text of the page in every language


def test_the_icons_are_what_our_tool_draws():
    import pygame

    from tools import make_icon

    problems = [problem for name in make_icon.ICONS if (problem := make_icon.differences(name))]
    assert problems == []
    for name, (size, full_bleed) in make_icon.ICONS.items():
        icon = pygame.image.load(str(ROOT / name))
        assert icon.get_size() == (size, size), name
        if full_bleed:  # the maskable icon and the apple-touch-icon: felt to every edge, no transparency
            corners = [icon.get_at(point) for point in ((0, 0), (size - 1, 0), (0, size - 1), (size - 1, size - 1))]
            assert all(corner.a == 255 and corner[:3] == make_icon.FELT for corner in corners), (name, corners)
    assert make_icon.ICONS["static/apple-touch-icon.png"][0] == 180


def manifest_of(tab) -> dict:
    """Chromium's reading of the page's manifest (Page.getAppManifest), once it has one."""
    for _ in range(100):
        answer = tab.call("Page.getAppManifest")
        if answer.get("url"):
            return answer
        tab.browser.pump(0.1)
    raise AssertionError("the page has no manifest")


@pytest.mark.parametrize("where", [SECURE["a static host"], SECURE["itch.io"]], ids=["/solitaire/", "/html/12345678/"])
@pytest.mark.parametrize("lang", list(LANGS))
def test_chromium_finds_the_page_installable_under_any_path(site, where, lang):
    tab = site.browser(lang).tab()
    tab.go(site.url(where))
    assert loaded(tab) == "ready"
    folder = site.url(where).rsplit("/", 1)[0] + "/"
    answer = manifest_of(tab)
    assert answer["url"] == folder + f"manifest-{LANGS[lang]}.webmanifest"
    assert answer["errors"] == [], answer["errors"]
    data = json.loads(answer["data"])
    assert data["lang"] == LANGS[lang]
    parsed = answer["manifest"]  # Chromium's own reading: the relative addresses resolved
    assert (parsed["startUrl"], parsed["scope"], parsed["id"]) == (folder + "index.html", folder, folder + "index.html")
    assert (parsed["display"], parsed["orientation"]) == ("kStandalone", "ANY")
    # Chromium's installability check: manifest, icons, secure origin, a worker that answers
    errors = None
    for _ in range(100):
        errors = tab.call("Page.getInstallabilityErrors")["installabilityErrors"]
        if not errors:
            break
        tab.browser.pump(0.2)
    assert errors == [], errors
    # the page's own description and the apple-touch-icon, in the player's language
    assert tab.js("document.querySelector('meta[name=description]').content") == data["description"]
    assert tab.js("document.querySelector('link[rel=apple-touch-icon]').href") == folder + "apple-touch-icon.png"
    assert tab.js("fetch('apple-touch-icon.png').then(r => r.status)") == 200
    tab.browser.send("Target.closeTarget", {"targetId": tab.target}, timeout=10)
