"""The ``tabula`` command: the title screen by default, and subcommands.

Heavy modules (Textual, asyncssh) are imported only by the subcommands that
need them, so ``tabula play --headless`` starts fast. Bad arguments exit 2
with a one-line reason. The games offered, and their ``--option`` keys, are
read from the registry (``engine.games``) and the games themselves, so a new
game needs nothing here.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .errors import EXIT_USAGE, UsageError

__all__ = ["EXIT_USAGE", "build_parser", "main", "options_help"]


class Parser(argparse.ArgumentParser):
    """One-line errors, exit 2. A parser that starts a game
    (``lists_options``) ends its help with every game's options, read only
    when help is asked for: that imports each game's rules, which parsing
    alone need not pay for."""

    lists_options = False

    def error(self, message: str) -> None:  # one line, exit 2
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        sys.exit(EXIT_USAGE)

    def format_help(self) -> str:
        if self.lists_options:
            self.epilog = options_help()
        return super().format_help()


def game_ids() -> list[str]:
    """The registered games' ids, read now (a test may register one)."""
    from engine import games

    return [e.id for e in games.GAMES]


def default_game() -> str:
    from engine.games import DEFAULT_GAME

    return DEFAULT_GAME


def options_help(width: int = 78) -> str:
    """Every game's options as ``--option`` help: key=VALUE, label, help,
    the values allowed and the default."""
    import engine
    from engine import games

    lines = ["game options (--option KEY=VALUE, repeatable):"]
    for e in games.GAMES:
        game = engine.get_game(e.id)
        options = game.options
        lines.append(f"  {e.id} ({e.title}):" + ("" if options else " none"))
        note = getattr(game, "note", "")  # a game's word on its player counts (a solo mode)
        if note:
            lines += textwrap.wrap(f"--players {game.players.start}-{game.players.stop - 1}. "
                                   f"{note}", width, initial_indent=" " * 4,
                                   subsequent_indent=" " * 4)
        for o in options:
            lines.append(f"    {o.key}={_metavar(o)}")
            text = f"{o.label}: {o.help}{_allowed(o)}"
            lines += textwrap.wrap(text, width, initial_indent=" " * 8,
                                   subsequent_indent=" " * 8)
    return "\n".join(lines)


def _metavar(o: Any) -> str:
    return {"bool": "true|false", "int": "N", "seats": "A,B,…"}.get(o.kind, "VALUE")


def _allowed(o: Any) -> str:
    """The values ``o`` takes and its default, as the end of a sentence."""
    if o.kind == "bool":
        allowed = "true or false"
    elif o.kind == "int" and o.bounds:
        allowed = f"{o.bounds[0]} to {o.bounds[1]}"
    elif o.kind == "seats":
        allowed = "one per seat, all different, of " + ", ".join(o.choices)
    elif o.choices:
        allowed = "one of " + ", ".join(o.choices)
    else:
        allowed = ""
    if o.default is not None:
        default = str(o.default).lower() if o.kind == "bool" else str(o.default)
        allowed += f"; default {default}" if allowed else f"default {default}"
    return f" ({allowed})" if allowed else ""


def _add_game(p: argparse.ArgumentParser, **kw: Any) -> None:
    ids = game_ids()
    p.add_argument("game", choices=ids, metavar="GAME", help=f"one of: {', '.join(ids)}", **kw)


def _add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=int, help="number of players (default: the seats given)")
    p.add_argument("--seats", help="comma-separated seat kinds: human, random, rules, mcts"
                   " (add :easy/:normal/:hard for bot strength)")
    p.add_argument("--names", help="comma-separated player names")
    p.add_argument("--seed", type=int, help="random seed (default: random, printed)")
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="a game option (repeatable); each game's are listed below")


