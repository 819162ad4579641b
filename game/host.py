"""Everything that depends on where the game runs: desktop or browser.

Called ``host``, never ``platform``: that is the standard library's module,
which pygbag extends with the page (``platform.window``) and which its
start-up script uses by that name. This is the only module that checks
``sys.platform == "emscripten"`` (the pygbag build). Everything else asks
it: ``is_browser()``, ``open_storage()``, ``preferred_language()``,
``announce()``, ``user_data_dir()``, ``prefers_reduced_motion()``, and for the page: ``viewport_size()``,
``shared_deal()``, ``deal_link()``, ``public_page()``, ``copy_text()``,
``copy_outcome()``, ``share_text()``, ``share_outcome()``,
``set_page_language()``, ``report_error()``, ``page_ready()``,
``page_failed()``, ``page_visible()`` and ``window_minimum_size()``; and
natively ``prepare_display()``, ``wait_for_event()``, the sleep of a
window left alone, and ``on_stop_signals()`` (``give_back_stop_signals()``), closing the window when the
terminal closes.

The browser objects come from the ``window`` attribute that pygbag adds to
the standard ``platform`` module; functions take them as optional arguments
so the tests can hand in fakes.

Two facts about pygbag 0.9.3's bridge (``browsermodule.c`` and the runtime
it ships) shape everything that talks to the page:

* A Python ``str`` handed to JavaScript arrives as its UTF-8 bytes read one
  byte per character (Latin-1): "Bảy cơ" reaches the page as "Báº£y cÆ¡".
  So every string we hand over is ASCII: JSON with ``\\uXXXX`` escapes,
  which the page (our template, ``page.tmpl``) or the JSON reader rebuilds.
* Reading a property can throw: ``window.localStorage`` does when the
  browser blocks site data (Incognito defaults, the third-party frame
  itch.io runs games in). Every read of the page is guarded here.
"""

from __future__ import annotations

import json
import locale
import os
import re
import sys
from pathlib import Path
from typing import Any, Callable, Mapping
from urllib.parse import parse_qs, quote, unquote_plus, urlsplit, urlunsplit

from .persistence.storage import BrowserStorage, FileStorage, MemoryStorage, Storage

APP_NAME = "easy-harp-eight-off"
LIVE_REGION_ID = "game-announcements"


def is_browser() -> bool:
    return sys.platform == "emscripten"


def browser_window() -> Any | None:
    """pygbag's handle on the page's JavaScript ``window``, or None."""
    if not is_browser():
        return None
    import platform as _std_platform  # the standard module, which pygbag extends

    return getattr(_std_platform, "window", None)


# ---- where things are kept ----------------------------------------------------


def user_data_dir(
    app: str = APP_NAME,
    *,
    env: Mapping[str, str] | None = None,
    system: str | None = None,
    home: Path | None = None,
) -> Path:
    """The per-user directory for saved games, statistics and settings:
    ``$XDG_DATA_HOME`` or ``~/.local/share`` on Linux and other Unixes,
    ``~/Library/Application Support`` on macOS, ``%APPDATA%`` on Windows.
    Not created here.

    Always an absolute path. A ``HOME`` that is empty or relative (``HOME=``
    would give ``/.local/share/...``, ``HOME=x`` a folder that moves with the
    current one) is not a home: the password database's home is used
    instead, and when there is none either this raises RuntimeError (the
    game then plays on in memory and says so: ``Persistence.opening``)."""
    env = os.environ if env is None else env
    system = sys.platform if system is None else system

    def home_folder() -> Path:
        if home is not None:
            found: Path | None = home
        elif system.startswith("win"):
            found = Path.home()
        else:
            raw = env.get("HOME", "")
            found = Path(raw) if raw and os.path.isabs(raw) else None
            if found is None:
                try:
                    import pwd

                    record = pwd.getpwuid(os.getuid()).pw_dir
                    found = Path(record) if record and os.path.isabs(record) else None
                except (ImportError, KeyError, OSError):
                    found = None
        if found is None or not found.is_absolute():
            raise RuntimeError(f"no home folder to keep the records in (HOME is {env.get('HOME')!r})")
        return found

    if system.startswith("win"):
        appdata = env.get("APPDATA", "")
        base = Path(appdata) if appdata and os.path.isabs(appdata) else home_folder() / "AppData" / "Roaming"
        return base / app
    if system == "darwin":
        return home_folder() / "Library" / "Application Support" / app
    xdg = env.get("XDG_DATA_HOME", "")
    # The XDG spec says a relative path is invalid and must be ignored.
    data_home = Path(xdg) if xdg and os.path.isabs(xdg) else home_folder() / ".local" / "share"
    return data_home / app


