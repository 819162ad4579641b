"""Sharing the deal on the table: L copies a link that opens it.

In the browser the link is the page's address with ``#CODE`` (main.py
starts the deal a link names); natively, where there is no address, the
deal code itself (``main.py --deal CODE`` plays it). What was copied, or
the text when the clipboard refused, is said and shown like any announcement.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import platform

if TYPE_CHECKING:
    from .scene import Host


def share_deal(app: "Host") -> str | None:
    """Copy the link (or code) for the current deal; returns the text, or
    None when the game on the table came from a position, not a deal."""
    start = app.session.start_position
    code = start.deal if start is not None else None
    if not code:
        app.announcer.say_key("say.no_link")
        return None
    link = platform.deal_link(code)
    text = link or code
    copied = platform.copy_text(text)
    if link:
        app.announcer.say_key("say.link_copied" if copied else "say.link", link=link)
    else:
        app.announcer.say_key("say.code_copied" if copied else "say.code", code=code)
    return text
