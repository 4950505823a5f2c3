"""What a seat may know, and worlds consistent with it.

Visibility is decided in one place: every hidden card is a ``Held`` that
carries who has seen it, wherever it lies (hand, deck, face-down row, box,
battle token). ``view`` masks the cards a seat has not seen and lists, per
pool, the unknown cards (sorted, so no order leaks: that multiset is what the
seat can work out for itself). ``sample`` deals those cards back at random.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import HIDDEN, Held, Rng, fill_zone, mask_zone

from .data import CITIES, COIN_TOKEN, TOKENS_PER_COLOUR
from .state import TOKEN_POOL, Draft, Pending, State

Zone = tuple[Held, ...]
ZoneFn = Callable[[Zone], Zone]


def _map_held(value: object, fn: ZoneFn) -> object:
    """Apply ``fn`` to every Held inside nested tuples (events, pending data)."""
    if isinstance(value, Held):
        return fn((value,))[0]
    if isinstance(value, tuple) and value:
        if all(isinstance(x, Held) for x in value):
            return fn(value)
        mapped = tuple(_map_held(x, fn) for x in value)
        return value if mapped == value else mapped
    return value


def _map_cards(s: State, fn: ZoneFn, tokens: Callable[[State], tuple],
               events: ZoneFn | None = None) -> State:
    """A copy of ``s`` with ``fn`` applied to every zone of hidden cards.

    ``tokens(s)`` returns the players' token zones and the committed tokens,
    already transformed (sampling treats tokens specially). Events only
    repeat cards that lie elsewhere, so they get ``events`` (masking without
    counting) or are left as they are.
    """
    token_zones, committed = tokens(s)
    players = []
    for pl, tz in zip(s.players, token_zones, strict=True):
        hand = fn(pl.hand)
        changed = hand is not pl.hand or tz is not pl.tokens
        players.append(pl.replace(hand=hand, tokens=tz) if changed else pl)
    draft = s.draft
    if draft is not None:
        slots = tuple(None if h is None else fn((h,))[0] for h in draft.slots)
        draft = draft.replace(slots=slots) if slots != draft.slots else draft
    pending = tuple(Pending(pd.kind, pd.seat, _map_held(pd.data, fn)) for pd in s.pending)
    w = s.thaw()
    w.players = tuple(players)
    w.decks = tuple(fn(d) for d in s.decks)
    w.box = fn(s.box)
    w.bellum = fn(s.bellum)
    w.bellum_box = fn(s.bellum_box)
    w.draft = draft
    w.pending = pending
    w.committed = committed
    if events is not None:
        w.events = tuple(_map_held(e, events) for e in s.events)
    return w.freeze()


def view(s: State, seat: int) -> State:
    unseen: dict[int, list[int]] = {}
    fn: ZoneFn = lambda z: mask_zone(z, seat, unseen)

    def tokens(st: State) -> tuple:
        zones = tuple(fn(pl.tokens) for pl in st.players)
        committed = tuple(None if h is None else fn((h,))[0] for h in st.committed)
        return zones, committed

    v = _map_cards(s, fn, tokens, lambda z: mask_zone(z, seat, {}))
    return v.replace(
        rng=Rng(0), viewer=seat,
        unseen=tuple((pool, tuple(sorted(cards))) for pool, cards in sorted(unseen.items())),
    )


def sample(v: State, seat: int, rng: Rng) -> State:
    """A full state that ``seat`` cannot tell from the truth, and a fresh Rng
    so draws and shuffles to come are unforeseeable."""
    pools: dict[int, list[int]] = {}
    for pool, cards in v.unseen:
        shuffled, rng = rng.shuffle(cards)
        pools[pool] = list(shuffled)
    token_list, rng = _deal_tokens(v, pools.pop(TOKEN_POOL, []), rng)
    fn: ZoneFn = lambda z: fill_zone(z, lambda pool: pools[pool].pop())
    s = _map_cards(v, fn, lambda st: token_list)
    return s.replace(rng=rng.fork(0x5A), viewer=-1, unseen=())


def _deal_tokens(v: State, pool: list[int], rng: Rng) -> tuple[tuple, Rng]:
    """Unknown battle tokens back to their holders. Each seat's own "+1 coin"
    token can only be with that seat (in hand or face down on the table)."""
    owner = {v.players[p].city: p for p in range(v.n)}
    coins = {owner[t // TOKENS_PER_COLOUR]: t for t in pool
             if t % TOKENS_PER_COLOUR == COIN_TOKEN and t // TOKENS_PER_COLOUR in owner}
    rest = [t for t in pool if t not in coins.values()]
    zones, committed = [], []
    for p, pl in enumerate(v.players):
        com = v.committed[p]
        slots = sum(h.card == HIDDEN for h in pl.tokens) + (com is not None and com.card == HIDDEN)
        cards = [rest.pop() for _ in range(slots - (p in coins))]
        if p in coins:
            i, rng = rng.below(slots)
            cards.insert(i, coins[p])
        zones.append(fill_zone(pl.tokens, lambda _pool, cards=cards: cards.pop(0)))
        committed.append(com if com is None or com.card != HIDDEN
                         else Held(cards.pop(0), com.seen, com.pool))
    return (tuple(zones), tuple(committed)), rng


def city_of(s: State, seat: int) -> str:
    return CITIES[s.players[seat].city].name


__all__ = ["view", "sample", "Draft"]
