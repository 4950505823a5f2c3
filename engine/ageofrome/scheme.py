"""Scheme activation (Scheme phase, step 2, L118-150): each seat in turn
order may flip Scheme markers it placed in earlier rounds on provinces
other players now sit in front of, paying one Feud to that player each
time, for one of the three Scheme effects on its board.

A seat's Scheme turn is one visit of the queue: it activates any number
of markers, then ``Done``; a marker it did not activate waits for a later
round (L120). A marker is offered only if the activation is possible as a
whole (A13, L142): a Feud to pay, an open space on the target's track and
at least one effect that can act on the target, so a Feud is never paid
for nothing.

Trade cards: activating opens the Trade windows "S" (the activator, L221)
and "V" (the target, off its turn, L222), the activator's first, BEFORE the
effect resolves, as a Follower's window opens before its action resolves
(A14, L231-233): so a card taken by Custom Fees is never played for the
activation that took it. An effect a window made impossible meanwhile (the
activator filled its hand before Custom Fees, the target played its last
card before Sold) does nothing; the Feud stays paid. ``WINDOWS_FIRST``
False opens the windows after the effect instead.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from engine.core import kinded, put
from engine.flow import Pending, push

from . import data, forces, glory, trade
from .actions import DONE, Activate, Apostasy, MoveLegion, PickVote
from .memo import last_legal
from .state import (
    BUILD,
    PROVINCE_INDEX,
    PROVINCES,
    REGION_INDEX,
    REGIONS,
    Marker,
    State,
    coins,
    in_front,
    mine,
    next_in_queue,
    option,
    province,
    seat_facing,
    seat_name,
)

FEUD_SPACES = data.FEUD_TRACK_SPACES
WINDOWS_FIRST = True  # the Trade windows open before the effect (module docstring)

# Decision kinds of this module.
APOSTASY_CHOICE, DECEPTION_MOVE, VOTE_CHOICE = "apostasy", "deception", "vote"


# ---------------------------------------------------------------- events
@kinded("scheme")
class SchemeActivated(NamedTuple):
    """``seat`` flipped its marker on ``province`` (index) and paid a Feud to
    ``target`` for ``effect``."""

    kind: str
    seat: int
    target: int
    province: int
    effect: str


@kinded("legion_relocated")
class LegionRelocated(NamedTuple):
    """Deception: ``seat`` moved one of ``target``'s Legions between regions."""

    kind: str
    seat: int
    target: int
    source: int
    to: int


@kinded("sold_denarii")
class SoldDenarii(NamedTuple):
    """Sold: ``seat`` gained ``denarii`` for the card discarded (the card
    itself is in trade.py's CardDiscarded event: public in the discard)."""

    kind: str
    seat: int
    denarii: int


@kinded("scheme_void")
class SchemeVoid(NamedTuple):
    """The effect ``seat`` chose became impossible while the Trade windows
    were open (see the module docstring): nothing happens."""

    kind: str
    seat: int
    target: int
    effect: str


EFFECT_NEXT, WINDOWS_NEXT = 0, 1


class Doing(NamedTuple):
    """An activation under way: what ``auto`` does once no decision is open
    (``EFFECT_NEXT``: the windows have closed, the effect resolves;
    ``WINDOWS_NEXT``: the effect's decisions are answered, the windows open)."""

    seat: int
    target: int
    effect: str
    next: int


# ---------------------------------------------------------------- the rules
def active(s: State) -> bool:
    """Whether this round has Scheme activation at all (L119, L349, solo)."""
    return (s.round >= data.SCHEMES_FROM_ROUND and s.n > 1
            and not option(s, "truce"))


def possible(s: State, seat: int, target: int, effect: str) -> bool:
    """Whether ``effect`` can act on ``target`` now (data.Scheme.requires)."""
    t = s.players[target]
    if effect == data.MUDSLINGING:
        return t.glory >= 2  # A12, L143
    if effect == data.DEGRADATION:
        return forces.degradable(s, target)
    if effect in (data.APOSTASY, data.DECEPTION):
        return any(r[target] for r in s.regions)
    if effect == data.VOID_VOTE:
        return target in s.column
    if effect == data.REVOTE:
        return target in s.column and s.players[seat].votes > 0
    if effect == data.SOLD:
        return bool(t.hand)
    if effect == data.CUSTOM_FEES:
        return bool(t.hand) and s.players[seat].hand_size < data.HAND_LIMIT
    raise KeyError(effect)


