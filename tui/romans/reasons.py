"""Why a building or a god is not offered to the seat placing a senator, in
a few words ("needs 1 material", "every box taken", "no god: unrest in
Etruria"), as Provincia's hand words why a card cannot be played
(``tui/provincia/reasons.py``).

The reasons are the engine's (``closed.building_closed``,
``closed.why_no_god``); this module only words the side panel's short
forms, shortly enough for a line at 80 columns.
"""

from __future__ import annotations

from engine.romans.closed import building_closed, why_no_god
from engine.romans.empire import god_allowed, god_of, gods_open
from engine.romans.senate import invasion_targets
from engine.romans.state import EXPANSION, ITALY, State, bits

from .look import TAG


def placing(s: State, seat: int | None) -> bool:
    """Is ``seat`` to place a senator now (no decision pending)?"""
    return (seat is not None and s.phase == EXPANSION and not s.pending
            and bool(s.queue) and s.queue[0] == seat)


def building_reason(s: State, seat: int, b: int) -> str:
    """Why ``seat`` may place no senator in building ``b`` ("" when it may):
    the engine's words (``closed.building_closed``)."""
    return building_closed(s, seat, b)


def god_reason(s: State, seat: int, short: bool = False) -> str:
    """Why ``seat`` can take no god now ("" when one is open or held):
    the engine's words (``closed.why_no_god``), or ``short`` for the side
    panel at 80 columns (province tags, no verbs)."""
    if not short:
        return why_no_god(s, seat)
    if god_of(s, seat) or gods_open(s, seat):
        return ""
    p = s.players[seat]
    if s.gods_taken >> seat & 1:
        return "god: taken this Era"
    if not god_allowed(p):
        unrest = bits(p.unrest & ITALY)
        if unrest:
            return "god: unrest " + " ".join(TAG[i] for i in unrest)
        return "god: needs " + " ".join(TAG[i] for i in bits(ITALY & ~p.garrison))
    return "god: all held"


def army_reason(s: State, seat: int, short: bool = False) -> str:
    """Why ``seat`` can send no army into an Enemy province now ("" when
    it can)."""
    if not s.players[seat].barracks:
        return "army: Barracks empty" if short else "no army: the Barracks are empty"
    if not invasion_targets(s, seat):
        return "army: no target" if short else "no army: no Native force in reach"
    return ""
