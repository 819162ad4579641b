"""Colours and proportions shared by the card art and the scenes."""

RGB = tuple[int, int, int]  # a colour the art mixes and draws with
Ink = tuple[int, int, int] | tuple[int, int, int, int]  # ... or one with its alpha

FELT = (24, 92, 66)
FELT_EDGE = (10, 48, 34)
BAR = (9, 38, 27)
BAR_TEXT = (232, 240, 234)
BAR_DIM = (160, 196, 178)
OUTLINE = (255, 255, 255, 70)
CELL_FILL = (0, 0, 0, 64)
MARK = (255, 255, 255, 54)

CARD_FACE = (252, 251, 246)
CARD_EDGE = (128, 128, 124)
RED = (178, 22, 44)
BLACK = (28, 28, 36)
# four-colour suits: spades, hearts, diamonds, clubs (in the engine's suit order)
FOUR_COLORS = ((28, 28, 36), (178, 22, 44), (22, 86, 196), (18, 128, 58))
FOCUS = (255, 214, 90)  # the keyboard focus ring
FOCUS_EDGE = (20, 20, 24)  # its dark outline, for contrast on light cards and dark felt
DROP_OK = (120, 230, 160)  # drop highlights
REFUSED = (240, 72, 66)  # a refused drop or tap, at the card
REFUSED_EDGE = (64, 8, 8)
STATUS_TEXT = (214, 232, 222)
FOCUS_DIALOG = (22, 96, 190)  # the focus ring on a light dialog panel
COURT_FILL = (246, 238, 214)
GOLD = (196, 156, 46)
BACK = (32, 64, 122)
BACK_LIGHT = (74, 110, 170)
BACK_ACCENT = (138, 168, 214)  # the back's border and medallion: the same blue, lighter

BUTTON = (30, 104, 76)
BUTTON_HOVER = (40, 124, 92)
BUTTON_PRESSED = (18, 80, 58)
BUTTON_TEXT = (245, 248, 246)
BUTTON_OFF = (70, 96, 86)
ACCENT = (244, 190, 70)

PANEL = (250, 248, 242)
PANEL_TEXT = (30, 40, 36)
PANEL_DIM = (100, 112, 106)
PANEL_LINE = (210, 206, 196)
ERROR = (176, 32, 40)
OK = (30, 120, 70)
SCRIM = (0, 0, 0, 120)

BANNER = (30, 30, 36, 235)
BANNER_TEXT = (255, 244, 220)
HIGHLIGHT = (255, 214, 90)
