"""The Romans by self-play: what happens in each Era when bots play.

Plays ``--games`` games with ``--bot`` in every seat (game ``i`` uses seed
``seed + i``) and prints, per Era: Roman attacks (5B) and the share lost,
Enemy attacks on Roman provinces (6E) and the share the Enemy won,
remote province attacks (6B) lost, overruns, Glory earned and its
points, the Fall of Rome; then the win share per seat and per starting
turn position (the first player of Era 1 is position 0), the average
final score and its parts, and solo: how often Rome beats The Enemy.

    nice .venv/bin/python bench/romans_stats.py --players 4 --games 1000 --jobs 4 [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

ERAS = 5


def play_one(players: int, seed: int, bot: str) -> dict:
    from ai.base import Budget
    from ai.players import bot_turn, make_bot
    from engine.match import Match, seats_from_kinds

    match = Match("romans", seats_from_kinds([bot] * players), seed)
    kind, _, strength = bot.partition(":")
    bots = {s: make_bot(kind, strength or "normal") for s in range(players)}
    start_order = match.state.order
    c: Counter[str] = Counter()
    era = 1
    while not match.is_over():
        match.play(bot_turn(match, bots, Budget()))
        for e in match.state.events:
            k = e[0]
            if k == "era":
                era = e[1]
            elif k == "battle":
                c[f"roman {era}"] += 1
                c[f"roman lost {era}"] += not e[5]
            elif k == "enemy battle":
                c[f"enemy {era}"] += 1
                c[f"enemy won {era}"] += not e[5]
            elif k == "remote battle":
                c[f"remote {era}"] += 1
                c[f"remote lost {era}"] += not e[5]
            elif k == "overrun":
                c[f"overrun {era}"] += 1
            elif k == "fall of rome":
                c[f"fall {era}"] += 1
            elif k == "score" and e[3] == "glory":
                c[f"glory {era}"] += 1
                c[f"glory points {era}"] += e[2]
    res = match.game.result(match.state)
    parts: Counter[str] = Counter()
    for row in res.breakdown:
        for key, v in row.items():
            parts[key] += v / players
    return {"rewards": res.rewards(), "order": list(start_order), "counts": dict(c),
            "scores": list(res.scores), "parts": dict(parts),
            "enemy": res.others[0][1] if res.others else None}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, mid - half), min(1.0, mid + half)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--bot", default="rules")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    t0 = time.time()
    seeds = range(args.seed, args.seed + args.games)
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as ex:
            games = list(ex.map(play_one, [args.players] * args.games, seeds,
                                [args.bot] * args.games, chunksize=8))
    else:
        games = [play_one(args.players, s, args.bot) for s in seeds]
    n = len(games)
    total: Counter[str] = Counter()
    seat_wins = [0.0] * args.players
    position_wins = [0.0] * args.players
    parts: Counter[str] = Counter()
    for g in games:
        total.update(g["counts"])
        parts.update({k: v / n for k, v in g["parts"].items()})
        for seat, r in enumerate(g["rewards"]):
            seat_wins[seat] += r
            position_wins[g["order"].index(seat)] += r
    per_era = {}
    for era in range(1, ERAS + 1):
        def share(a: str, b: str, era: int = era) -> float:
            return total[f"{a} {era}"] / max(1, total[f"{b} {era}"])
        per_era[era] = {
            "roman_attacks_per_game": total[f"roman {era}"] / n,
            "roman_loss_rate": share("roman lost", "roman"),
            "enemy_attacks_per_game": total[f"enemy {era}"] / n,
            "enemy_win_rate": share("enemy won", "enemy"),
            "remote_loss_rate": share("remote lost", "remote"),
            "overruns_per_game": total[f"overrun {era}"] / n,
            "glory_per_game": total[f"glory {era}"] / n,
            "glory_points_per_game": total[f"glory points {era}"] / n,
            "fall_of_rome_per_game": total[f"fall {era}"] / n,
        }
    shares = [w / n for w in seat_wins]
    pos = [w / n for w in position_wins]
    out = {
        "games": n, "players": args.players, "bot": args.bot,
        "seat_win_share": shares,
        "position_win_share": pos,
        "spread_seat": max(shares) / max(1e-9, min(shares)),
        "spread_position": max(pos) / max(1e-9, min(pos)),
        "avg_score": sum(sum(g["scores"]) for g in games) / (n * args.players),
        "avg_parts": dict(parts),
        "per_era": per_era,
        "fall_of_rome_games": sum(1 for g in games
                                  if any(k.startswith("fall ") for k in g["counts"])) / n,
        "seconds": time.time() - t0,
    }
    if args.players == 1:
        wins = sum(g["rewards"][0] for g in games)
        out["solo_win_rate"] = wins / n
        out["solo_ci95"] = wilson(wins, n)
        out["avg_enemy_score"] = sum(g["enemy"] for g in games) / n
    if args.json:
        print(json.dumps(out))
        return
    print(f"{n} games, {args.players} players, {args.bot}: {out['seconds']:.0f} s")
    print("win share per seat:    ", " ".join(f"{x:.3f}" for x in shares),
          f"(spread {out['spread_seat']:.2f})")
    print("win share per position:", " ".join(f"{x:.3f}" for x in pos),
          f"(spread {out['spread_position']:.2f})")
    print(f"average score {out['avg_score']:.1f}; parts",
          ", ".join(f"{k} {v:.1f}" for k, v in parts.items()))
    print("Era  attacks  lost   enemy  enemy-won  remote-lost  overruns  glory(pts)  fall-of-Rome")
    for era, r in per_era.items():
        print(f"{era:>3}  {r['roman_attacks_per_game']:7.2f}  {r['roman_loss_rate']:5.1%}"
              f"  {r['enemy_attacks_per_game']:6.2f}  {r['enemy_win_rate']:8.1%}"
              f"  {r['remote_loss_rate']:10.1%}  {r['overruns_per_game']:8.2f}"
              f"  {r['glory_per_game']:5.2f} ({r['glory_points_per_game']:.1f})"
              f"  {r['fall_of_rome_per_game']:.3f}")
    print(f"games with a Fall of Rome: {out['fall_of_rome_games']:.1%}")
    if args.players == 1:
        lo, hi = out["solo_ci95"]
        print(f"solo: Rome beats The Enemy in {out['solo_win_rate']:.1%} "
              f"[{lo:.1%}, {hi:.1%}]; The Enemy averages {out['avg_enemy_score']:.1f}")


if __name__ == "__main__":
    main()
