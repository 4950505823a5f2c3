"""What things are worth to a player of The Romans, in points.

Shared by the rule-based player (``strategy``) and the ISMCTS leaf
evaluation (``evaluate``). Everything reads a state or a seat's view and
never plays the engine: battle odds come from the 2d6 difference table,
an unknown Native force is the average of the counters the seat has not
seen, and an asset (a garrison, a city, a fort, a legion, gold) is worth
what it will likely still bring in the Eras left.
"""

from __future__ import annotations

from functools import cache, lru_cache

from engine.core import HIDDEN
from engine.romans.data import (
    CHRISTIAN_CITY_POINTS,
    ERAS,
    GLORY_CHART,
    NATIVE_FORCES,
    TRIUMPHS,
)
from engine.romans.state import (
    ITALY,
    LATIUM,
    NATIVE_POOL,
    NP,
    REMOTE,
    REMOTE_MASK,
    TRIUMPH_POOL,
    Player,
    State,
    bits,
    board,
)

# ---------------------------------------------------------------- the dice
# d = white - purple (two d6): ways out of 36 for each difference -5..5.
_WAYS = {d: 6 - abs(d) for d in range(-5, 6)}


@cache
def at_least(k: int) -> float:
    """P(white - purple >= k)."""
    if k <= -5:
        return 1.0
    if k > 5:
        return 0.0
    return sum(w for d, w in _WAYS.items() if d >= k) / 36


def attack_win(rome: int, enemy: int) -> float:
    """One Roman attack: Rome wins ties (5B)."""
    return at_least(enemy - rome)


def defend_win(rome: int, enemy: int) -> float:
    """One Enemy attack on a Roman province: the Enemy wins ties, so Rome
    needs a strictly higher total (6E)."""
    return at_least(enemy - rome + 1)


@cache
def siege(q: float, tries: int) -> tuple[float, float]:
    """An attacker that wins each try with chance ``q`` and loses one piece
    per failed try, ``tries`` pieces: (chance it wins at all, pieces it
    expects to lose)."""
    win = 0.0
    lost = 0.0
    miss = 1.0
    for k in range(tries):
        win += miss * q
        lost += miss * q * k
        miss *= 1 - q
    lost += miss * tries
    return win, lost


# ---------------------------------------------------------------- natives
NATIVE_STRENGTH = tuple(n.strength for n in NATIVE_FORCES)
MEAN_NATIVE = sum(NATIVE_STRENGTH) / len(NATIVE_STRENGTH)


def unseen_natives(v: State) -> tuple[int, ...]:
    """The Native counters ``v``'s seat has not seen (all, in a full state)."""
    for pool, cards in v.unseen:
        if pool == NATIVE_POOL:
            return cards
    return tuple(range(len(NATIVE_FORCES)))


def native_odds(v: State, card: int, rome: int, legions: int,
                pool: tuple[int, ...] | None = None) -> tuple[float, float, float]:
    """(chance to conquer, legions expected lost, gold expected) for an army
    of initial strength ``rome`` with ``legions`` against Native counter
    ``card`` (HIDDEN: the average over ``pool``, the counters not seen)."""
    if card != HIDDEN:
        n = NATIVE_FORCES[card]
        win, lost = siege(attack_win(rome, n.strength), legions)
        return win, lost, n.gold * win
    cards = pool if pool else tuple(range(len(NATIVE_FORCES)))
    return _mean_odds(cards, rome, legions)


@lru_cache(maxsize=4096)
def _mean_odds(cards: tuple[int, ...], rome: int, legions: int) -> tuple[float, float, float]:
    win = lost = gold = 0.0
    for c in cards:
        n = NATIVE_FORCES[c]
        w, lo = siege(attack_win(rome, n.strength), legions)
        win += w
        lost += lo
        gold += n.gold * w
    k = len(cards)
    return win / k, lost / k, gold / k


def native_card(p: Player, i: int) -> int:
    h = p.natives[i]
    return HIDDEN if h is None else h.card


# ---------------------------------------------------------------- time
def eras_left(s: State) -> int:
    """Whole Eras still to come after this one."""
    return ERAS - s.era


def gold_value(s: State) -> float:
    """Points a gold is worth now: what it buys early, an item at the end."""
    return (0.55, 0.5, 0.45, 0.38, 0.24)[s.era - 1]


def resource_value(s: State) -> float:
    return (0.75, 0.7, 0.62, 0.5, 0.28)[s.era - 1]


def legion_value(s: State, p: Player) -> float:
    """A legion in the Barracks: an army's strength while Eras are left,
    an item at the end; less once there are more than armies can use."""
    if s.era == ERAS and s.phase not in ("prep", "leaders", "expansion", "campaign"):
        return 0.2
    want = max(p.max_army, 4) * 2
    base = (0.7, 0.65, 0.6, 0.5, 0.4)[s.era - 1]
    return base if p.barracks < want else 0.25


