"""engine.flow: one table of phases and decisions, here on a toy table and
on Provincia's (every phase and decision it can reach is in it)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine import get_game
from engine.flow import Decision, Flow, Pending, Phase, push
from engine.provincia.game import FLOW
from engine.provincia.state import PHASE_NAMES

G = get_game("provincia")


@dataclass
class Toy:
    """Two seats take turns adding to a count; at 3 each seat in turn
    answers a vote (a decision per seat, in order); then the game ends."""

    phase: str = "count"
    pending: tuple = ()
    count: int = 0
    turn: int = 0
    votes: list = field(default_factory=list)
    log: list = field(default_factory=list)


def count_auto(w: Toy) -> bool:
    """Runs again once the votes are answered: it must see they were."""
    if w.count < 3:
        return True
    if not w.votes:
        push(w, *(Pending("vote", seat, ()) for seat in (1, 0)))
        return True
    return False


def count_act(w: Toy, a: tuple) -> None:
    w.count += a[1]
    w.turn = 1 - w.turn


def vote_resolve(w: Toy, pd: Pending, a: tuple) -> None:
    w.votes.append((pd.seat, a[0]))


TOY = Flow(
    phases={
        "count": Phase(lambda s: s.turn, lambda s: [("add", 1), ("add", 2)],
                       lambda s, a: "add 1 or 2", count_act, auto=count_auto,
                       enter=lambda w: w.log.append("count"), next=lambda w: "tally"),
        "tally": Phase(auto=lambda w: False, enter=lambda w: w.log.append("tally"),
                       next=lambda w: "over"),
        "over": Phase(enter=lambda w: w.log.append("over")),
    },
    decisions={"vote": Decision(lambda s, pd: [("yes",), ("no",)],
                                lambda s, pd, a: "vote yes or no", vote_resolve)},
    over="over",
)


def test_the_toy_flow_runs_phases_decisions_in_order_and_the_end():
    w = Toy()
    TOY.goto(w, "count")
    TOY.advance(w)
    assert TOY.to_move(w) == 0 and TOY.legal(w) == [("add", 1), ("add", 2)]
    TOY.act(w, ("add", 2))
    TOY.advance(w)
    assert TOY.to_move(w) == 1
    TOY.act(w, ("add", 1))
    TOY.advance(w)  # count 3: the votes open, first given answered first
    assert w.phase == "count" and [pd.seat for pd in w.pending] == [0, 1]
    assert TOY.to_move(w) == 1 and TOY.legal(w) == [("yes",), ("no",)]
    assert TOY.why_illegal(w, ("add", 1)) == "vote yes or no"
    TOY.act(w, ("no",))
    TOY.advance(w)
    assert TOY.to_move(w) == 0
    TOY.act(w, ("yes",))
    TOY.advance(w)  # no decision open: count is over, tally runs by itself, the end
    assert w.votes == [(1, "no"), (0, "yes")]
    assert w.log == ["count", "tally", "over"] and w.phase == "over"
    assert TOY.to_move(w) is None and TOY.legal(w) == []
    assert TOY.why_illegal(w, ("add", 1)) == "the game is over"


def test_the_flow_explains_an_action_that_is_not_a_tuple():
    w = Toy()
    assert "tuple" in TOY.why_illegal(w, "add")
    assert TOY.why_illegal(w, ("add", 5)) == "add 1 or 2"


def test_provincia_reaches_only_phases_and_decisions_of_its_table():
    assert set(FLOW.phases) == set(PHASE_NAMES)
    seen_phases, seen_decisions = set(), set()
    for seed in range(12):
        rng = random.Random(seed)
        s = G.setup(2 + seed % 5, None, seed)
        while not G.is_over(s):
            seen_phases.add(s.phase)
            seen_decisions.update(pd.kind for pd in s.pending)
            assert G.to_move(s) == FLOW.to_move(s) is not None
            s = G.play(s, rng.choice(G.legal(s)))
        assert G.to_move(s) is None and G.legal(s) == []
    assert seen_phases == set(PHASE_NAMES) - {4, 7}  # Upkeep runs by itself; 7 is the end
    assert seen_decisions <= set(FLOW.decisions) and "discard" in seen_decisions
