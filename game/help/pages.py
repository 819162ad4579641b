"""The help pages: titles, headings and paragraphs, all catalogue keys."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import registry
from ..i18n import translate


@dataclass(frozen=True)
class Section:
    heading: str | None  # catalogue key, or None for an untitled section
    paragraphs: tuple[str, ...]  # catalogue keys


@dataclass(frozen=True)
class Page:
    id: str
    title: str  # catalogue key
    sections: tuple[Section, ...]
    kind: str = "text"  # "text", or "examples" for the page that also shows EXAMPLES

    def keys(self) -> list[str]:
        """Every catalogue key this page shows (its examples not included)."""
        keys = [self.title]
        for section in self.sections:
            if section.heading:
                keys.append(section.heading)
            keys.extend(section.paragraphs)
        return keys


def _numbered(prefix: str, count: int, titled: bool = True) -> tuple[Section, ...]:
    """Sections ``prefix.1`` .. ``prefix.N``, each headed by ``prefix.N.title``."""
    return tuple(
        Section(f"{prefix}.{n}.title" if titled else None, (f"{prefix}.{n}",)) for n in range(1, count + 1)
    )


def rules_page(game: str) -> Page:
    """A game's rules page: ``rules-<id>``, titled ``help.page.rules_<key>``,
    sections ``help.rules.<key>.1`` .. N (the spec's ``help_sections``)."""
    spec = registry.game(game)
    return Page(f"rules-{spec.id}", f"help.page.rules_{spec.key}", _numbered(f"help.rules.{spec.key}", spec.help_sections))


CONTROLS = Page("controls", "help.page.controls", _numbered("help.controls", 7))
# FAQ: each section is a question (heading) and its answer.
FAQ = Page(
    "faq",
    "help.page.faq",
    tuple(Section(f"help.faq.{n}.q", (f"help.faq.{n}.a",)) for n in range(1, 11)),
)
EXAMPLES_PAGE = Page("examples", "help.page.examples", (Section(None, ("help.examples.intro",)),), kind="examples")



def pages() -> tuple[Page, ...]:
    """The pages in the order of the help screen: each registered game's
    rules, then the controls, the FAQ and the examples."""
    return (*(rules_page(spec.id) for spec in registry.games()), CONTROLS, FAQ, EXAMPLES_PAGE)


def page_by_id(page_id: str) -> Page:
    for page in pages():
        if page.id == page_id:
            return page
    raise KeyError(page_id)


def page_text(page: Page, lang: str = "en") -> list[tuple[str | None, list[str]]]:
    """The page's sections, translated: ``[(heading or None, [paragraph, ...])]``."""
    return [
        (translate(s.heading, lang) if s.heading else None, [translate(p, lang) for p in s.paragraphs])
        for s in page.sections
    ]
