"""The learned evaluation as the search's leaf: the shipped file of a game,
read once, turned into an ``Evaluate``.

A game's knowledge names its file (``ai/<game>/learned.json``); when the
file is missing, or was fitted for other features than the game computes
now (its digest differs), the game's hand-set evaluation is used instead,
so a player's bots never break on a stale file (a test fails on it).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from ..knowledge import Evaluate
from .model import Features, Learned, load


def shipped_path(game_id: str) -> Path:
    return Path(__file__).resolve().parents[1] / game_id / "learned.json"


@cache
def shipped(game_id: str) -> Learned | None:
    path = shipped_path(game_id)
    return load(path) if path.exists() else None


def evaluator(learned: Learned, features: Features) -> Evaluate:
    """A leaf evaluation from ``learned``: each seat's win chance; a
    finished game pays its result."""
    of, stage, chances = features.of, features.stage, learned.chances

    def evaluate(game: Any, s: Any) -> Sequence[float]:
        if game.to_move(s) is None:
            return game.result(s).rewards()
        return chances([of(s, seat) for seat in range(game.seats(s))], stage(s))

    return evaluate


def learned_or(game_id: str, features: Features, fallback: Evaluate) -> Evaluate:
    """The leaf evaluation for ``game_id``: the shipped learned one if it
    fits ``features``, else ``fallback``; looked up at the first leaf, so
    importing a game's knowledge reads no file."""
    chosen: list[Evaluate] = []

    def evaluate(game: Any, s: Any) -> Sequence[float]:
        if not chosen:
            learned = shipped(game_id)
            ok = learned is not None and learned.digest == features.digest
            chosen.append(evaluator(learned, features) if ok else fallback)  # type: ignore[arg-type]
        return chosen[0](game, s)

    return evaluate
