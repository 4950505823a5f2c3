"""Legions, Votes and the Pantheon: the pieces a Follower's action, a
Scheme, an Event or a Trade card puts on the Main board.

One function per movement of a piece, so every rule that holds whenever
the piece moves is kept in one place: the Column holds five Votes and a
sixth pushes the bottom one home (L195-196), a Majority is made only by
placing (L197-198), a Legion moves one step at a time from the board or
between Battle Regions (A18), a Pantheon level is finished by the next
common piece left (L240, A5), and only an own piece of an unfinished level
can be taken down (L242, A6). What a building gives, and the "legion"
decision a Military action opens, are in ``benefits``: they need the Trade
cards, which need these pieces.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from engine.core import kinded, put
from engine.flow import push

from . import board, data, glory
from .actions import MoveLegion
from .memo import pending
from .state import BOARD, FARMING, MILITARY, POLITICS, REGIONS, State, coins, mine, seat_name

LEGION = "legion"  # the decision: move one of your Legions (answer MoveLegion or Done)
SHIELD = tuple(r.shield for r in board.BATTLE_REGIONS)
BASE_OWN, TOP_OWN = (lv.own for lv in data.PANTHEON_LEVELS)  # 2 and 3 (L240)
MILITARY_BIT = 1 << MILITARY
POLITICS_BIT = 1 << POLITICS
FARMING_BIT = 1 << FARMING


# ---------------------------------------------------------------- events
@kinded("legion_moved")
class LegionMoved(NamedTuple):
    """A Legion of ``seat`` went from ``source`` (a region index, -1 the
    Player board) to region ``to``."""

    kind: str
    seat: int
    source: int
    to: int


@kinded("legion_home")
class LegionHome(NamedTuple):
    """A Legion of ``seat`` went back from region ``region`` to its board."""

    kind: str
    seat: int
    region: int


@kinded("vote_placed")
class VotePlaced(NamedTuple):
    """``seat`` placed a Vote on top of the Column (``why``: what let it)."""

    kind: str
    seat: int
    why: str


@kinded("vote_home")
class VoteHome(NamedTuple):
    """The Vote of ``seat`` at Column index ``index`` went back to its board:
    ``evicted`` by a sixth Vote (L196), else removed (a Scheme, a card)."""

    kind: str
    seat: int
    index: int
    evicted: bool


@kinded("majority")
class Majority(NamedTuple):
    """``seat`` placed a third Vote in a row on top of the Column (L198)."""

    kind: str
    seat: int
    glory: int


@kinded("pantheon")
class PantheonPiece(NamedTuple):
    """``seat`` placed a Pantheon piece on ``level`` ("base"/"top"):
    ``colour`` data.OWN or the common piece finishing the level."""

    kind: str
    seat: int
    level: str
    colour: str


@kinded("degraded")
class Degraded(NamedTuple):
    """An own Pantheon piece of ``seat``'s unfinished ``level`` went back (L242)."""

    kind: str
    seat: int
    level: str


@kinded("farmed")
class Farmed(NamedTuple):
    """``seat`` took ``denarii`` from a Farming building (L245, L172)."""

    kind: str
    seat: int
    denarii: int


# ---------------------------------------------------------------- Votes
def place_vote(w: State, seat: int, why: str) -> bool:
    """A Vote from ``seat``'s board onto the top of the Column (L195); a
    sixth Vote sends the bottom one home (L196). A Majority when the two
    Votes under it are the seat's too (L197-198): 2 Glory, 3 with the
    Politics Medal (L169). False (nothing done) if the seat has no Vote on
    its board."""
    p = w.players[seat]
    if p.votes <= 0:
        return False
    p = mine(w, seat)
    p.votes -= 1
    column = w.column + (seat,)
    w.events.append(VotePlaced(seat, why))
    if len(column) >= board.MAJORITY_RUN and column[-2] == seat and column[-3] == seat:
        amount = (board.MAJORITY_GLORY_POLITICS_MEDAL if p.medals & POLITICS_BIT
                  else board.MAJORITY_GLORY)
        p.majorities += 1
        w.events.append(Majority(seat, amount))
        glory.gain(w, (seat,), amount, "Majority")
    if len(column) > board.COLUMN_MAX:
        owner = column[0]
        column = column[1:]
        mine(w, owner).votes += 1
        w.events.append(VoteHome(owner, 0, True))
    w.column = column
    return True


class VoteForecast(NamedTuple):
    """What ``times`` Votes placed by a seat now will do (``place_vote``
    run in advance): how many go on, their positions after (1 = the
    bottom), and the Votes pushed off, ``(owner, position before)``."""

    placed: int
    positions: tuple[int, ...]
    pushed: tuple[tuple[int, int], ...]


