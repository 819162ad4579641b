"""Reading the contract's notations from untrusted text: ASCII only, numbers
with bounds, and short quotes of bad input in error messages.

Deal codes, card names and actions are ASCII. ``str.upper`` folds ``ı`` to
``I`` and ``ﬀ`` to ``FF``; ``str.isdigit`` and ``int`` accept Arabic-Indic
and full-width digits; ``str.split`` splits at a no-break space. So every
reader here checks for ASCII first, splits only at ASCII spaces, and reads
numbers only through ``whole_number``, which looks at the length before
``int()`` (Python refuses to convert more than 4,300 digits).

>>> whole_number("12", "the count", 99)
12
>>> quote("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (100 characters)"
"""

from __future__ import annotations

import re

from .errors import EngineInputError

QUOTE_CHARS = 40
MAX_ERROR_CHARS = 300  # an error line never repeats a huge input
ASCII_SPACE = " \t\r\n\f\v"
_DIGITS = re.compile(r"[0-9]+")


def quote(text: object, limit: int = QUOTE_CHARS) -> str:
    """A short, escaped quote of bad input for an error message: its first
    ``limit`` characters with control characters, lone surrogates and
    direction marks written as escapes, and its length when cut."""
    if not isinstance(text, str):  # a number or null as JSON has it, else the kind of value
        scalar = text is None or isinstance(text, (bool, int, float))
        return escaped(repr(text), limit) if scalar else f"a {type(text).__name__}"
    if len(text) <= limit:
        return f"'{escaped(text, limit)}'"
    return f"'{escaped(text, limit)}' ({len(text)} characters)"


def escaped(text: str, limit: int = QUOTE_CHARS) -> str:
    """The first ``limit`` characters of ``text``, every character a screen
    or terminal could misdraw written as an escape; ``…`` marks a cut."""
    short = "".join(ch if " " <= ch <= "~" and ch not in "'\\" else _escape(ch) for ch in text[:limit])
    return short + "…" if len(text) > limit else short


def _escape(ch: str) -> str:
    if ch in "'\\":
        return "\\" + ch
    code = ord(ch)
    if ch.isprintable() and code > 0x7F and not 0xD800 <= code <= 0xDFFF:
        return ch  # a letter of another script shows as itself
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def strip(text: str) -> str:
    """``str.strip`` for ASCII white space only (not a no-break space)."""
    return text.strip(ASCII_SPACE)


def words(text: str) -> list[str]:
    """``str.split`` at ASCII white space only."""
    return [w for w in re.split(r"[ \t\r\n\f\v]+", text) if w]


def whole_number(digits: str, what: str, maximum: int, error: type[EngineInputError] = EngineInputError) -> int:
    """``digits`` (ASCII 0-9 only) as an int from 0 to ``maximum``; anything
    else raises ``error`` naming ``what``. The length is checked before
    ``int()``, so a 5,000-digit number is refused like any other large one."""
    if not isinstance(digits, str) or not _DIGITS.fullmatch(digits):
        raise error(f"{what} {quote(digits)} is not a number written with the digits 0-9")
    if len(digits.lstrip("0")) > len(str(maximum)):
        raise error(f"{what} {quote(digits)} is too large (at most {maximum})")
    number = int(digits)
    if number > maximum:
        raise error(f"{what} {quote(digits)} is too large (at most {maximum})")
    return number


_QUOTED = re.compile(r"'([^']*)'|\"([^\"]*)\"")
_CUT = re.compile(r" \([0-9]+ characters\)")  # what quote() writes after a value it cut


def shorten_quotes(message: str) -> str:
    """argparse quotes a bad value whole: keep a short, escaped prefix of it.
    Quotes pair up from the start of the message (a value argparse writes
    with repr's double quotes is one piece too), so the text between two
    quoted values is never taken for one: "'EO1-C8-AAAAAF\u00e9' is not a deal
    code: it uses only ... '-', like ..." stays whole."""

    def shorten(match: re.Match[str]) -> str:
        value = match.group(1) if match.group(1) is not None else match.group(2)
        if len(value) <= 40 or _CUT.match(match.string, match.end()):  # short, or quote()'s already
            return match.group(0)
        return quote(value)

    return _QUOTED.sub(shorten, message)


def one_line(message: str, limit: int = MAX_ERROR_CHARS) -> str:
    """An error message on one line and never longer than ``limit``
    (argparse quotes a bad value whole)."""
    message = " ".join(message.split())
    return message if len(message) <= limit else message[: limit - 1] + "…"
