"""The Romans at the terminal table: the map schematic, the City of Rome, a
battle and the Enemy's route at 80×24 and 120×40; whole games (solo and
four players) played by keys; picking a place on the map narrows the
actions; over SSH a player starts The Romans from the title screen.

Positions come from seeded games played at random (every seat) up to the
first state where the human (seat 0) is to move and a test holds, so no bot
moves before a snapshot is taken.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

import pytest

from engine import get_game
from engine.match import Match, Seat
from engine.romans.actions import Invade
from engine.romans.state import INDEX, PLACES
from tests.test_ssh_support import make_config, make_keys, run, serving, start_from_title
from tests.test_tui_support import (
    app_for,
    late_in_the_game,
    moves_of,
    play_to_the_end_by_keys,
    settle,
)
from tui.romans import look
from tui.romans.board import GRID, NARROW, RomansBoard, cell_x, step_cursor
from tui.romans.side import battles
from tui.romans.table import RomansUI, places_of
from tui.ssh.probe import GameClient
from tui.widgets.actions import ActionMenu
from tui.widgets.game_log import GameLog

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py

SIZES = [(80, 24), (120, 40)]


def seats(n: int) -> tuple[Seat, ...]:
    return (Seat("You"),) + tuple(Seat(f"Bot{i}", "random") for i in range(1, n))


def position(seed: int, pred: Callable[[Any], bool], n: int = 4, limit: int = 3000,
             tries: int = 40) -> Match:
    """The first such position of the seeded games from ``seed`` on (a rules
    change may take one game's position away: the next seed has one)."""
    for s in range(seed, seed + tries):
        m = Match("romans", seats(n), s)
        rng = random.Random(s)
        for _ in range(limit):
            if m.to_move() == 0 and pred(m.state):
                return m
            if m.is_over():
                break
            m.play(rng.choice(m.game.legal(m.view(m.to_move()))))
    raise AssertionError("no such position in these games")


def placing(s) -> bool:
    return s.phase == "expansion" and s.era == 2 and not s.pending


def first_placing(s) -> bool:
    return s.phase == "expansion" and s.era == 1 and not s.pending


def after_battles(s) -> bool:
    """The human's army won after losing once: the step shows both."""
    mine = [e for e in s.events if e[0] == "battle" and e[1] == 0]
    return (bool(s.pending) and s.pending[-1].kind == "march"
            and any(not e[5] for e in mine) and any(e[5] for e in mine))


def routing(s) -> bool:
    return bool(s.pending) and s.pending[-1].kind == "route"


POSITIONS: dict[str, tuple[int, Callable[[Any], bool], int]] = {
    "map": (3, placing, 4),
    "battle": (15, after_battles, 4),
    "enemy": (2, routing, 1),
}


def board_text(app) -> str:
    return str(app.screen.query_one(RomansBoard).render())


def shown_actions(app) -> list[str]:
    menu = app.screen.query_one(ActionMenu)
    return [d for _, d in menu._shown]


# ---------------------------------------------------------------- snapshots
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["map", "battle", "enemy"])
def test_the_table(snap_compare, name, size):
    seed, pred, n = POSITIONS[name]
    assert snap_compare(app_for(position(seed, pred, n)), terminal_size=size,
                        run_before=settle)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_city_of_rome(snap_compare, size):
    seed, pred, n = POSITIONS["map"]

    async def to_rome(pilot):
        await settle(pilot)
        pilot.app.screen.query_one(RomansBoard).focus()
        await pilot.press("left_square_bracket")
        await settle(pilot)

    assert snap_compare(app_for(position(seed, pred, n)), terminal_size=size,
                        run_before=to_rome)


# ---------------------------------------------------------------- what it draws
def test_latium_starts_with_legion_city_and_fort():
    s = get_game("romans").setup(4, None, 1)
    v = get_game("romans").view(s, 0)
    assert [t for t, _ in look.province_markers(v, 0, INDEX["Latium"])] == ["L", "c", "F"]
    natives = [t for t, _ in look.province_markers(v, 0, INDEX["Gallia"])]
    assert natives == ["N?"], "a face-down native force shows no strength"
    assert "T" in [t for t, _ in look.province_markers(v, 0, INDEX["Britannia"])]