def forecast_votes(s: State, seat: int, times: int) -> VoteForecast:
    """L195-196, L201: each Vote goes on top; a sixth sends the bottom one
    home, and when it is the seat's own it may be cast again."""
    votes, column, pushed = s.players[seat].votes, list(s.column), []
    placed = 0
    for _ in range(times):
        if votes <= 0:
            break
        votes -= 1
        placed += 1
        column.append(seat)
        if len(column) > board.COLUMN_MAX:
            owner = column.pop(0)
            pushed.append((owner, len(pushed) + 1))
            votes += owner == seat
    top = len(column)
    return VoteForecast(placed, tuple(range(top - placed + 1, top + 1)), tuple(pushed))


def remove_vote(w: State, index: int) -> int:
    """The Vote at Column ``index`` (0 = the bottom) goes back to its owner's
    board; the Votes above it drop down. Removing never makes a Majority
    (L197). Returns the owner."""
    owner = w.column[index]
    w.column = w.column[:index] + w.column[index + 1:]
    mine(w, owner).votes += 1
    w.events.append(VoteHome(owner, index, False))
    return owner


# ---------------------------------------------------------------- Legions
def add_legion(w: State, seat: int, region: int) -> None:
    """A Legion from ``seat``'s board to Battle Region ``region``
    (precondition: one is on the board; unrecruited ones never are, A18)."""
    mine(w, seat).legions -= 1
    counts = w.regions[region]
    w.regions = put(w.regions, region, put(counts, seat, counts[seat] + 1))
    w.events.append(LegionMoved(seat, -1, region))


def remove_legion(w: State, seat: int, region: int) -> None:
    """A Legion of ``seat`` from Battle Region ``region`` back to its board."""
    counts = w.regions[region]
    w.regions = put(w.regions, region, put(counts, seat, counts[seat] - 1))
    mine(w, seat).legions += 1
    w.events.append(LegionHome(seat, region))


def shift_legion(w: State, seat: int, source: int, to: int) -> None:
    """A Legion of ``seat`` from Battle Region ``source`` to region ``to``."""
    regions = w.regions
    a, b = regions[source], regions[to]
    regions = put(regions, source, put(a, seat, a[seat] - 1))
    w.regions = put(regions, to, put(b, seat, b[seat] + 1))
    w.events.append(LegionMoved(seat, source, to))


FROM_BOARD = tuple(MoveLegion(BOARD, r) for r in REGIONS)
FROM_REGION = tuple(tuple(MoveLegion(source, to) for to in REGIONS if to != source)
                    for source in REGIONS)


def legion_moves(s: State, seat: int, board_ok: bool = True,
                 regions_ok: bool = True) -> list[MoveLegion]:
    """The single moves ``seat`` can make (A18): a Legion from its board to
    a Battle Region, or one of its Legions from a region to another."""
    moves: list[MoveLegion] = []
    if board_ok and s.players[seat].legions > 0:
        moves.extend(FROM_BOARD)
    if regions_ok:
        for i, counts in enumerate(s.regions):
            if counts[seat]:
                moves.extend(FROM_REGION[i])
    return moves


def push_legion_moves(w: State, seat: int, count: int, board_ok: bool = True,
                      regions_ok: bool = True) -> None:
    """Open the "legion" decision for ``count`` single moves of ``seat``'s
    Legions (L182: one, two with the Military bonus); nothing when no move
    is possible. The seat may stop early (``Done``): L176 says the action
    *can* be taken."""
    if count > 0 and legion_moves(w, seat, board_ok, regions_ok):
        push(w, pending(LEGION, seat, (count, board_ok, regions_ok)))


def defeated(s: State, region: int) -> bool:
    """A1: a Battle Region is defeated once it holds at least its shield's
    number of Legions, of everyone (L184)."""
    return sum(s.regions[region]) >= SHIELD[region]


def military_medal(s: State) -> int | None:
    """The seat holding the Military Medal, if any."""
    for seat, p in enumerate(s.players):
        if p.medals & MILITARY_BIT:
            return seat
    return None


def placings(s: State, region: int) -> tuple[tuple[int, int], ...]:
    """(seat, place) of everyone with a Legion in ``region``, most first
    (L185). Tied players share a place and the next group takes the next
    place (L186-187: Henry is 2nd behind a tie for 1st). The Military Medal
    holder wins its tie; the ones tied with it take the next place
    (L168, L188). A place held by more than one seat scores nothing."""
    counts = s.regions[region]
    levels = sorted({c for c in counts if c > 0}, reverse=True)
    medal = military_medal(s)
    out: list[tuple[int, int]] = []
    place = 1
    for level in levels:
        group = [seat for seat, c in enumerate(counts) if c == level]
        if len(group) > 1 and medal in group:
            out.append((medal, place))
            place += 1
            group.remove(medal)
        out.extend((seat, place) for seat in group)
        place += 1
    return tuple(out)


