"""Where saved games, statistics and settings live: one small interface,
a file backend for the desktop and a localStorage backend for the browser.

A record is a text (JSON, written and checked by the callers) under a short
key such as ``"game"``. Every backend keeps three things per key:

* the record itself,
* a backup: the previous record, kept on every write, for when the record
  turns out to be unreadable or damaged;
* records set aside as bad (``set_aside``), so damaged data is never simply
  thrown away.

Backends never raise on a failed write: ``set`` returns False and
``last_error`` says why (a full disk, a full browser quota, ...).
"""

from __future__ import annotations

import os
import re
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any

_KEY = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
MAX_RECORD_CHARS = 4_000_000  # far above any real record; a bigger one is junk
MAX_BAD_COPIES = 9


def check_key(key: str) -> str:
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        raise ValueError(f"{key!r} is not a storage key (lower-case letters, digits, - and _)")
    return key


class Storage(ABC):
    """One record per key, with a backup of the previous one."""

    last_error: str | None = None

    @abstractmethod
    def get(self, key: str) -> str | None:
        """The record, or None when there is none or it can't be read."""

    @abstractmethod
    def get_backup(self, key: str) -> str | None:
        """The record as it was before the latest write, or None."""

    @abstractmethod
    def set(self, key: str, text: str) -> bool:
        """Store ``text``, keeping the current record as the backup.
        Returns False (and sets ``last_error``) when it couldn't be stored;
        the previous record is then still there."""

    @abstractmethod
    def delete(self, key: str) -> None:
        """Forget the record and its backup (not the copies set aside)."""

    @abstractmethod
    def set_aside(self, key: str, *, backup: bool = False) -> None:
        """Move the record (or its backup) out of the way, into a copy
        marked bad, so that it is no longer read but not lost either."""

    @abstractmethod
    def keys(self) -> list[str]:
        """The keys that hold a record."""


# ---- the desktop: one JSON file per key ---------------------------------------------


