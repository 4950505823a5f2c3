"""What The Romans' table shows of what the engine knows (issue 28): every
roll with its faces and what they add, counts with the right plural, the
scores labelled as scores, what each City of Rome box does, a preview of
each Enemy nation, the reason an option is missing, and the regions.

Positions are set up with the scenario builder and played through the
public protocol; the texts are read from the table's own functions or from
a Pilot run of the game screen.
"""

from __future__ import annotations

import asyncio
import random
import re
from fractions import Fraction

from rich.text import Text
from textual.geometry import Size

from ai.romans.preview import nation_horde, nation_preview, worst_march
from engine.core import Rng
from engine.flow import Pending
from engine.match import Match, Seat
from engine.romans import scoring
from engine.romans.actions import Build, Citadel, Invade, Nation, PraetorianArmy, Senator, Sets
from engine.romans.data import BUILDINGS, PIECE_COST
from engine.romans.events import (
    ArmyCreated,
    EnemyGloryRolled,
    FallOfRome,
    GloryRolled,
    Recruited,
    Storm,
)
from engine.romans.explain import box_effect, box_text, citadel_text, reference, win_chance
from engine.romans.scenario import native
from engine.romans.setup import BUILDING_INDEX
from engine.romans.state import BLOCKED, INDEX, OCCUPIED, PLACES
from engine.romans.text import ROMAN
from tests.romans_helpers import BLUE, GREEN, MED_OCC, RED, YELLOW, G, expansion, play, romans
from tests.test_romans_examples import era2
from tests.test_romans_tui import board_text, first_placing, keys_to, position
from tests.test_tui_support import app_for, settle
from tui.romans import look
from tui.romans.about import army_odds
from tui.romans.board import RomansBoard
from tui.romans.city import city_lines
from tui.romans.reasons import building_reason, god_reason
from tui.romans.side import SidePanel, battles
from tui.screens.rules import find_all, rulebook_text
from tui.widgets.scene import Scene


def before_halt():
    """Red wins its first battle with 2 legions (one stays as garrison) and
    must choose to march on or halt; Blue's attack waits for the answer."""
    s = (expansion().villa(RED, 2).villa(BLUE, 1).barracks(RED, 2).barracks(BLUE, 1)
         .leader(RED, 1, max_army=5).leader(BLUE, 2, max_army=5)
         .map(RED, natives={"Etruria": native(2)})
         .map(BLUE, natives={"Etruria": native(4, gold=1)})
         .dice(4, 2).build())
    s = play(s, Invade(2, "Etruria", 2, ()), Invade(1, "Etruria", 1, ()))
    assert s.pending and s.pending[-1].kind == "march"
    return s


def resumed_battle():
    """Blue's attack, with the same roll as Red's, is fought only after Red
    answers, in a step with no roll event (the "12+0=12" case of issue 28)."""
    return play(before_halt(), ("halt",))


def test_a_battle_resumed_in_a_later_step_reads_with_its_dice():
    s = resumed_battle()
    assert not [e for e in s.events if e[0] == "battle roll"], "the roll was a step before"
    blue = [line for seat, line in battles(G.view(s, BLUE), BLUE) if seat == BLUE]
    # Blue: 1 legion (strength 1) + white 4 against 4 warbands + purple 2
    assert len(blue) == 1 and "1+4=5 vs 4+2=6" in blue[0] and "lost" in blue[0]


def test_the_log_shows_each_battle_with_its_faces():
    s = resumed_battle()
    e = next(e for e in s.events if e[0] == "battle")
    text = "".join(part for part, _ in G.log_line(s, e).parts)
    assert text == "Blue loses in Etruria, 1+4=5 to 4+2=6"


def log_text(s, kind: str) -> str:
    e = next(e for e in s.events if e[0] == kind)
    return "".join(part for part, _ in G.log_line(s, e).parts)