def region_glory(s: State, region: int) -> tuple[int, ...]:
    """End-game Glory per seat from ``region`` (L185-189): nothing unless
    it is defeated; a place scores its banner if one seat alone holds it."""
    glory_of = [0] * len(s.players)
    if not defeated(s, region):
        return tuple(glory_of)
    banners = board.banners(REGIONS[region], s.n)
    places = placings(s, region)
    held = [place for _, place in places]
    for seat, place in places:
        if place <= len(banners) and held.count(place) == 1:
            glory_of[seat] = banners[place - 1]
    return tuple(glory_of)


def first_places(s: State, seat: int, ties_count: bool = False) -> int:
    """Defeated regions where ``seat`` holds 1st place (alone, or tied too
    with ``ties_count``: the Quests' "ties go to the holder", L105)."""
    n = 0
    for region in range(len(REGIONS)):
        if not defeated(s, region):
            continue
        places = placings(s, region)
        firsts = [x for x, place in places if place == 1]
        if seat in firsts and (ties_count or len(firsts) == 1):
            n += 1
    return n


def _first(s: State, counts: tuple[int, ...], region: int) -> tuple[int, ...]:
    """The seats holding 1st place in ``region`` were its Legions ``counts``."""
    w = s.thaw()
    w.regions = put(s.regions, region, counts)
    return tuple(seat for seat, place in placings(w, region) if place == 1)


def _rank_change(s: State, seat: int, region: int, after: tuple[int, ...],
                 viewer: int) -> str:
    """What a move does to ``seat``'s 1st place in ``region`` (L185-188),
    empty when nothing changes: "you would tie Octavianus for first";
    ``viewer`` is "you"."""
    before = _first(s, s.regions[region], region)
    now = _first(s, after, region)

    def name(x: int) -> str:
        return "you" if x == viewer else seat_name(s, x)

    medal = medal_tie(s, after)
    if before == now:
        if medal is not None and medal != seat and after[seat] == after[medal] \
                and s.regions[region][seat] != s.regions[region][medal]:
            return (f"{name(seat)} would equal {name(medal)}, whose Military Medal wins "
                    "the tie: first stays theirs")
        return ""
    why = " (the Military Medal wins the tie)" if medal is not None else ""
    others = " and ".join(name(x) for x in now if x != seat)
    if now == (seat,):
        return f"{name(seat)} would take first alone{why}"
    if seat in now:
        return f"{name(seat)} would tie {others} for first"
    if seat in before:  # to nobody when its last Legion leaves
        return f"{name(seat)} would lose first to {others}{why}" if others \
            else f"{name(seat)} would no longer be first"
    return ""


def medal_tie(s: State, counts: tuple[int, ...]) -> int | None:
    """The Military Medal holder where it ties another seat for the most
    Legions of ``counts`` (L168, L188: it takes first), else None."""
    medal = military_medal(s)
    top = max(counts)
    if medal is None or not top or counts[medal] != top:
        return None
    return medal if sum(c == top for c in counts) > 1 else None


ORDINALS = ("1st", "2nd", "3rd", "4th")


def scoring_words(s: State, region: int, counts: tuple[int, ...], viewer: int) -> str:
    """What a defeated ``region`` holding ``counts`` Legions scores at the
    end, place by place (L185-188): "you 1st 10 Glory, Julius Caesar 2nd
    5"; a shared place scores nothing ("you and Crassus tied 1st,
    nothing"), nor one beyond its banners. ``viewer`` is "you"."""
    w = s.thaw()
    w.regions = put(s.regions, region, counts)
    glory_of = region_glory(w, region)
    groups: dict[int, list[int]] = {}
    for seat, place in placings(w, region):
        groups.setdefault(place, []).append(seat)
    parts: list[str] = []
    unit = " Glory"  # after the first number only
    for place, seats in groups.items():
        named = ["you" if x == viewer else seat_name(s, x) for x in seats]
        names = " and ".join([", ".join(named[:-1]), named[-1]] if len(named) > 1 else named)
        nth = ORDINALS[min(place, len(ORDINALS)) - 1]
        won = glory_of[seats[0]] if len(seats) == 1 else 0
        if won:
            medal = " (Military Medal: wins the tie)" if place == 1 and \
                medal_tie(w, counts) == seats[0] else ""
            parts.append(f"{names} {nth} {won}{unit}{medal}")
            unit = ""
        else:
            parts.append(f"{names} {'tied ' if len(seats) > 1 else ''}{nth}, nothing")
    return ", ".join(parts)


