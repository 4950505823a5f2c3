"""The rule-based Provincia bot: legal everywhere, and the strategy it is
meant to follow, position by position."""

from __future__ import annotations

import random
import time

import pytest

from ai.base import Budget
from ai.players import make_bot
from ai.provincia import strategy as R
from ai.provincia.value import City
from engine.match import Match, seats_from_kinds
from engine.provincia.state import ACTIVATE, BATTLE, PLAY, SELECT
from tests.provincia_helpers import (
    G,
    at,
    cid,
    drive,
    passive,
    position,
    token,
    until_seat,
)


def choose(s, seat: int | None = None) -> tuple:
    seat = G.to_move(s) if seat is None else seat
    return make_bot("rules").decide(G, G.view(s, seat), seat, Budget(), random.Random(0))


def play_seat(s, seat: int):
    """Drive quietly until ``seat`` decides in the current phase."""
    return until_seat(s, seat)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_legal_in_whole_games(players: int):
    m = Match("provincia", seats_from_kinds(["rules"] * players), 40 + players)
    bot = make_bot("rules")
    kinds = set()
    while not m.is_over():
        seat = m.to_move()
        v = m.view(seat)
        kinds.add(v.pending[-1].kind if v.pending else v.phase)
        a = bot.decide(G, v, seat, Budget(), random.Random(len(m.actions)))
        assert a in G.legal(m.state)
        m.play(a)
    assert {SELECT, PLAY, BATTLE} <= kinds
    res = G.result(m.state)
    assert max(res.scores) > 5  # it builds a city, not just passes


def test_decisions_are_fast():
    """The issue asks for <= 1 ms a decision; bench/bots.py measures it.
    Here only a generous bound, so a busy machine cannot fail the test."""
    m = Match("provincia", seats_from_kinds(["rules"] * 4), 5)
    bot = make_bot("rules")
    spent, n = 0.0, 0
    while not m.is_over():
        seat = m.to_move()
        v = m.view(seat)
        t = time.process_time()
        a = bot.decide(G, v, seat, Budget(), random.Random(0))
        spent += time.process_time() - t
        n += 1
        m.play(a)
    assert spent / n < 0.02


def test_builds_a_cheap_rich_building():
    s = at(phase=PLAY, rnd=2)
    seat = G.to_move(s)
    s = position(s, {seat: {"hand": ["Hortus"], "gold": 12}})
    assert choose(s) == ("play", cid("Hortus"), -1)


def test_passes_with_nothing_worth_playing():
    s = at(phase=PLAY, rnd=2)
    seat = G.to_move(s)
    s = position(s, {seat: {"hand": [], "gold": 10}})
    assert choose(s) == ("done",)


def test_buys_the_missing_stone_to_build():
    s = at(phase=PLAY, rnd=4)
    seat = G.to_move(s)
    s = position(s, {seat: {"hand": ["Statua"], "stone": 7, "gold": 8, "clay": 0, "wood": 0}})
    assert choose(s) == ("trade", 2)  # 2 Gold for the eighth Stone
    s = G.play(s, ("trade", 2))
    assert choose(s) == ("play", cid("Statua"), -1)


def test_keeps_gold_for_the_next_tax_rather_than_a_marginal_card():
    s = at(phase=PLAY, rnd=3)
    seat = G.to_move(s)
    s = position(s, {seat: {"hand": ["Gloria III"], "gold": 2}})
    assert choose(s) == ("done",)
    s = position(s, {seat: {"hand": ["Gloria III"], "gold": 9}})
    assert choose(s) == ("play", cid("Gloria III"), -1)


def test_raises_defense_for_a_close_battle():
    s = at(phase=PLAY, rnd=3)
    seat = G.to_move(s)
    # Morale 3 + Defense 0 = 3 against the round 3 stack (4, 5, 5, 5): Consul
    # brings 2 and wins against a 4 and (with a good token) a 5.
    s = position(s, {seat: {"hand": ["Consul Cecilio Metello"], "gold": 8, "morale": 3,
                            "defense": 0}})
    assert choose(s) == ("play", cid("Consul Cecilio Metello"), -1)
    # with nothing left to fight for, the Gold is better kept
    late = at(phase=PLAY, rnd=6)
    seat = G.to_move(late)
    late = position(late, {seat: {"hand": ["Consul Cecilio Metello"], "gold": 8,
                                  "morale": 10, "defense": 5}})
    assert choose(late) == ("done",)


def test_battle_token_on_own_city_when_it_is_close():
    s = at(phase=BATTLE, rnd=3)
    seat = G.to_move(s)
    city = s.players[seat].city
    other = s.players[(seat + 1) % 4].city
    # strength 4 against 4/5/5/5: +2 of its own colour turns most losses
    s = position(s, {seat: {"morale": 4, "defense": 0,
                            "tokens": [token(city, 1), token(other, 4)]}})
    assert choose(s) == ("token", token(city, 1))


