"""What The Romans' table shows of what the engine knows (issue 28): every
roll with its faces and what they add, counts with the right plural, the
scores labelled as scores, what each City of Rome box does, a preview of
each Enemy nation, the reason an option is missing, and the regions.

Positions are set up with the scenario builder and played through the
public protocol; the texts are read from the table's own functions or from
a Pilot run of the game screen.
"""

from __future__ import annotations

from engine.romans.actions import Citadel, Invade, Senator
from engine.romans.scenario import native
from tests.romans_helpers import BLUE, RED, G, expansion, play
from tui.romans.side import battles


def resumed_battle():
    """Red wins its first battle and must choose to march on or halt; Blue's
    attack, with the same roll, is fought only after Red answers, in a step
    with no roll event (the "12+0=12" case of issue 28)."""
    s = (expansion().villa(RED, 2).villa(BLUE, 1).barracks(RED, 2).barracks(BLUE, 1)
         .leader(RED, 1, max_army=5).leader(BLUE, 2, max_army=5)
         .map(RED, natives={"Etruria": native(2)})
         .map(BLUE, natives={"Etruria": native(4, gold=1)})
         .dice(4, 2).build())
    s = play(s, Invade(2, "Etruria", 2, ()), Invade(1, "Etruria", 1, ()))
    assert s.pending and s.pending[-1].kind == "march"
    return play(s, ("halt",))


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
