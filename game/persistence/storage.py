"""Where saved games, statistics and settings live: one small interface,
a file backend for the desktop and a localStorage backend for the browser.

A record is a text (JSON, written and checked by the callers) under a short
key such as ``"game"``. Every backend keeps three things per key:

* the record itself,
* a backup: the previous record, kept on every write, for when the record
  turns out to be unreadable or damaged;
* records set aside as bad (``set_aside``), so damaged data is never simply
  thrown away; and, marked ``other``, a game another window saved in the
  same place (``set_aside(key, mark="other")``), so it is not lost either.
  A record's copies can be listed, read and written again (``copies``,
  ``get_copy``, ``set_copy``: the caller marks what it dealt with), and
  the oldest of a mark go to make room only when the caller does not say
  to keep them (``set_aside(..., keep=...)``: an uncounted game).

Backends never raise on a failed write: ``set`` returns False and
``last_error`` says why (a full disk, a full browser quota, ...). A record
that exists but can't be read (no permission, a folder that can't be
checked, an I/O error) raises ``ReadError`` from ``get``: it is never
mistaken for "no record", and the caller must then leave that key alone
(no write, no set-aside), so it is never destroyed.

Two windows may share one store (two running copies on one data folder,
two browser tabs). ``locked(key)`` is held around a read-modify-write of a
record (``records.Persistence`` merges under it): natively an exclusive
``flock`` (``msvcrt.locking`` on Windows) on ``<key>.json.lock``, which the
kernel lets go when a process dies, so no lock is ever stale; it is
re-entrant, and every write, set-aside and delete takes it too. The browser
has no lock that a synchronous call can wait for (Web Locks are async), so
there ``locked`` holds nothing: the callers re-read just before they write.

Something that is no record of ours at all (a folder, a device, a FIFO or
a link where the record belongs; more than ``MAX_RECORD_CHARS``) reads as
a text starting with ``NOT_A_RECORD`` and the reason: the callers' checks
refuse it, set it aside and fall back to the backup like any damaged record.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
import time
from abc import ABC, abstractmethod
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from ..engine.jsontext import MAX_CHARS

_KEY = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
MAX_RECORD_CHARS = MAX_CHARS  # the JSON reader's bound (far above any real record): more is junk
MAX_BAD_COPIES = 9  # damaged copies kept per record (and per backup); the oldest goes first
NOT_A_RECORD = "\x00 not a record: "
MARKS = ("bad", "other")  # damaged copies; another window's records kept aside


class ReadError(OSError):
    """A record that is there but can't be read; the message says why."""


class LockError(OSError):
    """A record's lock could not be taken (another window holds it for too
    long, or the lock file can't be made); the message says why."""


def not_a_record(reason: str) -> str:
    """What ``get`` returns for something that is no record (see above)."""
    return NOT_A_RECORD + reason


def bad_number(stem: str, name: str, mark: str = "bad") -> int | None:
    """Which damaged copy of ``stem`` ``name`` is: ``stem.bad`` is 1,
    ``stem.badN`` is N; None for any other name. (``mark="other"``: the
    same for ``stem.other``, ``stem.otherN``.)"""
    if not name.startswith(f"{stem}.{mark}"):
        return None
    tail = name[len(stem) + 1 + len(mark):]
    if not tail:
        return 1
    return int(tail) if tail.isdigit() and tail[0] != "0" and len(tail) < 10 else None


def numbered_copies(stem: str, names: list[str], mark: str) -> list[str]:
    """The copies of ``stem`` marked ``mark`` among ``names``, oldest first."""
    numbered = sorted((n, name) for name in names if (n := bad_number(stem, name, mark)) is not None)
    return [name for _, name in numbered]


def next_bad_copy(stem: str, names: list[str], mark: str = "bad",
                  keep: Callable[[str], bool] | None = None) -> tuple[str, list[str]]:
    """Where the next damaged copy of ``stem`` goes, numbered one past the
    newest among ``names`` (so no copy is ever overwritten), and the oldest
    copies to drop so that at most ``MAX_BAD_COPIES`` are kept, the new one
    included; never one that ``keep`` (given its name) says to keep: then
    more are kept."""
    numbered = numbered_copies(stem, names, mark)
    newest = (bad_number(stem, numbered[-1], mark) or 0) if numbered else 0
    excess = max(0, len(numbered) + 1 - MAX_BAD_COPIES)
    drop: list[str] = []
    for name in numbered:
        if len(drop) >= excess:
            break
        if keep is None or not keep(name):
            drop.append(name)
    return f"{stem}.{mark}{newest + 1 if newest else ''}", drop


