"""The twelve SPQR (Senate) card kinds, L329-385, each played through the
public API from a hand-made Phase 2 position."""

from __future__ import annotations

import pytest

from engine.core import HIDDEN
from engine.provincia.data import CARDS
from engine.provincia.state import BATTLE, FINAL, PLAY
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
    built_names,
    cid,
    deck_cards,
    drive,
    hand_names,
    illegal,
    passive,
    position,
)

FORUM_COST = R(wood=1, stone=6, gold=1)


def turn(hand, res=(0, 0, 0, 7), n=4, seed=1, others=None, **me):
    """Seat 0 to move in round 1's Play Cards phase with ``hand`` and ``res``."""
    s = at(n, PLAY, 1, seed=seed)
    assert G.to_move(s) == 0
    players = {0: {"hand": hand, "res": res, **me}}
    players.update(others or {})
    return position(s, players)


def gold_paid(before, after, seat=0):
    return before.players[seat].res[GOLD] - after.players[seat].res[GOLD]


def upkeep_taxes(s):
    """Play quietly through the next Upkeep; return {seat: tax outcome}, state."""
    out = {}
    r = s.round
    while not out or s.round == r:
        s = G.play(s, passive(s))
        for e in G.events(s):
            if e[0] == "tax":
                out[e[1]] = e[2]
    return out, s


# ---------------------------------------------------------------- Aediles


def test_aediles_cannot_be_played_on_your_own_turn():
    s = turn(["Aediles"])
    assert all(a[:2] != ("play", cid("Aediles")) for a in G.legal(s))
    illegal(s, ("play", cid("Aediles"), -1), "Aediles", "reaction")


def lose_battle_with(hand, bellum_card, built, gold=0, pp=None):
    s = at(4, BATTLE, 2, seed=2)
    extra = {} if pp is None else {"pp": pp}
    return position(s, {0: {"morale": 1, "defense": -3, "hand": hand, "built": built,
                            "gold": gold, **extra},
                        **{p: {"morale": 10, "defense": 3} for p in (1, 2, 3)}},
                    bellum_card=bellum_card)


def test_aediles_against_the_gauls_is_free_and_saves_the_building():
    s = lose_battle_with(["Aediles"], "II-b", ["Turris"], gold=1)  # Defense / Production
    pp = s.players[0].pp
    s = drive(s, lambda x: bool(x.pending) and G.to_move(x) == 0)
    assert G.legal(s) == [("destroy", cid("Turris"), False), ("aediles",)]
    s = G.play(s, ("aediles",))
    pl = s.players[0]
    assert "Turris" in built_names(pl) and "Aediles" not in hand_names(pl)
    assert cid("Aediles") in s.discards[SPQR]
    s = drive(s, lambda x: x.phase != BATTLE)
    # free against the Gauls, and the penalty counts as paid: no 3 Gold /
    # 2 PP fallback; the 1 Gold is the Phase 4 tax
    assert ("tax", 0, "paid") in G.events(s)
    assert s.players[0].res[GOLD] == 0
    assert s.players[0].pp == pp


def test_aediles_against_the_gauls_other_parts_of_the_penalty_still_apply():
    """D13: the saved building is the "destroy" part; "and lose 2 PP" remains."""
    s = at(4, BATTLE, 5, seed=2)
    s = position(s, {0: {"morale": 1, "defense": -3, "hand": ["Aediles"], "built": ["Domus"],
                         "pp": 6},
                     **{p: {"morale": 10, "defense": 3} for p in (1, 2, 3)}},
                 bellum_card="V-a")  # Destroy 1 Prestige building and lose 2 PP
    s = drive(s, lambda x: bool(x.pending) and G.to_move(x) == 0)
    s = G.play(s, ("aediles",))
    assert "Domus" in built_names(s.players[0])
    assert s.players[0].pp == 4


def coniuratio_on(target_hand, target_gold, target_built=("Forum",)):
    s = turn(["Coniuratio"], R(gold=7),
             others={1: {"hand": target_hand, "gold": target_gold, "built": list(target_built)}})
    s = G.play(s, ("play", cid("Coniuratio"), -1))
    s = G.play(s, ("target", 1))
    return G.play(s, ("destroy", cid("Forum"), True))


