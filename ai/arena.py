"""``tabula arena``: bots against bots, many games, with standings.

Seats rotate across positions from game to game (game ``i`` shifts the
seat list by ``i``), so every kind plays every position equally often when
the number of games is a multiple of the number of seats; game ``i`` uses
seed ``seed + i``, so a run is reproducible and ``--jobs`` changes only the
speed. For each seat kind: games (seat-games), wins (a shared victory is
split between its winners), win share with a 95% Wilson interval, average
score and average rank, plus the thinking time per decision. Games can end
with no seat winning (a solo game lost, everyone beaten by the game): they
are counted as "no winner", so the win shares and that count add up to the
games played. Opponents that are not seats (``Result.others``, e.g. an
automated enemy) get a row of their own: games and average score.

Progress goes to stderr as the games finish (never into stdout, so
``--json`` stays one document): a line that updates on a terminal, else
one line per game; each says games done of the total and every kind's
running wins, win share and average score. With ``--jobs`` games are
reported as they finish, and the standings are still added in game order.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, TextIO

from engine import get_game
from engine.core import Result, named_options, parse_options

from .base import Budget
from .players import bot_turn, check_seats, make_bot
from .stats import wilson


@dataclass(frozen=True)
class Config:
    game: str
    seats: tuple[str, ...]  # "kind" or "kind:strength" per seat
    games: int
    seed: int
    iterations: int | None = None
    seconds: float | None = None
    options: tuple[str, ...] = ()  # "key=value", checked against the game's options


@dataclass
class SeatResult:
    spec: str
    score: int
    rank: int
    win: float
    decisions: int
    thinking: float
    slowest: float


@dataclass
class Standing:
    spec: str
    games: int = 0
    wins: float = 0.0
    score: float = 0.0
    rank: float = 0.0
    decisions: int = 0
    thinking: float = 0.0
    slowest: float = 0.0

    def add(self, r: SeatResult) -> None:
        self.games += 1
        self.wins += r.win
        self.score += r.score
        self.rank += r.rank
        self.decisions += r.decisions
        self.thinking += r.thinking
        self.slowest = max(self.slowest, r.slowest)

    def as_dict(self) -> dict[str, Any]:
        lo, hi = wilson(self.wins, self.games)
        n = self.games or 1
        return {
            "kind": self.spec,
            "games": self.games,
            "wins": round(self.wins, 3),
            "win_share": round(self.wins / n, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "avg_score": round(self.score / n, 3),
            "avg_rank": round(self.rank / n, 3),
            "avg_move_seconds": round(self.thinking / max(1, self.decisions), 5),
            "max_move_seconds": round(self.slowest, 4),
        }


@dataclass(frozen=True)
class GameRecord:
    """One finished game as the standings need it."""

    seats: tuple[SeatResult, ...]
    others: tuple[tuple[str, int], ...] = ()  # (name, score) of opponents that are not seats

    @property
    def winners(self) -> int:
        return sum(1 for r in self.seats if r.win > 0)


def record(specs: Sequence[str], res: Result, decisions: Sequence[int],
           thinking: Sequence[float], slowest: Sequence[float]) -> GameRecord:
    """A game's ``Result`` per seat kind: each seat's share of the win (none
    when nobody won), its score and rank, and how long it thought."""
    shares = res.rewards()
    seats = tuple(SeatResult(specs[s], res.scores[s], res.ranks[s], shares[s], decisions[s],
                             thinking[s], slowest[s]) for s in range(len(specs)))
    return GameRecord(seats, tuple(res.others))


@dataclass
class Other:
    """Standing of an opponent that is not a seat: it plays every game."""

    name: str
    games: int = 0
    score: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "games": self.games,
                "avg_score": round(self.score / (self.games or 1), 3)}


@dataclass
class Table:
    """Running standings by seat kind, in the order kinds first appear,
    with the games no seat won and the opponents that are not seats."""

    specs: tuple[str, ...]
    rows: dict[str, Standing] = field(default_factory=dict)
    others: dict[str, Other] = field(default_factory=dict)
    played: int = 0
    no_winner: int = 0
    shared: int = 0  # games won by more than one seat

    def __post_init__(self) -> None:
        for spec in self.specs:
            self.rows.setdefault(spec, Standing(spec))

    def add(self, game: GameRecord) -> None:
        self.played += 1
        winners = game.winners
        self.no_winner += winners == 0
        self.shared += winners > 1
        for r in game.seats:
            self.rows[r.spec].add(r)
        for name, score in game.others:
            other = self.others.setdefault(name, Other(name))
            other.games += 1
            other.score += score


# ---------------------------------------------------------------- playing


def rotation(seats: Sequence[str], i: int) -> tuple[str, ...]:
    k = i % len(seats)
    return tuple(seats[k:]) + tuple(seats[:k])


def play_one(cfg: Config, i: int) -> GameRecord:
    """Game ``i`` of the run: the rotated seats, seed ``cfg.seed + i``."""
    from engine.match import Match, seats_from_kinds

    specs = rotation(cfg.seats, i)
    game = get_game(cfg.game)
    given = parse_options(game.options, list(cfg.options), len(specs))
    options = named_options(game.options, given)  # a new game: today's defaults
    match = Match(cfg.game, seats_from_kinds(list(specs)), cfg.seed + i, options)
    bots = {s: make_bot(seat.kind, seat.strength) for s, seat in enumerate(match.seats)}
    n = len(specs)
    decisions, thinking, slowest = [0] * n, [0.0] * n, [0.0] * n
    while not match.is_over():
        seat = match.to_move()
        t = time.perf_counter()
        action = bot_turn(match, bots, Budget(iterations=cfg.iterations, seconds=cfg.seconds))
        dt = time.perf_counter() - t
        decisions[seat] += 1
        thinking[seat] += dt
        slowest[seat] = max(slowest[seat], dt)
        match.play(action)
    return record(specs, match.game.result(match.state), decisions, thinking, slowest)


def run(cfg: Config, jobs: int = 1) -> Iterator[tuple[int, GameRecord]]:
    """Every game as ``(i, record)``, as soon as it finishes (in game order
    with one job, in finishing order with more)."""
    if jobs <= 1:
        for i in range(cfg.games):
            yield i, play_one(cfg, i)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(play_one, cfg, i): i for i in range(cfg.games)}
        for done in as_completed(futures):
            yield futures[done], done.result()


def standings(cfg: Config, jobs: int = 1, on_game: Any = None) -> Table:
    """The run's standings, added in game order whatever order the games
    finish in (so ``--jobs`` changes only the speed); ``on_game`` sees the
    running table of the games finished so far after each one."""
    specs = tuple(dict.fromkeys(cfg.seats))
    running = Table(specs)
    records: dict[int, GameRecord] = {}
    for i, game in run(cfg, jobs):
        records[i] = game
        running.add(game)
        if on_game is not None:
            on_game(running)
    table = Table(specs)
    for i in sorted(records):
        table.add(records[i])
    return table


# ---------------------------------------------------------------- output


def document(cfg: Config, table: Table) -> dict[str, Any]:
    return {
        "game": cfg.game,
        "games": table.played,
        "seats": list(cfg.seats),
        "seed": cfg.seed,
        "options": list(cfg.options),
        "budget": {"iterations": cfg.iterations, "seconds": cfg.seconds},
        "no_winner": table.no_winner,
        "shared": table.shared,
        "bots": [row.as_dict() for row in table.rows.values()],
        "others": [other.as_dict() for other in table.others.values()],
    }


def text_table(cfg: Config, table: Table) -> str:
    lines = [f"{cfg.game}: {table.played} games, seats {','.join(cfg.seats)}, seed {cfg.seed}",
             f"{'kind':<14}{'games':>6}{'wins':>8}{'share':>8}  {'95% CI':<15}"
             f"{'score':>7}{'rank':>6}{'s/move':>8}"]
    for row in table.rows.values():
        d = row.as_dict()
        ci = f"[{d['ci95'][0]:.1%}, {d['ci95'][1]:.1%}]"
        lines.append(f"{d['kind']:<14}{d['games']:>6}{d['wins']:>8.1f}{d['win_share']:>8.1%}  "
                     f"{ci:<15}{d['avg_score']:>7.1f}{d['avg_rank']:>6.2f}"
                     f"{d['avg_move_seconds']:>8.3f}")
    for other in table.others.values():
        o = other.as_dict()
        lines.append(f"{o['name'][:13]:<14}{o['games']:>6}{'':>8}{'':>8}  {'':<15}"
                     f"{o['avg_score']:>7.1f}   (not a seat)")
    if table.no_winner:
        lines.append(f"no winner in {table.no_winner} of {table.played} games "
                     f"({table.no_winner / max(1, table.played):.1%})")
    if table.shared:
        lines.append(f"a shared victory in {table.shared} of {table.played} games "
                     "(its winners split it)")
    return "\n".join(lines)


def progress_line(table: Table, total: int, width: int = 24) -> str:
    """Games done of ``total`` and every kind's running standing:
    ``[######..] 3/8  rules 2 wins 67% avg 14.3  random 1 win 33% avg 9.0``."""
    done = table.played
    filled = int(width * done / total) if total else width
    bar = "#" * filled + "." * (width - filled)
    parts = []
    for row in table.rows.values():
        share = row.wins / row.games if row.games else 0.0
        avg = row.score / row.games if row.games else 0.0
        wins = f"{row.wins:g} win{'' if row.wins == 1 else 's'}"
        parts.append(f"{row.spec} {wins} {share:.0%} avg {avg:.1f}")
    if table.no_winner:
        parts.append(f"no winner {table.no_winner / done:.0%}")
    return f"[{bar}] {done}/{total}  " + "  ".join(parts)


class Progress:
    """Reports each finished game on ``err``: one line rewritten in place
    on a terminal, one line per game otherwise (a log, a pipe)."""

    def __init__(self, cfg: Config, jobs: int, err: TextIO) -> None:
        self.cfg = cfg
        self.err = err
        self.live = err.isatty()
        jobs_note = f", {jobs} jobs" if jobs > 1 else ""
        self._say(f"{cfg.game}: playing {cfg.games} games, seats {','.join(cfg.seats)}"
                  f"{jobs_note}", end="\n")

    def _say(self, text: str, end: str) -> None:
        if self.live:
            self.err.write("\r\x1b[2K" + text[:160] + end)
        else:
            self.err.write(text + "\n")
        self.err.flush()

    def game(self, table: Table) -> None:
        self._say(progress_line(table, self.cfg.games), end="")

    def close(self) -> None:
        if self.live:
            self.err.write("\r\x1b[2K")
            self.err.flush()


# ---------------------------------------------------------------- the command


def config_from_args(args: argparse.Namespace) -> Config:
    """Check the arguments; bad ones raise ValueError (the command line
    turns it into a one-line error and exit status 2)."""
    seats = tuple(s.strip() for s in args.seats.split(",") if s.strip())
    game = check_seats(args.game, list(seats))
    options = tuple(getattr(args, "option", None) or ())
    parse_options(game.options, list(options), len(seats))  # a bad one fails here, at once
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    if args.jobs < 1:
        raise ValueError("--jobs must be at least 1")
    if args.iterations is not None and args.iterations < 1:
        raise ValueError("--iterations must be at least 1")
    if args.seconds is not None and args.seconds <= 0:
        raise ValueError("--seconds must be more than 0")
    return Config(args.game, seats, args.games, args.seed, args.iterations, args.seconds, options)


def main(args: argparse.Namespace, out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    """Run the arena: progress on ``err`` as games finish, then the standings
    (a table, or with ``--json`` one document) on ``out``."""
    out = out or sys.stdout
    cfg = config_from_args(args)
    progress = Progress(cfg, args.jobs, err or sys.stderr)
    try:
        table = standings(cfg, args.jobs, progress.game)
    finally:
        progress.close()
    if args.json:
        print(json.dumps(document(cfg, table)), file=out)
    else:
        print(text_table(cfg, table), file=out)
    return 0
