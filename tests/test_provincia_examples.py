"""Every worked example of the Provincia Romana rulebook, as a test.

Names follow the rulebook: Giorgio, Piero and Alessandra are seats, Forum
Julii is the orange city. Where an example leaves something open (which
card, which seat), the test picks one and says so.
"""

from __future__ import annotations

from collections import Counter

from engine.core import HIDDEN
from engine.provincia.data import CARDS, OPES, SPQR
from engine.provincia.state import ACTIVATE, BATTLE, PLAY, SELECT
from tests.provincia_helpers import (
    CLAY,
    GOLD,
    STONE,
    G,
    at,
    cid,
    city,
    deck_cards,
    drive,
    fight,
    finish_phase,
    hand_names,
    illegal,
    new,
    position,
    token,
    until_seat,
)

GIORGIO, PIERO, ALESSANDRA = 0, 1, 2


def end_round_quietly(s):
    """Everyone passes Phase 2 (and activates nothing) until the next round."""
    r = s.round
    while s.round == r:
        s = G.play(s, ("done",) if ("done",) in G.legal(s) else G.legal(s)[0])
    return s


# ---------------------------------------------------------------- Phase 1


def test_giorgio_spqr_draft_chooser_first_then_clockwise_three_leftovers_discarded():
    """L117-119: Giorgio chooses SPQR, lays out 4 up + 2 down, takes 1; Piero,
    then Alessandra take 1; the remaining 3 go to the SPQR discard pile."""
    s = new(3, seed=11)
    assert G.to_move(s) == GIORGIO and s.phase == SELECT
    top6 = deck_cards(s, SPQR)[:6]
    hands = [len(pl.hand) for pl in s.players]

    s = G.play(s, ("deck", SPQR))
    assert s.markers[SPQR] == 1  # one of its two action markers moved
    dr = s.draft
    assert dr.chooser == GIORGIO
    assert [h.card for h in dr.slots] == top6
    assert dr.face_up == (True, True, True, True, False, False)
    # nobody, the chooser included, has looked at the two face-down cards
    for seat in range(3):
        v = G.view(s, seat)
        assert [h.card for h in v.draft.slots[4:]] == [HIDDEN, HIDDEN]
        assert [h.card for h in v.draft.slots[:4]] == top6[:4]

    order, taken = [], []
    while s.draft is not None:
        seat = G.to_move(s)
        order.append(seat)
        a = G.legal(s)[0]
        taken.append(s.draft.slots[a[1]].card)
        s = G.play(s, a)
    assert order == [GIORGIO, PIERO, ALESSANDRA]
    for seat in range(3):
        assert len(s.players[seat].hand) == hands[seat] + 1
        assert s.players[seat].hand[-1].card == taken[seat]
    leftovers = Counter(top6) - Counter(taken)
    assert Counter(s.discards[SPQR]) == leftovers
    assert sum(leftovers.values()) == 3
    assert G.to_move(s) == PIERO and s.draft is None  # the next player's turn


def choosers_of_round(s):
    out = []
    r = s.round
    while s.round == r and s.phase == SELECT:
        if s.draft is None:
            out.append(G.to_move(s))
            legal = G.legal(s)
            s = G.play(s, legal[0])
        else:
            s = G.play(s, G.legal(s)[0])
    return out, s


def test_three_player_double_turn_order_piero_alessandra_giorgio_twice():
    """L137: Piero first, then Alessandra, Giorgio last; then Piero again,
    Alessandra, and Giorgio again at the end."""
    piero, alessandra, giorgio = 0, 1, 2
    s = new(3, seed=5)
    order, s = choosers_of_round(s)
    assert order == [piero, alessandra, giorgio, piero, alessandra, giorgio]
    assert s.phase == PLAY


def test_opes_alessandra_quaestor_top_part_giorgio_bottom_part():
    """L147-149: Alessandra chooses the Opes deck and receives the top
    (Quaestor) part of her card; Giorgio then picks and receives the bottom."""
    alessandra, giorgio, piero = 0, 1, 2
    s = new(3, seed=2)
    s = G.play(s, ("deck", OPES))
    before = [pl.res for pl in s.players]
    got = {}
    for seat in (alessandra, giorgio, piero):
        assert G.to_move(s) == seat
        a = G.legal(s)[0]
        got[seat] = CARDS[s.draft.slots[a[1]].card]
        s = G.play(s, a)
    after = [pl.res for pl in s.players]
    delta = {p: tuple(a - b for a, b in zip(after[p], before[p], strict=True)) for p in got}
    assert delta[alessandra] == got[alessandra].quaestor
    assert delta[giorgio] == got[giorgio].others
    assert delta[piero] == got[piero].others
    # Opes are played at once, never kept: hands unchanged, all six discarded
    assert [len(pl.hand) for pl in s.players] == [1, 1, 1]
    assert len(s.discards[OPES]) == 6