def test_the_citadel_die_is_shown_with_the_actions_it_gives():
    """L193: a II senator rolling 6 gets three extra actions."""
    s = play(expansion().villa(RED, 2).dice(6).build(), Citadel(2))
    assert log_text(s, "citadel") == ("Red places a II senator in the Citadel: the black "
                                     "die rolls 6, 5 actions (2 for the rank + 3 for the die)")
    assert (RED, "Citadel: black die 6, 2+3=5 actions") in battles(s, RED)


def test_the_temple_die_is_shown_with_the_box_bonus():
    """L457: the III box adds 2 to the die; a roll of 3 makes 5."""
    base = (expansion().villa(RED, 3).barracks(RED, 0).docks(RED, victuals=1)
            .map(RED, garrison=["Venetia", "Etruria", "Campania", "Apulia", "Gallia"])
            .score(RED, 5).dice(3))
    s = play(base.build(), Senator(3, "Temple of Jupiter", 3, "Mars"))
    assert log_text(s, "temple") == "Red calls on Mars: die 3 + 2 for the box = 5"
    assert (RED, "Temple, Mars: die 3 + box 2 = 5") in battles(s, RED)


# ---------------------------------------------------------------- words
def scene_of(s, seat: int, focus: tuple | None = None) -> Scene:
    """``seat``'s scene of ``s``, as the game screen hands it to the table."""
    v = G.view(s, seat)
    seats = tuple(Seat(c) for c in ("Ann", "Bo", "Cy", "Di")[:s.n])
    return Scene(G, v, seat, seats, look.looks(v, seats), lambda k: None, focus=focus)


class WideSidePanel(SidePanel):
    """The side panel as wide as at 120×40 (``content_size`` of a panel laid
    out there), without an app: the dice heading shows only when wide."""

    @property
    def content_size(self) -> Size:
        return Size(60, 30)


def side_text(s, seat: int, wide: bool = False) -> str:
    """The side panel's text for ``seat``'s view of ``s`` (markup removed),
    narrow (an unmounted panel has no width) or ``wide``."""
    panel = WideSidePanel() if wide else SidePanel()
    panel.show(scene_of(s, seat))
    return Text.from_markup(str(panel.content)).plain


def line_of(s, e) -> str:
    return "".join(part for part, _ in G.log_line(s, e).parts)


def test_counts_of_one_read_singular():
    s = resumed_battle()
    assert line_of(s, Recruited(RED, 1)) == "Red recruits 1 legion"
    assert line_of(s, ArmyCreated(RED, 1, 1, 2, ())) == \
        "Red sends a II general and 1 legion into Etruria"
    assert line_of(s, FallOfRome(RED, 1)) == "Red: Latium falls to 1 warband — the Fall of Rome!"
    assert (RED, "Rome falls to 1 warband") in [
        (who, Text.from_markup(line).plain) for who, line in battles(
            s.replace(events=(FallOfRome(RED, 1),)), RED)]
    assert G.describe(s, PraetorianArmy("Etruria", 1, ())) == "1 legion attacks Etruria"
    assert scoring.outcome(s, (1, 0, 0, 0), (RED,)) == "Red wins with 1 point"
    sets = s.replace(pending=(Pending("sets", RED, (1,)),))
    assert G.prompt(sets) == "Red: Colosseum: resource sets to score (1 point each)"
    assert G.describe(sets, Sets(1)) == "Score 1 set (1 point)"


def test_the_army_and_the_enemy_read_singular_beside_the_map():
    """Red's army won with 2 legions and left one as garrison: 1 legion."""
    s = before_halt()
    assert "1 legion," in side_text(s, RED) and "1 legions" not in side_text(s, RED)
    assert "your army: 1 legion," in look.place_text(G.view(s, RED), RED, INDEX["Etruria"])


def test_the_scores_line_says_it_is_scores():
    s = resumed_battle()
    first = side_text(s, RED).splitlines()[0]
    scores = " ".join(f"{'RBYG'[i]}{s.players[i].score}" for i in s.order)
    assert first.endswith(f"Red · scores {scores}")


