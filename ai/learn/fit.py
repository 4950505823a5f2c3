"""Fitting the learned evaluation (training only: needs numpy, from the
``train`` extra, never the player's install).

Per stage, the weights maximise the likelihood of who won: a conditional
logit over the seats (the winner's share of each position's outcome), or a
logistic regression for a solo game, with a ridge penalty, by Newton's
method (a few dozen features, so the Hessian is small and a fit takes
seconds). Games are split, not positions: the last ``holdout`` share of the
games is kept out of the fit to report how well the weights predict games
they never saw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .selfplay import Position

try:
    import numpy as np
except ModuleNotFoundError as e:  # pragma: no cover - the message is the point
    raise ModuleNotFoundError(
        "training needs numpy: pip install -e '.[train]'") from e


@dataclass(frozen=True)
class StageFit:
    stage: int
    weights: tuple[float, ...]
    positions: int
    loss: float  # mean log-loss of the outcome on held-out games
    hand: float  # the same for the hand-set evaluation
    uniform: float  # the same for "every seat alike" (solo: even odds)


def fit(games: Sequence[Sequence[Position]], stages: int, width: int, ridge: float = 1.0,
        holdout: float = 0.2) -> list[StageFit]:
    """The weights per stage from ``games`` (each a game's positions)."""
    cut = len(games) - int(len(games) * holdout) if len(games) > 4 else len(games)
    train = [p for g in games[:cut] for p in g]
    test = [p for g in games[cut:] for p in g]
    out = []
    for stage in range(stages):
        xs, ys = _arrays([p for p in train if p.stage == stage], width)
        w = _newton(xs, ys, ridge) if len(xs) else np.zeros(width)
        held = [p for p in test if p.stage == stage]
        tx, ty = _arrays(held, width)
        out.append(StageFit(stage, tuple(float(v) for v in w), len(xs), _loss(tx, ty, w),
                            _hand_loss(held), _loss(tx, ty, np.zeros(width))))
    return out


def _arrays(positions: list[Position], width: int) -> tuple[np.ndarray, np.ndarray]:
    """Features (positions, seats, width) and outcomes (positions, seats);
    a multi-seat position nobody won teaches nothing about who wins, and
    is left out."""
    keep = [p for p in positions if len(p.outcome) == 1 or sum(p.outcome) > 0]
    if not keep:
        return np.zeros((0, 1, width)), np.zeros((0, 1))
    xs = np.array([p.rows for p in keep], dtype=float)
    ys = np.array([p.outcome for p in keep], dtype=float)
    return xs, ys


def _probs(xs: np.ndarray, w: np.ndarray) -> np.ndarray:
    z = xs @ w  # (m, n)
    if z.shape[1] == 1:
        return 1.0 / (1.0 + np.exp(-np.clip(z, -60, 60)))
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def _loss(xs: np.ndarray, ys: np.ndarray, w: np.ndarray) -> float:
    if not len(xs):
        return float("nan")
    p = np.clip(_probs(xs, w), 1e-12, 1 - 1e-12)
    if xs.shape[1] == 1:
        return float(-(ys * np.log(p) + (1 - ys) * np.log(1 - p)).mean())
    return float(-(ys * np.log(p)).sum(axis=1).mean())


def _hand_loss(positions: list[Position]) -> float:
    """The held-out log-loss of the hand-set chances recorded with each
    position (the positions ``_arrays`` keeps)."""
    keep = [p for p in positions if len(p.outcome) == 1 or sum(p.outcome) > 0]
    if not keep:
        return float("nan")
    total = 0.0
    for p in keep:
        h = np.clip(np.array(p.hand), 1e-12, 1 - 1e-12)
        y = np.array(p.outcome)
        if len(y) == 1:
            total -= float(y[0] * np.log(h[0]) + (1 - y[0]) * np.log(1 - h[0]))
        else:
            total -= float((y * np.log(h)).sum())
    return total / len(keep)


def _newton(xs: np.ndarray, ys: np.ndarray, ridge: float, steps: int = 50) -> np.ndarray:
    m, n, d = xs.shape
    w = np.zeros(d)
    scale = np.maximum(np.abs(xs).reshape(-1, d).max(axis=0), 1e-9)
    xs = xs / scale  # fit on comparable scales, return weights for the raw features
    for _ in range(steps):
        p = _probs(xs, w)
        if n == 1:
            r = (p - ys)[:, 0]
            x = xs[:, 0, :]
            grad = x.T @ r
            hess = (x * (p * (1 - p))).T @ x
        else:
            mass = ys.sum(axis=1, keepdims=True)
            grad = np.einsum("mnd,mn->d", xs, p * mass - ys)
            mean = np.einsum("mnd,mn->md", xs, p)
            hess = (np.einsum("mnd,mne,mn->de", xs, xs, p * mass)
                    - np.einsum("md,me,m->de", mean, mean, mass[:, 0]))
        grad = grad / m + ridge / m * w
        hess = hess / m + ridge / m * np.eye(d)
        step = np.linalg.solve(hess, grad)
        w = w - step
        if np.abs(step).max() < 1e-8:
            break
    return w / scale
