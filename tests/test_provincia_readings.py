"""The other readings of ambiguous rules, offered as game options
(engine/provincia/readings.py, docs/RULES-NOTES.md "Readings"): each one
changes exactly the rule it names, and the defaults keep the readings that
saves were written with."""

from __future__ import annotations

from functools import cache

import pytest

from engine.core import IllegalAction, Options, named_options, parse_options
from engine.provincia import economy
from engine.provincia.data import BELLA, FIRST, SPQR, TUNED, bellum_id, bellum_ids
from engine.provincia.decks import new_deck
from engine.provincia.state import ACTIVATE, BATTLE, PLAY, SELECT, put
from tests.provincia_helpers import (
    G,
    R,
    at,
    cid,
    drive,
    hand_names,
    position,
    token,
)

NEUTRAL = 4, 5  # colours not in a 4-player game: their tokens help nobody
READINGS = ("finite_gold", "prestige_icon", "or_choice", "strata_unique",
            "reshuffle_at_once", "income_each_turn")


@cache
def base(rnd: int = 2):
    return at(4, BATTLE, rnd, seed=3)


def losing(me: dict, card: str, rnd: int, **options):
    """Seat 0 about to lose to Bellum ``card`` (the others are strong), with
    ``options``; returns the state where seat 0 must choose a building."""
    s = base(rnd)
    players = {p: {"tokens": [token(NEUTRAL[0], p)], "morale": 10, "defense": 3}
               for p in (1, 2, 3)}
    players[0] = {"tokens": [token(NEUTRAL[0], 0)], "hand": [], "morale": 1, "defense": -3,
                  **me}
    s = position(s, players, bellum_card=card, options=Options.of(options))
    return drive(s, lambda x: bool(x.pending) or x.phase != BATTLE)


def test_every_reading_is_a_declared_option_with_the_old_default():
    declared = {o.key: o for o in G.options}
    assert set(READINGS) <= set(declared)
    # Gold: unlimited in a new game; a game that names no value (saved
    # before the default changed) keeps the limit it was played with.
    assert declared["finite_gold"].default is False
    assert declared["finite_gold"].absent is True
    assert all(declared[k].default is False for k in READINGS[1:])
    opts = parse_options(G.options, [f"{k}=true" for k in READINGS[1:]], 4)
    assert all(opts.get(k) is True for k in READINGS[1:])


def test_or_on_a_bellum_card_is_an_ordered_slash_by_default():
    # II-a prints "Destroy 1 Production or Defense Building" (L253)
    s = losing({"built": ["Fodina", "Stabulum"]}, "II-a", 2)
    assert {a[1] for a in G.legal(s)} == {cid("Horreum"), cid("Fodina")}


def test_or_as_the_losers_choice_offers_both_kinds():
    s = losing({"built": ["Fodina", "Stabulum"]}, "II-a", 2, or_choice=True)
    assert {a[1] for a in G.legal(s)} == {cid("Horreum"), cid("Fodina"), cid("Stabulum")}
    s = G.play(s, next(a for a in G.legal(s) if a[1] == cid("Stabulum")))
    assert "Stabulum" in hand_names(s.players[0])


def test_a_slash_keeps_its_order_even_when_or_is_a_choice():
    # II-b: "-1 Defense / Production Building" (L257)
    s = losing({"built": ["Fodina", "Stabulum"]}, "II-b", 2, or_choice=True)
    assert {a[1] for a in G.legal(s)} == {cid("Stabulum")}


def test_prestige_building_by_icon_spares_a_morale_building_worth_10():
    # V-a: destroy 1 Prestige building and lose 2 PP
    s = losing({"built": ["Aquaeductus", "Domus"], "pp": 20}, "V-a", 5, prestige_icon=True)
    assert {a[1] for a in G.legal(s)} == {cid("Domus")}
    s = losing({"built": ["Aquaeductus", "Domus"], "pp": 20}, "V-a", 5)
    assert {a[1] for a in G.legal(s)} == {cid("Domus"), cid("Aquaeductus")}


def test_prestige_by_icon_with_no_prestige_icon_pays_only_the_pp():
    s = losing({"built": ["Aquaeductus"], "pp": 20}, "V-a", 5, prestige_icon=True)
    assert not s.pending
    pl = s.players[0]
    assert pl.pp == 18
    assert "Aquaeductus" not in hand_names(pl)


