"""The player's saved game is not the tests' to touch.

``tests/conftest.py`` uses what is here in two ways:

* Stand-ins. Every variable the game (``game.host.user_data_dir``:
  ``Path.home()``, ``$XDG_DATA_HOME``, ``%APPDATA%``) or a library may read
  to find the user's folders points into a temporary folder: for the whole
  session (from ``pytest_sessionstart``: collection, doctests, fixtures of
  any scope) and, fresh and empty, for each test (an autouse fixture). An
  app built without a storage then saves there, not over the player's game.
* A guard. Before anything is patched, the real data folders are looked at
  (every file's size, mtime and inode; the content of small files too); at
  the end of the session they must be exactly as they were, or the run
  fails and says what changed. After each test a cheaper look (stats only,
  a few ``lstat`` calls) names the test that wrote there.

Only reading is allowed in the real folders: nothing here writes anywhere
but in the temporary folders it is given.
"""

from __future__ import annotations

import hashlib
import os
import site
import stat
import sys
from pathlib import Path
from typing import Iterable, Mapping

# Where each variable points in a stand-in home, laid out as on the real systems.
STAND_IN = {
    "HOME": ".",  # Path.home() on Linux and macOS
    "USERPROFILE": ".",  # Path.home() on Windows
    "XDG_DATA_HOME": ".local/share",
    "XDG_CONFIG_HOME": ".config",
    "XDG_CACHE_HOME": ".cache",
    "XDG_STATE_HOME": ".local/state",
    "APPDATA": "AppData/Roaming",
    "LOCALAPPDATA": "AppData/Local",
}

SMALL_FILE = 1 << 20  # files up to 1 MiB are compared by content as well
SYSTEMS = ("linux", "darwin", "win32")  # user_data_dir's three answers
MISSING = ("missing",)


def stand_in_environment(home: Path) -> dict[str, str]:
    """The variables of ``STAND_IN`` for a stand-in ``home``, made here (one
    ``mkdir``: a test pays ~0.1 ms). The folders in it are made by whoever
    writes there first, as the XDG spec asks and the game does."""
    home.mkdir(parents=True, exist_ok=True)
    return {name: str(home.joinpath(*where.split("/"))) for name, where in STAND_IN.items()}


def user_site_environment(env: Mapping[str, str]) -> dict[str, str]:
    """``PYTHONUSERBASE`` pinned to the real one: with another ``HOME`` a
    child Python (``subprocess.run([sys.executable, ...])``) would otherwise
    lose the packages installed with ``pip install --user``."""
    if env.get("PYTHONUSERBASE") or not site.ENABLE_USER_SITE:
        return {}
    return {"PYTHONUSERBASE": site.getuserbase()}


def homes(env: Mapping[str, str]) -> list[Path]:
    """Every folder ``Path.home()`` may answer for this user: ``$HOME``,
    ``%USERPROFILE%``, ``%HOMEDRIVE%%HOMEPATH%``, and the password
    database's entry (what it falls back to without ``$HOME``)."""
    found = [env.get("HOME"), env.get("USERPROFILE")]
    if env.get("HOMEDRIVE") and env.get("HOMEPATH"):
        found.append(env["HOMEDRIVE"] + env["HOMEPATH"])
    try:
        import pwd

        found.append(pwd.getpwuid(os.getuid()).pw_dir)
    except (ImportError, KeyError, OSError):
        pass
    return _unique(Path(home) for home in found if home and os.path.isabs(home))


def player_data_folders(env: Mapping[str, str]) -> list[Path]:
    """The data folders ``game.host.user_data_dir`` gives for this
    environment, on this system and on the others a test may pretend to
    run on, with and without its variables (each one that does not exist
    costs a single ``lstat``)."""
    from game.host import APP_NAME, user_data_dir

    return _unique(user_data_dir(APP_NAME, env=variables, system=system, home=home)
                   for home in homes(env) for system in (sys.platform, *SYSTEMS) for variables in (env, {}))