def legion_consequence(s: State, seat: int, source: str, to: str,
                       viewer: int | None = None) -> str:
    """What moving a Legion of ``seat`` from ``source`` (BOARD or a region)
    to region ``to`` does before it is made, from the public board: a
    region that drops below its shield is no longer defeated (A1, L184:
    its places score nothing), one that reaches it is, and a 1st place won,
    tied or lost. "Epirus would no longer be defeated; Macedonia: you would
    tie Octavianus for first". Empty when the move changes none of these.
    ``viewer`` (``seat`` unless given: a Deception moves another's Legion)
    is called "you"."""
    viewer = seat if viewer is None else viewer
    parts: list[str] = []
    for name, step in ((source, -1), (to, 1)):
        if name not in REGIONS:
            continue
        r = REGIONS.index(name)
        counts = s.regions[r]
        after = put(counts, seat, counts[seat] + step)
        was, will = sum(counts) >= SHIELD[r], sum(after) >= SHIELD[r]
        said, rank = "", _rank_change(s, seat, r, after, viewer)
        if was and not will:
            said = f"{name} would no longer be defeated"
        elif will and not was:
            said = (f"{name} would be defeated (at the end: "
                    f"{scoring_words(s, r, after, viewer)})")
            rank = ""  # its placings say who is first
        if s.n == 1:  # the Emperor Solo has no one to be first against
            rank = "" if will else f"{sum(after)} of the {SHIELD[r]} Legions its shield needs"
        if rank:
            said = f"{said}, {rank}" if said else f"{name}: {rank}"
        if said:
            parts.append(said)
    return "; ".join(parts)


def apostasy_consequence(s: State, seat: int, target: int, region: str, replace: bool,
                         viewer: int | None = None) -> str:
    """What Apostasy (L145) does to ``region`` before it is chosen: taking
    ``target``'s Legion out may drop the region below its shield, so it is
    no longer defeated (A1, L184: its places score nothing at the end),
    and it changes 1st place; ``replace``, one of ``seat``'s takes its
    place (the count stays). "Un-defeats Epirus: 1 Legion left of the 2
    its shield needs, so its places score nothing; Crassus would lose
    first to you". Empty when it changes none of these. ``viewer`` (the
    seat choosing) is "you"."""
    viewer = seat if viewer is None else viewer
    if region not in REGIONS:
        return ""
    r = REGIONS.index(region)
    counts = s.regions[r]
    after = put(counts, target, counts[target] - 1)
    if replace:
        after = put(after, seat, after[seat] + 1)
    parts: list[str] = []
    if sum(counts) >= SHIELD[r] > sum(after):
        left = sum(after)
        parts.append(f"Un-defeats {region}: {left} Legion{'s' if left != 1 else ''} left of "
                     f"the {SHIELD[r]} its shield needs, so its places score nothing")
    lost = _rank_change(s, target, r, after, viewer)
    if lost:
        parts.append(lost)
    won = _rank_change(s, seat, r, after, viewer) if replace else ""
    named = "you" if seat == viewer else seat_name(s, seat)
    if won and f" {named} " not in f"{lost.partition(' would ')[2]} ":
        parts.append(won)  # "lose first to you", "tie you" say it already
    if parts and not parts[0].startswith("Un-defeats"):
        parts[0] = f"{region}: {parts[0]}"
    return "; ".join(parts)


# ---------------------------------------------------------------- Pantheon
def pantheon_pieces(s: State, seat: int) -> int:
    """Pieces on ``seat``'s Pantheon, own and common."""
    p = s.players[seat]
    return p.base_own + p.top_own + bool(p.base_common) + bool(p.top_common)


def _common_piece(w: State, level: int) -> str:
    """Take the common piece for the k-th finisher of ``level`` (0 base,
    1 top): Gold, Silver, then Bronze (L240), or the next lower colour left
    (A5); "" if the pile is empty."""
    colour = next_common_piece(w, level)
    if colour:
        pile = w.pantheon[level]
        i = pile.index(colour)
        w.pantheon = put(w.pantheon, level, pile[:i] + pile[i + 1:])
    return colour


