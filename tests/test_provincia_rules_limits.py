"""Limits (INVENTORY A.10): storage 9/5, the finite supply and its shortage
order (D9), the hand limit at the end of Phase 2, Morale and Defense floors,
taxes, and trading 2 Gold for 1 Wood or 1 Stone only."""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.provincia.state import FINAL, PLAY, SELECT
from tests.provincia_helpers import (
    AEDIFICIUM,
    CLAY,
    GOLD,
    SPQR,
    STONE,
    WOOD,
    G,
    R,
    at,
    at_final,
    cid,
    drive,
    hand_names,
    illegal,
    position,
)


@cache
def play_phase(n: int = 4, rnd: int = 1, seed: int = 1):
    return at(n, PLAY, rnd, seed=seed)


def to_next_round(s):
    r = s.round
    return drive(s, lambda x: x.round > r)


# ---------------------------------------------------------------- storage and supply


def test_phase5_income_above_storage_is_lost():
    s = position(play_phase(), {0: {"built": ["Fodina", "Fodina"], "res": R(stone=8, gold=1)}})
    supply = s.supply[STONE]
    s = to_next_round(s)
    assert s.players[0].res[STONE] == 9
    assert s.supply[STONE] == supply - 1


def test_phase5_income_without_horreum_stops_at_5():
    s = position(play_phase(), {0: {"horreum": False, "built": ["Lignator", "Lignator"],
                                    "res": R(wood=4, gold=1)}})
    s = to_next_round(s)
    assert s.players[0].res[WOOD] == 5


def test_supply_shortage_is_shared_one_unit_at_a_time_from_the_first_player():
    """L157 and D9: 3 Stone left for two cities owed 2 each."""
    s = play_phase()
    assert s.caesar == 0
    s = position(s, {0: {"built": ["Fodina", "Fodina"], "res": R(gold=1)},
                     1: {"built": ["Fodina", "Fodina"], "res": R(gold=1)},
                     2: {"res": R(gold=1)}, 3: {"res": R(gold=1)}})
    supply = list(s.supply)
    supply[STONE] = 3
    s = position(s, {}, supply=supply)
    s = to_next_round(s)
    assert (s.players[0].res[STONE], s.players[1].res[STONE]) == (2, 1)
    assert s.supply[STONE] == 0


def test_supply_shortage_order_follows_the_caesar_card():
    s = play_phase(4, 2)  # round 2: seat 1 holds the Caesar card
    assert s.caesar == 1
    s = position(s, {0: {"built": ["Fodina", "Fodina"], "res": R(gold=1), "morale": 10},
                     1: {"built": ["Fodina", "Fodina"], "res": R(gold=1), "morale": 10},
                     2: {"res": R(gold=1), "morale": 10}, 3: {"res": R(gold=1), "morale": 10}})
    supply = list(s.supply)
    supply[STONE] = 3
    s = position(s, {}, supply=supply)
    s = to_next_round(s)
    assert (s.players[0].res[STONE], s.players[1].res[STONE]) == (1, 2)


def test_gold_is_finite_by_default_and_unlimited_with_the_option():
    for finite, expected in ((True, 0), (False, 1)):
        s = at(4, PLAY, 1, seed=1, finite_gold=finite)
        # nobody holds Gold (so no tax refills the supply) and the supply has none
        s = position(s, {p: {"res": R()} for p in range(4)})
        s = position(s, {0: {"built": ["Aurifex"]}}, supply=(*s.supply[:3], 0))
        s = to_next_round(s)
        assert s.players[0].res[GOLD] == expected


def test_an_empty_supply_gives_nothing_until_someone_pays_into_it():
    """L157: no Wood in the supply, no Wood for anyone, until some is returned."""
    s = play_phase()
    s = position(s, {0: {"res": R(wood=2, gold=4), "hand": ["Fodina"]}})
    s = position(s, {}, supply=(s.supply[0], 0, *s.supply[2:]))
    assert ("trade", WOOD) not in G.legal(s)
    illegal(s, ("trade", WOOD), "Wood", "supply")
    s = G.play(s, ("play", cid("Fodina"), -1))  # 2 Wood back to the supply
    assert s.supply[WOOD] == 2
    s = G.play(s, ("trade", WOOD))
    assert s.players[0].res == R(wood=1, gold=2) and s.supply[WOOD] == 1


# ---------------------------------------------------------------- trading


def test_trade_2_gold_for_1_wood_or_1_stone_as_often_as_you_can_pay():
    s = position(play_phase(), {0: {"res": R(gold=7)}})
    assert {a for a in G.legal(s) if a[0] == "trade"} == {("trade", WOOD), ("trade", STONE)}
    s = G.play(s, ("trade", WOOD))
    s = G.play(s, ("trade", STONE))
    s = G.play(s, ("trade", STONE))
    assert s.players[0].res == R(wood=1, stone=2, gold=1)
    illegal(s, ("trade", WOOD), "2 Gold", "you have 1")


def test_clay_and_gold_cannot_be_bought():
    s = position(play_phase(), {0: {"res": R(gold=7)}})
    illegal(s, ("trade", CLAY), "Wood", "Stone")
    illegal(s, ("trade", GOLD), "Wood", "Stone")


