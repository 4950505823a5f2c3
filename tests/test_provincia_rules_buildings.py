"""The 32 Aedificium kinds (L387-463): cost, Prestige award, unique or not,
Pons/Portus, and every on-play, continuous, Phase 5 and activation effect."""

from __future__ import annotations

import pytest

from engine.provincia.data import AEDIFICIA, CITIES
from engine.provincia.state import ACTIVATE, BATTLE, PLAY, SELECT
from tests.provincia_helpers import (
    CLAY,
    GOLD,
    STONE,
    WOOD,
    G,
    R,
    at,
    built_names,
    cid,
    drive,
    fight,
    hand_names,
    illegal,
    position,
    token,
)

# name: (cost, award, unique), transcribed from "The Cards" (L397-463).
# Strata: neither "Unique" nor "multiple copies" is printed; D1 reads it as not unique.
BUILDINGS = {
    "Amphitheatrum": (R(clay=3, stone=6), 8, True),
    "Aquaeductus": (R(stone=9), 10, True),
    "Armamentarium": (R(gold=1, wood=2), 2, True),
    "Aurifex": (R(wood=1, clay=1, stone=1), 2, False),
    "Carchesium": (R(gold=2, wood=2, clay=1), 2, True),
    "Circus": (R(gold=1, wood=2, clay=2, stone=9), 12, True),
    "Colosseum": (R(gold=2, clay=1, stone=7), 9, True),
    "Domus": (R(wood=1, clay=2), 3, False),
    "Fodina": (R(wood=2), 2, False),
    "Fons": (R(clay=2, stone=1), 3, False),
    "Fornax Lateris": (R(gold=1, wood=1, stone=1), 2, False),
    "Forum": (R(gold=1, wood=1, stone=6), 6, True),
    "Horreum": (R(gold=2, wood=1, clay=1), 0, True),
    "Hortus": (R(gold=6), 8, False),
    "Insula": (R(wood=9), 10, False),
    "Lignator": (R(gold=1), 2, False),
    "Officina": (R(gold=2, wood=1), 2, True),
    "Pons": (R(wood=4, clay=1), 5, True),
    "Portus": (R(wood=4, clay=1), 5, True),
    "Puteus": (R(gold=1, clay=2), 3, False),
    "Stabulum": (R(wood=2, clay=1), 2, True),
    "Statua": (R(stone=8), 7, True),
    "Strata": (R(clay=2, stone=2), 4, False),
    "Emporium": (R(wood=1, clay=2, stone=1), 2, True),
    "Exercitatio": (R(gold=1, wood=1), 2, True),
    "Mola": (R(gold=1, wood=1), 2, False),
    "Statio": (R(wood=2, clay=2), 2, False),
    "Templum": (R(gold=1, clay=4, stone=8), 11, True),
    "Turris": (R(wood=1), 2, False),
    "Via Mercatoris": (R(wood=1, clay=1), 2, False),
    "Villa": (R(wood=1), 2, False),
    "Vinea": (R(clay=1), 2, False),
}
INACTIVE = {"Emporium", "Exercitatio", "Mola", "Statio", "Templum", "Turris",
            "Via Mercatoris", "Villa", "Vinea"}
# Phase 5, each round while in play: (Clay, Wood, Stone, Gold) and Morale.
PHASE5 = {
    "Aurifex": (R(gold=1), 0), "Fodina": (R(stone=1), 0), "Fornax Lateris": (R(clay=1), 0),
    "Lignator": (R(wood=1), 0), "Amphitheatrum": (R(), 1), "Aquaeductus": (R(), 1),
    "Circus": (R(), 1), "Colosseum": (R(), 1), "Hortus": (R(), 1), "Insula": (R(), 1),
}
# Activation (1 PP): one-time (resources, Morale, Defense) and Military afterwards.
ACTIVATION = {
    "Emporium": (R(gold=4), 0, 0, 0), "Exercitatio": (R(), 0, 0, 1), "Mola": (R(), 1, 0, 0),
    "Statio": (R(), 0, 0, 2), "Templum": (R(gold=1), 1, 0, 0), "Turris": (R(), 0, 1, 0),
    "Via Mercatoris": (R(gold=2), 0, 0, 0), "Villa": (R(gold=1), 1, 0, 0),
    "Vinea": (R(gold=1), 1, 0, 0),
}
MILITARY = {"Officina": 1, "Stabulum": 1}


