"""Save and load speed and file size of a finished 4-player game, per game.

For every game in ``engine.games``, plays a few finished 4-player games
(its default player count if 4 is not allowed; rule-based bots where a game
has them, else random bots), then times ``save_match``
(encode, digest, checks, atomic write with fsync and backup) and
``load_match`` (read, checks, replay from setup with legality checks, digest)
many times each. Prints medians; ``--json`` prints
{game id: {"save_ms": …, "load_ms": …, "bytes": …}}. The text output
adds where the load time goes, for whoever speeds up the rules.

    .venv/bin/python bench/saves.py [--games 5] [--runs 20] [--bots rules] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from engine.games import GAMES  # noqa: E402
from engine.match import Match, Seat  # noqa: E402
from saves import codec, load_match, save_match  # noqa: E402
from saves.digest import state_digest  # noqa: E402
from saves.migrate import upgrade  # noqa: E402
from saves.schema import read_doc  # noqa: E402

PLAYERS = 4


def players_for(game_id: str) -> int:
    game = engine.get_game(game_id)
    return PLAYERS if PLAYERS in game.players else game.default_players


def finished_game(game_id: str, seed: int, bots: str) -> Match:
    """A game of ``players_for`` seats played to the end by ``bots`` (random
    if unavailable)."""
    n = players_for(game_id)
    seats = tuple(Seat(f"Bot {i + 1}", bots) for i in range(n))
    match = Match(game_id, seats, seed)
    try:
        from ai.players import make_bot, play_bots

        players = {i: make_bot(bots) for i in range(n)}
    except (ImportError, KeyError):
        players = None
    if players is None:
        rng = random.Random(seed)
        while not match.is_over():
            match.play(rng.choice(match.game.legal(match.state)))
    else:
        play_bots(match, players)
    assert match.is_over()
    return match


def median_ms(fn: Callable[[], Any], runs: int, clock: Callable[[], float] = time.perf_counter
              ) -> float:
    times = []
    for _ in range(runs):
        start = clock()
        fn()
        times.append(clock() - start)
    return statistics.median(times) * 1000


def load_breakdown(data: bytes, runs: int) -> dict[str, float]:
    """Milliseconds of each step of a load, to show where the time goes."""
    doc = read_doc(upgrade(codec.unpack(data)))
    match = codec.doc_to_match(doc)
    game, actions = match.game, match.actions

    def replay() -> None:
        m = Match(match.game_id, match.seats, match.seed, match.options)
        for a in actions:
            m.play(a)

    def trusted() -> None:
        s = game.setup(len(match.seats), match.options, match.seed)
        for a in actions:
            s = game.play(s, a, trusted=True)

    return {
        "check+unpack": median_ms(lambda: (codec.unseal(data), codec.unpack(data)), runs),
        "fields": median_ms(lambda: read_doc(upgrade(codec.unpack(data))), runs),
        "replay": median_ms(replay, runs),
        "(replay unchecked)": median_ms(trusted, runs),
        "digest": median_ms(lambda: state_digest(match.state), runs),
    }


def bench_game(game_id: str, games: int, runs: int, bots: str, folder: Path
               ) -> tuple[dict[str, float], dict[str, float], int]:
    saves, loads, sizes, parts, cpu = [], [], [], [], []
    actions = []
    for seed in range(1, games + 1):
        match = finished_game(game_id, seed, bots)
        actions.append(len(match.actions))
        path = folder / f"{game_id}-{seed}.tabula"
        save_match(match, path)
        saves.append(median_ms(lambda m=match, p=path: save_match(m, p), runs))
        loads.append(median_ms(lambda p=path: load_match(p), runs))
        sizes.append(path.stat().st_size)
        parts.append(load_breakdown(path.read_bytes(), runs))
        cpu.append(median_ms(lambda m=match, p=path: save_match(m, p), runs, time.process_time))
    figures = {
        "save_ms": round(statistics.median(saves), 2),
        "load_ms": round(statistics.median(loads), 2),
        "bytes": int(statistics.median(sizes)),
    }
    detail = {k: round(statistics.median(p[k] for p in parts), 2) for k in parts[0]}
    detail["save CPU"] = round(statistics.median(cpu), 2)
    return figures, detail, int(statistics.median(actions))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5, help="finished games per game id")
    ap.add_argument("--runs", type=int, default=20, help="timed saves and loads per game")
    ap.add_argument("--bots", default="rules", help="bot kind that plays the games")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    out: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for game_id in (entry.id for entry in GAMES):
            figures, detail, actions = bench_game(game_id, args.games, args.runs, args.bots,
                                                  Path(tmp))
            out[game_id] = figures
            if not args.json:
                print(f"{game_id}: save {figures['save_ms']:.2f} ms, load "
                      f"{figures['load_ms']:.2f} ms, {figures['bytes']:,} bytes "
                      f"(median of {args.games} games of ~{actions} actions, {args.runs} runs)")
                save_cpu = detail.pop("save CPU")
                print(f"  save: {save_cpu:.2f} ms of CPU, the rest waits for fsync")
                print("  load: " + ", ".join(f"{k} {v:.2f} ms" for k, v in detail.items()))
    if args.json:
        print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
