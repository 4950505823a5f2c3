"""The learned evaluation: what a game's features say about each seat's
chance of winning, and the file it is shipped in.

The model is a conditional logit per stage of the game: seat ``i``'s
chance is ``exp(w·f_i) / Σ_j exp(w·f_j)``, with ``f_i`` the seat's features
and ``w`` the stage's weights. It is the softmax of projected scores the
hand-written evaluations use, with the weights (and so the temperature)
fitted to who actually won; it needs no more than the standard library at
run time, and a leaf costs one dot product per seat.

A solo game has one seat and no one to compare with: its stages have a
bias, and the chance is the logistic of ``w·f`` (did the seat win).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

FORMAT = 1  # the file's layout; a reader refuses another


@dataclass(frozen=True)
class Features:
    """What one game tells the learner: ``of(state, seat)`` gives the seat's
    numbers in ``names`` order from a full state (a sampled world); ``stage``
    sorts positions into ``stages`` buckets (rounds, Eras) that get weights
    of their own. ``version`` is raised whenever ``of`` computes differently,
    so a shipped file fitted for the old numbers is caught by its digest.
    ``hand`` is the game's hand-set evaluation, the fit's yardstick and the
    search's leaf when no fitted file is shipped."""

    names: tuple[str, ...]
    of: Callable[[Any, int], list[float]]
    stage: Callable[[Any], int]
    stages: int
    hand: Callable[[Any, Any], Sequence[float]]  # the hand-set evaluation, to compare with
    version: int = 1

    @property
    def digest(self) -> str:
        text = json.dumps([self.version, self.stages, list(self.names)])
        return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Provenance:
    """How a file was made, so it can be made again: the self-play seeds,
    the seats that played, how many games and positions, and the arena that
    let it replace the one before."""

    game: str
    players: int
    seeds: tuple[int, int]  # first, last (inclusive)
    seats: tuple[str, ...]
    every: int  # one position recorded every ``every`` plays
    positions: int
    ridge: float
    arena: dict[str, Any] = field(default_factory=dict)

    @property
    def games(self) -> int:
        return self.seeds[1] - self.seeds[0] + 1


@dataclass(frozen=True)
class Learned:
    """Fitted weights, one row per stage, and what they were fitted for."""

    names: tuple[str, ...]
    digest: str
    weights: tuple[tuple[float, ...], ...]
    provenance: Provenance
    probe: str = ""  # ``probe_digest`` of the features when fitted

    def chances(self, rows: Sequence[Sequence[float]], stage: int) -> list[float]:
        """Each seat's win chance from its feature row (the rows of every
        seat, in seat order); one row: the solo seat's chance to win."""
        w = self.weights[min(stage, len(self.weights) - 1)]
        scores = [sum(a * b for a, b in zip(w, row, strict=True)) for row in rows]
        if len(scores) == 1:
            return [1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, scores[0]))))]
        top = max(scores)
        ex = [math.exp(v - top) for v in scores]
        total = sum(ex)
        return [e / total for e in ex]

    def to_json(self) -> str:
        doc = {"format": FORMAT, "names": list(self.names), "digest": self.digest,
               "probe": self.probe, "provenance": asdict(self.provenance),
               "weights": [[round(x, 6) for x in row] for row in self.weights]}
        return json.dumps(doc, indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Learned:
        doc = json.loads(text)
        if doc.get("format") != FORMAT:
            raise ValueError(f"learned evaluation format {doc.get('format')!r}, "
                             f"this version reads {FORMAT}")
        prov = dict(doc["provenance"])
        prov["seeds"] = tuple(prov["seeds"])
        prov["seats"] = tuple(prov["seats"])
        return cls(tuple(doc["names"]), doc["digest"],
                   tuple(tuple(float(x) for x in row) for row in doc["weights"]),
                   Provenance(**prov), doc.get("probe", ""))


def load(path: Path) -> Learned:
    return Learned.from_json(path.read_text(encoding="utf-8"))


def probe_digest(game: Any, features: Features, states: Sequence[Any]) -> str:
    """A fingerprint of what ``features`` computes on fixed positions: a
    shipped file records it, and a test recomputes it, so changing how a
    feature is computed without refitting fails even if no name changed."""
    rows = [[round(x, 6) for x in features.of(s, seat)]
            for s in states for seat in range(game.seats(s))]
    stages = [features.stage(s) for s in states]
    return hashlib.sha256(json.dumps([rows, stages]).encode()).hexdigest()[:16]