def test_the_table_covers_all_32_kinds():
    assert len(BUILDINGS) == 32
    assert sorted(BUILDINGS) == sorted(b.name for b in AEDIFICIA)


def city_for(name: str) -> str:
    """A city allowed to build ``name`` (Pons needs a Pons city, Portus a Portus one)."""
    want = {"Pons": "Pons", "Portus": "Portus"}.get(name, "Portus")
    return next(c.name for c in CITIES if c.access == want)


def turn(name: str, hand, res, **me):
    others = [c.name for c in CITIES if c.name != city_for(name)][:3]
    s = at(4, PLAY, 1, seed=1, cities=[city_for(name)] + others)
    assert G.to_move(s) == 0
    return position(s, {0: {"hand": hand, "res": res, **me}})


@pytest.mark.parametrize("name", sorted(BUILDINGS))
def test_building_costs_exactly_its_printed_cost_and_awards_its_pp(name):
    cost, award, _ = BUILDINGS[name]
    me = {"horreum": False} if name == "Horreum" else {}
    s = turn(name, [name], cost, **me)
    pp = s.players[0].pp
    supply = s.supply
    a = ("play", cid(name), -1)
    assert a in G.legal(s)
    s = G.play(s, a)
    pl = s.players[0]
    assert pl.res == R()
    assert pl.pp == pp + award
    assert (cid(name), name not in INACTIVE) in pl.built  # inactive ones enter upside down
    assert s.supply == tuple(x + c for x, c in zip(supply, cost, strict=True))


@pytest.mark.parametrize("name", sorted(BUILDINGS))
def test_building_one_unit_short_of_any_cost_is_illegal_and_says_why(name):
    cost, _, _ = BUILDINGS[name]
    me = {"horreum": False} if name == "Horreum" else {}
    for r in range(4):
        if not cost[r]:
            continue
        short = tuple(c - (i == r) for i, c in enumerate(cost))
        s = turn(name, [name], short, **me)
        assert ("play", cid(name), -1) not in G.legal(s)
        msg = illegal(s, ("play", cid(name), -1), name, "costs")
        assert ["Clay", "Wood", "Stone", "Gold"][r] in msg


@pytest.mark.parametrize("name", sorted(n for n in BUILDINGS if n != "Horreum"))
def test_unique_buildings_once_per_city_others_any_number(name):
    cost, _, unique = BUILDINGS[name]
    # a Praetor in hand keeps the turn open after the first building
    s = turn(name, [name, name, "Praetor"], tuple(2 * c for c in cost))
    s = G.play(s, ("play", cid(name), -1))
    assert G.to_move(s) == 0
    second = ("play", cid(name), -1)
    if unique:
        assert second not in G.legal(s)
        illegal(s, second, name, "unique")
    else:
        s = G.play(s, second)
        assert built_names(s.players[0]).count(name) == 2


def test_horreum_cannot_be_built_while_one_stands():
    s = turn("Horreum", ["Horreum"], R(clay=1, wood=1, gold=2))
    illegal(s, ("play", cid("Horreum"), -1), "Horreum", "unique")


@pytest.mark.parametrize("name, wrong", [("Pons", "Portus"), ("Portus", "Pons")])
def test_pons_and_portus_only_in_cities_of_that_kind(name, wrong):
    bad = next(c.name for c in CITIES if c.access == wrong)
    s = at(2, PLAY, 1, seed=1, cities=[bad, city_for(name)])
    s = position(s, {0: {"hand": [name], "res": BUILDINGS[name][0]}})
    assert ("play", cid(name), -1) not in G.legal(s)
    illegal(s, ("play", cid(name), -1), name, f"says {wrong}")


