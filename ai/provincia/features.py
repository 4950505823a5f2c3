"""What Provincia Romana's learned evaluation reads of a city's position:
the parts of the hand-set projection (``value.City``), unweighted, so the
fit finds what each is worth in each round."""

from __future__ import annotations

from engine.provincia.data import CLAY, ROUNDS, STONE, WOOD
from engine.provincia.state import FINAL, State

from ..learn.model import Features
from . import evaluate
from .value import City, gloria

NAMES = ("pp", "gloria", "raw", "gold", "production", "hand", "inactive", "loss", "one")


def of(s: State, seat: int) -> list[float]:
    c = City(s, seat)
    pl = c.pl
    res = pl.res
    return [float(pl.pp), float(gloria(pl)), c.raw * (res[CLAY] + res[WOOD] + res[STONE]),
            c.gold_worth(), c.production_value(), c.hand_value(), c.inactive_value(),
            c.loss(), 1.0]


def stage(s: State) -> int:
    """The round (0-based); the final turn counts as the last round."""
    return ROUNDS - 1 if s.phase >= FINAL else max(0, min(ROUNDS, s.round) - 1)


FEATURES = Features(
    names=NAMES, of=of, stage=stage, hand=evaluate.evaluate, stages=ROUNDS)
