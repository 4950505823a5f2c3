"""Small helpers for The Romans' rule tests: play through the public
protocol, read a map by the rulebook's names, find events."""

from __future__ import annotations

import pytest

from engine import get_game
from engine.core import IllegalAction
from engine.romans.scenario import Scenario, native
from engine.romans.state import INDEX, PLACES, bits

G = get_game("romans")
RED, BLUE, YELLOW, GREEN = range(4)  # the rulebook's colours (engine/romans/text.py)
MED_OCC, MED_OR = "Mediterraneum Occidentis", "Mediterraneum Orientis"
ATLANTICUS, ADRIATICUM = "Oceanus Atlanticus", "Mare Adriaticum"


def play(s, *actions):
    for a in actions:
        s = G.play(s, a)
    return s


def names(mask: int) -> set[str]:
    """The provinces in a mask, by name."""
    return {PLACES[i] for i in bits(mask)}


def has(mask: int, name: str) -> bool:
    return bool(mask >> INDEX[name] & 1)


def events(s, kind: str) -> list[tuple]:
    return [e for e in s.events if e[0] == kind]


def illegal(s, a) -> None:
    """``a`` is not offered and playing it is refused."""
    assert a not in G.legal(s)
    with pytest.raises(IllegalAction):
        G.play(s, a)


def fleet_at(p, sea: str) -> int:
    """The number (1-6) of the fleet in ``sea``, 0 if none."""
    i = INDEX[sea]
    return p.fleets.index(i) + 1 if i in p.fleets else 0


def face_up(p, number: int) -> bool:
    """Does fleet ``number`` show its dice icon (it has invaded this Era)?"""
    return bool(p.fleets_up >> (number - 1) & 1)


def pending(s) -> str | None:
    return s.pending[-1].kind if s.pending else None


ONE_WARBAND = native(1)


def romans(players=4, seed=1):
    """A game on the stand-in map A for every player."""
    return Scenario(players=players, seed=seed).boards(*["A"] * players)


def expansion(players=4, era=1, seed=1):
    """Era ``era``'s expansion, turn order Red, Blue, Yellow, Green, and
    every Villa empty but the ones a test fills."""
    sc = romans(players, seed).at("expansion", era).order(*range(players))
    for seat in range(players):
        sc = sc.villa(seat)
    return sc