# ---------------------------------------------------------------- moving a fortification
def servian_wall(**kw):
    """Red, on the Servian Wall with gold to spend, holds Hispania; Gallia
    (the same region) holds what ``kw`` names."""
    s = (expansion().villa(RED, 1).docks(RED, materials=1, gold=20)
         .map(RED, garrison=["Hispania", "Gallia"], **kw).build())
    return play(s, Senator(1, "Servian Wall", 1, ""))


def test_a_wall_built_where_the_region_holds_a_fort_names_the_fort():
    """L623 (Servian Wall 3): a fortification may be taken up and one built
    elsewhere at full cost; the action names what is taken up, a fort, not
    a wall that is not there."""
    s = servian_wall(forts=["Gallia"])
    wall, fort = PIECE_COST["wall"], PIECE_COST["fort"]
    assert Build("wall", "Hispania") in G.legal(s)
    assert G.describe(s, Build("wall", "Hispania")) == (
        f"Build a wall in Hispania, taking up the fort in Gallia ({wall} gold)")
    assert G.describe(s, Build("fort", "Hispania")) == (
        f"Move the fort from Gallia to Hispania ({fort} gold)")
    assert G.describe(s, Build("wall", "Gallia")) == (
        f"Flip the fort in Gallia to a wall ({wall} gold)")
    walled = servian_wall(walls=["Gallia"])
    assert G.describe(walled, Build("fort", "Hispania")) == (
        f"Build a fort in Hispania, taking up the wall in Gallia ({fort} gold)")


# ---------------------------------------------------------------- boxes explained
def test_every_box_says_what_it_does():
    """Each box of each building has words, from the data: the numbers of
    its effect appear in them, and stand-ins say so."""
    for b in BUILDINGS:
        for box in b.boxes:
            text = box_text(b.name, box.number)
            assert text.startswith(f"{b.name} {ROMAN[box.number]}: ")
            assert box_effect(b, box) != box.effect, "the rule's name is put in words"
            if box.amount is not None and box.effect != "temple":
                assert str(box.amount) in text
            assert ("(stand-in)" in text) == box.inferred
    assert "recruit 3 legions" in box_text("Castra Peregrina", 2)
    assert "up to 8 legions (beyond your army size), no general" in \
        box_text("Castra Praetoria", 4)
    assert "box IV's recruit 6 legions" in box_text("Castra Peregrina", 1, "Mars")


def test_a_box_says_what_it_gives_now():
    """Ludus Magnus box II: a point per occupied province not in unrest."""
    s = (expansion().villa(RED, 2)
         .map(RED, garrison=["Venetia", "Gallia", "Hispania"], unrest=["Gallia"]).build())
    text = box_text("Ludus Magnus", 2, "", s.players[RED])
    assert text.endswith("; now 3 points")  # Latium, Venetia, Hispania


def test_the_citadel_and_a_general_are_explained():
    assert "2 actions for the rank + the black die (1: +0, 2: +0, 3: +1, 4: +1, 5: +2, " \
           "6: +3" in citadel_text(2)
    s = (expansion().villa(RED, 3).barracks(RED, 3).leader(RED, 1, max_army=5)
         .map(RED, natives={"Etruria": native(2)}).build())
    # A counter turned face up (the full state shows it): 3 legions + 2 (a
    # III general) = 5 against 2 loses only when the white die falls 4 or
    # more below the purple one.
    text = army_odds(s, RED, "Etruria", 3, 3)
    assert text.startswith("conquers 100%, losing 0.1 legions on average · ")
    assert text.endswith(" · Rome 3 legions + general III's bonus 2 (rank - 1, stand-in) = 5 "
                         "against 2, + the dice; first battle 92%")
    hidden = army_odds(G.view(s, RED), RED, "Etruria", 1, 1)  # face down to Red
    assert hidden.startswith("conquers ")
    assert hidden.endswith(" · Rome 1 legion + general I's bonus 0 (rank - 1, stand-in) = 1 "
                           "against a face-down Native force")
    assert win_chance(5, 2) == Fraction(33, 36)  # (1,5) (1,6) (2,6) lose


