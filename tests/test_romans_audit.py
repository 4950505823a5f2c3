"""An independent rules audit of The Romans: rules the other tests do not pin
down yet, and (once the engine was fixed) the discrepancies the audit found.

Line numbers (L…) are those of /work/shared/rules/the-romans.txt; readings
(R…) are INVENTORY.md part TR-D as docs/RULES-NOTES.md records them. Red,
Blue, Yellow and Green are seats 0-3; every map is the stand-in map A.
"""

from __future__ import annotations

from collections import Counter

from engine.core import HIDDEN, Options
from engine.romans.actions import (
    Benefits,
    Build,
    Citadel,
    CitadelUse,
    Invade,
    Keep,
    Leader,
    March,
    Nation,
    PlaceNative,
    PraetorianArmy,
    Senator,
)
from engine.romans.data import NATIVE_FORCES
from engine.romans.scenario import triumph
from engine.romans.state import INDEX
from tests.romans_helpers import (
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
    pending,
    play,
    romans,
)

ITALY = ["Venetia", "Etruria", "Campania", "Apulia"]  # with Latium, always Roman
CASTRA_PEREGRINA = "Castra Peregrina"
TEMPLE = "Temple of Jupiter"


# ---------------------------------------------------------------- 9B: 2 players
def test_two_players_the_first_may_choose_a_nation_for_the_second_who_then_chooses_his():
    """L574 (9B.2): Enemy nation selection works like leader selection: the
    1st player faces a nation himself or chooses it for the 2nd player, who
    then chooses the nation the 1st player faces. The black die still
    blocks one nation (9A.3, all 3-player rules apply)."""
    s = romans(2).at("nations", 1).order(BLUE, RED).dice(6).build()
    assert s.block == 6 and G.to_move(s) == BLUE
    legal = G.legal(s)
    assert {a.user for a in legal} == {RED, BLUE}
    assert not any(a.face == 6 for a in legal)
    s = play(s, Nation(2, RED))  # the Samnites (Campania) for Red
    assert s.players[RED].nation == 2 and s.players[BLUE].nation == 0
    assert s.players[RED].horde.place == INDEX["Campania"]
    assert G.to_move(s) == RED
    assert {a.user for a in G.legal(s)} == {BLUE}  # Red now chooses Blue's
    assert Nation(2, BLUE) not in G.legal(s)  # one player per nation
    s = play(s, Nation(1, BLUE))  # the Etruscans (Etruria) for Blue
    assert ("nation", BLUE, "Etruscans") in s.events
    assert ("nation", RED, "Samnites") not in s.events  # chosen before, not again


def test_two_players_a_leader_chosen_for_the_other_gives_him_the_gold_army_and_bonus():
    """L571-572 and L146-147: a leader chosen for the other player is his:
    he takes the gold and the army size, and places the bonus piece."""
    s = romans(2).at("leaders", 1).order(RED, BLUE).dice(1).build()
    gold = s.players[BLUE].docks[3]
    s = play(s, Leader(2, BLUE))  # Numa Pompilius: army 3, 5 gold, a city
    blue = s.players[BLUE]
    assert blue.leader == 2 and blue.max_army == 3 and blue.docks[3] == gold + 5
    assert s.players[RED].leader == 0
    assert pending(s) == "piece" and G.to_move(s) == BLUE


# ---------------------------------------------------------------- R17: solo
def test_solo_rome_chooses_both_leader_and_nation_and_the_die_blocks_one():
    """R17 and 9C (all 3-player rules apply): The Enemy never picks; Rome
    chooses a leader and an Enemy nation from those the black die left."""
    s = romans(1).at("leaders", 1).dice(3).build()
    assert s.block == 3
    assert {(a.face, a.user) for a in G.legal(s)} == {(f, 0) for f in (1, 2, 4, 5, 6)}
    s = romans(1).at("nations", 2).dice(5).build()
    assert s.block == 5
    assert {(a.face, a.user) for a in G.legal(s)} == {(f, 0) for f in (1, 2, 3, 4, 6)}


