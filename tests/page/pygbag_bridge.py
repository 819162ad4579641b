"""A model of pygbag 0.9.3's JavaScript bridge and of our page, for tests.

What it models, from ``browsermodule.c`` and the runtime it ships:

* a Python ``str`` handed to JavaScript (a call's argument, a property set)
  arrives as its UTF-8 bytes read one byte per character (Latin-1):
  ``crossing("Bảy") == "BÃ¡Âº£y"``-style junk for anything not ASCII;
* strings read from JavaScript arrive intact;
* a property read or a call can throw, and what JavaScript throws reaches
  Python as a plain ``Exception`` carrying the error's message
  (``browsermodule.c`` lines 910-955: a TypeError or SyntaxError keep their
  type, anything else, a DOMException such as ``SecurityError`` among
  them, is ``Exception``): ``window.localStorage`` throws so when site data
  is blocked (``js_error``).

``Page`` plays the page our template (page.tmpl) makes: the live region
from the first frame, ``gameAnnounce`` / ``gameCopy`` / ``gameError`` that
``JSON.parse`` their argument, ``gameReady()`` and ``gameFailed(json)``
(the loading box goes, or says the game could not start), ``gameCopied()`` (the clipboard promise's
outcome: "pending", then "copied" or "refused"), ``gameReducedMotion()`` ("reduce" or "no-preference"), ``gameShare`` / ``gameShared()`` (a daily result to
the share sheet, else the clipboard: "shared", "cancelled", or the copy's outcome), ``gameViewport()``, ``gamePublicUrl`` (the build's
public address, tools/build_web.py --public-url; missing on an older page), ``location`` and
``document.referrer`` (the address of the page that framed it, as its referrer policy lets it through).
"""

from __future__ import annotations

import json


def js_error(name: str, message: str) -> Exception:
    """What a JavaScript exception becomes in Python through the bridge: ``Exception(message)``; the
    DOMException's name (``SecurityError``) is not carried over, only its message."""
    assert name not in ("TypeError", "SyntaxError")  # those two keep their type (TypeError, SyntaxError)
    return Exception(message)


# Chromium's words, site data blocked (tests/page/test_storage_refused.py meets them)
LOCAL_STORAGE_DENIED = "Failed to read the 'localStorage' property from 'Window': Access is denied for this document."


def crossing(value):
    """What a Python value is once it reaches JavaScript."""
    if isinstance(value, str):
        return value.encode("utf-8").decode("latin-1")
    return value


class JSObject:
    """Properties set from Python cross the bridge."""

    def __setattr__(self, name, value):
        object.__setattr__(self, name, crossing(value))


class JSFunction:
    def __init__(self, body):
        self.body = body

    def __call__(self, *args):
        return self.body(*(crossing(a) for a in args))


class BridgeLocalStorage(JSObject):
    """localStorage behind the bridge: values are stored as they arrive."""

    def __init__(self):
        object.__setattr__(self, "items", {})
        self.getItem = JSFunction(lambda name: self.items.get(name))
        self.setItem = JSFunction(self._set)
        self.removeItem = JSFunction(lambda name: self.items.pop(name, None))
        self.key = JSFunction(lambda i: list(self.items)[i] if 0 <= i < len(self.items) else None)

    def _set(self, name, value):
        self.items[name] = str(value)

    @property
    def length(self):
        return len(self.items)


class Element(JSObject):
    def __init__(self, element_id="", **attributes):
        object.__setattr__(self, "attributes", {"id": element_id, **attributes})
        self.textContent = ""
        self.setAttribute = JSFunction(self.attributes.__setitem__)
        self.getAttribute = JSFunction(self.attributes.get)


class Document(JSObject):
    def __init__(self, referrer=""):
        object.__setattr__(self, "referrer", referrer)
        self.documentElement = Element("", lang="en")
        region = Element("game-announcements", role="status")
        region.attributes["aria-live"] = "polite"
        object.__setattr__(self, "elements", {"game-announcements": region})
        self.getElementById = JSFunction(self.elements.get)


class Location(JSObject):
    def __init__(self, hash="", search="", origin="https://example.org", pathname="/games/solitaire/index.html"):
        self.hash, self.search, self.origin, self.pathname = hash, search, origin, pathname


class Console(JSObject):
    def __init__(self):
        object.__setattr__(self, "errors", [])
        self.error = JSFunction(self.errors.append)


