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
    Benefits,
    Build,
    Buy,
    Citadel,
    CitadelUse,
    Invade,
    Keep,
    Leader,
    March,
    Nation,
    PlaceNative,
    PlacePiece,
    PlaceUnrest,
    PraetorianArmy,
    Raise,
    Senator,
    Sets,
    Take,
    Target,
    Types,
)
from engine.romans.data import BUILDINGS, NATIVE_FORCES
from engine.romans.scenario import native, triumph
from engine.romans.state import BLOCKED, INDEX, LATIUM, PLACES, occupant
from tests.romans_helpers import (
    ADRIATICUM,
    BLUE,
    GREEN,
    MED_OCC,
    MED_OR,
    ONE_WARBAND,
    RED,
    YELLOW,
    G,
    events,
    expansion,
    face_up,
    fleet_at,
    has,
    illegal,
    names,
    pending,
    play,
    romans,
)

HALT = ("halt",)
FORUM = 2  # its place in data.BUILDINGS
WARBAND_CITY_WALL = native(1, 1, "wall", 2)  # L276: strength 4


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
    assert battles[0][3:] == (8, 9, False, 3, 5)  # each battle keeps its dice
    assert battles[1][3:] == (6, 6, True, 1, 2)
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
    assert red[:2] == ("battle", RED) and red[3:] == (6, 4, True, 4, 2)
    assert blue[:2] == ("battle", BLUE) and blue[3:] == (5, 6, False, 4, 2)
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


def test_an_army_with_nowhere_to_go_ends_its_campaign():
    """L262, L279: an army 'stuck' with no adjacent Native province and no
    sea invasion ends its campaign: nobody is asked."""
    s = (expansion().villa(RED, 2).barracks(RED, 3).leader(RED, 1, max_army=5)
         .map(RED, garrison=["Hispania", "Gallia", "Mauritania"],
              natives={"Britannia": ONE_WARBAND})
         .dice(6, 1).build())
    s = play(s, Invade(2, "Britannia", 3, ()))  # Britannia's only land link is Gallia
    s = play(s, Keep(RED, 0))  # its Triumph (7C)
    assert not s.pending or s.pending[-1].kind != "march"
    assert s.players[RED].army is None and s.players[RED].barracks == 2


def test_one_legion_army_ends_its_campaign_as_the_garrison():
    """L260: the campaign ends when the final legion becomes a garrison."""
    s = (expansion().villa(RED, 4).barracks(RED, 1).leader(RED, 1, max_army=5)
         .map(RED, natives={"Etruria": ONE_WARBAND}).dice(6, 1).build())
    s = play(s, Invade(4, "Etruria", 1, ()))
    p = s.players[RED]
    assert p.army is None and has(p.garrison, "Etruria") and p.barracks == 0


# ---------------------------------------------------------------- 6A storms
def test_storm_roll_1_sinks_every_fleet_numbered_1_then_all_fleets_face_down():
    """L298-302: the 1st player rolls the black die once; every player
    eliminates the fleet showing that number (Red's in Mediterraneum
    Occidentis); then all fleets are flipped dice icon face down."""
    s = (romans(4).at("response", 1)
         .map(RED, fleets={1: MED_OCC, 2: MED_OR}, fleets_up=[2])
         .map(BLUE, fleets={1: ADRIATICUM}).map(YELLOW, fleets={3: MED_OCC}, fleets_up=[3])
         .dice(1).build())
    assert events(s, "storm") == [("storm", 1)]
    red, blue, yellow = s.players[RED], s.players[BLUE], s.players[YELLOW]
    assert fleet_at(red, MED_OCC) == 0 and fleet_at(red, MED_OR) == 2
    assert fleet_at(blue, ADRIATICUM) == 0
    assert fleet_at(yellow, MED_OCC) == 3
    assert red.fleets_up == blue.fleets_up == yellow.fleets_up == 0


# ---------------------------------------------------------------- 6B remote attacks
def test_remote_attacks_britannia_then_germania_then_mesopotamia_shared_rolls():
    """L304-311: Britannia is attacked first on every map with one shared
    roll, then Germania, then Mesopotamia. The Enemy's strength is printed on
    the map (stand-in map A: Britannia 1, Germania 3, Mesopotamia 2); a tie
    goes to the Enemy (R10): all Roman pieces there are eliminated and a
    Native force from the pot takes their place. In unrest: no roll, all
    Roman pieces eliminated and the unrest removed."""
    s = (romans(4).at("response", 1).order(RED, BLUE, YELLOW, GREEN)
         .map(RED, garrison=["Britannia"]).map(BLUE, garrison=["Britannia"], forts=["Britannia"])
         .map(YELLOW, garrison=["Germania"]).map(GREEN, unrest=["Mesopotamia"])
         .dice(6, 2, 2).chance(0).dice(6, 1).chance(0).build())
    rolls = events(s, "remote roll")
    assert [e[1] for e in rolls] == [INDEX["Britannia"], INDEX["Germania"]]  # none for Meso
    battles = {e[1]: e[3:6] for e in events(s, "remote battle")}
    assert battles[RED] == (1 + 2, 1 + 2, False)  # a tie: the Enemy wins
    assert battles[BLUE] == (2 + 2, 1 + 2, True)
    assert battles[YELLOW] == (1 + 6, 3 + 1, True)
    assert GREEN not in battles
    red, blue, yellow, green = s.players
    assert not has(red.garrison, "Britannia") and red.natives[INDEX["Britannia"]] is not None
    assert has(blue.garrison, "Britannia") and has(yellow.garrison, "Germania")
    assert not has(green.garrison, "Mesopotamia") and not has(green.unrest, "Mesopotamia")


