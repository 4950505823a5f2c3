"""Roman preparation and expansion beyond the rulebook's worked examples:
leaders and bonus pieces, armies' size, gods once per Era, the Roman
re-set, building and trading. Lines (L…) are those of
/work/shared/rules/the-romans.txt; map A throughout."""

from __future__ import annotations

from engine.romans.actions import (
    Benefits,
    Build,
    Buy,
    Citadel,
    CitadelUse,
    Collect,
    Invade,
    Leader,
    PlacePiece,
    PlaceUnrest,
    Sell,
    Senator,
)
from engine.romans.data import ERA_CARDS
from engine.romans.state import EMPTY, INDEX
from tests.romans_helpers import (
    ADRIATICUM,
    BLUE,
    MED_OCC,
    RED,
    G,
    events,
    expansion,
    has,
    illegal,
    names,
    pending,
    play,
    romans,
)

ITALY = ["Venetia", "Etruria", "Campania", "Apulia"]  # and Latium
TEMPLE, BASILICA = "Temple of Jupiter", "Basilica Aemilia"




# ---------------------------------------------------------------- 4D leaders
def test_a_leader_gives_his_gold_and_a_bonus_fleet_goes_to_an_empty_sea_by_a_roman_province():
    """L150-156: take the leader's gold and place his bonus piece free; a
    bonus fleet goes face down in an empty sea next to a Roman province."""
    s = (romans().at("leaders").era_cards("A").order(RED, BLUE, 2, 3)
         .map(RED, garrison=["Apulia"], fleets={1: ADRIATICUM}).build())
    ancus = next(e for e in ERA_CARDS[s.card].leaders if e.name == "Ancus Marcius")
    gold = s.players[RED].docks[3]
    s = play(s, Leader(ancus.face, RED))
    assert s.players[RED].docks[3] == gold + ancus.gold
    assert pending(s) == "piece"
    assert {a.place for a in G.legal(s)} == {MED_OCC}  # Adriaticum holds Red's fleet
    s = play(s, PlacePiece("fleet", MED_OCC))
    p = s.players[RED]
    assert INDEX[MED_OCC] in p.fleets and not p.fleets_up  # dice icon face down


def test_a_bonus_piece_that_cannot_be_placed_waits_in_the_villa_until_the_end_of_expansion():
    """L154, L290: a piece that cannot be placed is stored in the Villa; one
    not placed by the end of expansion goes to the supply."""
    s = (romans().at("leaders").era_cards("A").order(RED, BLUE, 2, 3)
         .map(RED, forts=["Latium"], cities=["Latium"]).build())
    numa = next(e for e in ERA_CARDS[s.card].leaders if e.bonus == "city")
    s = play(s, Leader(numa.face, RED))
    assert G.legal(s) == [PlacePiece("city", "Villa")]  # Latium's region holds its city
    s = play(s, PlacePiece("city", "Villa"))
    assert s.players[RED].waiting == ("city",)
    while s.phase in ("leaders", "expansion", "campaign") and s.era == 1:
        s = play(s, next((a for a in G.legal(s) if a[0] == "citadel"), G.legal(s)[0]))
    assert s.players[RED].waiting == ()


# ---------------------------------------------------------------- 5A armies
def test_an_army_takes_legions_from_the_barracks_up_to_the_maximum_army_size():
    """L205-207 (R7, R8): legions from the Barracks, no more than the Era
    card's maximum army size; with none in the Barracks, no army."""
    s = expansion().villa(RED, 2).barracks(RED, 6).leader(RED, 1, max_army=4).build()
    sizes = {a.legions for a in G.legal(s) if a[0] == "invade" and a.province == "Etruria"}
    assert sizes == {1, 2, 3, 4}
    s = expansion().villa(RED, 2).barracks(RED, 2).leader(RED, 1, max_army=4).build()
    assert {a.legions for a in G.legal(s) if a[0] == "invade"} == {1, 2}
    s = expansion().villa(RED, 2).barracks(RED, 0).leader(RED, 1, max_army=4).build()
    assert not [a for a in G.legal(s) if a[0] == "invade"]
    illegal(s, Invade(2, "Etruria", 1, ()))


def test_an_army_is_created_only_next_to_a_garrison_or_a_face_down_fleet():
    """L203: the province must be adjacent to a Roman garrison or to a sea
    holding a Roman fleet with its dice icon face down."""
    s = expansion().villa(RED, 2).barracks(RED, 3).leader(RED, 1, max_army=4).build()
    places = {a.province for a in G.legal(s) if a[0] == "invade"}
    assert places == {"Etruria", "Campania"}  # Latium's land neighbours


def test_the_citadel_takes_any_number_of_senators_in_an_era():
    """L184-186."""
    s = expansion().villa(RED, 1, 2).dice(1, 1).build()
    s = play(s, Citadel(1), CitadelUse("gold", "", 1))
    assert G.to_move(s) == RED and Citadel(2) in G.legal(s)


# ---------------------------------------------------------------- 7B gods: one per Era
def test_a_god_gone_back_cannot_be_replaced_by_another_in_the_same_era():
    """L435 (R5): one god per player per Era, even when the god went back
    because Italy received unrest (and the unrest was then removed)."""
    s = (expansion().villa(RED, 1, 4).docks(RED, gold=2).map(RED, garrison=ITALY)
         .god("Mercury", RED).dice(6).build())
    s = play(s, Senator(4, BASILICA, 4, "Mercury"), PlaceUnrest("Etruria"))
    assert s.gods[2] == -1
    s = play(s, Citadel(1), CitadelUse("calm", "Etruria", 1))
    while pending(s) == "citadel":
        s = play(s, CitadelUse("gold", "", 1))
    assert not s.players[RED].unrest
    assert not [a for a in G.legal(s) if a[0] == "senator" and a.god]