STORAGE_OFF = "notice.storage_off"  # told once when the browser keeps nothing

_NOT_ASCII = re.compile(r"[^\x00-\x7f]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code > 0xFFFF:  # a UTF-16 surrogate pair, as JSON writes it
        code -= 0x10000
        return "\\u%04x\\u%04x" % (0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF))
    return "\\u%04x" % code


def ascii_json_text(text: str) -> str:
    """``text`` (a JSON document) with every non-ASCII character written as
    a ``\\uXXXX`` escape: the same JSON value, safe to hand to the bridge.
    (In valid JSON such characters only occur inside strings, where the
    escape means the same character.)"""
    return text if text.isascii() else _NOT_ASCII.sub(_escape, text)


def to_page(text: object) -> str:
    """Any text as an ASCII JSON string literal, for the page to ``JSON.parse``."""
    return json.dumps(str(text), ensure_ascii=True)


def from_page(value: object) -> str:
    """A string read back from the page. Older builds stored text through the
    bridge's Latin-1 reading of UTF-8 ("Báº£y"); such text is repaired."""
    text = str(value)
    if not text.isascii():
        try:
            return text.encode("latin-1").decode("utf-8")
        except UnicodeError:  # real non-ASCII text (or junk): keep it as it is
            pass
    return text


class PageStorage:
    """``window.localStorage`` as pygbag's bridge hands it over, made safe
    for ``BrowserStorage`` (same ``getItem / setItem / removeItem / key /
    length``): values go over as ASCII JSON (escapes), reads are repaired
    (``from_page``), and a ``length`` that throws counts as empty. Errors of
    the other calls reach ``BrowserStorage``, which turns them into a
    failed read or write."""

    def __init__(self, local_storage: Any) -> None:
        self.store = local_storage

    @property
    def length(self) -> int:
        try:
            return int(self.store.length)
        except Exception:
            return 0

    def key(self, index: int) -> str | None:
        name = self.store.key(int(index))
        return None if name is None else from_page(name)

    def getItem(self, name: str) -> str | None:  # noqa: N802 - the web API's name
        value = self.store.getItem(name)
        return None if value is None else from_page(value)

    def setItem(self, name: str, value: str) -> None:  # noqa: N802
        self.store.setItem(name, ascii_json_text(str(value)))

    def removeItem(self, name: str) -> None:  # noqa: N802
        self.store.removeItem(name)


class SessionOnlyStorage(MemoryStorage):
    """What the browser gets when it keeps no site data: this session's
    records in memory, and a notice (``STORAGE_OFF``) to show once: the
    first look at ``notices`` has it, every later one (an app built again
    on the same storage, by the frame guard's Restart) has none."""

    def __init__(self) -> None:
        super().__init__()
        self._told = False

    @property
    def notices(self) -> tuple[str, ...]:
        if self._told:
            return ()
        self._told = True
        return (STORAGE_OFF,)


_SESSION_ONLY: dict[int, tuple[Any, SessionOnlyStorage]] = {}  # id(window): (window, its storage)


def session_only_storage(window: Any) -> SessionOnlyStorage:
    """The one in-memory storage of this page: a second ``open_storage`` (a
    Restart builds the app again) gets the same records, and no second notice."""
    kept = _SESSION_ONLY.get(id(window))
    if kept is None or kept[0] is not window:
        kept = (window, SessionOnlyStorage())
        _SESSION_ONLY[id(window)] = kept
    return kept[1]


def page_local_storage(window: Any) -> Any | None:
    """``window.localStorage`` if the page lets us use it, else None: the
    read itself throws when site data is blocked, it may be null, and a
    blocked one may throw on the first call."""
    try:
        store = window.localStorage
        if store is None:
            return None
        int(store.length)
        store.getItem(APP_NAME + "/settings")
    except Exception:
        return None
    return store


