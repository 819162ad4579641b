"""The help pages: titles, headings and paragraphs, all catalogue keys."""

from __future__ import annotations

from dataclasses import dataclass

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


RULES_EASY_HARP = Page("rules-easy-harp", "help.page.rules_easy_harp", _numbered("help.rules.easy_harp", 9))
RULES_EIGHT_OFF = Page("rules-eight-off", "help.page.rules_eight_off", _numbered("help.rules.eight_off", 8))
CONTROLS = Page("controls", "help.page.controls", _numbered("help.controls", 5))
# FAQ: each section is a question (heading) and its answer.
FAQ = Page(
    "faq",
    "help.page.faq",
    tuple(Section(f"help.faq.{n}.q", (f"help.faq.{n}.a",)) for n in range(1, 11)),
)
EXAMPLES_PAGE = Page("examples", "help.page.examples", (Section(None, ("help.examples.intro",)),), kind="examples")

PAGES: tuple[Page, ...] = (RULES_EASY_HARP, RULES_EIGHT_OFF, CONTROLS, FAQ, EXAMPLES_PAGE)


def page_by_id(page_id: str) -> Page:
    for page in PAGES:
        if page.id == page_id:
            return page
    raise KeyError(page_id)


def page_text(page: Page, lang: str = "en") -> list[tuple[str | None, list[str]]]:
    """The page's sections, translated: ``[(heading or None, [paragraph, ...])]``."""
    return [
        (translate(s.heading, lang) if s.heading else None, [translate(p, lang) for p in s.paragraphs])
        for s in page.sections
    ]
