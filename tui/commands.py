"""One function per ``tabula`` subcommand; each returns the exit status.

Each imports what it runs only when called, so ``tabula play --headless``
never loads Textual and ``tabula serve`` never loads a game.
"""

from __future__ import annotations

import argparse

from .errors import UsageError


def cmd_play(args: argparse.Namespace) -> int:
    if not args.headless:
        return cmd_new(args)
    from .headless import print_game, run_headless
    from .match_args import match_from_args

    match = match_from_args(args, default_kind="rules")
    if any(s.is_human for s in match.seats):
        raise UsageError("--headless needs a bot in every seat (no 'human')")
    run_headless(match, iterations=args.iterations, seconds=args.seconds, explain=args.explain)
    print_game(match, args.json)
    if args.save:
        from .saving import save_finished

        save_finished(match, args.save)
    return 0


def cmd_title(args: argparse.Namespace) -> int:
    from .entry import run_title

    return run_title(args)


def cmd_new(args: argparse.Namespace) -> int:
    from .entry import run_new

    return run_new(args)


def cmd_load(args: argparse.Namespace) -> int:
    from .entry import run_load

    return run_load(args)


def cmd_replay(args: argparse.Namespace) -> int:
    if args.headless or args.json:
        from .replay_cmd import run_headless_replay

        return run_headless_replay(args)
    from .entry import run_replay

    return run_replay(args)


def cmd_review(args: argparse.Namespace) -> int:
    from .review_cmd import run_review

    return run_review(args)


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
    from .entry import run_rules

    return run_rules(args)


def cmd_serve(args: argparse.Namespace) -> int:
    from .ssh.server import main as serve_main

    return serve_main(args)


def cmd_host(args: argparse.Namespace) -> int:
    from .local_cmd import run_host

    return run_host(args)


def cmd_join(args: argparse.Namespace) -> int:
    from .local_cmd import run_join

    return run_join(args)