def open_storage(app: str = APP_NAME, *, window: Any | None = None) -> Storage:
    """The storage backend of this platform: the page's localStorage in the
    browser (in memory for the session when the browser blocks it), JSON
    files in the user data directory on the desktop."""
    window = window if window is not None else browser_window()
    if window is not None:
        store = page_local_storage(window)
        if store is None:
            return session_only_storage(window)
        return BrowserStorage(PageStorage(store), prefix=app + "/")
    return FileStorage(user_data_dir(app))


# ---- the player's language ------------------------------------------------------


def clean_language_tag(raw: object) -> str | None:
    """``hu_HU.UTF-8`` -> ``hu-HU``, ``vi`` -> ``vi``; C/POSIX and junk -> None."""
    if not isinstance(raw, str):
        return None
    tag = raw.strip().split(".")[0].split("@")[0].replace("_", "-")
    if not tag or tag.upper() in ("C", "POSIX"):
        return None
    parts = tag.split("-")
    if not all(part.isalnum() and part.isascii() for part in parts) or not 2 <= len(parts[0]) <= 3:
        return None
    return "-".join([parts[0].lower()] + parts[1:])


def preferred_language(
    *, env: Mapping[str, str] | None = None, window: Any | None = None
) -> str | None:
    """The language the player's system or browser asks for, as a tag such
    as ``vi-VN``, or None when it says nothing usable. The caller decides
    which of our catalogues fits (``game.i18n.normalize_language``)."""
    window = window if window is not None else browser_window()
    if window is not None:
        return _browser_language(window)
    env = os.environ if env is None else env
    # POSIX precedence: LANGUAGE (a colon list), LC_ALL, LC_MESSAGES, LANG.
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for raw in env.get(name, "").split(":"):
            tag = clean_language_tag(raw)
            if tag:
                return tag
    return _system_locale_language()


def prefers_reduced_motion(*, window: Any | None = None) -> bool:
    """The browser asks for less motion (the system's accessibility
    setting, ``prefers-reduced-motion: reduce``, as our page's
    ``gameReducedMotion()`` says it: a string crosses the bridge intact).
    Natively, and on a page that can't say: False (the player's own choice
    in Options decides)."""
    window = window if window is not None else browser_window()
    if window is None:
        return False
    try:
        return str(window.gameReducedMotion()) == "reduce"
    except Exception:  # an older page of ours, or none: no preference
        return False


def _browser_language(window: Any) -> str | None:
    try:
        navigator = window.navigator
        languages = getattr(navigator, "languages", None)
        candidates = [getattr(navigator, "language", None)]
        if languages is not None:
            try:
                candidates += [str(languages[i]) for i in range(int(languages.length))]
            except Exception:  # a JS array proxy we can't walk: language alone will do
                pass
    except Exception:
        return None
    for raw in candidates:
        tag = clean_language_tag(str(raw)) if raw is not None else None
        if tag:
            return tag
    return None


def _system_locale_language() -> str | None:
    if sys.platform.startswith("win"):
        try:
            import ctypes

            buffer = ctypes.create_unicode_buffer(85)
            if ctypes.windll.kernel32.GetUserDefaultLocaleName(buffer, len(buffer)):  # type: ignore[attr-defined]
                return clean_language_tag(buffer.value)
        except Exception:
            pass
    try:
        name = locale.getlocale(locale.LC_MESSAGES if hasattr(locale, "LC_MESSAGES") else locale.LC_CTYPE)[0]
    except (ValueError, TypeError):
        name = None
    return clean_language_tag(name)


# ---- screen readers ------------------------------------------------------------------


