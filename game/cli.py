"""``python -m game``: deal, today, daily, play (and solve, hint when the
solver is there). Everything runs without a display. Bad input exits with status 2 and
one line on stderr; a refused action is data, not an error.

Any terminal will do. JSON goes out with ASCII escapes (``\u1ec9``), the
same bytes whatever the encoding and the same value for any JSON reader;
other text (an error line quoting what the player typed) goes out with
``backslashreplace`` for what the stream's encoding can't carry (cp1252,
ascii, the C locale, a redirected Windows console), never a
``UnicodeEncodeError``. A closed standard output (``>&-``) is one error
line on stderr and status 2, and so is a full one (``> /dev/full``), for
``--help`` too (``write_help``, which ``main.py``'s parser uses as well); a
closed stderr leaves stdout clean (an error is then only the exit status);
a reader that goes away (``| head``) is status 0, as for any Unix filter."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import os
import re
import sys
from typing import TYPE_CHECKING, BinaryIO, NoReturn, Sequence

from .engine import Action, EngineInputError, Game, Position, deal_position, parse_code, registry
from .play import daily
from .play.today import today_deal
from .engine.notation import one_line, quote, shorten_quotes
from .i18n import LANGUAGES, refusal_message
from .textfile import TextFileError, drop_stdout, read_file, read_stream, write_help

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

MAX_SECONDS = 86_400.0  # a day: the solver stops long before
WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")  # the command line speaks English whatever the locale


class UsageError(Exception):
    """Bad input on the command line: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2, like every bad input here
        raise UsageError(shorten_quotes(message))

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        problem = write_help(self.format_help(), file)
        if problem is not None:
            raise UsageError(problem)


def seconds(text: str) -> float:
    """``--seconds``: a positive, finite number of seconds, at most a day."""
    wrong = f"{quote(text)} is not a number of seconds above 0 and at most {MAX_SECONDS:g}"
    if not isinstance(text, str) or not re.fullmatch(r"[0-9]{1,6}(\.[0-9]{1,6})?|\.[0-9]{1,6}", text.strip(" ")):
        raise argparse.ArgumentTypeError(wrong)  # no nan, inf, 1e308, -1, ١٠ or 1_0
    value = float(text)
    if not (math.isfinite(value) and 0 < value <= MAX_SECONDS):
        raise argparse.ArgumentTypeError(wrong)
    return value


