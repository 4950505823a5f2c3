"""Spies & Allies (L337-348): offers, bargaining, the four outcomes of a
revealed token and the limits; the rulebook's examples E26 and E27
(docs/ageofrome-plan.md). Positions come from the Scheme tests' helper."""

from __future__ import annotations

import pytest

from engine.ageofrome import data, diplomacy, forces, invariants
from engine.ageofrome.actions import (
    DONE,
    Accept,
    BuyGlory,
    Counter,
    MoveLegion,
    Offer,
    Refuse,
    SpyAction,
    SpyGlory,
)
from engine.ageofrome.game import AgeOfRome
from engine.ageofrome.scenario import Scenario
from engine.ageofrome.state import (
    BUILD,
    DIPLOMACY,
    MILITARY,
    PROVINCES,
    REGIONS,
    RELIGION,
    TOKEN_POOL,
    TRADE,
    TYPES,
    State,
)
from engine.core import IllegalAction
from tests.test_ageofrome_schemes import FLOW, play, position, settle

game = AgeOfRome()
JACK, HENRY, MARY, ROSS = range(4)
SPY, ALLIANCE = data.SPY, data.ALLIANCE


def table(levels: dict[tuple[int, int], int] | None = None, players: int = 4,
          denarii: int | None = None, options: dict | None = None,
          order: tuple[int, ...] | None = None) -> State:
    """Spies & Allies on, round 2, seat i in front of province i; ``levels``
    {(province, type): level}; every seat with ``denarii`` if given."""
    chars = ("Julius Caesar", "Octavianus", "Marcus Antonius", "Crassus")[:players]
    w = position(chars, options={"spies_allies": True} if options is None else options)
    for (pi, t), level in (levels or {}).items():
        pr = w.provinces[pi]
        pr.levels = pr.levels[:t] + (level,) + pr.levels[t + 1:]
    if denarii is not None:
        for p in w.players:
            p.denarii = denarii
    if order is not None:
        w.order = order
    FLOW.goto(w, DIPLOMACY)
    return settle(w)


def castle_and_lighthouse() -> State:
    """L347-348: a Castle (Military III) in front of Mary, a Lighthouse
    (Trade II) in front of Jack; Jack first, then Mary."""
    return table({(MARY, MILITARY): 3, (JACK, TRADE): 2}, denarii=10,
                 order=(JACK, MARY, HENRY, ROSS))


def jack_offers(s: State, token: str, denarii: int = 5) -> State:
    return play(s, Offer(token, PROVINCES[MARY], TYPES[MILITARY], denarii))


# ---------------------------------------------------------------- E26, E27
def test_e26_alliance_accepted_both_gain_the_level() -> None:
    s = jack_offers(castle_and_lighthouse(), ALLIANCE)
    assert s.pending[-1].kind == diplomacy.BARGAIN and s.pending[-1].seat == MARY
    assert s.players[JACK].denarii == 5  # the five Denarii are on the token
    glory = (s.players[JACK].glory, s.players[MARY].glory)
    s = play(s, Accept())
    assert s.players[MARY].denarii == 15
    assert (s.players[JACK].glory, s.players[MARY].glory) == (glory[0] + 3, glory[1] + 3)
    assert s.diplomacy == ()
    assert ("diplomacy_revealed", JACK, MARY, ALLIANCE, True, 5, "opponent") in s.events


def test_e26_spy_accepted_glory_or_the_castle_s_action() -> None:
    s = play(jack_offers(castle_and_lighthouse(), SPY), Accept())
    assert s.players[MARY].denarii == 15
    assert (s.pending[-1].kind, s.pending[-1].seat) == (diplomacy.SPY_CHOICE, JACK)
    assert FLOW.legal(s) == [SpyGlory(), SpyAction()]
    mary_glory = s.players[MARY].glory
    glory = play(s, SpyGlory())
    assert glory.players[JACK].glory == s.players[JACK].glory + 3
    assert glory.players[MARY].glory == mary_glory  # only the placer
    # "or take a free action on the Castle": place or relocate one Legion (no bonus).
    action = play(s, SpyAction())
    assert (action.pending[-1].kind, action.pending[-1].seat) == (forces.LEGION, JACK)
    assert action.pending[-1].data[0] == 1
    action = play(action, MoveLegion("board", REGIONS[0]))
    assert action.regions[0][JACK] == 1
    assert action.players[JACK].glory == s.players[JACK].glory


def mary_offers(token: str) -> State:
    s = play(jack_offers(castle_and_lighthouse(), ALLIANCE), Accept())
    assert diplomacy.to_move(s) == MARY
    return play(s, Offer(token, PROVINCES[JACK], TYPES[TRADE], 3))


def test_e27_alliance_refused_the_denarii_come_back() -> None:
    s = mary_offers(ALLIANCE)
    assert s.players[MARY].denarii == 15 - 3
    s = play(s, Refuse())
    assert s.players[MARY].denarii == 15
    assert s.players[JACK].denarii == 5
    assert ("diplomacy_revealed", MARY, JACK, ALLIANCE, False, 3, "placer") in s.events