def test_aediles_against_coniuratio_costs_2_gold_and_is_an_off_turn_reaction():
    s = coniuratio_on(["Aediles"], 3)
    assert G.to_move(s) == 1 and s.phase == PLAY  # seat 1 answers on seat 0's turn
    assert set(G.legal(s)) == {("aediles",), ("accept",)}
    pp = s.players[1].pp
    s = G.play(s, ("aediles",))
    pl = s.players[1]
    assert "Forum" in built_names(pl) and pl.pp == pp
    assert pl.res[GOLD] == 1
    assert s.players[0].res[GOLD] == 2  # the attacker paid 5 all the same
    assert "Aediles" not in hand_names(pl)
    assert s.discards[SPQR].count(cid("Aediles")) == 1
    assert s.discards[SPQR].count(cid("Coniuratio")) == 1  # still spent
    assert G.to_move(s) == 0  # back to the attacker's turn


def test_aediles_declined_against_coniuratio_the_building_is_destroyed():
    s = coniuratio_on(["Aediles"], 3)
    s = G.play(s, ("accept",))
    pl = s.players[1]
    assert "Forum" not in built_names(pl) and "Forum" in hand_names(pl)
    assert pl.res[GOLD] == 3


def test_aediles_without_2_gold_cannot_answer_a_coniuratio():
    s = coniuratio_on(["Aediles"], 1)
    assert G.to_move(s) == 1 and G.legal(s) == [("accept",)]
    illegal(s, ("aediles",))
    s = G.play(s, ("accept",))
    assert G.to_move(s) == 0
    assert "Forum" in hand_names(s.players[1])


# ---------------------------------------------------------------- Architectus / Carchesium


def test_architectus_costs_4_gold_stays_and_takes_1_clay_wood_or_stone_off_each_building():
    s = turn(["Architectus", "Forum", "Fodina"], R(wood=2, stone=5, gold=5))
    assert not any(a[:2] == ("play", cid("Forum")) for a in G.legal(s))  # 1 Stone short
    s = G.play(s, ("play", cid("Architectus"), -1))
    assert s.players[0].res == R(wood=2, stone=5, gold=1)
    assert cid("Architectus") in s.players[0].spqr  # remains in play
    forum = {a for a in G.legal(s) if a[:2] == ("play", cid("Forum"))}
    assert forum == {("play", cid("Forum"), STONE)}  # only the Stone discount makes it fit
    s = G.play(s, ("play", cid("Forum"), STONE))
    assert s.players[0].res == R(wood=1)
    # the discount applies to every later building too: Fodina for 1 Wood
    assert ("play", cid("Fodina"), WOOD) in G.legal(s)
    s = G.play(s, ("play", cid("Fodina"), WOOD))
    assert s.players[0].res == R()


def test_architectus_does_nothing_on_a_gold_only_cost():
    """D12: Architectus takes Clay, Stone or Wood; Hortus costs 6 Gold."""
    s = turn(["Hortus"], R(gold=5), spqr=["Architectus"])
    assert not any(a[:2] == ("play", cid("Hortus")) for a in G.legal(s))
    illegal(s, ("play", cid("Hortus"), -1), "Hortus", "6 Gold", "5 Gold")


def test_carchesium_discount_includes_gold():
    s = turn(["Hortus", "Lignator"], R(gold=5), built=["Carchesium"])
    assert ("play", cid("Hortus"), GOLD) in G.legal(s)
    s = G.play(s, ("play", cid("Hortus"), GOLD))
    assert s.players[0].res == R()
    assert ("play", cid("Lignator"), GOLD) in G.legal(s)  # now free


def test_architectus_and_carchesium_never_combine():
    s = turn(["Forum"], R(wood=1, stone=6, gold=1), spqr=["Architectus"], built=["Carchesium"])
    legal = {a for a in G.legal(s) if a[:2] == ("play", cid("Forum"))}
    assert legal == {("play", cid("Forum"), r) for r in (WOOD, STONE, GOLD)}
    for a in legal:
        after = G.play(s, a).players[0].res
        assert sum(R(wood=1, stone=6, gold=1)) - sum(after) == sum(FORUM_COST) - 1
    # 2 units short: no discount combination can cover it
    s2 = turn(["Forum"], R(stone=6), spqr=["Architectus"], built=["Carchesium"])
    assert not any(a[:2] == ("play", cid("Forum")) for a in G.legal(s2))


