"""Every worked example of The Romans' rulebook, as a test.

Each position is set up with the scenario builder (engine/romans/
scenario.py) the way the example describes it and played through the public
protocol (legal / play). Line numbers (L…) are those of
/work/shared/rules/the-romans.txt. Red, Blue, Yellow and Green are seats 0-3.
Where an example leaves something open (which province, which senator),
the test picks one and says so; the maps are the stand-in map A.
"""

from __future__ import annotations

from engine.romans.actions import (
    Citadel,
    CitadelUse,
    Invade,
    Keep,
    March,
    Raise,
    Senator,
)
from engine.romans.data import NATIVE_FORCES
from engine.romans.scenario import Scenario, native
from engine.romans.state import INDEX
from tests.romans_helpers import (
    ADRIATICUM,
    BLUE,
    MED_OCC,
    MED_OR,
    RED,
    G,
    events,
    face_up,
    has,
    illegal,
    names,
    pending,
    play,
)

HALT = ("halt",)
WARBAND_CITY_WALL = native(1, 1, "wall", 2)  # L276: strength 4
ONE_WARBAND = native(1)


def expansion(players=4, era=1, seed=1):
    """Era ``era``'s expansion, turn order Red, Blue, Yellow, Green, and
    every Villa empty but the ones a test fills."""
    sc = Scenario(players=players, seed=seed).at("expansion", era).order(*range(players))
    for seat in range(players):
        sc = sc.villa(seat)
    return sc


# ---------------------------------------------------------------- 5A senators
def test_senator_rank_must_reach_the_box_a_III_never_in_box_IV():
    """L175: a senator only goes in a box whose number his rank equals or
    exceeds; a III-rank senator could never be placed in box IV."""
    s = expansion().villa(RED, 3).docks(RED, gold=10).build()
    assert G.to_move(s) == RED
    for box in (1, 2, 3):
        assert Senator(3, "Forum", box, "") in G.legal(s)
    illegal(s, Senator(3, "Forum", 4, ""))


def test_one_senator_per_box_and_one_per_building_per_player_cost_paid():
    """L176-178: one senator per box; never two of one player in a building;
    the box's cost (one resource or 2 gold) is paid onto the senator."""
    s = (expansion().villa(RED, 1, 3).villa(BLUE, 4)
         .docks(RED, gold=6, manpower=1).docks(BLUE, gold=6).build())
    s = play(s, Senator(3, "Forum", 2, ""))
    assert s.players[RED].docks[3] == 6 - 2  # the Forum's box costs 2 gold
    assert s.boxes[2][1] != 0
    s = play(s, Raise(1, "Villa"), Raise(2, "Villa"))  # the two ranks it earned
    assert G.to_move(s) == BLUE
    illegal(s, Senator(4, "Forum", 2, ""))  # the box is taken
    s = play(s, Senator(4, "Forum", 4, ""))
    while G.to_move(s) == BLUE:
        s = play(s, G.legal(s)[-1])
    # next round: Red has a senator in the Forum already
    assert G.to_move(s) == RED and s.phase == "expansion"
    illegal(s, Senator(3, "Forum", 1, ""))
    manpower = s.players[RED].docks[0]
    s = play(s, Senator(3, "Castra Peregrina", 1, ""))  # costs one manpower
    assert s.players[RED].docks[0] == manpower - 1


def test_a_box_that_cannot_be_paid_for_is_closed():
    """L178: a box costs one resource or 2 gold: without them, no placement."""
    s = expansion().villa(RED, 4).docks(RED, manpower=0, victuals=0, materials=0, gold=1).build()
    for building in ("Forum", "Basilica Aemilia", "Castra Peregrina", "Servian Wall"):
        for box in (1, 2, 3, 4):
            illegal(s, Senator(4, building, box, ""))
    assert Citadel(4) in G.legal(s)  # the Citadel costs nothing (L186)


# ---------------------------------------------------------------- the Citadel
def test_citadel_II_senator_rolling_6_earns_five_actions():
    """L193: a II-rank senator rolls a 6: two actions for his rank and three
    for the roll, five in all."""
    s = expansion().villa(RED, 2).dice(6).build()
    s = play(s, Citadel(2))
    assert pending(s) == "citadel"
    assert s.pending[-1].data == (5,)
    assert CitadelUse("gold", "", 5) in G.legal(s)


