"""What the game says and sounds: the announcer's words for cards, moves and
refusals (``announce``), the deal's link to share (``share``) and the
sounds (``sound``)."""