def test_a_second_architectus_does_not_stack():
    s = turn(["Forum"], R(stone=5, gold=1), spqr=["Architectus", "Architectus"])
    assert not any(a[:2] == ("play", cid("Forum")) for a in G.legal(s))


# ---------------------------------------------------------------- Commercium


def test_commercium_is_free_and_its_exchange_repeats_this_turn_only():
    s = turn(["Commercium"], R(clay=3, gold=2))
    assert ("exchange",) not in G.legal(s)
    illegal(s, ("exchange",), "Commercium")
    s = G.play(s, ("play", cid("Commercium"), -1))
    assert s.players[0].res == R(clay=3, gold=2)  # free
    assert cid("Commercium") in s.discards[SPQR]
    for k in range(1, 4):
        s = G.play(s, ("exchange",))  # 1 Clay -> 1 Wood + 1 Stone (PR-M4)
        assert s.players[0].res == R(clay=3 - k, wood=k, stone=k, gold=2)
    assert ("exchange",) not in G.legal(s)  # no Clay left
    illegal(s, ("exchange",), "Clay")
    s = G.play(s, ("done",))
    s = position(s, {1: {"clay": 2}})
    assert G.to_move(s) == 1 and ("exchange",) not in G.legal(s)  # not the next player
    s = drive(s, lambda x: x.round == 2 and x.phase == PLAY)
    s = position(s, {0: {"clay": 2, "gold": 2}})
    s = drive(s, lambda x: G.to_move(x) == 0)
    assert s.phase == PLAY and ("exchange",) not in G.legal(s)  # a new turn needs a new card


# ---------------------------------------------------------------- Concussio / Praetor / Corruptio


def concussio_on(target_fields):
    s = turn(["Concussio"], R(gold=2), others={1: target_fields})
    s = G.play(s, ("play", cid("Concussio"), -1))
    assert G.legal(s) == [("target", 1), ("target", 2), ("target", 3)]
    s = G.play(s, ("target", 1))
    assert s.players[0].res[GOLD] == 0
    return s


@pytest.mark.parametrize("protection", [{"praetor": True}, {"spqr": ["Corruptio"]}])
def test_concussio_forces_the_1_gold_tax_through_praetor_or_corruptio(protection):
    s = concussio_on({"gold": 4, **protection})
    taxes, s2 = upkeep_taxes(s)
    assert taxes[1] == "paid"
    assert s2.players[1].res[GOLD] == 3  # exactly 1 Gold, never more


def test_concussio_does_not_raise_a_normal_tax_above_1_gold():
    s = concussio_on({"gold": 4})
    taxes, s2 = upkeep_taxes(s)
    assert taxes[1] == "paid" and s2.players[1].res[GOLD] == 3


def test_concussio_protected_target_without_gold_loses_2_pp():
    s = concussio_on({"gold": 0, "praetor": True})
    pp = s.players[1].pp
    taxes, s2 = upkeep_taxes(s)
    assert taxes[1] == "unpaid" and s2.players[1].pp == pp - 2


def test_concussio_lasts_the_whole_game():
    s = concussio_on({"gold": 4, "spqr": ["Corruptio"]})
    _, s = upkeep_taxes(s)
    s = drive(s, lambda x: x.round == 4 and x.phase == PLAY)
    s = position(s, {1: {"gold": 4}})
    taxes, s2 = upkeep_taxes(s)
    assert taxes[1] == "paid"


def test_praetor_is_free_spares_the_tax_for_one_round_only():
    s = turn(["Praetor"], R(gold=3), morale=5, defense=2)
    s = G.play(s, ("play", cid("Praetor"), -1))
    assert s.players[0].res[GOLD] == 3
    assert cid("Praetor") in s.discards[SPQR]
    taxes, s2 = upkeep_taxes(s)
    assert taxes[0] == "exempt" and s2.players[0].res[GOLD] == 3
    # the rest of the upkeep still happens
    assert (s2.players[0].morale, s2.players[0].defense) == (4, 1)
    s3 = drive(s2, lambda x: x.round == 4 and x.phase == PLAY)
    s3 = position(s3, {0: {"gold": 3}})
    taxes, _ = upkeep_taxes(s3)
    assert taxes[0] == "paid"