# ---------------------------------------------------------------- 6D nations
def test_enemy_nation_warbands_general_and_a_bonus_fleet_that_sinks_a_roman_fleet():
    """L317-324 and the Era 2 example (L383): the Carthaginians put three
    warbands and a +2 general in Mauritania; their bonus fleet would go to
    Mediterraneum Occidentis, but Red has a fleet there: both are eliminated."""
    s = (romans(4).at("nations", 2).order(RED, BLUE, YELLOW, GREEN)
         .map(RED, fleets={1: MED_OCC}).build())
    carthage = Nation(1, RED)
    assert carthage in G.legal(s)
    s = play(s, carthage)
    red = s.players[RED]
    assert red.horde.place == INDEX["Mauritania"]
    assert (red.horde.warbands, red.horde.general) == (3, 2)
    assert fleet_at(red, MED_OCC) == 0 and red.enemy_fleet == -1 and red.horde.fleet == -1
    # Blue faces the same nation? No: one marker per nation (L317)
    illegal(s, Nation(1, BLUE))


def test_enemy_bonus_fleet_goes_to_its_sea_and_never_to_oceanus_atlanticus():
    """L324-326: the bonus fleet goes in the sea next to the Start province
    (Mauritania touches Oceanus Atlanticus too: never there)."""
    s = romans(4).at("nations", 2).order(RED, BLUE, YELLOW, GREEN).build()
    s = play(s, Nation(1, RED))
    assert s.players[RED].enemy_fleet == INDEX[MED_OCC]
    assert s.players[RED].horde.fleet == INDEX[MED_OCC]


# ---------------------------------------------------------------- 6E targets
def first(s, kind, seat=RED):
    return next(e for e in s.events if e[0] == kind and e[1] == seat)


def test_target_is_the_closest_city_syria_one_move_before_macedonia_two():
    """L337-339 (R11): an army in Aegyptus with an Enemy fleet in
    Mediterraneum Orientis: Syria's city is one move away, Macedonia's two:
    Syria is the target."""
    s = (romans(4).at("enemy", 1)
         .map(RED, cities=["Latium", "Syria", "Macedonia"], garrison=["Syria", "Macedonia"])
         .horde(RED, "Aegyptus", 2, fleet=MED_OR).build())
    assert first(s, "enemy moves")[2] == INDEX["Syria"]
    assert first(s, "enemy fight")[2] == INDEX["Syria"]


def test_target_tie_goes_to_the_city_nearer_latium_macedonia_over_asia():
    """L341: were the city in Asia rather than Syria, both would be two moves
    away; Macedonia's is the target, being closer to Latium."""
    s = (romans(4).at("enemy", 1)
         .map(RED, cities=["Latium", "Asia", "Macedonia"], garrison=["Asia", "Macedonia"])
         .horde(RED, "Aegyptus", 2, fleet=MED_OR).build())
    assert first(s, "enemy fight")[2] == INDEX["Macedonia"]
    assert first(s, "enemy moves")[2] == INDEX[MED_OR]


def test_target_still_tied_the_player_chooses():
    """L342: if two cities are still equally near (to the army and to
    Latium), the player chooses the target. Here Etruria and Campania, two
    moves from Mauritania by the Enemy fleet and one from Latium (Latium's
    own city is fortified against the sea)."""
    s = (romans(4).at("enemy", 1)
         .map(RED, cities=["Latium", "Etruria", "Campania"], garrison=["Etruria", "Campania"])
         .horde(RED, "Mauritania", 2, fleet=MED_OCC).build())
    assert G.to_move(s) == RED and pending(s) == "target"
    assert sorted(G.legal(s)) == sorted([Target("Etruria"), Target("Campania")])
    s = play(s, Target("Campania"))
    assert first(s, "enemy fight")[2] == INDEX["Campania"]


def test_with_no_city_on_the_map_the_target_is_latium():
    """L343: in the rare event there are no cities, the target is Latium."""
    s = (romans(4).at("enemy", 1)
         .map(RED, cities=[], garrison=["Macedonia"])
         .horde(RED, "Illyricum", 1).build())
    assert first(s, "enemy fight")[2] == LATIUM  # past Macedonia's garrison, no city there


# ---------------------------------------------------------------- THE Era 2 campaign
ERA2_MAP = dict(garrison=["Mauritania", "Illyricum", "Apulia"],
                cities=["Latium", "Etruria", "Illyricum", "Apulia"], forts=["Latium"],
                walls=["Etruria"], unrest=["Venetia"])


def era2(fleet: bool):
    """L383-400: the Enemy response of Era 2; the Enemy (the Carthaginians)
    places three warbands and a +2 general in Mauritania, held by a Roman
    garrison. Solo, so no other army shares the dice (the black die blocks
    entry 6 first)."""
    fleets = {1: MED_OCC} if fleet else {}
    return (romans(1).at("nations", 2).map(0, fleets=fleets, **ERA2_MAP)
            .pot(native(2), ONE_WARBAND).dice(6, 1, 1, 1, 1).build())