# ---------------------------------------------------------------- Phase 5 income


def through_phase5(s):
    """From a round-1 Play Cards position, everyone passes to round 2."""
    return drive(s, lambda x: x.round == 2)


@pytest.mark.parametrize("name", sorted(PHASE5))
def test_phase5_income_each_round_while_in_play(name):
    income, morale = PHASE5[name]
    s = at(4, PLAY, 1, seed=2)
    s = position(s, {0: {"built": [name], "res": R(2, 2, 2, 2), "morale": 6},
                     1: {"res": R(2, 2, 2, 2), "morale": 6}})
    s = through_phase5(s)
    me, control = s.players[0], s.players[1]
    # both paid 1 Gold tax and lost 1 Morale in Phase 4
    assert control.res == R(2, 2, 2, 1) and control.morale == 5
    assert me.res == tuple(c + i for c, i in zip(control.res, income, strict=True))
    assert me.morale == control.morale + morale


def test_a_building_played_in_phase2_produces_in_the_same_round():
    """D17."""
    s = at(4, PLAY, 1, seed=2)
    s = position(s, {0: {"hand": ["Lignator"], "res": R(gold=2)}})
    s = G.play(s, ("play", cid("Lignator"), -1))
    s = through_phase5(s)
    assert s.players[0].res == R(wood=1)  # 2 Gold - 1 cost - 1 tax, + 1 Wood


def test_armamentarium_gives_1_defense_when_played():
    s = turn("Armamentarium", ["Armamentarium"], R(wood=2, gold=1), defense=-2)
    s = G.play(s, ("play", cid("Armamentarium"), -1))
    assert s.players[0].defense == -1


# ---------------------------------------------------------------- Military


NEUTRAL = 4, 5  # cities not in a 4-player game: their tokens help nobody


def battle_total(built, morale=4, defense=1):
    s = at(4, BATTLE, 2, seed=3)
    tokens = {p: [token(NEUTRAL[0], p), token(NEUTRAL[1], p)] for p in range(4)}
    s = position(s, {0: {"built": built, "morale": morale, "defense": defense,
                         "tokens": tokens[0], "hand": []},
                     **{p: {"tokens": tokens[p], "morale": 10} for p in (1, 2, 3)}},
                 bellum_card="II-c")
    s, battles = fight(s, {p: tokens[p][0] for p in range(4)})
    return next(b for b in battles if b[1] == 0)[2]


@pytest.mark.parametrize("built, military", [
    ([], 0),
    (["Officina"], 1),
    (["Stabulum"], 1),
    (["Officina", "Stabulum"], 2),
    ([("Exercitatio", False)], 0),
    ([("Exercitatio", True)], 1),
    ([("Statio", False)], 0),
    ([("Statio", True)], 2),
    ([("Statio", True), ("Statio", True), ("Statio", False)], 4),
])
def test_military_adds_to_battle_strength_without_raising_defense(built, military):
    assert battle_total(built) == 4 + 1 + military


# ---------------------------------------------------------------- activation


def at_activation(built, pp=None, **me):
    s = at(4, PLAY, 1, seed=4)
    extra = {} if pp is None else {"pp": pp}
    s = position(s, {0: {"built": built, "res": R(gold=1), "morale": 5, "defense": 1,
                         **extra, **me}})
    s = drive(s, lambda x: x.phase == ACTIVATE)
    assert G.to_move(s) == 0
    return s


