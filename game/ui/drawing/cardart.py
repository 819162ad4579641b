"""Card art drawn in code: faces with corner indices, pips and our own court
portraits (``courts``), the back of the player's choice (``backs``), and the
empty-pile markers.
Everything is drawn for one card size and cached; a new size (or language,
for the indices) draws a new set, never a scaled bitmap."""

from __future__ import annotations

import math

import pygame

from ...engine.cards import SUIT_SYMBOLS, is_red, rank_of, suit_of
from ...i18n import translate
from . import backs, courts, theme
from .theme import RGB, Ink
from .budget import MB, SurfaceCache
from .fonts import font
from .layout import Index, index_for

SMALL_CARD = 46  # px wide: below this a number card shows one large suit, not its pips
ONE_INDEX = 64  # px wide: below this a card has no rotated index (a third of a small face went to it)
PORTRAIT_MIN = 40  # px: a court frame less tall than this shows the head and collar, not the whole bust
FRAMED_MIN = 26  # px: ... and one less tall than this no frame, the head alone between the indices

# Pip positions for 2..10: (x, y) with x in {0, .5, 1} across the pip box and
# y from 0 (top) to 1 (bottom); pips below the middle are drawn upside down.
PIPS: dict[int, list[tuple[float, float]]] = {
    2: [(0.5, 0), (0.5, 1)],
    3: [(0.5, 0), (0.5, 0.5), (0.5, 1)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)],
    5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    8: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    9: [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)],
    10: [(0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6), (0, 1), (1, 1)],
}


def rank_label(rank: int, lang: str) -> str:
    return translate(f"card.rank.{rank}", lang)