def test_era2_campaign_with_the_roman_fleet():
    """L383-396: both fleets sunk; (1) no target while Mauritania holds a
    garrison; (2) the attack succeeds, a warband garrisons Mauritania; (3)
    Etruria and Illyricum are both 4 moves away: Etruria, closer to Latium,
    is the target; (4) through Hispania and Gallia to Venetia; (5) Venetia
    is in unrest: overrun, the legion and the unrest removed, a second
    warband garrisons it; (6) the attack on Etruria fails: the final warband
    is removed and the general goes back. Then (6F, L404) two Native forces
    are drawn, examined and placed in Mauritania and Venetia."""
    s = era2(fleet=True)
    s = play(s, Nation(1, 0))
    assert events(s, "fleets sunk") == [("fleets sunk", 0, INDEX[MED_OCC])]
    kinds = [e for e in s.events if e[0].startswith("enemy") or e[0] == "overrun"]
    assert kinds[0] == ("enemy fight", 0, INDEX["Mauritania"], 3 + 2, 1)  # steps 1-2
    assert kinds[1][:2] == ("enemy roll", 1) and kinds[2].held is False  # Rome lost
    assert kinds[3] == ("enemy conquers", 0, INDEX["Mauritania"])
    moves = [PLACES[e[2]] for e in kinds if e[0] == "enemy moves"]
    assert moves == ["Hispania", "Gallia", "Venetia", "Etruria"]  # steps 3-4, 6
    assert ("overrun", 0, INDEX["Venetia"]) in kinds  # step 5
    fight = first(s, "enemy fight", 0)
    assert fight == ("enemy fight", 0, INDEX["Mauritania"], 5, 1)
    etruria = [e for e in kinds if e[0] == "enemy fight"][1]
    assert etruria == ("enemy fight", 0, INDEX["Etruria"], 1 + 2, 1 + 1 + 2)  # warband+general
    assert kinds[-1] == ("enemy spent", 0)
    p = s.players[0]
    assert p.horde is None
    assert has(p.garrison, "Etruria") and has(p.walls, "Etruria")
    assert not has(p.garrison, "Venetia") and not has(p.unrest, "Venetia")
    # 6F: the two counters drawn differ: Rome places them
    assert pending(s) == "natives"
    assert set(s.pending[-1].data[0]) == {INDEX["Mauritania"], INDEX["Venetia"]}
    assert all(h.seen & 1 for h in s.pending[-1].data[1])  # examined
    spot = PLACES[s.pending[-1].data[0][0]]
    other = ({"Mauritania", "Venetia"} - {spot}).pop()
    s = play(s, PlaceNative(spot, 1))
    p = s.players[0]
    assert p.natives[INDEX[spot]].card == ONE_WARBAND
    assert p.natives[INDEX[other]].card == native(2)
    assert not p.warbands


def test_era2_campaign_without_the_roman_fleet_apulia_is_the_target_by_sea():
    """L398-400: with no Roman fleet, the Enemy fleet goes to Mediterraneum
    Occidentis and the army may invade by sea: Apulia's city, two moves
    from Mauritania, is the target; Latium's and Etruria's cannot be, one
    has a fort and the other a wall."""
    s = era2(fleet=False)
    s = play(s, Nation(1, 0))
    assert s.players[0].enemy_fleet == INDEX[MED_OCC] or not events(s, "fleets sunk")
    moves = [PLACES[e[2]] for e in s.events if e[0] == "enemy moves"]
    assert moves[:2] == [MED_OCC, "Apulia"]
    fights = [PLACES[e[2]] for e in s.events if e[0] == "enemy fight"]
    assert fights[:2] == ["Mauritania", "Apulia"]


# ---------------------------------------------------------------- 7H Fall of Rome
def fall(era: int, score: int):
    return (romans(4).at("enemy", era).score(RED, score)
            .horde(RED, "Etruria", 4).dice(1, 6).build())


def test_fall_of_rome_eras_1_to_4_five_points_per_warband_and_a_legion_back():
    """L524-530: the Enemy conquers Latium: 5 points off per warband in the
    army, the warbands eliminated, a legion back in Latium at no cost."""
    s = fall(2, 30)
    assert ("fall of rome", RED, 4) in s.events
    assert ("score", RED, -20, "Fall of Rome") in s.events
    p = s.players[RED]
    assert has(p.garrison, "Latium") and not has(p.cities, "Latium")
    assert not has(p.forts, "Latium") and not p.warbands


def test_fall_of_rome_never_below_1():
    """L530 (R19): the Score marker never goes back past 1."""
    s = fall(1, 12)
    assert ("score", RED, -11, "Fall of Rome") in s.events
    assert s.players[RED].score >= 1


def test_fall_of_rome_era_5_one_warband_stays_in_latium():
    """L532-534: in Era 5 one warband stays in Latium; the others are
    eliminated at 5 points each; no legion replaces it."""
    s = fall(5, 40)
    assert ("score", RED, -15, "Fall of Rome") in s.events
    p = s.players[RED]
    assert has(p.warbands, "Latium") and not has(p.garrison, "Latium")


# ---------------------------------------------------------------- 4C turn order
def test_turn_order_fewest_points_first_tie_uppermost_marker_first():
    """L144-146: fewest points first; on a tie, the marker uppermost on the
    space (the last to arrive there) goes earlier."""
    s = (romans(4).at("prep", 2).score(RED, 5).score(BLUE, 3).score(YELLOW, 5)
         .score(GREEN, 2).dice(1, 1, 1, 1).build())
    assert s.order == (GREEN, BLUE, YELLOW, RED)


