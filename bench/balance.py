"""Seat balance by self-play: rule-based bots in every seat, many games.

Seat 0 is the first player of the first round. Each game's win goes to its
winners (a shared win is split; a game nobody wins gives nothing), and the
share of all games each seat won is printed; fair is 1 / players. Game
``i`` uses seed ``seed + i``, so a run is reproducible and ``--jobs`` only
changes the speed. Also printed: the spread (the most winning seat's share
over the least's), and, for games whose events report fights (a ``won``
field) and whose state has a ``round``, the share of fights lost in each
round. With ``--json`` only ``{"seat_win_share": [...], "games": G}`` is
printed, for scripts.

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
             bot: str) -> tuple[list[float], dict[str, float], dict[int, list[int]]]:
    """One game, ``bot`` in every seat: (each seat's share of the win, extra
    figures the game reports through ``Result.breakdown`` totals, fights per
    round as [lost, fought])."""
    from ai.base import Budget
    from ai.players import bot_turn, make_bot
    from engine import get_game
    from engine.core import named_options, parse_options
    from engine.match import Match, seats_from_kinds

    declared = get_game(game_id).options
    chosen = named_options(declared, parse_options(declared, list(options), players))  # a new game
    match = Match(game_id, seats_from_kinds([bot] * players), seed, chosen)
    kind, _, strength = bot.partition(":")
    bots = {s: make_bot(kind, strength or "normal") for s in range(players)}
    fights: dict[int, list[int]] = {}
    while not match.is_over():
        before = getattr(match.state, "round", None)
        match.play(bot_turn(match, bots, Budget()))
        count_fights(before, match.state.events, fights)
    res = match.game.result(match.state)
    totals: dict[str, float] = {}
    for row in res.breakdown:
        for k, v in row.items():
            totals[k] = totals.get(k, 0.0) + v / players
    return res.rewards(), totals, fights


def count_fights(rnd: int | None, events: tuple, fights: dict[int, list[int]]) -> None:
    """Add the fights among one step's events to ``fights[round]``; ``rnd``
    is the round the step began in (a step may run on into the next one)."""
    for e in events:
        if isinstance(getattr(e, "round", None), int):
            rnd = e.round
        won = getattr(e, "won", None)
        if rnd is None or not isinstance(won, bool):
            continue
        row = fights.setdefault(rnd, [0, 0])
        row[0] += not won
        row[1] += 1


def run(game_id: str, players: int, games: int, seed: int, jobs: int,
        options: tuple[str, ...], bot: str, progress: bool) -> dict[str, object]:
    wins = [0.0] * players
    totals: dict[str, float] = {}
    fights: dict[int, list[int]] = {}
    started = time.perf_counter()
    done = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_one, game_id, players, seed + i, options, bot)
                   for i in range(games)]
        for fut in futures:
            shares, extra, fought = fut.result()
            for rnd, (lost, n) in fought.items():
                row = fights.setdefault(rnd, [0, 0])
                row[0] += lost
                row[1] += n
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
        "battles_lost": {rnd: round(lost / n, 3) for rnd, (lost, n) in sorted(fights.items())},
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
        print(json.dumps({"seat_win_share": result["seat_win_share"], "games": args.games}))
    else:
        for k, v in result.items():
            print(f"{k:>16}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