def test_corruptio_is_paid_with_any_3_resources_and_ends_taxes_for_good():
    s = turn(["Corruptio"], R(clay=1, wood=1, stone=2, gold=3))
    options = {a[2] for a in G.legal(s) if a[:2] == ("play", cid("Corruptio"))}
    # every (clay, wood, stone) mix of 3 the player can afford, no Gold
    assert options == {(1, 1, 1), (1, 0, 2), (0, 1, 2)}
    s = G.play(s, ("play", cid("Corruptio"), (0, 1, 2)))
    assert s.players[0].res == R(clay=1, gold=3)
    assert cid("Corruptio") in s.players[0].spqr
    for _ in range(3):
        taxes, s = upkeep_taxes(s)
        assert taxes[0] == "exempt"
    assert s.players[0].res[GOLD] == 3


def test_corruptio_cannot_be_paid_with_gold_or_fewer_than_3_resources():
    s = turn(["Corruptio"], R(clay=1, wood=1, gold=9))
    assert not any(a[:2] == ("play", cid("Corruptio")) for a in G.legal(s))
    illegal(s, ("play", cid("Corruptio"), (1, 1, 1)), "3 resources")


# ---------------------------------------------------------------- Coniuratio


def test_coniuratio_costs_5_gold_targets_an_opponent_and_destroys_the_chosen_building():
    s = turn(["Coniuratio"], R(gold=5), others={2: {"built": ["Forum", "Fodina"], "hand": []}})
    s = G.play(s, ("play", cid("Coniuratio"), -1))
    assert s.players[0].res[GOLD] == 0
    assert ("target", 0) not in G.legal(s)  # an opponent only
    s = G.play(s, ("target", 2))
    assert G.to_move(s) == 0  # the attacker chooses the building
    assert set(G.legal(s)) == {("destroy", cid(n), True) for n in ("Horreum", "Forum", "Fodina")}
    pp = s.players[2].pp
    s = G.play(s, ("destroy", cid("Forum"), True))
    assert G.to_move(s) == 2 and G.legal(s) == [("accept",)]  # no Aediles to play
    s = G.play(s, ("accept",))
    pl = s.players[2]
    assert built_names(pl) == ["Fodina", "Horreum"]
    assert hand_names(pl) == ["Forum"] and pl.pp == pp - 6
    assert cid("Coniuratio") in s.discards[SPQR]


def test_coniuratio_needs_5_gold():
    s = turn(["Coniuratio"], R(gold=4))
    illegal(s, ("play", cid("Coniuratio"), -1), "Coniuratio costs 5 Gold", "4 Gold")


# ---------------------------------------------------------------- Consuetudo


def test_consuetudo_look_at_10_take_1_and_return_the_rest_in_any_order():
    s = turn(["Consuetudo"], R(gold=2))
    top10 = deck_cards(s, AEDIFICIUM)[:10]
    rest_of_deck = deck_cards(s, AEDIFICIUM)[10:]
    s = G.play(s, ("play", cid("Consuetudo"), -1))
    assert s.players[0].res[GOLD] == 0
    assert {a[1] for a in G.legal(s)} == set(top10)
    take = top10[3]
    s = G.play(s, ("take", take))
    assert s.players[0].hand[-1].card == take
    remaining = list(top10)
    remaining.remove(take)
    # put them back in reverse order, one by one
    wanted = list(reversed(remaining))
    for c in wanted[:-1]:
        assert ("order", c) in G.legal(s)
        s = G.play(s, ("order", c))
    s = G.play(s, G.legal(s)[0])
    assert deck_cards(s, AEDIFICIUM) == wanted + rest_of_deck
    assert cid("Consuetudo") in s.discards[SPQR]
    # the player knows the new top of the deck; the others do not
    assert G.view(s, 0).players[0].hand[-1].card == take
    assert G.view(s, 1).players[0].hand[-1].card == HIDDEN


def test_consuetudo_keep_puts_the_rest_back_in_the_current_order():
    s = turn(["Consuetudo"], R(gold=2))
    top10 = deck_cards(s, AEDIFICIUM)[:10]
    s = G.play(s, ("play", cid("Consuetudo"), -1))
    s = G.play(s, ("take", top10[0]))
    s = G.play(s, ("keep",))
    assert deck_cards(s, AEDIFICIUM)[:9] == top10[1:]


