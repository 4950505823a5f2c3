"""Phase 1 — Select Cards (L107-157): decks, action markers, the six-card
row, picks around the table, Opes, reshuffles, 2-3 player double turns."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import HIDDEN
from engine.provincia.data import CARDS, OPES, SPQR
from engine.provincia.state import PLAY, SELECT
from tests.provincia_helpers import (
    AEDIFICIUM,
    G,
    deck_cards,
    drive,
    illegal,
    new,
    passive,
    position,
)


def first_pick_round(s):
    """Finish the current pick row with everyone taking their first legal card."""
    while s.draft is not None:
        s = G.play(s, G.legal(s)[0])
    return s


def choosers(s):
    """Choose decks in the order Opes, SPQR, Aedificium (first legal) for one
    whole Phase 1; return the choosers, the decks chosen and the state after."""
    who, decks = [], []
    r = s.round
    while s.round == r and s.phase == SELECT:
        if s.draft is None:
            who.append(G.to_move(s))
            a = G.legal(s)[0]
            decks.append(a[1])
            s = G.play(s, a)
        else:
            s = G.play(s, G.legal(s)[0])
    return who, decks, s


@pytest.mark.parametrize("n, expected", [
    (2, [0, 1, 0, 1]),
    (3, [0, 1, 2, 0, 1, 2]),
    (4, [0, 1, 2, 3]),
    (5, [0, 1, 2, 3, 4]),
    (6, [0, 1, 2, 3, 4, 5]),
])
def test_turn_order_of_phase1_two_turns_each_with_2_or_3_players(n, expected):
    s = new(n, seed=3)
    who, decks, s = choosers(s)
    assert who == expected
    # each deck at most twice (2 action markers)
    assert max(Counter(decks).values()) <= 2
    assert s.phase == PLAY


def test_next_round_starts_with_the_new_first_player_and_markers_return():
    s = new(3, seed=4)
    _, _, s = choosers(s)
    s = drive(s, lambda x: x.round == 2)
    assert s.markers == (2, 2, 2)  # returned to their decks
    who, _, _ = choosers(s)
    assert who == [1, 2, 0, 1, 2, 0]


def test_a_deck_without_action_markers_cannot_be_chosen():
    s = new(4, seed=5)
    for _ in range(2):
        s = first_pick_round(G.play(s, ("deck", SPQR)))
    assert s.markers[SPQR] == 0
    assert ("deck", SPQR) not in G.legal(s)
    assert set(G.legal(s)) == {("deck", OPES), ("deck", AEDIFICIUM)}
    illegal(s, ("deck", SPQR), "SPQR", "action markers")


def test_each_player_takes_one_card_per_row_and_the_row_is_4_up_2_down():
    for n in (2, 4, 5):
        s = new(n, seed=6)
        hands = [len(pl.hand) for pl in s.players]
        s = G.play(s, ("deck", AEDIFICIUM))
        assert len(s.draft.slots) == 6 and s.draft.face_up == (True,) * 4 + (False,) * 2
        s = first_pick_round(s)
        assert [len(pl.hand) for pl in s.players] == [h + 1 for h in hands]
        assert len(s.discards[AEDIFICIUM]) == 6 - n


def test_six_players_take_all_six_cards_no_leftovers():
    s = new(6, seed=6)
    s = first_pick_round(G.play(s, ("deck", SPQR)))
    assert s.discards[SPQR] == ()
    assert all(len(pl.hand) == 2 for pl in s.players)


def test_face_down_card_is_known_only_to_its_taker_face_up_to_all():
    s = new(4, seed=8)
    s = G.play(s, ("deck", AEDIFICIUM))
    # seat 0 takes a face-down card (it may not look at it before)
    legal = G.legal(s)
    down = next(a for a in legal if not s.draft.face_up[a[1]])
    real = s.draft.slots[down[1]].card
    s = G.play(s, down)
    assert s.players[0].hand[-1].card == real
    assert G.view(s, 0).players[0].hand[-1].card == real
    for other in (1, 2, 3):
        assert G.view(s, other).players[0].hand[-1].card == HIDDEN
        # the remaining face-down card is still unknown to the next pickers
        v = G.view(s, other)
        assert all(h is None or h.card == HIDDEN for h in v.draft.slots[4:])
    # seat 1 takes a face-up card: everyone knows it
    up = next(a for a in G.legal(s) if s.draft.face_up[a[1]])
    real_up = s.draft.slots[up[1]].card
    s = G.play(s, up)
    for other in range(4):
        assert G.view(s, other).players[1].hand[-1].card == real_up


def test_leftovers_go_to_the_face_up_discard_pile_visible_to_all():
    s = new(2, seed=9)
    s = G.play(s, ("deck", SPQR))
    row = [h.card for h in s.draft.slots]
    s = first_pick_round(s)
    taken = [s.players[p].hand[-1].card for p in (0, 1)]
    assert Counter(s.discards[SPQR]) == Counter(row) - Counter(taken)
    for seat in (0, 1):
        assert Counter(G.view(s, seat).discards[SPQR]) == Counter(row) - Counter(taken)


def test_a_deck_that_runs_out_is_rebuilt_from_its_shuffled_discard_pile():
    """L121 and D10: drawing past the end shuffles the discard pile at once."""
    s = new(3, seed=10)
    seen_reshuffle = False
    while s.round <= 4 and not seen_reshuffle:
        if s.phase == SELECT and s.draft is None and ("deck", OPES) in G.legal(s):
            left = deck_cards(s, OPES)
            discard = list(s.discards[OPES])
            nxt = G.play(s, ("deck", OPES))
            if any(e[0] == "reshuffle" and e[1] == OPES for e in G.events(nxt)):
                seen_reshuffle = True
                assert len(left) < 6
                row = [h.card for h in nxt.draft.slots]
                assert len(row) == 6
                assert row[: len(left)] == left  # the old deck first
                assert Counter(row[len(left):]) <= Counter(discard)
                assert Counter(deck_cards(nxt, OPES)) + Counter(row[len(left):]) == Counter(
                    discard)
                assert nxt.discards[OPES] == ()
            s = nxt
        else:
            s = G.play(s, passive(s) if s.phase != SELECT or s.draft else G.legal(s)[0])
    assert seen_reshuffle


def test_opes_are_resolved_at_once_never_kept_and_all_discarded():
    s = new(4, seed=12)
    s = first_pick_round(G.play(s, ("deck", OPES)))
    assert all(len(pl.hand) == 1 for pl in s.players)
    assert len(s.discards[OPES]) == 6
    assert all(CARDS[c].__class__.__name__ == "Opes" for c in s.discards[OPES])


def test_opes_gain_is_capped_by_storage_the_excess_is_lost():
    """L153: more than the Horreum holds is lost (it stays in the supply)."""
    s = new(4, seed=13)
    s = G.play(s, ("deck", OPES))
    a = next(a for a in G.legal(s) if any(CARDS[s.draft.slots[a[1]].card].quaestor[:3]))
    part = CARDS[s.draft.slots[a[1]].card].quaestor
    full = tuple(9 if x else 0 for x in part[:3]) + (3,)
    s = position(s, {0: {"res": full}})
    supply = s.supply
    s = G.play(s, a)
    got = tuple(x - y for x, y in zip(s.players[0].res, full, strict=True))
    assert got == (0, 0, 0, part[3])
    assert s.supply[:3] == supply[:3]
    e = next(e for e in G.events(s) if e[0] == "opes")
    assert "no room for" in G.event_text(s, e)  # the log says what was lost


def test_opes_shortage_the_quaestor_is_served_first():
    """D9: with the supply short, payouts go in pick order (Quaestor first)."""
    s = new(4, seed=14)
    s = G.play(s, ("deck", OPES))
    legal = G.legal(s)
    a = legal[0]
    card = CARDS[s.draft.slots[a[1]].card]
    r = next(i for i, x in enumerate(card.quaestor) if x)
    supply = list(s.supply)
    supply[r] = 1
    s = position(s, {}, supply=tuple(supply))
    before = s.players[0].res[r]
    s = G.play(s, a)
    assert s.players[0].res[r] == before + 1  # only 1 was left
    assert s.supply[r] == 0
    # the next picker may be due the same resource: nothing is left for him
    before1 = s.players[1].res[r]
    s = G.play(s, G.legal(s)[0])
    assert s.players[1].res[r] == before1
