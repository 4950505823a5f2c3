"""The Romans' data (engine/romans/data.py) against the rulebook.

Line numbers (Lnnn) are those of /work/shared/rules/the-romans.txt; TR-x
items are INVENTORY.md part TR. Every stand-in must be marked inferred.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from engine.romans import data as d

ROMAN_NUMBERS = (1, 3, 5, 7, 9)
ENEMY_NUMBERS = (2, 4, 6, 8, 10)


# ---------------------------------------------------------------- constants
def test_constants_l88_l89_l93_l95_l502() -> None:
    assert d.LEGIONS_PER_PLAYER == 18  # L502
    assert d.SUPPLY["legions"].count == 18 and d.SUPPLY["legions"].per_player
    assert not d.SUPPLY["legions"].inferred
    assert d.START_SCORE_BY_SEAT == (1, 2, 3, 4)  # L88
    assert d.START_BARRACKS_BY_SEAT == (1, 2, 3, 4)  # L89
    assert d.START_LATIUM == {"legion": 1, "city": 1, "fort": 1}  # L93
    assert d.START_SENATORS == (1, 2, 3, 4)  # L94
    assert d.res(manpower=1, victuals=1, materials=1, gold=1) == d.START_DOCKS  # L95
    assert d.ERAS == 5


def test_docks_l490_and_scoring_l528_l542_l543() -> None:
    assert (d.SELL_GOLD, d.BUY_GOLD) == (1, 3)  # L490
    assert d.FALL_OF_ROME_PER_WARBAND == 5  # L528, L534
    assert d.CHRISTIAN_CITY_POINTS == 3  # L542
    assert d.ITEMS_PER_POINT == 5  # L543
    assert d.SCORE_FLOOR == 1
    assert d.STRENGTH == {"legion": 1, "city": 1, "fort": 1, "wall": 2, "warband": 1}  # L256


def test_blocking_senators_l554_l557() -> None:
    """Twelve: one on each of 5 Original and 5 Later buildings, two returned."""
    assert d.BLOCKING_SENATORS == 12
    assert d.BLOCKING_ON_ORIGINAL + d.BLOCKING_ON_LATER + d.BLOCKING_RETURNED == 12
    assert len(d.ORIGINAL_BUILDINGS) == d.BLOCKING_ON_ORIGINAL
    assert d.BLOCKING_ON_LATER == d.LATER_BUILDINGS_IN_PLAY
    assert len(d.BLOCKING_SENATOR_RANKS) == 12
    assert set(d.BLOCKING_SENATOR_RANKS) == {1, 2, 3, 4}  # each fits a "matching box" (L555)


def test_solo_l584_l594() -> None:
    assert (d.SOLO_ROME_SEAT, d.SOLO_ENEMY_SEAT) == (1, 2)  # L584-585
    assert d.SOLO_TRIUMPHS_PER_REMOTE == 2  # L586
    assert d.SOLO_GLORY_REROLL == 6  # L587
    # L592: 25, 20, 15, 10, 5 on the Later-building spaces, one per Era
    assert [b.points for b in d.SOLO_BUILDING_BONUSES] == [25, 20, 15, 10, 5]
    assert [b.era for b in d.SOLO_BUILDING_BONUSES] == [1, 2, 3, 4, 5]
    assert all(b.inferred for b in d.SOLO_BUILDING_BONUSES)  # the order (TR-D R28)


# ---------------------------------------------------------------- buildings
def test_buildings_l76_five_original_six_later() -> None:
    assert d.ORIGINAL_BUILDINGS == (
        "Basilica Aemilia",
        "Castra Peregrina",
        "Forum",
        "Servian Wall",
        "Temple of Jupiter",
    )
    assert set(d.LATER_BUILDINGS) == {
        "Amphitheatrum Castrense",
        "Baths of Agrippa",
        "Castra Praetoria",
        "Colosseum",
        "Ludus Magnus",
        "Theatre of Balbus",
    }
    assert len(d.LATER_BUILDINGS) == d.LATER_BUILDINGS_TOTAL == 6  # L76
    assert d.LATER_BUILDINGS_IN_PLAY == 5


def test_boxes_i_to_iv_cost_one_resource_or_two_gold_l178() -> None:
    for b in d.BUILDINGS:
        assert [x.number for x in b.boxes] == [1, 2, 3, 4], b.name
        for box in b.boxes:
            one_resource = sum(box.cost[:3]) == 1 and box.cost[d.GOLD] == 0
            two_gold = box.cost == d.res(gold=d.BOX_COST_GOLD)
            assert one_resource or two_gold, (b.name, box)


def test_temple_of_jupiter_l457_l631() -> None:
    temple = d.BUILDING["Temple of Jupiter"]
    assert all(box.cost == d.res(victuals=1) for box in temple.boxes)  # L631
    third = temple.boxes[2]
    assert (third.effect, third.amount) == ("temple", 2)  # L457: III-box +2
    assert not third.inferred
    assert temple.god is None


def test_servian_wall_iv_box_spends_ten_gold_l466() -> None:
    wall = d.BUILDING["Servian Wall"]
    four = wall.boxes[3]
    assert (four.effect, four.amount, four.fleets) == ("build", 10, True)
    assert "amount" in four.from_text
    assert wall.god == "Vesta" and d.GOD["Vesta"].building == "Servian Wall"  # L63
    assert not d.GOD["Vesta"].inferred


def test_amphitheatrum_builds_no_fleets_l643() -> None:
    assert not any(box.fleets for box in d.BUILDING["Amphitheatrum Castrense"].boxes)


def test_box_effects_grow_with_rank() -> None:
    """A higher box is never worse than a lower one (stand-in sanity)."""
    for b in d.BUILDINGS:
        amounts = [box.amount for box in b.boxes if box.amount is not d.ALL]
        assert amounts == sorted(amounts), b.name


def test_new_senator_icon_on_five_later_buildings_tr_m15() -> None:
    """TR-M15 proposes 3 of 6; tuned to 5 by solo self-play (RULES-NOTES):
    only the Amphitheatrum Castrense shows none."""
    icons = [b.name for b in d.BUILDINGS if b.new_senator]
    assert len(icons) == 5
    assert all(name in d.LATER_BUILDINGS for name in icons)
    assert "Amphitheatrum Castrense" not in icons


def test_gods_each_linked_to_its_own_original_building() -> None:
    assert {g.name for g in d.GODS} == {"Vesta", "Mars", "Mercury", "Minerva"}
    links = [g.building for g in d.GODS]
    assert len(set(links)) == 4
    for g in d.GODS:
        assert g.building in d.ORIGINAL_BUILDINGS
        assert d.BUILDING[g.building].god == g.name


# ---------------------------------------------------------------- temple chart
def test_temple_chart_six_benefits_per_god() -> None:
    per_god = Counter(b.god for b in d.TEMPLE_CHART)
    assert per_god == {"Mars": 6, "Vesta": 6, "Mercury": 6, "Minerva": 6}
    for god in per_god:
        assert [d.temple_benefit(god, n).number for n in range(1, 7)] == [1, 2, 3, 4, 5, 6]


def test_mars_benefits_1_4_5_l457_l458() -> None:
    """Score 5 recruits 10 legions (benefit 5); or 4 + 1: points for legions
    outside Italy and recruit 3 legions."""
    one, four, five = (d.temple_benefit("Mars", n) for n in (1, 4, 5))
    assert (one.effect, one.amount, one.inferred) == ("recruit", 3, False)
    assert (five.effect, five.amount, five.inferred) == ("recruit", 10, False)
    assert four.effect == "score legions outside Italy"
    assert four.inferred  # the rate is a stand-in


# ---------------------------------------------------------------- citadel
def test_citadel_roll_6_gives_3_l193() -> None:
    assert d.CITADEL_BONUS[6] == 3
    two_rank_senator_actions = 2 + d.CITADEL_BONUS[6]
    assert two_rank_senator_actions == 5  # L193
    assert sorted(d.CITADEL_BONUS) == [1, 2, 3, 4, 5, 6]
    assert [c.inferred for c in d.CITADEL_CHART] == [True] * 5 + [False]
    assert d.CITADEL_CONVERT_ERAS == (4, 5)  # L199


# ---------------------------------------------------------------- glory chart
def test_glory_chart_l425_l591() -> None:
    assert [g.era for g in d.GLORY_CHART] == [1, 2, 3, 4, 5]
    assert d.GLORY_CHART[0].points == 5  # L591: Rome scores 5 in Era 1
    assert d.GLORY_CHART[2].points == 7  # L425: Era 3 chart shows 7
    assert d.GLORY_CHART[2].points - 2 * d.GLORY_DECREMENT == 5  # L425: third scorer gets 5
    era1 = d.GLORY_CHART[0].faces
    assert "Illyricum" in era1 and "Macedonia" in era1  # L591
    for g in d.GLORY_CHART:
        assert len(g.faces) == 6 and g.faces[5] == d.CHOICE  # solo re-rolls a 6 (L587)
        assert len(set(g.faces[:5])) == 5
        assert g.inferred


# ---------------------------------------------------------------- era cards
def test_era_deck_twenty_cards_in_ten_pairs_l80() -> None:
    assert len(d.ERA_CARDS) == 20
    assert Counter(c.number for c in d.ERA_CARDS) == {n: 2 for n in range(1, 11)}
    for c in d.ERA_CARDS:
        assert c.copy in ("A", "B")
        assert 1 <= c.era <= 5
        kind = d.RomanCard if c.number in ROMAN_NUMBERS else d.EnemyCard
        assert isinstance(c, kind), c.number


def test_leaders_six_per_card_with_legal_bonus_pieces_l67() -> None:
    for c in d.ERA_CARDS:
        if not isinstance(c, d.RomanCard):
            continue
        assert [ldr.face for ldr in c.leaders] == [1, 2, 3, 4, 5, 6]
        for ldr in c.leaders:
            assert ldr.bonus in (None, "city", "fort", "wall", "fleet")  # never a legion
            assert 1 <= ldr.max_army <= d.LEGIONS_PER_PLAYER
            assert ldr.gold >= 0


def test_nations_l391_era2_carthaginians() -> None:
    """L391: Era 2, three warbands and a +2 general in Mauritania, bonus fleet."""
    era2 = [c for c in d.ERA_CARDS if isinstance(c, d.EnemyCard) and c.era == 2]
    assert len(era2) == 2
    for card in era2:
        assert any(
            (n.start, n.warbands, n.general, n.fleet) == ("Mauritania", 3, 2, True)
            for n in card.nations
        )


def test_nations_six_per_card() -> None:
    for c in d.ERA_CARDS:
        if isinstance(c, d.EnemyCard):
            assert [n.face for n in c.nations] == [1, 2, 3, 4, 5, 6]
            assert all(n.warbands >= 1 and n.general >= 0 for n in c.nations)


# ---------------------------------------------------------------- native forces
def test_native_forces_sixteen_per_colour() -> None:
    """15 non-Latium provinces each get one (L96) and one goes to the pot."""
    assert len(d.NATIVE_FORCES) == 16 == d.SUPPLY["native forces"].count


def test_native_force_example_strength_4_l276() -> None:
    """A warband, a city and a wall: 1 + 1 + 2 = 4."""
    example = d.NativeForce(1, 1, "wall", 2, False)
    assert example.strength == 4
    assert example in d.NATIVE_FORCES
    assert d.NativeForce(2, 0, "fort", 0, False).strength == 3


# ---------------------------------------------------------------- triumphs
def test_triumphs_l91_l586() -> None:
    assert len(d.TRIUMPHS) == 16 == d.SUPPLY["triumphs"].count
    # enough for 4 players x 3 remote provinces (L91) and solo 2 x 3 (L586)
    assert len(d.TRIUMPHS) >= 4 * len(d.REMOTE_ATTACK_ORDER)
    assert any(d.STATUE in t.arts for t in d.TRIUMPHS)  # L486 statue icons
    for t in d.TRIUMPHS:
        assert t.points > 0 and set(t.arts) <= set(d.ARTS)


# ---------------------------------------------------------------- supplies
def test_supplies_and_piece_costs() -> None:
    assert d.FLEET_NUMBERS == (1, 2, 3, 4, 5, 6)  # a d6 storm hits one number (L298)
    assert d.SUPPLY["fleets"].count == len(d.FLEET_NUMBERS)
    assert d.PIECE_COST == {"city": 4, "fort": 2, "wall": 4, "fleet": 3}
    assert d.GENERAL_BONUS == {1: 0, 2: 1, 3: 2, 4: 3}


# ---------------------------------------------------------------- inferred
def _records() -> list[object]:
    out: list[object] = []
    out += d.SUPPLIES + d.PIECE_COSTS + d.GENERAL_BONUSES + d.CITADEL_CHART
    out += d.BUILDINGS + d.GODS + d.TEMPLE_CHART + d.GLORY_CHART
    out += d.NATIVE_FORCES + d.TRIUMPHS + d.SOLO_BUILDING_BONUSES
    for b in d.BUILDINGS:
        out += b.boxes
    for c in d.ERA_CARDS:
        out.append(c)
        out += c.leaders if isinstance(c, d.RomanCard) else c.nations
    return out


TEXT_RECORDS = {
    # (type, key) the rulebook states in full; everything else is a stand-in
    ("Supply", "legions"),
    ("Supply", "start senators"),
    ("Supply", "blocking senators"),
    ("CitadelBonus", 6),
    ("God", "Vesta"),
    ("TempleBenefit", ("Mars", 1)),
    ("TempleBenefit", ("Mars", 5)),
    ("Building", "Servian Wall"),
    ("Building", "Temple of Jupiter"),
    ("Box", ("Temple of Jupiter", 3)),
}


def _key(rec: object, owner: dict[int, str]) -> tuple[str, object]:
    kind = type(rec).__name__
    if isinstance(rec, d.Supply | d.PieceCost):
        return kind, getattr(rec, "name", getattr(rec, "piece", None))
    if isinstance(rec, d.CitadelBonus):
        return kind, rec.roll
    if isinstance(rec, d.Building | d.God):
        return kind, rec.name
    if isinstance(rec, d.TempleBenefit):
        return kind, (rec.god, rec.number)
    if isinstance(rec, d.Box):
        return kind, (owner[id(rec)], rec.number)
    return kind, id(rec)


def test_every_stand_in_is_marked_inferred() -> None:
    """Every record has an ``inferred`` field; only those the text gives in
    full are False, every other one (TR-C) is True."""
    owner = {id(box): b.name for b in d.BUILDINGS for box in b.boxes}
    records = _records()
    assert len(records) > 150
    seen = set()
    for rec in records:
        assert dataclasses.is_dataclass(rec)
        assert rec.__dataclass_params__.frozen  # type: ignore[attr-defined]
        key = _key(rec, owner)
        if key in TEXT_RECORDS:
            seen.add(key)
            assert rec.inferred is False, key  # type: ignore[attr-defined]
        else:
            assert rec.inferred is True, key  # type: ignore[attr-defined]
    assert seen == TEXT_RECORDS


def test_records_are_frozen() -> None:
    box = d.BUILDING["Forum"].boxes[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        box.amount = 9  # type: ignore[misc]


# ---------------------------------------------------------------- agrees with the maps
def test_names_agree_with_the_maps() -> None:
    """Glory provinces and enemy Start provinces are provinces of every map;
    a nation with a bonus fleet starts where a bonus Enemy fleet can go
    (never Oceanus Atlanticus, L325)."""
    from engine.romans import maps

    assert d.ITALIAN_PROVINCES == maps.ITALIAN_PROVINCES
    assert d.REMOTE_ATTACK_ORDER == maps.REMOTE_PROVINCES
    assert d.NO_ENEMY_FLEET_SEAS == maps.NO_ENEMY_FLEET_SEAS
    for m in maps.MAPS.values():
        names = {p.name for p in m.provinces}
        assert len(names) == 16 == len(d.NATIVE_FORCES)  # 15 counters placed + 1 to the pot
        fleet_sea = dict(m.enemy_fleet_sea)
        for g in d.GLORY_CHART:
            assert set(g.faces[:5]) <= names, (m.name, g.era)
        for c in d.ERA_CARDS:
            for n in c.nations if isinstance(c, d.EnemyCard) else ():
                assert n.start in names, n
                if n.fleet:
                    assert fleet_sea[n.start] not in (None, *d.NO_ENEMY_FLEET_SEAS), n