def test_highlighting_a_box_explains_it_under_the_board():
    m = position(3, first_placing)

    async def go():
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await pilot.press(*"peregrina")
            await settle(pilot)
            text = board_text(app)
            assert "Castra Peregrina I: recruit 2 legions to the Barracks" in text
            await pilot.press("right_square_bracket")  # the City of Rome shows it too
            await settle(pilot)
            city = board_text(app)
            assert "Castra Peregrina I: recruit 2 legions" in city

    asyncio.run(go())


# ---------------------------------------------------------------- Enemy nation previews
def test_a_nation_preview_names_the_route_and_first_fight_the_engine_then_takes():
    """The Gauls from Gallia on Red's map: the preview (from Red's view)
    names the route and first attack the Enemy phase then plays."""
    s = romans(4).at("nations", 2).order(RED, BLUE, YELLOW, GREEN).build()
    text = nation_preview(G.view(s, RED), 2, RED)
    assert text.startswith("expected loss ")
    assert " · first attack on Latium, which holds each roll " in text
    assert " · target Latium · route Gallia → Venetia → Etruria → Latium · " in text
    assert text.endswith(" · Latium lost is the Fall of Rome: -5 points a warband left")
    s = play(s, Nation(2, RED))
    while s.phase == "nations":
        s = play(s, G.legal(s)[0])
    walk = [PLACES[e.place] for e in s.events if e.kind == "enemy moves" and e.seat == RED]
    fight = next(PLACES[e.province] for e in s.events
                 if e.kind == "enemy fight" and e.seat == RED)
    assert walk == ["Venetia", "Etruria", "Latium"] and fight == "Latium"


def test_a_nation_preview_says_its_fleet_sinks_yours():
    """L383: the Carthaginians' fleet would go to Mediterraneum Occidentis,
    where Rome's fleet is: both sink; without it, the Enemy fleet enters."""
    with_fleet = era2(fleet=True)
    sinks = nation_preview(G.view(with_fleet, 0), 1, 0)
    assert " · first attack on Mauritania" in sinks
    assert f" · its fleet sinks yours in {MED_OCC} (both go)" in sinks
    assert f" · its fleet enters {MED_OCC}" in nation_preview(G.view(era2(fleet=False), 0), 1, 0)
    assert ("fleets sunk", 0, INDEX[MED_OCC]) in play(with_fleet, Nation(1, 0)).events


def test_highlighting_a_nation_shows_its_preview_under_the_board():
    m = position(2, lambda s: s.phase == "nations" and not s.pending, n=1)
    v = m.view(0)
    first = m.game.legal(v)[0]

    async def go():
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            text = board_text(app)
            assert nation_preview(v, first.face, first.user) in text
            # what the figure is, under it (the `?` help says it too)
            assert "Expected loss: what the provinces, cities and forts" in text
            assert "not points off your score now" in " ".join(text.split())

    asyncio.run(go())


# ---------------------------------------------------------------- why an option is missing
ITALY = ["Venetia", "Etruria", "Campania", "Apulia"]  # and Latium, held from the start


def reason(s, building: str) -> str:
    return building_reason(s, RED, BUILDING_INDEX[building])