def _game_parser(sub: Any, name: str, help: str) -> argparse.ArgumentParser:
    p = sub.add_parser(name, help=help, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.lists_options = True
    _add_game(p)
    _add_game_options(p)
    return p


def build_parser() -> argparse.ArgumentParser:
    ap = Parser(prog="tabula", description="A terminal table for Roman strategy board games.")
    ap.add_argument("--save-dir", help="the save folder (default: $TABULA_HOME or the "
                    "platform's user data folder)")
    sub = ap.add_subparsers(dest="command", parser_class=Parser)

    p = _game_parser(sub, "play", "play a game; --headless lets bots play every seat")
    p.add_argument("--headless", action="store_true", help="no UI: print the log and scores")
    p.add_argument("--json", action="store_true", help="with --headless: one JSON document")
    p.add_argument("--save", metavar="FILE", help="write the finished game to FILE")
    p.add_argument("--explain", action="store_true", help="print each bot's top alternatives")
    p.add_argument("--iterations", type=int, help="bot search iterations per move (mcts)")
    p.add_argument("--seconds", type=float, help="bot thinking time per move (mcts)")

    _game_parser(sub, "new", "start a new game in the terminal UI")

    p = sub.add_parser("load", help="resume a saved game in the terminal UI")
    p.add_argument("file")

    p = sub.add_parser("replay", help="step through (or --headless: print) a saved game")
    p.add_argument("file")
    p.add_argument("--headless", action="store_true")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("review", help="a finished save's review: each seat's win chance over "
                                      "the game and the costliest decisions")
    p.add_argument("file", help="a finished game's save: a path, or a name in the save folder")
    p.add_argument("--json", action="store_true",
                   help="one JSON document: per seat its chances and costliest decisions")
    p.add_argument("--iterations", type=int, metavar="N",
                   help="the search's iterations for each costly decision (default 300)")

    p = sub.add_parser("saves", help="list the saved games")
    p.add_argument("--delete", metavar="NAME", help="delete a named save")

    p = sub.add_parser("arena", help="bots against bots, many games, with standings",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.lists_options = True
    _add_game(p)
    p.add_argument("--seats", required=True,
                   help="comma-separated bot kinds (random, rules, mcts; add :easy/:normal/:hard),"
                   " e.g. mcts,rules,rules,rules")
    p.add_argument("--games", type=int, default=20,
                   help="games to play; the seats rotate one position each game (default 20)")
    p.add_argument("--seed", type=int, default=0, help="game i is played with seed S+i")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--json", action="store_true",
                   help="one JSON document on stdout (progress still goes to stderr)")
    p.add_argument("--iterations", type=int,
                   help="mcts iterations per decision (instead of the strength's budget)")
    p.add_argument("--seconds", type=float,
                   help="mcts seconds per decision (instead of the strength's budget)")
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="a game option for every game (repeatable); listed below")

    p = sub.add_parser("rules", help="read a rulebook")
    _add_game(p, nargs="?", default=default_game())

    p = sub.add_parser("serve", help="host games over SSH",
                       description="Host Tabula over SSH: each connection plays its own "
                       "game, or sits at a shared table with others: `ssh -t -p PORT HOST "
                       "lobby` opens the tables, `ssh -p PORT CODE@HOST` joins one by its "
                       "code. Unfinished tables are kept in the data dir over restarts.")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default: 127.0.0.1; 0.0.0.0 for everyone)")
    p.add_argument("--port", type=int, default=2222, help="port to listen on (default: 2222)")
    p.add_argument("--host-key", metavar="FILE",
                   help="host key file, generated on first start (default: in the data dir)")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--authorized-keys", metavar="FILE",
                     help="only these public keys may connect; each key keeps its own saves")
    who.add_argument("--guest", action="store_true",
                     help="anyone may connect, as a guest whose saves vanish on leaving")
    _add_limits(p, SESSION_LIMITS)
    p.add_argument("--data-dir", metavar="DIR",
                   help="per-player save folders and shared tables live here "
                        "(default: the user data folder)")
    _add_limits(p, TABLE_LIMITS)

    p = sub.add_parser("host", help="host shared tables on this machine (no SSH)",
                       description="Host shared tables for people on this machine: starts the "
                       "table hall (a background process) if none runs and opens its lobby; "
                       "others join from their own terminals (logged in as the same user) with "
                       "`tabula join CODE`. The tables go on when the host quits; the hall "
                       "saves them and stops 5 minutes after the last player leaves, and the "
                       "next `tabula host` brings them back.")
    p.add_argument("--name", help="your name at the tables (default: your login name)")
    p = sub.add_parser("join", help="join a table hosted on this machine by `tabula host`",
                       description="Join a shared table that someone on this machine hosts "
                       "with `tabula host`, by its code (as the lobby shows it); a table kept "
                       "while no hall runs starts the hall again.")
    p.add_argument("code", metavar="CODE", help="the table's code, e.g. KTRZB")
    p.add_argument("--name", help="your name at the table (default: your login name)")
    return ap


