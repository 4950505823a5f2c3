"""The strength ladder of one game: each level against the level below it.

    .venv/bin/python bench/ladder.py GAME --games N [--jobs J] [--ray auto|ADDRESS]
                                          [--seed S] [--players P] [--levels a,b,…] [--json]

Levels, weakest first: random, rules:easy, rules:normal, rules:hard,
mcts:easy, mcts:normal, mcts:hard. For each step up, one seat of the
upper level plays ``players - 1`` seats of the lower one for N games
(seats rotated, game ``i`` seeded ``seed + i``: the arena's rules), so the
upper level "beats" the lower when its win share is above 1/players (an
equal share). Printed per step: the upper level's win share with its 95%
Wilson interval, and both levels' mean and slowest seconds per move (the
search's budgets: normal at most about 1 s, hard at most about 4 s).

Games run in local processes (``--jobs``) or on Ray (``--ray``, the ``ray``
extra); the same seeds give the same games either way.
"""

from __future__ import annotations

import argparse
import json
import sys
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.arena import Config, Table, play_one  # noqa: E402
from ai.learn.pool import run_all  # noqa: E402

LEVELS = ("random", "rules:easy", "rules:normal", "rules:hard",
          "mcts:easy", "mcts:normal", "mcts:hard")


def step(game: str, lower: str, upper: str, games: int, seed: int, players: int, jobs: int,
         ray: str | None) -> dict[str, Any]:
    """``upper`` in one seat against ``lower`` in the others."""
    cfg = Config(game, (upper,) + (lower,) * (players - 1), games, seed)
    table = Table((upper, lower))
    for record in run_all(partial(play_one, cfg), list(range(games)), jobs, ray):
        table.add(record)
    rows = {spec: row.as_dict() for spec, row in table.rows.items()}
    up = rows[upper]
    return {"upper": upper, "lower": lower, "games": games, "seed": seed,
            "upper_share": up["win_share"], "ci95": up["ci95"], "even": round(1 / players, 4),
            "beats": up["ci95"][0] > 1 / players, "no_winner": table.no_winner,
            "seconds": {spec: [r["avg_move_seconds"], r["max_move_seconds"]]
                        for spec, r in rows.items()}}


def text(game: str, steps: list[dict[str, Any]]) -> str:
    lines = [f"{game}: each level (one seat) against the level below (the other seats)",
             f"{'upper':<14}{'lower':<14}{'games':>6}{'share':>8}  {'95% CI':<16}{'even':>6}"
             f"  {'s/move upper (max)':<20}"]
    for s in steps:
        ci = f"[{s['ci95'][0]:.1%}, {s['ci95'][1]:.1%}]"
        mean, top = s["seconds"][s["upper"]]
        verdict = "beats" if s["beats"] else "not shown better"
        lines.append(f"{s['upper']:<14}{s['lower']:<14}{s['games']:>6}{s['upper_share']:>8.1%}  "
                     f"{ci:<16}{s['even']:>6.0%}  {mean:.3f} ({top:.2f})  {verdict}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=40, help="games per step of the ladder")
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--levels", default=",".join(LEVELS),
                    help="the levels to climb, weakest first (default: all)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--ray", default=None, metavar="auto|ADDRESS")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    if len(levels) < 2:
        ap.error("--levels needs at least two levels")
    steps = [step(args.game, lo, up, args.games, args.seed, args.players, args.jobs, args.ray)
             for lo, up in zip(levels, levels[1:], strict=False)]
    print(json.dumps({"game": args.game, "steps": steps}, indent=1) if args.json
          else text(args.game, steps))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
