"""The application layer: what the player's game does, decided without
drawing it. Pure Python (no pygame: a test imports it with pygame made
unimportable), so it runs natively, under the command line's tests and in
the browser alike.

- ``application``: ``Application``, built whole: the settings, the game in
  progress (``game.session.Session``), starting and restarting games,
  changing a setting, the background tasks, the saving and the hints;
- ``deals``: which deal a new game gets (any, winnable only, today's);
- ``tasks``: background work in slices inside the loop (no threads);
- ``autosave``: the game, statistics and settings kept after every change;
- ``hints``: the hint and the "still winnable?" verdict, from the solver;
- ``finish``: the Finish for me option: the rest of a proven win, played on request;
- ``events``: what the layer tells its listeners, as typed events.

The window (game/ui) is handed an ``Application`` and shows what it tells.
"""
