"""The host module (game/host.py, everything that depends on where the game
runs): the browser seen through fakes, the desktop through
environment variables. Nothing here touches the real home directory."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game import host as gp
from game.persistence.storage import BrowserStorage, DictLocalStorage, FileStorage
from game.persistence import Persistence
from game.persistence.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


class FakeElement:
    def __init__(self, tag):
        self.tag = tag
        self.attributes = {}
        self.children = []
        self.textContent = ""

    def setAttribute(self, name, value):  # noqa: N802
        self.attributes[name] = value

    def appendChild(self, child):  # noqa: N802
        self.children.append(child)


class FakeDocument:
    def __init__(self):
        self.body = FakeElement("body")

    def getElementById(self, element_id):  # noqa: N802
        return next((c for c in self.body.children if c.attributes.get("id") == element_id), None)

    def createElement(self, tag):  # noqa: N802
        return FakeElement(tag)


class FakeNavigator:
    def __init__(self, language, languages=None):
        self.language = language
        if languages is not None:
            self.languages = FakeArray(languages)


class FakeArray:
    """A JS array proxy: indexable, with ``length``."""

    def __init__(self, items):
        self.items = items
        self.length = len(items)

    def __getitem__(self, i):
        return self.items[i]


class FakeWindow:
    def __init__(self, language="en-US", languages=None):
        self.navigator = FakeNavigator(language, languages)
        self.localStorage = DictLocalStorage()
        self.document = FakeDocument()


def test_the_desktop_is_not_the_browser():
    assert gp.is_browser() is False
    assert gp.browser_window() is None


def test_is_browser_follows_sys_platform(monkeypatch):
    monkeypatch.setattr(gp.sys, "platform", "emscripten")
    assert gp.is_browser() is True


@pytest.mark.parametrize(
    "language, languages, expected",
    [
        ("vi-VN", None, "vi-VN"),
        ("hu", None, "hu"),
        ("HU-hu", None, "hu-hu"),
        ("", ["vi-VN", "en"], "vi-VN"),
        (None, None, None),
        ("*", None, None),
    ],
)
def test_browser_language_from_navigator(language, languages, expected):
    assert gp.preferred_language(window=FakeWindow(language, languages)) == expected


def test_a_navigator_that_throws_gives_no_language():
    class Hostile:
        @property
        def navigator(self):
            raise RuntimeError("no navigator in this worker")

    assert gp.preferred_language(window=Hostile()) is None


@pytest.mark.parametrize(
    "env, expected",
    [
        ({"LANG": "hu_HU.UTF-8"}, "hu-HU"),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "vi_VN.UTF-8"}, "vi-VN"),
        ({"LANGUAGE": "vi:en", "LC_ALL": "hu_HU.UTF-8"}, "vi"),
        ({"LANGUAGE": "", "LC_MESSAGES": "hu_HU@euro", "LANG": "C"}, "hu-HU"),
        ({"LANG": "de_DE.ISO-8859-1"}, "de-DE"),
    ],
)
def test_native_language_from_environment(env, expected):
    assert gp.preferred_language(env=env) == expected


def test_native_language_with_only_c_locale_asks_the_locale_module(monkeypatch):
    monkeypatch.setattr(gp.locale, "getlocale", lambda *a: ("vi_VN", "UTF-8"))
    monkeypatch.setattr(gp.sys, "platform", "linux")
    assert gp.preferred_language(env={"LANG": "C", "LC_ALL": "POSIX"}) == "vi-VN"
    monkeypatch.setattr(gp.locale, "getlocale", lambda *a: (None, None))
    assert gp.preferred_language(env={}) is None


@pytest.mark.parametrize("raw", ["C", "POSIX", "C.UTF-8", "", "   ", "x", "en US", "../../etc", 42, None])
def test_junk_locale_names_give_no_tag(raw):
    assert gp.clean_language_tag(raw) is None


def test_user_data_dir_per_system(tmp_path):
    home = tmp_path / "home"
    linux = gp.user_data_dir("app", env={}, system="linux", home=home)
    assert linux == home / ".local" / "share" / "app"
    xdg = gp.user_data_dir("app", env={"XDG_DATA_HOME": str(tmp_path / "xdg")}, system="linux", home=home)
    assert xdg == tmp_path / "xdg" / "app"
    relative = gp.user_data_dir("app", env={"XDG_DATA_HOME": "rel/dir"}, system="linux", home=home)
    assert relative == linux  # the XDG spec: a relative path is ignored
    mac = gp.user_data_dir("app", env={}, system="darwin", home=home)
    assert mac == home / "Library" / "Application Support" / "app"
    win = gp.user_data_dir("app", env={"APPDATA": str(tmp_path / "Roaming")}, system="win32", home=home)
    assert win == tmp_path / "Roaming" / "app"
    win_default = gp.user_data_dir("app", env={}, system="win32", home=home)
    assert win_default == home / "AppData" / "Roaming" / "app"


def test_open_storage_in_the_browser_uses_local_storage():
    window = FakeWindow()
    storage = gp.open_storage(window=window)
    assert isinstance(storage, BrowserStorage)
    persistence = Persistence(storage)
    persistence.load_all()
    assert persistence.save_settings(Settings(chosen_lang="hu"))
    assert window.localStorage.getItem(f"{gp.APP_NAME}/settings") is not None
    assert Persistence(gp.open_storage(window=window)).load_all().settings.chosen_lang == "hu"


def test_open_storage_natively_uses_files_in_the_data_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(gp.sys, "platform", "linux")
    storage = gp.open_storage()
    assert isinstance(storage, FileStorage)
    assert storage.directory == tmp_path / gp.APP_NAME


def test_announce_writes_to_one_live_region():
    window = FakeWindow()
    assert gp.announce("Seven of hearts to the foundation", window=window) is True
    assert gp.announce("Undone", window=window) is True
    regions = window.document.body.children
    assert len(regions) == 1
    assert regions[0].attributes["aria-live"] == "polite"
    assert regions[0].textContent == "Undone"


def test_announce_natively_and_on_a_broken_page_is_harmless():
    assert gp.announce("hello") is False

    class NoDocument:
        document = None

    assert gp.announce("hello", window=NoDocument()) is False


def test_only_the_host_module_checks_for_emscripten():
    offenders = []
    for path in list((ROOT / "game").rglob("*.py")) + [ROOT / "main.py"]:
        if not path.exists() or path == ROOT / "game" / "host.py":
            continue
        if "emscripten" in path.read_text(encoding="utf-8"):
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def platform_bindings(source: str) -> list[str]:
    """Where ``source`` binds the name ``platform`` to anything but the
    standard module (``import platform``): an import ``as platform``, a
    ``from ... import platform``, an assignment, a function, class or
    argument of that name."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import {a.name} as platform" for a in node.names
                      if a.asname == "platform" and a.name != "platform"]
        elif isinstance(node, ast.ImportFrom):
            found += [f"line {node.lineno}: from {'.' * node.level}{node.module or ''} import {a.name}"
                      for a in node.names if (a.asname or a.name) == "platform"]
        elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)) and node.id == "platform":
            found.append(f"line {node.lineno}: platform = ...")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == "platform":
            found.append(f"line {node.lineno}: def/class platform")
        elif isinstance(node, ast.arg) and node.arg == "platform":
            found.append(f"line {node.lineno}: an argument named platform")
    return found


