"""Age of Rome: ISMCTS against three rule-based players, at a fixed budget.

    nice .venv/bin/python bench/ageofrome_mcts.py --games 40 --iterations 150 --jobs 2 \\
        [--seconds 0.9] [--variant anchor_margin=0.1,rollout_depth=16] \\
        [--set rollout.MODE=cached,evaluate.WEIGHTS=null] [--seed 1000] [--players 4] [--json]
    nice .venv/bin/python bench/ageofrome_mcts.py --fit 300 --jobs 2
    nice .venv/bin/python bench/ageofrome_mcts.py --calibrate 300 --jobs 2

Game ``i`` uses seed ``seed + i`` and puts the ISMCTS seat at position
``i % players`` (so every position is played equally often when the number
of games is a multiple of the players). ``--variant`` overrides ISMCTS
settings on top of the game's tuned ones; ``--set module.NAME=value``
overrides a constant of an ``ai.ageofrome`` module in every worker (a quick way
to try an evaluation weight without editing it). Reports the ISMCTS seat's
win share (a shared victory split) with a Wilson 95% interval, its mean
score, the mean of (its score - the rule players' mean score), how often it
departed from the rule-based choice, and its thinking time per decision.
Slow by design: a bench, never a test.

``--fit N`` plays N rule-based games (seeds ``seed``...) and fits the
evaluation's ``WEIGHTS`` per rounds left (``constrained``) and the best
``TEMPERATURE``; it prints both with the winner log-loss of the hand-set
and the fitted projection (slow: pure Python least squares).

``--calibrate N`` instead plays N games of rule-based players and checks
the leaf evaluation against their winners: for each number of rounds left
(0 = the last round), the log-loss of the winner (a shared victory split)
under ``evaluate.win_chances`` of the projections every 4th action, at the
current ``evaluate.TEMPERATURE`` and at the best temperature of a grid
(uniform: ln 4 = 1.386 with 4 players).
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
    apply_sets("ageofrome", sets)
    m = Match("ageofrome", seats_from_kinds(["rules"] * players), seed)
    settings = Settings().with_overrides(knowledge("ageofrome").settings).with_overrides(variant)
    bots: dict[int, Any] = {i: make_bot("rules") for i in range(players)}
    mcts = bots[pos] = PolicyBot("ageofrome", policy) if policy else MctsBot(settings=settings)
    decisions = departures = 0
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
        m.play(a)
    res = m.game.result(m.state)
    shares = res.rewards()
    others = [res.scores[i] for i in range(players) if i != pos]
    return {"seed": seed, "pos": pos, "win": shares[pos], "score": res.scores[pos],
            "diff": res.scores[pos] - sum(others) / len(others), "rank": res.ranks[pos],
            "decisions": decisions, "departures": departures, "thinking": thinking}


GRID = (1, 1.5, 2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 20, 25)


def snapshots(job: tuple[int, int]) -> list[tuple[int, list[float], list[float]]]:
    """A rule-based game: (rounds left, projections, win shares) every 4th action."""
    from ai.ageofrome import evaluate
    from ai.players import bot_turn
    from engine.ageofrome import data
    seed, players = job
    m = Match("ageofrome", seats_from_kinds(["rules"] * players), seed)
    bots = {i: make_bot("rules") for i in range(players)}
    out = []
    while not m.is_over():
        m.play(bot_turn(m, bots))
        if len(m.actions) % 4 == 0 and not m.is_over():
            s = m.state
            out.append((data.ROUNDS - s.round,
                        [evaluate.projected(s, i) for i in range(players)]))
    shares = list(m.game.result(m.state).rewards())
    return [(left, proj, shares) for left, proj in out]


def calibrate(games: int, players: int, seed: int, jobs: int) -> dict[int, dict[str, float]]:
    import math

    from ai.ageofrome import evaluate
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
        now = evaluate.TEMPERATURE[min(era, len(evaluate.TEMPERATURE) - 1)]
        best = min(GRID, key=lambda t: loss(items, t))
        out[era] = {"snapshots": len(items), "temperature": now, "loss": loss(items, now),
                    "best_temperature": best, "best_loss": loss(items, best)}
    return out


def fit_rows(job: tuple[int, int]) -> list[tuple[int, list[list[float]], list[float],
                                                 list[float], list[float]]]:
    """A rule-based game: (rounds left, features per seat, hand-set
    projections, final totals, win shares) every 3rd action."""
    from ai.ageofrome import evaluate, strategy
    from engine import get_game
    from engine.ageofrome import data
    from engine.core import Options
    seed, players = job
    g = get_game("ageofrome")
    s = g.setup(players, Options(), seed)
    out = []
    step = 0
    while g.to_move(s) is not None:
        seat = g.to_move(s)
        a = strategy.decide(g, g.view(s, seat), seat, random.Random(0)).action
        s = g.play(s, a, trusted=True)
        step += 1
        if step % 3 == 0 and g.to_move(s) is not None:
            out.append((data.ROUNDS - s.round, [evaluate.features(s, i) for i in range(players)],
                        [evaluate.hand_projected(s, i) for i in range(players)]))
    res = g.result(s)
    final, shares = [float(x) for x in res.scores], list(res.rewards())
    return [(left, f, h, final, shares) for left, f, h in out]


def solve(rows: list[list[float]], ys: list[float], ridge: float) -> list[float]:
    """Least squares with a small ridge, by the normal equations (no numpy here)."""
    k = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) + (ridge if i == j else 0.0) for j in range(k)]
         for i in range(k)]
    b = [sum(r[i] * y for r, y in zip(rows, ys, strict=True)) for i in range(k)]
    for c in range(k):  # Gauss-Jordan with partial pivoting
        piv = max(range(c, k), key=lambda i: abs(a[i][c]))
        a[c], a[piv], b[c], b[piv] = a[piv], a[c], b[piv], b[c]
        d = a[c][c] or 1e-12
        for i in range(k):
            if i != c and a[i][c]:
                f = a[i][c] / d
                a[i] = [x - f * y for x, y in zip(a[i], a[c], strict=True)]
                b[i] -= f * b[c]
    return [b[i] / (a[i][i] or 1e-12) for i in range(k)]


BANKED = ("glory", "sets", "pantheon")  # points a seat keeps: weight 1
SIGNED = ("legions", "votes", "one")  # may weigh less than nothing


def constrained(xs: list[list[float]], ys: list[float], names: tuple[str, ...]) -> list[float]:
    """The weights the evaluation uses: the banked points at 1, the rest by
    least squares (ridge 1) on what they leave, dropping (weight 0) the
    most negative of the others until none is: the search reads a weight
    as what an action is worth, and a negative one would make it shun
    Votes or Denarii that merely go with a weaker seat."""
    fixed = [1.0 if n in BANKED else 0.0 for n in names]
    target = [y - sum(a * b for a, b in zip(fixed, x, strict=True))
              for x, y in zip(xs, ys, strict=True)]
    cols = [i for i, n in enumerate(names) if n not in BANKED]
    while True:
        w = solve([[x[c] for c in cols] for x in xs], target, ridge=1.0)
        neg = [(v, c) for v, c in zip(w, cols, strict=True) if v < 0 and names[c] not in SIGNED]
        if not neg:
            break
        cols.remove(min(neg)[1])
    out = list(fixed)
    for v, c in zip(w, cols, strict=True):
        out[c] = v
    return out


def fit(games: int, players: int, seed: int, jobs: int) -> dict[str, Any]:
    """Fit the projection's weights per rounds left on rule-based games and
    compare winner log-losses (hand-set vs fitted, each at its best
    temperature of the grid)."""
    import math

    from ai.ageofrome import evaluate
    by_left: dict[int, list] = {}
    with ProcessPoolExecutor(max_workers=min(4, jobs)) as pool:
        for rows in pool.map(fit_rows, [(seed + i, players) for i in range(games)]):
            for left, f, h, final, shares in rows:
                by_left.setdefault(left, []).append((f, h, final, shares))

    def loss(items: list, proj: Any, temp: float) -> float:
        total = 0.0
        for it in items:
            p = evaluate.win_chances(proj(it), temp)
            total -= sum(r * math.log(max(q, 1e-12)) for r, q in zip(it[3], p, strict=True))
        return total / len(items)

    weights, temps, report = [], [], {}
    for left in sorted(by_left):
        items = by_left[left]
        xs = [f for it in items for f in it[0]]
        ys = [y for it in items for y in it[2]]
        w = constrained(xs, ys, evaluate.FEATURES)
        weights.append(tuple(round(x, 3) for x in w))

        def fitted(it: tuple, w: list[float] = w) -> list[float]:
            return [sum(a * b for a, b in zip(w, f, strict=True)) for f in it[0]]

        def hand(it: tuple) -> list[float]:
            return it[1]
        bh = min(GRID, key=lambda t: loss(items, hand, t))
        bf = min(GRID, key=lambda t: loss(items, fitted, t))
        temps.append(bf)
        rmse = math.sqrt(sum((y - sum(a * b for a, b in zip(w, x, strict=True))) ** 2
                             for x, y in zip(xs, ys, strict=True)) / len(ys))
        report[left] = {"positions": len(items), "rmse": rmse,
                        "hand": [bh, loss(items, hand, bh)],
                        "fitted": [bf, loss(items, fitted, bf)]}
    return {"weights": weights, "temperatures": temps, "report": report}


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
                    help="play this ai.ageofrome policy in the seat, no search (defence:decide)")
    ap.add_argument("--calibrate", type=int, default=0, metavar="N")
    ap.add_argument("--fit", type=int, default=0, metavar="N")
    args = ap.parse_args(argv)
    if args.fit:
        res = fit(args.fit, args.players, args.seed, args.jobs)
        if args.json:
            print(json.dumps(res))
            return 0
        print(f"projection fitted on {args.fit} rule-based games; by rounds left: positions, "
              f"rmse of the final total, best T and winner log-loss (hand-set | fitted)")
        for left, r in res["report"].items():
            print(f"  {left}: {r['positions']}  rmse {r['rmse']:.1f}  hand T={r['hand'][0]:g} "
                  f"{r['hand'][1]:.3f} | fitted T={r['fitted'][0]:g} {r['fitted'][1]:.3f}")
        print("WEIGHTS = (")
        for w in res["weights"]:
            print(f"    {w},")
        print(")")
        print(f"TEMPERATURE = {tuple(res['temperatures'])}")
        return 0
    if args.calibrate:
        import math
        res = calibrate(args.calibrate, args.players, args.seed, args.jobs)
        if args.json:
            print(json.dumps(res))
        else:
            print(f"winner log-loss by rounds left, {args.calibrate} rule-based games "
                  f"(uniform {math.log(args.players):.3f})")
            for era, r in res.items():
                print(f"  {era} left: T={r['temperature']:g} loss {r['loss']:.3f}   "
                      f"best T={r['best_temperature']:g} loss {r['best_loss']:.3f}   "
                      f"({r['snapshots']} positions)")
        return 0
    variant, sets = parse_pairs(args.variant), parse_pairs(args.sets)
    Settings().with_overrides(variant)  # unknown names fail before any game
    apply_sets("ageofrome", sets)
    jobs = [(args.seed + i, args.players, i % args.players, variant, sets, args.iterations,
             args.seconds, args.policy) for i in range(args.games)]
    rows = run_games(play, jobs, args.jobs)
    out = {**summary(rows, iterations=args.iterations, seconds=args.seconds,
                     variant=variant, sets=sets),
           "rows": rows}
    if args.json:
        print(json.dumps(out))
    else:
        who = args.policy or "mcts"
        n, wins, (lo, hi) = out["games"], out["wins"], out["ci95"]
        print(f"{who} vs {args.players - 1} rules, {n} games, {args.iterations} it "
              f"{variant or ''} {sets or ''}\n  win share {wins / n:.1%} [{lo:.1%}, {hi:.1%}]  "
              f"score {out['score']:.1f}  diff {out['diff']:+.2f}  rank {out['rank']:.2f}  "
              f"departures {out['departures']:.1%}  s/decision {out['s_per_decision']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
