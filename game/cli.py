"""``python -m game``: deal, today, play (and solve, hint when the solver is
there). Everything runs without a display. Bad input exits with status 2 and
one line on stderr; a refused action is data, not an error."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from typing import Sequence

from .engine import Action, EngineInputError, Game, Position, deal_position, parse_code
from .daily import today_code
from .engine.deals import EASY_HARP, EIGHT_OFF, GAMES
from .i18n import LANGUAGES


class UsageError(Exception):
    """Bad input on the command line: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, like every bad input here
        raise UsageError(message)


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m game", description="Easy Harp and Eight Off without a display.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("deal", help="print the dealt position of a deal code")
    p.add_argument("code")
    p.add_argument("--json", action="store_true", help="print the contract's JSON instead of text")

    p = sub.add_parser("today", help="print today's (or a date's) deal code")
    p.add_argument("--game", choices=[EASY_HARP, EIGHT_OFF], default=EASY_HARP)
    p.add_argument("--cells", choices=["8", "4", "2"], default=None)
    p.add_argument("--date", default=None, help="YYYY-MM-DD (default: today, local time)")

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
    p.add_argument("--seconds", type=float, default=30.0)

    p = sub.add_parser("hint", help="the next action the solver advises")
    start_options(p)
    p.add_argument("--seconds", type=float, default=10.0)
    return parser


def load_start(deal: str | None, position_file: str | None) -> Position:
    if deal is not None:
        return deal_position(parse_code(deal))
    try:
        if position_file == "-":
            text = sys.stdin.read()
        else:
            with open(position_file, encoding="utf-8") as f:
                text = f.read()
    except OSError as exc:
        raise UsageError(f"cannot read {position_file}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{position_file} is not UTF-8 text") from None
    return Position.from_json(text)


def _cmd_deal(args: argparse.Namespace) -> int:
    pos = deal_position(parse_code(args.code))
    print(pos.to_json() if args.json else pos.text())
    return 0


def _cmd_today(args: argparse.Namespace) -> int:
    if args.cells and args.game != EIGHT_OFF:
        raise UsageError("--cells is for eight-off")
    date = dt.date.today()
    if args.date:
        try:
            date = dt.date.fromisoformat(args.date)
        except ValueError:
            raise UsageError(f"--date {args.date!r} is not a date like 2026-11-29") from None
    variant = f"C{args.cells or 8}" if args.game == EIGHT_OFF else GAMES[EASY_HARP][1][0]
    print(today_code(date, args.game, variant))
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    if args.lang not in LANGUAGES:
        raise UsageError(f"unknown language {args.lang!r} (one of {', '.join(LANGUAGES)})")
    if args.actions:
        tokens = list(args.actions)
    else:
        if args.position == "-":
            raise UsageError("with --position -, give the actions as arguments")
        tokens = [line.strip() for line in sys.stdin.read().splitlines()]
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
            "message": outcome.message(args.lang),
            "score": game.position.score,
            "moves": game.position.moves,
        }
        out.write(json.dumps(line, ensure_ascii=False) + "\n")
    out.write(game.position.to_json() + "\n")
    return 0


def _cmd_solver(args: argparse.Namespace) -> int:
    try:
        from .solver import cli as solver_cli
    except ImportError:
        raise UsageError(f"'{args.command}' needs the solver, which is not part of this build") from None
    start = load_start(args.deal, args.position)
    return solver_cli.run(args.command, start, args.seconds)


COMMANDS = {"deal": _cmd_deal, "today": _cmd_today, "play": _cmd_play, "solve": _cmd_solver, "hint": _cmd_solver}


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = _build_parser().parse_args(argv)
        return COMMANDS[args.command](args)
    except (UsageError, EngineInputError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