@pytest.mark.parametrize("unique", [False, True])
def test_strata_unique_only_by_option(unique):
    s = at(4, PLAY, 1, seed=1)
    s = position(s, {0: {"built": ["Strata"], "hand": ["Strata"], "res": R(4, 4, 4, 4)}},
                 options=Options.of({"strata_unique": True} if unique else {}))
    plays = [a for a in G.legal(s) if a[0] == "play" and a[1] == cid("Strata")]
    assert bool(plays) is not unique
    if unique:
        with pytest.raises(IllegalAction, match="unique"):
            G.play(s, ("play", cid("Strata"), -1))


def test_fight_helper_still_reaches_the_penalty():
    """The helper above drives the same engine the battle tests use."""
    s = losing({"built": ["Fodina"]}, "II-a", 2)
    assert s.pending and s.pending[0].kind == "penalty"


@pytest.mark.parametrize("each_turn", [False, True])
def test_phase_5_income_in_each_players_turn_only_by_option(each_turn):
    """Default: production is shared out after the last seat's activations
    (round-robin when short, D9). Option: each seat receives its own when its
    Phase 5 turn ends (L105 "each player takes a turn in each phase", L293)."""
    s = at(4, PLAY, 1, seed=1)
    s = position(s, {p: {"built": ["Lignator", ("Turris", False)], "wood": 0, "hand": []}
                     for p in range(4)},
                 options=Options.of({"income_each_turn": True} if each_turn else {}))
    s = drive(s, lambda x: x.phase == ACTIVATE)
    first = G.to_move(s)
    s = G.play(s, ("done",))
    produced = [e for e in s.events if e[0] == "produce"]
    if each_turn:
        assert [(e[1], e[2]) for e in produced] == [(first, R(wood=1))]
    else:
        assert produced == []
    while s.phase == ACTIVATE:
        s = G.play(s, ("done",))
    assert all(pl.res[1] == 1 for pl in s.players)  # the same income either way


@pytest.mark.parametrize("at_once", [False, True])
def test_a_deck_that_runs_out_reshuffles_at_once_only_by_option(at_once):
    """L121: "If a deck runs out of cards, shuffle the matching discard pile".
    Default: at the next draw from it. Option: as soon as it is empty."""
    s = at(4, SELECT, 2, seed=1)
    deck = s.decks[SPQR]
    six, rest = deck.cards[:6], deck.cards[6:]
    s = s.replace(decks=put(s.decks, SPQR, new_deck(six, deck.runs[0][1])),
                  discards=put(s.discards, SPQR, s.discards[SPQR] + rest),
                  options=Options.of({"reshuffle_at_once": True} if at_once else {}))
    s = G.play(s, ("deck", SPQR))
    assert any(e[0] == "reshuffle" for e in s.events) is at_once
    assert bool(s.decks[SPQR].cards) is at_once


def test_a_new_game_names_the_changed_defaults_and_an_unnamed_option_keeps_its_old_meaning():
    """A new game names today's default of every option whose meaning changed
    (named_options, as the new-game screen and the command line do); a game
    that names none (saved before) keeps the old meaning (Option.absent)."""
    fresh = named_options(G.options, Options())
    assert fresh.get("finite_gold") is False and fresh.get("edition") == TUNED
    new_game, old_game = G.setup(5, fresh, 3), G.setup(5, Options(), 3)
    assert not economy.finite_gold(new_game) and economy.finite_gold(old_game)
    assert old_game.players[0].pp == -2  # the first stand-in row for 5 players
    assert new_game.players[0].pp == 0  # the tuned row
    assert named_options(G.options, fresh) is fresh  # naming twice changes nothing


def test_each_set_of_stand_ins_deals_its_own_bellum_cards():
    for edition, other in ((TUNED, FIRST), (FIRST, TUNED)):
        ids = set(bellum_ids(edition))
        assert len(ids) == 15  # four rounds of battle, 4+4+4+3 cards
        assert sorted(BELLA[i].name for i in ids ^ set(bellum_ids(other))) == [
            "II-c", "II-c", "V-d", "V-d"]
        s = G.setup(4, Options.of({"edition": edition}), 1)
        dealt = {h.card for h in s.bellum} | set(s.bellum_box)
        assert dealt == ids
        assert {BELLA[i].name for i in ids} == {b.name for b in BELLA}
    assert BELLA[bellum_id("V-d", FIRST)].attack == 7
    assert BELLA[bellum_id("V-d", TUNED)].attack == 6
