"""The Romans' invariants for tests and bench/soak.py: the engine's own
(engine/romans/invariants.py) after every action, and what must hold from
one state to the next."""

from __future__ import annotations

from engine.romans.invariants import check
from engine.romans.state import State


def check_all(nxt: State, prev: State) -> None:
    check(nxt)
    assert nxt.era >= prev.era, "the Era went back"
    for seat, (a, b) in enumerate(zip(prev.players, nxt.players, strict=True)):
        assert b.triumphs[:len(a.triumphs)] == a.triumphs, f"seat {seat} lost a Triumph"
        assert len(b.villa) + len(b.used) >= len(a.villa) + len(a.used), (
            f"seat {seat} lost a senator")
