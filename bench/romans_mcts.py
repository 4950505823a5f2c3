"""The Romans: ISMCTS against three rule-based players, at a fixed budget.

    nice .venv/bin/python bench/romans_mcts.py --games 40 --iterations 300 --jobs 2 \\
        [--variant anchor_margin=0.1,rollout_depth=0] [--set evaluate.TEMP_SCALE=1.5] \\
        [--seed 1000] [--players 4] [--json]
    nice .venv/bin/python bench/romans_mcts.py --calibrate 300 --jobs 2

Game ``i`` uses seed ``seed + i`` and puts the ISMCTS seat at position
``i % players`` (so every position is played equally often when the number
of games is a multiple of the players). ``--variant`` overrides ISMCTS
settings on top of the game's tuned ones; ``--set module.NAME=value``
overrides a constant of an ``ai.romans`` module in every worker (a quick way
to try an evaluation weight without editing it). Reports the ISMCTS seat's
win share (a shared victory split) with a Wilson 95% interval, its mean
score, the mean of (its score - the rule players' mean score), how often it
departed from the rule-based choice, and its thinking time per decision;
with ``--json`` each game's row also has the seat's points by source
(``sources``: glory, buildings, the end's parts, a Fall of Rome by its Era)
and the rule players' mean of the same (``rules_sources``).
Slow by design: a bench, never a test.

``--calibrate N`` instead plays N games of rule-based players and checks
the leaf evaluation against their winners: for each Era, the log-loss of
the winner (a shared victory split) under ``evaluate.win_chances`` of the
projections every 4th action, at the current ``evaluate.TEMPERATURE`` and
at the best temperature of a grid (uniform: ln 4 = 1.386 with 4 players).
That is how the temperatures were chosen.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402, F401
from ai.base import Budget  # noqa: E402
from ai.knowledge import knowledge  # noqa: E402
from ai.mcts import MctsBot, Settings  # noqa: E402
from ai.players import make_bot  # noqa: E402
from bench.tuning import PolicyBot, apply_sets, parse_pairs, run_games, summary  # noqa: E402
from engine.match import Match, seats_from_kinds  # noqa: E402

Job = tuple[int, int, int, dict[str, Any], dict[str, Any], int | None, float | None, str]


def play(job: Job) -> dict[str, Any]:
    seed, players, pos, variant, sets, iterations, seconds, policy = job
    apply_sets("romans", sets)
    m = Match("romans", seats_from_kinds(["rules"] * players), seed)
    settings = Settings().with_overrides(knowledge("romans").settings).with_overrides(variant)
    bots: dict[int, Any] = {i: make_bot("rules") for i in range(players)}
    mcts = bots[pos] = PolicyBot("romans", policy) if policy else MctsBot(settings=settings)
    decisions = departures = 0
    by_era = [0] * 5  # the seat's Falls of Rome in each Era
    sources: list[dict[str, float]] = [{} for _ in range(players)]  # points by source, every seat
    thinking = 0.0
    while not m.is_over():
        seat = m.to_move()
        view = m.view(seat)
        t = time.perf_counter()
        a = bots[seat].decide(m.game, view, seat, Budget(iterations=iterations, seconds=seconds),
                              random.Random(m.bot_seed(seat)))
        if seat == pos and mcts.last is not None:
            decisions += 1
            thinking += time.perf_counter() - t
            departures += mcts.last.anchor is not None and a != mcts.last.anchor
        era = m.state.era
        m.play(a)
        for e in m.state.events:  # a step may end one Era and begin the next
            if e[0] == "era":
                era = e.era
            elif e[0] == "fall of rome" and e[1] == pos:
                by_era[era - 1] += 1
            elif e[0] == "score":
                why = e.why if e.why != "Fall of Rome" else f"Fall of Rome {era}"
                sources[e.seat][why] = sources[e.seat].get(why, 0) + e.points
    res = m.game.result(m.state)
    shares = res.rewards()
    others = [res.scores[i] for i in range(players) if i != pos]
    return {"seed": seed, "pos": pos, "win": shares[pos], "score": res.scores[pos],
            "diff": res.scores[pos] - sum(others) / len(others), "rank": res.ranks[pos],
            "decisions": decisions, "departures": departures, "thinking": thinking,
            "falls": sum(by_era), "falls_by_era": by_era,
            "fall_points": -sum(v for k, v in sources[pos].items() if k.startswith("Fall of Rome")),
            "gold": m.state.players[pos].docks[3], "sources": sources[pos],
            "rules_sources": {k: sum(src.get(k, 0) for i, src in enumerate(sources) if i != pos)
                              / (players - 1)
                              for k in set().union(*sources)}}


GRID = (3, 5, 7, 10, 12, 14, 17, 20, 25, 30, 40, 50)


def snapshots(job: tuple[int, int]) -> list[tuple[int, list[float], list[float]]]:
    """A rule-based game: (Era, projections, win shares) every 4th action."""
    from ai.players import bot_turn
    from ai.romans import evaluate
    seed, players = job
    m = Match("romans", seats_from_kinds(["rules"] * players), seed)
    bots = {i: make_bot("rules") for i in range(players)}
    out = []
    while not m.is_over():
        m.play(bot_turn(m, bots))
        if len(m.actions) % 4 == 0 and not m.is_over():
            s = m.state
            out.append((s.era, [evaluate.projected(s, i) for i in range(players)]))
    shares = list(m.game.result(m.state).rewards())
    return [(era, proj, shares) for era, proj in out]


def calibrate(games: int, players: int, seed: int, jobs: int) -> dict[int, dict[str, float]]:
    import math

    from ai.romans import evaluate
    by_era: dict[int, list[tuple[list[float], list[float]]]] = {}
    with ProcessPoolExecutor(max_workers=min(4, jobs)) as pool:
        for rows in pool.map(snapshots, [(seed + i, players) for i in range(games)]):
            for era, proj, shares in rows:
                by_era.setdefault(era, []).append((proj, shares))

    def loss(items: list, temp: float) -> float:
        total = 0.0
        for proj, shares in items:
            p = evaluate.win_chances(proj, temp)
            total -= sum(r * math.log(max(q, 1e-12)) for r, q in zip(shares, p, strict=True))
        return total / len(items)

    out = {}
    for era in sorted(by_era):
        items = by_era[era]
        now = evaluate.TEMPERATURE[era - 1]
        best = min(GRID, key=lambda t: loss(items, t))
        out[era] = {"snapshots": len(items), "temperature": now, "loss": loss(items, now),
                    "best_temperature": best, "best_loss": loss(items, best)}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--iterations", type=int, default=300)
    ap.add_argument("--seconds", type=float, default=None)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--variant", default="")
    ap.add_argument("--set", dest="sets", default="")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--policy", default="", metavar="MODULE:FUNCTION",
                    help="play this ai.romans policy in the seat, no search (defence:decide)")
    ap.add_argument("--calibrate", type=int, default=0, metavar="N")
    args = ap.parse_args(argv)
    if args.calibrate:
        import math
        res = calibrate(args.calibrate, args.players, args.seed, args.jobs)
        if args.json:
            print(json.dumps(res))
        else:
            print(f"winner log-loss by Era, {args.calibrate} rule-based games "
                  f"(uniform {math.log(args.players):.3f})")
            for era, r in res.items():
                print(f"  Era {era}: T={r['temperature']:g} loss {r['loss']:.3f}   "
                      f"best T={r['best_temperature']:g} loss {r['best_loss']:.3f}   "
                      f"({r['snapshots']} positions)")
        return 0
    variant, sets = parse_pairs(args.variant), parse_pairs(args.sets)
    Settings().with_overrides(variant)  # unknown names fail before any game
    apply_sets("romans", sets)
    jobs = [(args.seed + i, args.players, i % args.players, variant, sets, args.iterations,
             args.seconds, args.policy) for i in range(args.games)]
    rows = run_games(play, jobs, args.jobs)
    out = {**summary(rows, iterations=args.iterations, seconds=args.seconds,
                     variant=variant, sets=sets),
           "falls": sum(r["falls"] for r in rows) / len(rows),
           "falls_by_era": [sum(r["falls_by_era"][e] for r in rows) / len(rows) for e in range(5)],
           "fall_points": sum(r["fall_points"] for r in rows) / len(rows),
           "gold": sum(r["gold"] for r in rows) / len(rows), "rows": rows}
    if args.json:
        print(json.dumps(out))
    else:
        who = args.policy or "mcts"
        n, wins, (lo, hi) = out["games"], out["wins"], out["ci95"]
        print(f"{who} vs {args.players - 1} rules, {n} games, {args.iterations} it "
              f"{variant or ''} {sets or ''}\n  win share {wins / n:.1%} [{lo:.1%}, {hi:.1%}]  "
              f"score {out['score']:.1f}  diff {out['diff']:+.2f}  rank {out['rank']:.2f}  "
              f"departures {out['departures']:.1%}  s/decision {out['s_per_decision']:.3f}  "
              f"Falls of Rome {out['falls']:.2f} "
              f"({'/'.join(f'{x:.2f}' for x in out['falls_by_era'])} by Era, "
              f"-{out['fall_points']:.1f} points)  gold at the end {out['gold']:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