def test_one_platform_module_the_standard_one():
    """Ours is ``game/host.py``: the name ``platform`` is the standard
    library's module (which pygbag extends with the page, and which its
    start-up script uses by that name in ``__main__``), so nothing of ours
    is called that or bound to that name."""
    assert not (ROOT / "game" / "platform.py").exists() and not (ROOT / "game" / "platform").exists()
    found = []
    for path in sorted((ROOT / "game").rglob("*.py")) + [ROOT / "main.py"]:
        found += [f"{path.relative_to(ROOT)} {where}" for where in platform_bindings(path.read_text(encoding="utf-8"))]
    assert found == []


@pytest.mark.parametrize("source", [
    "from game import host as platform", "from .. import host as platform", "import game.host as platform",
    "from game import platform", "from . import platform", "platform = host", "def f(platform): pass",
    "for platform in x: pass",
])
def test_the_platform_check_catches_a_binding(source):
    assert platform_bindings(source)


def test_the_platform_check_lets_the_standard_module_be():
    assert platform_bindings("import platform\nimport platform as _std_platform\nimport sys\nsys.platform") == []


def test_stored_data_is_never_unpickled_or_evaluated():
    for path in sorted((ROOT / "game" / "persistence").glob("*.py")) + [ROOT / "game" / "host.py"]:
        name = path.name
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
                assert not {"pickle", "marshal", "shelve"} & set(names), name
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("eval", "exec"), name


def test_announcing_the_same_words_twice_changes_the_region():
    window = FakeWindow()
    said = []
    for text in ("No place for this card", "No place for this card", "No place for this card"):
        gp.announce(text, window=window)
        said.append(window.document.body.children[0].textContent)
    assert said[0] != said[1] != said[2]
    assert all(s.strip("\u00a0") == "No place for this card" for s in said)


def test_the_language_is_the_players_choice_then_the_systems_then_english(monkeypatch):
    from game.persistence.storage import MemoryStorage

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    persistence = Persistence(MemoryStorage(), system_language=gp.preferred_language())
    assert persistence.load_all().settings.lang == "en" and persistence.language() == "en"
    persistence.save_settings(Settings(chosen_lang="xx"))  # a language we don't have
    assert persistence.language(system=gp.preferred_language()) == "en"
    monkeypatch.setenv("LANG", "tlh_XX.UTF-8")
    monkeypatch.setattr(gp.locale, "getlocale", lambda *a: (None, None))
    assert persistence.language(system=gp.preferred_language()) == "en"
    monkeypatch.setattr(gp, "browser_window", lambda: FakeWindow("en-AU"))
    persistence.save_settings(Settings(chosen_lang=None))
    assert persistence.language(system=gp.preferred_language()) == "en"


def test_a_language_we_have_is_picked_from_the_browser(monkeypatch):
    from game import i18n
    from game.persistence.storage import MemoryStorage

    monkeypatch.setitem(i18n.CATALOGUES, "vi", {})  # whether or not the catalogue exists yet
    monkeypatch.setattr(gp, "browser_window", lambda: FakeWindow("vi-VN"))
    persistence = Persistence(MemoryStorage(), system_language=gp.preferred_language())
    assert persistence.load_all().settings.lang == "vi" and persistence.language() == "vi"
    persistence.save_settings(Settings(chosen_lang="en"))  # the player's choice wins
    assert persistence.language() == "en"


def test_freed_memory_goes_back_to_the_system_natively_on_glibc_only(monkeypatch):
    import sys as _sys

    from game import host as host_module

    expected = _sys.platform.startswith("linux")
    assert host_module.release_freed_memory() is expected
    monkeypatch.setattr(host_module, "is_browser", lambda: True)
    assert host_module.release_freed_memory() is False  # the browser's heap is the page's business
