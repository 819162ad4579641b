"""Reading a text file or stream a player names, with bounds.

A position file (``play --position``, ``main.py --position``) may be any
path: ``/dev/zero`` (endless), a FIFO (blocks until a writer comes), a
folder, a huge file. ``read_file`` refuses anything but a regular file and
reads at most the size the JSON reader accepts (``jsontext.MAX_CHARS``, the
bound the writers obey too); ``read_stream`` does the same for standard
input. Both raise ``TextFileError`` with a one-line message.

Text going out is written with the same care: ``write_help`` writes a
command line's help and says when it could not (a closed or full standard
output), for ``python -m game`` and ``main.py`` alike.

The files the game ships are read with the same care, once, at start:
``check_shipped`` looks at the fonts (a TrueType file whose tables all lie
inside it and whose checksum holds: a truncated font used to crash the
window in FreeType, a segfault), the sounds (Ogg pages to the end of the
stream), the winnable lists (every line a deal number) and the daily
deals' tables (every date's line, ``game.play.daily``). A broken
install then gets one clear message (``install_message``) instead of a
crash; a broken font stops the start (nothing could be drawn), the rest is
reported and the game goes on without that file.
"""

from __future__ import annotations

import os
import stat
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

from .engine.jsontext import MAX_CHARS
from .engine.notation import quote

MAX_BYTES_PER_CHAR = 4  # UTF-8


class TextFileError(ValueError):
    pass