# ---------------------------------------------------------------- Phase 2 / 5 buildings


def test_piero_fornax_lateris_one_clay_each_phase5_and_none_after_destroyed():
    """L167: Piero builds a Fornax Lateris and receives 1 Clay each round;
    once raiding Gauls destroy it, he no longer does."""
    s = at(4, PLAY, 1, seed=4)
    assert G.to_move(s) == 0  # seat 0 moves first; Piero is seat 1
    s = position(s, {PIERO: {"res": (0, 1, 1, 1), "hand": ["Fornax Lateris"]}})
    s = until_seat(s, PIERO)
    s = G.play(s, ("play", cid("Fornax Lateris"), -1))
    assert s.players[PIERO].res == (0, 0, 0, 0)
    clay = s.players[PIERO].res[CLAY]
    s = end_round_quietly(s)  # Phase 4 and 5 of round 1
    assert s.players[PIERO].res[CLAY] == clay + 1

    # Round 2: the Gauls win against Piero and destroy a Production building.
    s = at_battle_from(s, 2)
    s = position(s, {PIERO: {"morale": 1, "defense": -3, "clay": 3},
                     **{p: {"morale": 10} for p in (0, 2, 3)}},
                 bellum_card="II-a")  # Destroy 1 Production or Defense building
    s, battles = fight(s, {}, policy=lambda x: choose_destroy(x, "Fornax Lateris"))
    assert [b[4] for b in battles if b[1] == PIERO] == [False]
    pl = s.players[PIERO]
    assert "Fornax Lateris" in hand_names(pl)
    assert all(CARDS[c].name != "Fornax Lateris" for c, _ in pl.built)
    clay = pl.res[CLAY]
    s = drive_to_next_round(s)
    assert s.players[PIERO].res[CLAY] == clay  # no Clay any more


def at_battle_from(s, rnd):
    return drive(s, lambda x: (x.round, x.phase) >= (rnd, BATTLE))


def drive_to_next_round(s):
    r = s.round
    return drive(s, lambda x: x.round > r)


def choose_destroy(s, building):
    legal = G.legal(s)
    if s.pending:
        for a in legal:
            if a[0] == "destroy" and CARDS[a[1]].name == building:
                return a
        return legal[0]
    if s.phase == SELECT and s.draft is None and ("deck", SPQR) in legal:
        return ("deck", SPQR)
    return ("done",) if ("done",) in legal else legal[0]


def test_piero_emporium_activation_one_pp_four_gold_never_again():
    """L289-291: Piero activates his Emporium: −1 PP, +4 Gold; it stays
    active and cannot be activated again to gain more gold later."""
    s = at(4, PLAY, 1, seed=4)
    s = position(s, {PIERO: {"built": [("Emporium", False), ("Turris", False)], "gold": 3}})
    pp = s.players[PIERO].pp
    s = finish_phase(s, PLAY)
    assert s.phase == ACTIVATE and G.to_move(s) == PIERO
    assert ("activate", cid("Emporium")) in G.legal(s)
    gold = s.players[PIERO].res[GOLD]  # after the 1 Gold tax
    s = G.play(s, ("activate", cid("Emporium")))
    pl = s.players[PIERO]
    assert pl.pp == pp - 1
    assert pl.res[GOLD] == gold + 4
    assert (cid("Emporium"), True) in pl.built
    assert ("activate", cid("Emporium")) not in G.legal(s)
    # A round later Piero activates again (his Turris is still inactive):
    # the Emporium is still active and cannot be activated a second time.
    s = G.play(s, ("done",))
    s = drive(s, lambda x: x.round == 2 and x.phase == ACTIVATE and G.to_move(x) == PIERO)
    assert (cid("Emporium"), True) in s.players[PIERO].built
    assert G.legal(s) == [("activate", cid("Turris")), ("done",)]
    illegal(s, ("activate", cid("Emporium")), "activate")


def test_piero_fodina_one_stone_in_phase5():
    """L295: Piero also receives 1 Stone from his Fodina in Phase 5."""
    s = at(4, PLAY, 1, seed=4)
    s = position(s, {PIERO: {"built": ["Fodina"], "stone": 2}})
    s = finish_phase(s, PLAY)
    assert s.round == 2  # nothing to activate: Phase 5 ran, the round ended
    assert s.players[PIERO].res[STONE] == 3


# ---------------------------------------------------------------- Phase 3


