"""Soak test: thousands of random games per game and player count, checked
after every action. Too slow for CI.

Every game in ``engine.games`` gets the checks any game must pass: while it
is not over there is a legal action and ``play`` accepts each one it is
given, ``to_move`` is None exactly when ``is_over``, and the number of
seats never changes. A game's own invariants run too, on the new game and
after every action, when its registry entry names them
(``GameEntry.invariants``: ``check_all(state, previous)``).

    .venv/bin/python bench/soak.py [--games 1000] [--game ID] [--players 2,3]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import get_game  # noqa: E402
from engine.core import IllegalAction  # noqa: E402
from engine.games import GAMES, entry, load  # noqa: E402

Check = Callable[[Any, Any], None]


def own_checks(game_id: str) -> Check | None:
    """The game's own invariants, if its registry entry names them."""
    where = entry(game_id).invariants
    return load(where) if where else None


def soak(game_id: str, players: int, games: int, check: Check | None) -> tuple[int, int]:
    g = get_game(game_id)
    actions = 0
    for seed in range(games):
        rng = random.Random(seed)
        s = g.setup(players, None, seed)
        where = f"{game_id} {players}p seed {seed}"
        if check is not None:
            check(s, None)
        while g.to_move(s) is not None:
            legal = g.legal(s)
            if not legal:
                raise AssertionError(f"{where}: no legal action")
            try:
                nxt = g.play(s, rng.choice(legal))
            except IllegalAction as e:
                raise AssertionError(f"{where}: legal action refused: {e}") from e
            if g.seats(nxt) != players:
                raise AssertionError(f"{where}: {g.seats(nxt)} seats after an action")
            if check is not None:
                check(nxt, s)
            s = nxt
            actions += 1
        if not g.is_over(s):
            raise AssertionError(f"{where}: nobody to move, yet the game is not over")
    return games, actions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--game", action="append", choices=[e.id for e in GAMES],
                    help="only this game (repeatable; default: every game)")
    ap.add_argument("--players", help="player counts, e.g. 2,3 (default: all the game allows)")
    args = ap.parse_args()
    for game_id in args.game or [e.id for e in GAMES]:
        game = get_game(game_id)
        counts = [int(x) for x in args.players.split(",")] if args.players else game.players
        check = own_checks(game_id)
        extra = "and its own invariants " if check else ""
        for p in counts:
            t = time.perf_counter()
            games, actions = soak(game_id, p, args.games, check)
            print(f"{game_id} {p} players: {games} games, {actions} actions, generic checks "
                  f"{extra}intact ({time.perf_counter() - t:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