def test_a_battle_reads_both_dice_strengths_and_result():
    m = position(*POSITIONS["battle"])
    lines = [line for seat, line in battles(m.state, 0) if seat == 0]
    expected, white, purple = [], 0, 0
    for e in m.state.events:
        if e[0] == "battle roll":
            white, purple = e[1], e[2]
        elif e[0] == "battle" and e[1] == 0:
            expected.append((f": {e[3] - white}+{white}={e[3]} vs "
                             f"{e[4] - purple}+{purple}={e[4]}", e[5]))
    assert len(lines) == len(expected) >= 2
    for line, (numbers, won) in zip(lines, expected, strict=True):
        assert numbers in line
        assert ("won" in line) == won and ("lost" in line) == (not won)


def test_every_land_link_of_every_map_is_drawn_or_named():
    from engine.romans.state import BOARDS, NP
    from tui.romans.board import draw_map, far_links

    g = get_game("romans")
    s = g.setup(4, None, 1)
    for name, b in BOARDS.items():
        p = s.players[0].replace(board=name)
        one = s.replace(players=(p,) + s.players[1:])
        text = "\n".join("".join(row) for row in draw_map(one, 0).chars)
        links = sum(1 for i in range(NP) for j in range(i + 1, NP) if b.land[i] >> j & 1)
        drawn = (text.count("──") + text.count("<>") + text.count("│") + text.count("↕")
                 + text.count("╱") + text.count("╲") + 2 * text.count("╳"))
        assert drawn + len(far_links(b)) == links, name
        assert (name == "D") == bool(far_links(b))
        for place in GRID:
            assert look.TAGS[place] in text


def test_an_action_naming_a_place_marks_it_on_the_map():
    places, route = places_of(Invade(2, "Gallia", 3, ("Oceanus Atlanticus",)))
    assert places == [INDEX["Gallia"], INDEX["Oceanus Atlanticus"]] and route is None
    assert places_of(("route", ("Mare Adriaticum", "Apulia")))[1] is None  # a plain tuple
    from engine.romans.actions import Route

    assert places_of(Route(("Mare Adriaticum", "Apulia")))[1] == (
        INDEX["Mare Adriaticum"], INDEX["Apulia"])


# ---------------------------------------------------------------- picking
def keys_to(start: int, goal: int) -> list[str]:
    """Arrow keys that walk the map cursor from ``start`` to ``goal``."""
    seen, frontier = {start: []}, [start]
    while frontier:
        nxt = []
        for here in frontier:
            for key in ("left", "right", "up", "down"):
                there = step_cursor(here, key)
                if there not in seen:
                    seen[there] = seen[here] + [key]
                    nxt.append(there)
        frontier = nxt
    return seen[goal]


def test_every_place_can_be_reached_by_arrows():
    for i in range(len(PLACES)):
        assert keys_to(INDEX["Latium"], i) is not None


def test_picking_a_province_by_keys_narrows_the_actions():
    m = position(3, first_placing)
    view = m.view(0)
    invades = [a for a in m.game.legal(view) if isinstance(a, Invade)]
    assert invades, "the position offers an invasion"
    target = invades[0].province

    async def go():
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            before = shown_actions(app)
            await pilot.press("tab", "tab")  # the action list, then the map
            board = app.screen.query_one(RomansBoard)
            assert app.focused is board
            await pilot.press(*keys_to(board.cursor, INDEX[target]))
            assert board.cursor == INDEX[target]
            assert target in board_text(app), "the cursor's place is described"
            await pilot.press("enter")
            await settle(pilot)
            after = shown_actions(app)
            assert after and len(after) < len(before)
            assert all(target in d for d in after)
            greyed = {d for a, d in app.screen.query_one(ActionMenu)._items
                      if a in app.screen.query_one(ActionMenu)._dead}
            assert after == [d for d in before if target in d and d not in greyed], \
                "what names the place (a greyed line names it only in its reason)"
            # The highlighted action marks its place; digits still play it.
            assert INDEX[target] in board.marked
            step = len(m.actions)
            await pilot.press("1")
            await settle(pilot)
            assert target in m.game.describe(view, m.actions[step])

    asyncio.run(go())