def read_file(path: str, max_chars: int = MAX_CHARS) -> str:
    name = quote(path, 80)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # before opening: opening a FIFO would wait
            raise TextFileError(f"{name} is not a regular file")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with open(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # replaced in between
                raise TextFileError(f"{name} is not a regular file")
            return _decode(f.read(max_chars * MAX_BYTES_PER_CHAR + 1), name, max_chars)
    except OSError as exc:
        raise TextFileError(f"cannot read {name}: {exc.strerror or exc}") from None
    except ValueError as exc:  # a path with a NUL in it, or too large
        if isinstance(exc, TextFileError):
            raise
        raise TextFileError(f"cannot read {name}: {exc}") from None


def read_stream(stream: BinaryIO, what: str, max_chars: int = MAX_CHARS) -> str:
    try:
        data = stream.read(max_chars * MAX_BYTES_PER_CHAR + 1)
    except OSError as exc:
        raise TextFileError(f"cannot read {what}: {exc.strerror or exc}") from None
    return _decode(data, what, max_chars)


def _decode(data: bytes, name: str, max_chars: int) -> str:
    if len(data) > max_chars * MAX_BYTES_PER_CHAR:
        raise TextFileError(f"{name} is too large (more than {max_chars} characters)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise TextFileError(f"{name} is not UTF-8 text") from None
    if len(text) > max_chars:
        raise TextFileError(f"{name} is too large (more than {max_chars} characters)")
    return text


# ---- the files the game ships ----------------------------------------------------------

def assets_folder(package: Path = Path(__file__).resolve().parent) -> Path:
    """Where the fonts and sounds are, for every way the game is laid out:
    inside the ``game`` package (``package``) as ``game/assets/`` in an
    installed wheel (``pip install .``, pipx: pyproject.toml maps the top
    ``assets/`` to the package ``game.assets``), else ``assets/`` beside
    ``game/``: a checkout, an editable install and pygbag's bundle, which
    keeps the top folder as it is. The one lookup: the window's fonts and
    sounds and the start-up check all read ``ASSETS``."""
    packaged = package / "assets"
    return packaged if packaged.is_dir() else package.parent / "assets"


ASSETS = assets_folder()
FONTS = ("fonts/DejaVuSans.ttf", "fonts/DejaVuSans-Bold.ttf")  # what game/ui/drawing/fonts.py loads
SOUNDS = tuple(f"sounds/{name}.ogg" for name in ("deal", "flip", "pickup", "place", "refuse", "win"))
MAX_ASSET_BYTES = 16 * 1024 * 1024
_SFNT_VERSIONS = {0x00010000, 0x74727565, 0x4F54544F}  # TrueType, Apple 'true', OpenType 'OTTO'
_FONT_TABLES = {b"cmap", b"head", b"hhea", b"hmtx", b"maxp"}
_CHECKSUM = 0xB1B0AFBA  # what a whole font sums to (the 'head' table's checkSumAdjustment makes it so)


@dataclass
class Shipped:
    """What ``check_shipped`` found: ``fatal`` problems (the fonts: the
    window can't draw a word without them) and ``other`` ones (a sound, a
    winnable list, a daily table: the game goes on without it)."""

    fatal: list[str] = field(default_factory=list)
    other: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.fatal or self.other)


def check_shipped(root: Path = ASSETS) -> Shipped:
    """Every file of ours the game reads, checked (a few milliseconds)."""
    from .solver.winnable import list_problems  # imported here: the command line's deal/play stay light
    from .engine import registry
    from .play import daily

    found = Shipped()
    for name in FONTS:
        found.fatal += font_problems(root / name, name)
    for name in SOUNDS:
        found.other += sound_problems(root / name, name)
    for game, variant in registry.choices():
        found.other += list_problems(game, variant)
        found.other += daily.problems(game, variant)
    return found


def install_message(problems: list[str], lang: str = "en") -> str:
    """The one line a player gets for a broken install, in ``lang``."""
    from .i18n import translate

    return translate("error.install_broken", lang, files="; ".join(problems))


def _read_asset(path: Path) -> bytes:
    with open(path, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            raise OSError("not a regular file")
        data = f.read(MAX_ASSET_BYTES + 1)
    if len(data) > MAX_ASSET_BYTES:
        raise OSError(f"more than {MAX_ASSET_BYTES} bytes")
    return data


def _asset(path: Path, name: str) -> tuple[bytes | None, list[str]]:
    try:
        return _read_asset(path), []
    except FileNotFoundError:
        return None, [f"{name} is missing"]
    except (OSError, ValueError) as exc:
        return None, [f"{name} can't be read ({getattr(exc, 'strerror', None) or exc})"]


def font_problems(path: Path, name: str | None = None) -> list[str]:
    """What is wrong with a TrueType/OpenType font file: [] when whole."""
    name = name or path.name
    data, problems = _asset(path, name)
    if data is None:
        return problems
    if len(data) < 12 or struct.unpack(">I", data[:4])[0] not in _SFNT_VERSIONS:
        return [f"{name} is not a font"]
    count = struct.unpack(">H", data[4:6])[0]
    if 12 + 16 * count > len(data):
        return [f"{name} is cut short"]
    tags = set()
    for i in range(count):
        tag, _, offset, length = struct.unpack(">4sIII", data[12 + 16 * i: 28 + 16 * i])
        if offset + length > len(data):
            return [f"{name} is cut short"]
        tags.add(tag)
    if not _FONT_TABLES <= tags or not ({b"glyf", b"CFF "} & tags):
        return [f"{name} is not a whole font"]
    total = sum(struct.unpack(f">{(len(data) + 3) // 4}I", data + b"\0" * (-len(data) % 4))) & 0xFFFFFFFF
    if total != _CHECKSUM:
        return [f"{name} is damaged"]
    return []


def sound_problems(path: Path, name: str | None = None) -> list[str]:
    """What is wrong with an Ogg file: [] when its pages run to the end of
    the stream."""
    name = name or path.name
    data, problems = _asset(path, name)
    if data is None:
        return problems
    at, last_flags = 0, 0
    while at < len(data):
        if data[at:at + 4] != b"OggS" or at + 27 > len(data):
            return [f"{name} is damaged" if at else f"{name} is not an Ogg sound"]
        segments = data[at + 26]
        if at + 27 + segments > len(data):
            return [f"{name} is cut short"]
        last_flags = data[at + 5]
        at += 27 + segments + sum(data[at + 27: at + 27 + segments])
    if at != len(data) or not last_flags & 0x04:  # the last page ends the stream
        return [f"{name} is cut short"]
    return []


def write_help(text: str, file: SupportsWrite[str] | None = None) -> str | None:
    """Write a parser's help (``text``) to ``file`` (by default standard
    output) and flush it at once. argparse's own ``print_help`` drops a
    failed write and exits 0, as if the help had been shown. None when it
    was written, or when its reader went away (``| head``: nobody wants the
    rest); else why it could not be (a closed or full standard output), in
    one line, with standard output pointed at nothing so that the
    interpreter's last flush at exit does not fail a second time."""
    out = sys.stdout if file is None else file
    if out is None:  # started with standard output closed (>&-)
        return "standard output is closed, so there is nowhere to write the help"
    try:
        out.write(text)
        flush = getattr(out, "flush", None)
        if flush is not None:
            flush()
    except BrokenPipeError:
        drop_stdout()
        return None
    except (OSError, ValueError) as exc:  # > /dev/full; a stream closed under us
        drop_stdout()
        return f"cannot write the help: {getattr(exc, 'strerror', None) or exc}"
    return None


def drop_stdout() -> None:
    """Point standard output at nothing, so the interpreter's last flush of
    what could not be written doesn't fail again at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real stdout (tests, embedding)
        pass