def impossible(s: State, seat: int, target: int, effect: str) -> str:
    """Why ``effect`` cannot act on ``target`` now, in a player's words
    ("Crassus's Pantheon is complete"); "" when it can (``possible``). The
    action list keeps such an effect, greyed with this reason."""
    if possible(s, seat, target, effect):
        return ""
    t, name = s.players[target], seat_name(s, target)
    if effect == data.MUDSLINGING:
        return f"{name} has only 1 Glory"  # A12: never below 1
    if effect == data.DEGRADATION:
        if t.top_common:
            return f"{name}'s Pantheon is complete"
        if not t.base_common:
            return f"{name} has no Pantheon piece yet"
        return f"{name}'s base is finished and its top has no piece yet"  # L242
    if effect in (data.APOSTASY, data.DECEPTION):
        return f"{name} has no Legion in a region"
    if target not in s.column and effect in (data.VOID_VOTE, data.REVOTE):
        return f"{name} has no Vote on the Column"
    if effect == data.REVOTE:
        return "you have no Vote left on your board"
    if not t.hand:
        return f"{name} holds no Trade card" + (" but the Anchor" if t.anchor else "")
    return f"your hand is full ({data.HAND_LIMIT} cards)"  # Custom Fees


def effects_of(s: State, seat: int) -> tuple[str, ...]:
    """The three Scheme effects on ``seat``'s board (L141)."""
    return data.CHARACTERS[s.players[seat].character].schemes


def markers(s: State, seat: int) -> list[tuple[int, int, int]]:
    """(province, space, target) of ``seat``'s markers that could be flipped
    now, effects aside: placed in an earlier round, face down, not on the
    province in front of it, someone seated in front (A13, A21), a Feud to
    pay and an open space on the target's track (L123-124)."""
    if s.players[seat].feuds <= 0:
        return []
    mine_ = in_front(s, seat)
    out = []
    for pi, pr in enumerate(s.provinces):
        if pi == mine_:
            continue
        for space, m in enumerate(pr.schemes):
            if m is None or m.seat != seat or m.active or m.placed >= s.round:
                continue
            target = seat_facing(s, pi)
            if target is None or target == seat:
                continue
            if s.players[target].feuds >= FEUD_SPACES:
                continue
            out.append((pi, space, target))
    return out


def activations(s: State, seat: int) -> list[Activate]:
    """Every legal ``Activate`` of ``seat``: a marker and a possible effect."""
    out = []
    effects = effects_of(s, seat)
    for pi, space, target in markers(s, seat):
        name = PROVINCES[pi]
        for effect in effects:
            if possible(s, seat, target, effect):
                out.append(Activate(name, space, effect))
    return out


def can_activate(s: State, seat: int) -> bool:
    """Whether ``seat`` has any legal ``Activate`` (no list built)."""
    effects = effects_of(s, seat)
    return any(possible(s, seat, target, e)
               for _, _, target in markers(s, seat) for e in effects)


# ---------------------------------------------------------------- the phase
def enter(w: State) -> None:
    """Every seat in turn order gets one Scheme turn (none in round 1, in a
    Truce or in the solo game)."""
    w.queue = tuple(w.order) if active(w) else ()
    w.doing = ()


def auto(w: State) -> bool:
    """Carry on an activation under way; skip seats with nothing to
    activate; True while a seat must decide."""
    d = w.doing
    if type(d) is Doing:
        w.doing = ()
        if d.next == WINDOWS_NEXT:
            windows(w, d.seat, d.target)
        elif possible(w, d.seat, d.target, d.effect):
            apply(w, d.seat, d.target, d.effect)
        else:
            w.events.append(SchemeVoid(d.seat, d.target, d.effect))
        if w.pending:
            return True
    while w.queue and not can_activate(w, w.queue[0]):
        w.queue = w.queue[1:]
    return bool(w.queue)


to_move = next_in_queue


@last_legal
def legal(s: State) -> list:
    seat = s.queue[0]
    return [*activations(s, seat), DONE, *trade.free_tuple(s, seat)]


def why(s: State, a: tuple) -> str:
    if not s.queue:
        return "no one activates Schemes now"
    seat = s.queue[0]
    if a[0] != Activate.KIND:
        return "activate a Scheme, end your Scheme turn (Done), or sell or form a Trade set"
    if len(a) != 4 or not isinstance(a[1], str) or a[1] not in PROVINCE_INDEX:
        return "name a province, a Scheme space (0-2) and an effect"
    pi = PROVINCE_INDEX[a[1]]
    if pi == in_front(s, seat):
        return "a Scheme cannot target your own province"  # L121
    spaces = s.provinces[pi].schemes
    if not (isinstance(a[2], int) and 0 <= a[2] < len(spaces)):
        return "a province has three Scheme spaces (0-2)"
    m = spaces[a[2]]
    if m is None or m.seat != seat:
        return "you have no Scheme marker there"
    if m.active:
        return "that Scheme is already active this round"
    if m.placed >= s.round:
        return "a Scheme can be activated from the round after it was placed"  # L121
    target = seat_facing(s, pi)
    if target is None:
        return "nobody sits in front of that province, so there is no one to target"  # A21
    if s.players[seat].feuds <= 0:
        return "you have no Feud marker to pay with"  # L124
    if s.players[target].feuds >= FEUD_SPACES:
        return "the target's Feud track has no open space"  # L124
    if a[3] not in effects_of(s, seat):
        return f"{a[3]} is not one of your board's Schemes"  # L141
    return impossible(s, seat, target, a[3]) or f"{a[3]} is impossible now"  # L142-150


