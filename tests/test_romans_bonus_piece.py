"""A bonus piece with nowhere to go says why (issue 28 walk-through: the
leader's bonus fort offered only "Keep the fort in the Villa", and nothing
said that Latium's region already held a fortification)."""

from __future__ import annotations

import random

from engine.match import Match, Seat
from engine.romans.actions import PlacePiece
from engine.romans.empire import no_place, piece_places
from tests.romans_helpers import RED, G, expansion
from tui.romans.labels import tight_label


def test_a_fort_kept_in_the_villa_names_the_fortification_in_the_way():
    s = expansion().map(RED, forts=["Latium"]).build()
    assert no_place(s, RED, "fort") == "one fortification a region, and the fort in Latium " \
        "fills yours"
    label = G.describe(s, PlacePiece("fort", "Villa"))
    assert label == ("Keep the fort in the Villa (no place: one fortification a region, and "
                     "the fort in Latium fills yours)")
    assert tight_label(PlacePiece("fort", "Villa"), label, 30) == \
        "Fort→Villa: region full (Lat)"
    assert no_place(s, RED, "city") == "one city a region, and the city in Latium fills yours"


def test_a_piece_with_a_place_says_nothing_more():
    s = expansion().map(RED, garrison=["Gallia"], forts=["Latium"]).build()
    assert piece_places(s, RED, "fort") and no_place(s, RED, "fort") == ""


def test_every_piece_kept_in_the_villa_in_random_games_says_why():
    seen = 0
    for seed in range(1, 8):
        m = Match("romans", tuple(Seat(f"B{i}", "random") for i in range(4)), seed)
        rng = random.Random(seed)
        while not m.is_over():
            seat = m.to_move()
            v = m.view(seat)
            for a in G.legal(v):
                if isinstance(a, PlacePiece) and a.place == "Villa":
                    assert " (no place: " in G.describe(v, a), G.describe(v, a)
                    seen += 1
            m.play(rng.choice(m.game.legal(v)))
    assert seen


def test_a_leader_s_bonus_piece_with_no_place_says_so_before_the_choice():
    """A walker chose Numa Pompilius for his city and learned only then that
    it had no place: the leader's label and the line under the map say so
    first."""
    from engine.romans.actions import Leader
    from engine.romans.prep import entries
    from tests.romans_helpers import romans
    from tests.test_romans_shown import scene_of
    from tui.romans.about import about

    s = romans(4).at("leaders", 1).build()
    seat = s.queue[0]
    face = next(k for k, e in enumerate(entries(s), start=1) if e.name == "Numa Pompilius")
    numa = Leader(face, seat)
    assert numa in G.legal(s)
    label = G.describe(s, numa)
    assert label == "Numa Pompilius: army 3, 5 gold, bonus city (no place yet)"
    assert tight_label(numa, label, 31) == "Numa: army 3, 5g, +city→Villa"
    line = about(scene_of(s, seat), numa)
    assert line.startswith("Bonus city: no place for it now (one city a region, and the city "
                           "in Latium fills yours); it waits in the Villa"), line
    played = G.play(s, numa)
    assert [G.describe(played, a) for a in G.legal(played)] == [
        "Keep the city in the Villa (no place: one city a region, and the city in Latium "
        "fills yours)"], "what the label said"
    ancus = Leader(next(k for k, e in enumerate(entries(s), start=1)
                        if e.name == "Ancus Marcius"), seat)
    assert G.describe(s, ancus) == "Ancus Marcius: army 4, 3 gold, bonus fleet"
    assert about(scene_of(s, seat), ancus) == "", "a fleet has its sea: nothing more"
