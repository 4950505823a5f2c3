"""Soak test: thousands of random games per player count, every invariant
checked after every action (tests/provincia_invariants.py). Too slow for CI.

    .venv/bin/python bench/soak.py [--games 1000] [--players 2,3,4,5,6]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import get_game  # noqa: E402
from engine.core import IllegalAction  # noqa: E402
from tests.provincia_invariants import check_all  # noqa: E402


def soak(players: int, games: int) -> tuple[int, int]:
    g = get_game("provincia")
    actions = 0
    for seed in range(games):
        rng = random.Random(seed)
        s = g.setup(players, None, seed)
        while g.to_move(s) is not None:
            legal = g.legal(s)
            if not legal:
                raise AssertionError(f"{players}p seed {seed}: no legal action")
            try:
                nxt = g.play(s, rng.choice(legal))
            except IllegalAction as e:
                raise AssertionError(f"{players}p seed {seed}: legal action refused: {e}") from e
            check_all(nxt, s)
            s = nxt
            actions += 1
    return games, actions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", default="2,3,4,5,6")
    args = ap.parse_args()
    for p in (int(x) for x in args.players.split(",")):
        t = time.perf_counter()
        games, actions = soak(p, args.games)
        print(f"{p} players: {games} games, {actions} actions, invariants intact "
              f"({time.perf_counter() - t:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