def _is_copy(stem: str, name: str) -> bool:
    """Whether ``name`` is a copy of ``stem`` set aside (any mark)."""
    return isinstance(name, str) and any(bad_number(stem, name, mark) is not None for mark in MARKS)


def _check_mark(mark: str) -> None:
    if mark not in MARKS:
        raise ValueError(f"{mark!r} is not a mark of a record set aside ({', '.join(MARKS)})")


def check_key(key: str) -> str:
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        raise ValueError(f"{key!r} is not a storage key (lower-case letters, digits, - and _)")
    return key


class Storage(ABC):
    """One record per key, with a backup of the previous one."""

    last_error: str | None = None

    @abstractmethod
    def get(self, key: str) -> str | None:
        """The record, or None when there is none; ``not_a_record(...)`` for
        something that is no record; raises ReadError when it can't be read."""

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
    def set_aside(self, key: str, *, backup: bool = False, mark: str = "bad",
                  keep: Callable[[str], bool] | None = None) -> str | None:
        """Move the record (or its backup) out of the way, into a copy
        marked ``mark`` (one of ``MARKS``), so that it is no longer read but
        not lost either; the copy's name (as ``copies`` lists it), or None
        when nothing was moved. To make room, the oldest copies of that mark
        beyond ``MAX_BAD_COPIES`` go, but never one whose text ``keep``
        says to keep (nor one that can't be read)."""

    @abstractmethod
    def copies(self, key: str, mark: str) -> list[str]:
        """The names of the copies of ``key``'s record set aside as
        ``mark``, oldest first (not its backup's)."""

    @abstractmethod
    def get_copy(self, key: str, name: str) -> str | None:
        """The text of the copy ``name`` of ``key`` (None: gone);
        ``not_a_record`` for what is no record; raises ReadError when it
        can't be read."""

    @abstractmethod
    def set_copy(self, key: str, name: str, text: str) -> bool:
        """Write ``text`` over the copy ``name`` of ``key`` (one that
        exists, as ``copies`` lists it), at once and whole; False (and
        ``last_error``) when it couldn't be written, the copy as it was."""

    def _keeps(self, key: str, keep: Callable[[str], bool] | None) -> Callable[[str], bool] | None:
        """``keep`` for a copy's name: its text read (one that can't be read is kept)."""
        if keep is None:
            return None

        def keeps(name: str) -> bool:
            try:
                text = self.get_copy(key, name)
            except ReadError:
                return True
            return text is not None and keep(text)

        return keeps

    @abstractmethod
    def keys(self) -> list[str]:
        """The keys that hold a record."""

    @contextmanager
    def locked(self, key: str) -> Iterator[None]:
        """Hold ``key`` against other windows for a read-modify-write;
        raises LockError when it can't. This default holds nothing (one
        window, or a store with no lock such as the browser's)."""
        check_key(key)
        yield


# ---- the desktop: one JSON file per key ---------------------------------------------