# ---------------------------------------------------------------- 7A Glory
def test_glory_era_3_first_scores_7_the_third_5_in_turn_order_with_city_bonus():
    """L419-427, L431: Era 3's chart shows 7; the players conquering their
    Glory province score in turn order, each one point less per marker moved
    off the chart before (the third scores 5); then 1 point per city on their
    map, not counting a city in unrest. Unrest in the province is removed
    when the Glory is earned."""
    unrest_counter = native(1, 0, "fort", 0, True)
    sc = expansion(era=3)
    for seat in (RED, BLUE, YELLOW):
        sc = (sc.villa(seat, 1).barracks(seat, 1).leader(seat, seat + 1, max_army=5)
              .glory(seat, "Gallia").score(seat, 10))
    sc = (sc.map(RED, garrison=["Venetia"], natives={"Gallia": ONE_WARBAND})
          .map(BLUE, garrison=["Venetia"], cities=["Latium", "Hispania"], unrest=["Hispania"],
               natives={"Gallia": ONE_WARBAND})
          .map(YELLOW, garrison=["Venetia"], natives={"Gallia": unrest_counter}))
    s = sc.dice(6, 1).build()
    s = play(s, *[Invade(1, "Gallia", 1, ())] * 3)
    glory = [(e[1], e[2]) for e in events(s, "score") if e[3] == "glory"]
    assert glory == [(RED, 7), (BLUE, 6), (YELLOW, 5)]
    bonus = [(e[1], e[2]) for e in events(s, "score") if e[3] == "city bonus"]
    assert bonus == [(RED, 1), (BLUE, 1), (YELLOW, 1)]  # Blue's Hispania is in unrest
    assert not has(s.players[YELLOW].unrest, "Gallia")
    assert [p.glory for p in s.players[:3]] == [-1, -1, -1]  # off the chart


def test_glory_by_building_a_city_there():
    """L415-416: building a city in the Glory province (a bonus piece too)
    earns the Glory."""
    s = (expansion(era=3).villa(RED, 1).glory(RED, "Gallia").waiting(RED, "city")
         .map(RED, garrison=["Gallia"]).build())
    s = play(s, PlacePiece("city", "Gallia"))
    assert ("score", RED, 7, "glory") in s.events
    assert ("score", RED, 2, "city bonus") in s.events  # Latium and Gallia


# ---------------------------------------------------------------- 7B gods
ITALY = ["Venetia", "Etruria", "Campania", "Apulia"]  # and Latium


def test_temple_of_jupiter_III_box_with_mars_roll_3_recruits_10_or_benefits_4_and_1():
    """L457-458: Red places a senator in the III box of the Temple, takes
    Mars and rolls 3: with the +2 bonus, 5: recruit 10 legions (benefit 5),
    or benefits 4 and 1: points for legions outside Italy and 3 legions."""
    base = (expansion().villa(RED, 3).barracks(RED, 0).docks(RED, victuals=1)
            .map(RED, garrison=ITALY + ["Gallia"]).score(RED, 5).dice(3))
    s = play(base.build(), Senator(3, "Temple of Jupiter", 3, "Mars"))
    assert s.gods[1] == RED  # Mars
    assert pending(s) == "benefits" and s.pending[-1].data == ("Mars", 5)
    assert Benefits(5, 0) in G.legal(s) and Benefits(4, 1) in G.legal(s)
    assert Benefits(6, 0) not in G.legal(s)
    ten = play(s, Benefits(5, 0))
    assert ten.players[RED].barracks == 10
    split = play(s, Benefits(4, 1))
    assert split.players[RED].barracks == 3
    assert ("score", RED, 1, "Mars") in split.events  # one legion outside Italy (Gallia)


def test_a_god_needs_all_five_italian_provinces_occupied_and_none_in_unrest():
    """L435: a god may be taken only if Venetia, Etruria, Latium, Campania and
    Apulia are all occupied and none is in unrest (R3: no Temple without one)."""
    short = expansion().villa(RED, 4).docks(RED, victuals=1).map(RED, garrison=ITALY[:3]).build()
    assert not [a for a in G.legal(short) if a[0] == "senator" and a.god]
    restless = (expansion().villa(RED, 4).docks(RED, victuals=1)
                .map(RED, garrison=ITALY, unrest=["Apulia"]).build())
    assert not [a for a in G.legal(restless) if a[0] == "senator" and a.god]


def test_blue_I_senator_on_the_servian_wall_with_vesta_spends_up_to_10_gold():
    """L466: Blue places a I senator on the Servian Wall and chooses Vesta:
    the IV box's effect, spending up to 10 gold on pieces, even though
    another senator occupies box IV (L468)."""
    s = (expansion().villa(BLUE, 1).docks(BLUE, materials=1, gold=12)
         .map(BLUE, garrison=ITALY).senator("Servian Wall", 4, RED, 4).build())
    assert G.to_move(s) == BLUE
    s = play(s, Senator(1, "Servian Wall", 1, "Vesta"))
    assert pending(s) == "build" and s.pending[-1].data[0] == 10


def test_a_god_goes_back_when_an_italian_province_receives_unrest():
    """L449: a player holding a god loses it when one of the Italian
    provinces receives unrest (here from the Basilica Aemilia)."""
    s = (expansion().villa(RED, 4).docks(RED, gold=2).map(RED, garrison=ITALY)
         .god("Mercury", RED).build())
    s = play(s, Senator(4, "Basilica Aemilia", 4, "Mercury"))
    assert pending(s) == "unrest"
    s = play(s, PlaceUnrest("Etruria"))
    assert s.gods[2] == -1 and ("god back", RED, "Mercury") in s.events


def test_a_god_is_never_taken_from_another_player_and_one_per_era():
    """L437, L435: Blue holds Mars: Red cannot take it; a player holding a
    god uses that one only."""
    s = (expansion().villa(RED, 4).docks(RED, victuals=1).map(RED, garrison=ITALY)
         .god("Mars", BLUE).build())
    gods = {a.god for a in G.legal(s) if a[0] == "senator" and a.building == "Temple of Jupiter"}
    assert gods == {"Vesta", "Mercury", "Minerva"}
    s = (expansion().villa(RED, 4).docks(RED, victuals=1).map(RED, garrison=ITALY)
         .god("Vesta", RED).build())
    gods = {a.god for a in G.legal(s) if a[0] == "senator" and a.building == "Temple of Jupiter"}
    assert gods == {"Vesta"}


