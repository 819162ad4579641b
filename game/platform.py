"""Everything that depends on where the game runs: desktop or browser.

This is the only module that checks ``sys.platform == "emscripten"`` (the
pygbag build). Everything else asks it: ``is_browser()``, ``open_storage()``,
``preferred_language()``, ``announce()`` and ``user_data_dir()``.

The browser objects come from the ``window`` attribute that pygbag adds to
the standard ``platform`` module; functions take them as optional arguments
so the tests can hand in fakes.
"""

from __future__ import annotations

import locale
import os
import sys
from pathlib import Path
from typing import Any, Mapping

from .persistence.storage import BrowserStorage, FileStorage, Storage

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
    Not created here."""
    env = os.environ if env is None else env
    system = sys.platform if system is None else system
    home = Path.home() if home is None else home
    if system.startswith("win"):
        base = env.get("APPDATA") or str(home / "AppData" / "Roaming")
        return Path(base) / app
    if system == "darwin":
        return home / "Library" / "Application Support" / app
    xdg = env.get("XDG_DATA_HOME", "")
    # The XDG spec says a relative path is invalid and must be ignored.
    base = Path(xdg) if xdg and os.path.isabs(xdg) else home / ".local" / "share"
    return base / app


def open_storage(app: str = APP_NAME, *, window: Any | None = None) -> Storage:
    """The storage backend of this platform: the page's localStorage in the
    browser, JSON files in the user data directory on the desktop."""
    window = window if window is not None else browser_window()
    if window is not None:
        return BrowserStorage(window.localStorage, prefix=app + "/")
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
    page (created on first use). On the desktop this does nothing yet.
    Returns whether the text reached a live region; never raises."""
    window = window if window is not None else browser_window()
    if window is None:
        return False
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
