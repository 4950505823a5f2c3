"""Age of Rome's invariants for tests and bench/soak.py: the engine's own
(engine/ageofrome/invariants.py) after every action, and what must hold from
one state to the next."""

from __future__ import annotations

from engine.ageofrome.invariants import check
from engine.ageofrome.state import State


def check_all(nxt: State, prev: State) -> None:
    check(nxt)
    assert nxt.round >= prev.round, "the round went back"
    for seat, (a, b) in enumerate(zip(prev.players, nxt.players, strict=True)):
        assert b.followers >= a.followers, f"seat {seat} lost a Follower (L102)"
        assert b.milestones & a.milestones == a.milestones, f"seat {seat} un-met a milestone"
        assert b.medals & a.medals == a.medals, f"seat {seat} lost a Medal"
        assert len(b.sets) >= len(a.sets), f"seat {seat} lost a Trade set"
    for i, (a, b) in enumerate(zip(prev.milestones, nxt.milestones, strict=True)):
        assert b <= a, f"milestone {i + 1} moved up"