def test_mercury_split_resources_first_then_points_resources_kept():
    """L636-639: with Mercury, resources may be bought after rolling; a
    split score takes resources first and scores points second; the
    resources are not removed."""
    s = (expansion().villa(RED, 4).docks(RED, manpower=0, victuals=1, materials=0, gold=3)
         .map(RED, garrison=ITALY).score(RED, 5).dice(4).build())
    s = play(s, Senator(4, "Temple of Jupiter", 4, "Mercury"))
    assert s.pending[-1].data == ("Mercury", 7)
    assert Buy("materials") in G.legal(s)
    s = play(s, Benefits(3, 4))  # 4 resources, then 1 point per 2 resources
    assert pending(s) == "take"
    s = play(s, Take((4, 0, 0)))
    assert ("score", RED, 2, "Mercury") in s.events
    assert s.players[RED].docks[:3] == (4, 0, 0)


def test_vesta_builds_at_servian_wall_prices_paying_nothing():
    """L635: with Vesta at the Temple, pieces cost what the Servian Wall
    shows but nothing is paid."""
    s = (expansion().villa(RED, 4).docks(RED, victuals=1, gold=0)
         .map(RED, garrison=ITALY + ["Gallia"]).dice(2).build())
    s = play(s, Senator(4, "Temple of Jupiter", 4, "Vesta"), Benefits(5, 0))
    assert pending(s) == "build"
    s = play(s, Build("city", "Gallia"))
    assert has(s.players[RED].cities, "Gallia") and s.players[RED].docks[3] == 0


# ---------------------------------------------------------------- 7C Triumphs
def test_triumphs_yellow_conquers_germania_examines_three_keeps_one():
    """L474-478: Red has already conquered Germania. Yellow conquers it and
    examines the Germania Triumphs of his own, Green's and Blue's maps,
    keeps one and returns the other two to Green's and Blue's maps (it does
    not matter which goes where)."""
    mine, greens, blues = triumph(7), triumph(4), triumph(5)
    s = (expansion().villa(YELLOW, 1).barracks(YELLOW, 1).leader(YELLOW, 1, max_army=5)
         .map(RED, garrison=["Germania"])
         .map(YELLOW, garrison=["Venetia"], natives={"Germania": ONE_WARBAND})
         .triumphs(YELLOW, "Germania", mine).triumphs(GREEN, "Germania", greens)
         .triumphs(BLUE, "Germania", blues).dice(6, 1).build())
    s = play(s, Invade(1, "Germania", 1, ()))
    assert pending(s) == "triumph" and G.to_move(s) == YELLOW
    assert sorted(G.legal(s)) == [Keep(BLUE, 0), Keep(YELLOW, 0), Keep(GREEN, 0)]
    seen = G.view(s, YELLOW)
    assert [p.remote_triumphs[1][0].card for p in seen.players[1:]] == [blues, mine, greens]
    assert G.view(s, RED).players[GREEN].remote_triumphs[1][0].card < 0  # Red saw nothing
    s = play(s, Keep(GREEN, 0))
    p = s.players
    assert [h.card for h in p[YELLOW].triumphs] == [greens]
    assert p[YELLOW].remote_triumphs[1] == ()
    assert [h.card for h in p[GREEN].remote_triumphs[1]] == [mine]
    assert [h.card for h in p[BLUE].remote_triumphs[1]] == [blues]
    assert p[RED].remote_triumphs[1] == ()


def over(sc):
    """The end of the game: Era 5's Enemy campaign with no Enemy army."""
    return sc.at("enemy", 5).build()


def test_arts_icons_each_worth_the_number_held_by_all_players():
    """L484-486: Red has one statue icon, Yellow two: each statue is worth
    3 points, Red scores 3 and Yellow 6."""
    s = over(romans(4).collected(RED, triumph(3, "statue"))
             .collected(YELLOW, triumph(2, "statue", "statue")))
    assert G.is_over(s)
    r = G.result(s)
    assert r.breakdown[RED]["arts"] == 3 and r.breakdown[YELLOW]["arts"] == 6
    assert r.breakdown[RED]["triumphs"] == 3 and r.breakdown[YELLOW]["triumphs"] == 2


# ---------------------------------------------------------------- 8 final scoring
def test_final_scoring_christian_cities_items_triumphs_nothing_in_unrest():
    """L540-546: 3 points per Christian city, 1 per five items in the Docks
    and Barracks, the Triumphs; nothing for a province in unrest."""
    s = over(romans(4).map(RED, garrison=["Gallia", "Asia"], christian=["Latium", "Gallia", "Asia"],
                           unrest=["Gallia"])
             .docks(RED, manpower=2, victuals=1, materials=1, gold=3).barracks(RED, 4)
             .collected(RED, triumph(7)))
    parts = G.result(s).breakdown[RED]
    assert parts["christian"] == 6  # Latium and Asia; Gallia is in unrest
    assert parts["items"] == 2  # 7 + 4 = 11 items
    assert parts["triumphs"] == 7 and parts["arts"] == 0


# ---------------------------------------------------------------- 7E-7F regions and legions
def test_regions_a_city_and_fort_in_gallia_leave_nothing_to_build_in_hispania():
    """L494-496: one city and one fortification per region: a city and a
    fort in Gallia mean nothing more can be built in Hispania."""
    s = (expansion().villa(RED, 1).waiting(RED, "city", "fort")
         .map(RED, garrison=["Hispania"], cities=["Latium", "Gallia"], forts=["Latium", "Gallia"])
         .build())
    places = {a.place for a in G.legal(s) if a[0] == "piece"}
    assert "Hispania" not in places and places == set()  # Latium and Gallia hold theirs
    s = (expansion().villa(RED, 1).waiting(RED, "city")
         .map(RED, garrison=["Hispania", "Etruria"], cities=["Latium", "Gallia"]).build())
    assert {a.place for a in G.legal(s) if a[0] == "piece"} == {"Etruria"}