def test_each_building_not_offered_says_why():
    s = (expansion().villa(RED, 1).docks(RED, manpower=1, victuals=1, materials=0, gold=1)
         .senator("Forum", 4, RED, 4)
         .senator("Castra Peregrina", 1, BLUE, 1).senator("Castra Peregrina", 2, YELLOW, 2)
         .map(RED, garrison=ITALY, unrest=["Etruria"]).build())
    offered = {a.building for a in G.legal(s) if isinstance(a, Senator)}
    assert reason(s, "Servian Wall") == "needs 1 material (have 0)"
    assert reason(s, "Basilica Aemilia") == "needs 2 gold (have 1)"
    assert reason(s, "Forum") == "yours already (one senator a building)"
    assert reason(s, "Castra Peregrina") == "free box III needs a III senator"
    assert reason(s, "Temple of Jupiter") == "no god: unrest in Etruria"
    named = {"Servian Wall", "Basilica Aemilia", "Forum", "Castra Peregrina", "Temple of Jupiter"}
    assert not offered & named, "each of those is missing from the actions"
    s = expansion().villa(RED, 4).build()
    b = BUILDING_INDEX["Castra Peregrina"]
    taken = (OCCUPIED + BLUE * 8 + 1, OCCUPIED + YELLOW * 8 + 2, OCCUPIED + GREEN * 8 + 3,
             BLOCKED + 4)  # three senators and a blocking one (a smaller game's)
    full = s.replace(boxes=s.boxes[:b] + (taken,) + s.boxes[b + 1:])
    assert reason(full, "Castra Peregrina") == "every box taken"
    assert reason(full, "Basilica Aemilia") == ""  # offered: no reason


def test_the_city_of_rome_and_the_side_panel_show_the_reasons_to_the_seat_placing():
    s = (expansion().villa(RED, 1).docks(RED, materials=0)
         .map(RED, garrison=ITALY, unrest=["Etruria"]).build())
    wide = Text.from_markup("\n".join(city_lines(scene_of(s, RED), True))).plain
    lines = wide.splitlines()
    wall = next(k for k, line in enumerate(lines) if line.startswith("Servian Wall"))
    assert lines[wall + 1] == "  ✗ needs 1 material (have 0)", "the reason is under its building"
    assert "  ✗ no god: unrest in Etruria" in lines
    narrow = Text.from_markup("\n".join(city_lines(scene_of(s, RED), False))).plain
    assert "  ✗ needs 1 material (have 0)" in narrow.splitlines()
    assert "✗ god: unrest Etr" in side_text(s, RED)
    assert "✗ god: unrest Etr · army: Barracks empty" in side_text(s.replace(
        players=(s.players[RED].replace(barracks=0),) + s.players[1:]), RED)
    # Blue is not placing: no reasons for Blue
    assert "✗" not in Text.from_markup("\n".join(city_lines(scene_of(s, BLUE), True))).plain


# ---------------------------------------------------------------- regions
def test_a_province_names_its_region_and_what_the_region_holds():
    """L494-498: one city and one fortification a region; Hispania and
    Gallia are one region."""
    s = (expansion().map(RED, garrison=["Hispania", "Gallia"], cities=["Gallia"],
                         forts=["Hispania"]).build())
    v = G.view(s, RED)
    assert look.place_text(v, RED, INDEX["Hispania"]).endswith(
        " · region with Gallia: one Roman city and one fortification between them "
        "(city in Gallia, fortification in Hispania)")
    assert look.place_text(v, RED, INDEX["Apulia"]).endswith(
        "region with Campania: one Roman city and one fortification between them "
        "(none yet)")
    assert "region" not in look.place_text(v, RED, INDEX["Latium"])  # a region of its own


def test_the_cursor_on_a_province_shows_its_region_under_the_map():
    m = position(3, first_placing)

    async def go():
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await pilot.press("tab", "tab")  # the action list, then the map
            board = app.screen.query_one(RomansBoard)
            assert app.focused is board
            await pilot.press(*keys_to(board.cursor, INDEX["Apulia"]))
            assert "Apulia (" in board_text(app) and "region with Campania" in board_text(app)

    asyncio.run(go())


def test_the_glory_and_storm_dice_read_with_what_they_give():
    s = resumed_battle().replace(events=(
        GloryRolled(RED, 3, INDEX["Etruria"]), GloryRolled(BLUE, 6, -1),
        EnemyGloryRolled(2, INDEX["Gallia"]), Storm(4)))
    assert battles(s, RED) == [(RED, "Glory: die 3, Etr"), (BLUE, "Glory: die 6, free choice"),
                               (None, "Enemy Glory: die 2, Gal"),
                               (None, "Storm: die 4, every fleet showing 4 sinks")]


