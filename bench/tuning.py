"""What the per-game search benches (``bench/<game>_mcts.py``) share:
reading ``--variant``/``--set`` pairs, setting a constant of a game's
``ai.<game>`` module in every worker, a bot that plays one of its policies
without search (a quick screen of an anchor before the search is run on
it), playing the games in worker processes and summing up the seat's
figures."""

from __future__ import annotations

import importlib
import json
import random
import re
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from ai.base import Budget
from ai.stats import wilson


def parse_value(text: str) -> Any:
    """A JSON value, or the text itself."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def parse_pairs(text: str) -> dict[str, Any]:
    """``"k=[1,2],j=3"`` -> {"k": [1, 2], "j": 3}."""
    out = {}
    for pair in filter(None, re.split(r",(?=\s*[\w.]+=)", text)):
        key, _, value = pair.partition("=")
        out[key.strip()] = parse_value(value.strip())
    return out


def apply_sets(package: str, sets: dict[str, Any]) -> None:
    """Set ``module.NAME`` of ``ai.<package>`` to each value (lists as tuples)."""
    for key, value in sets.items():
        mod, _, name = key.rpartition(".")
        m = importlib.import_module(f"ai.{package}.{mod}")
        if not hasattr(m, name):
            raise KeyError(f"ai.{package}.{mod} has no {name}")
        setattr(m, name, tuple(value) if isinstance(value, list) else value)


class PolicyBot:
    """One ``ai.<package>`` policy ("module:function") played without search."""

    def __init__(self, package: str, where: str) -> None:
        mod, _, name = where.partition(":")
        self.policy = getattr(importlib.import_module(f"ai.{package}.{mod}"), name)
        self.last = None

    def decide(self, game: Any, view: Any, seat: int, budget: Budget,
               rng: random.Random) -> tuple:
        return self.policy(game, view, seat, rng).action


def run_games(play: Callable[[tuple], dict[str, Any]], jobs: list[tuple],
              workers: int) -> list[dict[str, Any]]:
    """Play every job (one game each) in ``workers`` processes, reporting the
    running win share on stderr; the rows in seed order."""
    rows: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=min(4, workers)) as pool:
        futures = [pool.submit(play, j) for j in jobs]
        for f in as_completed(futures):
            rows.append(f.result())
            w = sum(r["win"] for r in rows)
            print(f"  {len(rows)}/{len(jobs)} wins {w:g} ({w / len(rows):.0%}) "
                  f"diff {sum(r['diff'] for r in rows) / len(rows):+.1f}", file=sys.stderr)
    rows.sort(key=lambda r: r["seed"])
    return rows


def summary(rows: list[dict[str, Any]], **given: Any) -> dict[str, Any]:
    """The searching seat's figures over ``rows``: win share with its Wilson
    95% interval, mean score, points over the rule players' mean, rank,
    departures from the anchor and thinking time per decision."""
    n = len(rows)
    wins = sum(r["win"] for r in rows)
    lo, hi = wilson(wins, n)
    dec = sum(r["decisions"] for r in rows) or 1
    return {"games": n, **given, "wins": wins, "win_share": wins / n, "ci95": [lo, hi],
            "score": sum(r["score"] for r in rows) / n,
            "diff": sum(r["diff"] for r in rows) / n, "rank": sum(r["rank"] for r in rows) / n,
            "departures": sum(r["departures"] for r in rows) / dec,
            "s_per_decision": sum(r["thinking"] for r in rows) / dec}
