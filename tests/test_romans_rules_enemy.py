"""The Enemy response beyond the rulebook's worked examples: where an
Enemy army must stop, how it chooses between routes, re-targeting, attacks
repeated with unchanged strengths, sea invasions and fortifications.
Lines (L…) are those of /work/shared/rules/the-romans.txt; map A throughout."""

from __future__ import annotations

from engine.romans.actions import Route
from engine.romans.scenario import Scenario
from engine.romans.state import INDEX, LATIUM, PLACES
from tests.romans_helpers import MED_OCC, RED, G, has, pending, play


def enemy(**map_kw):
    return Scenario(players=4).boards(*"AAAA").at("enemy", 1).map(RED, **map_kw)


def trail(s, seat=RED):
    """The Enemy army's moves, fights and overruns on ``seat``'s map, in order."""
    out = []
    for e in s.events:
        if e[0] in ("enemy moves", "enemy fight", "overrun") and e[1] == seat:
            out.append((e[0].split()[-1], PLACES[e[2]]))
    return out


def test_the_army_stops_and_attacks_the_first_roman_province_it_enters():
    """L349-350: it moves freely through Native provinces but must stop and
    attack whenever it enters a Roman occupied province (Venetia, no city)."""
    s = enemy(garrison=["Venetia"]).horde(RED, "Gallia", 1).dice(6, 1).build()
    assert trail(s)[:2] == [("moves", "Venetia"), ("fight", "Venetia")]
    assert has(s.players[RED].garrison, "Venetia")  # the army was beaten there (7 to 2)


def test_two_routes_of_fewest_moves_the_player_chooses():
    """L347: if two routes are as short, the player chooses (Gallia to
    Illyricum's city through Venetia or through Germania)."""
    s = (enemy(garrison=["Illyricum"], cities=["Latium", "Illyricum"])
         .horde(RED, "Gallia", 2).build())
    assert pending(s) == "route" and G.to_move(s) == RED
    assert sorted(G.legal(s)) == [Route(("Germania", "Illyricum")), Route(("Venetia", "Illyricum"))]
    s = play(s, Route(("Germania", "Illyricum")))
    assert trail(s)[:3] == [("moves", "Germania"), ("moves", "Illyricum"), ("fight", "Illyricum")]


def test_a_route_is_cut_where_the_army_must_stop():
    """L350: the routes offered end at the first Roman province on them."""
    s = (enemy(garrison=["Illyricum", "Venetia"], cities=["Latium", "Illyricum"])
         .horde(RED, "Gallia", 2).build())
    assert sorted(G.legal(s)) == [Route(("Germania", "Illyricum")), Route(("Venetia",))]


def test_after_conquering_its_target_the_army_chooses_a_new_target():
    """L340: if the target city province is conquered, a new target city is
    selected (Etruria's falls, Latium's is next)."""
    s = (enemy(cities=["Latium", "Etruria"]).horde(RED, "Venetia", 3)
         .dice(1, 6, 1, 1).build())
    assert trail(s)[:4] == [("moves", "Etruria"), ("fight", "Etruria"), ("moves", "Latium"),
                            ("fight", "Latium")]
    assert has(s.players[RED].warbands, "Etruria") or not has(s.players[RED].garrison, "Etruria")


def test_a_beaten_enemy_loses_a_warband_and_attacks_again_with_its_initial_strength():
    """L365-368: Rome higher: one warband is eliminated and the Enemy must
    attack again; the initial strengths are not changed."""
    s = enemy().horde(RED, "Etruria", 3).dice(6, 1, 1, 6).build()
    battles = [e for e in s.events if e[0] == "enemy battle" and e[1] == RED]
    assert battles[0][2:] == (LATIUM, 3 + 6, 3 + 1, True, 6, 1)  # Rome 9, the Enemy 4
    assert battles[1][2:] == (LATIUM, 3 + 1, 3 + 6, False, 1, 6)  # still 3 + the die
    assert ("fall of rome", RED, 2) in s.events  # two warbands left


def test_no_sea_invasion_into_a_fortified_province_unless_in_unrest():
    """L370-372: an Enemy army never invades by sea a Roman province holding a
    fortification, unless it is in unrest: then it overruns it."""
    s = (enemy(cities=["Latium", "Apulia"], forts=["Latium", "Apulia"], unrest=["Apulia"])
         .horde(RED, "Mauritania", 2, fleet=MED_OCC).build())
    assert trail(s)[:3] == [("moves", MED_OCC), ("moves", "Apulia"), ("overrun", "Apulia")]
    p = s.players[RED]
    assert not has(p.garrison, "Apulia") and not has(p.unrest, "Apulia")
    fortified = (enemy(cities=["Latium", "Apulia"], forts=["Latium", "Apulia"])
                 .horde(RED, "Mauritania", 2, fleet=MED_OCC).dice(6, 1).build())
    assert ("moves", "Apulia") not in trail(fortified)


def test_the_start_province_held_by_rome_is_attacked_first():
    """L331: steps 1 and 2 are skipped when the Start province is occupied by
    a Roman garrison."""
    s = enemy(garrison=["Gallia"]).horde(RED, "Gallia", 2).dice(6, 1).build()
    assert trail(s)[0] == ("fight", "Gallia")


def test_the_campaign_ends_with_the_last_warband_and_the_general_goes_back():
    """L374-375."""
    s = enemy(garrison=["Venetia"]).horde(RED, "Gallia", 1, general=2).dice(6, 1).build()
    assert ("enemy spent", RED) in s.events
    assert s.players[RED].horde is None


def test_enemy_overrun_of_a_province_in_unrest_leaves_a_warband_as_garrison():
    """L351: overrun: no roll; all Roman pieces eliminated, unrest removed,
    one warband left as garrison; the army goes on with the rest."""
    s = (enemy(garrison=["Venetia"], unrest=["Venetia"]).horde(RED, "Gallia", 2)
         .dice(1, 6).build())
    assert trail(s)[:3] == [("moves", "Venetia"), ("overrun", "Venetia"), ("moves", "Etruria")]
    rolls = [e for e in s.events if e[0] == "enemy roll"]
    assert rolls and rolls[0][1:] == (1, 6)  # the first roll is at Latium, not Venetia
    assert ("enemy conquers", RED, INDEX["Venetia"]) in s.events  # a warband stayed


def test_enemy_armies_on_every_map_attack_with_one_shared_roll():
    """L329, L359: Enemy campaigns are simultaneous; each attack step is one
    roll of the dice for every army attacking."""
    s = (Scenario(players=4).boards(*"AAAA").at("enemy", 1).order(0, 1, 2, 3)
         .horde(0, "Etruria", 1).horde(1, "Campania", 1).dice(6, 1).build())
    rolls = [e for e in s.events if e[0] == "enemy roll"]
    battles = [e for e in s.events if e[0] == "enemy battle"]
    assert len(rolls) == 1 and rolls[0][1:] == (6, 1)
    assert [(e[1], e[3:]) for e in battles] == [(0, (3 + 6, 1 + 1, True, 6, 1)),
                                                (1, (3 + 6, 1 + 1, True, 6, 1))]
