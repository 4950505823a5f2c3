"""What The Romans' table shows of what the engine knows (issue 28): every
roll with its faces and what they add, counts with the right plural, the
scores labelled as scores, what each City of Rome box does, a preview of
each Enemy nation, the reason an option is missing, and the regions.

Positions are set up with the scenario builder and played through the
public protocol; the texts are read from the table's own functions or from
a Pilot run of the game screen.
"""

from __future__ import annotations

from rich.text import Text

from engine.flow import Pending
from engine.match import Seat
from engine.romans import scoring
from engine.romans.actions import Build, Citadel, Invade, PraetorianArmy, Senator, Sets
from engine.romans.data import PIECE_COST
from engine.romans.events import ArmyCreated, FallOfRome, Recruited
from engine.romans.scenario import native
from engine.romans.state import INDEX
from tests.romans_helpers import BLUE, RED, G, expansion, play
from tui.romans import look
from tui.romans.side import SidePanel, battles
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


def side_text(s, seat: int) -> str:
    """The side panel's text for ``seat``'s view of ``s`` (markup removed)."""
    panel = SidePanel()
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
    assert G.prompt(sets) == "Red: Colosseum: how many resource sets to score (1 point each)"
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