def test_e27_spy_refused_the_denarii_go_to_the_supply() -> None:
    s = play(mary_offers(SPY), Refuse())
    assert s.players[MARY].denarii == 12
    assert s.players[JACK].denarii == 5
    assert not s.pending  # no Spy choice on a refusal


# ---------------------------------------------------------------- offers
def test_offers_go_on_opponents_existing_buildings_only() -> None:
    s = table({(JACK, MILITARY): 1, (HENRY, RELIGION): 2, (MARY, TRADE): 1}, denarii=2)
    assert diplomacy.to_move(s) == JACK
    legal = FLOW.legal(s)
    assert set(legal) == {Offer(token, PROVINCES[pi], TYPES[t], d)
                          for token in (SPY, ALLIANCE)
                          for pi, t in ((HENRY, RELIGION), (MARY, TRADE))
                          for d in range(3)} | {DONE}
    with pytest.raises(IllegalAction, match="opponent"):
        play(s, Offer(SPY, PROVINCES[JACK], TYPES[MILITARY], 0))
    with pytest.raises(IllegalAction, match="more Denarii than you have"):
        play(s, Offer(SPY, PROVINCES[HENRY], TYPES[RELIGION], 3))


def test_opening_offers_stop_at_five() -> None:
    s = table({(HENRY, MILITARY): 1}, denarii=20)
    amounts = {a.denarii for a in FLOW.legal(s) if a[0] == Offer.KIND}
    assert amounts == set(range(diplomacy.MAX_OFFER + 1))


def test_a_seat_with_nowhere_to_offer_is_skipped() -> None:
    s = table({(JACK, MILITARY): 1})  # only Jack's province has a building
    assert diplomacy.to_move(s) == HENRY  # Jack has no opponent's building
    s = play(s, DONE)
    assert diplomacy.to_move(s) == MARY
    s = play(play(s, DONE), DONE)
    assert s.phase == BUILD  # through an empty Scheme activation


def test_one_token_per_round_and_its_kind_stays_hidden() -> None:
    s = jack_offers(castle_and_lighthouse(), SPY, 2)
    assert s.players[JACK].tokens == 0  # neither bit tells which one was played
    (tok,) = s.diplomacy
    assert tok.token.seen == 1 << JACK and tok.token.pool == TOKEN_POOL
    assert all(SPY not in e and ALLIANCE not in e for e in s.events)
    s = play(s, Refuse())
    assert diplomacy.to_move(s) == MARY
    assert diplomacy.offers(s, JACK) == []
    # Next round both tokens come home.
    w = s.thaw()
    w.events = []
    diplomacy.enter(w)
    assert w.players[JACK].tokens == diplomacy.BOTH_TOKENS


def test_no_spies_and_allies_without_the_variant_or_alone() -> None:
    s = table({(HENRY, MILITARY): 1}, options={})
    assert s.phase == BUILD and not s.pending  # Jack could have offered: no step at all
    w = position(("Julius Caesar",), options={"spies_allies": True})
    w.n = 1
    assert not diplomacy.active(w)


def test_two_players_offer_across_the_table() -> None:
    s = table({(2, MILITARY): 1, (1, MILITARY): 1, (3, MILITARY): 1}, players=2)
    # Provinces 1 and 3 face nobody (A21): only the one in front of seat 1 (province 2).
    offers = {a.province for a in FLOW.legal(s) if a[0] == Offer.KIND}
    assert offers == {PROVINCES[2]}


# ---------------------------------------------------------------- bargaining
def test_counters_alternate_and_stop_after_two_each() -> None:
    s = jack_offers(castle_and_lighthouse(), ALLIANCE, 3)
    assert FLOW.legal(s) == [Accept(), Refuse(), Counter(1), Counter(2), Counter(4),
                             Counter(5)]
    s = play(s, Counter(5))  # Mary asks 5: a demand, the token still holds 3
    assert (s.pending[-1].seat, s.diplomacy[0].denarii, s.players[JACK].denarii) == (JACK, 3, 7)
    s = play(s, Counter(4))  # Jack puts 4 on the token
    assert (s.pending[-1].seat, s.diplomacy[0].denarii, s.players[JACK].denarii) == (MARY, 4, 6)
    s = play(s, Counter(6))
    s = play(s, Counter(5))
    assert s.pending[-1].seat == MARY
    assert FLOW.legal(s) == [Accept(), Refuse()]  # two counters each: answer now
    s = play(s, Accept())
    assert (s.players[JACK].denarii, s.players[MARY].denarii) == (5, 15)


def test_the_placer_accepts_a_demand_and_pays_it() -> None:
    s = play(jack_offers(castle_and_lighthouse(), SPY, 2), Counter(4))
    s = play(s, Accept())
    assert (s.players[JACK].denarii, s.players[MARY].denarii) == (6, 14)
    assert s.pending[-1].kind == diplomacy.SPY_CHOICE