# ---------------------------------------------------------------- 7B: gods
def test_a_god_taken_at_the_temple_gives_the_linked_IV_box_in_a_later_round_once():
    """L437-438: the god is used and kept; in a later round it may be used
    for the other option, the linked building's IV box whatever the box
    (L461-463). It cannot be used at the Temple a second time."""
    s = (expansion().villa(RED, 1, 2).docks(RED, manpower=1, victuals=1)
         .map(RED, garrison=ITALY).barracks(RED, 0).dice(1).build())
    s = play(s, Senator(2, TEMPLE, 2, "Mars"), Benefits(2, 0))  # 1 + 1: recruit 5
    assert s.players[RED].barracks == 5 and s.gods[1] == RED
    while s.phase != "expansion" or G.to_move(s) != RED:
        s = play(s, G.legal(s)[0])
    options = G.legal(s)
    assert Senator(1, CASTRA_PEREGRINA, 1, "Mars") in options
    s = play(s, Senator(1, CASTRA_PEREGRINA, 1, "Mars"))
    assert ("recruit", RED, 6) in s.events  # the IV box: 6, not box I's 2


def test_temple_benefits_score_as_the_chart_says_nothing_in_unrest():
    """L453-459, data.TEMPLE_CHART, 7G (no points for a province in unrest
    or anything in it): the scoring benefits and Minerva 5 on one map with
    Gallia and Hispania in unrest."""
    expected = {
        ("Mars", 4): 1,  # 1 per legion outside Italy: Illyricum only
        ("Mars", 6): 2,  # 2 per legion outside Italy
        ("Vesta", 4): 1,  # 1 per city: Latium (Gallia's is in unrest)
        ("Vesta", 6): 3,  # cities and fortifications: Latium's two, Illyricum's fort
        ("Mercury", 4): 4,  # 1 per 2 resources: 3 + 1 + 4 = 8
        ("Mercury", 6): 8,  # 1 per resource
        ("Minerva", 4): 6,  # 1 per occupied province not in unrest
    }
    for (god, number), points in expected.items():
        s = (expansion().villa(RED, 4).docks(RED, manpower=3, victuals=2, materials=4)
             .map(RED, garrison=ITALY + ["Gallia", "Illyricum", "Hispania"],
                  cities=["Latium", "Gallia"], forts=["Latium", "Illyricum"],
                  unrest=["Hispania", "Gallia"])
             .dice(6).build())
        s = play(s, Senator(4, TEMPLE, 4, god), Benefits(number, 0))
        assert events(s, "score") == [("score", RED, points, god)], (god, number)
        if god == "Mercury":
            assert s.players[RED].docks[:3] == (3, 1, 4)  # resources are kept (L633)


def test_minerva_5_removes_every_unrest_then_raises_one_rank():
    """data.TEMPLE_CHART Minerva 5: all unrest removed, then one rank raised."""
    s = (expansion().villa(RED, 4, 1).docks(RED, victuals=1)
         .map(RED, garrison=ITALY + ["Gallia", "Illyricum", "Hispania"],
              unrest=["Hispania", "Gallia", "Illyricum"])
         .dice(6).build())
    s = play(s, Senator(4, TEMPLE, 4, "Minerva"), Benefits(5, 0))
    assert s.players[RED].unrest == 0
    assert pending(s) == "raise"
    s = play(s, G.legal(s)[0])
    assert s.players[RED].villa == (2,) and pending(s) is None