def test_servian_wall_a_city_taken_up_and_rebuilt_elsewhere_in_its_region():
    """L618 (Servian Wall 3): a city may be removed and rebuilt elsewhere at
    full cost; the region still holds one."""
    s = (expansion().villa(RED, 1).docks(RED, materials=1, gold=4)
         .map(RED, garrison=["Hispania"], cities=["Latium", "Gallia"]).build())
    s = play(s, Senator(1, "Servian Wall", 1, ""))
    s = play(s, Build("city", "Hispania"))
    p = s.players[RED]
    assert names(p.cities) == {"Latium", "Hispania"} and p.docks[3] == 0


def test_eighteen_legions_is_the_limit():
    """L502: each player has 18 legions, the limit."""
    s = (expansion().villa(RED, 1).barracks(RED, 16).docks(RED, manpower=1).build())
    s = play(s, Senator(1, "Castra Peregrina", 1, ""))  # recruits 2: only 1 is left
    assert s.players[RED].barracks == 17 and s.players[RED].legions_out == 18


# ---------------------------------------------------------------- 10 buildings
def test_forum_raise_2_is_II_to_IV_for_a_placed_senator_who_stays_in_his_box():
    """L612-613: 'raise 2 ranks' lifts a II to a IV, or two Is to IIs; a
    senator already placed may be raised but stays in his box."""
    s = expansion().villa(RED, 1, 1, 2).docks(RED, gold=2).build()
    s = play(s, Senator(2, "Forum", 2, ""))
    assert Raise(2, "Forum") in G.legal(s) and Raise(1, "Villa") in G.legal(s)
    up = play(s, Raise(2, "Forum"), Raise(3, "Forum"))
    assert occupant(up.boxes[FORUM][1]) == (RED, 4)
    assert up.players[RED].villa == (1, 1)
    two = play(s, Raise(1, "Villa"), Raise(1, "Villa"))
    assert two.players[RED].villa == (2, 2) and occupant(two.boxes[FORUM][1]) == (RED, 2)


def test_basilica_revenue_needs_a_fleet_outside_italy_and_places_unrest_where_collected():
    """L604-609: outside Italy a province yields revenue only with a fleet
    next to it; a resource symbol gives one, a gold symbol 2 gold; one
    unrest goes in a province just collected from (R15: none collected, no
    unrest)."""
    no_fleet = (expansion().villa(RED, 1).docks(RED, gold=2)
                .map(RED, garrison=["Hispania", "Etruria"]).build())
    s = play(no_fleet, Senator(1, "Basilica Aemilia", 1, ""))
    assert s.players[RED].docks[3] == 0 + 2  # Latium's gold; Hispania's needs a fleet
    assert s.players[RED].docks[2] == 1 + 1  # Etruria's materials
    assert sorted(G.legal(s)) == [PlaceUnrest("Etruria"), PlaceUnrest("Latium")]
    s = play(s, PlaceUnrest("Etruria"))
    assert names(s.players[RED].unrest) == {"Etruria"}
    fleet = (expansion().villa(RED, 1).docks(RED, gold=2)
             .map(RED, garrison=["Hispania", "Etruria"], fleets={1: MED_OCC}).build())
    s = play(fleet, Senator(1, "Basilica Aemilia", 1, ""))
    assert s.players[RED].docks[3] == 2 + 2
    restless = (expansion().villa(RED, 1).docks(RED, gold=2).map(RED, unrest=["Latium"]).build())
    s = play(restless, Senator(1, "Basilica Aemilia", 1, ""))
    assert s.players[RED].docks == (1, 1, 1, 0) and not events(s, "unrest")


def test_baths_of_agrippa_collect_chosen_types_and_place_no_unrest():
    """L645-646: the four types of revenue are gold and the three resources
    (Basilica Aemilia rules)."""
    s = (expansion().later("Baths of Agrippa").villa(RED, 1).docks(RED, gold=2)
         .map(RED, garrison=["Etruria"]).build())
    s = play(s, Senator(1, "Baths of Agrippa", 1, ""))
    assert Types(("gold",)) in G.legal(s) and len(G.legal(s)) == 4
    s = play(s, Types(("gold",)))
    assert s.players[RED].docks == (1, 1, 1, 2) and not s.players[RED].unrest


def test_castra_praetoria_army_without_general_beyond_army_size_spare_legions_calm_unrest():
    """L648-655: an army with no general, larger than the leader's army
    size, attacks one province; on a win one legion garrisons, the others
    remove unrest anywhere (each goes to the supply), the rest go to the
    Barracks."""
    s = (expansion().later("Castra Praetoria").villa(RED, 1).barracks(RED, 3)
         .leader(RED, 1, max_army=1).docks(RED, manpower=1)
         .map(RED, unrest=["Venetia"], natives={"Etruria": ONE_WARBAND}).dice(1, 1).build())
    s = play(s, Senator(1, "Castra Praetoria", 1, ""))
    assert pending(s) == "army"
    s = play(s, PraetorianArmy("Etruria", 3, ()))
    assert events(s, "fight")[0][3:] == (3, 1)  # no general's bonus
    p = s.players[RED]
    assert has(p.garrison, "Etruria") and not p.unrest
    assert p.barracks == 1 and p.army is None
    assert p.legions_out == 1 + 3  # one legion went to the supply


