"""Why a building or a god is not offered to the seat placing a senator, in
a few words ("needs 1 materials", "every box taken", "no god: unrest in
Etruria"), as Provincia's hand words why a card cannot be played
(``tui/provincia/reasons.py``).

The checks are the engine's own (``senate.building_options``,
``empire.gods_open``); this module only words their outcome, shortly
enough for a line of the City of Rome at 80 columns.
"""

from __future__ import annotations

from engine.romans.data import BUILDINGS, GODS, RESOURCE_NAMES
from engine.romans.empire import god_allowed, god_of, gods_open
from engine.romans.senate import TEMPLE, building_options, invasion_targets
from engine.romans.state import EMPTY, EXPANSION, ITALY, OCCUPIED, PLACES, State, bits
from engine.romans.text import ROMAN, seat_name

from .look import TAG


def placing(s: State, seat: int | None) -> bool:
    """Is ``seat`` to place a senator now (no decision pending)?"""
    return (seat is not None and s.phase == EXPANSION and not s.pending
            and bool(s.queue) and s.queue[0] == seat)


def building_reason(s: State, seat: int, b: int) -> str:
    """Why ``seat`` may place no senator in building ``b`` ("" when it may)."""
    if building_options(s, seat, b):
        return ""
    p = s.players[seat]
    ranks = sorted(set(p.villa))
    boxes = s.boxes[b]
    if any(OCCUPIED + seat * 8 <= code < OCCUPIED + seat * 8 + 8 for code in boxes):
        return "yours already (one senator a building)"
    missing = [f"{c - h} {RESOURCE_NAMES[i]}" for i, (c, h)
               in enumerate(zip(BUILDINGS[b].boxes[0].cost, p.docks, strict=True)) if c > h]
    if missing:
        return "needs " + ", ".join(missing)
    free = [n for n, code in enumerate(boxes, start=1) if code == EMPTY]
    if not free:
        return "every box taken"
    if not ranks or max(ranks) < min(free):
        return f"free box {ROMAN[min(free)]} needs a {ROMAN[min(free)]} senator"
    if BUILDINGS[b].name == TEMPLE:
        return god_reason(s, seat) or "your god was called on at the Temple this Era"
    return "not open to you now"


def god_reason(s: State, seat: int, short: bool = False) -> str:
    """Why ``seat`` can take no god now ("" when one is open or held);
    ``short`` for the side panel at 80 columns (province tags, no verbs)."""
    if god_of(s, seat) or gods_open(s, seat):
        return ""
    p = s.players[seat]
    if s.gods_taken >> seat & 1:
        return "god: taken this Era" if short else "no god: you took one this Era"
    if not god_allowed(p):
        unrest = bits(p.unrest & ITALY)
        if unrest:
            if short:
                return "god: unrest " + " ".join(TAG[i] for i in unrest)
            return "no god: unrest in " + ", ".join(PLACES[i] for i in unrest)
        empty = bits(ITALY & ~p.garrison)
        if short:
            return "god: needs " + " ".join(TAG[i] for i in empty)
        return "no god: Italy not all yours (" + ", ".join(PLACES[i] for i in empty) + ")"
    if short:
        return "god: all held"
    held = [f"{g.name} {seat_name(s, who)}" for g, who in zip(GODS, s.gods, strict=True)]
    return "no god: all held (" + ", ".join(held) + ")"


def army_reason(s: State, seat: int, short: bool = False) -> str:
    """Why ``seat`` can send no army into an Enemy province now ("" when
    it can)."""
    if not s.players[seat].barracks:
        return "army: Barracks empty" if short else "no army: the Barracks are empty"
    if not invasion_targets(s, seat):
        return "army: no target" if short else "no army: no Native force in reach"
    return ""
