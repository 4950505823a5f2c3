"""Every worked example of the Provincia Romana rulebook, as a test.

Each position is set up with the scenario builder (engine/provincia/
scenario.py) the way the example describes it. Names follow the rulebook:
Giorgio, Piero and Alessandra are seats, Forum Julii is the orange city.
Where an example leaves something open (which card, which seat), the test
picks one and says so.
"""

from __future__ import annotations

from collections import Counter

from engine.core import HIDDEN
from engine.provincia.data import CARDS, OPES, SPQR
from engine.provincia.scenario import Scenario, card, token
from engine.provincia.scenario import quiet as quietly
from engine.provincia.state import ACTIVATE, PLAY, SELECT
from tests.provincia_helpers import G, drive, fight, hand_names, illegal

GIORGIO, PIERO, ALESSANDRA = 0, 1, 2


def destroying(building: str):
    """A policy that gives up ``building`` when a building must go."""
    def policy(s):
        for a in G.legal(s):
            if a[0] == "destroy" and a[1] == card(building):
                return a
        return quietly(s)
    return policy


def next_round(s):
    r = s.round
    return drive(s, lambda x: x.round > r, quietly)


# ---------------------------------------------------------------- Phase 1

SIX_SPQR = ["Legio", "Patronus", "Praetor", "Commercium", "Gloria III", "Aediles"]


def test_giorgio_spqr_draft_chooser_first_then_clockwise_three_leftovers_discarded():
    """L119: Giorgio chooses the SPQR deck, moving 1 of its action markers;
    he lays out the top 6 cards, 4 face up and 2 face down, and takes 1;
    Piero, then Alessandra take 1; the remaining 3 go to the discard pile."""
    s = Scenario(players=3, seed=11).deck("spqr", SIX_SPQR).at_phase("select")
    assert G.to_move(s) == GIORGIO
    hands = [len(pl.hand) for pl in s.players]

    s = G.play(s, ("deck", SPQR))
    assert s.markers[SPQR] == 1  # one of its two action markers moved
    dr = s.draft
    assert dr.chooser == GIORGIO
    assert [h.card for h in dr.slots] == [card(c) for c in SIX_SPQR]
    assert dr.face_up == (True, True, True, True, False, False)
    # nobody, the chooser included, has looked at the two face-down cards
    for seat in range(3):
        v = G.view(s, seat)
        assert [h.card for h in v.draft.slots[4:]] == [HIDDEN, HIDDEN]
        assert [h.card for h in v.draft.slots[:4]] == [card(c) for c in SIX_SPQR[:4]]

    order = []
    for slot in (0, 1, 2):  # Legio, Patronus, Praetor
        order.append(G.to_move(s))
        s = G.play(s, ("pick", slot))
    assert order == [GIORGIO, PIERO, ALESSANDRA]
    for seat, taken in zip(order, SIX_SPQR, strict=False):
        assert len(s.players[seat].hand) == hands[seat] + 1
        assert s.players[seat].hand[-1].card == card(taken)
    assert Counter(s.discards[SPQR]) == Counter(card(c) for c in SIX_SPQR[3:])
    assert G.to_move(s) == PIERO and s.draft is None  # the next player's turn


def choosers_of_round(s):
    out = []
    r = s.round
    while s.round == r and s.phase == SELECT:
        if s.draft is None:
            out.append(G.to_move(s))
        s = G.play(s, G.legal(s)[0])
    return out, s


def test_three_player_double_turn_order_piero_alessandra_giorgio_twice():
    """L137: Piero first, then Alessandra, Giorgio last; then Piero again,
    Alessandra, and Giorgio again at the end."""
    piero, alessandra, giorgio = 0, 1, 2
    s = Scenario(players=3, seed=5).at_phase("select")
    order, s = choosers_of_round(s)
    assert order == [piero, alessandra, giorgio, piero, alessandra, giorgio]
    assert s.phase == PLAY


