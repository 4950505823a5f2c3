"""Worked examples of age-of-rome.txt built with the scenario builder and
played through the game itself: E5 and E7 (a Scheme with no possible
effect is not activated and costs no Feud; Mudslinging needs Glory 2,
L97, L142-143), E8 (Follower capacities, L177-178), E10 (a tie in a
Battle Region, with and without the Military Medal, L187-188) and E11 (a
2-player Thrace, L189). The other examples are built the same way in the
tests of the module that carries each rule (spine, schemes, actions,
forces, trade, diplomacy)."""

from __future__ import annotations

import pytest

from engine import get_game
from engine.ageofrome import data, forces
from engine.ageofrome.actions import DONE, Activate, Place
from engine.ageofrome.scenario import Scenario
from engine.ageofrome.state import BUILD, MILITARY, REGION_INDEX, SCHEMES, Marker
from engine.core import IllegalAction

GAME = get_game("ageofrome")
NAMES = ("Jack", "Henry", "Mary", "Ross")
JACK, HENRY, MARY, ROSS = range(4)
THRACE = REGION_INDEX["Thrace"]
ITALIA, GAULE = 0, 1  # rotation 0: Italia faces Jack, Gaule faces Henry


def table(players: int = 4) -> Scenario:
    chars = ("Marcus Antonius", "Julius Caesar", "Pompeius", "Lepidus")[:players]
    return Scenario(players=players, names=NAMES[:players]).characters(*chars).first("Jack")


def play(s, *actions):
    for a in actions:
        s = GAME.play(s, a)
    return s


# ---------------------------------------------------------------- E5, E7
def scheme_on_henry(glory: int):
    """Round 2: Jack's marker from round 1 on Gaule, which Henry faces; Henry
    has no Pantheon piece and no Legion out."""
    return (table().at("schemes", round=2).glory(Henry=glory)
            .scheme("Gaule", 0, "Jack", placed=1).build())


def test_e5_e7_no_possible_effect_no_activation_and_no_feud_paid():
    s = scheme_on_henry(glory=1)
    # Mudslinging needs Glory 2 (L97, A12), Degradation a piece, Apostasy a
    # Legion: Jack's turn is skipped, the marker stays, no Feud moves.
    assert s.phase == BUILD
    assert s.provinces[GAULE].schemes[0] == Marker(JACK, 1, False)
    jack = data.CHARACTER["Marcus Antonius"]
    assert s.players[JACK].feuds == jack.feuds


def test_e5_from_glory_two_mudslinging_is_possible_and_pays_a_feud():
    s = scheme_on_henry(glory=2)
    assert s.phase == SCHEMES and GAME.to_move(s) == JACK
    go = Activate("Gaule", 0, data.MUDSLINGING)
    assert go in GAME.legal(s)
    feuds = (s.players[JACK].feuds, s.players[HENRY].feuds)
    s = play(s, go)
    while s.pending and s.pending[-1].kind == "trade":
        s = GAME.play(s, DONE)  # the Trade windows the activation opened (S, V)
    assert s.players[HENRY].glory == 1
    assert (s.players[JACK].feuds, s.players[HENRY].feuds) == (feuds[0] - 1, feuds[1] + 1)


# ---------------------------------------------------------------- E8
def test_e8_capacities_by_level():
    s = (table().at("actions").followers(Jack=5)
         .levels("Italia", Military=1, Politics=2, Trade=3).build())
    assert GAME.to_move(s) == JACK
    legal = GAME.legal(s)
    assert Place("Religion", False) not in legal  # an empty space is no building
    # Level I holds 3, one of them with the Bonus marker (L178).
    s = play(s, Place("Military", True))
    while s.pending:
        s = GAME.play(s, DONE)
    followers = s.provinces[ITALIA].followers[MILITARY]
    assert followers == ((JACK, MILITARY),)
    s = _next_turn_of(s, JACK)
    s = play(s, Place("Politics", False))
    s = _next_turn_of(s, JACK)
    s = play(s, Place("Politics", False))
    s = _next_turn_of(s, JACK)
    assert Place("Politics", False) not in GAME.legal(s)  # level II holds 2
    with pytest.raises(IllegalAction):
        GAME.play(s, Place("Politics", False))
    s = play(s, Place("Trade", False))
    s = _next_turn_of(s, JACK)
    assert Place("Trade", False) not in GAME.legal(s)  # level III holds 1
    assert Place("Military", False) in GAME.legal(s)  # level I: 1 of 3 taken


def _next_turn_of(s, seat):
    """Everyone else (and any decision) takes the Colosseum or Done until
    ``seat`` is to place again."""
    while True:
        if not s.pending and GAME.to_move(s) == seat:
            return s
        legal = GAME.legal(s)
        a = DONE if DONE in legal else Place("Colosseum", False) if Place(
            "Colosseum", False) in legal else legal[0]
        s = GAME.play(s, a)


# ---------------------------------------------------------------- E10, E11
def test_e10_a_tie_scores_nothing_and_the_next_player_is_second():
    s = table().at("income", round=9).regions(Thrace={"Jack": 3, "Henry": 1, "Mary": 3}).build()
    assert forces.placings(s, THRACE) == ((JACK, 1), (MARY, 1), (HENRY, 2))
    assert forces.region_glory(s, THRACE) == (0, 5, 0, 0)


def test_e10_with_the_military_medal_jack_mary_henry_are_first_second_third():
    s = (table().at("income", round=9).medal("Military", "Jack")
         .regions(Thrace={"Jack": 3, "Henry": 1, "Mary": 3}).build())
    assert forces.placings(s, THRACE) == ((JACK, 1), (MARY, 2), (HENRY, 3))
    assert forces.region_glory(s, THRACE) == (10, 3, 5, 0)


def test_e11_a_two_player_thrace_scores_5_and_3():
    s = table(2).at("income", round=9).regions(Thrace={"Jack": 3, "Henry": 1}).build()
    assert forces.region_glory(s, THRACE) == (5, 3)