class Page(JSObject):
    """``window`` of our page behind the bridge. ``storage``: "ok" (a working
    localStorage), "throws" (reading it throws), "null", or "broken" (it
    is there but its calls throw)."""

    def __init__(self, *, storage="ok", hash="", search="", viewport="1280x720", clipboard="ok", public_url=None,
                 referrer="", share="none", reduced_motion=None):
        object.__setattr__(self, "storage_mode", storage)
        object.__setattr__(self, "store", BridgeLocalStorage())
        object.__setattr__(self, "clipboard", [])
        object.__setattr__(self, "errors", [])
        object.__setattr__(self, "viewport", viewport)
        self.document = Document(referrer)
        self.location = Location(hash=hash, search=search)
        if public_url is not None:  # the page's own value (page.tmpl's PUBLIC_URL), not set from Python
            object.__setattr__(self, "gamePublicUrl", public_url)
        self.console = Console()
        self.gameViewport = JSFunction(lambda: self.viewport)
        self.gameAnnounce = JSFunction(self._announce)
        object.__setattr__(self, "clipboard_mode", clipboard)
        object.__setattr__(self, "copy_state", "refused")
        object.__setattr__(self, "copy_asks", 0)
        self.gameCopy = JSFunction(self._copy)
        self.gameCopied = JSFunction(self._copied)
        if reduced_motion is not None:  # the page's answer; None: an older page without gameReducedMotion
            self.gameReducedMotion = JSFunction(lambda: "reduce" if reduced_motion else "no-preference")
        object.__setattr__(self, "share_mode", share)
        object.__setattr__(self, "share_state", "refused")
        object.__setattr__(self, "share_asks", 0)
        object.__setattr__(self, "shared", [])  # what the share sheet took
        self.gameShare = JSFunction(self._share)
        self.gameShared = JSFunction(self._shared)
        self.gameError = JSFunction(lambda text: self.errors.append(json.loads(text)))
        self.gameReady = JSFunction(lambda: object.__setattr__(self, "ready", True) or True)
        object.__setattr__(self, "ready", False)
        object.__setattr__(self, "failures", [])  # gameFailed(json): the page's failure message, with Try again
        self.gameFailed = JSFunction(lambda text: self.failures.append(json.loads(text)) or True)
        if storage == "broken":
            def fail(*args):
                raise js_error("SecurityError", "The operation is insecure.")  # Firefox's words
            for name in ("getItem", "setItem", "removeItem", "key"):
                object.__setattr__(self.store, name, JSFunction(fail))

    def _copy(self, text):
        # the template's gameCopy: with the clipboard API, "pending" until its promise settles
        # ("ok": it copies; "refuses": it rejects, e.g. itch.io's frame without the permission);
        # "missing": no clipboard API and the old execCommand way fails, "refused" at once
        if self.clipboard_mode == "missing":
            object.__setattr__(self, "copy_state", "refused")
        else:
            object.__setattr__(self, "copy_state", "pending")
            object.__setattr__(self, "copy_asks", 0)
        object.__setattr__(self, "pending_text", json.loads(text))
        return self.copy_state

    def _copied(self):
        # the promise settles after the game has asked once (a later frame)
        object.__setattr__(self, "copy_asks", self.copy_asks + 1)
        if self.copy_state == "pending" and self.copy_asks > 1:
            copied = self.clipboard_mode == "ok"
            if copied:
                self.clipboard.append(self.pending_text)
            object.__setattr__(self, "copy_state", "copied" if copied else "refused")
        return self.copy_state

    def _share(self, text):
        # the template's gameShare: with navigator.share ("sheet": the player shares, "cancel": closes
        # the sheet, "refuse": the browser rejects it, then the clipboard), "pending" until its promise
        # settles; "none": no navigator.share, the clipboard at once (gameCopy's own answer)
        object.__setattr__(self, "share_text", json.loads(text))
        object.__setattr__(self, "share_json", text)
        if self.share_mode == "none":
            self._copy(text)
            object.__setattr__(self, "share_state", "copy")
            return self._shared()
        object.__setattr__(self, "share_state", "pending")
        object.__setattr__(self, "share_asks", 0)
        return "pending"

    def _shared(self):
        object.__setattr__(self, "share_asks", self.share_asks + 1)
        if self.share_state == "pending" and self.share_asks > 1:  # the sheet settles after a frame
            if self.share_mode == "sheet":
                self.shared.append(self.share_text)
                object.__setattr__(self, "share_state", "shared")
            elif self.share_mode == "cancel":
                object.__setattr__(self, "share_state", "cancelled")
            else:
                self._copy(self.share_json)
                object.__setattr__(self, "share_state", "copy")
        return self._copied() if self.share_state == "copy" else self.share_state

    @property
    def localStorage(self):  # noqa: N802 - the web API's name
        if self.storage_mode == "throws":
            raise js_error("SecurityError", LOCAL_STORAGE_DENIED)
        return None if self.storage_mode == "null" else self.store

    def _announce(self, text):
        # the template's gameAnnounce: JSON.parse, and a no-break space to repeat the same words
        region = self.document.elements["game-announcements"]
        words = json.loads(text)
        if region.textContent.rstrip("\u00a0") == words and not region.textContent.endswith("\u00a0"):
            words += "\u00a0"
        object.__setattr__(region, "textContent", words)

    @property
    def live_region(self):
        return self.document.elements["game-announcements"].textContent
