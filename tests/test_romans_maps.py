"""The four Empire maps of The Romans (engine/romans/maps.py).

The first 21 tests are the 21 map facts the rulebook's text gives (INVENTORY
TR-C, constraints 1-6 split into single facts), each checked on every map.
The rest check the map data itself: the provinces and seas the text names,
the regions, the remote provinces and the variants B-D.
"""

from __future__ import annotations

import pytest

from engine.romans.maps import (
    ATLANTICUS,
    ITALIAN_PROVINCES,
    LATIUM,
    MAP_NAMES,
    MAPS,
    MED_OCCIDENTIS,
    MED_ORIENTIS,
    REMOTE_PROVINCES,
    SYMBOLS,
    EmpireMap,
)

each_map = pytest.mark.parametrize("m", [MAPS[n] for n in MAP_NAMES], ids=MAP_NAMES)


def land(m: EmpireMap, a: str, b: str) -> int | None:
    return m.distance(a, b)


# ------------------------------------------------ 1. the seas of L217 (chained sea invasion)
@each_map
def test_c01_mauritania_borders_med_occidentis(m: EmpireMap) -> None:
    assert m.adjacent("Mauritania", MED_OCCIDENTIS)


@each_map
def test_c02_mauritania_does_not_border_med_orientis(m: EmpireMap) -> None:
    assert not m.adjacent("Mauritania", MED_ORIENTIS)


@each_map
def test_c03_syria_borders_med_orientis(m: EmpireMap) -> None:
    assert m.adjacent("Syria", MED_ORIENTIS)


@each_map
def test_c04_the_two_med_seas_are_adjacent(m: EmpireMap) -> None:
    assert m.adjacent(MED_OCCIDENTIS, MED_ORIENTIS)


@each_map
def test_c05_mauritania_to_syria_by_sea_needs_both_med_fleets(m: EmpireMap) -> None:
    # one fleet alone is not enough: no single sea touches both provinces
    assert not (m.seas_of("Mauritania") & m.seas_of("Syria"))
    # the two fleets together carry the army: a route through those two seas only
    route = ("Mauritania", MED_OCCIDENTIS, MED_ORIENTIS, "Syria")
    assert all(m.adjacent(a, b) for a, b in zip(route, route[1:], strict=False))
    # and it is the shortest way by those seas unless land offers a shorter one (map D)
    by_sea = m.shortest_paths("Mauritania", "Syria", [MED_OCCIDENTIS, MED_ORIENTIS])
    assert route in by_sea or m.distance("Mauritania", "Syria") < len(route) - 1


# ------------------------------------------------ 2-3. Era 2 campaign from Mauritania (L395-396)
@each_map
def test_c06_mauritania_to_etruria_is_4_land_moves(m: EmpireMap) -> None:
    assert land(m, "Mauritania", "Etruria") == 4


@each_map
def test_c07_mauritania_to_illyricum_is_4_land_moves(m: EmpireMap) -> None:
    assert land(m, "Mauritania", "Illyricum") == 4


@each_map
def test_c08_the_only_shortest_route_to_etruria_is_hispania_gallia_venetia(m: EmpireMap) -> None:
    assert m.shortest_paths("Mauritania", "Etruria") == (
        ("Mauritania", "Hispania", "Gallia", "Venetia", "Etruria"),)


@each_map
def test_c09_etruria_is_nearer_latium_than_illyricum(m: EmpireMap) -> None:
    assert land(m, "Etruria", LATIUM) < land(m, "Illyricum", LATIUM)


@each_map
def test_c10_latium_city_is_farther_from_mauritania_than_etruria(m: EmpireMap) -> None:
    # Latium always holds its start city; it is nearest to itself, so it
    # would win a tie: it must be strictly farther for Etruria to be the target.
    assert land(m, "Mauritania", LATIUM) > land(m, "Mauritania", "Etruria")


@each_map
def test_c11_apulia_city_does_not_beat_etruria_by_land(m: EmpireMap) -> None:
    # Apulia holds a city in the same example (L400) yet Etruria is the target.
    d_apulia, d_etruria = land(m, "Mauritania", "Apulia"), land(m, "Mauritania", "Etruria")
    assert d_apulia > d_etruria or (
        d_apulia == d_etruria and land(m, "Apulia", LATIUM) > land(m, "Etruria", LATIUM))


# ------------------------------------------------ 4. the same campaign with the Enemy fleet (L400)
@each_map
def test_c12_with_fleet_apulia_is_2_moves_from_mauritania(m: EmpireMap) -> None:
    assert m.distance("Mauritania", "Apulia", [MED_OCCIDENTIS]) == 2