class FileStorage(Storage):
    """``<dir>/<key>.json``, written atomically: the new text goes to a
    temporary file of its own in the same directory (created new, never
    through a link), is flushed and fsynced, the old file becomes
    ``<key>.json.bak`` and the temporary file is renamed into place. Killed
    at any moment, the directory holds either the old record, or (between
    the two renames) no record and the old one as the backup, which ``get``
    then returns.

    Reading opens the file without following a link and without blocking
    (a FIFO), refuses anything but a regular file, and reads at most
    ``MAX_RECORD_CHARS * 4`` bytes plus one, whatever size the file claims."""

    MAX_BYTES = MAX_RECORD_CHARS * 4
    # seconds a write waits for another window's lock (held a millisecond or two by a write) before
    # it fails and is retried at the next chance: a frame's stall at worst, never a frozen window
    LOCK_WAIT = 0.5
    STALE_SECONDS = 60.0  # a temporary file this old, of a process that is gone, is a killed write's

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)
        self.last_error = None
        self._swept: set[str] = set()
        self._held: dict[str, list[int]] = {}  # key -> [lock file descriptor, depth]

    @contextmanager
    def locked(self, key: str) -> Iterator[None]:
        name = check_key(key)
        held = self._held.get(name)
        if held is not None:  # re-entrant: a second flock of our own would wait on itself
            held[1] += 1
            try:
                yield
            finally:
                held[1] -= 1
            return
        fd = self._take_lock(self.directory / f"{name}.json.lock")
        self._held[name] = [fd, 1]
        try:
            yield
        finally:
            del self._held[name]
            _unlock(fd)
            os.close(fd)

    def _take_lock(self, path: Path) -> int:
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
                         | getattr(os, "O_BINARY", 0), 0o644)
        except OSError as exc:
            raise LockError(f"could not open the lock {path}: {exc.strerror or exc}") from None
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise LockError(f"the lock {path} is not a regular file")
            deadline = time.monotonic() + self.LOCK_WAIT
            while not _try_lock(fd):
                if time.monotonic() > deadline:
                    raise LockError(f"another window held {path} for more than {self.LOCK_WAIT:g} s")
                time.sleep(0.005)
        except BaseException:
            os.close(fd)
            raise
        return fd

    def path(self, key: str) -> Path:
        return self.directory / f"{check_key(key)}.json"

    def _backup_path(self, key: str) -> Path:
        return self.directory / f"{check_key(key)}.json.bak"

    @classmethod
    def _read(cls, path: Path) -> str | None:
        """The text at ``path``, None if nothing is there, ``not_a_record``
        for what is no record; raises ReadError when it can't be read."""
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        try:
            if not hasattr(os, "O_NOFOLLOW") and os.path.islink(path):
                return not_a_record("a link")
            fd = os.open(path, flags)
        except FileNotFoundError:
            return None
        except IsADirectoryError:
            return not_a_record("a folder")
        except OSError as exc:
            if exc.errno == errno.ELOOP:  # the record is a link (dangling, looping or not)
                return not_a_record("a link")
            raise ReadError(f"could not read {path}: {exc.strerror or exc}") from None
        try:
            mode = os.fstat(fd).st_mode
            if not stat.S_ISREG(mode):
                return not_a_record("a folder" if stat.S_ISDIR(mode) else "not a regular file")
            chunks, size = [], 0
            while size <= cls.MAX_BYTES:
                chunk = os.read(fd, min(1 << 20, cls.MAX_BYTES + 1 - size))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
        except OSError as exc:
            raise ReadError(f"could not read {path}: {exc.strerror or exc}") from None
        finally:
            os.close(fd)
        if size > cls.MAX_BYTES:
            return not_a_record(f"more than {cls.MAX_BYTES} bytes")
        # Undecodable bytes become U+FFFD so the JSON check fails cleanly.
        return b"".join(chunks).decode("utf-8", errors="replace")

    def get(self, key: str) -> str | None:
        text = self._read(self.path(key))
        if text is None:
            # Killed between the two renames of a write: the backup is the record.
            return self._read(self._backup_path(key))
        return text

    def get_backup(self, key: str) -> str | None:
        return self._read(self._backup_path(key))

    @staticmethod
    def _kind(path: Path) -> int | None:
        """The file type at ``path`` itself (a link is a link), None if nothing."""
        try:
            return stat.S_IFMT(os.lstat(path).st_mode)
        except FileNotFoundError:
            return None

    def _sweep(self, path: Path) -> None:
        """Temporary files of this record left by a killed write (once per
        key, under the record's lock). Only what is provably stale goes: a
        regular file named as ``set`` names them, whose process is gone and
        which is at least ``STALE_SECONDS`` old. The lock keeps out writers
        of this version; the age and the process keep out an older version's
        write (which takes no lock) and one from another machine sharing the
        folder. Where a process can't be asked about (Windows), only a file
        a day old goes."""
        if path.name in self._swept:
            return
        self._swept.add(path.name)
        try:
            for stale in self.directory.glob(path.name + ".tmp*"):
                if _stale_temporary(stale, path.name, self.STALE_SECONDS):
                    stale.unlink()  # a link is removed, never followed
        except OSError:
            pass

    def set(self, key: str, text: str) -> bool:
        try:
            with self.locked(key):
                return self._set(key, text)
        except LockError as exc:
            self.last_error = f"could not write {self.path(key)}: {exc}"
            return False

    def _write_temporary(self, path: Path, text: str) -> Path:
        """``text`` in a new temporary file beside the record ``path``,
        flushed to the disk (named so that ``_sweep`` finds it if killed)."""
        temporary = path.with_name(f"{path.name}.tmp-{os.getpid()}-{secrets.token_hex(4)}")
        data = text.encode("utf-8")  # lone surrogates: UnicodeEncodeError, a ValueError
        if len(data) > self.MAX_BYTES:
            raise ValueError(f"{len(data)} bytes, more than the {self.MAX_BYTES} a record may have")
        self.directory.mkdir(parents=True, exist_ok=True)
        self._sweep(path)
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
        fd = os.open(temporary, flags, 0o644)
        try:
            with open(fd, "wb") as file:
                file.write(data)
                file.flush()
                os.fsync(file.fileno())
        except BaseException:
            try:
                temporary.unlink()
            except OSError:
                pass
            raise
        return temporary

    def _set(self, key: str, text: str) -> bool:
        path, backup = self.path(key), self._backup_path(key)
        temporary: Path | None = None
        try:
            temporary = self._write_temporary(path, text)
            if self._kind(backup) not in (None, stat.S_IFREG, stat.S_IFLNK):  # a folder: nothing replaces it
                self._move_aside(backup, backup.name)
            kind = self._kind(path)
            if kind == stat.S_IFREG:
                os.replace(path, backup)
            elif kind is not None:  # a folder, a link...: kept aside, never made the backup
                self._move_aside(path, path.name)
            os.replace(temporary, path)
            self._sync_directory()
        except (OSError, ValueError) as exc:
            self.last_error = f"could not write {path}: {exc}"
            try:
                if temporary is not None:
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
        try:
            with self.locked(key):
                # Backup first: killed halfway, no stale backup can come back as the record.
                for path in (self._backup_path(key), self.path(key)):
                    try:
                        if self._kind(path) in (stat.S_IFREG, stat.S_IFLNK):
                            path.unlink()
                    except OSError as exc:
                        self.last_error = f"could not delete {path}: {exc}"
        except LockError as exc:
            self.last_error = f"could not delete {self.path(key)}: {exc}"

    def _free_bad(self, stem: str, mark: str = "bad", keep: Callable[[str], bool] | None = None) -> Path:
        """Where the next copy of ``stem`` (``<key>.json`` or ``.json.bak``)
        set aside goes: ``<stem>.bad``, then ``.bad2``, ``.bad3`` ...: never
        over an older copy. Making room for it, the oldest copies beyond
        ``MAX_BAD_COPIES`` go (but those ``keep`` keeps, given the name)."""
        names = [p.name for p in self.directory.glob(f"{stem}.{mark}*")]
        name, drop = next_bad_copy(stem, names, mark, keep)
        for old in drop:
            path = self.directory / old
            if not stat.S_ISDIR(os.lstat(path).st_mode):  # a folder set aside is left as it is
                path.unlink()
        return self.directory / name

    def _move_aside(self, source: Path, stem: str, mark: str = "bad", keep: Callable[[str], bool] | None = None) -> str:
        target = self._free_bad(stem, mark, keep)
        os.replace(source, target)
        return target.name

    def set_aside(self, key: str, *, backup: bool = False, mark: str = "bad",
                  keep: Callable[[str], bool] | None = None) -> str | None:
        source = self._backup_path(key) if backup else self.path(key)
        stem = source.name  # the copy is named for what it was: the record, or its backup
        _check_mark(mark)
        try:
            with self.locked(key):
                if not backup and not os.path.lexists(source):
                    source = self._backup_path(key)  # killed between a write's renames: ``get`` read the backup
                if os.path.lexists(source):
                    return self._move_aside(source, stem, mark, self._keeps(key, keep) if not backup else None)
        except OSError as exc:  # LockError included
            self.last_error = f"could not set {source} aside: {exc}"
        return None

    def copies(self, key: str, mark: str) -> list[str]:
        _check_mark(mark)
        stem = self.path(key).name
        try:
            names = [p.name for p in self.directory.glob(f"{stem}.{mark}*")]
        except OSError:
            return []
        return numbered_copies(stem, names, mark)

    def _copy_path(self, key: str, name: str) -> Path:
        if not _is_copy(self.path(key).name, name):
            raise ValueError(f"{name!r} is not a copy of the record {key!r}")
        return self.directory / name

    def get_copy(self, key: str, name: str) -> str | None:
        return self._read(self._copy_path(key, name))

    def set_copy(self, key: str, name: str, text: str) -> bool:
        target = self._copy_path(key, name)
        try:
            with self.locked(key):
                if self._kind(target) != stat.S_IFREG:
                    raise FileNotFoundError(f"no copy {name} to write over")
                temporary = self._write_temporary(self.path(key), text)
                try:
                    os.replace(temporary, target)
                except OSError:
                    temporary.unlink()
                    raise
                self._sync_directory()
        except (OSError, ValueError) as exc:  # LockError included
            self.last_error = f"could not write {target}: {exc}"
            return False
        self.last_error = None
        return True

    def keys(self) -> list[str]:
        try:
            names = [p.name[: -len(".json")] for p in self.directory.glob("*.json")]
        except OSError:
            return []
        return sorted(name for name in names if _KEY.fullmatch(name))