@dataclass(frozen=True)
class Limit:
    """One number ``serve`` may be given: its flag, type, default and meaning."""

    flag: str
    kind: type
    default: float | None
    metavar: str
    help: str
    default_note: str = ""  # what the default means, where the number alone does not say


SESSION_LIMITS = (
    Limit("--max-sessions", int, 32, "N", "games running at once"),
    Limit("--games-per-player", int, 4, "N", "games one player may run at once: per key, "
          "or for guests per address (IPv6: per /64)"),
    Limit("--idle-timeout", float, 1800, "SECONDS",
          "end a session after this long without a key press", "0 = never"),
    Limit("--max-session-time", float, None, "SECONDS", "end any session after this long",
          "no limit"),
    Limit("--max-connections-per-minute", int, 20, "N",
          "new connections allowed per address per minute"),
    Limit("--max-connections-per-address", int, 8, "N",
          "connections open at once from one address, logged in or not"),
    Limit("--game-memory", int, 512, "MIB", "memory limit of each game process in MiB",
          "0 = none"),
)

TABLE_LIMITS = (
    Limit("--seat-grace", float, 120, "SECONDS", "how long a shared table keeps a player's "
          "seat after they drop out, before a bot plays it", "they get it back on return"),
    Limit("--turn-limit", float, 0, "SECONDS", "a bot moves for a player who takes longer "
          "than this over a move at a shared table", "= no limit"),
    Limit("--max-tables", int, 50, "N", "shared tables open at once"),
    Limit("--tables-per-key", int, 3, "N", "unfinished shared tables one player may host; "
          "guests count by their address"),
    Limit("--table-idle", float, 1800, "SECONDS", "a started shared table nobody sits at or "
          "watches: its bots wait, and after this long it is saved into its players' "
          "folders and closed"),
    Limit("--chat-rate", int, 30, "N",
          "chat lines a player may send per minute, after a burst of 5"),
)


def _add_limits(p: argparse.ArgumentParser, limits: Sequence[Limit]) -> None:
    """Add each limit as an option whose help ends with its default."""
    for limit in limits:
        if limit.default is None:
            default = limit.default_note
        elif limit.default_note.startswith("="):
            default = f"{limit.default:g} {limit.default_note}"
        else:
            default = "; ".join(filter(None, (f"{limit.default:g}", limit.default_note)))
        p.add_argument(limit.flag, type=limit.kind, default=limit.default,
                       metavar=limit.metavar, help=f"{limit.help} (default: {default})")


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return dispatch(args)
    except UsageError as e:
        from saves.plain import plain  # a reason may quote what was typed or read

        print(f"tabula: error: {plain(str(e), 1000)}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130


def dispatch(args: argparse.Namespace) -> int:
    from . import commands

    handler = getattr(commands, f"cmd_{args.command or 'title'}")
    return handler(args)


if __name__ == "__main__":
    sys.exit(main())
