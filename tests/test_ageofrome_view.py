"""Age of Rome's views and sampled worlds (engine/ageofrome/view.py): a
view never holds a card its seat has not seen, anywhere in the state; a
sample is a full state with the same public parts, the same cards in all
and the same legal moves; the view of a sample is the view; hidden cards
and Diplomacy tokens really are dealt anew.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from engine import get_game
from engine.ageofrome import data, trade, view
from engine.ageofrome.setup import trade_cards
from engine.ageofrome.state import CARD_INDEX, TOKEN_POOL, TRADE_POOL, State, Token
from engine.core import HIDDEN, Held, Options, Record, Rng

GAME = get_game("ageofrome")


def helds(x: object) -> Iterator[Held]:
    """Every ``Held`` anywhere in ``x`` (records, tuples, pending data)."""
    if isinstance(x, Held):
        yield x
    elif isinstance(x, Record):
        for f in type(x)._fields:
            yield from helds(getattr(x, f))
    elif isinstance(x, tuple | list):
        for item in x:
            yield from helds(item)


def positions(seed: int, n: int = 4, every: int = 9, **options: bool) -> Iterator[State]:
    """States along a random game, one every ``every`` steps."""
    s = GAME.setup(n, Options.of(options), seed)
    rng = random.Random(seed)
    step = 0
    while not GAME.is_over(s):
        if step % every == 0:
            yield s
        s = GAME.play(s, rng.choice(GAME.legal(s)), trusted=True)
        step += 1
    yield s


def trade_total(s: State) -> Counter[int]:
    """Every Trade card of the game, wherever it is."""
    cards = Counter(h.card for h in s.trade_deck)
    cards.update(s.discard)
    for p in s.players:
        cards.update(h.card for h in p.hand)
        cards.update(c for trio in p.sets for c in trio)
    return cards


def test_a_view_holds_no_card_its_seat_has_not_seen() -> None:
    checked = 0
    for seed in range(3):
        for s in positions(seed, spies_allies=True):
            for seat in range(s.n):
                v = GAME.view(s, seat)
                assert v.viewer == seat and v.rng == Rng(0)
                for h in helds(v):
                    assert h.card == HIDDEN or h.seen >> seat & 1, (seat, h)
                hidden = sum(1 for h in helds(v) if h.card == HIDDEN)
                listed = sum(len(c) for pool, c in v.unseen if pool != TOKEN_POOL)
                tokens = sum(1 for t in v.diplomacy if t.token.card == HIDDEN)
                assert hidden == listed + tokens
                checked += hidden
    assert checked > 1000  # hands, decks and quests were really masked


def test_sample_keeps_the_public_parts_and_every_card() -> None:
    samples = 0
    for seed in range(3, 5):
        total = None
        for s in positions(seed, every=13):
            if total is None:
                total = trade_total(s)
                assert sum(total.values()) == len(trade_cards(4))
            seat = GAME.to_move(s) if not GAME.is_over(s) else 0
            v = GAME.view(s, seat)
            w = GAME.sample(v, seat, Rng(seed))
            samples += 1
            assert w.viewer == -1 and w.unseen == ()
            assert not any(h.card == HIDDEN for h in helds(w))
            assert trade_total(w) == total
            assert Counter(h.card for p in w.players for h in p.quests) + Counter(
                h.card for h in w.quest_deck) == Counter(
                h.card for p in s.players for h in p.quests) + Counter(
                h.card for h in s.quest_deck)
            assert GAME.view(w, seat) == v  # round trip
            if not GAME.is_over(s):
                assert GAME.legal(w) == GAME.legal(s)
                a = random.Random(seed).choice(GAME.legal(w))
                GAME.play(w, a)  # a sampled world plays on
    assert samples > 50


def test_sample_deals_hidden_cards_anew() -> None:
    """Sampling is not the truth in disguise: opponents' hands change."""
    s = next(s for seed in range(7, 40) for s in positions(seed, every=1)
             if sum(len(p.hand) for p in s.players[1:]) >= 3)
    v = GAME.view(s, 0)
    worlds = {tuple(tuple(h.card for h in p.hand) for p in GAME.sample(v, 0, Rng(k)).players)
              for k in range(20)}
    assert len(worlds) > 1
    assert all(w[0] == tuple(h.card for h in s.players[0].hand) for w in worlds)


def test_reshuffled_cards_keep_their_own_pool() -> None:
    """A card seen in the discard pile never goes into a hand drawn before."""
    s = GAME.setup(4, Options(), 1)
    w = s.thaw()
    w.events = []
    p = w.players[1].thaw()
    p.hand = (Held(CARD_INDEX["Groma"], 1 << 1, TRADE_POOL),)
    w.players = (w.players[0], p.freeze(), *w.players[2:])
    w.trade_deck = ()
    w.discard = (CARD_INDEX["Libra"], CARD_INDEX["Palla"])
    trade.draw(w, 2, 1)
    s = w.freeze()
    v = view.view(s, 0)
    pools = dict(v.unseen)
    assert pools[TRADE_POOL] == (CARD_INDEX["Groma"],)
    for k in range(10):
        x = view.sample(v, 0, Rng(k))
        assert x.players[1].hand[0].card == CARD_INDEX["Groma"]
        assert x.players[2].hand[-1].card in (CARD_INDEX["Libra"], CARD_INDEX["Palla"])


def test_a_face_down_token_is_either_kind_in_a_sample() -> None:
    s = GAME.setup(3, Options.of({"spies_allies": True}), 2)
    token = Token(1, Held(data.DIPLOMACY_TOKENS.index(data.SPY), 1 << 1, TOKEN_POOL),
                  0, 0, 2, 0)
    s = s.replace(diplomacy=(token,))
    v = view.view(s, 0)
    assert v.diplomacy[0].token.card == HIDDEN and v.diplomacy[0].denarii == 2
    assert dict(v.unseen)[TOKEN_POOL] == (0, 1)
    kinds = {view.sample(v, 0, Rng(k)).diplomacy[0].token.card for k in range(16)}
    assert kinds == {0, 1}
    assert view.view(s, 1).diplomacy[0].token.card == 0  # its owner knows it
    assert GAME.view(view.sample(v, 0, Rng(3)), 0) == v


def test_final_scoring_shows_the_quests() -> None:
    """L305: the Quests are revealed at final scoring; before, only their
    owner sees them, and the step that ends the game informs everyone."""
    s = GAME.setup(4, Options(), 11)
    rng = random.Random(11)
    while True:
        a = rng.choice(GAME.legal(s))
        last = GAME.play(s, a, trusted=True)
        if GAME.is_over(last):
            break
        s = last
    assert all(h.card == HIDDEN for h in GAME.view(s, 0).players[1].quests)
    v = GAME.view(last, 0)
    assert [h.card for h in v.players[1].quests] == [h.card for h in last.players[1].quests]
    assert all(GAME.informs(s, last, seat) for seat in range(4))
    assert GAME.view(GAME.sample(v, 0, Rng(1)), 0) == v