def forum_julii_position(orange_token: bool):
    s = at(4, BATTLE, 3, seed=9)
    fj = city("Forum Julii")
    assert s.players[0].city == fj
    others = {p: {"morale": 10, "defense": 0} for p in (1, 2, 3)}
    # Seat 2 (Narbo Martius) holds the orange +1 (the plain one, not the coin):
    # a token helps the city of its colour, whoever plays it.
    plays = {0: token(city("Massilia"), 3), 1: token(city("Massilia"), 4),
             2: token(fj, 2) if orange_token else token(city("Tolosa"), 1),
             3: token(city("Arelate"), 1)}
    tokens = {p: [plays[p], token(city("Loupian"), p + 1)] for p in range(4)}
    s = position(s, {0: {"morale": 3, "defense": 0, "built": ["Officina"],
                         "tokens": tokens[0]},
                     **{p: {**others[p], "tokens": tokens[p]} for p in (1, 2, 3)}},
                 bellum_card="III-b")  # Gauls 5: lose 4 PP
    return s, plays


def test_forum_julii_battle_gauls_5_morale_3_officina_orange_token_wins():
    """L229: Gauls 5; Forum Julii: Morale 3 + Defense 0 + Officina +1
    + a +1 orange token somebody played = 5, equal to the Gauls: safe."""
    s, plays = forum_julii_position(orange_token=True)
    pp = s.players[0].pp
    s, battles = fight(s, plays)
    fj = next(b for b in battles if b[1] == 0)
    assert fj[2:] == (5, 5, True)
    assert s.players[0].pp == pp  # a win has no further effect


def test_forum_julii_battle_without_the_orange_token_loses_4_pp():
    s, plays = forum_julii_position(orange_token=False)
    pp = s.players[0].pp
    s, battles = fight(s, plays)
    fj = next(b for b in battles if b[1] == 0)
    assert fj[2:] == (4, 5, False)
    assert s.players[0].pp == pp - 4


def lost_battle(bellum_card: str, built: list, seed: int = 3, **extra):
    """Seat 0 (no cards in hand) about to lose this round's battle; the
    others win. The Bellum card is put into the current round's slot."""
    s = at(4, BATTLE, 2, seed=seed)
    s = position(s, {0: {"morale": 1, "defense": -3, "built": built, "hand": [], **extra},
                     **{p: {"morale": 10, "defense": 3} for p in (1, 2, 3)}},
                 bellum_card=bellum_card)
    return s


def test_bellum_example_attack_3_destroy_production_or_defense_building():
    """L253 (D4: "or" is an ordered slash): with both kinds, a Production
    building goes; with only a Defense building, that one goes."""
    s = lost_battle("II-a", ["Stabulum", "Lignator"])
    s, _ = fight(s, {}, policy=lambda x: choose_destroy(x, "Lignator"))
    assert hand_names(s.players[0]).count("Lignator") == 1
    assert "Stabulum" not in hand_names(s.players[0])

    s = lost_battle("II-a", ["Stabulum"], horreum=False)
    s, _ = fight(s, {})
    assert "Stabulum" in hand_names(s.players[0])
    assert s.players[0].built == ()


def test_bellum_example_attack_5_lose_4_prestige_points():
    """L254: Attack 5, lose 4 PP."""
    s = lost_battle("III-b", [], pp=3)
    s, battles = fight(s, {})
    mine = next(b for b in battles if b[1] == 0)
    assert mine[3:] == (5, False)
    assert s.players[0].pp == -1


def test_bellum_example_attack_5_destroy_prestige_building_and_lose_2_pp():
    """L255: both parts apply: a Prestige building (worth 3+ PP) goes back
    to hand and 2 PP are lost."""
    s = lost_battle("V-a", ["Domus", "Lignator"], pp=5)
    s, _ = fight(s, {})
    pl = s.players[0]
    assert "Domus" in hand_names(pl) and "Lignator" not in hand_names(pl)
    assert pl.pp == 5 - 3 - 2


def test_slash_penalty_giorgio_without_defense_building_loses_production_building():
    """L257: "-1 Defense / Production building": Giorgio has no Defense
    building, so he loses a Production building instead."""
    s = lost_battle("II-b", ["Fodina", "Domus"])
    s, _ = fight(s, {}, policy=lambda x: choose_destroy(x, "Fodina"))
    pl = s.players[GIORGIO]
    assert hand_names(pl).count("Fodina") == 1
    assert sorted(CARDS[c].name for c, _ in pl.built) == ["Domus", "Horreum"]


def test_slash_penalty_with_a_defense_building_loses_that_first():
    s = lost_battle("II-b", ["Fodina", "Turris"])
    s, _ = fight(s, {})
    pl = s.players[GIORGIO]
    assert "Turris" in hand_names(pl)
    assert sorted(CARDS[c].name for c, _ in pl.built) == ["Fodina", "Horreum"]
