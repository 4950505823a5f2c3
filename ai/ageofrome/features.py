"""What Age of Rome's learned evaluation reads of a seat's position: the
numbers its fitted projection already weighs (``evaluate.features``), per
round."""

from __future__ import annotations

from engine.ageofrome import data
from engine.ageofrome.state import State

from ..learn.model import Features
from .evaluate import FEATURES as NAMES
from .evaluate import evaluate, features


def stage(s: State) -> int:
    return max(0, min(data.ROUNDS, s.round) - 1)


FEATURES = Features(
    names=NAMES, of=features, stage=stage, hand=evaluate, stages=data.ROUNDS)