@each_map
def test_c13_with_fleet_latium_is_2_moves_from_mauritania(m: EmpireMap) -> None:
    assert m.distance("Mauritania", LATIUM, [MED_OCCIDENTIS]) == 2


@each_map
def test_c14_with_fleet_etruria_is_2_moves_from_mauritania(m: EmpireMap) -> None:
    assert m.distance("Mauritania", "Etruria", [MED_OCCIDENTIS]) == 2


@each_map
def test_c15_apulia_latium_etruria_are_reached_by_sea_invasion(m: EmpireMap) -> None:
    # the 2-move routes go through the sea (a sea invasion, which the fort
    # and wall forbid in Latium and Etruria), not over land
    for target in ("Apulia", LATIUM, "Etruria"):
        routes = m.shortest_paths("Mauritania", target, [MED_OCCIDENTIS])
        assert routes == (("Mauritania", MED_OCCIDENTIS, target),)


# ------------------------------------------------ 5. target selection (L339-341)
@each_map
def test_c16_army_in_aegyptus_is_1_move_from_syria(m: EmpireMap) -> None:
    assert m.distance("Aegyptus", "Syria", [MED_ORIENTIS]) == 1


@each_map
def test_c17_army_in_aegyptus_is_2_moves_from_macedonia(m: EmpireMap) -> None:
    assert m.distance("Aegyptus", "Macedonia", [MED_ORIENTIS]) == 2


@each_map
def test_c18_army_in_aegyptus_is_2_moves_from_asia(m: EmpireMap) -> None:
    assert m.distance("Aegyptus", "Asia", [MED_ORIENTIS]) == 2


@each_map
def test_c19_macedonia_is_nearer_latium_than_asia(m: EmpireMap) -> None:
    for seas in ((), (MED_ORIENTIS,)):
        assert m.distance("Macedonia", LATIUM, seas) < m.distance("Asia", LATIUM, seas)


# ------------------------------------------------ 6. storms (L300) and the bonus Enemy fleet (L394)
@each_map
def test_c20_a_roman_fleet_can_sit_in_med_occidentis_from_the_start(m: EmpireMap) -> None:
    # fleets are built in a sea next to an occupied province; Latium is held from setup
    assert not m.is_sea(LATIUM)
    assert MED_OCCIDENTIS in m.seas_of(LATIUM)


@each_map
def test_c21_mauritania_bonus_enemy_fleet_goes_to_med_occidentis(m: EmpireMap) -> None:
    assert m.fleet_sea_for("Mauritania") == MED_OCCIDENTIS


# ------------------------------------------------ the map data
NAMED = ("Latium", "Venetia", "Etruria", "Campania", "Apulia", "Hispania", "Gallia",
         "Mauritania", "Illyricum", "Macedonia", "Asia", "Syria", "Britannia", "Germania",
         "Mesopotamia")


def test_there_are_four_maps() -> None:
    assert MAP_NAMES == ("A", "B", "C", "D")
    assert [MAPS[n].name for n in MAP_NAMES] == list(MAP_NAMES)


@each_map
def test_sixteen_provinces_the_fifteen_named_and_aegyptus(m: EmpireMap) -> None:
    assert len(m.provinces) == 16
    assert set(m.province_names) == set(NAMED) | {"Aegyptus"}


@each_map
def test_the_named_seas_exist(m: EmpireMap) -> None:
    assert {ATLANTICUS, MED_OCCIDENTIS, MED_ORIENTIS} <= set(m.sea_names)
    assert not set(m.sea_names) & set(m.province_names)


@each_map
def test_ten_regions_six_pairs_three_remote_and_latium(m: EmpireMap) -> None:
    regions = m.regions()
    assert len(regions) == 10
    sizes = sorted(len(v) for v in regions.values())
    assert sizes == [1, 1, 1, 1, 2, 2, 2, 2, 2, 2]
    singles = {v[0] for v in regions.values() if len(v) == 1}
    assert singles == set(REMOTE_PROVINCES) | {LATIUM}
    pairs = {frozenset(v) for v in regions.values() if len(v) == 2}
    assert frozenset({"Hispania", "Gallia"}) in pairs  # TEXT
    assert frozenset({"Campania", "Apulia"}) in pairs  # TEXT


