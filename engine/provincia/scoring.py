"""The end of the game: Gold into Prestige, Gloria, the winner and tie-breaks."""

from __future__ import annotations

from engine.core import Result, rank_scores

from .data import AEDIFICIA, CARDS, CLAY, END_GOLD_PER_PP, GOLD, STONE, WOOD
from .economy import change_pp, emit, pay
from .events import GameEnds
from .state import L_GLORIA, L_GOLD, LEDGER, OVER, Player, State

TIEBREAKS = ("special building", "Gold", "resources", "Morale")


def finish(w: State) -> None:
    """Gloria (only the highest card counts), then 3 Gold -> 1 PP.

    Converting is never worse for a player (PP come before Gold in the
    tie-breaks), so it is done for everyone (INVENTORY D18).
    """
    for p in w.order_from(w.caesar):
        glorias = [CARDS[c].value for c in w.players[p].spqr if CARDS[c].effect == "gloria"]
        if glorias:
            change_pp(w, p, max(glorias), L_GLORIA, "Gloria")
        k = w.players[p].res[GOLD] // END_GOLD_PER_PP
        if k:
            pay(w, p, (0, 0, 0, k * END_GOLD_PER_PP))
            change_pp(w, p, k, L_GOLD, "Gold")
    w.phase, w.step, w.queue = OVER, "over", ()
    emit(w, GameEnds(winners(w)))


def tiebreak_key(pl: Player) -> tuple[int, ...]:
    r = pl.res
    return (pl.pp, int(pl.special_built), r[GOLD], r[CLAY] + r[WOOD] + r[STONE], pl.morale)


def winners(s: State) -> tuple[int, ...]:
    keys = [tiebreak_key(pl) for pl in s.players]
    best = max(keys)
    return tuple(p for p, k in enumerate(keys) if k == best)


def decided_by(s: State) -> str | None:
    """Which tie-break separated the leaders (None if Prestige alone did,
    "shared" if nothing could)."""
    keys = [tiebreak_key(pl) for pl in s.players]
    top = max(k[0] for k in keys)
    tied = [k for k in keys if k[0] == top]
    if len(tied) == 1:
        return None
    for i, name in enumerate(TIEBREAKS, start=1):
        best = max(k[i] for k in tied)
        tied = [k for k in tied if k[i] == best]
        if len(tied) == 1:
            return name
    return "shared"


def breakdown(pl: Player) -> dict[str, int]:
    out = {"buildings": sum(AEDIFICIA[c].award for c, _ in pl.built)}
    out.update(zip(LEDGER, pl.ledger, strict=True))
    return out


CATEGORY_LABELS = (("buildings", "Build"), ("activations", "Activ"), ("battles", "Battle"),
                   ("setup", "Setup"), ("taxes", "Taxes"), ("gold", "Gold"),
                   ("gloria", "Gloria"))


def result(s: State) -> Result:
    keys = [tiebreak_key(pl) for pl in s.players]
    won = winners(s)
    tiebreak = decided_by(s)
    return Result(
        scores=tuple(pl.pp for pl in s.players),
        ranks=rank_scores(keys),
        breakdown=tuple(breakdown(pl) for pl in s.players),
        winners=won,
        tiebreak=tiebreak,
        outcome=outcome(s, won, tiebreak),
        unit="PP",
        labels=CATEGORY_LABELS,
    )


def outcome(s: State, won: tuple[int, ...], tiebreak: str | None) -> str:
    """The ending in a sentence, naming the cities."""
    from .text import seat_name

    names = " and ".join(seat_name(s, w) for w in won)
    pp = s.players[won[0]].pp
    text = (" share the victory" if len(won) > 1 else " wins") + f" with {pp} PP"
    if tiebreak == "shared":
        text += " — tied on every tie-break"
    elif tiebreak:
        text += f" — tie on score broken by {tiebreak}"
    return names + text + "."