def test_the_dice_heading_names_the_battle_dice_only_after_a_battle():
    glory = side_text(resumed_battle().replace(events=(Storm(4),)), RED, wide=True)
    assert "Dice\n" in glory and "white Rome" not in glory
    assert "Dice: white Rome, purple Enemy" in side_text(resumed_battle(), BLUE, wide=True)
    narrow = side_text(resumed_battle(), BLUE)
    assert not any(line.startswith("Dice") for line in narrow.split("\n")), \
        "narrow, the other seats take the heading's row"


def test_no_god_until_all_italy_is_held_says_which_provinces_are_missing():
    s = expansion().villa(RED, 1).map(RED, garrison=["Venetia", "Etruria"]).build()
    missing = sorted(["Campania", "Apulia"], key=INDEX.get)
    assert god_reason(s, RED) == f"no god: Italy not all yours ({', '.join(missing)})"
    tags = " ".join(look.TAG[INDEX[p]] for p in missing)
    assert god_reason(s, RED, short=True) == f"god: needs {tags}"
    assert god_reason(expansion().villa(RED, 1).map(RED, garrison=ITALY).build(), RED) == ""


def test_a_nation_preview_reads_only_what_the_chooser_sees():
    """Worlds sampled from Red's view (hidden counters and dice redrawn)
    give the same preview: it uses nothing Red cannot see."""
    s = romans(4).at("nations", 2).order(RED, BLUE, YELLOW, GREEN).build()
    v = G.view(s, RED)
    texts = {nation_preview(G.view(G.sample(v, RED, Rng(k)), RED), 2, RED) for k in range(4)}
    assert texts == {nation_preview(v, 2, RED)}


def test_a_nation_chosen_for_the_other_player_names_their_map():
    """9B: with 2 players, the 1st may choose the nation the 2nd faces."""
    s = romans(2).at("nations", 2).order(RED, BLUE).build()
    for_blue = next(a for a in G.legal(s) if a.user == BLUE)
    text = nation_preview(G.view(s, RED), for_blue.face, BLUE)
    assert text.startswith("on Blue's map · ") and "yours" not in text


def test_the_in_app_rulebook_ends_with_the_boxes_reference_and_finds_a_box():
    """Issue 28: the same texts in the rulebook, searchable: the rules
    screen's text ends with ``explain.reference()``, named by the registry."""
    text = rulebook_text("romans")
    assert text.endswith("\n" + reference())
    assert find_all(text, "Castra Praetoria IV: an army of up to 8 legions")


def test_a_nation_preview_says_what_it_takes_if_it_wins_every_battle():
    """The preview named only the first fight; two of five choices lost 4–5
    provinces each, understood only afterwards (issue 28)."""
    s = romans(4).at("nations", 2).order(RED, BLUE, YELLOW, GREEN).map(
        RED, garrison=["Venetia", "Etruria", "Campania"], cities=["Campania"]).build()
    gauls = nation_preview(G.view(s, RED), 2, RED)
    assert "first attack on Venetia" in gauls and "target Campania" in gauls
    assert "if it wins every battle it takes Venetia → Etruria → Latium (the Fall of Rome)" \
        in gauls, "on to Campania it passes Latium, where it must stop"
    h, _ = nation_horde(G.view(s, RED), 2, RED)
    one = worst_march(s.players[RED], h._replace(warbands=1))
    assert one == [INDEX["Venetia"]], "a warband stays in each province it takes"


def test_a_kingdom_or_a_man_is_faced_without_the():
    """"Blue faces the Pontus" (issue 28 walk-through): "the Gauls", but Pontus."""
    from engine.romans.text import nation_name
    assert nation_name("Gauls") == "the Gauls"
    assert nation_name("Cimbri and Teutones") == "the Cimbri and Teutones"
    assert (nation_name("Pontus"), nation_name("Spartacus")) == ("Pontus", "Spartacus")