def test_citadel_five_actions_three_gold_one_unrest_one_conversion_in_era_4():
    """L195-202: five actions used as 3 gold, one unrest removed and one city
    converted to Christianity (Eras 4 and 5 only)."""
    s = (expansion(era=4).villa(RED, 2).docks(RED, gold=0)
         .map(RED, cities=["Latium"], unrest=["Gallia"]).dice(6).build())
    s = play(s, Citadel(2))
    for _ in range(3):
        s = play(s, CitadelUse("gold", "", 1))
    s = play(s, CitadelUse("calm", "Gallia", 1))
    assert CitadelUse("convert", "Latium", 1) in G.legal(s)
    s = play(s, CitadelUse("convert", "Latium", 1))
    p = s.players[RED]
    assert p.docks[3] == 3
    assert not has(p.unrest, "Gallia")
    assert names(p.christian) == {"Latium"}
    assert pending(s) != "citadel"  # the five are spent


def test_citadel_cannot_convert_a_city_in_era_3():
    """L200: converting a city is an action of Eras 4 and 5 only."""
    s = expansion(era=3).villa(RED, 4).dice(6).build()
    s = play(s, Citadel(4))
    assert not [a for a in G.legal(s) if a[1] == "convert"]
    illegal(s, CitadelUse("convert", "Latium", 1))


# ---------------------------------------------------------------- sea invasions
def test_sea_invasion_flips_the_fleet_once_per_era():
    """L209-211: a province reached only by sea: the fleet (dice icon face
    down) is flipped; each fleet makes one sea invasion per Era."""
    s = (expansion().villa(RED, 1, 4).barracks(RED, 6).leader(RED, 1, max_army=5)
         .map(RED, fleets={1: MED_OCC}).build())
    a = Invade(4, "Mauritania", 3, (MED_OCC,))
    assert a in G.legal(s)
    illegal(s, Invade(4, "Mauritania", 3, ()))  # not next to a garrison
    s = play(s, a)
    assert face_up(s.players[RED], 1)


def test_a_fleet_showing_its_dice_icon_cannot_invade_but_still_counts_for_revenue():
    """L214-215: a face-up fleet cannot carry out a sea invasion; it can
    still be used when collecting revenue (Basilica Aemilia, L606)."""
    s = (expansion().villa(RED, 4).barracks(RED, 6).leader(RED, 1, max_army=5)
         .map(RED, garrison=["Hispania"], fleets={1: MED_OCC}, fleets_up=[1])
         .docks(RED, gold=2).build())
    assert not [a for a in G.legal(s) if a[0] == "invade" and a.seas]
    s = play(s, Senator(4, "Basilica Aemilia", 4, ""))  # revenue from every province
    # Latium (gold: 2) and Hispania (gold: 2, outside Italy: needs the fleet)
    assert s.players[RED].docks[3] == 0 + 2 + 2


def test_chained_sea_invasion_mauritania_to_syria_flips_both_med_fleets():
    """L217: for an army in Mauritania to invade Syria, Rome flips its fleets
    in Mediterraneum Occidentis and Mediterraneum Orientis."""
    s = (expansion().villa(RED, 4).barracks(RED, 6).leader(RED, 1, max_army=5)
         .map(RED, garrison=["Hispania"], fleets={1: MED_OCC, 2: MED_OR, 3: ADRIATICUM},
              natives={"Mauritania": ONE_WARBAND, "Syria": ONE_WARBAND})
         .dice(6, 1, 6, 1).build())
    s = play(s, Invade(4, "Mauritania", 4, ()))  # over land from Hispania
    assert pending(s) == "march"
    chain = March("Syria", (MED_OCC, MED_OR))
    assert chain in G.legal(s)
    s = play(s, chain)
    p = s.players[RED]
    assert face_up(p, 1) and face_up(p, 2) and not face_up(p, 3)
    assert has(p.garrison, "Syria") and pending(s) == "march"


# ---------------------------------------------------------------- 5B attacks
def test_attack_example_in_etruria():
    """L266-277: a +2 general (a III senator) and three legions in Etruria:
    Rome 5; the counter shows a warband, a city and a wall: the Enemy 4.
    Dice 3/5: 8 against 9, the Enemy wins, one legion is eliminated and
    Rome attacks again, its initial strength unchanged (5, though two legions
    are left). Dice 1/2: 6 against 6, a tie: Rome wins, the Native force is
    eliminated (to the pot) and one legion garrisons Etruria."""
    s = (expansion().villa(RED, 3).barracks(RED, 3).leader(RED, 1, max_army=5)
         .map(RED, natives={"Etruria": WARBAND_CITY_WALL}).docks(RED, gold=0)
         .dice(3, 5, 1, 2).build())
    pot = len(s.pot)
    s = play(s, Invade(3, "Etruria", 3, ()))
    assert events(s, "fight")[0][3:] == (5, 4)
    battles = events(s, "battle")
    assert battles[0][3:] == (8, 9, False)
    assert battles[1][3:] == (6, 6, True)
    assert s.roll == (1, 2)
    p = s.players[RED]
    assert has(p.garrison, "Etruria")
    assert p.natives[INDEX["Etruria"]] is None
    assert len(s.pot) == pot + 1 and s.pot[-1].card == WARBAND_CITY_WALL
    assert p.docks[3] == NATIVE_FORCES[WARBAND_CITY_WALL].gold  # the gold it shows
    assert p.army.legions == 1  # three, one lost, one garrisons
    assert pending(s) == "march"