def test_opes_alessandra_quaestor_top_part_giorgio_bottom_part():
    """L149: Alessandra chooses the Opes deck and receives the top
    (Quaestor) part of her card; Giorgio then picks and receives the bottom."""
    alessandra, giorgio, piero = 0, 1, 2
    s = (Scenario(players=3, seed=2)
         .deck("opes", ["Silva", "Lapicidina", "Figlina", "Vectigal", "Saltus", "Metallum"])
         .at_phase("select"))
    s = G.play(s, ("deck", OPES))
    before = [pl.res for pl in s.players]
    for seat, slot in ((alessandra, 0), (giorgio, 1), (piero, 2)):
        assert G.to_move(s) == seat
        s = G.play(s, ("pick", slot))
    delta = [tuple(a - b for a, b in zip(pl.res, was, strict=True))
             for pl, was in zip(s.players, before, strict=True)]
    assert delta[alessandra] == CARDS[card("Silva")].quaestor == (0, 3, 0, 0)
    assert delta[giorgio] == CARDS[card("Lapicidina")].others == (0, 0, 1, 0)
    assert delta[piero] == CARDS[card("Figlina")].others == (1, 0, 0, 0)
    # Opes are played at once, never kept: hands unchanged, all six discarded
    assert [len(pl.hand) for pl in s.players] == [1, 1, 1]
    assert len(s.discards[OPES]) == 6


# ---------------------------------------------------------------- Phase 2 / 5 buildings


def test_piero_builds_a_fornax_lateris_and_receives_one_clay_each_round():
    """L167: Piero builds a Fornax Lateris. Each round he receives 1 Clay."""
    s = (Scenario(players=4, seed=4)
         .hand(PIERO, "Fornax Lateris").resources(PIERO, clay=0, wood=1, stone=1, gold=1)
         .at_phase("play", seat=PIERO))
    s = G.play(s, ("play", card("Fornax Lateris"), -1))
    assert s.players[PIERO].res == (0, 0, 0, 0)
    s = next_round(s)  # Phases 4 and 5 of round 1
    assert s.players[PIERO].res[0] == 1


def test_once_raiding_gauls_destroy_his_fornax_lateris_piero_receives_no_clay():
    """L167: if his Fornax Lateris is destroyed by raiding Gauls, he no
    longer receives 1 Clay. Round 2: Piero (Morale 1, Defense -3) loses to
    Bellum II-a (destroy 1 Production or Defense building)."""
    s = (Scenario(players=4, seed=4)
         .built(PIERO, "Fornax Lateris").morale(PIERO, 1).defense(PIERO, -3)
         .resources(PIERO, clay=3)
         .morale(GIORGIO, 10).morale(ALESSANDRA, 10).morale(3, 10)
         .bellum("II-a").at_phase("battle", round=2))
    s, battles = fight(s, {}, policy=destroying("Fornax Lateris"))
    assert [b.won for b in battles if b.seat == PIERO] == [False]
    pl = s.players[PIERO]
    assert "Fornax Lateris" in hand_names(pl)
    assert all(CARDS[c].name != "Fornax Lateris" for c, _ in pl.built)
    clay = pl.res[0]
    s = next_round(s)
    assert s.players[PIERO].res[0] == clay  # no Clay any more


def test_piero_emporium_activation_one_pp_four_gold_never_again():
    """L291: Piero activates his Emporium: −1 PP, +4 Gold; it stays active
    and cannot be activated again to gain more gold later."""
    s = (Scenario(players=4, seed=4)
         .built(PIERO, ("Emporium", False), ("Turris", False)).resources(PIERO, gold=3)
         .at_phase("activate", seat=PIERO))
    pp = s.players[PIERO].pp
    assert ("activate", card("Emporium")) in G.legal(s)
    s = G.play(s, ("activate", card("Emporium")))
    pl = s.players[PIERO]
    assert pl.pp == pp - 1
    assert pl.res[3] == 3 + 4
    assert (card("Emporium"), True) in pl.built
    assert ("activate", card("Emporium")) not in G.legal(s)
    # A round later Piero activates again (his Turris is still inactive):
    # the Emporium is still active and cannot be activated a second time.
    s = G.play(s, ("done",))
    s = drive(s, lambda x: x.round == 2 and x.phase == ACTIVATE and G.to_move(x) == PIERO,
              quietly)
    assert (card("Emporium"), True) in s.players[PIERO].built
    assert G.legal(s) == [("activate", card("Turris")), ("done",)]
    illegal(s, ("activate", card("Emporium")), "activate")


def test_piero_fodina_one_stone_in_phase5():
    """L295: Piero also receives 1 Stone from his Fodina in Phase 5."""
    s = (Scenario(players=4, seed=4).built(PIERO, "Fodina").resources(PIERO, stone=2)
         .at_phase("activate"))
    assert s.round == 2  # nothing to activate: Phase 5 ran, the round ended
    assert s.players[PIERO].res[2] == 3


# ---------------------------------------------------------------- Phase 3