def test_clicking_a_province_narrows_the_actions():
    m = position(3, first_placing)
    target = next(a for a in m.game.legal(m.view(0)) if isinstance(a, Invade)).province
    r, col = GRID[target]

    async def go():
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.click(RomansBoard, offset=(cell_x(col, NARROW) + 1, 1 + 3 * r))
            await settle(pilot)
            after = shown_actions(app)
            assert after and all(target in d for d in after)

    asyncio.run(go())


def test_the_other_maps_and_rome_are_a_key_away_from_any_panel():
    m = position(*POSITIONS["map"])

    async def go():
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            board = app.screen.query_one(RomansBoard)
            menu = app.screen.query_one(ActionMenu)
            assert app.focused is menu.filter and board.tab == 0
            await pilot.press("right_square_bracket")
            assert board.tab == 1 and "Atl" in board_text(app)
            assert menu.filter.value == "", "a map key, not filter text"
            await pilot.press("tab")  # the action list
            await pilot.press("left_square_bracket", "left_square_bracket")
            assert board.tab == 4
            text = board_text(app)
            assert "Basilica" in text and "Score" in text and "Atl" not in text
            await pilot.press("ctrl+l")  # the log
            assert app.focused is app.screen.query_one(GameLog)
            await pilot.press("right_square_bracket")
            assert board.tab == 0
            board.focus()  # the map's own keys: one step each, not two
            await pilot.press("pagedown", "right_square_bracket")
            assert board.tab == 2

    asyncio.run(go())


def test_the_replay_switches_maps_with_the_log_focused():
    async def go():
        app = app_for(position(*POSITIONS["map"]), kind="replay")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            board = app.screen.query_one(RomansBoard)
            app.screen.query_one(GameLog).focus()
            await pilot.press("right_square_bracket")
            assert board.tab == 1 and app.focused is not board

    asyncio.run(go())


# ---------------------------------------------------------------- the end of a game
@pytest.mark.parametrize(("n", "seed"), [(1, 13), (4, 11)], ids=["solo", "4-players"])
def test_the_last_era_is_played_by_keys_to_the_results(n, seed):
    """The last era by keys, bots at instant pace, the map drawn at every
    turn, then the results. The conformance suite plays a whole solo game by
    keys; a slice keeps the multi-player table and the ending at a fifth of
    the cost. These seeds' slices reach a campaign (March by key) and
    Build, PlaceNative, PlaceUnrest, GloryPick and PraetorianArmy."""
    match = late_in_the_game("romans", seats(n), seed)
    start = len(match.actions)
    played, text, phases = asyncio.run(play_to_the_end_by_keys(
        match, random.Random(seed),
        lambda app: "Lat" in board_text(app) or "Basilica" in board_text(app)))
    assert match.is_over()
    assert played == moves_of(match, 0, start) > 10, "every human move came by key"
    assert match.game.result(match.state).outcome in text
    assert {"leaders", "expansion", "nations"} <= phases


def test_the_table_is_the_romans_own():
    from tui.widgets.table import game_ui

    assert isinstance(game_ui("romans"), RomansUI)


# ---------------------------------------------------------------- over SSH
def test_over_ssh_a_player_starts_the_romans_from_the_title(tmp_path):
    keys = make_keys(tmp_path)

    async def body():
        async with serving(make_config(tmp_path, keys)) as host:
            client = await GameClient.connect(host.port, username="alice",
                                              client_keys=[keys.friend])
            # Home, then The Romans: second in the list
            await start_from_title(client, "The Romans", ("Provincia", "Age of Rome"),
                                   "\x1b[H\x1b[B\r")
            await client.read_until("Your turn")
            await client.read_until("Occ")  # the map's bottom sea
            screen = client.screen.text()
            assert "Atl" in screen and "Lat" in screen
            client.close()

    run(body(), timeout=300)  # a loaded machine may need several tries at the list
