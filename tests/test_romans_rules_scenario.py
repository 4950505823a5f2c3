"""The scenario builder itself (engine/romans/scenario.py): it reaches every
phase of every Era at 1-4 players with a valid position, places what it is
told by the rulebook's names, keeps every counter, token and building in the
game once, and refuses what cannot be."""

from __future__ import annotations

import pytest

from engine.romans import invariants
from engine.romans.data import NATIVE_FORCES, TRIUMPHS
from engine.romans.scenario import PHASES, Chance, Scenario, native, triumph
from engine.romans.state import INDEX
from engine.scenario import ScriptError
from tests.romans_helpers import MED_OCC, RED, G, has, names


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_phase_of_every_era_is_reached_and_valid(players):
    for era in (1, 3, 5):
        for phase in PHASES:
            s = Scenario(players=players, seed=era).at(phase, era).build()
            invariants.check(s)
            assert s.era >= era


def test_what_a_map_names_is_what_it_holds_and_counters_stay_in_the_game_once():
    s = (Scenario(players=4).at("expansion", 2)
         .map(RED, garrison=["Gallia"], cities=["Latium", "Gallia"], walls=["Latium"],
              unrest=["Etruria"], fleets={2: MED_OCC}, fleets_up=[2],
              natives={"Venetia": native(1, 1, "wall", 2)})
         .triumphs(RED, "Germania", triumph(7)).collected(1, triumph(6)).build())
    p = s.players[RED]
    assert names(p.garrison) == {"Latium", "Gallia", "Etruria"}
    assert names(p.cities) == {"Latium", "Gallia"} and names(p.walls) == {"Latium"}
    assert not p.forts and names(p.unrest) == {"Etruria"}
    assert p.fleets[1] == INDEX[MED_OCC] and p.fleets_up == 0b10
    assert p.natives[INDEX["Venetia"]].card == native(1, 1, "wall", 2)
    assert p.natives[INDEX["Venetia"]].seen == 0  # face down, unseen
    assert [h.card for h in p.remote_triumphs[1]] == [triumph(7)]
    assert [h.card for h in s.players[1].triumphs] == [triumph(6)]
    on_maps = [h.card for q in s.players for h in q.natives if h is not None]
    assert sorted(on_maps + [h.card for h in s.pot]) == sorted(
        c for c in range(len(NATIVE_FORCES)) for _ in range(4))
    tokens = [h.card for q in s.players for z in q.remote_triumphs for h in z]
    tokens += [h.card for q in s.players for h in q.triumphs] + [h.card for h in s.triumph_box]
    assert sorted(tokens) == list(range(len(TRIUMPHS)))


def test_a_map_not_named_is_as_at_the_start():
    s = Scenario(players=4).at("expansion", 3).build()
    for p in s.players:
        assert names(p.garrison) == names(p.cities) == names(p.forts) == {"Latium"}
        assert not p.unrest and not p.warbands and set(p.fleets) == {-1}
        assert sum(h is not None for h in p.natives) == 15


def test_dice_are_faces_then_chance_goes_on_from_the_seed():
    c = Scenario().dice(6, 1).chance(3)
    assert c.script == (5, 0, 3)
    rng = Chance((5, 0), 0, Scenario().build().rng)
    x, rng = rng.below(6)
    y, rng = rng.below(6)
    assert (x, y) == (5, 0) and rng.left == 0
    z, rng = rng.below(6)  # beyond the script: from the seed
    assert 0 <= z < 6
    assert rng.draw(("a", "b", "c"), 2)[:2] == (("a", "b"), ("c",))  # draws keep the order


def test_turn_order_scores_leaders_and_docks_as_named():
    s = (Scenario(players=4).at("expansion", 1).order(3, 2, 1, 0).score(2, 9).score(0, 9)
         .leader(0, 3).docks(0, gold=7, materials=0).barracks(0, 5).build())
    assert s.order == (3, 2, 1, 0)
    assert s.players[0].stamp > s.players[2].stamp  # named later: uppermost
    assert s.players[0].leader == 3 and s.players[0].max_army > 0
    assert s.players[0].docks[2:] == (0, 7) and s.players[0].barracks == 5
    assert G.to_move(s) == 3


@pytest.mark.parametrize("build", [
    lambda: Scenario().at("nowhere"),
    lambda: Scenario().at("expansion", 6),
    lambda: Scenario().map(RED, garrison=["Atlantis"]).build(),
    lambda: Scenario().map(RED, garrison=[MED_OCC]).build(),
    lambda: Scenario().map(RED, garrison=["Gallia"], warbands=["Gallia"]).build(),
    lambda: Scenario().map(RED, garrison=["Gallia"], natives={"Gallia": 0}).build(),
    lambda: Scenario(players=1).map(0, natives={"Gallia": 0, "Hispania": 0}).build(),
    lambda: Scenario().collected(0, 3).collected(1, 3).build(),
    lambda: Scenario().villa(0, 5),
    lambda: Scenario().dice(7),
    lambda: Scenario().later("Forum"),
    lambda: Scenario().order(0, 1).build(),
    lambda: Scenario().senator("Forum", 3, 0, 2).build(),  # rank II in box III
])
def test_impossible_positions_are_refused(build):
    with pytest.raises(ScriptError):
        build()


def test_a_scripted_die_beyond_its_faces_is_refused_when_rolled():
    s = Scenario().at("expansion").order(0, 1, 2, 3).villa(0, 1).chance(9).build()
    with pytest.raises(ScriptError):
        G.play(s, ("citadel", 1))
    assert has(s.players[0].garrison, "Latium")


def test_the_villa_by_ranks_or_by_a_list():
    a = Scenario().at("expansion").villa(0, 1, 2, 3, 4).build()
    b = Scenario().at("expansion").villa(0, [1, 2, 3, 4]).era(1).phase("expansion").build()
    assert a.players[0].villa == b.players[0].villa == (1, 2, 3, 4)
