"""The Romans' Enemy previews on the map (issue 28, last pass): while an
Enemy nation or a route is highlighted, the map draws the army and the
route it would take; each route option carries the figures a nation's
preview gives (expected loss, the battle's odds, what it takes); a route
step never reads as a remote province's attack strength; in the solo game
your Glory province and The Enemy's have marks of their own.
"""

from __future__ import annotations

import asyncio
import re

import pytest

from ai.romans import threat
from ai.romans.preview import nation_army, nation_preview, route_preview, target_preview
from ai.romans.value import defend_win, siege, strength_at
from engine.romans.actions import Nation, Route
from engine.romans.scenario import Scenario
from engine.romans.state import INDEX, NP, REMOTE, board
from tests.romans_helpers import RED, G
from tests.test_romans_enemy_shown import cell, marches
from tests.test_romans_shown import scene_of
from tests.test_romans_tui import POSITIONS, board_text, position
from tests.test_tui_support import app_for, settle
from tui.romans import look
from tui.romans.about import about
from tui.romans.board import ENEMY_GLORY, NARROW, WIDE, RomansBoard, draw_map, route_step
from tui.romans.table import RomansUI, enemy_army
from tui.widgets.actions import ActionMenu

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py

GAL, VEN, ILL, GER = (INDEX[p] for p in ("Gallia", "Venetia", "Illyricum", "Germania"))


def highlighted(app) -> tuple:
    menu = app.screen.query_one(ActionMenu)
    return menu._shown[menu.options.highlighted][0]


def drawn_army(cells, h) -> None:
    """The map shows army ``h``: E and its warbands where it starts, each
    step of its route circled in order, its target ◎."""
    assert f"E{h.warbands}" in cell(cells, h.place), "the army at its start"
    for k, place in enumerate(h.route, 1):
        if place != h.target:  # beside the tag (a sea's band: somewhere in it)
            shown = cell(cells, place)[3] if place < NP else cell(cells, place)
            assert route_step(k) in shown, f"step {k} of the route"
    if h.target >= 0:
        assert "◎" in cell(cells, h.target), "its target"


# ---------------------------------------------------------------- 1: the nation's route on the map
def test_highlighting_each_enemy_nation_draws_its_army_and_route_on_the_map():
    """Solo, choosing the Enemy nation: the highlight moves through the
    options, and the map draws each option's army, route and target (the
    route the preview works out); the line under the map says so."""
    m = position(2, marches, n=1)

    async def go():
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            board = app.screen.query_one(RomansBoard)
            armies = []
            for _ in range(3):
                action = highlighted(app)
                assert isinstance(action, Nation)
                h = nation_army(m.view(0), action.face, action.user)
                drawn_army(board.cells, h)
                assert f"If chosen: Enemy army E{h.warbands}" in board_text(app)
                armies.append(h)
                await pilot.press("down")
                await settle(pilot)
            assert len({(h.place, h.route) for h in armies}) > 1, "each option its own route"
            assert any(h.route for h in armies), "a route with steps is drawn"

    asyncio.run(go())


def test_a_nation_army_follows_the_route_the_preview_names():
    """The army drawn walks the route the nation's preview line names, to
    the first province it must stop in; the first battle's odds read as a
    route's do (each roll, and in all)."""
    s = (Scenario(players=1).boards("A").at("nations", 1)
         .map(RED, garrison=["Illyricum", "Venetia"], cities=["Latium", "Illyricum"]).build())
    v = G.view(s, RED)
    fights = 0
    for a in G.legal(v):
        text = nation_preview(v, a.face, a.user)
        if "first attack on" in text:  # the battle's odds: each roll, and in all
            fights += 1
            assert re.search(r"first attack on [A-Za-z ]+, which holds each roll \d+%, "
                             r"falls \d+% in all", text)
        h = nation_army(v, a.face, a.user)
        assert h.place == INDEX[G.describe(v, a).split(" from ")[1].split(",")[0]]
        if h.route:
            assert "route " + " → ".join(look.PLACES[i] for i in (h.place, *h.route)) in text
    assert fights


# ---------------------------------------------------------------- 2: a route's odds
def two_ways() -> object:
    """Era 1's Enemy phase: Red's army in Gallia (4 warbands, general +1)
    marches on Illyricum, by Venetia (a legion there: it must stop and
    fight) or by Germania (free to the walls of Illyricum)."""
    s = (Scenario(players=4).boards(*"AAAA").at("enemy", 1)
         .map(RED, garrison=["Illyricum", "Venetia"], cities=["Latium", "Illyricum"])
         .horde(RED, "Gallia", 4, general=1, target="Illyricum").build())
    assert s.pending[-1].kind == "route"
    return s


def test_each_route_option_shows_its_expected_loss_and_its_battle_odds():
    s = two_ways()
    v = G.view(s, RED)
    p, h = v.players[RED], v.players[RED].horde
    texts = {}
    for a in G.legal(v):
        route = tuple(INDEX[x] for x in a.places)
        text = route_preview(v, RED, route)
        stop = route[-1]
        loss = threat.damage(v, p, h, first_route=route)
        hold = defend_win(strength_at(p, stop), 5)
        fall, _ = siege(1 - hold, 4)
        assert text.startswith(f"expected loss {loss:.1f} future points")
        assert (f"attacks {look.PLACES[stop]}, which holds each roll {round(100 * hold)}%, "
                f"falls {round(100 * fall)}% in all") in text
        texts[stop] = text
    assert set(texts) == {VEN, ILL} and texts[VEN] != texts[ILL]
    assert "if it wins every battle it takes Venetia → Illyricum" in texts[VEN]


