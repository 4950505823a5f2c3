"""Illegal actions raise IllegalAction with a sentence naming the rule, and
leave the state untouched; every decision has a prompt and every legal
action a description."""

from __future__ import annotations

import copy
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import IllegalAction
from engine.provincia.data import CITIES
from engine.provincia.state import ACTIVATE, BATTLE, FINAL, PLAY, SELECT
from tests.provincia_helpers import (
    AEDIFICIUM,
    SPQR,
    WOOD,
    G,
    R,
    at,
    at_final,
    cid,
    deck_cards,
    drive,
    illegal,
    new,
    passive,
    position,
)


def play_turn(hand, res, **me):
    s = at(4, PLAY, 1, seed=1)
    return position(s, {0: {"hand": hand, "res": res, **me}})


# ---------------------------------------------------------------- messages


def test_building_cost_message_names_card_cost_and_holdings():
    s = play_turn(["Fodina"], R(wood=1, gold=1))
    msg = illegal(s, ("play", cid("Fodina"), -1))
    assert msg.startswith("Fodina costs 2 Wood; you have ")
    assert "1 Wood" in msg


def test_card_not_in_hand():
    s = play_turn(["Fodina"], R(wood=5))
    illegal(s, ("play", cid("Statua"), -1), "not in your hand")
    illegal(s, ("play", 10_000, -1), "not in your hand")


def test_discount_misuse_is_explained():
    s = play_turn(["Fodina"], R(wood=5))
    illegal(s, ("play", cid("Fodina"), WOOD), "no discount")
    s = play_turn(["Fodina"], R(wood=5), spqr=["Architectus"])
    illegal(s, ("play", cid("Fodina"), -1), "discount", "Wood")


def test_phase1_messages():
    s = new(4)
    illegal(s, ("done",), "choose a deck")
    illegal(s, ("deck", 7), "choose a deck")
    s = G.play(s, ("deck", SPQR))
    illegal(s, ("pick", 9), "not in the row")
    illegal(s, ("deck", SPQR), "pick one of the cards")


def test_battle_and_activation_messages():
    s = at(4, BATTLE, 2, seed=1)
    seat = G.to_move(s)
    foreign = s.players[(seat + 1) % 4].tokens[0].card
    illegal(s, ("token", foreign), "your own battle tokens")
    illegal(s, ("done",), "battle token")
    s = at(4, PLAY, 1, seed=1)
    s = position(s, {0: {"built": [("Turris", False)]}})
    s = drive(s, lambda x: x.phase == ACTIVATE)
    illegal(s, ("activate", cid("Fodina")), "inactive buildings")


def test_views_cannot_be_played_and_finished_games_take_no_action():
    s = new(4)
    with pytest.raises(IllegalAction, match="view"):
        G.play(G.view(s, 0), ("deck", SPQR))
    over = drive(at_final(2, seed=1), lambda x: G.to_move(x) is None)
    illegal(over, ("done",), "game is over")
    illegal(s, "done", "tuple")
    illegal(s, (), "tuple")


def test_decode_refuses_anything_but_plain_values():
    assert G.decode_action(G.encode_action(("play", 3, (1, 1, 1)))) == ("play", 3, (1, 1, 1))
    with pytest.raises(IllegalAction, match="only ints, strings and lists"):
        G.decode_action(["play", 1.5, -1])


# ---------------------------------------------------------------- every decision