# ---------------------------------------------------------------- places
def glory_value(s: State, p: Player) -> float:
    """What earning Glory now would score (chart less markers off, plus the
    city bonus)."""
    pts = GLORY_CHART[s.era - 1].points - (0 if s.solo else s.glory_off)
    return pts + (p.cities & ~p.unrest).bit_count()


def remote_hold(p: Player, i: int) -> float:
    """Chance a lone garrison in remote province ``i`` survives 6B."""
    rome = 1 + (p.cities >> i & 1) + (p.forts >> i & 1) + 2 * (p.walls >> i & 1)
    return defend_win(rome, board(p).remote[i])


def province_value(s: State, p: Player, i: int) -> float:
    """A garrison in province ``i`` (not in unrest) for the rest of the game:
    revenue, provinces scored, the gods (Italy), a foothold to march from."""
    left = eras_left(s)
    sym = board(p).symbol[i]
    v = 0.8 + (0.45 + 0.15 * (sym == 3)) * left
    if ITALY >> i & 1:
        v += 1.2 + 0.5 * left
        if i == LATIUM:
            v += 6.0
    if REMOTE_MASK >> i & 1:
        v *= 0.5 * (1 + remote_hold(p, i))
    return v


def city_value(s: State, p: Player, i: int) -> float:
    """A city: a point at every Glory, a Christian city's 3 points at the
    end, and a point of defence; it also draws the Enemy, so a city
    without fortifications outside Italy is worth a little less."""
    left = eras_left(s)
    v = 0.7 * (left + 1) + (CHRISTIAN_CITY_POINTS - 0.6) * (0.8 if s.era >= 4 else 0.6)
    if not (p.forts | p.walls) >> i & 1 and not ITALY >> i & 1:
        v -= 0.5
    if REMOTE_MASK >> i & 1:
        v *= remote_hold(p, i)
    return v


def fort_value(s: State, p: Player, i: int, strength: int = 1) -> float:
    """Fortification strength at ``i``: worth more where there is a city
    (the Enemy's target) and most in Latium (the Fall of Rome)."""
    left = eras_left(s) + 1
    v = 0.25 * left
    if p.cities >> i & 1:
        v += 0.35 * left
    if i == LATIUM:
        v += 0.5 * left
    elif ITALY >> i & 1:
        v += 0.1 * left
    if REMOTE_MASK >> i & 1:
        v *= 0.4  # lost in 6B more often than not, walls or no walls
    return v * strength


def unrest_cost(s: State, p: Player, i: int) -> float:
    """What unrest in province ``i`` costs until it is removed."""
    left = eras_left(s)
    c = 0.6 + 0.3 * left
    if ITALY >> i & 1:
        c += 1.5 + (3.0 if i == LATIUM else 0.0)
    if p.cities >> i & 1:
        c += 1.5 + 1.5 * (p.christian >> i & 1)
    if p.glory == i:
        c -= 1.0  # earning Glory there removes it
    if REMOTE_MASK >> i & 1:
        c += 1.0  # lost in 6B without a roll
    return max(0.2, c)


def triumph_points(s: State, card: int) -> float:
    """A Triumph's points at the end: its main benefit and its arts icons
    (worth the number of such icons everyone holds)."""
    if card == HIDDEN:
        return 5.2
    t = TRIUMPHS[card]
    held = [TRIUMPHS[h.card].arts for q in s.players for h in q.triumphs if h.card != HIDDEN]
    return t.points + sum(1 + 2 * sum(a.count(icon) for a in held) for icon in t.arts)


def conquest_value(s: State, p: Player, i: int) -> float:
    """Conquering province ``i``: the garrison, Glory, a Triumph, unrest risk."""
    v = province_value(s, p, i)
    if p.glory == i:
        v += glory_value(s, p)
    if s.solo and s.enemy_glory == i:
        v += GLORY_CHART[s.era - 1].points * 0.9
    if REMOTE_MASK >> i & 1 and p.remote_triumphs[REMOTE.index(i)]:
        v += 4.8
    v -= 0.25 * unrest_cost(s, p, i)  # about one counter in four shows unrest
    if ITALY >> i & 1 and (p.garrison | 1 << i) & ITALY == ITALY:
        v += 2.0  # the gods
    return v


def items(p: Player) -> int:
    return sum(p.docks) + p.barracks


def triumph_pool_mean(s: State) -> float:
    for pool, cards in s.unseen:
        if pool == TRIUMPH_POOL and cards:
            return sum(TRIUMPHS[c].points + len(TRIUMPHS[c].arts) * 1.6 for c in cards) / len(cards)
    return 5.2


def strength_at(p: Player, i: int) -> int:
    return ((p.garrison >> i & 1) + (p.cities >> i & 1) + (p.forts >> i & 1)
            + 2 * (p.walls >> i & 1))


def land_natives(p: Player) -> int:
    return sum(1 << j for j in range(NP) if p.natives[j] is not None)


def frontier(p: Player) -> list[int]:
    """Native provinces next to a garrison by land."""
    b = board(p)
    near = 0
    for i in bits(p.garrison):
        near |= b.land[i]
    return bits(near & land_natives(p))