# ---------------------------------------------------------------- hidden things
def test_drawn_native_forces_are_seen_by_their_player_only():
    """L405-406 (6F): the player examines the counters drawn and places them
    face down: he knows where each went, nobody else does."""
    s = (romans().at("enemy").order(RED, BLUE, YELLOW, GREEN)
         .map(RED, warbands=["Gallia", "Hispania"]).pot(0, 1).chance().build())
    assert pending(s) == "natives" and G.to_move(s) == RED
    mine, theirs = G.view(s, RED), G.view(s, BLUE)
    assert {h.card for h in mine.pending[-1].data[1]} == {0, 1}
    assert {h.card for h in theirs.pending[-1].data[1]} == {HIDDEN}
    assert G.describe(theirs, G.legal(theirs)[0]).startswith("a face-down Native force")
    first = G.legal(s)[1]
    assert first == PlaceNative(first.province, 1)
    card = s.pending[-1].data[1][1].card
    s = play(s, first)
    where = INDEX[first.province]
    assert G.view(s, RED).players[RED].natives[where].card == card
    assert G.view(s, BLUE).players[RED].natives[where].card == HIDDEN
    assert not has(s.players[RED].warbands, "Gallia")
    assert not has(s.players[RED].warbands, "Hispania")  # the last counter placed at once


def test_triumphs_examined_are_seen_by_the_conqueror_only():
    """L471-474 (7C): the conqueror examines every Triumph of the province
    and keeps one; the others go back face down. The other players never
    see them, nor which token he kept."""
    s = (expansion().villa(RED, 4).barracks(RED, 3).leader(RED, 1, max_army=5)
         .map(RED, garrison=["Gallia"], natives={"Germania": ONE_WARBAND})
         .triumphs(RED, "Germania", triumph(7)).triumphs(BLUE, "Germania", triumph(3, "statue"))
         .dice(6, 1).build())
    s = play(s, Invade(4, "Germania", 3, ()))
    while pending(s) != "triumph":
        s = play(s, G.legal(s)[0])
    r = 1  # Germania, the second remote province
    red_view, blue_view = G.view(s, RED), G.view(s, BLUE)
    assert red_view.players[BLUE].remote_triumphs[r][0].card == triumph(3, "statue")
    assert blue_view.players[BLUE].remote_triumphs[r][0].card == HIDDEN
    assert blue_view.players[RED].remote_triumphs[r][0].card == HIDDEN
    s = play(s, Keep(RED, 0))
    assert [h.card for h in s.players[RED].triumphs] == [triumph(7)]
    assert [h.card for h in G.view(s, BLUE).players[RED].triumphs] == [HIDDEN]
    assert [h.card for h in G.view(s, RED).players[RED].triumphs] == [triumph(7)]


def test_a_view_hides_the_later_buildings_and_blockers_not_yet_turned_over():
    """L75-76, L555-558: the Later buildings lie face down until their Era,
    and so do the blocking senators on them (3 players): nobody knows them."""
    s = romans(3).at("expansion", 2).build()
    for seat in range(3):
        v = G.view(s, seat)
        assert [h.card == HIDDEN for h in v.later] == [False, False, True, True, True]
        assert [h.card == HIDDEN for h in v.blockers] == [False, False, True, True, True]
        assert all(h.card == HIDDEN for h in v.later_box + v.blocker_box + v.deck)


# ---------------------------------------------------------------- 5A, 5B
def test_castra_praetoria_army_may_invade_by_sea_and_flips_the_fleet():
    """L669 (Castra Praetoria 3): a sea invasion may be carried out in the
    usual way: the fleet is flipped (L211) and cannot invade again this Era."""
    s = (expansion(era=1).villa(RED, 1, 1).docks(RED, manpower=1).barracks(RED, 6)
         .later("Castra Praetoria").leader(RED, 1, max_army=3)
         .map(RED, fleets={1: MED_OCC}, natives={"Mauritania": ONE_WARBAND})
         .dice(6, 1).build())
    s = play(s, Senator(1, "Castra Praetoria", 1, ""))
    assert pending(s) == "army"
    assert PraetorianArmy("Mauritania", 3, (MED_OCC,)) in G.legal(s)
    s = play(s, PraetorianArmy("Mauritania", 3, (MED_OCC,)))
    red = s.players[RED]
    assert face_up(red, fleet_at(red, MED_OCC))
    assert has(red.garrison, "Mauritania")
    assert red.barracks == 6 - 3 + 2  # no unrest: the spare legions go home


