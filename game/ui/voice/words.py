"""The words for what is on the table: card, pile, game and deal names,
moves, refusals, the focus, and play time, in the player's language, built
from catalogue keys with parameters (nothing compares translated text). The
announcer says them; the bar, the dialogs and the hints write them."""

from __future__ import annotations

from ...engine import Action, Game, Move, Outcome, Pile, Position, Refusal
from ...engine.actions import CELL, COLUMN, DRAW, DTAP, FOUNDATION, STOCK, TAP, WASTE
from ...engine.cards import rank_of, suit_of
from ...engine.rules import TURN
from ...i18n import refusal_message, translate, translate_count


SENTENCE_ENDS = (".", "!", "?", "\u2026")


def sentence(text: str) -> str:
    """``text`` as a sentence of its own: a capital first letter and a full
    stop (unless it already ends a sentence). The catalogue's phrases start
    in lower case where they may stand inside another sentence (a card's
    name, a move in a hint); what the status line says stands alone."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    last = text.rsplit(None, 1)[-1]
    if "://" in last:
        return text  # a link last: a full stop would be copied with it
    return text if text.endswith(SENTENCE_ENDS) else text + "."


def clock(seconds: int | None) -> str:
    """``m:ss``, from an hour on ``h:mm:ss``; None (no such time yet): a dash."""
    if seconds is None:
        return "–"
    minutes, secs = divmod(int(seconds), 60)
    return f"{minutes // 60}:{minutes % 60:02d}:{secs:02d}" if minutes >= 60 else f"{minutes}:{secs:02d}"


def card_name(card: int, lang: str) -> str:
    """``7 of hearts``, ``7 cơ``, ``kőr 7``: rank and suit names from the catalogue."""
    return translate("say.card", lang, rank=translate(f"say.rank.{rank_of(card)}", lang),
                     suit=translate(f"say.suit.{suit_of(card)}", lang))


def variant_name(game: str, variant: str, lang: str) -> str:
    """``Eight Off · 4 cells``; a game without variants: its name alone."""
    name = translate(f"game.{game}", lang)
    cells = translate(f"variant.{variant}", lang)
    return f"{name} · {cells}" if cells else name


def deal_name(deal: str | None, lang: str) -> str:
    """``Deal EH1-N-AAAAAAF``, or the words for a set-up position (no deal code)."""
    return translate("ui.deal", lang, code=deal) if deal else translate("ui.position", lang)


def pile_name(pile: Pile, lang: str) -> str:
    if pile.kind == COLUMN:
        return translate("say.pile.column", lang, n=pile.which + 1)
    if pile.kind == CELL:
        return translate("say.pile.cell", lang, n=pile.index + 1) if pile.index is not None else translate("say.pile.cells", lang)
    if pile.kind == FOUNDATION:
        if pile.index is None:
            return translate("say.pile.foundations", lang)
        return translate("say.pile.foundation", lang, n=pile.index + 1)
    if pile.kind == WASTE:
        return translate("say.pile.waste", lang)
    return translate("say.pile.stock", lang)


def move_words(move: Move, lang: str) -> str:
    """``King of hearts to column 3`` (a run: with how many cards); a
    foundation is named by its suit, as the screen shows it (no numbers)."""
    first = card_name(move.cards[0], lang)
    if move.dst.kind == FOUNDATION:
        where = translate("say.pile.foundation_suit", lang, suit=translate(f"say.suit.{suit_of(move.cards[0])}", lang))
    else:
        where = pile_name(move.dst, lang)
    if len(move.cards) > 1:
        return translate("say.move_run", lang, card=first, count=len(move.cards), pile=where)
    return translate("say.move", lang, card=first, pile=where)


def refusal_words(outcome: Outcome, game: Game, lang: str, double_tap: bool) -> str | None:
    """Why ``outcome`` was refused, in words (None: it was not). A single
    tap on a card that no foundation takes says what a tap does and how the
    card is placed instead (a double tap, when that option is on, or a
    drag), as long as it has a place; a card with none keeps the rule's words."""
    action = outcome.action
    if outcome.rule == "no-target" and action.kind == TAP and action.src is not None and action.src.kind != FOUNDATION:
        if not isinstance(game.check(Action(DTAP, action.src)), Refusal):  # somewhere takes it
            return translate("say.tap_home_only_double" if double_tap else "say.tap_home_only_drag", lang)
    return refusal_message(outcome, lang)


def describe_outcome(outcome: Outcome, pos: Position, lang: str, explain: bool = True, why: str | None = None) -> str:
    """What ``outcome`` did to the table (``pos`` is after it), in sentences:
    the move, then the card it turned face up. A refusal gives its rule
    (``why``: in other words than the rule's own, ``refusal_words``)."""
    if not outcome.ok:
        if explain:
            return translate("say.refused", lang, rule=why or refusal_message(outcome, lang))
        return translate("say.refused_plain", lang)
    if outcome.undone is not None:
        undone = outcome.undone
        if undone.kind in (DRAW, TURN) or not undone.cards:
            return translate("say.undo_draw", lang)
        return translate("say.undo", lang, card=card_name(undone.cards[0], lang), pile=pile_name(undone.src, lang))
    move = outcome.move
    if move is None:
        return ""
    if move.kind == TURN:
        return translate("say.turn", lang)
    if move.kind == DRAW:
        return translate("say.draw", lang, card=card_name(move.cards[0], lang))
    text = sentence(move_words(move, lang))
    left = pos.cards(move.src) if move.flip and move.src is not None else []
    if left:  # the card the move turned face up
        text += " " + sentence(translate("say.flip", lang, card=card_name(left[-1], lang)))
    return text


def describe_focus(pos: Position, pile: Pile, row: int | None, lang: str, held: tuple[int, int] | None = None) -> str:
    """The focused place: ``Column 3: 7 of hearts, 2 face down``; ``held``
    (card, count) adds what the player carries."""
    cards = pos.cards(pile)
    name = pile_name(pile, lang)
    if pile.kind == STOCK:
        text = (translate_count("say.focus_count", len(cards), lang, pile=name, count=len(cards)) if cards
                else translate("say.focus_empty", lang, pile=name))
    elif not cards:
        text = translate("say.focus_empty", lang, pile=name)
    else:
        index = len(cards) - 1 if row is None else max(0, min(row, len(cards) - 1))
        text = translate("say.focus_card", lang, pile=name, card=card_name(cards[index], lang))
        if pile.kind == COLUMN and index < len(cards) - 1:
            text += ", " + translate("say.under", lang, count=len(cards) - 1 - index)
        down = pos.hidden_count(pile)
        if down:
            text += ", " + translate("say.face_down", lang, count=down)
    if held is not None:
        card, count = held
        text += ". " + translate("say.holding", lang, card=card_name(card, lang), count=count)
    return text
