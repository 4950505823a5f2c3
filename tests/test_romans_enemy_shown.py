"""The Enemy army on The Romans' table (issue 28, "the Enemy phase is
invisible"): its place, warbands and general, its target and the route
still to walk, and the fight it is in, on the map, under it and in the
side panel, for any state the Enemy phase passes through; the battles it
fights read with their dice.

Every position is set up with the scenario builder (map A), the Enemy army
then put where the Enemy phase would have it, and read from the seat's view
(the army is public), as the table gets it.
"""

from __future__ import annotations

import asyncio

from engine.romans.events import EnemyBattle, RemoteBattle
from engine.romans.scenario import Scenario
from engine.romans.state import INDEX, Horde, State
from tests.romans_helpers import BLUE, MED_OCC, RED, G
from tests.test_romans_shown import side_text
from tests.test_romans_tui import POSITIONS, board_text, position
from tests.test_tui_feel import status_text
from tests.test_tui_support import app_for, settle, until
from tui.romans import board, look
from tui.romans.board import NARROW, WIDE, RomansBoard, draw_map
from tui.romans.side import SidePanel, battles
from tui.romans.table import RomansUI
from tui.settings import PACE_SECONDS
from tui.widgets.place_grid import Cells

GAL, VEN, ETR, LAT = (INDEX[p] for p in ("Gallia", "Venetia", "Etruria", "Latium"))
OCC = INDEX[MED_OCC]


def enemy_phase() -> State:
    """Era 1's Enemy phase, Red choosing its army's route to Illyricum (two
    are as short), so the phase waits; Blue faces no army."""
    s = (Scenario(players=4).boards(*"AAAA").at("enemy", 1)
         .map(RED, garrison=["Illyricum"], cities=["Latium", "Illyricum"])
         .horde(RED, "Gallia", 4, general=1).build())
    assert s.phase == "enemy" and s.pending[-1].kind == "route"
    return s


def with_horde(s: State, seat: int, h: Horde | None) -> State:
    """``s`` with ``seat``'s Enemy army replaced: where the Enemy phase
    would have it between two of its steps."""
    players = list(s.players)
    players[seat] = players[seat].replace(horde=h)
    return s.replace(players=tuple(players))


def marching(place: int = VEN, warbands: int = 4, general: int = 1) -> Horde:
    """On its way from Gallia to Latium: in ``place``, the rest still to walk."""
    route = {GAL: (VEN, ETR, LAT), VEN: (ETR, LAT), ETR: (LAT,)}[place]
    return Horde(place, warbands, general, -1, LAT, route)


def fighting(warbands: int = 4) -> Horde:
    return Horde(LAT, warbands, 1, -1, LAT, (), True, warbands + 1, 3)


def cell(cells: Cells, place: int) -> str:
    """What the map shows in ``place``'s cell (tag, flag and markers)."""
    return "".join(ch for row, where in zip(cells.chars, cells.places, strict=True)
                   for ch, p in zip(row, where, strict=True) if p == place)


def red_map(s: State, g: tuple[int, int] = NARROW) -> Cells:
    """Red's map as the board draws it from Red's view (route and target
    from the army, as ``RomansBoard.draw`` passes them)."""
    v = G.view(s, RED)
    h = v.players[RED].horde
    return draw_map(v, RED, h.route if h else (), h.target if h else -1, g)


# ---------------------------------------------------------------- the map
def test_the_army_stands_where_it_is_and_its_route_is_numbered_to_the_target():
    """In Venetia, Etruria next (①), Latium its target (◎, not a step number)."""
    for g in (NARROW, WIDE):
        cells = red_map(with_horde(enemy_phase(), RED, marching(VEN)), g)
        assert "E4" in cell(cells, VEN) and "E4" not in cell(cells, GAL)
        assert cell(cells, ETR).startswith("Etr①")
        assert cell(cells, LAT).startswith("Lat◎")


def test_the_army_moves_on_the_map_from_one_state_to_the_next():
    """The states the Enemy phase passes through each show the army where
    it then is, and only the route still ahead of it."""
    s = enemy_phase()
    seen = []
    for place in (GAL, VEN, ETR):
        cells = red_map(with_horde(s, RED, marching(place)))
        seen.append([p for p in (GAL, VEN, ETR, LAT) if "E4" in cell(cells, p)])
        if place == ETR:
            assert cell(cells, VEN)[3] != "①", "the step behind it is no longer numbered"
    assert seen == [[GAL], [VEN], [ETR]]


def test_an_army_fighting_is_marked_where_it_fights():
    cells = red_map(with_horde(enemy_phase(), RED, fighting()))
    assert "E4×" in cell(cells, LAT)


def test_an_army_crossing_the_sea_with_its_fleet_is_drawn_in_the_sea():
    """A route may pass through the sea of the army's own fleet (R11)."""
    h = Horde(OCC, 2, 0, OCC, LAT, (LAT,))
    cells = red_map(with_horde(enemy_phase(), RED, h))
    assert "E2" in cell(cells, OCC)
    assert "the Enemy army: 2 warbands, marching on Latium" in look.place_text(
        G.view(with_horde(enemy_phase(), RED, h), RED), RED, OCC)


def test_under_the_map_the_army_reads_in_tags_with_its_target():
    assert board.horde_note(marching(VEN)).plain == "Enemy army E4+1: Ven → Etr → Lat◎"
    assert board.horde_note(Horde(GAL, 2, 0, -1, LAT)).plain == "Enemy army E2: Gal … ◎ Lat"
    assert board.horde_note(fighting()).plain == \
        "Enemy army E4+1: attacks Lat, 5 vs Rome 3 before the dice"