class FileStorage(Storage):
    """``<dir>/<key>.json``, written atomically: the new text goes to a
    temporary file in the same directory, is flushed and fsynced, the old
    file becomes ``<key>.json.bak`` and the temporary file is renamed into
    place. Killed at any moment, the directory holds either the old record,
    or (between the two renames) no record and the old one as the backup,
    which ``get`` then returns."""

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)
        self.last_error = None

    def path(self, key: str) -> Path:
        return self.directory / f"{check_key(key)}.json"

    def _backup_path(self, key: str) -> Path:
        return self.directory / f"{check_key(key)}.json.bak"

    @staticmethod
    def _read(path: Path) -> str | None:
        try:
            if path.stat().st_size > MAX_RECORD_CHARS * 4:
                return "\x00 record too large"  # unreadable as JSON: the caller sets it aside
            data = path.read_bytes()
        except OSError:
            return None
        # Undecodable bytes become U+FFFD so the JSON check fails cleanly.
        return data.decode("utf-8", errors="replace")

    def get(self, key: str) -> str | None:
        text = self._read(self.path(key))
        if text is None and not self.path(key).exists():
            # Killed between the two renames of a write: the backup is the record.
            return self._read(self._backup_path(key))
        return text

    def get_backup(self, key: str) -> str | None:
        return self._read(self._backup_path(key))

    def set(self, key: str, text: str) -> bool:
        path, backup = self.path(key), self._backup_path(key)
        temporary = path.with_name(path.name + ".tmp")
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            with open(temporary, "w", encoding="utf-8", newline="\n") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            if path.exists():
                os.replace(path, backup)
            os.replace(temporary, path)
            self._sync_directory()
        except (OSError, ValueError) as exc:  # ValueError: text with lone surrogates
            self.last_error = f"could not write {path}: {exc}"
            try:
                temporary.unlink()
            except OSError:
                pass
            return False
        self.last_error = None
        return True

    def _sync_directory(self) -> None:
        # Makes the renames themselves durable; not possible on Windows.
        if os.name != "posix":
            return
        try:
            fd = os.open(self.directory, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            os.close(fd)

    def delete(self, key: str) -> None:
        # Backup first: killed halfway, no stale backup can come back as the record.
        for path in (self._backup_path(key), self.path(key)):
            try:
                path.unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                self.last_error = f"could not delete {path}: {exc}"

    def bad_path(self, key: str, *, backup: bool = False) -> Path:
        """Where the next record set aside goes: ``<key>.json.bad`` (or
        ``.bak.bad``), then numbered copies so an older one is kept too."""
        stem = f"{check_key(key)}.json" + (".bak" if backup else "")
        first = self.directory / f"{stem}.bad"
        if not first.exists():
            return first
        for n in range(2, MAX_BAD_COPIES + 1):
            candidate = self.directory / f"{stem}.bad{n}"
            if not candidate.exists():
                return candidate
        return self.directory / f"{stem}.bad{MAX_BAD_COPIES}"

    def set_aside(self, key: str, *, backup: bool = False) -> None:
        source = self._backup_path(key) if backup else self.path(key)
        try:
            if source.exists():
                os.replace(source, self.bad_path(key, backup=backup))
        except OSError as exc:
            self.last_error = f"could not set {source} aside: {exc}"

    def keys(self) -> list[str]:
        try:
            names = [p.name[: -len(".json")] for p in self.directory.glob("*.json")]
        except OSError:
            return []
        return sorted(name for name in names if _KEY.fullmatch(name))


# ---- the browser: window.localStorage ---------------------------------------------------


class BrowserStorage(Storage):
    """Records in the page's ``window.localStorage`` (or anything with its
    ``getItem / setItem / removeItem / key / length``), under
    ``<prefix><key>``, with ``.bak`` and ``.bad`` entries beside them.
    localStorage writes are atomic; what can go wrong is the quota, so a
    refused write first gives up the backup and tries again once."""

    def __init__(self, local_storage: Any, prefix: str = "") -> None:
        self.store = local_storage
        self.prefix = prefix
        self.last_error = None

    def _name(self, key: str, suffix: str = "") -> str:
        return f"{self.prefix}{check_key(key)}{suffix}"

    def _get_item(self, name: str) -> str | None:
        try:
            value = self.store.getItem(name)
        except Exception:  # a JS error surfaces as some Python exception
            return None
        if value is None:
            return None
        text = str(value)
        return text if len(text) <= MAX_RECORD_CHARS else "\x00 record too large"

    def _set_item(self, name: str, text: str) -> bool:
        try:
            self.store.setItem(name, text)
        except Exception as exc:  # QuotaExceededError and friends
            self.last_error = f"could not store {name}: {exc}"
            return False
        return True

    def _remove_item(self, name: str) -> None:
        try:
            self.store.removeItem(name)
        except Exception as exc:
            self.last_error = f"could not remove {name}: {exc}"

    def get(self, key: str) -> str | None:
        return self._get_item(self._name(key))

    def get_backup(self, key: str) -> str | None:
        return self._get_item(self._name(key, ".bak"))

    def set(self, key: str, text: str) -> bool:
        name, backup = self._name(key), self._name(key, ".bak")
        previous = self._get_item(name)
        if previous is not None and previous != text and not self._set_item(backup, previous):
            self._remove_item(backup)  # an old backup is worse than none
        if self._set_item(name, text):
            self.last_error = None
            return True
        # Full: make room by giving up the backup, then try once more.
        self._remove_item(backup)
        if self._set_item(name, text):
            self.last_error = None
            return True
        return False

    def delete(self, key: str) -> None:
        self._remove_item(self._name(key, ".bak"))
        self._remove_item(self._name(key))

    def set_aside(self, key: str, *, backup: bool = False) -> None:
        name = self._name(key, ".bak" if backup else "")
        text = self._get_item(name)
        if text is None:
            return
        # Keep the bad copy if there is room; the record must go either way,
        # or it would be read (and reported) again at every start.
        self._set_item(name + ".bad", text)
        self._remove_item(name)

    def keys(self) -> list[str]:
        found = []
        try:
            for i in range(int(self.store.length)):
                name = self.store.key(i)
                if name is None:
                    continue
                name = str(name)
                if name.startswith(self.prefix):
                    key = name[len(self.prefix):]
                    if _KEY.fullmatch(key):
                        found.append(key)
        except Exception:
            pass
        return sorted(found)


# ---- tests and throwaway sessions ----------------------------------------------------------


class DictLocalStorage:
    """A dict that speaks the localStorage API; ``quota`` (total characters
    of names and values, or None) makes ``setItem`` fail like a full one."""

    def __init__(self, quota: int | None = None) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str | None:
        names = list(self.items)
        return names[index] if 0 <= index < len(names) else None

    def getItem(self, name: str) -> str | None:  # noqa: N802 - the web API's name
        return self.items.get(name)

    def setItem(self, name: str, value: str) -> None:  # noqa: N802
        value = str(value)
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != name)
            if used + len(name) + len(value) > self.quota:
                raise QuotaExceededError("QuotaExceededError: the quota has been exceeded.")
        self.items[name] = value

    def removeItem(self, name: str) -> None:  # noqa: N802
        self.items.pop(name, None)

    def clear(self) -> None:
        self.items.clear()


class QuotaExceededError(Exception):
    """What a full ``DictLocalStorage`` raises, like the browser's DOMException."""


class MemoryStorage(BrowserStorage):
    """Kept in memory only: for tests, and as the fallback when nothing else works."""

    def __init__(self, quota: int | None = None) -> None:
        super().__init__(DictLocalStorage(quota))
