"""What a seat may know of a game of Age of Rome, and worlds consistent with it.

Hidden things are ``Held`` cards carrying who has seen them (engine.core):
the Quests in each hand (their owner's; the returned one at the deck's
bottom is its returner's), the Trade cards in each hand (the count and the
Anchor are public; a card taken from the discard pile is seen by all), the
order of the Event, Trade and Quest decks, and the kind of a Diplomacy
token on the board until it is revealed (Spies & Allies). Final scoring
shows the Quests (L305): the view of a finished game holds them. The discard pile,
the sets, the face-up Event and every piece on the boards are public.

``view`` masks what the seat has not seen and lists, per pool, the cards
it cannot place; ``sample`` deals them back at random. A Trade deck made
by a reshuffle has a pool of its own (trade.py), so a sampled world never
puts a card that was face up in the discard pile into a hand drawn before.
A face-down Diplomacy token is a spy or an alliance with even odds for
anyone but its owner: its owner has one of each and the other stays home
unseen (diplomacy.py sets ``Player.tokens`` to 0 at the offer), so the
pool lists both kinds for each such token and ``sample`` picks one.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import ALL_SEATS, HIDDEN, Held, Rng, fill_zone, mask_zone

from .state import OVER, TOKEN_POOL, State

Zone = tuple[Held, ...]
ZoneFn = Callable[[Zone], Zone]
TOKEN_KINDS = (0, 1)  # data.DIPLOMACY_TOKENS: spy, alliance
SAMPLE_SALT = 0x41524F4D  # "AROM": the sampled world's own random stream


def _shown(zone: Zone) -> Zone:
    """The zone face up: seen by everyone."""
    if all(h.seen == ALL_SEATS for h in zone):
        return zone
    return tuple(Held(h.card, ALL_SEATS, h.pool) for h in zone)


def _zones(s: State, fn: ZoneFn, tokens: ZoneFn) -> State:
    """A writable copy of ``s`` with ``fn`` applied to every zone of hidden
    cards and ``tokens`` to the Diplomacy tokens on the board. Once the game
    is over the Quests are face up: final scoring reveals them (L305)."""
    players = []
    changed = False
    over = s.phase == OVER
    for p in s.players:
        hand, quests = fn(p.hand), _shown(p.quests) if over else fn(p.quests)
        if hand is p.hand and quests is p.quests:
            players.append(p)
        else:
            players.append(p.replace(hand=hand, quests=quests))
            changed = True
    w = s.thaw()
    if changed:
        w.players = tuple(players)
    w.trade_deck = fn(s.trade_deck)
    w.event_deck = fn(s.event_deck)
    w.quest_deck = fn(s.quest_deck)
    if s.diplomacy:
        held = tokens(tuple(t.token for t in s.diplomacy))
        w.diplomacy = tuple(t._replace(token=h) for t, h in zip(s.diplomacy, held, strict=True))
    return w


def view(s: State, seat: int) -> State:
    """``s`` as ``seat`` may know it: every card it has not seen is ``HIDDEN``
    and listed (sorted, per pool) in ``unseen``; no random stream."""
    unseen: dict[int, list[int]] = {}
    bit = 1 << seat

    def tokens(zone: Zone) -> Zone:
        out = list(zone)
        for i, h in enumerate(zone):
            if not h.seen & bit and h.card != HIDDEN:
                unseen.setdefault(h.pool, []).extend(TOKEN_KINDS)
                out[i] = Held(HIDDEN, h.seen, h.pool)
        return tuple(out)

    w = _zones(s, lambda z: mask_zone(z, seat, unseen), tokens)
    w.rng = Rng(0)
    w.viewer = seat
    w.unseen = tuple(sorted((pool, tuple(sorted(c))) for pool, c in unseen.items()))
    return w.freeze()


def sample(v: State, seat: int, rng: Rng) -> State:
    """A full state ``seat`` cannot tell from the truth: the hidden cards of
    each pool dealt back at random, each hidden Diplomacy token a spy or an
    alliance at even odds."""
    piles: dict[int, list[int]] = {}
    for pool, cards in v.unseen:
        if pool == TOKEN_POOL:
            continue
        dealt, _, rng = rng.draw(cards, len(cards))
        piles[pool] = list(dealt)
    kinds: list[int] = []
    for t in v.diplomacy:
        if t.token.card == HIDDEN:
            k, rng = rng.below(len(TOKEN_KINDS))
            kinds.append(TOKEN_KINDS[k])
    kinds.reverse()

    def tokens(zone: Zone) -> Zone:
        return fill_zone(zone, lambda pool: kinds.pop())

    w = _zones(v, lambda z: fill_zone(z, lambda pool: piles[pool].pop()), tokens)
    w.rng = rng.fork(SAMPLE_SALT)
    w.viewer = -1
    w.unseen = ()
    return w.freeze()