def test_the_legend_explains_the_army_its_route_and_target():
    assert "E Enemy army (× fighting), ① ② its route, ◎ its target" in look.SHORT_LEGEND
    assert "E3× fighting" in look.LEGEND


# ---------------------------------------------------------------- the side panel
def test_the_side_panel_says_where_the_army_is_and_where_it_marches():
    s = with_horde(enemy_phase(), RED, marching(GAL))
    assert ("Enemy army: 4 warbands and a general (+1) in Gallia, marching on Latium via "
            "Venetia, Etruria") in side_text(s, RED)
    s = with_horde(enemy_phase(), RED, marching(ETR, warbands=1, general=0))
    assert "Enemy army: 1 warband in Etruria, marching on Latium\n" in side_text(s, RED) + "\n"


def test_the_side_panel_says_what_the_army_fights_and_when_it_is_gone():
    s = with_horde(enemy_phase(), RED, fighting(2))
    assert ("Enemy army: 2 warbands and a general (+1) attacking Latium: 3 against Rome's 3 "
            "before the dice") in side_text(s, RED)
    assert "Enemy army: none left" in side_text(with_horde(enemy_phase(), RED, None), RED)
    assert "Enemy army" not in side_text(enemy_phase(), BLUE), "Blue faces no army"


def test_a_route_cut_where_the_army_must_stop_says_so():
    """L350: the route ends at the first Roman province on it, short of the target."""
    h = Horde(GAL, 3, 0, -1, LAT, (VEN,))
    assert look.horde_text(h) == ("3 warbands in Gallia, marching on Latium, first to Venetia, "
                                  "where it must stop and attack")


def test_the_enemy_phase_battles_read_with_their_dice():
    """Each defence: Rome's strength plus the white die, the Enemy's plus
    the purple, and whether it held."""
    s = enemy_phase().replace(events=(
        RemoteBattle(RED, INDEX["Britannia"], 7, 4, True, 5, 3),
        EnemyBattle(RED, LAT, 5, 9, False, 2, 4)))
    lines = [line for seat, line in battles(G.view(s, RED), RED) if seat == RED]
    assert "remote Bri: 2+5=7 vs 1+3=4" in lines[0] and "held" in lines[0]
    assert "Enemy attacks Lat: 3+2=5 vs 5+4=9" in lines[1] and "lost" in lines[1]


# ---------------------------------------------------------------- at the table
def test_the_table_shows_the_army_on_the_map_under_it_and_beside_it():
    """The solo game choosing its army's route: the map holds E2 in the
    army's province, the line under it its way, the side panel the words."""
    m = position(*POSITIONS["enemy"][:2], n=POSITIONS["enemy"][2])
    h = m.view(0).players[0].horde

    async def go():
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            shown = board_text(app)
            assert f"Enemy army E{h.warbands}: {look.TAG[h.place]}" in shown
            assert f"E{h.warbands}" in app.screen.query_one(RomansBoard).cells.text()
            side = str(app.screen.query_one(SidePanel).render())
            assert f"Enemy army: {look.horde_text(h)}" in " ".join(side.split())

    asyncio.run(go())


# ---------------------------------------------------------------- played out at the table's pace
def marches(s) -> bool:
    """Solo Rome chooses the Enemy nation, and the first choice's army
    makes two moves before anything else happens on the map."""
    if s.phase != "nations" or s.pending:
        return False
    kinds = [e.kind for e in G.play(s, G.legal(s)[0]).events]
    return kinds[kinds.index("nation") + 1:][:2] == ["enemy moves", "enemy moves"]


def shown_place(app) -> int:
    """Where the map the board shows (Rome's own) has the Enemy army (-1: none)."""
    h = app.screen.query_one(RomansBoard).scene.state.players[0].horde
    return -1 if h is None else h.place


def test_the_enemy_phase_plays_out_on_the_map_and_space_skips_it():
    """With normal pacing (on the test's clock), choosing the nation shows
    the army at its start, then one move per pace on the map; space shows
    the step's end at once."""
    m = position(2, marches, n=1)
    first = m.game.legal(m.view(0))[0]

    async def go():
        app = app_for(m, pacing="normal")
        clock = app.settings.clock
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            step = len(m.actions)
            await pilot.press("1")
            await until(pilot, lambda: len(m.actions) > step and shown_place(app) >= 0)
            assert m.actions[step] == first
            frames = G.stages(m.states[step], first)
            places = [-1 if f.players[0].horde is None else f.players[0].horde.place
                      for f in frames[:3]]
            seen = [shown_place(app)]
            for _ in range(2):  # two paces: two moves on the map
                board = app.screen.query_one(RomansBoard)
                assert f"E{board.scene.state.players[0].horde.warbands}" in \
                    cell(board.cells, seen[-1]), "the army is drawn where it stands"
                clock.advance(PACE_SECONDS["normal"])
                await until(pilot, lambda: shown_place(app) != seen[-1])
                seen.append(shown_place(app))
            assert seen == places and len(set(seen)) == 3
            assert "space: skip" in status_text(app)
            await pilot.press("space")
            await settle(pilot)
            assert app.screen.query_one(RomansBoard).scene.state == m.view(0)
            assert len(m.actions) == step + 1 and m.to_move() == 0

    asyncio.run(go())


def test_the_keys_help_says_the_enemy_phase_plays_out_and_space_skips():
    assert "the Enemy phase play out at the bots' pace" in RomansUI.notes
    assert "space skips to the end" in RomansUI.notes
    assert "E3× fighting" in RomansUI.notes  # the legend it quotes
