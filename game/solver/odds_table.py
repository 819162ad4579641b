"""How often each variant's random deals can be won, as the solver measured it
(read through ``game.solver.odds``).

Made by ``python3 tools/make_odds.py`` from the shipped winnable lists
(game/solver/winnable/); see that tool for how. Do not edit: remake it.
tests/solver/test_odds.py holds it to the lists.
"""

# list name (deal code prefix and variant): (deals 1..tried, of them winnable, proven lost, unknown,
# CPU seconds per deal of the recount, the deals won that the list leaves out)
ROWS: dict[str, tuple[int, int, int, int, float, tuple[int, ...]]] = {
    "EH1-N": (1000, 1000, 0, 0, 5, ()),
    "EO1-C2": (22296, 100, 22196, 0, 5, ()),
    "EO1-C4": (3622, 504, 3118, 0, 5, (1014, 2068, 3189, 3310)),
    "EO1-C8": (501, 500, 1, 0, 5, ()),
}
