"""One function for every effect an Event reward or a Trade card gives
(``data.EFFECTS``), so the cards stay data.

``apply`` changes the writable state at once where nothing is to choose
and opens the decision where something is: Legion moves (forces' "legion"
decision), a Battle Region to bring a Legion back from (the Event step's
"region" decision), room in a full hand before a draw (trade's "room").
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core import kinded
from engine.flow import Pending, push

from . import data, forces, glory
from .state import State, mine

REGION = "region"  # the Event step's decision (events_phase.py): answer PickRegion
RETURN_LEGION = "return legion"


@kinded("denarii")
class DenariiChanged(NamedTuple):
    """``seat``'s Denarii moved by ``amount`` (never below 0) for ``why``."""

    kind: str
    seat: int
    amount: int
    why: str


@kinded("anchor_removed")
class AnchorRemoved(NamedTuple):
    """``seat``'s Anchor card left play (L207)."""

    kind: str
    seat: int


@kinded("recruited")
class Recruited(NamedTuple):
    """``seat`` recruited a ``piece`` ("Legion" or "Vote") onto its board."""

    kind: str
    seat: int
    piece: str


CARD_MOVES = ("draw", "take discard", "discard random")  # given by trade.apply


def apply(w: State, seat: int, effect: data.Effect, bonus: bool = False, window: str = "",
          why: str = "") -> bool:
    """Give ``seat`` ``effect`` (``Effect(kind, amount)``). ``bonus``: the
    extra half of a Bonus action, which never recruits nor removes the
    Anchor (L265, A17): False, nothing done. ``window``: the condition of
    the Trade chain the effect belongs to (cards it draws may join it).
    ``why`` words the cause in the log. The effects that move Trade
    cards (``CARD_MOVES``) are ``trade.apply``'s, which hands every other
    kind to this one (so the cards can use these effects without a cycle)."""
    kind, amount = effect.kind, effect.amount
    if bonus and kind in data.BONUS_FORBIDDEN_EFFECTS:
        return False
    why = why or kind
    if kind == "glory":
        if amount > 0:
            glory.gain(w, (seat,), amount, why)
        elif amount < 0:
            glory.lose(w, seat, -amount, why)
    elif kind == "denarii":
        p = w.players[seat]
        moved = max(-p.denarii, amount)
        if moved:
            mine(w, seat).denarii += moved
            w.events.append(DenariiChanged(seat, moved, why))
    elif kind == "remove anchor":
        if w.players[seat].anchor:
            mine(w, seat).anchor = False
            w.events.append(AnchorRemoved(seat))
    elif kind in RECRUITS:
        _recruit(w, seat, amount, *RECRUITS[kind])
    elif kind == "place legion":
        forces.push_legion_moves(w, seat, amount, board_ok=True, regions_ok=False)
    elif kind == "move legions":
        forces.push_legion_moves(w, seat, amount, board_ok=False, regions_ok=True)
    elif kind == RETURN_LEGION:
        placed = sum(counts[seat] for counts in w.regions)
        push(w, *(Pending(REGION, seat, (RETURN_LEGION,)) for _ in range(min(amount, placed))))
    elif kind == "place vote":
        for _ in range(amount):
            if not forces.place_vote(w, seat, why):
                break
    elif kind == "remove lowest vote":
        for _ in range(amount):
            if seat not in w.column:
                break
            forces.remove_vote(w, w.column.index(seat))
    elif kind in CARD_MOVES:
        raise ValueError(f"{kind!r} moves Trade cards: trade.apply gives it")
    else:
        raise ValueError(f"unknown effect {kind!r}")
    return True


# A recruit effect: the piece it names in the log, the player's field of them.
RECRUITS = {"recruit legion": ("Legion", "legions"), "recruit vote": ("Vote", "votes")}


def _recruit(w: State, seat: int, amount: int, piece: str, field: str) -> None:
    """Up to ``amount`` of the seat's unrecruited pieces (``<field>_unrecruited``)
    join those it has (``<field>``), one event each, as far as they go."""
    spare = field + "_unrecruited"
    k = max(0, min(amount, getattr(w.players[seat], spare)))
    if k:
        p = mine(w, seat)
        setattr(p, spare, getattr(p, spare) - k)
        setattr(p, field, getattr(p, field) + k)
        w.events.extend(Recruited(seat, piece) for _ in range(k))


def _who(s: State, seat: int) -> str:
    return data.CHARACTERS[s.players[seat].character].name


def _denarii(s: State, e: tuple) -> str:
    n = e[2]
    unit = "Denarius" if abs(n) == 1 else "Denarii"
    return f"{_who(s, e[1])} {'gains' if n > 0 else 'loses'} {abs(n)} {unit} ({e[3]})"


LOG = {
    DenariiChanged.KIND: _denarii,
    AnchorRemoved.KIND: lambda s, e: f"{_who(s, e[1])} removes the Anchor card from play",
    Recruited.KIND: lambda s, e: f"{_who(s, e[1])} recruits a {e[2]}",
}