def test_an_army_that_loses_every_legion_ends_and_the_native_force_turns_face_down():
    """L246-248: each defeat eliminates a legion and Rome must attack again;
    when all are gone the Native force is flipped face down."""
    s = (expansion().villa(RED, 1).barracks(RED, 2).leader(RED, 1, max_army=5)
         .map(RED, natives={"Etruria": WARBAND_CITY_WALL}).dice(1, 6, 1, 6).build())
    s = play(s, Invade(1, "Etruria", 2, ()))
    p = s.players[RED]
    assert p.army is None and not has(p.garrison, "Etruria")
    assert p.barracks == 0 and p.legions_out == 1  # only Latium's legion
    assert p.natives[INDEX["Etruria"]].card == WARBAND_CITY_WALL  # back in its place


def test_shared_dice_two_armies_one_roll_different_outcomes():
    """L250-252: the 1st player rolls once and every army attacking in that
    step uses the roll; the outcomes may differ from map to map."""
    strong = native(4, gold=1)
    s = (expansion().villa(RED, 2).villa(BLUE, 1).barracks(RED, 1).barracks(BLUE, 1)
         .leader(RED, 1, max_army=5).leader(BLUE, 2, max_army=5)
         .map(RED, natives={"Etruria": native(2)}).map(BLUE, natives={"Etruria": strong})
         .dice(4, 2).build())
    s = play(s, Invade(2, "Etruria", 1, ()), Invade(1, "Etruria", 1, ()))
    assert len(events(s, "battle roll")) == 1 and s.roll == (4, 2)
    red, blue = (e for e in events(s, "battle"))
    assert red[:2] == ("battle", RED) and red[3:] == (6, 4, True)
    assert blue[:2] == ("battle", BLUE) and blue[3:] == (5, 6, False)
    assert has(s.players[RED].garrison, "Etruria")
    assert not has(s.players[BLUE].garrison, "Etruria") and s.players[BLUE].army is None


def test_moving_on_after_a_win_and_ending_the_campaign():
    """L256-264: after a win the army moves into an adjacent Native province
    or ends its campaign: one legion garrisons, the general and the others
    go to the Barracks."""
    s = (expansion().villa(RED, 2).barracks(RED, 4).leader(RED, 1, max_army=5)
         .map(RED, natives={"Etruria": ONE_WARBAND, "Venetia": ONE_WARBAND})
         .dice(6, 1, 6, 1).build())
    s = play(s, Invade(2, "Etruria", 4, ()))
    assert March("Venetia", ()) in G.legal(s) and HALT in G.legal(s)
    s = play(s, March("Venetia", ()))
    assert pending(s) == "march"
    s = play(s, HALT)
    p = s.players[RED]
    assert names(p.garrison) == {"Latium", "Etruria", "Venetia"}
    assert p.army is None and p.barracks == 2  # 4 legions, 2 left as garrisons


def test_an_army_with_nowhere_to_go_can_only_end_its_campaign():
    """L262, L279: an army 'stuck' with no adjacent Native province and no
    sea invasion ends its campaign."""
    s = (expansion().villa(RED, 2).barracks(RED, 3).leader(RED, 1, max_army=5)
         .map(RED, garrison=["Hispania", "Gallia", "Mauritania"],
              natives={"Britannia": ONE_WARBAND})
         .dice(6, 1).build())
    s = play(s, Invade(2, "Britannia", 3, ()))  # Britannia's only land link is Gallia
    s = play(s, Keep(RED, 0))  # its Triumph (7C)
    assert G.legal(s) == [HALT]
    s = play(s, HALT)
    assert s.players[RED].barracks == 2


def test_one_legion_army_ends_its_campaign_as_the_garrison():
    """L260: the campaign ends when the final legion becomes a garrison."""
    s = (expansion().villa(RED, 4).barracks(RED, 1).leader(RED, 1, max_army=5)
         .map(RED, natives={"Etruria": ONE_WARBAND}).dice(6, 1).build())
    s = play(s, Invade(4, "Etruria", 1, ()))
    p = s.players[RED]
    assert p.army is None and has(p.garrison, "Etruria") and p.barracks == 0
