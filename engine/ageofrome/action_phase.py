"""The Action phase (L173-265): players place one Follower at a time, in
turn order, until everyone has placed them all (L176, L253).

A Follower goes on a building of the province in front of its player
(while the building has room for its level, L177), on the Colosseum (no
limit, L252) or on a Scheme marker the player puts on an empty Scheme
space of that province (L254-256; not in Truce, L350, nor solo, L375). A
Military, Politics or Trade Bonus that is active and unused this round may
go under it, doubling the action (L258-264, A17). The Follower's Trade
window opens first ("When you place a Follower": anywhere, and on the
Colosseum or a Farming building, L224, A14), then the action resolves
(benefits.resolve_building; the Colosseum gives 1 Glory). ``doing`` holds
the placement while its window is open. When nobody has a Follower left,
Followers, Bonus markers and activated Scheme markers go home (L253).

The queue is this round's turn order rotated to the seat that acts next;
a seat without Followers is passed over, and one that recruits a Follower
in the middle of the phase (a milestone) places it in its next turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from engine.core import kinded

from . import benefits, board, data, glory, trade
from .actions import Place
from .memo import last_legal
from .state import (
    BONUS,
    COLOSSEUM,
    FARMING,
    INCOME,
    NO_BONUS,
    SCHEME_SPACE,
    TYPE_INDEX,
    TYPES,
    Marker,
    State,
    in_front,
    mine,
    next_in_queue,
    option,
    province,
    seat_name,
)

PLACE_WINDOW = "A"  # L224: place a Follower anywhere
COLOSSEUM_WINDOW = "AC"  # ... on the Colosseum
FARMING_WINDOW = "AF"  # ... on a Farming building
CAPACITY = (0, *(board.LEVEL_CAPACITY[lv] for lv in board.LEVELS))  # by level, 0: no building


@kinded("follower")
class FollowerPlaced(NamedTuple):
    """``seat`` placed a Follower on ``target`` (a building type of
    ``province``, "Colosseum" or "Scheme"), with its Bonus marker if ``bonus``."""

    kind: str
    seat: int
    target: str
    province: int
    bonus: bool


@kinded("scheme_placed")
class SchemePlaced(NamedTuple):
    """``seat`` put a Scheme marker face down on space ``space`` of ``province`` (L255)."""

    kind: str
    seat: int
    province: int
    space: int


@kinded("followers_home")
class FollowersHome(NamedTuple):
    """L253: the Action phase is over; Followers, Bonus markers and
    activated Scheme markers go home."""

    kind: str


def left(s: State, seat: int) -> int:
    """Followers ``seat`` has still to place this round."""
    p = s.players[seat]
    return p.followers - p.placed


def schemes_allowed(s: State) -> bool:
    """No Scheme is placed in Truce (L350) or in the Emperor Solo (L375)."""
    return s.n > 1 and not option(s, "truce")


# The actions, built once: PLAIN[t] / WITH_BONUS[t] for type t.
PLAIN = tuple(Place(t, False) for t in TYPES)
WITH_BONUS = tuple(Place(t, True) for t in TYPES)
TO_COLOSSEUM = Place(COLOSSEUM, False)
TO_SCHEME = Place(SCHEME_SPACE, False)


def _active_mask(character: int, feuds: int) -> int:
    track = data.CHARACTERS[character].track[: data.FEUD_TRACK_SPACES - feuds]
    return sum(1 << t for t in BONUS if TYPES[t] in track)


# ACTIVE[character][feuds]: bit t set when the Bonus of type t is uncovered (L260)
ACTIVE = tuple(tuple(_active_mask(c, f) for f in range(data.FEUD_TRACK_SPACES + 1))
               for c in range(len(data.CHARACTERS)))


def bonus_ready(s: State, seat: int) -> int:
    """Bit t: the Bonus of type t is active and unused this round (L258, A17)."""
    p = s.players[seat]
    return ACTIVE[p.character][p.feuds] & ~p.bonus_used


def targets(s: State, seat: int) -> list[Place]:
    """Where ``seat`` may place a Follower now (L176-178, L252, L254-262)."""
    p = s.players[seat]
    pr = s.provinces[(p.position - s.rotation) % board.TABLE_POSITIONS]  # in_front
    ready = ACTIVE[p.character][p.feuds] & ~p.bonus_used
    followers = pr.followers
    out: list[Place] = []
    for t, level in enumerate(pr.levels):
        if level and len(followers[t]) < CAPACITY[level]:
            out.append(PLAIN[t])
            if ready >> t & 1:
                out.append(WITH_BONUS[t])
    out.append(TO_COLOSSEUM)
    if p.markers > 0 and s.n > 1 and None in pr.schemes and not option(s, "truce"):
        out.append(TO_SCHEME)
    return out


# ---------------------------------------------------------------- the phase
# The first player places first (L176): entered as every phase of a seat's
# turn is (game.module_phase), in this round's order.
to_move = next_in_queue


@last_legal
def legal(s: State) -> list:
    seat = s.queue[0]
    return [*targets(s, seat), *trade.free_tuple(s, seat)]


def why(s: State, a: tuple) -> str:
    """Why ``a`` is not a legal placement now."""
    if not s.queue:
        return "nobody places a Follower now"
    seat = s.queue[0]
    if a[0] != Place.KIND:
        return "in the Action phase you place a Follower (or sell and form sets)"
    if len(a) != 3 or not isinstance(a[2], bool):
        return "a placement names its target and whether the Bonus goes under it"
    target, bonus = a[1], a[2]
    p = s.players[seat]
    where = in_front(s, seat)
    name = board.PROVINCE_NAMES[where]
    if target in (COLOSSEUM, SCHEME_SPACE):
        if bonus:
            return "a Bonus goes only with a Military, Politics or Trade action"  # A17
        if target == COLOSSEUM:
            return "the Colosseum takes any number of Followers"
        if not schemes_allowed(s):
            return "no Scheme is placed in this game (Truce, or the Emperor Solo)"
        if p.markers <= 0:
            return "all your Scheme markers are on the board"
        return f"the three Scheme spaces of {name} are taken"  # L256
    if target not in TYPE_INDEX:
        return f"a Follower goes on {', '.join(TYPES)}, the Colosseum or a Scheme space"
    t = TYPE_INDEX[target]
    level = s.provinces[where].levels[t]
    if not level:
        return f"{name} has no {target} building"  # L178
    if len(s.provinces[where].followers[t]) >= CAPACITY[level]:
        room = CAPACITY[level]
        return f"a level {level} building holds {room} Follower{'s' if room != 1 else ''}"
    if bonus:
        if t not in BONUS:
            return "only Military, Politics and Trade have a Bonus"  # L258
        if p.bonus_used >> t & 1:
            return f"your {target} Bonus is already used this round"  # L258
        return f"your {target} Bonus is covered by a Feud"  # L260
    return "that placement is not possible now"


def place(w: State, seat: int, a: Place) -> None:
    """Put the Follower (and Bonus marker, Scheme marker) down and open its
    Trade window; the action resolves once the window is closed (``auto``)."""
    _, target, bonus = a
    where = in_front(w, seat)
    p = mine(w, seat)
    p.placed += 1
    window = PLACE_WINDOW
    if target == COLOSSEUM:
        p.colosseum += 1
        window = COLOSSEUM_WINDOW
    elif target == SCHEME_SPACE:
        pr = province(w, where)
        space = pr.schemes.index(None)
        pr.schemes = pr.schemes[:space] + (Marker(seat, w.round),) + pr.schemes[space + 1:]
        p.markers -= 1
        w.events.append(SchemePlaced(seat, where, space))
    else:
        t = TYPE_INDEX[target]
        pr = province(w, where)
        on = pr.followers[t] + ((seat, t if bonus else NO_BONUS),)
        pr.followers = pr.followers[:t] + (on,) + pr.followers[t + 1:]
        if bonus:
            p.bonus_used |= 1 << t
        if t == FARMING:
            window = FARMING_WINDOW
    w.events.append(FollowerPlaced(seat, target, where, bonus))
    w.doing = (seat, target, bonus)
    trade.open_window(w, seat, window)


def resolve(w: State, seat: int, target: str, bonus: bool) -> None:
    """The action of the place a Follower went to (L179-252); a Scheme
    placement does nothing more (its marker is down)."""
    if target == COLOSSEUM:
        glory.gain(w, (seat,), board.COLOSSEUM_GLORY, "Colosseum")
    elif target != SCHEME_SPACE:
        benefits.resolve_building(w, seat, TYPE_INDEX[target], bonus)


def act(w: State, a: tuple) -> None:
    seat = w.queue[0]
    if trade.act_free(w, seat, a):
        return
    place(w, seat, a)


def auto(w: State) -> bool:
    """Resolve a placement whose Trade window has closed, pass the turn on
    to the next seat with a Follower left; end the phase when none has one."""
    if w.doing:
        seat, target, bonus = w.doing
        w.doing = ()
        order = w.order
        i = order.index(seat) + 1
        w.queue = order[i:] + order[:i]
        resolve(w, seat, target, bonus)
        if w.pending:
            return True
    queue, players = w.queue, w.players
    for k, seat in enumerate(queue):
        p = players[seat]
        if p.followers > p.placed:  # a Follower left (``left``)
            if k:
                w.queue = queue[k:] + queue[:k]
            return True
    finish(w)
    return False


def finish(w: State) -> None:
    """L253: Followers and Bonus markers go home, and so do the Scheme
    markers activated this round (the face-down ones stay)."""
    w.queue = ()
    for i, pr in enumerate(w.provinces):
        if any(pr.followers) or any(m is not None and m.active for m in pr.schemes):
            pr = province(w, i)
            pr.followers = ((),) * len(TYPES)
            schemes = []
            for m in pr.schemes:
                if m is not None and m.active:
                    mine(w, m.seat).markers += 1
                    m = None
                schemes.append(m)
            pr.schemes = tuple(schemes)
    for seat, p in enumerate(w.players):
        if p.placed or p.bonus_used:
            p = mine(w, seat)
            p.placed = 0
            p.bonus_used = 0
    w.events.append(FollowersHome())


def after(w: State) -> str:
    return INCOME


# ---------------------------------------------------------------- words
def prompt(s: State) -> str:
    seat = s.queue[0]
    n = left(s, seat)
    return (f"{seat_name(s, seat)}: place a Follower ({n} left) on "
            f"{board.PROVINCE_NAMES[in_front(s, seat)]}, the Colosseum or a Scheme space.")


def describe_place(s: State, a: Place) -> str:
    if a.target == COLOSSEUM:
        return "Colosseum: +1 Glory"
    if a.target == SCHEME_SPACE:
        return "Place a Scheme marker"
    seat = s.queue[0] if s.queue else 0
    t = TYPE_INDEX.get(a.target, -1)
    level = s.provinces[in_front(s, seat)].levels[t] if t >= 0 else 0
    name = data.TILE_NAMES[a.target][level - 1] if level else a.target
    return f"{name} ({a.target}){' with the Bonus' if a.bonus else ''}"


def _placed(s: State, e: FollowerPlaced) -> str:
    where = board.PROVINCE_NAMES[e.province]
    if e.target == COLOSSEUM:
        return f"{seat_name(s, e.seat)} places a Follower on the Colosseum."
    if e.target == SCHEME_SPACE:
        return f"{seat_name(s, e.seat)} places a Follower on a Scheme in {where}."
    bonus = " with the Bonus" if e.bonus else ""
    return f"{seat_name(s, e.seat)} places a Follower on the {e.target} building of {where}{bonus}."


LOG: dict[str, Callable[[State, tuple], str]] = {
    FollowerPlaced.KIND: _placed,
    SchemePlaced.KIND: lambda s, e: (
        f"{seat_name(s, e.seat)} puts a Scheme marker face down in "
        f"{board.PROVINCE_NAMES[e.province]}."),
    FollowersHome.KIND: lambda s, e: (
        "The Action phase ends: Followers, Bonus markers and activated Schemes go home."),
}
DESCRIBE: dict[str, Callable[[State, tuple], str]] = {Place.KIND: describe_place}
