"""Same decisions: every bot decision in fixed seeded games, recorded to a
file on one checkout and compared on another, to show that a change to the
bots' code kept their play.

    .venv/bin/python bench/same_decisions.py --record before.json   # on the old code
    .venv/bin/python bench/same_decisions.py --compare before.json  # on the new code

For every game in ``engine.games``: two games of rule-based seats per player
count (seeds 700 and 720 + players; seat 1 plays at ``easy``, so its slips to
a runner-up are compared too), and three 4-player games (seeds 710-712) with
an ISMCTS seat at a small fixed budget (``--iterations``, default 60;
iterations only, no clock, so it is deterministic) against rule-based
seats. Each decision records the action, whether it was legal, and the
bot's explanation (the rule bot's top three with their scores and the
evaluation's win chance; the search's visits and win rates, which carry
the priors, rollouts and leaf evaluation), so the comparison sees the
ranking, the prior and the softmax, not only the move.

``--compare`` plays the same games and compares decision by decision:
a game is compared up to its first difference (after one, the games go
apart). A decision that the recorded code answered outside the rules is
counted apart (``outside``): the new code may differ there. ``--game ID``
restricts either mode to one game. The script imports the code of the
checkout it sits in: to record on an older checkout that lacks it, copy it
into that checkout's bench/ (or a ``git worktree`` of it). About 40 s a
mode on one core; a bench, never a test.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.base import Budget  # noqa: E402
from ai.mcts import MctsBot  # noqa: E402
from ai.players import make_bot  # noqa: E402
from engine.games import GAMES  # noqa: E402
from engine.match import Match, seats_from_kinds  # noqa: E402

MAX_DECISIONS = 5000  # per game: a guard against a game that never ends


def games_to_play(game_id: str, players: range, iterations: int) -> list[dict[str, Any]]:
    """The games played for ``game_id``: (kind of the searching seat or
    "rules", players, seed)."""
    out = [{"game": game_id, "kind": "rules", "players": n, "seed": base + n,
            "iterations": 0} for base in (700, 720) for n in players]
    four = 4 if 4 in players else players.start
    out += [{"game": game_id, "kind": "mcts", "players": four, "seed": seed,
             "iterations": iterations} for seed in (710, 711, 712)]
    return out


def bots_for(spec: dict[str, Any]) -> dict[int, Any]:
    bots: dict[int, Any] = {i: make_bot("rules") for i in range(spec["players"])}
    if spec["kind"] == "mcts":
        bots[0] = MctsBot()
    elif spec["players"] > 1:
        bots[1] = make_bot("rules", "easy")
    return bots


def explained(bot: Any) -> list[list]:
    """The bot's explanation as plain data (floats by repr, so bit-exact)."""
    return [[repr(alt.action), alt.text, repr(alt.visits), repr(alt.win_rate)]
            for alt in bot.explain()]


def play(spec: dict[str, Any]) -> list[dict[str, Any]]:
    """Every decision of one game; stops at an answer outside the rules."""
    m = Match(spec["game"], seats_from_kinds(["rules"] * spec["players"]), spec["seed"])
    bots = bots_for(spec)
    budget = (lambda: Budget(iterations=spec["iterations"])) if spec["iterations"] else Budget
    out: list[dict[str, Any]] = []
    while not m.is_over() and len(out) < MAX_DECISIONS:
        seat = m.to_move()
        view = m.view(seat)
        bot = bots[seat]
        a = bot.decide(m.game, view, seat, budget(), random.Random(m.bot_seed(seat)))
        legal = a in m.game.legal(m.state)
        out.append({"seat": seat, "action": repr(a), "legal": legal,
                    "explain": explained(bot)})
        if not legal:
            break
        m.play(a)
    return out


def record(game: str | None, iterations: int) -> list[dict[str, Any]]:
    import engine

    runs = []
    for entry in GAMES:
        if game and entry.id != game:
            continue
        players = engine.get_game(entry.id).players
        for spec in games_to_play(entry.id, players, iterations):
            decisions = play(spec)
            print(f"{spec['game']:10} {spec['kind']:5} {spec['players']}p seed {spec['seed']}: "
                  f"{len(decisions)} decisions", file=sys.stderr)
            runs.append({"spec": spec, "decisions": decisions})
    return runs


def compare(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> dict[str, Any]:
    """Per game id: decisions compared, identical, the first difference of
    each run that has one, and answers outside the rules on either side."""
    report: dict[str, Any] = {}
    by_spec = {json.dumps(r["spec"], sort_keys=True): r["decisions"] for r in after}
    for run in before:
        key = json.dumps(run["spec"], sort_keys=True)
        row = report.setdefault(run["spec"]["game"], {
            "runs": 0, "compared": 0, "identical": 0, "outside_before": 0,
            "outside_after": 0, "differences": []})
        row["runs"] += 1
        new = by_spec.get(key)
        if new is None:
            row["differences"].append({"spec": run["spec"], "missing": True})
            continue
        row["outside_before"] += sum(not d["legal"] for d in run["decisions"])
        row["outside_after"] += sum(not d["legal"] for d in new)
        for i, (old, cur) in enumerate(zip(run["decisions"], new, strict=False)):
            row["compared"] += 1
            if old == cur:
                row["identical"] += 1
                continue
            row["differences"].append({"spec": run["spec"], "decision": i, "before": old,
                                       "after": cur})
            break
        else:
            if len(run["decisions"]) != len(new):
                row["differences"].append({"spec": run["spec"], "lengths":
                                           [len(run["decisions"]), len(new)]})
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--record", metavar="FILE", help="play and write every decision here")
    mode.add_argument("--compare", metavar="FILE", help="play and compare with this record")
    ap.add_argument("--game", help="only this game id")
    ap.add_argument("--iterations", type=int, default=60, help="ISMCTS budget (default 60)")
    args = ap.parse_args(argv)
    if args.record:
        runs = record(args.game, args.iterations)
        Path(args.record).write_text(json.dumps(runs))
        print(f"{sum(len(r['decisions']) for r in runs)} decisions in {len(runs)} games")
        return 0
    before = json.loads(Path(args.compare).read_text())
    if args.game:
        before = [r for r in before if r["spec"]["game"] == args.game]
    iterations = {r["spec"]["iterations"] for r in before} - {0}
    report = compare(before, record(args.game, iterations.pop() if iterations else
                                    args.iterations))
    print(json.dumps(report, indent=1))
    same = all(not row["differences"] for row in report.values())
    for game_id, row in report.items():
        print(f"{game_id}: {row['identical']} of {row['compared']} decisions identical in "
              f"{row['runs']} games; outside the rules: {row['outside_before']} before, "
              f"{row['outside_after']} after")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
