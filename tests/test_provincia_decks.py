"""Decks: Consuetudo with a short deck (INVENTORY D21), what the player who
ordered the deck knows, and reshuffles keeping their pools apart."""

from __future__ import annotations

from collections import Counter

from engine.core import HIDDEN, Rng
from engine.provincia.data import AEDIFICIUM
from engine.provincia.decks import new_deck
from engine.provincia.state import deck_pool
from tests.provincia_helpers import G, R, cid, position
from tests.test_provincia_rules_spqr import turn


def short_deck(s, keep: int):
    """Move all but ``keep`` Aedificium deck cards to the discard pile."""
    deck = s.decks[AEDIFICIUM]
    top, rest = deck.cards[:keep], deck.cards[keep:]
    decks = list(s.decks)
    decks[AEDIFICIUM] = new_deck(top, deck_pool(AEDIFICIUM, 0))
    discards = list(s.discards)
    discards[AEDIFICIUM] = discards[AEDIFICIUM] + rest
    return s.replace(decks=tuple(decks), discards=tuple(discards))


def test_consuetudo_with_fewer_than_10_shuffles_the_discard_under_the_deck():
    s = short_deck(turn(["Consuetudo"], R(gold=2)), keep=4)
    top4 = list(s.decks[AEDIFICIUM].cards)
    discard = Counter(s.discards[AEDIFICIUM])
    s = G.play(s, ("play", cid("Consuetudo"), -1))
    looked = [h.card for h in s.pending[-1].data[0]]
    assert len(looked) == 10
    assert looked[:4] == top4  # the old deck stays on top
    assert Counter(looked[4:]) <= discard  # the rest came from the reshuffled discard
    assert s.discards[AEDIFICIUM] == ()
    assert s.epochs[AEDIFICIUM] == 1


def test_only_the_consuetudo_player_knows_the_new_top_of_the_deck():
    s = turn(["Consuetudo"], R(gold=2))
    s = G.play(s, ("play", cid("Consuetudo"), -1))
    s = G.play(s, G.legal(s)[0])  # take one
    s = G.play(s, ("keep",))
    top9 = s.decks[AEDIFICIUM].cards[:9]
    mine, theirs = G.view(s, 0), G.view(s, 1)
    assert mine.decks[AEDIFICIUM].cards[:9] == top9
    assert HIDDEN not in mine.decks[AEDIFICIUM].cards[:9]
    assert set(theirs.decks[AEDIFICIUM].cards) == {HIDDEN}
    for seed in range(5):  # every world seat 0 imagines keeps the order it set
        w = G.sample(mine, 0, Rng(seed))
        assert w.decks[AEDIFICIUM].cards[:9] == top9
        assert G.view(w, 0) == mine


def test_reshuffled_cards_are_sampled_only_from_the_reshuffled_pile():
    """After a reshuffle everyone knows which cards the new deck holds."""
    s = short_deck(turn(["Consuetudo"], R(gold=2)), keep=0)
    s = position(s)
    discard = Counter(s.discards[AEDIFICIUM])
    s = G.play(s, ("play", cid("Consuetudo"), -1))  # reshuffles the whole discard
    v = G.view(s, 1)
    for seed in range(5):
        w = G.sample(v, 1, Rng(seed))
        looked = [h.card for h in w.pending[-1].data[0]]
        assert Counter(looked) + Counter(w.decks[AEDIFICIUM].cards) == discard