def announce(text: str, *, window: Any | None = None) -> bool:
    """Say ``text`` to a screen reader through an ARIA live region of the
    page. Our page (``page.tmpl``) has the region from its first frame and
    a ``gameAnnounce(json)`` that rebuilds the text from ASCII JSON; on a
    page without it the region is made here. On the desktop this does
    nothing yet. Returns whether the text reached a live region; never raises."""
    window = window if window is not None else browser_window()
    if window is None:
        return False
    try:
        say = getattr(window, "gameAnnounce", None)
        if say is not None:
            say(to_page(text))
            return True
    except Exception:
        pass
    try:
        document = window.document
        region = document.getElementById(LIVE_REGION_ID)
        if region is None:
            region = document.createElement("div")
            region.setAttribute("id", LIVE_REGION_ID)
            region.setAttribute("aria-live", "polite")
            region.setAttribute("role", "status")
            # Visually hidden, still read aloud.
            region.setAttribute(
                "style",
                "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap",
            )
            document.body.appendChild(region)
        text = str(text)
        if str(region.textContent or "").rstrip("\u00a0") == text:
            # The same words again: change the node so screen readers repeat them.
            text += "\u00a0" if not str(region.textContent).endswith("\u00a0") else ""
        region.textContent = text
        return True
    except Exception:
        return False


# ---- the page around the canvas ------------------------------------------------------

MIN_SIDE, MAX_SIDE = 320, 7680  # what ``main.py --size`` accepts


def viewport_size(*, window: Any | None = None) -> tuple[int, int] | None:
    """The canvas size the page asks for, from ``gameViewport()`` in our
    template (``"WxH"``: the viewport in CSS pixels times the device pixel
    ratio, capped so frames stay cheap); None natively or when the page
    says nothing usable."""
    window = window if window is not None else browser_window()
    if window is None:
        return None
    try:
        raw = str(window.gameViewport())
    except Exception:
        return None
    match = re.fullmatch(r"\s*(\d{1,5})\s*x\s*(\d{1,5})\s*", raw)
    if not match:
        return None
    width, height = (min(MAX_SIDE, max(MIN_SIDE, int(v))) for v in match.groups())
    return width, height


def page_visible(*, window: Any | None = None) -> bool:
    """False while the page's tab is hidden (another tab, a minimised
    browser, a phone's locked screen: ``document.visibilityState`` is
    "hidden"); True natively, and whenever the page does not say."""
    window = window if window is not None else browser_window()
    if window is None:
        return True
    try:
        return str(window.document.visibilityState) != "hidden"
    except Exception:
        return True


_DEAL_TEXT = re.compile(r"[A-Za-z0-9-]{1,40}")


_PUBLIC_URL = re.compile(r"https?://[^/?#\s]+[!-~]*")  # ASCII, no spaces: as tools/build_web.py writes it


def public_page(*, window: Any | None = None) -> str | None:
    """The address players open the game at, when the build names one
    (``tools/build_web.py --public-url``: the game's itch.io page, say,
    whose frame is on another host): ``gamePublicUrl`` in our template.
    None when it names none (the page's own address is then the one) or
    natively."""
    window = window if window is not None else browser_window()
    if window is None:
        return None
    try:
        value = window.gamePublicUrl
    except Exception:
        return None
    if not isinstance(value, str) or not value.isascii() or "#" in value or not _PUBLIC_URL.fullmatch(value):
        return None
    return value


def _same_page(address: str, page: str) -> bool:
    """Whether ``address`` is ``page`` (scheme, host and path; the query aside)."""
    try:
        one, other = urlsplit(address), urlsplit(page)
    except ValueError:  # "https://[::1", say
        return False
    return ((one.scheme, one.netloc.lower(), one.path.rstrip("/") or "/")
            == (other.scheme, other.netloc.lower(), other.path.rstrip("/") or "/"))