# ---------------------------------------------------------------- Consul, Legio, Patronus, Gloria


@pytest.mark.parametrize("card, cost, defense", [
    ("Consul Cecilio Metello", 3, 2), ("Consul Pompeo Magno", 3, 2), ("Legio", 2, 1)])
def test_consul_and_legio_raise_defense(card, cost, defense):
    s = turn([card], R(gold=cost), defense=-1)
    s = G.play(s, ("play", cid(card), -1))
    assert s.players[0].res[GOLD] == 0
    assert s.players[0].defense == -1 + defense
    assert cid(card) in s.discards[SPQR] and cid(card) not in s.players[0].spqr
    s2 = turn([card], R(gold=cost - 1))
    illegal(s2, ("play", cid(card), -1), f"costs {cost} Gold")


def test_patronus_1_gold_for_2_wood_within_storage():
    s = turn(["Patronus", "Patronus"], R(wood=6, gold=2))
    s = G.play(s, ("play", cid("Patronus"), -1))
    assert s.players[0].res == R(wood=8, gold=1)
    s = G.play(s, ("play", cid("Patronus"), -1))
    assert s.players[0].res == R(wood=9)  # the tenth Wood is lost
    assert s.players[0].res[WOOD] == 9 and s.players[0].res[CLAY] == 0


def test_gloria_stays_and_only_the_highest_counts_at_the_end():
    s = at_final(4, seed=5)
    seat = G.to_move(s)
    s = position(s, {seat: {"hand": ["Gloria III", "Gloria VI", "Gloria IV"], "gold": 6}})
    for g in ("Gloria III", "Gloria VI", "Gloria IV"):
        s = G.play(s, ("play", cid(g), -1))
    assert s.players[seat].res[GOLD] == 0
    assert sorted(CARDS[c].name for c in s.players[seat].spqr) == [
        "Gloria III", "Gloria IV", "Gloria VI"]
    pp = s.players[seat].pp
    s = drive(s, lambda x: x.phase > FINAL)
    res = G.result(s)
    assert res.breakdown[seat]["gloria"] == 6
    assert s.players[seat].pp == pp + 6


def test_gloria_tied_values_count_one_card():
    s = at_final(4, seed=5)
    seat = G.to_move(s)
    s = position(s, {seat: {"spqr": ["Gloria V", "Gloria V"], "gold": 0}})
    s = drive(s, lambda x: x.phase > FINAL)
    assert G.result(s).breakdown[seat]["gloria"] == 5


def test_spqr_costs_go_back_to_the_supply():
    s = turn(["Legio"], R(gold=2))
    supply = s.supply[GOLD]
    s = G.play(s, ("play", cid("Legio"), -1))
    assert s.supply[GOLD] == supply + 2


def test_a_coniuratio_target_is_asked_either_way_so_the_question_shows_no_aediles():
    """Hands are secret: whether the target is asked to react must not tell the
    table that he holds an Aediles. Two worlds differ only in who of seats 1
    and 2 holds the Aediles (the other holds a Legio)."""
    worlds = []
    for aediles_with in (1, 2):
        hands = {1: ["Legio"], 2: ["Legio"]}
        hands[aediles_with] = ["Aediles"]
        s = turn(["Coniuratio"], R(gold=7),
                 others={1: {"hand": hands[1], "gold": 3, "built": ["Forum"]},
                         2: {"hand": hands[2], "gold": 3}})
        s = G.play(s, ("play", cid("Coniuratio"), -1))
        s = G.play(s, ("target", 1))
        worlds.append(G.play(s, ("destroy", cid("Forum"), True)))
    with_aediles, without = worlds
    assert G.to_move(with_aediles) == G.to_move(without) == 1
    for seat in (0, 3):
        assert G.view(with_aediles, seat) == G.view(without, seat)
    assert set(G.legal(with_aediles)) == {("aediles",), ("accept",)}
    assert G.legal(without) == [("accept",)]
    illegal(without, ("aediles",))
    s = G.play(without, ("accept",))
    assert "Forum" in hand_names(s.players[1]) and G.to_move(s) == 0