@pytest.mark.parametrize("name", sorted(ACTIVATION))
def test_activation_costs_1_pp_and_gives_its_benefit_once(name):
    gain, morale, defense, military = ACTIVATION[name]
    s = at_activation([name])
    before = s.players[0]
    assert before.res == R() and (before.morale, before.defense) == (4, 0)  # after Phase 4
    assert G.legal(s) == [("activate", cid(name)), ("done",)]
    s = G.play(s, ("activate", cid(name)))
    pl = s.players[0]
    assert pl.pp == before.pp - 1
    assert pl.res == gain
    assert pl.morale == 4 + morale and pl.defense == defense
    assert (cid(name), True) in pl.built
    assert pl.military == military
    assert s.round == 2  # nothing left to activate: Phase 5 ended


def test_activation_is_only_in_phase5_and_only_of_inactive_buildings():
    s = at(4, PLAY, 1, seed=4)
    s = position(s, {0: {"built": [("Turris", False)]}})
    illegal(s, ("activate", cid("Turris")))
    s = at_activation([("Turris", False), "Fodina"])
    illegal(s, ("activate", cid("Fodina")), "activate")


def test_activation_is_allowed_with_zero_or_negative_pp():
    """D16: Prestige may go negative."""
    s = at_activation([("Villa", False)], pp=0)
    s = G.play(s, ("activate", cid("Villa")))
    assert s.players[0].pp == -1


def test_each_copy_of_a_non_unique_inactive_building_is_activated_separately():
    """D25: two Statios: 1 PP each, +2 Military each."""
    s = at_activation([("Statio", False), ("Statio", False)], pp=4)
    s = G.play(s, ("activate", cid("Statio")))
    assert s.players[0].pp == 3 and s.players[0].military == 2
    assert G.to_move(s) == 0 and ("activate", cid("Statio")) in G.legal(s)
    s = G.play(s, ("activate", cid("Statio")))
    assert s.players[0].pp == 2 and s.players[0].military == 4


def test_done_leaves_buildings_inactive_for_a_later_round():
    s = at_activation([("Mola", False)])
    s = G.play(s, ("done",))
    assert (cid("Mola"), False) in s.players[0].built
    s = drive(s, lambda x: x.round == 2 and x.phase == SELECT)
    assert s.players[0].morale == 4


# ---------------------------------------------------------------- Horreum


def test_horreum_starts_in_play_holds_9_and_5_without_it():
    s = at(4, PLAY, 1, seed=5)
    s = position(s, {0: {"res": R(wood=8, gold=4)}})
    s = G.play(s, ("trade", WOOD))
    assert s.players[0].res == R(wood=9, gold=2)
    assert ("trade", WOOD) not in G.legal(s)  # full
    illegal(s, ("trade", WOOD), "Wood", "storage")
    s = position(s, {0: {"res": R(wood=4, gold=4), "horreum": False, "built": []}})
    s = G.play(s, ("trade", WOOD))
    assert s.players[0].res == R(wood=5, gold=2)
    assert ("trade", WOOD) not in G.legal(s)


def test_horreum_destroyed_cuts_each_resource_to_5_at_once_gold_unlimited():
    s = at(4, BATTLE, 2, seed=6)
    s = position(s, {0: {"res": R(9, 7, 5, 20), "morale": 1, "defense": -3, "hand": []},
                     **{p: {"morale": 10, "defense": 3} for p in (1, 2, 3)}},
                 bellum_card="II-a")  # Destroy 1 Production building: only the Horreum
    supply = s.supply
    s, _ = fight(s, {})
    pl = s.players[0]
    assert "Horreum" in hand_names(pl) and built_names(pl) == []
    assert pl.res[:3] == (5, 5, 5)
    assert s.supply[:3] == (supply[0] + 4, supply[1] + 2, supply[2])


def test_horreum_can_be_rebuilt_and_holds_9_again():
    s = at(4, PLAY, 1, seed=5)
    s = position(s, {0: {"horreum": False, "built": [], "hand": ["Horreum"],
                         "res": R(clay=1, wood=5, gold=6)}})
    pp = s.players[0].pp
    s = G.play(s, ("play", cid("Horreum"), -1))
    assert s.players[0].pp == pp  # Award: none
    assert s.players[0].res == R(wood=4, gold=4)
    s = G.play(s, ("trade", WOOD))
    s = G.play(s, ("trade", WOOD))
    assert s.players[0].res == R(wood=6)