def _build_parser() -> argparse.ArgumentParser:
    names = " and ".join(spec.id for spec in registry.games())
    parser = _Parser(prog="python -m game", description=f"{names} without a display.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("deal", help="print the dealt position of a deal code")
    p.add_argument("code")
    p.add_argument("--json", action="store_true", help="print the contract's JSON instead of text")

    p = sub.add_parser("today", help="print today's (or a date's) deal code")
    p.add_argument("--game", choices=registry.game_ids(), default=registry.default_game().id)
    p.add_argument("--variant", default=None, help="the game's variant (default: its first)")
    p.add_argument("--cells", default=None, help="the variant with that many cells (C8, C4, C2 of eight-off)")
    p.add_argument("--date", default=None, help="YYYY-MM-DD (default: today, local time)")

    p = sub.add_parser("daily", help="print a month's daily deals with their levels (1 easiest to 5 hardest)")
    p.add_argument("--game", choices=registry.game_ids(), default=registry.default_game().id)
    p.add_argument("--variant", default=None, help="the game's variant (default: its first)")
    p.add_argument("--cells", default=None, help="the variant with that many cells (C8, C4, C2 of eight-off)")
    p.add_argument("--month", default=None, help="YYYY-MM (default: this month, local time)")
    p.add_argument("--json", action="store_true", help="one JSON object per day instead of text")

    def start_options(p: argparse.ArgumentParser) -> None:
        group = p.add_mutually_exclusive_group(required=True)
        group.add_argument("--deal", help="a deal code")
        group.add_argument("--position", help="a position JSON file ('-' reads standard input)")

    p = sub.add_parser("play", help="play actions; one JSON line per action, then the final position")
    start_options(p)
    p.add_argument("--lang", default="en", help=f"language of the messages ({', '.join(LANGUAGES)})")
    p.add_argument("actions", nargs="*", help="actions; one per line on standard input when none are given")

    p = sub.add_parser("solve", help="solve a deal or position")
    start_options(p)
    p.add_argument("--seconds", type=seconds, default=30.0)

    p = sub.add_parser("hint", help="the next action the solver advises")
    start_options(p)
    # default None: the solver's HINT_SECONDS (the window's hint time), read
    # when the hint runs so that deal/today/play never load the solver; the
    # help's number is held to HINT_SECONDS by tests/ui/test_hint_ui.py
    p.add_argument("--seconds", type=seconds, default=None,
                   help="search time before the hint falls back to a guess (default: the game window's, 3 s)")
    p.add_argument("actions", nargs="*",
                   help="the actions played so far (as for play): the hint's line stays off the positions they went through")
    return parser


def load_start(deal: str | None, position_file: str | None) -> Position:
    if deal is not None:
        return deal_position(parse_code(deal))
    if position_file is None:  # argparse asks for one of the two
        raise UsageError("give --deal or --position")
    try:
        if position_file == "-":
            text = read_stream(_stdin(), "standard input")
        else:
            text = read_file(position_file)
    except TextFileError as exc:
        raise UsageError(f"--position: {exc}") from None
    return Position.from_json(text)


def _stdin() -> BinaryIO:
    stream: BinaryIO | None = getattr(sys.stdin, "buffer", None)  # bytes: decoded, with a bound, by read_stream
    if stream is None:
        raise UsageError("there is no standard input to read")
    return stream


def _cmd_deal(args: argparse.Namespace) -> int:
    pos = deal_position(parse_code(args.code))
    print(position_json(pos) if args.json else pos.text())
    return 0


def _variant(args: argparse.Namespace) -> str:
    """The variant ``--variant`` or ``--cells`` names (default: the game's first)."""
    spec = registry.game(args.game)
    variant = args.variant or spec.variants[0]
    if args.cells is not None:
        if args.variant:
            raise UsageError("give --variant or --cells, not both")
        with_cells = [v for v in spec.variants if str(spec.rules[v].cell_count) == args.cells]
        if not with_cells:
            games = [s.id for s in registry.games() if any(r.cell_count for r in s.rules.values())]
            raise UsageError(f"--cells {args.cells}: {args.game} has no such variant (--cells is for {', '.join(games)})")
        variant = with_cells[0]
    if variant not in spec.variants:
        raise UsageError(f"{args.game} has no variant {variant!r} (it has {', '.join(spec.variants)})")
    return variant


def _cmd_today(args: argparse.Namespace) -> int:
    variant = _variant(args)
    date = dt.date.today()
    if args.date is not None:  # --date '' is a mistake, not "today"
        wrong = f"--date {quote(args.date)} is not a date like 2026-11-29"
        if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", args.date):  # ASCII digits, this one form
            raise UsageError(wrong)
        try:
            date = dt.date.fromisoformat(args.date)
        except ValueError:
            raise UsageError(wrong) from None
    print(today_deal(args.game, variant, date))
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    if args.lang not in LANGUAGES:
        raise UsageError(f"unknown language {quote(args.lang)} (one of {', '.join(LANGUAGES)})")
    if args.actions:
        tokens = list(args.actions)
    else:
        if args.position == "-":
            raise UsageError("with --position -, give the actions as arguments")
        try:
            text = read_stream(_stdin(), "standard input")
        except TextFileError as exc:
            raise UsageError(str(exc)) from None
        tokens = [line.strip() for line in text.splitlines()]
        tokens = [t for t in tokens if t and not t.startswith("//")]
    start = load_start(args.deal, args.position)
    actions = [(token.strip(), Action.parse(token)) for token in tokens]  # all read before any is played
    game = Game(start)
    out = sys.stdout
    for token, action in actions:
        outcome = game.play(action)
        line = {
            "action": token,
            "ok": outcome.ok,
            "rule": outcome.rule,
            "message": refusal_message(outcome, args.lang),
            "score": game.position.score,
            "moves": game.position.moves,
        }
        out.write(json.dumps(line, ensure_ascii=True) + "\n")
    out.write(position_json(game.position) + "\n")
    return 0


def _cmd_solver(args: argparse.Namespace) -> int:
    from .solver import cli as solver_cli  # imported only when asked for: deal/today/play stay light

    actions = [Action.parse(token) for token in getattr(args, "actions", [])]  # all read before any is played
    start = load_start(args.deal, args.position)
    return solver_cli.run(args.command, start, args.seconds, actions)


def _cmd_daily(args: argparse.Namespace) -> int:
    variant = _variant(args)
    today = dt.date.today()
    year, month = today.year, today.month
    if args.month is not None:
        wrong = f"--month {quote(args.month)} is not a month like 2027-03"
        found = re.fullmatch(r"([0-9]{4})-([0-9]{2})", args.month)  # ASCII digits, this one form
        if not found or not 1 <= int(found.group(2)) <= 12 or int(found.group(1)) < 1:
            raise UsageError(wrong)
        year, month = int(found.group(1)), int(found.group(2))
    if not daily.has_daily(args.game, variant):
        raise UsageError(f"{args.game} {variant} has no daily deals")
    first = daily.FIRST
    if (year, month) < (first.year, first.month):
        raise UsageError(f"--month {year:04d}-{month:02d}: the daily deals start on {first.isoformat()}")
    out = sys.stdout
    day = dt.date(year, month, 1)
    while day.month == month:
        deal = daily.daily(args.game, variant, day)
        if args.json:
            line = {"date": day.isoformat(), "deal": daily.code_text(deal), "difficulty": deal.level,
                    "effort": deal.effort, "repeat_of": deal.repeat_of.isoformat() if deal.repeat_of else None}
            out.write(json.dumps(line, ensure_ascii=True) + "\n")
        else:
            effort = "-" if deal.effort is None else str(deal.effort)
            again = f"  (the deal of {deal.repeat_of.isoformat()} again)" if deal.repeat_of else ""
            out.write(f"{day.isoformat()} {WEEKDAYS[day.weekday()]} {daily.code_text(deal)}  level {deal.level}"
                      f"  effort {effort}{again}\n")
        day += dt.timedelta(days=1)
    return 0


COMMANDS = {"deal": _cmd_deal, "today": _cmd_today, "daily": _cmd_daily, "play": _cmd_play, "solve": _cmd_solver,
            "hint": _cmd_solver}


def position_json(pos: Position) -> str:
    """A position as one line of ASCII JSON (see the module's docstring)."""
    return json.dumps(pos.to_dict(), ensure_ascii=True)


def main(argv: Sequence[str] | None = None) -> int:
    tolerant_streams()
    try:
        args = _build_parser().parse_args(argv)
        if sys.stdout is None:  # started with standard output closed: there is nowhere to answer
            error("standard output is closed, so there is nowhere to write the answer")
            return 2
        status = COMMANDS[args.command](args)
        sys.stdout.flush()  # a full disk shows here, not as a traceback at exit
        return status
    except (UsageError, EngineInputError) as exc:
        error(one_line(str(exc)))
        return 2
    except BrokenPipeError:
        drop_stdout()
        return 0
    except KeyboardInterrupt:  # Ctrl+C during a long solve: a line, not a traceback
        error("interrupted")
        return 130
    except OSError as exc:  # writing the output failed: > /dev/full, a descriptor closed under us
        drop_stdout()
        error(f"cannot write the output: {exc.strerror or exc}")
        return 2


def error(message: str) -> None:
    """``error: <message>`` on stderr: never on stdout (``print(file=None)``
    would write there when stderr is closed), and never an exception."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        stream.write(f"error: {message}\n")
        stream.flush()
    except (OSError, ValueError):  # closed under us, or a pipe with no reader
        pass


def tolerant_streams() -> None:
    """stdout and stderr write what their encoding can't carry as
    backslash escapes (they keep their encoding: an é stays an é in cp1252)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError, TypeError):  # a stream that doesn't allow it keeps its own
                pass