def shared_deal(*, window: Any | None = None) -> str | None:
    """The deal code a shared link asks for: ``index.html#EO1-C8-AAAAAFA``
    or ``index.html?deal=EO1-C8-AAAAAFA``; None when there is none. Only
    the shape is checked here (letters, digits, dashes); the engine decides
    whether it is a deal.

    A build with a public page (``public_page``) also reads the deal from
    the address of the page that framed it, when that is the public page:
    itch.io hands its frame nothing of its own address, and the frame only
    learns it as ``document.referrer``, whole when the parent page's
    referrer policy sends it whole (the browsers' default sends only the
    site: then the deal does not come, and the game starts as usual)."""
    window = window if window is not None else browser_window()
    if window is None:
        return None
    try:
        location = window.location
        fragment = from_page(location.hash or "")
        query = from_page(location.search or "")
    except Exception:
        return None
    candidates = parse_qs(query.lstrip("?")).get("deal", [])
    fragment = fragment.lstrip("#")
    candidates += parse_qs(fragment).get("deal", []) if "=" in fragment else [fragment]
    public = public_page(window=window)
    if public is not None:
        try:
            referrer = window.document.referrer
        except Exception:
            referrer = None
        if isinstance(referrer, str) and referrer.isascii() and _same_page(referrer, public):
            candidates += parse_qs(urlsplit(referrer).query).get("deal", [])
    for candidate in candidates:
        candidate = candidate.strip()
        if _DEAL_TEXT.fullmatch(candidate):
            return candidate.upper()
    return None


def link_with_deal(page: str, code: str) -> str:
    """``page`` (a public page's address) with ``deal=CODE`` in its query,
    in place of any ``deal`` it had, its other parameters kept as written."""
    parts = urlsplit(page)
    kept = [part for part in parts.query.split("&") if part and unquote_plus(part.split("=", 1)[0]) != "deal"]
    query = "&".join(kept + [f"deal={quote(code, safe='-')}"])
    return urlunsplit((parts.scheme, parts.netloc, parts.path, query, ""))


def deal_link(code: str, *, window: Any | None = None) -> str | None:
    """The address that opens deal ``code``: the public page with
    ``?deal=CODE`` when the build names one (``public_page``), else this
    page's address with ``#CODE``; None natively."""
    window = window if window is not None else browser_window()
    if window is None:
        return None
    public = public_page(window=window)
    if public is not None:
        return link_with_deal(public, code)
    try:
        location = window.location
        page = from_page(location.origin) + from_page(location.pathname)
    except Exception:
        return None
    return f"{page}#{code}"


def copy_text(text: str, *, window: Any | None = None) -> bool | None:
    """Put ``text`` on the clipboard: through the page's ``gameCopy(json)``
    in the browser, pygame's clipboard natively. True when it was copied,
    False when it could not be; None when the page answers later (its
    clipboard is a promise the browser may still refuse): ask
    ``copy_outcome()`` in the next frames."""
    window = window if window is not None else browser_window()
    if window is not None:
        try:
            return _COPY_STATES.get(str(window.gameCopy(to_page(text))), False)
        except Exception:
            return False
    try:
        import pygame

        if hasattr(pygame.scrap, "put_text"):
            pygame.scrap.put_text(text)
            return True
    except Exception:
        pass
    return False


_COPY_STATES: dict[str, bool | None] = {"copied": True, "refused": False, "pending": None}


def copy_outcome(*, window: Any | None = None) -> bool | None:
    """What became of the page's last copy (``gameCopied()`` in our
    template): True copied, False refused, None not answered yet. Natively,
    or when the page can't say, False."""
    window = window if window is not None else browser_window()
    if window is None:
        return False
    try:
        return _COPY_STATES.get(str(window.gameCopied()), False)
    except Exception:
        return False


SHARE_STATES = ("shared", "copied", "refused", "cancelled")  # what became of a share (None: not yet known)


def share_text(text: str, *, window: Any | None = None) -> str | None:
    """Share ``text`` (a daily win's result): in the browser through the
    page's ``gameShare(json)`` (our template: the system's share sheet,
    ``navigator.share``, where the browser has one, else the clipboard),
    natively on pygame's clipboard. One of ``SHARE_STATES``: "shared"
    (the sheet took it), "copied", "refused" (neither worked: show it to
    copy by hand), "cancelled" (the player closed the sheet); None when the
    page answers later (a sheet or a clipboard is a promise): ask
    ``share_outcome()`` in the next frames. A page without ``gameShare``
    (none of ours) gets a copy."""
    window = window if window is not None else browser_window()
    if window is not None:
        try:
            share = getattr(window, "gameShare", None)
        except Exception:
            share = None
        if share is not None:
            try:
                return _share_state(share(to_page(text)))
            except Exception:
                return "refused"
    copied = copy_text(text, window=window)
    return None if copied is None else "copied" if copied else "refused"