def act(w: State, a: tuple) -> None:
    seat = w.queue[0]
    if act_free(w, seat, a):
        return
    if a[0] == DONE[0]:
        w.queue = w.queue[1:]
        return
    activate(w, seat, PROVINCE_INDEX[a.province], a.space, a.effect)


def after(w: State) -> str:
    return BUILD


def activate(w: State, seat: int, pi: int, space: int, effect: str) -> None:
    """L122-133: pay one Feud (leftmost of yours → rightmost open of the
    target's: the counts alone say which Bonuses show), flip the marker;
    then the Trade windows and the effect (module docstring)."""
    target = seat_facing(w, pi)
    assert target is not None
    me = mine(w, seat)
    me.feuds -= data.SCHEME_ACTIVATION_FEUDS
    me.schemes_activated += 1
    mine(w, target).feuds += data.SCHEME_ACTIVATION_FEUDS
    pr = province(w, pi)
    m = pr.schemes[space]
    pr.schemes = put(pr.schemes, space, Marker(m.seat, m.placed, True))
    w.events.append(SchemeActivated(seat, target, pi, effect))
    if WINDOWS_FIRST:
        w.doing = Doing(seat, target, effect, EFFECT_NEXT)  # ``auto`` resolves it
        windows(w, seat, target)
    elif apply(w, seat, target, effect):
        windows(w, seat, target)
    else:
        w.doing = Doing(seat, target, effect, WINDOWS_NEXT)


def apply(w: State, seat: int, target: int, effect: str) -> bool:
    """The effect (L143-150); False when it opened a decision first."""
    if effect == data.MUDSLINGING:
        glory.lose(w, target, 1, effect)
    elif effect == data.DEGRADATION:
        forces.degrade(w, target)
    elif effect == data.APOSTASY:
        push(w, Pending(APOSTASY_CHOICE, seat, (target,)))
        return False
    elif effect == data.DECEPTION:
        placed = sum(r[target] for r in w.regions)
        push(w, Pending(DECEPTION_MOVE, seat, (target, min(2, placed), -1)))
        return False
    elif effect in (data.REVOTE, data.VOID_VOTE):
        push(w, Pending(VOTE_CHOICE, seat, (target, effect)))
        return False
    elif effect == data.SOLD:
        trade.discard_random(w, target)  # never the Anchor: it is not in ``hand``
        gain = data.SCHEME[effect].denarii
        mine(w, seat).denarii += gain
        w.events.append(SoldDenarii(seat, gain))
    elif effect == data.CUSTOM_FEES:
        trade.take_random(w, seat, target)
    return True


def windows(w: State, seat: int, target: int) -> None:
    """L221-222: the activator's "S" window, then the target's "V" one
    (pushed first, so it is answered second)."""
    trade.open_window(w, target, "V")
    trade.open_window(w, seat, "S")


# ---------------------------------------------------------------- decisions
def free(s: State, seat: int) -> list:
    """Sell / FormSet / BuyGlory: the activator's decisions are its own turn."""
    return trade.free_actions(s, seat)


def act_free(w: State, seat: int, a: tuple) -> bool:
    return trade.act_free(w, seat, a)


def _with_free(s: State, pd: Pending, answers: list) -> list:
    return [*answers, *free(s, pd.seat)]


def apostasy_choices(s: State, pd: Pending) -> list:
    """L145: which of the target's Legions, and whether one of yours (from
    your board) takes its place."""
    (target,) = pd.data
    spare = s.players[pd.seat].legions > 0
    out: list = []
    for r, counts in enumerate(s.regions):
        if counts[target]:
            out.append(Apostasy(REGIONS[r], False))
            if spare:
                out.append(Apostasy(REGIONS[r], True))
    return _with_free(s, pd, out)


def resolve_apostasy(w: State, pd: Pending, a: tuple) -> None:
    if act_free(w, pd.seat, a):
        push(w, pd)
        return
    (target,) = pd.data
    r = REGION_INDEX[a.region]
    forces.remove_legion(w, target, r)
    if a.replace:
        forces.add_legion(w, pd.seat, r)


