"""The table: the scene that shows the position (``scene``), its card sprites
kept in step with the engine (``cards``), the pointer's presses, drags and
taps (``pointer``), keyboard play (``keyboard``), what those two hands ask
of the table (``hands``), the bar, buttons, banner and status line
(``sprites``), the hint's marks (``hint_marks``), the L key's link to
the deal (``share``), and what the table may use of the app (``hosts``)."""
