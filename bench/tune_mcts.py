"""ISMCTS settings against each other: a small tuning tournament.

    nice .venv/bin/python bench/tune_mcts.py --variant uct_c=0.1 --variant uct_c=0.25 \\
        --variant uct_c=0.5 --rules 1 --games 24 --iterations 300 [--game ID] [--jobs 2] [--json]

Each ``--variant`` is an ISMCTS seat with those settings (``k=v`` pairs,
comma-separated); ``--rules`` adds rule-based seats. Seats rotate every
game, game ``i`` uses seed ``seed + i``, and every MCTS seat gets the same
fixed iteration budget (or, with ``--seconds``, the same thinking time in
the same process), so the comparison is about the settings, not about who
ran on a busier core. ``--game`` picks the game (default: the registry's
first). Reports win share (a shared victory split between its winners; a
game nobody won gives nothing, and their count is reported), average score
and rank per seat. Slow by design: this is a bench, never a test.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from ai.base import Budget  # noqa: E402
from ai.mcts import MctsBot, Settings  # noqa: E402
from ai.players import make_bot  # noqa: E402
from ai.stats import wilson  # noqa: E402
from engine.games import DEFAULT_GAME, GAMES  # noqa: E402
from engine.match import Match, seats_from_kinds  # noqa: E402


def parse_value(text: str) -> bool | int | float:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    try:
        return int(text)
    except ValueError:
        return float(text)


def parse_variant(text: str) -> dict[str, Any]:
    """``"uct_c=0.5,rollout_depth=4"`` -> settings overrides (checked)."""
    out = {}
    for pair in filter(None, text.split(",")):
        key, _, value = pair.partition("=")
        out[key] = parse_value(value)
    Settings().with_overrides(out)  # unknown names fail here, before any game
    return out


Job = tuple[str, list[str], dict[str, dict], int, int | None, float | None]


def play(job: Job) -> list[tuple[str, float, int, int]]:
    game_id, labels, variants, seed, iterations, seconds = job
    m = Match(game_id, seats_from_kinds(["rules"] * len(labels)), seed)
    bots = {}
    for i, label in enumerate(labels):
        if label in variants:
            base = Settings().with_overrides(variants[label])
            bots[i] = MctsBot(settings=base)
        else:
            bots[i] = make_bot("rules")
    while not m.is_over():
        seat = m.to_move()
        view = m.view(seat)
        a = bots[seat].decide(m.game, view, seat, Budget(iterations=iterations, seconds=seconds),
                              random.Random(m.bot_seed(seat)))
        m.play(a)
    res = m.game.result(m.state)
    shares = res.rewards()
    return [(labels[i], shares[i], res.scores[i], res.ranks[i]) for i in range(len(labels))]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default=DEFAULT_GAME, choices=[e.id for e in GAMES])
    ap.add_argument("--variant", action="append", default=[], help="k=v,k=v settings")
    ap.add_argument("--rules", type=int, default=0, help="rule-based seats to add")
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--seed", type=int, default=9000)
    ap.add_argument("--iterations", type=int, default=None, help="per decision (default 300)")
    ap.add_argument("--seconds", type=float, default=None,
                    help="per decision instead: compares settings that differ in cost per "
                    "iteration (then every seat should run in the same process)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.iterations is None and args.seconds is None:
        args.iterations = 300
    variants = {v or "default": parse_variant(v) for v in args.variant or [""]}
    seats = list(variants) + ["rules"] * args.rules
    allowed = engine.get_game(args.game).players
    if len(seats) not in allowed:
        ap.error(f"{allowed.start} to {allowed.stop - 1} seats in all")
    jobs = []
    for g in range(args.games):
        k = g % len(seats)
        jobs.append((args.game, seats[k:] + seats[:k], variants, args.seed + g, args.iterations,
                     args.seconds))
    rows: dict[str, list[float]] = {s: [0, 0.0, 0.0, 0.0] for s in dict.fromkeys(seats)}
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play, jobs))
    else:
        results = [play(j) for j in jobs]
    no_winner = sum(1 for game in results if not any(win for _, win, _, _ in game))
    for game in results:
        for label, win, score, rank in game:
            row = rows[label]
            row[0] += 1
            row[1] += win
            row[2] += score
            row[3] += rank
    doc = {label: {"games": int(n), "win_share": round(w / n, 4),
                   "ci95": [round(x, 4) for x in wilson(w, int(n))],
                   "avg_score": round(sc / n, 3), "avg_rank": round(rk / n, 3)}
           for label, (n, w, sc, rk) in rows.items()}
    if args.json:
        print(json.dumps({"game": args.game, "iterations": args.iterations,
                          "seconds": args.seconds, "games": args.games, "no_winner": no_winner,
                          "seats": doc}))
    else:
        for label, d in doc.items():
            print(f"{label:<32} {d['games']:>4} games  win {d['win_share']:6.1%} "
                  f"[{d['ci95'][0]:.0%}, {d['ci95'][1]:.0%}]  score {d['avg_score']:5.1f}"
                  f"  rank {d['avg_rank']:.2f}")
        if no_winner:
            print(f"no winner in {no_winner} of {args.games} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
