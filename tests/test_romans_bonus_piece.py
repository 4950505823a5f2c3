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
