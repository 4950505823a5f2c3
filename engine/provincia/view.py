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

from .data import (
    AEDIFICIUM,
    AEDIFICIUM_REMOVED,
    BATTLE_ROUNDS,
    BELLA,
    COIN_TOKEN,
    TOKENS_PER_COLOUR,
)
from .state import BELLUM_POOL, TOKEN_POOL, Deck, Pending, State, deck_pool

BOX_POOL = deck_pool(AEDIFICIUM, 0)  # the removed Aedificium were dealt from the first deck

Zone = tuple[Held, ...]
ZoneFn = Callable[[Zone], Zone]


def _map_held(value: object, fn: ZoneFn) -> object:
    """Apply ``fn`` to every Held inside nested tuples (events, pending data),
    keeping each record's type (an event stays its event)."""
    if isinstance(value, Held):
        return fn((value,))[0]
    if isinstance(value, tuple) and value:
        if all(isinstance(x, Held) for x in value):
            return fn(value)
        mapped = tuple(_map_held(x, fn) for x in value)
        if mapped == value:
            return value
        return mapped if type(value) is tuple else tuple.__new__(type(value), mapped)
    return value


def _map_cards(s: State, fn: ZoneFn, tokens: Callable[[State], tuple],
               decks: Callable[[Deck], Deck], events: ZoneFn | None = None) -> State:
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
    w.decks = tuple(decks(d) for d in s.decks)
    w.bellum = fn(s.bellum)
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

    v = _map_cards(s, fn, tokens, lambda d: _mask_deck(d, seat, unseen),
                   lambda z: mask_zone(z, seat, {}))
    # The boxes hold cards nobody ever sees: only their number is known.
    unseen.setdefault(BOX_POOL, []).extend(s.box)
    for c in s.bellum_box:
        unseen.setdefault(BELLUM_POOL + BELLA[c].round, []).append(c)
    return v.replace(
        rng=Rng(0), viewer=seat, box=(), bellum_box=(),
        unseen=tuple((pool, tuple(sorted(cards))) for pool, cards in sorted(unseen.items())),
    )


def sample(v: State, seat: int, rng: Rng) -> State:
    """A full state that ``seat`` cannot tell from the truth, and a fresh Rng
    so draws and shuffles to come are unforeseeable.

    Each pool's unknown cards are drawn at random for the hidden places that
    matter; what is left over goes back into the boxes, never to be seen.
    """
    face_down = {BELLUM_POOL + rnd: int(h.card == HIDDEN)
                 for rnd, h in zip(BATTLE_ROUNDS, v.bellum, strict=True)}
    pools: dict[int, list[int]] = {}
    box: tuple[int, ...] = ()
    bellum_box: list[int] = []
    for pool, cards in v.unseen:
        if pool == BOX_POOL:
            chosen, box, rng = rng.draw(cards, len(cards) - AEDIFICIUM_REMOVED)
        elif pool in face_down:
            chosen, rest, rng = rng.draw(cards, face_down[pool])
            bellum_box.extend(rest)
        else:
            chosen, _, rng = rng.draw(cards, len(cards))
        pools[pool] = list(chosen)
    token_list, rng = _deal_tokens(v, pools.pop(TOKEN_POOL, []), rng)
    fn: ZoneFn = lambda z: fill_zone(z, lambda pool: pools[pool].pop())
    s = _map_cards(v, fn, lambda st: token_list, lambda d: _fill_deck(d, pools))
    return s.replace(rng=rng.fork(0x5A), viewer=-1, unseen=(), box=box,
                     bellum_box=tuple(bellum_box))


def _mask_deck(deck: Deck, seat: int, unseen: dict[int, list[int]]) -> Deck:
    """Only the seat that ordered the top cards (Consuetudo) knows them."""
    k = deck.known if deck.known_seat == seat else 0
    n = len(deck.cards)
    if k >= n:
        return deck
    pos = 0
    for length, pool in deck.runs:
        lo, hi = max(pos, k), pos + length
        if hi > lo:
            unseen.setdefault(pool, []).extend(deck.cards[lo:hi])
        pos = hi
    return deck.replace(cards=deck.cards[:k] + (HIDDEN,) * (n - k))


def _fill_deck(deck: Deck, pools: dict[int, list[int]]) -> Deck:
    cards = deck.cards
    if HIDDEN not in cards:
        return deck
    k = cards.index(HIDDEN)  # hidden cards are always below the known ones
    out = list(cards[:k])
    pos = 0
    for length, pool in deck.runs:
        m = pos + length - max(pos, k)
        if m > 0:
            src = pools[pool]
            out.extend(src[len(src) - m:])
            del src[len(src) - m:]
        pos += length
    return deck.replace(cards=tuple(out))


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