def next_common_piece(s: State, level: int) -> str:
    """The colour of the common piece the next finisher of ``level`` (0
    base, 1 top) takes: Gold, Silver, then Bronze (L240), or the next lower
    colour left (A5); "" if the pile is empty. The labels name it before
    the choice, ``_common_piece`` takes it."""
    pile = s.pantheon[level]
    if not pile:
        return ""
    finished = sum(1 for p in s.players if (p.top_common if level else p.base_common))
    wanted = min(finished, len(data.PANTHEON_ORDER) - 1)
    order = data.PANTHEON_ORDER
    # the wanted colour, else lower ones, else (never with the rulebook's
    # piles) the best one left
    for colour in (*order[wanted:], *order[:wanted][::-1]):
        if colour in pile:
            return colour
    return ""


def can_add_pantheon_piece(s: State, seat: int) -> bool:
    """Whether ``seat``'s Pantheon has room for a piece now."""
    p = s.players[seat]
    if not p.base_common:
        return p.base_own < BASE_OWN or bool(s.pantheon[0])
    if not p.top_common:
        return p.top_own < TOP_OWN or bool(s.pantheon[1])
    return False


def add_pantheon_piece(w: State, seat: int) -> bool:
    """One piece on ``seat``'s Pantheon (L236): own pieces start a level,
    the common piece finishes it, the base before the top (L239-240, A6).
    False when the Pantheon is complete (or the common pile is empty)."""
    p = w.players[seat]
    if not p.base_common:
        level, own, need, name = 0, "base_own", BASE_OWN, "base"
    elif not p.top_common:
        level, own, need, name = 1, "top_own", TOP_OWN, "top"
    else:
        return False
    if getattr(p, own) < need:
        p = mine(w, seat)
        setattr(p, own, getattr(p, own) + 1)
        w.events.append(PantheonPiece(seat, name, data.OWN))
        return True
    colour = _common_piece(w, level)
    if not colour:
        return False
    p = mine(w, seat)
    setattr(p, f"{name}_common", colour)
    w.events.append(PantheonPiece(seat, name, colour))
    return True


def degradable(s: State, seat: int) -> bool:
    """L242, A6: only an own piece of an unfinished level can be removed."""
    p = s.players[seat]
    if not p.base_common:
        return p.base_own > 0
    return not p.top_common and p.top_own > 0


def degrade(w: State, seat: int) -> None:
    """Remove ``seat``'s top own piece of its unfinished level (L147, L242)."""
    if not degradable(w, seat):
        return
    p = mine(w, seat)
    if not p.base_common:
        p.base_own -= 1
        w.events.append(Degraded(seat, "base"))
    else:
        p.top_own -= 1
        w.events.append(Degraded(seat, "top"))


# ---------------------------------------------------------------- buildings
def farming_denarii(s: State, seat: int, follower: bool = True) -> int:
    """L245-250 by the round (A24), +2 with the Farming Medal when a
    Follower is placed there (L172)."""
    medal = follower and s.players[seat].medals & FARMING_BIT
    return data.FARMING_DENARII[s.round] + (data.FARMING_MEDAL_DENARII if medal else 0)


# ---------------------------------------------------------------- words
def _from(source: int) -> str:
    return "the board" if source < 0 else REGIONS[source]


LOG: dict[str, Callable[[State, tuple], str]] = {
    LegionMoved.KIND: lambda s, e: (
        f"{seat_name(s, e.seat)} moves a Legion from {_from(e.source)} to {REGIONS[e.to]}."),
    LegionHome.KIND: lambda s, e: (
        f"A Legion of {seat_name(s, e.seat)} goes back from {REGIONS[e.region]} to the board."),
    VotePlaced.KIND: lambda s, e: f"{seat_name(s, e.seat)} places a Vote on the Senate's Column.",
    VoteHome.KIND: lambda s, e: (
        f"The bottom Vote, {seat_name(s, e.seat)}'s, is pushed off the Column." if e.evicted
        else f"{seat_name(s, e.seat)}'s Vote goes back from the Column."),
    # its Glory follows on a line of its own ("gains 2 Glory (Majority)")
    Majority.KIND: lambda s, e: f"{seat_name(s, e.seat)} achieves a Majority.",
    PantheonPiece.KIND: lambda s, e: (
        f"{seat_name(s, e.seat)} adds a piece to the Pantheon's {e.level}."
        if e.colour == data.OWN else
        f"{seat_name(s, e.seat)} finishes the Pantheon's {e.level} with the {e.colour} piece."),
    Degraded.KIND: lambda s, e: (
        f"{seat_name(s, e.seat)} loses a piece of the Pantheon's {e.level}."),
    Farmed.KIND: lambda s, e: f"{seat_name(s, e.seat)} farms {coins(e.denarii)}.",
}