def test_two_native_counters_alike_are_told_apart_in_the_list():
    """Two identical lines for the natives to place read as a mistake
    (issue 28 walk-through); the second says it is another one alike."""
    import random
    s, rng = G.setup(4, None, 1), random.Random(1)
    for _ in range(3000):
        if G.legal(s)[0][0] == "native":
            v = G.view(s, G.to_move(s))
            counters = [c.card for c in v.pending[-1].data[1]]
            if len(set(counters)) < len(counters):
                break
        s = G.play(s, rng.choice(G.legal(s)))
    texts = [G.describe(v, a) for a in G.legal(v)]
    assert len(set(texts)) == len(texts) and texts[1].endswith("(another one alike)")


def test_the_temple_says_each_gods_chart_in_the_reference_and_under_the_board():
    """"The Temple line is the same for every god… each god's benefit chart
    appears only after the roll and is not in the in-app rules reference"
    (issue 28 walk-through)."""
    from engine.romans.data import GODS
    from engine.romans.explain import god_chart, reference
    from tui.romans.about import about

    ref = reference()
    assert all(god_chart(g.name) in ref for g in GODS)
    assert "Mars's chart — 1: recruit 3 legions · " in god_chart("Mars")
    s = expansion().villa(RED, 1).map(RED, garrison=ITALY).build()  # all Italy: a god
    scene = scene_of(s, RED)
    temple = next((a for a in G.legal(G.view(s, RED))
                   if a[0] == "senator" and a.building == "Temple of Jupiter" and a.god), None)
    assert temple is not None, "a Temple placement with a god to take"
    assert f"{temple.god}'s chart, score " in about(scene, temple)


def test_marching_on_after_a_victory_gives_the_armys_odds():
    """"March into X" showed no odds, unlike the senator leading legions
    (issue 28 walk-through): the army as it stands, against the force there."""
    import random

    from engine.romans.actions import March
    from tui.romans.about import about

    s, rng = G.setup(4, None, 0), random.Random(0)
    while not any(isinstance(a, March) for a in G.legal(s)):
        s = G.play(s, rng.choice(G.legal(s)))
    seat = G.to_move(s)
    march = next(a for a in G.legal(s) if isinstance(a, March))
    army = s.players[seat].army
    said = about(scene_of(s, seat), march)
    assert said.startswith("conquers ") and f"Rome {army.legions} legion" in said


def test_a_scoring_benefit_says_its_points_now_and_a_recruit_its_supply():
    """Mars 4 "1 point per legion outside Italy" gave +6 unannounced, and
    "recruit 10 legions" was offered with 7 left (issue 28 walk-through)."""
    from engine.romans.empire import legion_supply
    from engine.romans.text import _benefit_now

    s = expansion().map(RED, garrison=["Gallia", "Hispania", "Venetia"]).build()
    assert _benefit_now(s, RED, "Mars", 4) == " (now 2 points)", "Gallia, Hispania"
    assert _benefit_now(s, RED, "Mars", 6) == " (now 4 points)"
    assert _benefit_now(s, RED, "Mars", 5) == ""  # recruit 10: enough left
    s = expansion().map(RED, garrison=["Gallia", "Hispania", "Venetia"]).barracks(
        RED, 10).build()
    left = legion_supply(s.players[RED])
    assert left < 10 and _benefit_now(s, RED, "Mars", 5) == f" ({left} left in the supply)"


def test_a_nation_taken_stays_listed_greyed_so_the_numbers_never_shift():
    """The nation Red took left Blue's list, which renumbered (issue 28
    walk-through of a shared table): every entry keeps its place."""
    from tests.test_tui_support import numbered
    from tui.romans.table import choice_places

    s = romans(4).at("nations", 2).order(RED, BLUE, YELLOW, GREEN).build()
    first, _ = numbered(G, G.view(s, RED), RED)
    s = G.play(s, Nation(2, RED))
    places = choice_places(G, G.view(s, BLUE), BLUE)
    taken = [(a, why) for a, why in places if why]
    assert [a.face for a, _ in taken] == [2] and taken[0][1].endswith(" — taken")
    assert [a.face for a, _ in places] == [a.face for a in first]


