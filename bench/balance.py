"""Seat balance by self-play: rule-based bots in every seat, many games.

Seat 0 is the first player of the first round. Each game's win goes to its
winners (a shared win is split; a game nobody wins gives nothing), and the
share of all games each seat won is printed; fair is 1 / players. Game
``i`` uses seed ``seed + i``, so a run is reproducible and ``--jobs`` only
changes the speed. Also printed: the spread (the most winning seat's share
over the least's), the share of the games played as each seat label
(``Game.seat_label``: Provincia's cities, Age of Rome's characters) that
were won, and the game's own tally if its registry entry names one
(``Bench.tally``: Provincia's battles lost by round). With ``--json`` only
``{"seat_win_share": [...], "games": G}`` is printed, for scripts.

    nice .venv/bin/python bench/balance.py GAME --players 5 --games 1000 --jobs 2 [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


Counts = dict[Any, list[int]]  # key -> [hits, tries]


class Played(NamedTuple):
    """What one game gives the totals: each seat's share of the win and its
    label, the ``Result.breakdown`` averaged over the seats, and the game's
    tally ([hits, tries] per key). Sent back from a worker process as the
    plain tuple it is."""

    shares: list[float]
    labels: list[str]
    breakdown: dict[str, float]
    tally: Counts


def play_one(game_id: str, players: int, seed: int, options: tuple[str, ...],
             bot: str) -> tuple:
    """One game, ``bot`` in every seat: a ``Played``, as a plain tuple."""
    from ai.base import Budget
    from ai.players import bot_turn, make_bot
    from engine import get_game
    from engine.core import named_options, parse_options
    from engine.games import entry, load
    from engine.match import Match, seats_from_kinds

    declared = get_game(game_id).options
    chosen = named_options(declared, parse_options(declared, list(options), players))  # a new game
    match = Match(game_id, seats_from_kinds([bot] * players), seed, chosen)
    kind, _, strength = bot.partition(":")
    bots = {s: make_bot(kind, strength or "normal") for s in range(players)}
    where = entry(game_id).bench.tally
    tally = load(where) if where else None
    counts: Counts = {}
    while not match.is_over():
        before = match.state
        match.play(bot_turn(match, bots, Budget()))
        for key, hit in tally(before, match.state) if tally else ():
            row = counts.setdefault(key, [0, 0])
            row[0] += hit
            row[1] += 1
    game, s = match.game, match.state
    res = game.result(s)
    totals: dict[str, float] = {}
    for row in res.breakdown:
        for k, v in row.items():
            totals[k] = totals.get(k, 0.0) + v / players
    return tuple(Played(res.rewards(), [game.seat_label(s, i) for i in range(players)], totals,
                        counts))


def add(into: Counts, counts: Counts) -> None:
    for key, (hits, tries) in counts.items():
        row = into.setdefault(key, [0, 0])
        row[0] += hits
        row[1] += tries


def shares(counts: Counts) -> dict[Any, float]:
    """The share of hits per key, keys in order."""
    return {k: round(hits / tries, 3) for k, (hits, tries) in sorted(counts.items()) if tries}


def run(game_id: str, players: int, games: int, seed: int, jobs: int,
        options: tuple[str, ...], bot: str, progress: bool) -> dict[str, object]:
    from engine.games import entry

    wins = [0.0] * players
    totals: dict[str, float] = {}
    tally: Counts = {}
    by_label: dict[str, list[float]] = {}  # label -> [wins, games played as it]
    started = time.perf_counter()
    done = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_one, game_id, players, seed + i, options, bot)
                   for i in range(games)]
        for fut in futures:
            game = Played(*fut.result())
            add(tally, game.tally)
            for label, share in zip(game.labels, game.shares, strict=True):
                row = by_label.setdefault(label, [0.0, 0])
                row[0] += share
                row[1] += 1
            wins = [w + s for w, s in zip(wins, game.shares, strict=True)]
            for k, v in game.breakdown.items():
                totals[k] = totals.get(k, 0.0) + v
            done += 1
            if progress and done % max(1, games // 20) == 0:
                print(f"  {done}/{games} games, shares so far "
                      + " ".join(f"{w / done:.3f}" for w in wins), file=sys.stderr)
    seat_shares = [round(w / games, 4) for w in wins]
    low = min(seat_shares) or 1e-9
    return {
        "game": game_id,
        "players": players,
        "games": games,
        "bot": bot,
        "options": list(options),
        "seat_win_share": seat_shares,
        "fair": round(1 / players, 4),
        "spread": round(max(seat_shares) / low, 2),
        "no_winner": round(1 - sum(seat_shares), 4),
        "label_win_share": {label: round(w / n, 4) for label, (w, n) in sorted(by_label.items())},
        **({entry(game_id).bench.tally_name: shares(tally)} if tally else {}),
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