@cache
def decisions() -> dict[str, object]:
    """One state for each kind of decision the game asks for."""
    out = {}
    s = new(4, seed=2)
    out["deck"] = s
    out["pick"] = G.play(s, ("deck", SPQR))
    p = at(4, PLAY, 1, seed=2)
    out["turn"] = p
    t = position(p, {0: {"hand": ["Concussio", "Coniuratio", "Consuetudo"], "res": R(gold=9)},
                     1: {"hand": ["Aediles"], "res": R(gold=2), "built": ["Forum"]}})
    out["target"] = G.play(t, ("play", cid("Concussio"), -1))
    c = G.play(G.play(t, ("play", cid("Coniuratio"), -1)), ("target", 1))
    out["coniuratio_pick"] = c
    out["coniuratio_react"] = G.play(c, ("destroy", cid("Forum"), True))
    k = G.play(t, ("play", cid("Consuetudo"), -1))
    out["consuetudo_take"] = k
    out["consuetudo_order"] = G.play(k, G.legal(k)[0])
    h = position(p, {0: {"hand": ["Domus"] * 7}})
    out["discard"] = drive(h, lambda x: bool(x.pending))
    b = at(4, BATTLE, 2, seed=2)
    out["token"] = b
    b = position(b, {0: {"morale": 1, "defense": -3, "built": ["Fodina", "Lignator"]},
                     **{q: {"morale": 10} for q in (1, 2, 3)}}, bellum_card="II-a")
    out["penalty"] = drive(b, lambda x: bool(x.pending))
    a = position(p, {0: {"built": [("Turris", False)]}})
    out["activate"] = drive(a, lambda x: x.phase == ACTIVATE)
    out["final"] = at_final(4, seed=2)
    return out


def test_every_kind_of_decision_is_reached():
    d = decisions()
    assert d["deck"].phase == SELECT and d["pick"].draft is not None
    assert d["turn"].phase == PLAY and d["final"].phase == FINAL
    assert d["token"].phase == BATTLE and d["activate"].phase == ACTIVATE
    for kind in ("target", "coniuratio_pick", "coniuratio_react", "consuetudo_take",
                 "consuetudo_order", "discard", "penalty"):
        assert d[kind].pending and d[kind].pending[-1].kind == kind, kind


@pytest.mark.parametrize("kind", sorted(decisions()))
def test_every_decision_has_a_prompt_and_every_legal_action_a_description(kind):
    s = decisions()[kind]
    seat = G.to_move(s)
    text = G.prompt(s)
    assert CITIES[s.players[seat].city].name in text
    for a in G.legal(s):
        assert isinstance(G.describe(s, a), str) and G.describe(s, a)
    v = G.view(s, seat)
    assert G.prompt(v) == text
    assert G.legal(v) == G.legal(s)  # the seat to move decides on its own view


@pytest.mark.parametrize("kind", sorted(decisions()))
def test_a_wrong_answer_to_any_decision_is_illegal_and_changes_nothing(kind):
    s = decisions()[kind]
    for a in (("done",), ("discard", 9999), ("destroy", cid("Statua"), True), ("bogus",)):
        if a not in G.legal(s):
            msg = illegal(s, a)
            assert len(msg) > 10


ATOMS = st.one_of(st.integers(-3, 130), st.sampled_from(["", "x", "done"]),
                  st.tuples(st.integers(-1, 5), st.integers(-1, 5), st.integers(-1, 5)))
KINDS = st.sampled_from(["deck", "pick", "play", "trade", "exchange", "done", "token",
                         "target", "destroy", "aediles", "accept", "take", "order", "keep",
                         "discard", "activate", "bogus"])


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(sorted(decisions())),
       action=st.tuples(KINDS).flatmap(
           lambda k: st.lists(ATOMS, max_size=3).map(lambda xs: k + tuple(xs))))
def test_any_action_is_either_legal_or_an_illegal_action_never_a_crash(kind, action):
    s = decisions()[kind]
    before = copy.deepcopy(s)
    if action in G.legal(s):
        G.play(s, action)
    else:
        with pytest.raises(IllegalAction):
            G.play(s, action)
    assert s == before


def test_consuetudo_knowledge_is_private():
    s = decisions()["consuetudo_take"]
    top = deck_cards(decisions()["turn"], AEDIFICIUM)[:10]
    assert sorted(a[1] for a in G.legal(s)) == sorted(set(top))
    v = G.view(s, 1)
    assert all(h.card == -1 for h in v.pending[-1].data[0])
    assert passive(s) in G.legal(s)