def test_the_expected_loss_says_it_is_future_points_and_is_never_capped():
    """A walker read "expected loss 14.2 points, capped at 12 (the score
    stops at 1)" for Celtiberians that could not reach Rome, and lost four
    provinces at "expected loss 6.8 points" while the score did not move:
    the figure is what the army's likely conquests are worth over the game
    (``threat.damage``), so it says "future points", takes no cap from the
    score, and still tells the nations apart on a score of 1."""
    s = romans(4).at("nations", 2).order(RED, BLUE, YELLOW, GREEN).build()
    s = s.replace(players=tuple(p.replace(score=1) if i == RED else p
                                for i, p in enumerate(s.players)))
    said = [nation_preview(G.view(s, RED), face, RED).split(" · ")[0] for face in range(1, 7)]
    assert all(re.fullmatch(r"expected loss \d+\.\d future points", t) for t in said), said
    assert len(set(said)) > 2, said


# ---------------------------------------------------------------- no rulebook references
RULEBOOK_REF = re.compile(r"\bL\d{2,4}\b|\(\d[A-H]\)|\b\d[A-H]\b")


def test_no_rulebook_reference_reaches_the_player():
    """"(7H)", "(L258)": the inventory's references mean nothing to a
    player (the Fall of Rome line of a nation's preview read "… a warband
    left (7H)"). Labels, greyed reasons, prompts, the line under the map,
    the log and the `?` help of random games hold none."""
    from tui.romans.about import about
    from tui.romans.table import RomansUI, choice_places

    texts = [RomansUI.notes]
    for seed in (1, 2, 3):
        m = Match("romans", tuple(Seat(f"B{i}", "random") for i in range(4)), seed)
        rng = random.Random(seed)
        while not m.is_over():
            seat = m.to_move()
            s, v = m.state, m.view(seat)
            legal = m.game.legal(v)
            scene = scene_of(s, seat)
            texts.append(G.prompt(v))
            texts += [G.describe(v, a) + " " + about(scene, a) for a in legal]
            texts += [why for _, why in choice_places(G, v, seat)]
            m.play(rng.choice(legal))
            texts += ["".join(t for t, _ in line.parts) for e in G.events(m.state)
                      if (line := G.log_line(m.state, e))]
    found = [t for t in texts if RULEBOOK_REF.search(t)]
    assert not found, found[:5]


def test_a_revenue_choice_says_what_it_yields_now():
    """"Collect the revenue of Latium" and the Baths of Agrippa's "Collect
    manpower, victuals, gold" said nothing of the amounts: each says what
    it yields now (a province's symbol: 1 of its resource, or 2 gold)."""
    from engine.romans.actions import Collect, Types
    from engine.romans.data import RESOURCE_NAMES, amount
    from engine.romans.empire import revenue
    from tests.romans_helpers import expansion

    italy = ["Venetia", "Etruria", "Campania", "Apulia"]
    s = expansion().villa(RED, 1).docks(RED, gold=2).map(RED, garrison=italy).build()
    s = play(s, Senator(1, "Basilica Aemilia", 1, ""))
    p = s.players[RED]
    for a in G.legal(s):
        gained = revenue(p, [INDEX[a.province]])
        (words,) = [amount(n, w) for n, w in zip(gained, RESOURCE_NAMES, strict=True) if n]
        assert G.describe(s, a) == f"Collect the revenue of {a.province} ({words})"
    assert G.describe(s, Collect("Latium")) == "Collect the revenue of Latium (2 gold)"
    baths = (expansion().later("Baths of Agrippa").villa(RED, 1).docks(RED, gold=2)
             .map(RED, garrison=["Etruria"]).build())
    baths = play(baths, Senator(1, "Baths of Agrippa", 1, ""))
    assert G.describe(baths, Types(("gold",))) == "Collect gold (2 gold)"  # Latium
    assert G.describe(baths, Types(("materials",))) == "Collect materials (1 material)"
