"""``python -m ai.train GAME``: fit a game's evaluation by self-play.

1. Self-play: ``--games`` games from seed ``--seed`` on, every seat a
   ``--seats`` bot (rule-based by default: fast, and the search's own
   policy), one position recorded every ``--every`` plays.
2. Fit: per stage, the weights of the game's features that best predict
   who won (``ai.learn.fit``), reported as the held-out log-loss against
   "every seat alike".
3. Arena (``--arena N``): N seeds, each played twice with the seats
   swapped, the search with the new evaluation against the search with the
   shipped one; the new file replaces the shipped one only if it wins more
   than half (``--force`` writes it anyway).
4. ``--rounds R`` repeats 1-3, the later rounds played by the search with
   the newest evaluation (the expert-iteration loop).

Games run in local processes (``--jobs``) or on Ray (``--ray auto`` starts a
local cluster, ``--ray ADDRESS`` joins one); the same seeds give the same
file either way. Training needs the ``train`` extra (numpy), Ray the
``ray`` extra; the player's install needs neither.
"""

from __future__ import annotations

import argparse
import math
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from engine import get_game
from engine.core import Options, named_options
from engine.match import Match, seats_from_kinds

from .base import Budget
from .learn.evaluator import shipped_path
from .learn.model import Learned, Provenance, load, probe_digest
from .learn.pool import RayMissing, run_all
from .learn.selfplay import Job, features_for, make_bots, play
from .players import bot_turn
from .stats import wilson


@dataclass(frozen=True)
class Plan:
    game: str
    players: int = 4
    games: int = 400
    seed: int = 1
    seats: tuple[str, ...] = ()  # default: "rules" in every seat
    every: int = 4
    ridge: float = 1.0
    iterations: int = 200  # the search's budget in later rounds and in the arena
    arena: int = 0
    rounds: int = 1
    jobs: int = 1
    ray: str | None = None

    def seat_kinds(self) -> tuple[str, ...]:
        return self.seats or ("rules",) * self.players


# ---------------------------------------------------------------- one round


def self_play(plan: Plan, learned: Learned | None, seed: int) -> list[list]:
    """The round's games, each a list of positions, in seed order."""
    seats = plan.seat_kinds() if learned is None else ("mcts",) * plan.players
    text = learned.to_json() if learned is not None else None
    jobs = [Job(plan.game, seats, seed + i, plan.every,
                plan.iterations if learned is not None else None, text)
            for i in range(plan.games)]
    return list(run_all(play, jobs, plan.jobs, plan.ray))


def fitted(plan: Plan, games: list[list], seed: int, seats: tuple[str, ...],
           out: TextIO) -> Learned:
    from .learn.fit import fit

    features = features_for(plan.game)
    stages = fit(games, features.stages, len(features.names), plan.ridge)
    for st in stages:
        out.write(f"  stage {st.stage + 1}: {st.positions} positions, held-out log-loss "
                  f"{_num(st.loss)} (hand-set {_num(st.hand)}, every seat alike "
                  f"{_num(st.uniform)})\n")
    prov = Provenance(plan.game, plan.players, (seed, seed + plan.games - 1), seats, plan.every,
                      sum(len(g) for g in games), plan.ridge)
    return Learned(features.names, features.digest, tuple(st.weights for st in stages), prov,
                   probe_digest(get_game(plan.game), features, probe_states(plan.game)))


def _num(x: float) -> str:
    """A figure, or a dash where there was nothing to measure it on (too
    few games to hold any out)."""
    return "-" if math.isnan(x) else f"{x:.3f}"


def probe_states(game_id: str, players: int = 4, seed: int = 7, plies: int = 400,
                 every: int = 25) -> list[Any]:
    """Fixed positions to fingerprint the features on: a rule-based game
    from a fixed seed, every ``every`` plays."""
    game = get_game(game_id)
    match = Match(game_id, seats_from_kinds(["rules"] * players), seed,
                  named_options(game.options, Options.of({})))
    bots = make_bots(game_id, ("rules",) * players, None)
    out = []
    while not match.is_over() and len(match.actions) < plies:
        if len(match.actions) % every == 0:
            out.append(match.state)
        match.play(bot_turn(match, bots))
    return out


# ---------------------------------------------------------------- the arena


@dataclass(frozen=True)
class Duel:
    game: str
    players: int
    seed: int
    swapped: bool  # False: the new evaluation in the even seats
    new: str
    old: str | None  # None: the game's own (shipped or hand-set) evaluation
    iterations: int