def rounded_mask(w: int, h: int, radius: int, color: Ink, supersample: int = 4) -> pygame.Surface:
    """A filled rounded rectangle with smooth (antialiased) corners. Only the
    corners are drawn ``supersample`` times larger and scaled down: the
    whole rectangle drawn that large (a dialog panel: 3760 x 2800 px) took
    most of the time a dialog needed to open or follow a resize."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill(color)
    r = max(0, min(radius, w // 2, h // 2))
    if r:
        big = pygame.Surface((2 * r * supersample, 2 * r * supersample), pygame.SRCALPHA)
        pygame.draw.rect(big, color, big.get_rect(), border_radius=r * supersample)
        corners = pygame.transform.smoothscale(big, (2 * r, 2 * r))
        for x, y in ((0, 0), (r, 0), (0, r), (r, r)):
            at = (0 if x == 0 else w - r, 0 if y == 0 else h - r)
            surf.fill((0, 0, 0, 0), (*at, r, r))
            surf.blit(corners, at, (x, y, r, r), special_flags=pygame.BLEND_RGBA_MAX)  # a copy, not a blend
    return surf


def _shadow(w: int, h: int, radius: int, blur: int, alpha: int) -> pygame.Surface:
    pad = blur * 2
    surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, alpha), (pad, pad, w, h), border_radius=radius)
    if blur > 0:
        try:
            surf = pygame.transform.gaussian_blur(surf, blur)
        except (AttributeError, ValueError, pygame.error):
            small = pygame.transform.smoothscale(surf, (max(1, surf.get_width() // blur), max(1, surf.get_height() // blur)))
            surf = pygame.transform.smoothscale(small, surf.get_size())
    return surf


class CardArt:
    """Every card image for one card size. ``pad`` is the room around the
    card for its shadow: a sprite's image is the card plus that margin."""

    def __init__(self, w: int, h: int, lang: str = "en", four_color: bool = False, index: Index | None = None,
                 fan: int = 0, back: str = backs.DEFAULT) -> None:
        self.w, self.h, self.lang, self.four_color = w, h, lang, four_color
        self.back_style = back  # the design of the back (``backs.BACKS``)
        self.index = index or index_for(w)
        self.fan = fan  # the layout's step over a face-up card in a column (the strip a fan shows)
        self.radius = max(3, round(w * 0.06))
        self.margin = max(2, round(w * 0.07))  # a small card's large suit keeps this clear of its edge
        self.pad = max(4, round(w * 0.09))
        self._faces: dict[tuple[int, bool], pygame.Surface] = {}
        self._plain: dict[int, pygame.Surface] = {}
        self._markers: dict[tuple[str, int | None], pygame.Surface] = {}
        self._base = rounded_mask(w, h, self.radius, theme.CARD_EDGE)
        inner = rounded_mask(w - 2, h - 2, max(2, self.radius - 1), theme.CARD_FACE)
        self._base.blit(inner, (1, 1))
        self._shadow = _shadow(w, h, self.radius, max(2, round(w * 0.03)), 70)
        self._lift_shadow = _shadow(w, h, self.radius, max(3, round(w * 0.07)), 90)
        self._back_plain: pygame.Surface | None = None

    # ---- public ------------------------------------------------------------

    def image(self, card: int | None, face_up: bool = True, lifted: bool = False) -> pygame.Surface:
        """The sprite image of a card (``card`` None or ``face_up`` False: the
        back), with its shadow; ``lifted`` while dragged."""
        key = (-1 if not face_up or card is None else card, lifted)
        surf = self._faces.get(key)
        if surf is None:
            plain = self.back() if key[0] < 0 else self.face(key[0])
            surf = pygame.Surface((self.w + 2 * self.pad, self.h + 2 * self.pad), pygame.SRCALPHA)
            shadow = self._lift_shadow if lifted else self._shadow
            dy = round(self.w * (0.07 if lifted else 0.025))
            sx = self.pad + self.w // 2 - shadow.get_width() // 2
            sy = self.pad + self.h // 2 - shadow.get_height() // 2 + dy
            surf.blit(shadow, (sx, sy))
            surf.blit(plain, (self.pad, self.pad))
            self._faces[key] = surf = _converted(surf)
        return surf

    def face(self, card: int) -> pygame.Surface:
        surf = self._plain.get(card)
        if surf is None:
            surf = self._draw_face(card)
            self._plain[card] = surf
        return surf

    def back(self) -> pygame.Surface:
        if self._back_plain is None:
            self._back_plain = self._draw_back()
        return self._back_plain

    # ---- drawing -------------------------------------------------------------

    def _draw_face(self, card: int) -> pygame.Surface:
        w, h = self.w, self.h
        surf = self._base.copy()
        rank, suit = rank_of(card), suit_of(card)
        color = suit_color(card, self.four_color)
        symbol = SUIT_SYMBOLS[suit]

        # corner index: rank and suit side by side on one line, so the strip
        # of a fanned card shows both; every rank at one size
        corner = self.corner(label=rank_label(rank, self.lang), symbol=symbol, color=color)
        idx = self.index
        surf.blit(corner, (idx.x, idx.y))
        small = idx.spread or w < SMALL_CARD  # a narrow face: one large suit, not pips
        if w >= ONE_INDEX:
            surf.blit(pygame.transform.rotate(corner, 180), (w - idx.x - corner.get_width(),
                                                             h - idx.y - corner.get_height()))

        if small and rank <= 10:  # too small for pips to read: one large suit below the index (it says the rank)
            room = h - self.margin - idx.h
            self._pip(surf, symbol, color, w / 2, idx.h + room / 2, round(min(w * 0.62, room * 0.95)), False)
        elif rank == 1:
            self._pip(surf, symbol, color, w / 2, h / 2, round(w * 0.55), False)
        elif rank <= 10:
            left, right = w * 0.32, w * 0.68
            size = round(w * (0.24 if rank <= 3 else 0.22))
            # the pips keep clear of the corner indices
            top = max(h * 0.2, self.index.h + size * 0.42)
            bottom = h - top
            for fx, fy in PIPS[rank]:
                x = left + (right - left) * fx
                y = top + (bottom - top) * fy
                self._pip(surf, symbol, color, x, y, size, fy > 0.5)
        else:
            self._court(surf, rank, suit, symbol, color)
        return surf

    def corner(self, label: str, symbol: str, color: RGB) -> pygame.Surface:
        """The index: the rank (bold) and the suit at one size, side by side,
        cropped to the band every rank's glyphs share (J's tail included);
        a narrow card's (``Index.spread``): ``spread_corner``."""
        idx = self.index
        if idx.spread:
            return spread_corner(self.w, idx, label, symbol, color)
        top, band = index_band(idx.size)
        rank_img = font(idx.size, True).render(label, True, color)
        suit_img = font(idx.size).render(symbol, True, color)
        rb, sb = rank_img.get_bounding_rect(), suit_img.get_bounding_rect()
        gap = max(1, round(idx.size * 0.08))
        width = rb.width + gap + sb.width
        corner = pygame.Surface((width, band), pygame.SRCALPHA)
        corner.blit(rank_img, (-rb.x, -top))
        corner.blit(suit_img, (rb.width + gap - sb.x, -top))
        return corner

    def _pip(self, surf: pygame.Surface, symbol: str, color: RGB, x: float, y: float, size: int,
             flipped: bool) -> None:
        img = font(size).render(symbol, True, color)
        bounds = img.get_bounding_rect()
        img = img.subsurface(bounds)
        if flipped:
            img = pygame.transform.rotate(img, 180)
        surf.blit(img, (round(x - img.get_width() / 2), round(y - img.get_height() / 2)))

    def _court(self, surf: pygame.Surface, rank: int, suit: int, symbol: str, color: RGB) -> None:
        """A jack, queen or king: on a card with two indices the court
        double-ended in a frame between them; on a narrower one the top of
        the figure, its headwear larger, in a frame from below the index to
        the card's foot (``small_court_frame``)."""
        w, h = self.w, self.h
        idx = self.index
        frame = small_court_frame(w, h, idx, self.fan) if w < ONE_INDEX else court_frame(w, h, idx, self.fan)
        if frame is None:  # a card with a rotated index too short for a frame (none of the sizes in use)
            frame = pygame.Rect(0, idx.h + 1, w, h - 2 * (idx.h + 1))
        r = max(2, round(w * 0.04))
        edge = max(1, round(w * 0.015))
        pygame.draw.rect(surf, courts.mix(theme.COURT_FILL, color, 0.06), frame, border_radius=r)
        inner = frame.inflate(-2 * edge - 2, -2 * edge - 2)
        if inner.width >= 6 and inner.height >= 6:
            if inner.height >= PORTRAIT_MIN:
                picture = courts.picture(rank, suit, symbol, color, inner.width, inner.height)
            else:  # a short frame: the head and its headwear, larger
                picture = courts.bust(rank, suit, color, inner.width, inner.height)
            surf.blit(picture, inner.topleft)
        if frame.height >= FRAMED_MIN:
            pygame.draw.rect(surf, theme.GOLD, frame.inflate(-2 * edge, -2 * edge), width=1,
                             border_radius=max(1, r - edge))
        pygame.draw.rect(surf, color, frame, width=edge, border_radius=r)

    def _draw_back(self) -> pygame.Surface:
        """The back of the player's choice (``backs``): a geometric pattern
        in one colour inside a white margin, a medallion in the middle."""
        return backs.draw_back(self.back_style, self._base, self.radius, rounded_mask)

    # ---- empty piles ----------------------------------------------------------

    def marker(self, kind: str, suit: int | None = None) -> pygame.Surface:
        """The soft outline of an empty pile: ``column``, ``waste``,
        ``stock`` (a turn-over arrow), ``cell`` (a sunken slot) or
        ``foundation`` (with its suit)."""
        key = (kind, suit)
        surf = self._markers.get(key)
        if surf is not None:
            return surf
        w, h = self.w, self.h
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        if kind == "cell":
            pygame.draw.rect(surf, theme.CELL_FILL, surf.get_rect(), border_radius=self.radius)
        pygame.draw.rect(surf, theme.OUTLINE, surf.get_rect(), width=max(2, round(w * 0.02)), border_radius=self.radius)
        symbol = None
        if kind == "foundation" and suit is not None:
            symbol = SUIT_SYMBOLS[suit]
        elif kind == "stock":
            symbol = "\u21bb"
        if symbol:
            img = font(round(w * 0.5)).render(symbol, True, (255, 255, 255))
            img.set_alpha(theme.MARK[3])
            surf.blit(img, ((w - img.get_width()) // 2, (h - img.get_height()) // 2))
        self._markers[key] = surf
        return surf


def _converted(surf: pygame.Surface) -> pygame.Surface:
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha()
    return surf


def suit_color(card: int, four_color: bool = False) -> RGB:
    """The ink of a card: red or near-black, or with four-colour suits
    ♠ black, ♥ red, ♦ blue, ♣ green."""
    if four_color:
        return theme.FOUR_COLORS[suit_of(card)]
    return theme.RED if is_red(card) else theme.BLACK


# The art in use and, room permitting, the last few (a language or an option toggled back):
# one set at 1920x1080 is 20-40 MB once its faces are drawn, four times that at 3840x2160
ARTS: SurfaceCache[CardArt] = SurfaceCache(48 * MB)


def card_art(w: int, h: int, lang: str = "en", four_color: bool = False, index: Index | None = None,
             fan: int = 0, back: str = backs.DEFAULT) -> CardArt:
    """The art for one size, language, colour scheme and back (and index
    and fan step, which the layout sizes), drawn once and kept while it
    fits in ``ARTS``'s budget."""
    index = index or index_for(w)
    return ARTS.get((w, h, lang, four_color, index, fan, back),
                    lambda: CardArt(w, h, lang, four_color, index, fan, back))


def court_frame(w: int, h: int, index: Index, fan: int = 0) -> pygame.Rect | None:
    """The frame of a jack, queen or king on a card with two indices: a
    clear gap below the corner index and as far above the rotated one (a
    frame right under the index read as its underline), most of the card's
    width, or None when the card is too short for one. ``fan``: the strip a
    column shows of the card; the frame never starts a few pixels into it
    (a sliver of frame under a fanned index reads as an underline too):
    then it starts below it."""
    gap = max(3, math.ceil(index.size * 0.3))
    top = max(round(h * 0.12), index.h + gap)
    if top <= fan < top + 6 and h - 2 * (fan + 1) >= max(12, round(h * 0.22)):
        top = fan + 1  # the strip would show a sliver of frame: the frame starts below it
    height = h - 2 * top
    if height < max(12, round(h * 0.22)):
        return None
    side = round(w * 0.12)
    return pygame.Rect(side, top, w - 2 * side, height)


def small_court_frame(w: int, h: int, index: Index, fan: int = 0) -> pygame.Rect:
    """The frame of a jack, queen or king on a card with no rotated index
    (narrower than ``ONE_INDEX``): from a clear gap below the index down to
    the card's margin. Like ``court_frame``, never a few pixels into the
    strip ``fan`` a column shows of the card: then it starts below it. A
    narrow card's (``Index.spread``) fills the card below its index: the
    index's own margin is the gap, the frame is what the card has left."""
    margin = max(2, round(w * (0.05 if index.spread else 0.07)))
    top = index.h + (max(2, round(w * 0.04)) if index.spread else max(3, round(index.size * 0.3)))
    if top <= fan < top + 6:
        top = fan + 1
    return pygame.Rect(margin, top, w - 2 * margin, max(0, h - margin - top))


def spread_corner(w: int, idx: Index, label: str, symbol: str, color: RGB) -> pygame.Surface:
    """A narrow card's index, as wide as the card between its margins: the
    rank (bold, ``idx.size``) at the left, the suit (``idx.suit``) at the
    right edge, centred on the rank's capitals; a rank wider than the room
    the suit leaves it (the 10) is drawn narrower to fit, from glyphs drawn
    three times larger and scaled down once, never wider than the card."""
    top, band = rank_band(idx.size)
    width = w - 2 * idx.x
    corner = pygame.Surface((width, band), pygame.SRCALPHA)
    suit_img = font(idx.suit).render(symbol, True, color)
    sb = suit_img.get_bounding_rect()
    gap = max(1, round(idx.size * 0.06))
    room = width - gap - sb.width
    rank_img = font(idx.size, True).render(label, True, color)
    rb = rank_img.get_bounding_rect()
    if rb.width <= room:
        corner.blit(rank_img, (-rb.x, -top))
    else:
        big = font(idx.size * 3, True).render(label, True, color)
        bb = big.get_bounding_rect()
        glyphs = pygame.transform.smoothscale(big.subsurface(bb), (max(1, room), rb.height))
        corner.blit(glyphs, (0, rb.y - top))
    cap = round(idx.size * 0.729)  # the capitals' height: the suit centred on it
    corner.blit(suit_img, (width - sb.right, max(0, (cap - sb.height) // 2) - sb.y))
    return corner


_BANDS: dict[int, tuple[int, int]] = {}
_RANK_BANDS: dict[int, tuple[int, int]] = {}


def rank_band(size: int) -> tuple[int, int]:
    """(top, height) of the rows every rank glyph at ``size`` px (bold)
    uses, from the tallest digit's top to the J's and Q's tails."""
    band = _RANK_BANDS.get(size)
    if band is None:
        rects = [font(size, True).render(t, True, (0, 0, 0)).get_bounding_rect() for t in ("10", "J", "Q", "A", "2")]
        top = min(r.y for r in rects)
        band = _RANK_BANDS[size] = (top, max(r.bottom for r in rects) - top)
    return band


def corner_band(index: Index) -> tuple[int, int]:
    """(top, height) of the band a corner index of ``index`` is drawn in."""
    return rank_band(index.size) if index.spread else index_band(index.size)


def index_band(size: int) -> tuple[int, int]:
    """(top, height) of the rows every index glyph at ``size`` px uses, from
    the tallest digit's top to the J's and Q's tails."""
    band = _BANDS.get(size)
    if band is None:
        rects = [font(size, True).render(t, True, (0, 0, 0)).get_bounding_rect() for t in ("10", "J", "Q", "A", "2")]
        rects += [font(size).render(t, True, (0, 0, 0)).get_bounding_rect() for t in SUIT_SYMBOLS]
        top = min(r.y for r in rects)
        band = _BANDS[size] = (top, max(r.bottom for r in rects) - top)
    return band
