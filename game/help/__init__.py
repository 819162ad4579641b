"""The in-game help pages as data: rules of each game, FAQ, worked examples.

Pure Python, no pygame. Every string the player reads is a catalogue key
(``game.i18n``), so the pages exist in every language the catalogue has.

Pages
-----
``pages()`` lists the pages in the order of the help screen. A page has a
``title`` key and ``sections``; a section has an optional ``heading`` key and
``paragraphs`` keys. ``page_text(page, lang)`` gives the same, translated, as
``[(heading or None, [paragraph, ...]), ...]``. Paragraphs are plain text to
be word-wrapped; there is no markup.

The examples page (``kind == "examples"``) also shows ``EXAMPLES``: each
example is a real deal replayed by the engine, stepped through with captions
(see ``game.help.examples``).
"""

from .examples import EXAMPLES, Example, Step
from .pages import Page, Section, page_by_id, page_text, pages, rules_page

__all__ = ["EXAMPLES", "Example", "Step", "Page", "Section", "page_by_id", "page_text", "pages", "rules_page"]
