"""What the per-game search benches (``bench/romans_mcts.py``,
``bench/ageofrome_mcts.py``) share: reading ``--variant``/``--set`` pairs,
setting a constant of a game's ``ai.<game>`` module in every worker, and a
bot that plays one of its policies without search (a quick screen of an
anchor before the search is run on it)."""

from __future__ import annotations

import importlib
import json
import random
import re
from typing import Any

from ai.base import Budget


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