# ---------------------------------------------------------------- destroyed buildings (D7)


def destroy_by_coniuratio(built, target_fields=None):
    s = at(4, PLAY, 1, seed=7)
    s = position(s, {0: {"hand": ["Coniuratio"], "res": R(gold=7)},
                     1: {"built": built, "hand": [], **(target_fields or {})}})
    s = G.play(s, ("play", cid("Coniuratio"), -1))
    s = G.play(s, ("target", 1))
    return s


def test_destroyed_building_loses_its_award_military_and_income_keeps_one_time_gains():
    s = destroy_by_coniuratio([("Statio", True), "Fodina", ("Emporium", True)],
                              {"res": R(gold=4), "pp": 9})
    s = G.play(G.play(s, ("destroy", cid("Statio"), True)), ("accept",))
    pl = s.players[1]
    assert pl.military == 0 and pl.pp == 7
    assert "Statio" in hand_names(pl)
    assert pl.res[GOLD] == 4  # Emporium's Gold, received earlier, stays


def test_destroyed_inactive_building_returns_inactive_when_rebuilt():
    s = destroy_by_coniuratio([("Turris", True)])
    s = G.play(G.play(s, ("destroy", cid("Turris"), True)), ("accept",))
    s = drive(s, lambda x: x.phase == PLAY and G.to_move(x) == 1)
    s = position(s, {1: {"res": R(wood=1, gold=2)}})
    s = G.play(s, ("play", cid("Turris"), -1))
    assert (cid("Turris"), False) in s.players[1].built


def test_destroyed_carchesium_discount_and_fodina_income_are_gone():
    s = destroy_by_coniuratio(["Carchesium", "Fodina"], {"res": R(stone=1, gold=9)})
    s = G.play(G.play(s, ("destroy", cid("Carchesium"), True)), ("accept",))
    s = drive(s, lambda x: x.phase == PLAY and G.to_move(x) == 1)
    s = position(s, {1: {"hand": ["Lignator"], "res": R(gold=1)}})
    assert G.legal(s)[:1] == [("play", cid("Lignator"), -1)]  # full price now
    s = position(s, {1: {"res": R(gold=0)}})
    illegal(s, ("play", cid("Lignator"), -1), "Lignator costs 1 Gold")
    s2 = destroy_by_coniuratio(["Fodina"], {"res": R(stone=1, gold=1)})
    s2 = G.play(G.play(s2, ("destroy", cid("Fodina"), True)), ("accept",))
    s2 = drive(s2, lambda x: x.round == 2)
    assert s2.players[1].res[STONE] == 1  # no Stone any more
    assert s2.players[1].res[CLAY] == 0


def test_horreum_destroyed_by_coniuratio_cuts_storage_at_once():
    """D8: the Horreum can be destroyed (here by a Coniuratio); excess over 5 is lost."""
    s = destroy_by_coniuratio([], {"res": R(8, 5, 6, 12)})
    supply = s.supply
    s = G.play(G.play(s, ("destroy", cid("Horreum"), True)), ("accept",))
    assert s.players[1].res == R(5, 5, 5, 12)
    assert s.supply == (supply[0] + 3, supply[1], supply[2] + 1, supply[3])
    assert "Horreum" in hand_names(s.players[1])


def test_destroyed_armamentarium_keeps_the_defense_it_gave():
    """D7: a one-time gain already received (Defense) is not taken back."""
    s = destroy_by_coniuratio(["Armamentarium"], {"defense": 2})
    s = G.play(G.play(s, ("destroy", cid("Armamentarium"), True)), ("accept",))
    assert s.players[1].defense == 2 and "Armamentarium" in hand_names(s.players[1])
