"""The game window: layout, card art, sprites, scenes and the app loop.

Nothing here decides a rule: every move is asked of the engine
(``Game.check`` / ``Game.play``) and the table only shows what it answers.
Platform specifics (browser or desktop) are passed in, never detected here.
"""