_TEMPORARY = re.compile(r"\.tmp-([0-9]{1,10})-[0-9a-f]{8}")


def _stale_temporary(path: Path, record: str, min_age: float, now: float | None = None) -> bool:
    """Whether ``path`` is a temporary file of ``record`` that no write can
    still be using (see ``FileStorage._sweep``)."""
    tail = path.name[len(record):] if path.name.startswith(record) else ""
    match = _TEMPORARY.fullmatch(tail)
    if match is None and tail != ".tmp":  # the one fixed name of versions before the pid in it
        return False  # not a name we make: never ours to delete
    try:
        info = os.lstat(path)
    except OSError:
        return False
    if not (stat.S_ISREG(info.st_mode) or stat.S_ISLNK(info.st_mode)):
        return False
    age = (time.time() if now is None else now) - info.st_mtime
    if os.name != "posix" or match is None:  # no process to ask about: only its age tells
        return age > 86_400.0
    return age >= min_age and process_gone(int(match.group(1)))


def process_gone(pid: int) -> bool:
    """Whether no process ``pid`` runs on this machine (POSIX; signal 0
    only asks). A process we may not signal is alive."""
    if pid <= 0 or pid == os.getpid():  # ours (a pid used again) or none: not provably gone
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OSError, OverflowError):
        return False
    return False