def test_trading_only_in_the_play_cards_phase():
    s = at(4, SELECT, 1, seed=1)
    illegal(s, ("trade", WOOD))


def test_no_trading_between_players():
    s = position(play_phase(), {0: {"res": R(gold=7)}})
    kinds = {a[0] for a in G.legal(s)}
    assert kinds <= {"play", "trade", "exchange", "done"}


# ---------------------------------------------------------------- hand limit


def hand_of(n_cards: int, extra=()):
    names = (["Domus", "Fons", "Legio", "Statua", "Forum", "Praetor", "Strata"] * 2)[:n_cards]
    return list(extra) + names


def test_hand_limit_5_applies_at_the_end_of_phase2_only():
    s = play_phase()
    s = position(s, {0: {"hand": hand_of(7), "res": R(gold=2)},
                     2: {"hand": hand_of(6), "res": R(gold=2)},
                     1: {"hand": hand_of(5)}})
    # during the phase more than 5 is fine: seat 0 plays its turn normally
    assert G.to_move(s) == 0 and ("done",) in G.legal(s)
    s = drive(s, lambda x: bool(x.pending))
    assert s.phase == PLAY  # still the end of Phase 2
    assert G.to_move(s) == 0  # in turn order
    assert {a[0] for a in G.legal(s)} == {"discard"}
    s = G.play(s, ("discard", cid("Legio")))
    assert cid("Legio") in s.discards[SPQR]
    assert G.to_move(s) == 0  # still 6 cards
    s = G.play(s, ("discard", cid("Domus")))
    assert cid("Domus") in s.discards[AEDIFICIUM]
    assert len(s.players[0].hand) == 5
    assert G.to_move(s) == 2
    s = G.play(s, G.legal(s)[0])
    assert [len(pl.hand) for pl in s.players][:3] == [5, 5, 5]
    assert s.phase != PLAY


def test_exactly_5_cards_need_no_discard():
    s = position(play_phase(), {p: {"hand": hand_of(5)} for p in range(4)})
    s = drive(s, lambda x: x.phase != PLAY or bool(x.pending))
    assert not s.pending and s.phase != PLAY


def test_hand_limit_never_discards_the_horreum():
    s = position(play_phase(), {0: {"hand": hand_of(5, ["Horreum"]), "horreum": False,
                                    "built": [], "res": R()}})
    s = drive(s, lambda x: bool(x.pending))
    legal = G.legal(s)
    assert ("discard", cid("Horreum")) not in legal and len(legal) == 5
    illegal(s, ("discard", cid("Horreum")))
    s = G.play(s, legal[0])
    assert "Horreum" in hand_names(s.players[0]) and len(s.players[0].hand) == 5


def test_cards_in_play_do_not_count_towards_the_hand_limit():
    s = position(play_phase(), {0: {"hand": hand_of(5), "built": ["Fodina"] * 6,
                                    "spqr": ["Gloria III", "Architectus"]}})
    s = drive(s, lambda x: x.phase != PLAY or bool(x.pending))
    assert not s.pending


def test_no_hand_limit_in_phase1_or_the_final_turn():
    s = at(4, SELECT, 2, seed=2)
    s = position(s, {p: {"hand": hand_of(6)} for p in range(4)})
    s = drive(s, lambda x: x.phase == PLAY)
    assert all(len(pl.hand) > 6 for pl in s.players)  # 6 + the cards picked this round
    f = at_final(4, seed=2)
    f = position(f, {p: {"hand": hand_of(8)} for p in range(4)})
    f = drive(f, lambda x: x.phase > FINAL)
    assert all(len(pl.hand) == 8 for pl in f.players)


# ---------------------------------------------------------------- upkeep


@settings(max_examples=30, deadline=None)
@given(morale=st.integers(1, 10), defense=st.integers(-3, 10), gold=st.integers(0, 3),
       praetor=st.booleans(), corruptio=st.booleans(), concussio=st.booleans())
def test_upkeep_morale_floor_1_defense_floor_minus_3_tax_1_gold_or_2_pp(
        morale, defense, gold, praetor, corruptio, concussio):
    s = position(play_phase(), {0: {
        "morale": morale, "defense": defense, "res": R(gold=gold), "pp": 5, "hand": [],
        "praetor": praetor, "concussio": concussio,
        "spqr": ["Corruptio"] if corruptio else []}})
    s = to_next_round(s)
    pl = s.players[0]
    assert pl.morale == max(1, morale - 1)
    assert pl.defense == max(-3, defense - 1)
    taxed = concussio or not (praetor or corruptio)
    if not taxed:
        assert (pl.res[GOLD], pl.pp) == (gold, 5)
    elif gold >= 1:
        assert (pl.res[GOLD], pl.pp) == (gold - 1, 5)  # never more than 1 Gold
    else:
        assert (pl.res[GOLD], pl.pp) == (0, 3)
    assert not pl.praetor  # a Praetor lasts one round


def test_tax_returns_to_the_supply():
    s = position(play_phase(), {p: {"res": R(gold=3), "hand": []} for p in range(4)})
    gold = s.supply[GOLD]
    s = to_next_round(s)
    assert s.supply[GOLD] == gold + 4
