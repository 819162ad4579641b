"""JSON from players and files, read without trusting its shape.

``json.loads`` recurses once per nesting level. Natively a deep document
raises RecursionError, but under WebAssembly (pygbag, Pyodide) the JavaScript
stack overflows first and the interpreter dies. Positions and saved records
are only a few levels deep, so anything deeper is refused before parsing.
"""

from __future__ import annotations

import json
import re

MAX_DEPTH = 32
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


class JSONDepthError(ValueError):
    pass


def nesting_depth(text: str) -> int:
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def loads(text: str, max_depth: int = MAX_DEPTH) -> object:
    """``json.loads`` that refuses documents nested deeper than ``max_depth``
    (raises JSONDepthError, a ValueError) instead of crashing on them."""
    if nesting_depth(text) > max_depth:
        raise JSONDepthError(f"it is nested more than {max_depth} levels deep")
    try:
        return json.loads(text)
    except RecursionError:  # belt and braces: a smaller stack than expected
        raise JSONDepthError("it is nested too deeply") from None
