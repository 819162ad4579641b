"""Worked examples: real deals replayed by the engine, with captions.

Each example starts from a deal code, replays ``setup`` (actions shown to no
one: they only reach the start position, and say where it came from), then
the player steps through ``steps``. A step is one action in the contract's
notation, the catalogue key of its caption, and what the engine must answer:
``"ok"`` or the id of the rule that refuses it. ``tests/ui/test_help_pages.py``
replays every example and checks each step still does what its caption says.

For the window::

    game = example.start_game()          # a Game at the start position
    caption = translate(example.start_caption, lang, **example.params)
    for step in example.steps:           # one per "Next"
        outcome = game.play(step.action)
        caption = translate(step.caption, lang, **example.params)
        if not outcome.ok:               # show the refusal as the game does
            banner = refusal_message(outcome, lang)

A refused step leaves the position as it was, exactly as in a real game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import Game

OK = "ok"


@dataclass(frozen=True)
class Step:
    action: str  # contract notation, e.g. "c4.2>c3"
    caption: str  # catalogue key
    expect: str = OK  # "ok" or the rule id that refuses the action


@dataclass(frozen=True)
class Example:
    id: str
    title: str  # catalogue key
    deal: str  # the deal code the example comes from
    start_caption: str  # catalogue key, shown before the first step
    steps: tuple[Step, ...]
    setup: tuple[str, ...] = ()  # actions from the deal to the start position
    params: dict[str, object] = field(default_factory=dict)  # filled into every caption

    def start_game(self) -> Game:
        """A new game at the example's start: the deal after ``setup``, with
        score, move counter and undo history starting afresh."""
        game = Game.from_deal(self.deal)
        for action in self.setup:
            outcome = game.play(action)
            if not outcome.ok:
                raise ValueError(f"example {self.id}: setup action {action} refused ({outcome.rule})")
        position = game.position.copy()
        position.score = 0
        position.moves = 0
        return Game(position)

    def caption_keys(self) -> list[str]:
        return [self.title, self.start_caption] + [step.caption for step in self.steps]


# Easy Harp deal 47, from the very first move: a run is refused between
# columns, then the king-led run goes into the empty column.
EASY_HARP_ONE_CARD = Example(
    id="easy-harp-one-card",
    title="help.example.eh_one_card.title",
    deal="EH1-N-AAAAABV",
    start_caption="help.example.eh_one_card.start",
    steps=(
        Step("c5>c4", "help.example.eh_one_card.1"),
        Step("c1>c4", "help.example.eh_one_card.2"),
        Step("c4.2>c3", "help.example.eh_one_card.3", "one-card-at-a-time"),
        Step("c4.3>c1", "help.example.eh_one_card.4"),
    ),
    params={"deal": "EH1-N-AAAAABV"},
)

# Eight Off deal 2 with 8 cells, after 25 moves: cells 2 and 4 are free and
# column 5 is empty, so a group may have at most (2 + 1) x 1 = 3 cards.
EIGHT_OFF_GROUP_LIMIT = Example(
    id="eight-off-group-limit",
    title="help.example.eo_group.title",
    deal="EO1-C8-AAAAAAC",
    setup=tuple(
        "c7>r c3>r c3>c7 r1>c8 c5>r c5>r c5>c7 c5>c8 r5>c1 c5>r c5>r c3>f c4>f "
        "c1>f c1>f c1>f c6.2>c1 c6>c1 r2>c6 c1>f c1>f c1>f c1>f c1>c4 r4>c1".split()
    ),
    start_caption="help.example.eo_group.start",
    steps=(
        Step("c7.4>c5", "help.example.eo_group.1", "group-too-large"),
        Step("c8.3>c5", "help.example.eo_group.2"),
    ),
    params={"deal": "EO1-C8-AAAAAAC", "moves": 25},
)

EXAMPLES: tuple[Example, ...] = (EASY_HARP_ONE_CARD, EIGHT_OFF_GROUP_LIMIT)
