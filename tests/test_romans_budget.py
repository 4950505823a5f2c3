"""A building's budget (Servian Wall, Amphitheatrum Castrense, Vesta, a
Temple benefit): a purchase the spending put out of reach stays listed at
its place, greyed with the engine's reason, instead of leaving the list
(issue 28 walk-through: "Buy a fleet… (3 gold)" and "Flip the fort… (4
gold)" vanished once the budget ran low, and the actions below them
renumbered)."""

from __future__ import annotations

import random

from engine.match import Match, Seat
from engine.romans.actions import Build, Senator
from engine.romans.closed import builds_closed
from tests.romans_helpers import RED, G, expansion, play
from tests.test_tui_support import numbered
from tui.romans.labels import tight_label
from tui.romans.table import choice_places


def budget_of_two():
    """Red spends the Servian Wall's box I (4 gold) on a fort: 2 left."""
    s = (expansion().villa(RED, 1).docks(RED, materials=1, gold=20)
         .map(RED, garrison=["Gallia", "Hispania"], forts=["Latium"]).build())
    s = play(s, Senator(1, "Servian Wall", 1, ""))
    return s, play(s, Build("fort", "Hispania"))


def test_a_purchase_past_the_budget_stays_greyed_with_the_reason():
    before, s = budget_of_two()
    flip, fleet = Build("wall", "Latium"), Build("fleet", "Oceanus Atlanticus")
    assert flip not in G.legal(s) and fleet not in G.legal(s)
    shown, dead = numbered(G, G.view(s, RED), RED)
    assert flip in dead and fleet in dead
    assert Build("fort", "Gallia") in shown and Build("fort", "Gallia") not in dead
    why = dict(choice_places(G, G.view(s, RED), RED))
    assert why[flip] == "Flip the fort in Latium to a wall — needs 4 gold, 2 left"
    assert why[fleet] == "Buy a fleet in Oceanus Atlanticus — needs 3 gold, 2 left"
    first, _ = numbered(G, G.view(before, RED), RED)
    assert shown.index(fleet) == first.index(fleet) - 1, "only the fort bought leaves"
    assert [a for a in first if a in shown] == shown


def test_a_purchase_past_the_gold_held_says_so():
    s = (expansion().villa(RED, 4).docks(RED, materials=1, gold=3)
         .map(RED, garrison=["Gallia"]).build())
    s = play(s, Senator(4, "Servian Wall", 4, ""))
    why = dict(choice_places(G, G.view(s, RED), RED))
    assert why[Build("city", "Gallia")] == "Buy a city in Gallia — needs 4 gold, you hold 3"
    assert why[Build("fleet", "Oceanus Atlanticus")] == ""


def test_a_greyed_purchase_in_one_row_keeps_its_reason():
    assert tight_label(Build("fleet", "Oceanus Atlanticus"),
                       "Buy a fleet in Oceanus Atlanticus — needs 3 gold, 2 left", 36) \
        == "Fleet Atl: needs 3g, 2 left"
    assert tight_label(Build("wall", "Latium"),
                       "Flip the fort in Latium to a wall — needs 4 gold, 2 left", 36) \
        == "Fort→wall Lat: needs 4g, 2 left"
    moved = "Move the city from Venetia to Etruria — needs 4 gold, you hold 3"
    assert tight_label(Build("city", "Etruria"), moved, 31) == "City Ven→Etr: needs 4g, have 3", \
        "80×24 cut it to 'City Ven→Etr: need… you hold 3'"


def test_the_offer_is_the_rules_own_in_random_games():
    """At every budget decision of random games, the purchases not greyed
    are the rules' purchases, in their order, and a greyed one says why."""
    seen = 0
    for seed in range(1, 6):
        m = Match("romans", tuple(Seat(f"B{i}", "random") for i in range(4)), seed)
        rng = random.Random(seed)
        while not m.is_over():
            seat, s = m.to_move(), m.state
            held = builds_closed(s)
            if held:
                legal = [a for a in G.legal(s) if isinstance(a, Build)]
                assert [a for a, why in held if not why] == legal
                assert all(why.startswith("needs ") for _, why in held if why)
                seen += any(why for _, why in held)
            m.play(rng.choice(m.game.legal(m.view(seat))))
    assert seen