def test_the_route_choice_shows_the_odds_under_the_map():
    """At the table the highlighted route's figures are under the map."""
    m = position(*POSITIONS["enemy"][:2], n=POSITIONS["enemy"][2])

    async def go():
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            action = highlighted(app)
            assert isinstance(action, Route)
            text = " ".join(board_text(app).split())
            route = tuple(INDEX[x] for x in action.places)
            assert route_preview(m.view(0), 0, route) in text
            assert "expected loss" in text and "holds each roll" in text

    asyncio.run(go())


# ---------------------------------------------------------------- 3: steps and strengths
def test_a_route_step_never_reads_as_a_remote_attack_strength():
    """Remote provinces show their attack strength as a plain digit beside
    the tag; the Enemy's route steps are circled, so the two never look
    the same, and the legends say which is which."""
    s = two_ways()
    v = G.view(s, RED)
    route = (GER, ILL)
    for g in (NARROW, WIDE):
        cells = draw_map(v, RED, route, ILL, g)
        assert cell(cells, GER)[3] == "①"
        b = board(v.players[RED])
        for i in REMOTE:
            if i != GER and i < NP:
                assert cell(cells, i)[3] == str(b.remote[i]), "a remote strength stays a digit"
        flags = [cell(cells, i)[3] for i in route if i != ILL]
        assert not any(f.isascii() and f.isdigit() for f in flags)
    assert "① ② its route" in look.SHORT_LEGEND and "Bri3 remote, attacks with 3" in \
        look.SHORT_LEGEND
    assert "1-3 a remote province's attack strength, ① ② ③… the Enemy's route" in \
        RomansUI.notes


# ---------------------------------------------------------------- 4: two Glory marks
def test_the_solo_glory_provinces_have_a_mark_each():
    """Solo: your Glory province is *, The Enemy's ◆, and both are in the
    legend and the `?` help."""
    s = (Scenario(players=1).boards("A").at("expansion", 1).glory(RED, "Gallia")
         .enemy(glory="Hispania").build())
    v = G.view(s, RED)
    cells = draw_map(v, RED)
    assert cell(cells, GAL)[3] == "*"
    assert cell(cells, INDEX["Hispania"])[3] == ENEMY_GLORY != "*"
    assert "* Glory (◆ The Enemy's)" in look.SHORT_LEGEND
    assert "* your Glory province, ◆ The Enemy's Glory province (solo)" in RomansUI.notes


# ---------------------------------------------------------------- 1 and 2: a target to choose
def test_highlighting_a_target_to_choose_draws_the_march_and_gives_its_odds():
    """R11's tie: Red's army in Germania is as near Gallia as Illyricum.
    Each target highlighted draws the army's march on it, and gives the
    figures of that march under the map."""
    s = (Scenario(players=4).boards(*"AAAA").at("enemy", 1)
         .map(RED, garrison=["Latium", "Gallia", "Illyricum"],
              cities=["Latium", "Gallia", "Illyricum"])
         .horde(RED, "Germania", 4, general=1).build())
    assert s.pending[-1].kind == "target"
    scene = scene_of(s, RED)
    board = RomansBoard()
    board.tab = RED
    drawn = set()
    for a in G.legal(scene.state):
        army = enemy_army(scene, a)
        assert army is not None and army[0] == RED
        h = army[1]
        assert h.place == GER and h.target == INDEX[a.province] and h.route[-1] == h.target
        board.army = army
        drawn_army(board.draw(scene), h)
        text = about(scene, a)
        assert text == target_preview(scene.state, RED, h.target)
        assert text.startswith("expected loss") and f"attacks {a.province}, which holds" in text
        drawn.add(h.route)
    assert len(drawn) == 2


def test_a_nation_chosen_for_the_other_player_is_drawn_on_their_map():
    """Two players: a nation "for Blue" highlighted turns the map to Blue's
    and draws the army there; the next option, for yourself, turns it back."""
    def for_blue(s) -> bool:
        return (s.phase == "nations" and not s.pending
                and any(a.user == 1 for a in G.legal(s)))

    m = position(1, for_blue, n=2)

    async def go():
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            board = app.screen.query_one(RomansBoard)
            seen = set()
            for _ in range(2):
                action = highlighted(app)
                assert board.tab == action.user
                drawn_army(board.cells, nation_army(m.view(0), action.face, action.user))
                seen.add(action.user)
                await pilot.press("down")
                await settle(pilot)
            assert seen == {0, 1}

    asyncio.run(go())


def test_the_enemy_glory_mark_is_in_the_legend_of_the_solo_game_only():
    solo = Scenario(players=1).boards("A").at("expansion", 1).build()
    four = Scenario(players=4).boards(*"AAAA").at("expansion", 1).build()
    board = RomansBoard()
    board.wide = lambda: True  # type: ignore[method-assign]  # an unmounted board has no width
    legend = {n: str(board.legend(scene_of(s, RED))[0][0]) for n, s in ((1, solo), (4, four))}
    assert ENEMY_GLORY in legend[1] and "* Glory (◆ The Enemy's)" in legend[1]
    assert ENEMY_GLORY not in legend[4] and "* Glory · " in legend[4]