def test_battle_token_against_a_rival_when_own_battle_is_hopeless():
    s = at(phase=BATTLE, rnd=3)
    seat = G.to_move(s)
    rival = (seat + 1) % 4
    mine, theirs = s.players[seat].city, s.players[rival].city
    # this city is hopeless (strength -2); the rival stands at 5, where -2 loses
    s = position(s, {seat: {"morale": 1, "defense": -3,
                            "tokens": [token(mine, 2), token(theirs, 4)]},
                     rival: {"morale": 5, "defense": 0}})
    assert choose(s) == ("token", token(theirs, 4))


def test_gives_the_gauls_the_cheapest_building():
    s = at(phase=BATTLE, rnd=2)
    seat = G.to_move(s)
    s = position(s, {p: {"morale": 1, "defense": -3} for p in range(4)}, bellum_card="II-a")
    s = position(s, {seat: {"built": ["Aurifex", "Fornax Lateris", "Lignator"], "hand": []}})
    s = drive(s, lambda x: bool(x.pending) and x.pending[-1].seat == seat, passive)
    a = choose(s, seat)
    assert a[0] == "destroy" and a[1] in (cid("Lignator"), cid("Horreum"))


def at_activation(rnd: int, seat: int, **changes):
    """Phase 5 of round ``rnd`` with ``seat`` to activate (it needs an
    inactive building for the phase to stop at all)."""
    s = at(phase=PLAY, rnd=rnd)
    s = position(s, {seat: changes})
    s = drive(s, lambda x: x.phase == ACTIVATE)
    return until_seat(s, seat)


def test_activates_military_before_a_battle_but_not_gold_it_does_not_need():
    seat = 1  # Phase 5 of round 4: the round 5 and 6 battles to come
    s = at_activation(4, seat, built=[("Statio", False), ("Via Mercatoris", False)],
                      morale=5, defense=1, gold=6, hand=[])
    assert choose(s, seat) == ("activate", cid("Statio"))
    s = G.play(s, ("activate", cid("Statio")))
    assert choose(s, seat) == ("done",)  # 2 Gold is not worth 1 PP here


def test_activates_emporium_for_its_gold():
    seat = 2
    s = at_activation(6, seat, built=[("Emporium", False)])
    assert choose(s, seat) == ("activate", cid("Emporium"))


def test_discards_the_least_useful_card():
    s = at(phase=PLAY, rnd=2)
    seat = G.to_move(s)
    hand = ["Aquaeductus", "Aquaeductus", "Hortus", "Insula", "Statua", "Concussio"]
    s = position(s, {p: {"hand": hand, "gold": 0, "clay": 0, "wood": 0, "stone": 0}
                     for p in range(4)})
    s = drive(s, lambda x: bool(x.pending) and x.pending[-1].kind == "discard", passive)
    seat = s.pending[-1].seat
    assert choose(s, seat) in (("discard", cid("Aquaeductus")), ("discard", cid("Concussio")))


def test_picks_the_resource_the_hand_needs():
    s = at(phase=SELECT, rnd=2)
    seat = G.to_move(s)
    s = position(s, {seat: {"hand": ["Insula"], "wood": 6, "stone": 0, "clay": 0, "gold": 2}})
    v = G.view(s, seat)
    city = City(v, seat)
    wood = R.gain_value(city, (0, 3, 0, 0))
    stone = R.gain_value(city, (0, 0, 3, 0))
    assert wood > stone > 0


def test_explanation_lists_reasons():
    s = at(phase=PLAY, rnd=2)
    seat = G.to_move(s)
    s = position(s, {seat: {"hand": ["Hortus"], "gold": 12}})
    bot = make_bot("rules")
    bot.decide(G, G.view(s, seat), seat, Budget(), random.Random(0))
    alts = bot.explain()
    assert alts[0].action == ("play", cid("Hortus"), -1)
    assert alts[0].visits == 1.0 and all(a.visits == 0.0 for a in alts[1:])
    assert "Hortus" in alts[0].text
    assert all(0 <= a.win_rate <= 1 for a in alts)


def test_easy_slips_sometimes_normal_never():
    s = at(phase=PLAY, rnd=2)
    seat = G.to_move(s)
    s = position(s, {seat: {"hand": ["Hortus"], "gold": 12}})
    v = G.view(s, seat)
    normal = {make_bot("rules").decide(G, v, seat, Budget(), random.Random(i)) for i in range(30)}
    easy = {make_bot("rules", "easy").decide(G, v, seat, Budget(), random.Random(i))
            for i in range(30)}
    assert normal == {("play", cid("Hortus"), -1)}
    assert len(easy) > 1 and easy <= set(G.legal(v))
