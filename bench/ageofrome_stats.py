"""Age of Rome by self-play: character and seat balance, and the Emperor
Solo's titles.

Also printed per character: its mean margin (its final total less the
table's mean) — what tuning the stand-in characters aims to even out.

Plays ``--games`` games with ``--bot`` in every seat (game ``i`` uses seed
``seed + i``) and prints each character's and each seat's win share (a
shared victory split) with Wilson 95% intervals, the spread (the most
winning over the least winning share, per characters and per seats: the
issue asks for <= 1.5), the mean final total and its parts by scoring
line; with ``--players 1`` the Emperor Solo: how often each title (and
none) is reached and the mean tasks fulfilled.

    nice .venv/bin/python bench/ageofrome_stats.py --players 4 --games 1000 --jobs 2 \\
        [--option hard_times=true] [--bot rules] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.stats import wilson  # noqa: E402


def play_one(players: int, seed: int, bot: str, options: tuple[str, ...]) -> dict:
    from ai.base import Budget
    from ai.players import bot_turn, make_bot
    from engine import get_game
    from engine.ageofrome import data
    from engine.core import named_options, parse_options
    from engine.match import Match, seats_from_kinds

    declared = get_game("ageofrome").options
    chosen = named_options(declared, parse_options(declared, list(options), players))
    match = Match("ageofrome", seats_from_kinds([bot] * players), seed, chosen)
    kind, _, strength = bot.partition(":")
    bots = {s: make_bot(kind, strength or "normal") for s in range(players)}
    while not match.is_over():
        match.play(bot_turn(match, bots, Budget()))
    s = match.state
    res = match.game.result(s)
    return {
        "characters": [data.CHARACTERS[p.character].name for p in s.players],
        "shares": res.rewards(),
        "scores": list(res.scores),
        "breakdown": [dict(row) for row in res.breakdown],
        "title": _title(res.outcome),
    }


def _title(outcome: str) -> str:
    """The Emperor Solo's title named in the result's sentence, or "none"."""
    for name in ("Son of Jupiter", "Imperator", "Praetor"):
        if name in outcome:
            return name
    return "none"


def run(players: int, games: int, seed: int, jobs: int, bot: str,
        options: tuple[str, ...]) -> dict:
    started = time.perf_counter()
    seat_wins = [0.0] * players
    char_wins: Counter[str] = Counter()
    char_games: Counter[str] = Counter()
    char_score: Counter[str] = Counter()
    titles: Counter[str] = Counter()
    parts: Counter[str] = Counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_one, players, seed + i, bot, options) for i in range(games)]
        for fut in futures:
            g = fut.result()
            for seat, (name, share) in enumerate(zip(g["characters"], g["shares"], strict=True)):
                seat_wins[seat] += share
                char_wins[name] += share
                char_games[name] += 1
                char_score[name] += g["scores"][seat] - sum(g["scores"]) / players
            for row in g["breakdown"]:
                for k, v in row.items():
                    parts[k] += v / players
            titles[g["title"]] += 1
    out: dict = {"players": players, "games": games, "bot": bot, "options": list(options)}
    if players == 1:
        out["titles"] = {k: round(v / games, 4) for k, v in titles.most_common()}
    else:
        seats = [round(w / games, 4) for w in seat_wins]
        out["seat_win_share"] = [(x, *map(lambda v: round(v, 3), wilson(x * games, games)))
                                 for x in seats]
        out["seat_spread"] = round(max(seats) / max(min(seats), 1e-9), 2)
        chars = {name: round(char_wins[name] / char_games[name], 4) for name in sorted(char_games)}
        out["character_win_share"] = {
            name: (share, *map(lambda v: round(v, 3), wilson(char_wins[name], char_games[name])),
                   char_games[name]) for name, share in chars.items()}
        out["character_margin"] = {name: round(char_score[name] / char_games[name], 2)
                                   for name in sorted(char_games)}
        out["character_spread"] = round(max(chars.values()) / max(min(chars.values()), 1e-9), 2)
    out["mean_parts"] = {k: round(v / games, 2) for k, v in sorted(parts.items())}
    out["seconds"] = round(time.perf_counter() - started, 1)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--bot", default="rules")
    ap.add_argument("--option", action="append", default=[], metavar="K=V")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = run(args.players, args.games, args.seed, args.jobs, args.bot, tuple(args.option))
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k:>20}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
