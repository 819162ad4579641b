# The third game registers itself when its engine module is imported; the
# doctest collection (--doctest-modules) would import it for every test.
# Only tests/ui/test_third_game.py imports it, inside its fixture.
collect_ignore_glob = ["*.py"]
