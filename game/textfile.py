"""Reading a text file or stream a player names, with bounds.

A position file (``play --position``, ``main.py --position``) may be any
path: ``/dev/zero`` (endless), a FIFO (blocks until a writer comes), a
folder, a huge file. ``read_file`` refuses anything but a regular file and
reads at most the size the JSON reader accepts (``jsontext.MAX_CHARS``, the
bound the writers obey too); ``read_stream`` does the same for standard
input. Both raise ``TextFileError`` with a one-line message.
"""

from __future__ import annotations

import os
import stat
from typing import BinaryIO

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