def duel(d: Duel) -> float:
    """The new evaluation's share of the wins in one game of the pair."""
    game = get_game(d.game)
    match = Match(d.game, seats_from_kinds(["mcts"] * d.players), d.seed,
                  named_options(game.options, Options.of({})))
    new = make_bots(d.game, ("mcts",) * d.players, d.new)
    old = make_bots(d.game, ("mcts",) * d.players, d.old)
    mine = [(i % 2 == 0) != d.swapped for i in range(d.players)]
    bots = {i: new[i] if mine[i] else old[i] for i in range(d.players)}
    budget = Budget(iterations=d.iterations)
    while not match.is_over():
        match.play(bot_turn(match, bots, budget))
    rewards = game.result(match.state).rewards()
    won = sum(r for r, m in zip(rewards, mine, strict=True) if m)
    total = sum(rewards)
    return won / total if total else 0.5


def arena(plan: Plan, new: Learned, old: Learned | None, seed: int) -> dict[str, Any]:
    """Paired games: each seed twice, the seats swapped."""
    duels = [Duel(plan.game, plan.players, seed + i, swapped, new.to_json(),
                  old.to_json() if old is not None else None, plan.iterations)
             for i in range(plan.arena) for swapped in (False, True)]
    shares = list(run_all(duel, duels, plan.jobs, plan.ray))
    wins = sum(shares)
    lo, hi = wilson(wins, len(shares))
    return {"games": len(shares), "seeds": [seed, seed + plan.arena - 1], "new_share": wins /
            len(shares), "wilson95": [lo, hi], "iterations": plan.iterations,
            "against": "shipped" if old is not None else "hand-set"}


# ---------------------------------------------------------------- the command


def train(plan: Plan, path: Path, force: bool = False, out: TextIO = sys.stdout) -> Learned:
    """Every round of the plan; writes ``path`` when a round's file wins its
    arena (or with ``force``, or with no arena asked for)."""
    best = load(path) if path.exists() else None
    features = features_for(plan.game)
    if best is not None and best.digest != features.digest:
        out.write(f"{path} was fitted for other features: starting afresh\n")
        best = None
    seed = plan.seed
    for r in range(plan.rounds):
        playing = best if r > 0 else None
        seats = ("mcts",) * plan.players if playing is not None else plan.seat_kinds()
        out.write(f"round {r + 1}: {plan.games} games by {' '.join(seats)}, seeds {seed}-"
                  f"{seed + plan.games - 1}\n")
        games = self_play(plan, playing, seed)
        new = fitted(plan, games, seed, seats, out)
        if plan.arena:
            figures = arena(plan, new, best, seed + plan.games)
            out.write(f"  arena: new {figures['new_share']:.1%} [{figures['wilson95'][0]:.1%}, "
                      f"{figures['wilson95'][1]:.1%}] of {figures['games']} paired games\n")
            new = replace(new, provenance=replace(new.provenance, arena=figures))
            keep = figures["new_share"] > 0.5
        else:
            keep = True
        if keep or force:
            path.write_text(new.to_json(), encoding="utf-8")
            shipped_clear()
            out.write(f"  wrote {path}\n")
            best = new
        else:
            out.write("  kept the file before: the new one did not win its arena\n")
        seed += plan.games + plan.arena
    return best if best is not None else new


def shipped_clear() -> None:
    from .learn.evaluator import shipped

    shipped.cache_clear()


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m ai.train", description=__doc__.split("\n")[0])
    ap.add_argument("game", help="the game's id (as in tabula new GAME)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=400, help="self-play games per round")
    ap.add_argument("--seed", type=int, default=1, help="the first game's seed")
    ap.add_argument("--seats", default="", help="bot kind per seat, comma-separated "
                    "(default: rules in every seat)")
    ap.add_argument("--every", type=int, default=4, help="record a position every N plays")
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument("--iterations", type=int, default=200,
                    help="the search's iterations per move in later rounds and the arena")
    ap.add_argument("--arena", type=int, default=0, metavar="N",
                    help="paired arena of N seeds (2N games) before replacing the file")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="local processes")
    ap.add_argument("--ray", default=None, metavar="auto|ADDRESS",
                    help="run the games on Ray: auto starts a local cluster")
    ap.add_argument("--out", type=Path, default=None,
                    help="the file to write (default: the game's shipped learned.json)")
    ap.add_argument("--force", action="store_true", help="write even if the arena is lost")
    return ap


def main(argv: list[str] | None = None, out: TextIO = sys.stdout) -> int:
    args = parser().parse_args(argv)
    seats = tuple(s.strip() for s in args.seats.split(",") if s.strip())
    if seats and len(seats) != args.players:
        parser().error(f"--seats names {len(seats)} seats for {args.players} players")
    try:
        features_for(args.game)
    except (KeyError, ValueError) as e:
        parser().error(str(e))
    plan = Plan(args.game, args.players, args.games, args.seed, seats, args.every, args.ridge,
                args.iterations, args.arena, args.rounds, args.jobs, args.ray)
    try:
        train(plan, args.out or shipped_path(args.game), args.force, out)
    except RayMissing as e:
        parser().error(str(e))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
