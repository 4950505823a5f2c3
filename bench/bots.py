"""Bot speed: ISMCTS iterations per second from fixed mid-game positions,
and rule-based decisions per second, for every game in ``engine.games``.

    .venv/bin/python bench/bots.py [--json] [--iterations N] [--games G] [--game ID]

Rates are per second of this process's CPU time (``time.process_time``),
i.e. on one core, so they mean the same on a busy machine; wall-clock
rates are printed alongside. The positions are the states after 60, 110 and
160 actions of rule-based bots (the registry entry's ``Bench.steps``; as
many seats as its ``Bench.players``, unset four where the game allows, else
its default) at fixed seeds, searched from the view of the seat to move, with early
stopping off.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from ai.base import Budget  # noqa: E402
from ai.mcts import MctsBot, Settings  # noqa: E402
from ai.players import bot_turn, make_bot  # noqa: E402
from engine.games import GAMES, entry  # noqa: E402
from engine.match import Match, seats_from_kinds  # noqa: E402

SEEDS = (1, 2, 3)


def players_for(game: Any) -> int:
    chosen = entry(game.id).bench.players
    if chosen is not None:
        return chosen
    return 4 if 4 in game.players else game.default_players


def positions(game_id: str) -> list[Match]:
    """Fixed mid-game matches: rule bots play each of ``Bench.steps``
    actions per seed, then on to a seat with a real choice. SystemExit
    naming the game when every game ends first (its ``steps`` are too long)."""
    game = engine.get_game(game_id)
    out = []
    for seed in SEEDS:
        for steps in entry(game_id).bench.steps:
            m = Match(game_id, seats_from_kinds(["rules"] * players_for(game)), seed)
            bots = {i: make_bot("rules") for i in range(m.players)}
            while not m.is_over() and (len(m.actions) < steps or len(game.legal(m.state)) < 2):
                m.play(bot_turn(m, bots))
            if not m.is_over():
                out.append(m)
    if not out:
        raise SystemExit(f"{game_id}: every game ends before {entry(game_id).bench.steps} "
                         "actions; give its registry entry Bench(steps=...) that it reaches")
    return out


def mcts_rate(game_id: str, iterations: int) -> dict[str, float]:
    cpu = wall = 0.0
    done = 0
    found = positions(game_id)
    for k, m in enumerate(found):
        seat = m.to_move()
        view = m.view(seat)
        bot = MctsBot(settings=Settings(early_stop=False, reuse=False))
        t, c = time.perf_counter(), time.process_time()
        bot.decide(m.game, view, seat, Budget(iterations=iterations), random.Random(k))
        wall += time.perf_counter() - t
        cpu += time.process_time() - c
        done += bot.last.iterations
    return {"mcts_iterations_per_s": done / cpu, "mcts_iterations_per_wall_s": done / wall,
            "mcts_positions": len(found)}


def rules_rate(game_id: str, games: int) -> dict[str, float]:
    game = engine.get_game(game_id)
    bot = make_bot("rules")
    cpu, slowest, n = 0.0, 0.0, 0
    for seed in range(games):
        m = Match(game_id, seats_from_kinds(["rules"] * players_for(game)), 1000 + seed)
        while not m.is_over():
            seat = m.to_move()
            view = m.view(seat)
            c = time.process_time()
            a = bot.decide(m.game, view, seat, Budget(), random.Random(seed))
            dt = time.process_time() - c
            cpu += dt
            slowest = max(slowest, dt)
            n += 1
            m.play(a)
    return {"rules_decisions_per_s": n / cpu, "rules_ms_per_decision": 1000 * cpu / n,
            "rules_decisions": n}


def engine_rate(game_id: str, plays: int = 3000) -> dict[str, float]:
    """The engine's own speed, for context: µs per legal+play of random play."""
    game = engine.get_game(game_id)
    rng = random.Random(0)
    c = time.process_time()
    n, seed = 0, 0
    while n < plays:
        s = game.setup(players_for(game), None, seed)
        seed += 1
        while game.to_move(s) is not None and n < plays:
            acts = game.legal(s)
            s = game.play(s, acts[rng.randrange(len(acts))], True)
            n += 1
    return {"engine_us_per_step": 1e6 * (time.process_time() - c) / n}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--iterations", type=int, default=1000, help="per position (default 1000)")
    ap.add_argument("--games", type=int, default=5, help="rule-bot games timed (default 5)")
    ap.add_argument("--game", action="append", choices=[e.id for e in GAMES],
                    help="only this game (repeatable; default: every game)")
    args = ap.parse_args(argv)
    doc: dict[str, dict[str, float]] = {}
    for game_id in args.game or [e.id for e in GAMES]:
        row: dict[str, float] = {}
        row.update(mcts_rate(game_id, args.iterations))
        row.update(rules_rate(game_id, args.games))
        row.update(engine_rate(game_id))
        doc[game_id] = {k: round(v, 3) for k, v in row.items()}
    if args.json:
        print(json.dumps(doc))
        return 0
    for game_id, row in doc.items():
        print(f"{game_id}:")
        print(f"  ISMCTS      {row['mcts_iterations_per_s']:8.0f} iterations/s (CPU)"
              f"  {row['mcts_iterations_per_wall_s']:8.0f} /s wall")
        print(f"  rules       {row['rules_decisions_per_s']:8.0f} decisions/s"
              f"  ({row['rules_ms_per_decision']:.3f} ms each)")
        print(f"  engine      {row['engine_us_per_step']:8.1f} µs per legal+play")
    return 0


if __name__ == "__main__":
    sys.exit(main())