def test_a_god_another_player_lost_may_be_taken_and_used_at_the_temple():
    """L449, L437: Red used Mars at the Temple and lost it to unrest in
    Italy; Mars is back in its place and Blue may take it at the Temple."""
    s = (expansion().villa(RED, 3, 4).villa(BLUE, 1, 4)
         .docks(RED, victuals=1, gold=2).docks(BLUE, victuals=1)
         .map(RED, garrison=ITALY).map(BLUE, garrison=ITALY).dice(1, 1).build())
    s = play(s, Senator(3, TEMPLE, 3, "Mars"), Benefits(1, 0), Citadel(1))
    while pending(s) == "citadel":
        s = play(s, CitadelUse("gold", "", 1))
    s = play(s, Senator(4, BASILICA, 4, ""), PlaceUnrest("Etruria"))
    assert s.gods[1] == -1 and G.to_move(s) == BLUE
    assert Senator(4, TEMPLE, 4, "Mars") in G.legal(s)


# ---------------------------------------------------------------- 5C re-set
def test_roman_reset_senators_home_boxes_empty_villa_pieces_gone_markers_back():
    """L286-291: payments off, generals back to senators and all senators to
    the Villa, pieces in the Villa to the supply, gods, Glory and Era markers
    back."""
    s = (expansion().villa(RED, 1).senator("Forum", 4, RED, 4).senator("Forum", 2, BLUE, 3)
         .waiting(RED, "fleet").glory(RED, "Etruria").leader(RED, 2)
         .god("Vesta", BLUE).dice(1).build())
    before = s.players[RED]
    senators = sorted(before.villa + before.used)
    assert 4 in before.used  # the IV senator sits in the Forum
    s = play(s, Citadel(1), CitadelUse("gold", "", 1))
    assert s.phase == "nations"  # expansion is over: re-set, storms, remote attacks
    assert all(code == EMPTY for boxes in s.boxes[:5] for code in boxes)
    red = s.players[RED]
    assert list(red.villa) == senators and red.used == ()
    assert red.waiting == () and red.glory == -1 and red.leader == 0
    assert s.gods == (-1, -1, -1, -1)


# ---------------------------------------------------------------- building, trading
def test_servian_wall_a_fort_flipped_to_a_wall_costs_the_wall_and_fleets_go_by_occupied_provinces():
    """L619-621: a fort can be flipped to a wall, paying the wall's cost;
    fleets are built face down in an empty sea next to an occupied province."""
    s = (expansion().villa(RED, 4).docks(RED, materials=1, gold=10)
         .map(RED, garrison=["Apulia"]).build())
    s = play(s, Senator(4, "Servian Wall", 4, ""))
    assert {a.place for a in G.legal(s) if a[0] == "build" and a.piece == "fleet"} == {
        MED_OCC, ADRIATICUM}
    s = play(s, Build("wall", "Latium"))
    p = s.players[RED]
    assert has(p.walls, "Latium") and not has(p.forts, "Latium") and p.docks[3] == 10 - 4
    s = play(s, Build("fleet", ADRIATICUM))
    assert INDEX[ADRIATICUM] in s.players[RED].fleets and not s.players[RED].fleets_up


def test_amphitheatrum_castrense_builds_no_fleets():
    """L642-643."""
    s = (expansion().later("Amphitheatrum Castrense").villa(RED, 4)
         .docks(RED, materials=1, gold=12).map(RED, garrison=["Apulia"]).build())
    s = play(s, Senator(4, "Amphitheatrum Castrense", 4, ""))
    pieces = {a.piece for a in G.legal(s) if a[0] == "build"}
    assert "fleet" not in pieces and "city" in pieces


def test_basilica_box_I_collects_from_three_provinces_of_the_players_choice():
    """Basilica Aemilia box I (stand-in: up to 3 provinces); unrest then
    goes in one of those collected."""
    s = expansion().villa(RED, 1).docks(RED, gold=2).map(RED, garrison=ITALY).build()
    s = play(s, Senator(1, BASILICA, 1, ""))
    assert pending(s) == "collect"
    s = play(s, Collect("Latium"), Collect("Apulia"), Collect("Venetia"))
    assert {a.province for a in G.legal(s)} == {"Latium", "Apulia", "Venetia"}
    s = play(s, PlaceUnrest("Apulia"))
    assert names(s.players[RED].unrest) == {"Apulia"}
    assert events(s, "unrest") == [("unrest", RED, INDEX["Apulia"])]


def test_docks_sell_a_resource_for_1_gold_buy_one_for_3():
    """L490."""
    s = expansion().villa(RED, 1).docks(RED, manpower=1, victuals=0, gold=3).build()
    s = play(s, Sell("manpower"))
    assert s.players[RED].docks == (0, 0, 1, 4)
    s = play(s, Buy("victuals"))
    assert s.players[RED].docks == (0, 1, 1, 1)
    illegal(s, Buy("victuals"))
    illegal(s, Sell("manpower"))


def test_new_senator_icon_gives_every_player_a_I_senator():
    """L138-140."""
    s = romans().at("prep").later("Ludus Magnus").dice(1, 1, 1, 1).build()
    assert all(sorted(p.villa) == [1, 1, 2, 3, 4] for p in s.players)
    s = romans().at("prep").later("Amphitheatrum Castrense").dice(1, 1, 1, 1).build()
    assert all(sorted(p.villa) == [1, 2, 3, 4] for p in s.players)
