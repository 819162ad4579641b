"""JSON from players and files, read without trusting its shape.

``json.loads`` recurses once per nesting level. Natively a deep document
raises RecursionError, but under WebAssembly (pygbag, Pyodide) the JavaScript
stack overflows first and the interpreter dies. Positions and saved records
are only a few levels deep, so anything deeper is refused before parsing.
"""

from __future__ import annotations

import json
import re
from typing import Iterator

MAX_DEPTH = 32
MAX_CHARS = 4_000_000  # far above any real position or record; writers stay under it too
# The only characters the nesting scan looks at; each match is one character,
# so the scan is a single pass over the text, linear in its length.
_SIGNIFICANT = re.compile(r'[\[\]{}"\\]')


class JSONDepthError(ValueError):
    pass


class JSONSizeError(ValueError):
    pass


def _outside_strings(text: str, start: int = 0) -> Iterator[tuple[str, int]]:
    """The brackets of ``text`` from ``start`` on that lie outside strings,
    with their indexes, in one pass that tracks whether it is inside a
    string and whether the last character was a backslash (so an
    unterminated string, ``"\\"\\"\\"…``, costs no more than any other text
    of its length); last, ``('"', len(text))`` if a string is still open."""
    in_string = False
    escape_at = -1  # the index right after a backslash inside a string
    for match in _SIGNIFICANT.finditer(text, start):
        ch, at = match.group(), match.start()
        if in_string:
            if at == escape_at:
                escape_at = -1  # this character is escaped
            elif ch == "\\":
                escape_at = at + 1
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch != "\\":  # (a backslash outside a string is no JSON: the parser says so)
            yield ch, at
    if in_string:
        yield '"', len(text)


def nesting_depth(text: str) -> int:
    """How deeply ``text``'s brackets nest, brackets inside strings left out."""
    depth = deepest = 0
    for ch, _ in _outside_strings(text):
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


_OPENS = {"]": "[", "}": "{"}


def container_end(text: str, start: int, max_depth: int = MAX_DEPTH) -> int:
    """Where the array or object that opens at ``text[start]`` ends (the
    index after its closing bracket), found by its brackets and strings
    alone, never parsing it. Raises JSONDepthError as soon as it nests
    deeper than ``max_depth``, and ValueError when it doesn't end there: a
    string or bracket left open, or brackets that don't pair."""
    if text[start:start + 1] not in ("[", "{"):
        raise ValueError("it is not an array or an object")
    opened: list[str] = []
    for ch, at in _outside_strings(text, start):
        if ch == '"':
            raise ValueError("a string in it is not closed")
        if ch in "[{":
            opened.append(ch)
            if len(opened) > max_depth:
                raise JSONDepthError(f"it is nested more than {max_depth} levels deep")
        elif not opened or opened.pop() != _OPENS[ch]:
            raise ValueError("its brackets don't pair")
        elif not opened:
            return at + 1
    raise ValueError("it is not closed")


def loads(text: str, max_depth: int = MAX_DEPTH, max_chars: int = MAX_CHARS) -> object:
    """``json.loads`` that refuses documents nested deeper than ``max_depth``
    (raises JSONDepthError, a ValueError) instead of crashing on them, and
    texts longer than ``max_chars`` (JSONSizeError, a ValueError)."""
    if len(text) > max_chars:
        raise JSONSizeError(f"it is {len(text)} characters long, more than the {max_chars} allowed")
    if nesting_depth(text) > max_depth:
        raise JSONDepthError(f"it is nested more than {max_depth} levels deep")
    try:
        return json.loads(text)
    except RecursionError:  # belt and braces: a smaller stack than expected
        raise JSONDepthError("it is nested too deeply") from None
