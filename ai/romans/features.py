"""What The Romans' learned evaluation reads of a seat's position: the
parts of the hand-set projection (``evaluate.parts``), unweighted, so the
fit finds what each is worth in each Era; and, solo, The Enemy's projected
score, the one it has to beat."""

from __future__ import annotations

from engine.romans.data import ERAS
from engine.romans.state import State

from ..learn.model import Features
from . import evaluate
from .evaluate import PARTS, enemy_projected, parts


def of(s: State, seat: int) -> list[float]:
    enemy = enemy_projected(s) if s.n == 1 else 0.0
    return [*parts(s, seat), enemy, 1.0]


def stage(s: State) -> int:
    return s.era - 1


FEATURES = Features(
    names=(*PARTS, "enemy", "one"), of=of, stage=stage, hand=evaluate.evaluate, stages=ERAS)