def forum_julii(orange_token: bool):
    """L229, round 3: the Gauls attack with 5 (Bellum III-b: lose 4 PP).
    Forum Julii (seat 0): Morale 3, Defense 0, an active Officina. The other
    cities are strong. Seat 2 holds the orange +1 (the plain one, not the
    coin): a token helps the city of its colour, whoever plays it."""
    plays = {0: token("Massilia", 3), 1: token("Massilia", 4),
             2: token("Forum Julii", 2) if orange_token else token("Tolosa", 1),
             3: token("Arelate", 1)}
    sc = (Scenario(players=4, seed=9)
          .morale(0, 3).defense(0, 0).built(0, "Officina").bellum("III-b"))
    for p in range(4):
        sc = sc.tokens(p, plays[p], token("Loupian", p + 1))
        if p:
            sc = sc.morale(p, 10).defense(p, 0)
    return sc.at_phase("battle", round=3), plays


def test_forum_julii_battle_gauls_5_morale_3_officina_orange_token_wins():
    """L229: Morale 3 + Defense 0 + Officina +1 + a +1 orange token somebody
    played = 5, equal to the Gauls: Forum Julii is safe."""
    s, plays = forum_julii(orange_token=True)
    assert CARDS[card("Officina")].military == 1
    pp = s.players[0].pp
    s, battles = fight(s, plays)
    fj = next(b for b in battles if b.seat == 0)
    assert (fj.total, fj.attack, fj.won) == (5, 5, True)
    assert s.players[0].pp == pp  # a win has no further effect


def test_forum_julii_battle_without_the_orange_token_loses_4_pp():
    s, plays = forum_julii(orange_token=False)
    pp = s.players[0].pp
    s, battles = fight(s, plays)
    fj = next(b for b in battles if b.seat == 0)
    assert (fj.total, fj.attack, fj.won) == (4, 5, False)
    assert s.players[0].pp == pp - 4


def losing(bellum_card: str, *built, pp: int | None = None, horreum: bool = True):
    """Round 2: Giorgio (no cards in hand, Morale 1, Defense -3) is about to
    lose to ``bellum_card``; the others (Morale 10, Defense 3) win."""
    sc = (Scenario(players=4, seed=3)
          .hand(GIORGIO).morale(GIORGIO, 1).defense(GIORGIO, -3)
          .built(GIORGIO, *built, horreum=horreum).bellum(bellum_card))
    for p in (1, 2, 3):
        sc = sc.morale(p, 10).defense(p, 3)
    if pp is not None:
        sc = sc.pp(GIORGIO, pp)
    return sc.at_phase("battle", round=2)


def test_bellum_example_attack_3_destroy_production_or_defense_building():
    """L253 (D4: "or" is an ordered slash): with both kinds, a Production
    building goes; with only a Defense building, that one goes."""
    s, _ = fight(losing("II-a", "Stabulum", "Lignator"), {}, policy=destroying("Lignator"))
    assert hand_names(s.players[0]).count("Lignator") == 1
    assert "Stabulum" not in hand_names(s.players[0])

    s, _ = fight(losing("II-a", "Stabulum", horreum=False), {})
    assert "Stabulum" in hand_names(s.players[0])
    assert s.players[0].built == ()


def test_bellum_example_attack_5_lose_4_prestige_points():
    """L254: Attack 5, lose 4 PP."""
    s, battles = fight(losing("III-b", pp=3), {})
    mine = next(b for b in battles if b.seat == 0)
    assert (mine.attack, mine.won) == (5, False)
    assert s.players[0].pp == -1


def test_bellum_example_attack_5_destroy_prestige_building_and_lose_2_pp():
    """L255: both parts apply: a Prestige building (worth 3+ PP) goes back
    to hand and 2 PP are lost."""
    s, _ = fight(losing("V-a", "Domus", "Lignator", pp=5), {})
    pl = s.players[0]
    assert "Domus" in hand_names(pl) and "Lignator" not in hand_names(pl)
    assert pl.pp == 5 - 3 - 2


def test_slash_penalty_giorgio_without_defense_building_loses_production_building():
    """L257: "-1 Defense / Production building": Giorgio has no Defense
    building, so he loses a Production building instead."""
    s, _ = fight(losing("II-b", "Fodina", "Domus"), {}, policy=destroying("Fodina"))
    pl = s.players[GIORGIO]
    assert hand_names(pl).count("Fodina") == 1
    assert sorted(CARDS[c].name for c, _ in pl.built) == ["Domus", "Horreum"]


def test_slash_penalty_with_a_defense_building_loses_that_first():
    s, _ = fight(losing("II-b", "Fodina", "Turris"), {})
    pl = s.players[GIORGIO]
    assert "Turris" in hand_names(pl)
    assert sorted(CARDS[c].name for c, _ in pl.built) == ["Fodina", "Horreum"]