def test_the_placer_withdraws_a_refused_spy_loses_its_offer() -> None:
    s = play(jack_offers(castle_and_lighthouse(), SPY, 2), Counter(4))
    s = play(s, Refuse())
    assert (s.players[JACK].denarii, s.players[MARY].denarii) == (8, 10)
    assert ("diplomacy_revealed", JACK, MARY, SPY, False, 2, "supply") in s.events


def test_counters_never_ask_more_than_the_placer_has() -> None:
    s = table({(MARY, MILITARY): 1}, denarii=3)
    s = play(s, Offer(ALLIANCE, PROVINCES[MARY], TYPES[MILITARY], 2))
    assert [a.denarii for a in FLOW.legal(s) if a[0] == Counter.KIND] == [0, 1, 3]


def test_the_religion_medal_buys_glory_while_bargaining() -> None:
    """A20: the holder may buy at every decision of theirs."""
    w = castle_and_lighthouse().thaw()
    mary = w.players[MARY].thaw()
    mary.medals |= 1 << RELIGION
    w.players = w.players[:MARY] + (mary.freeze(),) + w.players[MARY + 1:]
    s = jack_offers(w.freeze(), ALLIANCE)
    assert BuyGlory() in FLOW.legal(s)
    glory = s.players[MARY].glory
    s = play(s, BuyGlory())
    assert s.players[MARY].glory == glory + 1
    assert s.players[MARY].denarii == 10 - data.RELIGION_MEDAL_PRICE
    assert s.pending[-1].kind == diplomacy.BARGAIN and s.pending[-1].seat == MARY


def test_prompts_and_log_sentences() -> None:
    s = jack_offers(castle_and_lighthouse(), SPY, 2)
    assert "2 Denarii" in diplomacy.PROMPTS[diplomacy.BARGAIN](s, s.pending[-1])
    s = play(s, Accept())
    assert "Glory" in diplomacy.PROMPTS[diplomacy.SPY_CHOICE](s, s.pending[-1])
    lines = [diplomacy.LOG[e[0]](s, e) for e in s.events if e[0] in diplomacy.LOG]
    assert lines == ["Marcus Antonius accepts Julius Caesar's Diplomacy: it is a Spy; "
                     "2 Denarii go to Marcus Antonius"]


# ---------------------------------------------------------------- through the whole game
def example() -> State:
    """L347-348 with the game's scenario builder: Jack first, a Castle in
    front of Mary, a Lighthouse in front of Jack."""
    return (Scenario(players=4, names=("Jack", "Henry", "Mary", "Ross"))
            .characters("Julius Caesar", "Octavianus", "Marcus Antonius", "Crassus")
            .variant("spies_allies").at("diplomacy", round=2).first("Jack")
            .denarii(Jack=10, Mary=10)
            .levels(PROVINCES[MARY], Military=3).levels(PROVINCES[JACK], Trade=2)
            .build())


@pytest.mark.parametrize("token", [ALLIANCE, SPY])
def test_e26_e27_through_the_game(token: str) -> None:
    s = example()
    assert game.to_move(s) == JACK
    glory = s.players[JACK].glory, s.players[MARY].glory
    s = game.play(s, Offer(token, PROVINCES[MARY], TYPES[MILITARY], 5))
    s = game.play(s, Accept())
    assert s.players[MARY].denarii == 15
    if token == SPY:
        s = game.play(s, SpyGlory())
        assert (s.players[JACK].glory, s.players[MARY].glory) == (glory[0] + 3, glory[1])
    else:
        assert (s.players[JACK].glory, s.players[MARY].glory) == (glory[0] + 3, glory[1] + 3)
    while game.to_move(s) != MARY:  # Henry or Ross, by the round's direction, offers nothing
        s = game.play(s, DONE)
    s = game.play(s, Offer(token, PROVINCES[JACK], TYPES[TRADE], 3))
    s = game.play(s, Refuse())
    assert s.players[MARY].denarii == (15 if token == ALLIANCE else 12)
    invariants.check(s)


def test_a_placer_short_of_denarii_cannot_accept_a_demand() -> None:
    """Buying Glory with the Religion Medal while a demand is open may leave
    the placer unable to pay it: it may then only refuse or counter."""
    w = castle_and_lighthouse().thaw()
    jack = w.players[JACK].thaw()
    jack.medals |= 1 << RELIGION
    jack.denarii = 6
    w.players = (jack.freeze(), *w.players[1:])
    s = jack_offers(w.freeze(), ALLIANCE, 2)  # 4 left, 2 on the token
    s = play(s, Counter(4))  # Mary asks 4
    assert Accept() in FLOW.legal(s)
    s = play(s, BuyGlory())  # 1 left: 3 at most on the token
    assert Accept() not in FLOW.legal(s)
    assert Refuse() in FLOW.legal(s) and Counter(3) in FLOW.legal(s)