@each_map
def test_italy_and_remote_flags(m: EmpireMap) -> None:
    assert {p.name for p in m.provinces if p.italy} == set(ITALIAN_PROVINCES)
    assert {p.name for p in m.provinces if p.remote} == set(REMOTE_PROVINCES)
    for p in m.provinces:
        assert p.symbol in SYMBOLS
        if p.remote:
            assert p.remote_strength in (1, 2, 3)
        else:
            assert p.remote_strength == 0


@each_map
def test_adjacency_is_symmetric_and_connected(m: EmpireMap) -> None:
    places = set(m.province_names) | set(m.sea_names)
    for a in places:
        assert a not in m.neighbours(a)
        for b in m.neighbours(a):
            assert a in m.neighbours(b)
    assert set(m.distances(LATIUM)) == set(m.province_names)  # by land alone
    assert set(m.distances(LATIUM, m.sea_names)) == places


@each_map
def test_bonus_enemy_fleet_sea_borders_the_start_and_is_never_atlanticus(m: EmpireMap) -> None:
    table = dict(m.enemy_fleet_sea)
    assert set(table) == set(m.province_names) - {LATIUM}
    for start, sea in table.items():
        assert sea != ATLANTICUS
        if sea is not None:
            assert m.adjacent(start, sea)
        else:
            assert m.province(start).remote


@each_map
def test_every_stand_in_is_marked_inferred(m: EmpireMap) -> None:
    assert m.inferred
    assert all(p.inferred for p in m.provinces)
    assert all(s.inferred for s in m.seas)
    assert all(link.inferred for link in m.land + m.sea_links)


def test_map_a_as_the_inventory_gives_it() -> None:
    a = MAPS["A"]
    assert a.province("Latium").symbol == "gold"
    assert a.province("Etruria").symbol == "materials"
    assert a.province("Hispania").symbol == "gold"
    assert [(p, a.province(p).remote_strength) for p in REMOTE_PROVINCES] == [
        ("Britannia", 1), ("Germania", 3), ("Mesopotamia", 2)]
    assert len(a.land) == 17
    assert not a.adjacent("Mauritania", "Aegyptus")
    assert {link.a + "-" + link.b for link in a.land if link.arrow} == {
        "Hispania-Mauritania", "Gallia-Britannia", "Macedonia-Asia"}


def test_map_b_swaps_symbols_within_each_pair() -> None:
    a, b = MAPS["A"], MAPS["B"]
    for region, names in a.regions().items():
        if len(names) == 2:
            x, y = names
            assert b.province(x).symbol == a.province(y).symbol, region
            assert b.province(y).symbol == a.province(x).symbol, region
        else:
            assert b.province(names[0]).symbol == a.province(names[0]).symbol
    assert b.province("Etruria").symbol == "victuals"  # changed
    assert b.land == a.land and b.seas == a.seas


def test_map_c_is_b_with_rotated_remote_strengths() -> None:
    b, c = MAPS["B"], MAPS["C"]
    assert [c.province(p).remote_strength for p in REMOTE_PROVINCES] == [2, 1, 3]
    assert [p.symbol for p in c.provinces] == [p.symbol for p in b.provinces]
    assert c.land == b.land


def test_map_d_alone_links_mauritania_and_aegyptus() -> None:
    d = MAPS["D"]
    assert [d.province(p).remote_strength for p in REMOTE_PROVINCES] == [3, 2, 1]
    assert [p.symbol for p in d.provinces] == [p.symbol for p in MAPS["A"].provinces]
    assert d.adjacent("Mauritania", "Aegyptus")
    assert [n for n in MAP_NAMES if MAPS[n].adjacent("Mauritania", "Aegyptus")] == ["D"]
    assert set(d.land) - set(MAPS["A"].land) == {
        next(link for link in d.land if {link.a, link.b} == {"Mauritania", "Aegyptus"})}


def test_remote_strengths_differ_between_maps() -> None:
    rows = {tuple(MAPS[n].province(p).remote_strength for p in REMOTE_PROVINCES)
            for n in MAP_NAMES}
    assert rows == {(1, 3, 2), (2, 1, 3), (3, 2, 1)}


def test_distance_api() -> None:
    a = MAPS["A"]
    assert a.distance(LATIUM, LATIUM) == 0
    assert a.distance(LATIUM, MED_OCCIDENTIS) is None  # a sea is entered only where allowed
    assert a.distance(LATIUM, MED_OCCIDENTIS, [MED_OCCIDENTIS]) == 1
    assert a.land_neighbours(LATIUM) == {"Etruria", "Campania"}
    assert a.shortest_paths(LATIUM, LATIUM) == ((LATIUM,),)
    with pytest.raises(KeyError):
        a.province("Atlantis")