def deception_choices(s: State, pd: Pending) -> list:
    """L146: one relocation of a target's Legion to another region; the
    second may not move the first one again (two figures)."""
    target, left, moved_to = pd.data
    out: list = []
    for r, counts in enumerate(s.regions):
        if counts[target] - (r == moved_to) <= 0:
            continue
        for t in range(len(REGIONS)):
            if t != r:
                out.append(MoveLegion(REGIONS[r], REGIONS[t]))
    return _with_free(s, pd, out)


def resolve_deception(w: State, pd: Pending, a: tuple) -> None:
    if act_free(w, pd.seat, a):
        push(w, pd)
        return
    target, left, moved_to = pd.data
    r, t = REGION_INDEX[a.source], REGION_INDEX[a.to]
    regions = w.regions
    regions = put(regions, r, put(regions[r], target, regions[r][target] - 1))
    w.regions = put(regions, t, put(regions[t], target, regions[t][target] + 1))
    w.events.append(LegionRelocated(pd.seat, target, r, t))
    if left > 1:
        push(w, Pending(DECEPTION_MOVE, pd.seat, (target, left - 1, t)))


def vote_choices(s: State, pd: Pending) -> list:
    """L147-148: which of the target's Votes leaves the Column."""
    target, _effect = pd.data
    out = [PickVote(i) for i, owner in enumerate(s.column) if owner == target]
    return _with_free(s, pd, out)


def resolve_vote(w: State, pd: Pending, a: tuple) -> None:
    if act_free(w, pd.seat, a):
        push(w, pd)
        return
    target, effect = pd.data
    forces.remove_vote(w, a.index)
    if effect == data.REVOTE:
        forces.place_vote(w, pd.seat, effect)  # may make a Majority (L199)
    else:
        glory.gain(w, (pd.seat,), data.SCHEME[effect].glory, effect)


DECISIONS: dict[str, tuple[Callable, Callable]] = {
    APOSTASY_CHOICE: (apostasy_choices, resolve_apostasy),
    DECEPTION_MOVE: (deception_choices, resolve_deception),
    VOTE_CHOICE: (vote_choices, resolve_vote),
}


# ---------------------------------------------------------------- text
_name = seat_name


def _prompt_apostasy(s: State, pd: Pending) -> str:
    """"Marcus Antonius: Apostasy — send a Legion of Octavianus's home": one
    status row at 120 columns with any two names (walk-through: "…and does
    one of yours take its" was cut there); whether one of yours replaces it
    is in each choice ("Replace the Legion in Thrace", greyed with its
    reason when your board has no Legion)."""
    return f"{_name(s, pd.seat)}: Apostasy — send a Legion of {_name(s, pd.data[0])}'s home"


def _prompt_deception(s: State, pd: Pending) -> str:
    target, left, _ = pd.data
    return (f"{_name(s, pd.seat)}: Deception — move one of {_name(s, target)}'s Legions "
            f"to another region ({left} move{'s' if left > 1 else ''} left)")


def _prompt_vote(s: State, pd: Pending) -> str:
    target, effect = pd.data
    return f"{_name(s, pd.seat)}: {effect} — which of {_name(s, target)}'s Votes leaves the Column?"


PROMPTS: dict[str, Callable[[State, Pending], str]] = {
    APOSTASY_CHOICE: _prompt_apostasy,
    DECEPTION_MOVE: _prompt_deception,
    VOTE_CHOICE: _prompt_vote,
}


def _log_scheme(s: State, e: tuple) -> str:
    return (f"{_name(s, e.seat)} activates a Scheme on {PROVINCES[e.province]} against "
            f"{_name(s, e.target)} and pays a Feud: {e.effect}")


def _log_relocated(s: State, e: tuple) -> str:
    return (f"{_name(s, e.seat)} moves {_name(s, e.target)}'s Legion from "
            f"{REGIONS[e.source]} to {REGIONS[e.to]}")


def _log_sold(s: State, e: tuple) -> str:
    return f"{_name(s, e.seat)} gains {coins(e.denarii)} for the card sold"


def _log_void(s: State, e: tuple) -> str:
    return (f"{e.effect} can no longer act on {_name(s, e.target)}: "
            f"{_name(s, e.seat)}'s Scheme does nothing")


LOG: dict[str, Callable[[State, tuple], str]] = {
    SchemeActivated.KIND: _log_scheme,
    SchemeVoid.KIND: _log_void,
    LegionRelocated.KIND: _log_relocated,
    SoldDenarii.KIND: _log_sold,
}