def snapshot(folders: Iterable[Path], *, contents: bool = True) -> dict[str, tuple]:
    """What is in ``folders`` and below: path -> (kind, size, mtime_ns,
    inode, sha256 of a small file's bytes when ``contents``). Links are
    not followed and only regular files are read."""
    seen: dict[str, tuple] = {}
    for folder in folders:
        _look(Path(folder), seen, contents)
    return seen


def _look(path: Path, seen: dict[str, tuple], contents: bool) -> None:
    key = str(path)
    if key in seen:
        return
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        seen[key] = MISSING
        return
    except OSError as exc:
        seen[key] = ("not readable", exc.errno)
        return
    if stat.S_ISLNK(st.st_mode):
        try:
            target = os.readlink(path)
        except OSError:
            target = None
        seen[key] = ("link", target, st.st_mtime_ns, st.st_ino)
    elif stat.S_ISDIR(st.st_mode):
        try:
            names = sorted(os.listdir(path))
        except OSError as exc:
            names, seen[key] = [], ("folder, not listable", exc.errno, st.st_mtime_ns, st.st_ino)
        else:
            seen[key] = ("folder", 0, st.st_mtime_ns, st.st_ino)
        for name in names:
            _look(path / name, seen, contents)
    else:
        kind = "file" if stat.S_ISREG(st.st_mode) else "special file"
        digest = _digest(path) if contents and kind == "file" and st.st_size <= SMALL_FILE else None
        seen[key] = (kind, st.st_size, st.st_mtime_ns, st.st_ino, digest)


def _digest(path: Path) -> str | None:
    try:
        with open(path, "rb") as f:
            return hashlib.sha256(f.read(SMALL_FILE + 1)).hexdigest()
    except OSError:
        return None


def differences(before: Mapping[str, tuple], after: Mapping[str, tuple]) -> list[str]:
    """One line per path that was created, deleted or changed."""
    lines = []
    for key in sorted(set(before) | set(after)):
        old, new = before.get(key, MISSING), after.get(key, MISSING)
        if old == new:
            continue
        if old == MISSING:
            lines.append(f"created: {key}")
        elif new == MISSING:
            lines.append(f"deleted: {key}")
        else:
            lines.append(f"changed: {key} ({_what_changed(old, new)})")
    return lines


def _what_changed(old: tuple, new: tuple) -> str:
    if old[0] != new[0] or len(old) != len(new) or old[0] == "link":
        return f"was {old[0]}, now {new[0]}" if old[0] != new[0] else f"{old[0]} replaced"
    _, size, mtime, inode, *digest = old
    _, new_size, new_mtime, new_inode, *new_digest = new
    told = []
    if size != new_size:
        told.append(f"{size} -> {new_size} bytes")
    if digest != new_digest:
        told.append("other content")
    if inode != new_inode:
        told.append("replaced")
    if mtime != new_mtime:
        told.append("modified")
    return ", ".join(told) or "changed"


class DataGuard:
    """The real data folders, looked at now, after each test (``look``)
    and at the end (``report``)."""

    def __init__(self, folders: Iterable[Path]) -> None:
        self.folders = list(folders)
        self.start = snapshot(self.folders)
        self.last = snapshot(self.folders, contents=False)
        self.culprits: list[tuple[str, list[str]]] = []  # who, what changed

    def look(self, who: str) -> list[str]:
        """What changed since the last look (stats only), blamed on ``who``."""
        now = snapshot(self.folders, contents=False)
        if now == self.last:
            return []
        changed, self.last = differences(self.last, now), now
        self.culprits.append((who, changed))
        return changed

    def report(self) -> list[str]:
        """Empty when the folders are as they were at the start (contents
        included) and no look found a change; else what to tell."""
        changed = differences(self.start, snapshot(self.folders))
        if not changed and not self.culprits:
            return []
        lines = ["The tests wrote in the player's real data folder (or it changed during the run):"]
        lines += [f"  {line}" for line in changed] or ["  (as it was at the start again, but it was written)"]
        for who, what in self.culprits:
            lines.append(f"  seen after {who}: " + "; ".join(what))
        return lines


def _unique(paths: Iterable[Path]) -> list[Path]:
    out: list[Path] = []
    for path in paths:
        if path not in out:
            out.append(path)
    return out