def test_a_fleet_that_carried_an_army_cannot_carry_it_on_in_the_same_era():
    """L209-214: each fleet carries out one sea invasion per Era; an army
    that invaded through Med Occidentis cannot sail on through it."""
    s = (expansion().villa(RED, 4).barracks(RED, 5).leader(RED, 1, max_army=5)
         .map(RED, fleets={1: MED_OCC, 2: MED_OR},
              natives={"Mauritania": ONE_WARBAND, "Hispania": ONE_WARBAND,
                       "Syria": ONE_WARBAND})
         .dice(6, 1).build())
    s = play(s, Invade(4, "Mauritania", 5, (MED_OCC,)))
    while pending(s) != "march":
        s = play(s, G.legal(s)[0])
    marches = [a for a in G.legal(s) if a[0] == "march"]
    assert March("Hispania", ()) in marches  # by land
    assert not any(MED_OCC in a.seas for a in marches)  # that fleet is spent
    assert not any(a.province == "Syria" for a in marches)  # Med Orientis is not next to it


# ---------------------------------------------------------------- 7A Glory
def test_converting_a_city_at_the_citadel_earns_glory_and_the_city_bonus():
    """L413-417 (7A): converting a city in the Glory province earns Glory;
    its unrest is removed; then 1 point per city not in unrest. Era 4:
    8 points."""
    s = (expansion(era=4).villa(RED, 1).glory(RED, "Hispania")
         .map(RED, garrison=["Hispania", "Gallia"], cities=["Latium", "Hispania"],
              unrest=["Hispania"])
         .dice(1).build())
    s = play(s, Citadel(1), CitadelUse("convert", "Hispania", 1))
    red = s.players[RED]
    assert has(red.christian, "Hispania") and not has(red.unrest, "Hispania")
    assert ("score", RED, 8, "glory") in s.events
    assert ("score", RED, 2, "city bonus") in s.events
    assert red.glory == -1


def test_a_bonus_city_placed_in_the_glory_province_earns_glory():
    """L415 (7A): building a city there earns Glory, "this could be a bonus
    piece" (4D)."""
    s = (romans().at("leaders", 1).order(RED, BLUE, YELLOW, GREEN).glory(RED, "Etruria")
         .map(RED, garrison=["Etruria"]).build())
    s = play(s, Leader(2, RED))  # Numa Pompilius: a bonus city
    assert pending(s) == "piece"
    s = play(s, G.legal(s)[[a.place for a in G.legal(s)].index("Etruria")])
    assert has(s.players[RED].cities, "Etruria")
    assert ("score", RED, 5, "glory") in s.events


# ---------------------------------------------------------------- 6E, 7H
def test_latium_in_unrest_is_overrun_and_rome_falls_without_a_roll():
    """L362 and L526-530: an Enemy army entering a province in unrest
    overruns it without a roll; Latium overrun is the Fall of Rome: 5 points
    per warband, the warbands eliminated, a legion back in Latium."""
    s = (romans().at("enemy", 2).order(RED, BLUE, YELLOW, GREEN).score(RED, 30)
         .map(RED, garrison=["Etruria"], cities=[], unrest=["Latium"])
         .horde(RED, "Campania", 3).build())
    assert not events(s, "enemy roll")
    assert ("fall of rome", RED, 3) in s.events
    red = s.players[RED]
    assert red.score == 30 - 15
    assert has(red.garrison, "Latium") and red.horde is None
    assert not has(red.unrest, "Latium") and not has(red.warbands, "Latium")


