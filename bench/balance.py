"""Seat balance by self-play: rule-based bots in every seat, many games.

Seat 0 is the first player of the first round. Each game's win goes to its
winners (a shared win is split; a game nobody wins gives nothing), and the
share of all games each seat won is printed; fair is 1 / players. Game
``i`` uses seed ``seed + i``, so a run is reproducible and ``--jobs`` only
changes the speed. Also printed: the spread (the most winning seat's share
over the least's) and, with ``--json``, ``{"seat_win_share": [...],
"games": G, ...}``.

    nice .venv/bin/python bench/balance.py GAME --players 5 --games 1000 --jobs 2 [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def play_one(game_id: str, players: int, seed: int, options: tuple[str, ...],
             bot: str) -> tuple[list[float], dict[str, float]]:
    """One game, ``bot`` in every seat: (each seat's share of the win, extra
    figures the game reports through ``Result.breakdown`` totals)."""
    from ai.base import Budget
    from ai.players import bot_turn, make_bot
    from engine import get_game
    from engine.core import parse_options
    from engine.match import Match, seats_from_kinds

    chosen = parse_options(get_game(game_id).options, list(options), players)
    match = Match(game_id, seats_from_kinds([bot] * players), seed, chosen)
    kind, _, strength = bot.partition(":")
    bots = {s: make_bot(kind, strength or "normal") for s in range(players)}
    while not match.is_over():
        match.play(bot_turn(match, bots, Budget()))
    res = match.game.result(match.state)
    totals: dict[str, float] = {}
    for row in res.breakdown:
        for k, v in row.items():
            totals[k] = totals.get(k, 0.0) + v / players
    return res.rewards(), totals


def run(game_id: str, players: int, games: int, seed: int, jobs: int,
        options: tuple[str, ...], bot: str, progress: bool) -> dict[str, object]:
    wins = [0.0] * players
    totals: dict[str, float] = {}
    started = time.perf_counter()
    done = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_one, game_id, players, seed + i, options, bot)
                   for i in range(games)]
        for fut in futures:
            shares, extra = fut.result()
            wins = [w + s for w, s in zip(wins, shares, strict=True)]
            for k, v in extra.items():
                totals[k] = totals.get(k, 0.0) + v
            done += 1
            if progress and done % max(1, games // 20) == 0:
                print(f"  {done}/{games} games, shares so far "
                      + " ".join(f"{w / done:.3f}" for w in wins), file=sys.stderr)
    shares = [round(w / games, 4) for w in wins]
    low = min(shares) or 1e-9
    return {
        "game": game_id,
        "players": players,
        "games": games,
        "bot": bot,
        "options": list(options),
        "seat_win_share": shares,
        "fair": round(1 / players, 4),
        "spread": round(max(shares) / low, 2),
        "no_winner": round(1 - sum(shares), 4),
        "avg_breakdown": {k: round(v / games, 2) for k, v in sorted(totals.items())},
        "seconds": round(time.perf_counter() - started, 1),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--bot", default="rules", help="bot kind in every seat (default: rules)")
    ap.add_argument("--option", action="append", default=[], metavar="K=V")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    result = run(args.game, args.players, args.games, args.seed, args.jobs,
                 tuple(args.option), args.bot, progress=not args.json)
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:>16}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
