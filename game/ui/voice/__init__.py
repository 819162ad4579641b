"""What the game says and sounds: the words for cards, moves, refusals and
time (``words``), the announcer that says them (``announce``) and the
sounds (``sound``)."""
