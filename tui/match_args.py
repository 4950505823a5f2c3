"""A new Match from the command line: ``GAME --players --seats --names --seed
--option K=V``, shared by ``tabula new`` and ``tabula play --headless``.

Everything a game offers is read from the game itself (its player range and
its declared ``options``), so a new game needs nothing here. Bad input is a
``UsageError`` with one line a player can act on.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import Any

from .errors import UsageError

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


def game_options(game: Any, pairs: Sequence[str], players: int) -> Any:
    """``--option K=V`` strings as the game's Options, checked against the
    options it declares; UsageError naming the known keys or the bad value."""
    from engine.core import named_options, parse_options
    from saves.plain import plain

    try:
        return named_options(game.options, parse_options(game.options, list(pairs), players))
    except ValueError as e:  # the reason quotes what was typed
        raise UsageError(f"--option: {plain(str(e), 300)}") from None


def seat_kinds(args: argparse.Namespace, game: Any, default_kind: str) -> list[str]:
    """The seats asked for: --seats, else ``default_kind`` then rules bots."""
    if args.seats:
        kinds = [k.strip() for k in args.seats.split(",")]
    else:
        n = args.players or game.default_players
        kinds = [default_kind] + ["rules"] * (n - 1)
    if args.players and args.players != len(kinds):
        raise UsageError(f"--players {args.players} but {len(kinds)} seats were given")
    return kinds


def match_from_args(args: argparse.Namespace, default_kind: str):
    """Build a Match from game/--players/--seats/--names/--seed/--option."""
    import engine
    from ai.players import check_seats
    from engine.core import IllegalAction
    from engine.match import Match, seats_from_kinds

    if args.game not in engine.REGISTRY.ids():
        raise UsageError(f"unknown game {args.game!r} (known: {', '.join(engine.REGISTRY.ids())})")
    game = engine.get_game(args.game)
    kinds = seat_kinds(args, game, default_kind)
    try:
        check_seats(args.game, kinds, humans=True)
    except ValueError as e:
        raise UsageError(str(e)) from None
    options = game_options(game, args.option, len(kinds))
    names = check_names(args.names.split(",")) if args.names else None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    try:
        return Match(args.game, seats_from_kinds(kinds, names), seed, options)
    except IllegalAction as e:
        raise UsageError(str(e)) from None