def test_colosseum_scores_resource_sets_which_go_to_the_supply():
    """L657-658: the player says how many sets (none up to all: resources
    may be kept for later boxes)."""
    s = (expansion().later("Colosseum").villa(RED, 1).score(RED, 5)
         .docks(RED, manpower=2, victuals=3, materials=1).build())
    s = play(s, Senator(1, "Colosseum", 1, ""))
    assert G.legal(s) == [Sets(1), Sets(0)]  # one complete set: materials 1
    s = play(s, Sets(1))
    assert ("score", RED, 2, "Colosseum") in s.events
    assert s.players[RED].docks[:3] == (1, 1, 0)  # the box cost 1 victuals


def test_ludus_magnus_and_theatre_of_balbus_score_nothing_in_unrest():
    """L660-664: no points for an occupied province, a city or a
    fortification in unrest."""
    s = (expansion().later("Ludus Magnus").villa(RED, 2).score(RED, 5).docks(RED, manpower=1)
         .map(RED, garrison=["Gallia", "Etruria"], unrest=["Etruria"]).build())
    s = play(s, Senator(2, "Ludus Magnus", 2, ""))
    assert ("score", RED, 2, "Ludus Magnus") in s.events  # Latium and Gallia
    s = (expansion().later("Theatre of Balbus").villa(RED, 1).score(RED, 5)
         .docks(RED, materials=1)
         .map(RED, cities=["Latium", "Gallia"], unrest=["Gallia"]).build())
    s = play(s, Senator(1, "Theatre of Balbus", 1, ""))
    assert ("score", RED, 1, "Theatre of Balbus") in s.events


# ---------------------------------------------------------------- 9A-9B fewer players
def test_three_players_blocking_senators_on_every_original_and_the_revealed_later_building():
    """L552-558: with 3 players a blocking senator lies face up in its
    matching box on each Original building, and one on each Later building
    as it is turned over; no senator may be placed on one."""
    s = G.setup(3, seed=5)
    assert s.phase == "leaders"  # Era 1's Later building is face up
    later = s.later[0].card
    for b, building in enumerate(BUILDINGS):
        blocked = [number for number, code in enumerate(s.boxes[b], start=1) if code >= BLOCKED]
        if building.original or b == later:
            assert len(blocked) == 1, building.name
            assert s.boxes[b][blocked[0] - 1] == BLOCKED + blocked[0]  # its matching box
        else:
            assert blocked == [], building.name
    assert len(s.blockers) == 5 and len(s.blocker_box) == 2
    s = (romans(3).at("expansion").order(0, 1, 2).villa(0, 4).villa(1).villa(2)
         .docks(0, manpower=1, victuals=1, materials=1, gold=8).build())
    for b, building in enumerate(BUILDINGS):
        for number, code in enumerate(s.boxes[b], start=1):
            if code >= BLOCKED:
                illegal(s, Senator(4, building.name, number, ""))


def test_three_players_the_black_die_blocks_a_leader_and_a_nation():
    """L560-561: before the 1st player chooses, the black die is placed on
    the leader it shows: nobody may choose him; the same for nations."""
    s = romans(3).at("leaders").dice(4).build()
    assert s.block == 4
    assert {a.face for a in G.legal(s)} == {1, 2, 3, 5, 6}
    illegal(s, Leader(4, G.to_move(s)))
    s = romans(3).at("nations").dice(2).build()
    assert {a.face for a in G.legal(s)} == {1, 3, 4, 5, 6}


def test_two_players_the_first_may_choose_a_leader_for_the_second():
    """L567-572: the 1st player chooses a leader for himself or for the 2nd
    player; then the 2nd player chooses the 1st player's leader."""
    s = romans(2).at("leaders").order(1, 0).dice(6).build()
    assert G.to_move(s) == 1
    assert Leader(1, 1) in G.legal(s) and Leader(1, 0) in G.legal(s)
    s = play(s, Leader(1, 0))  # for the 2nd player (Romulus: no bonus piece)
    assert s.players[0].leader == 1 and G.to_move(s) == 0
    assert {a.user for a in G.legal(s)} == {1}  # now choosing the 1st player's
    s = play(s, Leader(5, 1))
    assert s.players[1].leader == 5


# ---------------------------------------------------------------- 9C solo
def test_solo_glory_rolls_reroll_6_and_the_enemy_rerolls_romes_number():
    """L587: Rome and The Enemy roll, re-rolling a 6; The Enemy rolls again
    until it differs from Rome. Era 1: Rome 6 then 4 (Illyricum), The Enemy
    4, 6, then 5 (Macedonia)."""
    s = romans(1).at("prep").dice(6, 4, 4, 6, 5).build()
    assert s.players[0].glory == INDEX["Illyricum"]
    assert s.enemy_glory == INDEX["Macedonia"]


def solo_glory():
    return (romans(1).at("expansion").villa(0, 4).barracks(0, 3).leader(0, 1, max_army=5)
            .glory(0, "Illyricum").enemy(glory="Macedonia", score=2).score(0, 3)
            .map(0, garrison=["Venetia"],
                 natives={"Illyricum": ONE_WARBAND, "Macedonia": native(1, gold=1)}))


def test_solo_glory_example_illyricum_scores_5_and_conquering_macedonia_denies_the_enemy():
    """L588-590 (R25): Era 1, Rome's marker on Illyricum, The Enemy's on
    Macedonia. Rome conquers Illyricum and scores 5 (plus the city bonus:
    Latium's city), then conquers Macedonia: The Enemy's marker is removed,
    nobody scores it."""
    s = play(solo_glory().dice(6, 1, 6, 1).build(), Invade(4, "Illyricum", 3, ()))
    assert ("score", 0, 5, "glory") in s.events and ("score", 0, 1, "city bonus") in s.events
    s = play(s, March("Macedonia", ()))
    assert ("deny glory", 0, INDEX["Macedonia"]) in s.events and s.enemy_glory == -1
    s = play(s, HALT)
    assert s.phase != "expansion" and s.enemy_score == 2  # The Enemy scored nothing


