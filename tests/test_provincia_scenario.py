"""The scenario builder: positions named in a few lines, valid by the game's
own invariants, with scripted decks and chance (engine/scenario.py,
engine/provincia/scenario.py)."""

from __future__ import annotations

import pytest

from engine import get_game
from engine.core import Rng
from engine.provincia.data import AEDIFICIUM, CITIES, SPQR, TUNED, bellum_ids
from engine.provincia.invariants import check_all
from engine.provincia.scenario import Scenario, bellum, card, token
from engine.provincia.state import ACTIVATE, BATTLE, FINAL, PLAY
from engine.scenario import ScriptedRng, ScriptError

G = get_game("provincia")


def test_the_briefs_example_reads_as_the_position_it_makes():
    s = (Scenario(players=3)
         .city(0, "Massilia")
         .hand(0, "Fodina", "Horreum")
         .resources(0, clay=3)
         .built(1, "Officina")
         .deck("aedificium", ["Domus", "Fons"])
         .at_phase("play"))
    check_all(s)
    assert (s.round, s.phase) == (1, PLAY) and G.to_move(s) == 0
    assert [CITIES[p.city].name for p in s.players] == ["Massilia", "Forum Julii",
                                                        "Narbo Martius"]
    assert [h.card for h in s.players[0].hand] == [card("Fodina"), card("Horreum")]
    assert s.players[0].res[0] == 3
    assert s.players[1].built == ((card("Horreum"), True), (card("Officina"), True))
    assert s.players[1].pp == sum(s.players[1].ledger) + 2  # the Officina's award
    assert s.decks[AEDIFICIUM].cards[:2] == (card("Domus"), card("Fons"))
    # the hand is secret: the other seats see face-down cards
    assert all(h.card == -1 for h in G.view(s, 1).players[0].hand)


def test_named_cards_come_out_of_the_game_not_out_of_nothing():
    base = Scenario(players=4).at_phase("play")
    s = Scenario(players=4).hand(2, "Domus", "Domus", "Domus").at_phase("play")
    check_all(s)  # every card of every deck is somewhere, exactly once
    domus = card("Domus")

    def free(x):  # copies in the deck, the discard pile and the box
        return (*x.decks[AEDIFICIUM].cards, *x.discards[AEDIFICIUM], *x.box).count(domus)

    held = [h.card for h in base.players[2].hand].count(domus)
    assert free(base) - free(s) == 3 - held
    assert len(s.box) == len(base.box) == 42
    with pytest.raises(ScriptError, match="no Aquaeductus is left"):
        Scenario(players=4).hand(2, *["Aquaeductus"] * 4).at_phase("play")


def test_a_replaced_card_goes_to_its_discard_pile_and_the_supply_balances():
    plain = Scenario(players=4).options(finite_gold=True).at_phase("play")
    held = plain.players[1].hand[0].card
    s = (Scenario(players=4).options(finite_gold=True).hand(1, "Legio").resources(1, gold=20)
         .at_phase("play"))
    assert held in s.discards[AEDIFICIUM]
    assert s.supply[3] == plain.supply[3] - (20 - plain.players[1].res[3])
    with pytest.raises(ScriptError, match="more gold than the box"):
        Scenario(players=4).options(finite_gold=True).resources(0, gold=60).at_phase("play")


def test_pp_sets_the_total_and_buildings_add_their_awards():
    s = Scenario(players=2).pp(0, 12).built(1, "Aquaeductus").pp(1, 15).at_phase("play")
    assert s.players[0].pp == 12 and s.players[1].pp == 15
    assert s.players[1].pp == sum(s.players[1].ledger) + 10
    check_all(s)


def test_positions_at_every_phase_and_seat():
    assert Scenario().at_phase("battle").phase == BATTLE
    s = Scenario().built(2, ("Turris", False)).at_phase("activate", seat=2)
    assert (s.round, s.phase, G.to_move(s)) == (1, ACTIVATE, 2)
    assert Scenario(players=3).at_phase("final").phase == FINAL
    s = Scenario().at_phase("play", round=4, seat=3)
    assert (s.round, s.phase, G.to_move(s)) == (4, PLAY, 3)
    with pytest.raises(ScriptError, match="no battle in round 1"):
        Scenario().at_phase("battle", round=1)
    with pytest.raises(ScriptError, match="a position starts at"):
        Scenario().at_phase("upkeep")


def test_bellum_and_tokens_are_placed_and_swapped_not_duplicated():
    s = (Scenario(players=4).bellum("V-a").tokens(2, token("Forum Julii", 2))
         .at_phase("battle", round=2))
    assert s.bellum[0].card == bellum("V-a")
    cards = [h.card for h in s.bellum] + list(s.bellum_box)
    assert sorted(cards) == list(bellum_ids(TUNED))  # every Bellum of the game once
    assert [h.card for h in s.players[2].tokens] == [token("Forum Julii", 2)]
    assert all(h.card != token("Forum Julii", 2)
               for p in (0, 1, 3) for h in s.players[p].tokens)


def test_a_scripted_deck_is_drawn_in_order_and_a_scripted_pile_reshuffled_as_it_lies():
    six = ["Legio", "Patronus", "Praetor", "Commercium", "Gloria III", "Aediles"]
    s = (Scenario(players=3)
         .deck("spqr", six, exactly=True)
         .discards("spqr", ["Consuetudo", "Coniuratio", "Legio"])
         .chance()
         .at_phase("select"))
    s = G.play(s, ("deck", SPQR))
    assert [h.card for h in s.draft.slots] == [card(c) for c in six]
    while s.draft is not None:
        s = G.play(s, G.legal(s)[0])
    while G.legal(s)[0] != ("deck", SPQR) or s.draft is not None:
        s = G.play(s, G.legal(s)[0])
    before = s
    s = G.play(s, ("deck", SPQR))  # the deck is empty: the pile becomes the deck
    assert any(e.kind == "reshuffle" for e in G.events(s))
    assert [h.card for h in s.draft.slots[:3]] == [card("Consuetudo"), card("Coniuratio"),
                                                   card("Legio")]
    assert G.informs(before, s, 1)  # chance was consulted: undo stops here
    check_all(s)


def test_scripted_chance_gives_its_numbers_and_says_when_it_runs_out():
    r = ScriptedRng((5, 0, 2))
    a, r = r.below(6)
    b, r = r.below(6)
    assert (a, b) == (5, 0)
    assert r.shuffle([3, 1, 2])[0] == (3, 1, 2)
    chosen, rest, r2 = r.draw([4, 5, 6], 2)
    assert (chosen, rest) == ((4, 5), (6,)) and r2 != r
    with pytest.raises(ScriptError, match="must be below 2"):
        r.below(2)
    _, r = r.below(6)
    with pytest.raises(ScriptError, match="only 3"):
        r.below(6)
    assert isinstance(Rng(1).below(6)[0], int)  # the real one keeps its interface


def test_the_builder_shares_a_base():
    base = Scenario(players=4).morale(0, 3)
    one, two = base.defense(0, 2).at_phase("play"), base.at_phase("play")
    assert (one.players[0].morale, one.players[0].defense) == (3, 2)
    assert two.players[0].morale == 3 and two.players[0].defense != 2
