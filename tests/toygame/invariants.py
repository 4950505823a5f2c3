"""What must hold in every position of Toy Legion (a full state): the
registry entry names ``check_all`` (``GameEntry.invariants``), as a real
game's does."""

from __future__ import annotations

from .state import CARDS, State


def check_all(s: State, prev: State | None = None) -> None:
    """Every card once in a hand, the deck or the played pile; each score
    is its parts; no score falls, and the era never goes back."""
    cards = [h.card for c in s.camps for h in c.hand] + [h.card for h in s.deck] + list(s.played)
    assert sorted(cards) == list(range(CARDS)), f"the cards are {sorted(cards)}"
    for seat, c in enumerate(s.camps):
        assert c.score == c.dice + c.cards + c.rest, f"seat {seat}: {c.score} is not its parts"
    if prev is not None:
        assert s.era >= prev.era, "the era went back"
        for seat, (a, b) in enumerate(zip(prev.camps, s.camps, strict=True)):
            assert b.score >= a.score, f"seat {seat}'s score fell"
