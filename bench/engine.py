"""Engine speed: random full games for every game and player count.

Prints, for every game in ``engine.games`` (or each ``--game``) and each of
its player counts, the median over several runs of: ms per whole game, µs
per ``play`` and per ``legal`` call, and the peak memory of one game
(tracemalloc). ``--json`` prints {game id: {"4": {"ms_per_game": …,
"play_us": …, "legal_us": …, "peak_mb": …}}}.

    .venv/bin/python bench/engine.py [--games 20] [--runs 5] [--game ID] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from engine.games import GAMES  # noqa: E402


def one_game(game, players: int, seed: int) -> tuple[float, float, float, int]:
    """(seconds, seconds in play, seconds in legal, plays) for a random game."""
    rng = random.Random(seed)
    t_play = t_legal = 0.0
    n = 0
    clock = time.perf_counter
    start = clock()
    s = game.setup(players, None, seed)
    while game.to_move(s) is not None:
        t0 = clock()
        legal = game.legal(s)
        t1 = clock()
        s = game.play(s, rng.choice(legal))
        t2 = clock()
        t_legal += t1 - t0
        t_play += t2 - t1
        n += 1
    return clock() - start, t_play, t_legal, n


def peak_mb(game, players: int, seed: int) -> float:
    """Peak memory of a game kept whole, every state in memory, as a Match
    keeps it (states share their unchanged parts)."""
    rng = random.Random(seed)
    tracemalloc.start()
    states = [game.setup(players, None, seed)]
    while game.to_move(states[-1]) is not None:
        states.append(game.play(states[-1], rng.choice(game.legal(states[-1]))))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1e6


def measure(game, players: int, games: int, runs: int) -> dict[str, float]:
    per_game, play_us, legal_us = [], [], []
    for run in range(runs):
        total = tp = tl = 0.0
        plays = 0
        for g in range(games):
            t, p, lg, n = one_game(game, players, 1000 * run + g)
            total += t
            tp += p
            tl += lg
            plays += n
        per_game.append(total / games * 1e3)
        play_us.append(tp / plays * 1e6)
        legal_us.append(tl / plays * 1e6)
    return {
        "ms_per_game": round(statistics.median(per_game), 2),
        "play_us": round(statistics.median(play_us), 2),
        "legal_us": round(statistics.median(legal_us), 2),
        "peak_mb": round(peak_mb(game, players, 0), 2),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per run")
    ap.add_argument("--runs", type=int, default=5, help="runs (the median is reported)")
    ap.add_argument("--game", action="append", choices=[e.id for e in GAMES],
                    help="only this game (repeatable; default: every game)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out: dict[str, dict[str, dict[str, float]]] = {}
    for gid in args.game or [e.id for e in GAMES]:
        game = engine.get_game(gid)
        out[gid] = {}
        for players in game.players:
            out[gid][str(players)] = measure(game, players, args.games, args.runs)
            if not args.json:
                m = out[gid][str(players)]
                print(f"{gid:10} {players}p  {m['ms_per_game']:8.2f} ms/game  "
                      f"play {m['play_us']:6.1f} µs  legal {m['legal_us']:6.1f} µs  "
                      f"peak {m['peak_mb']:5.2f} MB", flush=True)
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