_NO_LOCKS = {getattr(errno, name) for name in ("ENOLCK", "EOPNOTSUPP", "ENOTSUP", "EINVAL", "ENOSYS")
             if hasattr(errno, name)}


def _try_lock(fd: int) -> bool:
    """Take the exclusive lock on ``fd`` if no one holds it."""
    try:
        import fcntl
    except ImportError:
        fcntl = None  # type: ignore[assignment]
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        import msvcrt  # Windows: a lock on the first byte

        os.lseek(fd, 0, os.SEEK_SET)
        # (unreachable to a checker on a system with fcntl: nothing to ignore there)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined, unused-ignore]
        return True
    except ImportError:
        return True  # no locks on this system at all: one window is all it can have
    except (BlockingIOError, PermissionError):
        return False
    except OSError as exc:
        if exc.errno in (errno.EAGAIN, errno.EACCES, errno.EDEADLK):
            return False
        if exc.errno in _NO_LOCKS:  # a file system without locks (some network mounts): don't stop saving
            return True
        raise LockError(f"could not lock: {exc.strerror or exc}") from None


def _unlock(fd: int) -> None:
    try:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_UN)
    except ImportError:
        try:
            import msvcrt

            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]
        except (ImportError, OSError):
            pass
    except OSError:
        pass  # closing the descriptor lets go of it anyway


# ---- the browser: window.localStorage ---------------------------------------------------


