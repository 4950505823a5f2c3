"""Do the shipped learned evaluations reproduce from their recorded seeds?

    python bench/learned_reproduce.py [GAME ...] [--jobs J]

For each game with an ``ai/<game>/learned.json`` (or the games named), the
self-play games its provenance names (seeds, seats, players, one position
every N plays, the ridge) are played again and fitted, and the weights are
compared with the file's. A file fitted in a later round (its games played
by the search with the evaluation before it) cannot be remade from its own
record alone and is reported so. Prints one line per game; exits 1 if any
differs. Takes minutes (hundreds of games): a bench, not a test.
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # bench/engine.py is not it

from ai.learn.evaluator import shipped, shipped_path  # noqa: E402
from ai.train import Plan, fitted, self_play  # noqa: E402
from engine import games  # noqa: E402


def reproduce(game_id: str, jobs: int) -> tuple[bool, str]:
    """(the same weights?, the line to print)."""
    old = shipped(game_id)
    if old is None:
        return True, f"{game_id}: no shipped file ({shipped_path(game_id)})"
    prov = old.provenance
    if "mcts" in prov.seats:
        return True, f"{game_id}: fitted on the search's games (a later round): not remade"
    plan = Plan(game_id, prov.players, prov.games, prov.seeds[0], prov.seats, prov.every,
                prov.ridge, jobs=jobs)
    start = time.perf_counter()
    new = fitted(plan, self_play(plan, None, plan.seed), plan.seed, prov.seats, io.StringIO())
    took = time.perf_counter() - start
    diff = max((abs(round(a, 6) - b) for ra, rb in zip(new.weights, old.weights, strict=True)
                for a, b in zip(ra, rb, strict=True)), default=0.0)
    same = diff < 1e-9 and new.digest == old.digest and new.probe == old.probe
    word = "reproduced" if same else f"DIFFERS (largest weight difference {diff:.2e})"
    return same, (f"{game_id}: {word} from {prov.games} games, seeds {prov.seeds[0]}-"
                  f"{prov.seeds[1]}, {new.provenance.positions} positions, {took:.0f} s")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", help="game ids (default: every game)")
    ap.add_argument("--jobs", type=int, default=1, help="local processes")
    args = ap.parse_args(argv)
    ok = True
    for game_id in args.games or [e.id for e in games.GAMES]:
        same, line = reproduce(game_id, args.jobs)
        print(line, flush=True)
        ok = ok and same
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
