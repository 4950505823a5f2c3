"""Figures self-play reports for Provincia (the registry's ``Bench.tally``,
read by bench/balance.py): each battle a step fought, by round.

docs/RULES-NOTES.md ("Seat balance") quotes the share of battles lost in
each round; the round V and VI Bellum cards were tuned by it.
"""

from __future__ import annotations

from collections.abc import Iterator

from .events import Fought, RoundBegins
from .state import State


def battles_lost(before: State, after: State) -> Iterator[tuple[int, bool]]:
    """(round, lost) for each battle fought in the step from ``before`` to
    ``after``; the step may run on into the next round, whose events then
    say so."""
    rnd = before.round
    for e in after.events:
        if type(e) is RoundBegins:
            rnd = e.round
        elif type(e) is Fought:
            yield rnd, not e.won