class BrowserStorage(Storage):
    """Records in the page's ``window.localStorage`` (or anything with its
    ``getItem / setItem / removeItem / key / length``), under
    ``<prefix><key>``, with ``.bak`` and ``.bad`` entries beside them.
    localStorage writes are atomic; what can go wrong is the quota, so a
    refused write first gives up the backup, then damaged copies (never the
    newest of a record), and tries again."""

    def __init__(self, local_storage: Any, prefix: str = "") -> None:
        self.store = local_storage
        self.prefix = prefix
        self.last_error = None

    def _name(self, key: str, suffix: str = "") -> str:
        return f"{self.prefix}{check_key(key)}{suffix}"

    def _raw(self, name: str) -> str | None:
        """The item as stored; raises ReadError when the store won't say."""
        try:
            value = self.store.getItem(name)
        except Exception as exc:  # a JS error surfaces as some Python exception
            raise ReadError(f"could not read {name}: {exc}") from None
        return None if value is None else str(value)

    def _get_item(self, name: str) -> str | None:
        text = self._raw(name)
        if text is None or len(text) <= MAX_RECORD_CHARS:
            return text
        return not_a_record(f"more than {MAX_RECORD_CHARS} characters")

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
        try:
            previous = self._raw(name)
        except ReadError:
            previous = None  # it can't be kept as the backup: at least keep the new one
        if previous is not None and previous != text and not self._set_item(backup, previous):
            self._remove_item(backup)  # an old backup is worse than none
        if self._set_item(name, text):
            self.last_error = None
            return True
        # Full: make room by giving up the backup, then damaged copies older
        # than the newest of their record, oldest first.
        self._remove_item(backup)
        while True:
            if self._set_item(name, text):
                self.last_error = None
                return True
            if not self._drop_oldest_bad():
                return False

    def delete(self, key: str) -> None:
        self._remove_item(self._name(key, ".bak"))
        self._remove_item(self._name(key))

    def set_aside(self, key: str, *, backup: bool = False, mark: str = "bad",
                  keep: Callable[[str], bool] | None = None) -> str | None:
        name = self._name(key, ".bak" if backup else "")
        _check_mark(mark)
        try:
            text = self._raw(name)  # as it is, however large
        except ReadError as exc:
            self.last_error = str(exc)
            return None
        if text is None:
            return None
        slot, drop = next_bad_copy(name, self._names(), mark, self._keeps(key, keep) if not backup else None)
        for old in drop:
            self._remove_item(old)
        # The record must go either way (or it would be read, and reported,
        # again at every start); its copy is kept, making room if need be by
        # giving up the record first, then older copies, oldest first.
        if self._set_item(slot, text):
            self._remove_item(name)
            return slot
        self._remove_item(name)
        while not self._set_item(slot, text):
            if not self._drop_oldest_bad(name):
                return None
        return slot

    def copies(self, key: str, mark: str) -> list[str]:
        _check_mark(mark)
        return numbered_copies(self._name(key), self._names(), mark)

    def _copy_name(self, key: str, name: str) -> str:
        if not _is_copy(self._name(key), name):
            raise ValueError(f"{name!r} is not a copy of the record {key!r}")
        return name

    def get_copy(self, key: str, name: str) -> str | None:
        return self._get_item(self._copy_name(key, name))

    def set_copy(self, key: str, name: str, text: str) -> bool:
        item = self._copy_name(key, name)
        try:
            there = self._raw(item) is not None
        except ReadError as exc:
            self.last_error = str(exc)
            return False
        if not there:
            self.last_error = f"no copy {item} to write over"
            return False
        if not self._set_item(item, text):
            return False
        self.last_error = None
        return True

    def _names(self) -> list[str]:
        """Every item name in the store (ours or not)."""
        try:
            names = [self.store.key(i) for i in range(int(self.store.length))]
        except Exception:
            return []
        return [str(n) for n in names if n is not None]

    def _drop_oldest_bad(self, stem: str | None = None) -> bool:
        """Make room: drop the oldest damaged copy of ``stem`` (of any of
        our records if None) that is not its newest one. Whether one went."""
        names = self._names()
        stems = [stem] if stem is not None else sorted({n.split(".bad")[0] for n in names
                                                         if n.startswith(self.prefix) and ".bad" in n})
        for one in stems:
            numbered = sorted((n, name) for name in names if (n := bad_number(one, name)) is not None)
            if len(numbered) > (0 if stem is not None else 1):
                self._remove_item(numbered[0][1])
                return True
        return False

    def keys(self) -> list[str]:
        found = [name[len(self.prefix):] for name in self._names() if name.startswith(self.prefix)]
        return sorted(key for key in found if _KEY.fullmatch(key))


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