def test_solo_the_enemy_scores_its_glory_at_the_end_of_expansion_otherwise():
    """L591: if The Enemy's marker is still on the chart at the end of Roman
    expansion, The Enemy scores the value in full."""
    s = solo_glory().dice(1).build()
    s = play(s, Citadel(4), CitadelUse("gold", "", 4))
    assert ("enemy score", 5, "glory") in s.events and s.enemy_score == 2 + 5


def test_solo_building_bonus_to_the_enemy_with_a_new_senator_icon_else_to_rome():
    """L592-595 (R28: Era 1's space is worth 25): a Later building showing a
    New senator icon gives The Enemy the bonus; otherwise Rome scores it."""
    s = romans(1).at("prep").later("Baths of Agrippa").dice(1, 2).build()
    assert s.enemy_score == 2 + 25 and s.players[0].score == 1
    s = romans(1).at("prep").later("Amphitheatrum Castrense").dice(1, 2).build()
    assert s.enemy_score == 2 and s.players[0].score == 1 + 25


def test_solo_result_says_whether_rome_beat_the_enemy():
    """L581, L546: nobody wins when The Enemy scores more than Rome."""
    won = G.result(over(romans(1).score(0, 60).enemy(score=40)))
    assert won.winners == (0,) and "Rome beats The Enemy" in won.outcome
    assert won.others == (("The Enemy", 40),)
    lost = G.result(over(romans(1).score(0, 60).enemy(score=90)))
    assert lost.winners == () and "The Enemy wins" in lost.outcome


def test_three_players_the_linked_gods_IV_box_works_even_under_a_blocking_senator():
    """L559 (R22): placing a senator in the chosen god's linked building, the
    IV box's effect may be used even if a blocking senator is in that box.
    (Seed 2 puts the Servian Wall's blocking senator in box IV.)"""
    s = (romans(3, seed=2).at("expansion").order(0, 1, 2).villa(0, 1).villa(1).villa(2)
         .docks(0, materials=1, gold=12).map(0, garrison=ITALY).build())
    assert s.boxes[3][3] == BLOCKED + 4  # the Servian Wall's box IV
    illegal(s, Senator(4, "Servian Wall", 4, ""))
    s = play(s, Senator(1, "Servian Wall", 1, "Vesta"))
    assert pending(s) == "build" and s.pending[-1].data[0] == 10


def test_simultaneous_conquests_collect_triumphs_in_turn_order():
    """L480: players conquering the same remote province at once collect its
    Triumphs in turn order: Red examines first, then Blue what is left."""
    reds, blues, yellows, greens = triumph(7), triumph(6), triumph(5), triumph(4)
    sc = expansion()
    for seat in (RED, BLUE):
        sc = (sc.villa(seat, 1).barracks(seat, 1).leader(seat, seat + 1, max_army=5)
              .map(seat, garrison=["Venetia"], natives={"Germania": ONE_WARBAND}))
    for seat, token in ((RED, reds), (BLUE, blues), (YELLOW, yellows), (GREEN, greens)):
        sc = sc.triumphs(seat, "Germania", token)
    s = play(sc.dice(6, 1).build(), Invade(1, "Germania", 1, ()), Invade(1, "Germania", 1, ()))
    assert G.to_move(s) == RED and pending(s) == "triumph"
    s = play(s, Keep(BLUE, 0))  # Red takes Blue's; his own goes to Blue's map
    assert G.to_move(s) == BLUE and pending(s) == "triumph"
    assert sorted(G.legal(s)) == [Keep(BLUE, 0), Keep(YELLOW, 0), Keep(GREEN, 0)]
    assert [h.card for h in s.players[BLUE].remote_triumphs[1]] == [reds]
    s = play(s, Keep(BLUE, 0))
    assert [h.card for h in s.players[RED].triumphs] == [blues]
    assert [h.card for h in s.players[BLUE].triumphs] == [reds]


def test_solo_building_bonus_of_era_2_is_20():
    """L592 (R28): 25, 20, 15, 10, 5 from Era 1 to Era 5."""
    s = (romans(1).at("prep", 2).later("Baths of Agrippa", "Amphitheatrum Castrense").score(0, 30)
         .enemy(score=30).dice(1, 2).build())
    assert ("score", 0, 20, "building bonus") in s.events and s.enemy_score == 30


def test_solo_two_triumphs_in_each_remote_province_rome_keeps_one():
    """L586, L474: solo, two Triumphs lie in each remote province; Rome
    examines both and keeps one (the other leaves the map: there is no other
    map to return it to)."""
    s = (romans(1).at("expansion").villa(0, 1).barracks(0, 1).leader(0, 1, max_army=5)
         .map(0, garrison=["Venetia"], natives={"Germania": ONE_WARBAND})
         .triumphs(0, "Germania", triumph(7), triumph(6)).dice(6, 1).build())
    s = play(s, Invade(1, "Germania", 1, ()))
    assert sorted(G.legal(s)) == [Keep(0, 0), Keep(0, 1)]
    s = play(s, Keep(0, 1))
    assert [h.card for h in s.players[0].triumphs] == [triumph(6)]
    assert s.players[0].remote_triumphs[1] == ()
    assert triumph(7) in [h.card for h in s.triumph_box]
