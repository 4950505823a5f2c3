"""One function per ``tabula`` subcommand; each returns the exit status."""

from __future__ import annotations

import argparse
import random

from .cli import UsageError


def parse_options(pairs: list[str]) -> dict[str, object]:
    """``K=V`` strings into options; lists split on commas, booleans parsed."""
    out: dict[str, object] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"an option is KEY=VALUE, not {pair!r}")
        low = value.lower()
        if low in ("true", "false", "yes", "no", "on", "off"):
            out[key] = low in ("true", "yes", "on")
        elif "," in value or key == "cities":
            out[key] = tuple(v.strip() for v in value.split(",") if v.strip())
        else:
            try:
                out[key] = int(value)
            except ValueError:
                out[key] = value
    return out


MAX_NAME = 32  # characters of a seat name given on the command line


def check_names(given: list[str]) -> list[str]:
    """Seat names from --names, stripped; UsageError for a control character or
    a name too long (a name is shown on every screen and saved with the game)."""
    from saves.plain import has_control, plain

    names = [n.strip() for n in given]
    for name in names:
        if has_control(name):
            raise UsageError(f"--names: {plain(name, 40)!r} holds a control character")
        if len(name) > MAX_NAME:
            raise UsageError(f"--names: {plain(name, 40)!r} is longer than {MAX_NAME} "
                             "characters")
    return names


def match_from_args(args: argparse.Namespace, default_kind: str):
    """Build a Match from game/--players/--seats/--names/--seed/--option."""
    import engine
    from ai.players import check_seats
    from engine.core import IllegalAction, Options
    from engine.match import Match, seats_from_kinds

    if args.game not in engine.REGISTRY.ids():
        raise UsageError(f"unknown game {args.game!r} (known: {', '.join(engine.REGISTRY.ids())})")
    game = engine.get_game(args.game)
    if args.seats:
        seat_kinds = [k.strip() for k in args.seats.split(",")]
    else:
        n = args.players or getattr(game, "default_players", game.players.start)
        seat_kinds = [default_kind] + ["rules"] * (n - 1)
    if args.players and args.players != len(seat_kinds):
        raise UsageError(f"--players {args.players} but {len(seat_kinds)} seats were given")
    try:
        check_seats(args.game, seat_kinds, humans=True)
    except ValueError as e:
        raise UsageError(str(e)) from None
    names = check_names(args.names.split(",")) if args.names else None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    try:
        return Match(args.game, seats_from_kinds(seat_kinds, names), seed,
                     Options.of(parse_options(args.option)))
    except IllegalAction as e:
        raise UsageError(str(e)) from None


def cmd_play(args: argparse.Namespace) -> int:
    if not args.headless:
        return cmd_new(args)
    from .headless import print_game, run_headless

    match = match_from_args(args, default_kind="rules")
    humans = [s.name for s in match.seats if s.is_human]
    if humans:
        raise UsageError("--headless needs a bot in every seat (no 'human')")
    run_headless(match, iterations=args.iterations, seconds=args.seconds, explain=args.explain)
    print_game(match, args.json)
    if args.save:
        from .saving import save_finished

        save_finished(match, args.save)
    return 0


def cmd_title(args: argparse.Namespace) -> int:
    from .app import run_title

    return run_title(args)


def cmd_new(args: argparse.Namespace) -> int:
    from .app import run_new

    return run_new(args)


def cmd_load(args: argparse.Namespace) -> int:
    from .app import run_load

    return run_load(args)


def cmd_replay(args: argparse.Namespace) -> int:
    if args.headless or args.json:
        from .replay_cmd import run_headless_replay

        return run_headless_replay(args)
    from .app import run_replay

    return run_replay(args)


def cmd_saves(args: argparse.Namespace) -> int:
    from .saves_cmd import run_saves

    return run_saves(args)


def cmd_arena(args: argparse.Namespace) -> int:
    from ai.arena import main as arena_main

    try:
        return arena_main(args)
    except ValueError as e:
        raise UsageError(str(e)) from None


def cmd_rules(args: argparse.Namespace) -> int:
    from .app import run_rules

    return run_rules(args)


def cmd_serve(args: argparse.Namespace) -> int:
    from .ssh.server import main as serve_main

    return serve_main(args)