def share_outcome(*, window: Any | None = None) -> str | None:
    """What became of the page's last share (``gameShared()`` in our
    template): one of ``SHARE_STATES``, None while it is not known yet.
    A page that can't say, or natively: "refused"."""
    window = window if window is not None else browser_window()
    if window is None:
        return "refused"
    try:
        shared = getattr(window, "gameShared", None)
        if shared is None:
            return {True: "copied", False: "refused", None: None}[copy_outcome(window=window)]
        return _share_state(shared())
    except Exception:
        return "refused"


def _share_state(value: object) -> str | None:
    state = str(value)
    if state == "pending":
        return None
    return state if state in SHARE_STATES else "refused"


def set_page_language(lang: str, *, window: Any | None = None) -> bool:
    """The page's ``<html lang>`` follows the game's language, so screen
    readers pronounce the announcements in it."""
    window = window if window is not None else browser_window()
    if window is None or not _DEAL_TEXT.fullmatch(lang):
        return False
    try:
        window.document.documentElement.setAttribute("lang", lang)
        return True
    except Exception:
        return False


def report_error(text: str, *, window: Any | None = None) -> None:
    """An error for the developer's eyes: the browser's console (as ASCII
    JSON, rebuilt by the page's ``gameError``), stderr natively. Never raises."""
    window = window if window is not None else browser_window()
    try:
        if window is not None:
            report = getattr(window, "gameError", None)
            if report is not None:
                report(to_page(text))
                return
            window.console.error(to_page(text))
            return
    except Exception:
        pass
    try:
        sys.stderr.write(text.rstrip("\n") + "\n")
    except Exception:
        pass


def page_ready(*, window: Any | None = None) -> bool:
    """The game's first frame is drawn: the page hides its loading box and
    gives the canvas the keyboard (``gameReady`` in our template)."""
    window = window if window is not None else browser_window()
    if window is None:
        return False
    try:
        window.gameReady()
        return True
    except Exception:
        return False


def page_failed(error: BaseException | str, *, window: Any | None = None) -> bool:
    """The game cannot start (an exception before its first frame): the
    traceback goes to the console, and the page shows its failure message
    with Try again (``gameFailed(json)`` in our template) instead of a
    loading box or a blank canvas for ever. Never raises."""
    import traceback

    if isinstance(error, BaseException):
        text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
        summary = f"{type(error).__name__}: {error}"
    else:
        text = summary = str(error)
    report_error(text, window=window)
    window = window if window is not None else browser_window()
    if window is None:
        return False
    try:
        window.gameFailed(to_page(summary))
        return True
    except Exception:
        return False


def window_minimum_size(size: tuple[int, int], *, browser: bool | None = None) -> tuple[int, int] | None:
    """The smallest size the player may drag the window to: ``size`` on the
    desktop; None in the browser, where the canvas is the page's viewport
    (a minimum there stretches the first frames on a small phone)."""
    browser = is_browser() if browser is None else browser
    return None if browser else size


_LIBC: Any = None  # glibc, once looked for (False: not there)


def release_freed_memory() -> bool:
    """Hand the memory the game has freed back to the system: natively on
    glibc (Linux), ``malloc_trim``, which otherwise keeps what a finished
    search's tables or a closed dialog's surfaces took (a UI fuzz run went to
    1 GB resident with a quarter of that in use). A few milliseconds; a
    no-op in the browser and on other C libraries. True when it ran."""
    global _LIBC
    if is_browser() or not sys.platform.startswith("linux"):
        return False
    if _LIBC is None:
        try:
            import ctypes

            libc = ctypes.CDLL("libc.so.6")
            _LIBC = libc if hasattr(libc, "malloc_trim") else False
        except (OSError, AttributeError, ImportError):
            _LIBC = False
    if not _LIBC:
        return False
    try:
        _LIBC.malloc_trim(0)
    except Exception:  # never a reason to stop the game
        return False
    return True