# ---------------------------------------------------------------- audit findings, fixed
def test_each_map_holds_one_colours_native_forces_one_of_each():
    """L98 (setup 16): "Each player turns their Native force counters
    face-down and then ... places one in each empty province on their map.
    The unused counter is placed in the pot." A player's own counters are one
    colour's set (16, one of each: INVENTORY TR-C native_counters_inferred),
    so no map starts with two identical counters, and the pot starts with one
    counter of each colour."""
    for n in (1, 2, 3, 4):
        for seed in range(6):
            s = G.setup(n, Options(), seed)
            for p in s.players:
                cards = [h.card for h in p.natives if h is not None]
                assert len(cards) == 15 and len(set(cards)) == 15, (n, seed, sorted(cards))
            everything = Counter(h.card for p in s.players for h in p.natives if h is not None)
            everything.update(h.card for h in s.pot)
            assert everything == Counter({k: n for k in range(len(NATIVE_FORCES))})


def test_placing_drawn_native_forces_never_shows_the_others_whether_they_differ():
    """L405-406 (6F): the player examines the counters drawn and places them
    face down; the other players learn nothing of them. Asking for a
    placement only when the counters drawn differ tells every other seat
    whether they are alike (the decision is public)."""
    def at_6f(*pot):
        return (romans().at("enemy").order(RED, BLUE, 2, 3)
                .map(RED, warbands=["Gallia", "Hispania"]).pot(*pot).chance().build())

    alike, unlike = at_6f(0, 0), at_6f(0, 1)
    assert pending(unlike) == "natives"
    seen = [(G.to_move(G.view(s, BLUE)), [pd.kind for pd in G.view(s, BLUE).pending])
            for s in (alike, unlike)]
    assert seen[0] == seen[1]


def test_temple_benefit_descriptions_say_what_each_benefit_gives():
    """L453-459 and data.TEMPLE_CHART: the menu text of a Temple benefit must
    tell the player what it gives. Mars 4 (1 point per legion outside Italy)
    and Mars 6 (2 points per legion) read the same, "score legions outside
    Italy 1"; Mercury 4 (1 point per 2 resources) reads "score resources 2";
    Minerva 5 (remove all unrest, raise 1 rank) reads "... raise all"."""
    for god in ("Mars", "Vesta", "Mercury", "Minerva"):
        s = (romans().at("expansion").order(RED, BLUE, 2, 3).villa(RED, 4).villa(BLUE)
             .villa(2).villa(3).docks(RED, victuals=1).map(RED, garrison=ITALY)
             .dice(6).build())
        s = play(s, Senator(4, "Temple of Jupiter", 4, god))
        texts = [G.describe(s, Benefits(b, 0)).split(": ", 1)[1] for b in range(1, 7)]
        assert len(set(texts)) == 6, (god, texts)
        if god == "Mars":
            assert "2 points" in texts[5] and "1 point" in texts[3], texts
        if god == "Mercury":
            assert "2 resources" in texts[3], texts
        if god == "Minerva":
            assert "all" not in texts[4].split("raise")[-1], texts


def test_build_texts_say_when_a_piece_is_moved_or_a_fort_flipped():
    """L611 (Servian Wall 3): a city or fortification may be taken up and
    re-built elsewhere; L612 (4): a fort may be flipped to a wall. The menu
    and the log say so."""
    s = (expansion().villa(RED, 4).docks(RED, materials=1, gold=20)
         .map(RED, garrison=["Gallia", "Hispania"], cities=["Latium", "Gallia"]).build())
    s = play(s, Senator(4, "Servian Wall", 4, ""))
    assert "from Gallia" in G.describe(s, Build("city", "Hispania"))
    assert "Flip the fort in Latium" in G.describe(s, Build("wall", "Latium"))
    moved = play(s, Build("city", "Hispania"))
    lines = [G.log_line(moved, e).text for e in moved.events if e[0] == "built"]
    assert lines == ["Red builds a city in Hispania (taken up from Gallia)"]
    assert not moved.players[RED].cities >> INDEX["Gallia"] & 1
