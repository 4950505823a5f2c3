"""The Building phase (L151-172): each player in turn order places as many
Building tiles on the province in front of them as they can pay for.

A tile is the next level of its type there: level I on a free space, II
over I, III over II (L155, L160), one from its pile (L45-46), paid in
Denarii and giving its Glory at once (L156, L161-164); the province's
Population is derived from its levels (L156, ``Province.population``).
The first level III of a type takes that type's Medal (L165, L167; none
with Heroes, L357). Every tile opens a Trade window "When you build"
(L223). Selling, forming sets and buying Glory are free actions on the
seat's turn (trade.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from engine.core import kinded

from . import board, data, glory, income, trade
from .actions import DONE, Build, Done
from .memo import last_legal
from .state import (
    ACTIONS,
    TYPE_INDEX,
    TYPES,
    State,
    coins,
    in_front,
    mine,
    next_in_queue,
    option,
    province,
    seat_name,
    tile_index,
)

TOP_LEVEL = board.LEVELS[-1]
# (cost, glory) of placing the tile of type t at level lv: COST[t][lv]
COST: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    ((0, 0),) + tuple((data.tile(t, lv).cost, data.tile(t, lv).glory) for lv in board.LEVELS)
    for t in TYPES
)
BUILDS = tuple(Build(t) for t in TYPES)  # the actions, built once
BUILD_WINDOW = "B"  # L223: "When you build"


@kinded("built")
class Built(NamedTuple):
    """``seat`` placed the level ``level`` tile of ``type`` on ``province``
    for ``cost`` Denarii."""

    kind: str
    seat: int
    province: int
    type: int
    level: int
    cost: int


@kinded("medal")
class MedalWon(NamedTuple):
    """``seat`` placed the first level III of ``type`` and took its Medal (L167)."""

    kind: str
    seat: int
    type: int


def buildable(s: State, seat: int) -> list[int]:
    """The types ``seat`` can build now: the next level exists, its pile is
    not empty and the seat can pay (L155-156)."""
    levels = s.provinces[in_front(s, seat)].levels
    denarii = s.players[seat].denarii
    tiles = s.tiles
    out = []
    for t, level in enumerate(levels):
        if level < TOP_LEVEL and tiles[t * 3 + level] > 0 and COST[t][level + 1][0] <= denarii:
            out.append(t)
    return out


def income_after(s: State, seat: int) -> tuple[income.Offer, income.Offer]:
    """The Income of the province in front of ``seat`` now and after one
    more tile there (+1 Population, L156): that province gives this round's
    Income, as the board turns only after it (L274-275)."""
    now = income.offer_of(s, seat)
    return now, income.offer(now.population + board.POPULATION_PER_LEVEL)


# ---------------------------------------------------------------- the phase
# Everyone builds in this round's turn order (L153): entered as every phase
# of a seat's turn is (game.module_phase).
to_move = next_in_queue


@last_legal
def legal(s: State) -> list:
    seat = s.queue[0]
    return [*(BUILDS[t] for t in buildable(s, seat)), DONE, *trade.free_tuple(s, seat)]


def why(s: State, a: tuple) -> str:
    """Why ``a`` is not a legal building action now."""
    if not s.queue:
        return "nobody builds now"
    seat = s.queue[0]
    if a[0] != Build.KIND:
        return "in the Building phase you build a tile, end your building, or sell and form sets"
    if len(a) != 2 or a[1] not in TYPE_INDEX:
        return f"a building type is one of {', '.join(TYPES)}"
    t = TYPE_INDEX[a[1]]
    where = in_front(s, seat)
    level = s.provinces[where].levels[t] + 1
    name = board.PROVINCE_NAMES[where]
    if level > TOP_LEVEL:
        return f"the {a[1]} building of {name} is at level III and cannot be upgraded"  # L160
    if s.tiles[tile_index(t, level)] <= 0:
        return f"no level {level} {a[1]} tile is left"
    cost = COST[t][level][0]
    return f"the level {level} {a[1]} tile costs {cost} Denarii; you have {s.players[seat].denarii}"


def build(w: State, seat: int, type_: int) -> None:
    """Place the next level of ``type_`` on the province in front of ``seat``."""
    where = in_front(w, seat)
    pr = province(w, where)
    level = pr.levels[type_] + 1
    cost, gained = COST[type_][level]
    pr.levels = pr.levels[:type_] + (level,) + pr.levels[type_ + 1:]
    i = tile_index(type_, level)
    w.tiles = w.tiles[:i] + (w.tiles[i] - 1,) + w.tiles[i + 1:]
    p = mine(w, seat)
    p.denarii -= cost
    p.tiles_placed += 1
    w.events.append(Built(seat, where, type_, level, cost))
    if level == TOP_LEVEL:
        p.level3_placed += 1
        bit = 1 << type_
        if w.medals & bit and not option(w, "heroes"):
            w.medals &= ~bit
            p.medals |= bit
            w.events.append(MedalWon(seat, type_))
    glory.gain(w, (seat,), gained, "building")
    trade.open_window(w, seat, BUILD_WINDOW)


def act(w: State, a: tuple) -> None:
    seat = w.queue[0]
    if trade.act_free(w, seat, a):
        return
    if a[0] == Done.KIND:
        w.queue = w.queue[1:]
        return
    build(w, seat, TYPE_INDEX[a.type])


def auto(w: State) -> bool:
    return bool(w.queue)


def after(w: State) -> str:
    return ACTIONS


# ---------------------------------------------------------------- words
def prompt(s: State) -> str:
    seat = s.queue[0]
    return (f"{seat_name(s, seat)}: build on {board.PROVINCE_NAMES[in_front(s, seat)]} "
            f"({coins(s.players[seat].denarii)}), or end your building.")


def describe_build(s: State, a: Build) -> str:
    t = TYPE_INDEX[a.type]
    seat = s.queue[0] if s.queue else 0
    level = s.provinces[in_front(s, seat)].levels[t] + 1
    if level > TOP_LEVEL:
        return f"Build {a.type}"
    cost, gained = COST[t][level]
    name = data.TILE_NAMES[a.type][level - 1]
    return f"Build the {name} ({a.type} {'I' * level}): {cost} Denarii, +{gained} Glory"


LOG: dict[str, Callable[[State, tuple], str]] = {
    Built.KIND: lambda s, e: (
        f"{seat_name(s, e.seat)} builds the {data.TILE_NAMES[TYPES[e.type]][e.level - 1]} "
        f"({TYPES[e.type]} {'I' * e.level}) on {board.PROVINCE_NAMES[e.province]} "
        f"for {e.cost} Denarii."),
    MedalWon.KIND: lambda s, e: f"{seat_name(s, e.seat)} wins the {TYPES[e.type]} Medal.",
}
DESCRIBE: dict[str, Callable[[State, tuple], str]] = {Build.KIND: describe_build}