def prepare_display() -> None:
    """Before the window opens: natively, SDL draws the window with the
    system's own framebuffer (X11: shared memory, only the rectangles that
    changed) instead of through an OpenGL texture of the whole window,
    which each update uploads and presents whole (at 2560x1440 under a
    software GL, 25 ms of CPU to show a changed clock; a card's glide cost
    seven times as much). A player's own setting of the hint wins. SDL
    ignores it where there is no such framebuffer (macOS, Wayland)."""
    if not is_browser():
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


_SDL: Any = None  # the SDL library pygame loaded, once looked for (False: not found)


def _sdl_library() -> Any:
    """The SDL 2 library pygame runs on, as ctypes sees it (the same one,
    already loaded: its queue is pygame's), or False."""
    global _SDL
    if _SDL is not None:
        return _SDL
    _SDL = False
    try:
        import ctypes

        candidates = []
        maps = Path("/proc/self/maps")
        if maps.exists():  # Linux: the very file the process mapped
            candidates += sorted({line.split()[-1] for line in maps.read_text().splitlines()
                                  if "libSDL2-2" in line or line.endswith("libSDL2.so")})
        import pygame

        package = Path(pygame.__file__).parent
        for pattern in ("../pygame_ce.libs/libSDL2-*", ".dylibs/libSDL2*", "SDL2.dll"):
            candidates += sorted(str(p) for p in package.glob(pattern))
        for path in candidates:
            try:
                library = ctypes.CDLL(path)
                wait = library.SDL_WaitEventTimeout
            except (OSError, AttributeError):
                continue
            wait.argtypes = [ctypes.c_void_p, ctypes.c_int]
            wait.restype = ctypes.c_int
            _SDL = library
            break
    except Exception:  # never a reason not to play: the caller waits its own way
        _SDL = False
    return _SDL


def wait_for_event(timeout_ms: int) -> bool | None:
    """Natively: sleep until an event waits in SDL's queue (True) or
    ``timeout_ms`` passed (False), leaving the event in the queue. SDL's
    own wait sleeps in the system until the window system has something
    (pygame's ``event.wait`` looks again every millisecond, 2-3 % of a core
    for a window left alone). None: it can't here (the browser, no SDL
    library found): the caller waits its own way."""
    if is_browser():
        return None
    library = _sdl_library()
    if not library:
        return None
    try:
        return bool(library.SDL_WaitEventTimeout(None, max(0, int(timeout_ms))))
    except Exception:
        return None


# ---- how the program is stopped ------------------------------------------------------

STOP_SIGNALS = ("SIGHUP", "SIGTERM")  # the terminal closed; a polite kill (log-out, shutdown, `kill`)


def on_stop_signals(callback: Callable[[], None], *, browser: bool | None = None) -> list[int]:
    """Natively: closing the terminal (SIGHUP) and a polite kill (SIGTERM)
    call ``callback``, which closes the window as its close button does
    (the game and its play time saved) instead of the process ending where
    it stands. A plain Python handler, not the asyncio loop's: it runs as
    soon as the sleep of a window left alone returns (at most a second),
    before the next frame, which then sees the quit; through the loop it
    ran only after that next frame's own sleep (two seconds and more). Only
    a signal left at its default is taken: not one that is ignored
    (``nohup`` ignores SIGHUP so that the game outlives its terminal), nor
    one with a handler already (a test harness's). Ctrl+C is asyncio's
    (``game.entry``). Nothing in the browser, nor where signals can't be
    set (not the main thread; Windows has no SIGHUP). Returns the signals
    taken: ``give_back_stop_signals`` restores them when the loop ends."""
    browser = is_browser() if browser is None else browser
    if browser:
        return []
    import signal

    def stop(signum: int, frame: object) -> None:
        callback()

    taken = []
    for name in STOP_SIGNALS:
        number = getattr(signal, name, None)
        if number is None or signal.getsignal(number) is not signal.SIG_DFL:
            continue
        try:
            signal.signal(number, stop)
        except (ValueError, OSError):  # not the main thread, or a signal this system can't catch
            continue
        taken.append(int(number))
    return taken


def give_back_stop_signals(taken: list[int]) -> None:
    """The signals ``on_stop_signals`` took, back at their default."""
    import signal

    for number in taken:
        try:
            signal.signal(number, signal.SIG_DFL)
        except (ValueError, OSError):
            pass
