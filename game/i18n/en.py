"""English messages."""

MESSAGES = {
    # rule refusals, by the contract's rule id
    "rule.empty-source": "There is no card to take there.",
    "rule.face-down": "A face-down card can't be moved.",
    "rule.not-a-run": "Only a run can move together: these cards don't form one.",
    "rule.bad-destination": "Cards can't be put there.",
    "rule.foundation-one-card": "Cards go to a foundation one at a time.",
    "rule.cell-one-card": "A cell holds just one card.",
    "rule.cell-occupied": "That cell already holds a card.",
    "rule.one-card-at-a-time": "Only one card moves at a time; only a run headed by a king may move whole, into an empty column.",
    "rule.empty-column-kings-only": "Only a king (with its run) can go into an empty column.",
    "rule.alternate-colors": "Build down in alternating colours: red on black, black on red.",
    "rule.same-suit": "Build down in the same suit.",
    "rule.one-rank-lower": "A card must be exactly one rank lower than the card it goes on.",
    "rule.group-too-large": "Too many cards: at most {limit} can move at once here ((free cells + 1) × 2 for each empty column).",
    "rule.foundation-order": "No foundation takes this card yet: each one builds up from the ace in its own suit.",
    "rule.stock-empty": "The stock and the waste are both empty.",
    "rule.no-target": "There is no place for this card.",
    "rule.nothing-to-undo": "There is nothing to undo.",

    # ---- storage
    # Notices shown to the player once, after something stored was damaged.
    "notice.game_damaged": "Your saved game could not be read, so a new game begins. The damaged copy was kept aside.",
    "notice.game_restored": "Your saved game was damaged; it resumes from the last good copy, a move or so earlier.",
    "notice.game_newer": "Your saved game was made by a newer version of this game and can't be resumed here. It was kept aside.",
    "notice.undo_lost": "Your game resumes where you left it, but its undo history could not be read.",
    "notice.stats_damaged": "Your statistics could not be read and start again from zero. The damaged copy was kept aside.",
    "notice.stats_restored": "Your statistics were damaged; the last good copy is used, so the latest game may be missing.",
    "notice.stats_newer": "Your statistics were made by a newer version of this game; they were kept aside and start again here.",
    "notice.settings_damaged": "Some settings could not be read and are back to their defaults.",
    "notice.settings_restored": "Your settings were damaged; the last good copy is used.",
    "notice.settings_newer": "Your settings were made by a newer version of this game; the defaults are used here.",
    "notice.save_failed": "The game could not be saved (the storage is full or unavailable). Closing it now may lose your progress.",
}
