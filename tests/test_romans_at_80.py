"""The Romans at 80×24, what a player reads before choosing (issue 28's
last pass): an army's odds before the province it names, a greyed
placement's whole reason under the map and its key words in its row, and
a status line of one row."""

from __future__ import annotations

import asyncio

import pytest

from engine.romans.actions import Invade
from tests.test_romans_tui import first_placing, position
from tests.test_tui_narrow import region_rows, words
from tests.test_tui_support import app_for, settle, until
from tui.romans.board import RomansBoard
from tui.widgets.actions import ActionMenu

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py

SIZE = (80, 24)


async def highlight(pilot, app, pick) -> tuple:
    """Highlight the first listed action ``pick`` accepts; it is returned."""
    menu = app.screen.query_one(ActionMenu)
    index = next(i for i, (a, _) in enumerate(menu._shown) if pick(a))
    menu.options.highlighted = index
    await settle(pilot)
    return menu._shown[index][0]


def under_the_map(app) -> list[str]:
    """The rows under the map as the terminal shows them at 80×24 (the
    map's box scrolls: only its first rows are in sight)."""
    board = app.screen.query_one(RomansBoard)
    shown = [r.strip("│ ▁▄▃▅▆▇█") for r in region_rows(app, board.parent)]
    last = max(i for i, r in enumerate(shown) if "≈≈≈" in r)  # the map's last row
    return shown[last + 1:]


def test_an_armys_odds_show_before_the_province_it_names():
    """The army's chance and Glory were under a four-line province text, out
    of sight at 80×24; they now come first under the map."""
    m = position(3, first_placing)

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await highlight(pilot, app, lambda a: isinstance(a, Invade))
            rows = under_the_map(app)
            assert rows and rows[0].startswith("conquers "), rows

    asyncio.run(go())


def test_a_greyed_placement_reads_whole_under_the_map_and_keeps_its_key_words_in_its_row():
    """A god no placement may take was cut to "no god: It…" in its row and
    read whole only once pressed: its row keeps "no god" (or ✗ beside the
    god) and "Italy" now,
    and highlighted, the line under the map gives the whole reason."""
    m = position(3, first_placing)

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            assert menu._room is not None, "a one-row list"
            rows = [menu.options.get_option_at_index(i).prompt.plain[2:]
                    for i in range(len(menu._shown))]  # as drawn, digit aside
            gods = [r for r in rows if r.startswith(("Basilica +", "Temple:"))]
            assert gods and all(("no god" in r or "+Mer ✗" in r) and "Italy" in r
                                and "…" not in r for r in gods), rows
            action = await highlight(pilot, app, lambda a: a in menu._dead
                                     and "Italy not all yours" in menu._dead[a])
            why = menu._dead[action]
            assert words(" ".join(under_the_map(app))).startswith(f"✗ {why}"), \
                under_the_map(app)

    asyncio.run(go())


@pytest.mark.parametrize("why, brief", [
    ("no god: Italy not all yours (Etruria, Venetia, Campania, Apulia)",
     "no god: needs Etr Ven Cam Apu"),
    ("no god: unrest in Etruria", "no god: unrest Etr"),
    ("needs 2 manpower (have 1), 1 material (have 0)", "needs 2 manp. (have 1), 1 mat. (have 0)"),
    ("needs 2 gold (have 1): sell 1 manpower below", "needs 2 gold (have 1): sell m1"),
    ("free box III needs a III senator", "needs a III senator"),
    ("Mars is held by Blue", "held by Blue"),
    ("yours already (one senator a building)", "yours already"),
])
def test_a_reasons_key_words_come_first_in_its_brief_forms(why: str, brief: str) -> None:
    from tui.romans.labels import brief_reasons
    assert brief_reasons(why)[0] == brief


def test_a_tight_greyed_row_keeps_the_reason_rather_than_the_gods_whole_name() -> None:
    from engine.romans.actions import Senator
    from tui.romans.labels import tight_label
    label = ("Basilica Aemilia with Mercury — no god: Italy not all yours "
             "(Etruria, Venetia, Campania, Apulia)")
    assert tight_label(Senator(4, "Basilica Aemilia", 4, "Mercury"), label, 30) == \
        "Basilica +Mer ✗ needs Italy"
    label = "Servian Wall with Vesta — no god: unrest in Latium"
    assert tight_label(Senator(4, "Servian Wall", 4, "Vesta"), label, 30) == \
        "Serv. Wall +Ves ✗ unrest Lat", "the god named: its reason's key words whole"
    label = "Temple of Jupiter — no god: unrest in Etruria"
    assert tight_label(Senator(1, "Temple of Jupiter", 1, ""), label, 30) == \
        "Temple: no god: unrest Etr"
    label = ("Forum with Minerva — no god: Italy not all yours "
             "(Etruria, Venetia, Campania, Apulia)")
    assert tight_label(Senator(4, "Forum", 4, "Minerva"), label, 31) == \
        "Forum +Min ✗ needs Italy", "as the other gods' rows (it read 'Forum +Min: no god: …')"


STATUS_ROW = 78  # the status line's text at 80 columns (its padding aside)
YOUR_TURN = " Y  Your turn — "  # the badge and the words before the prompt


def test_every_prompt_fits_one_status_row_at_80_columns():
    """"Red: Castra Praetoria: choose the army's target and size (up to 4)"
    and four others took two rows and pushed the table down: each prompt,
    with its widest figures and seat, fits one row, in random games and
    from the engine's table of prompts."""
    import random

    from engine.match import Match, Seat
    from engine.romans.text import COUNTS, PROMPTS

    widest = {"benefits": ("Mercury", 12), "take": (2,), "types": (2,), "sets": (2,),
              "piece": ("fleet",), "collect": (5,)}
    for kind, text in PROMPTS.items():
        line = f"{YOUR_TURN}Yellow: {COUNTS.format(text, *widest.get(kind, (12,)))}"
        line += " (5 more at most)" if kind == "collect" else ""
        assert len(line) <= STATUS_ROW, line
    for n in (1, 2, 4):
        for seed in (1, 2, 3):
            m = Match("romans", tuple(Seat(f"S{i}", "random") for i in range(n)), seed)
            rng = random.Random(seed)
            while not m.is_over():
                view = m.view(m.to_move())
                assert len(YOUR_TURN + m.game.prompt(view)) <= STATUS_ROW, m.game.prompt(view)
                m.play(rng.choice(m.game.legal(view)))


def test_a_thinking_bots_line_keeps_to_one_row():
    """Beside the bar (54 columns at 80) "Bot1 is thinking… · You send a I
    general and 1 legion into Etruria (+3 more in the log)" wrapped to two
    or three rows and pushed the table down each time a bot played: it is
    one row now, cut with "…" (the log says it whole)."""
    from tui.widgets.status import StatusLine

    m = position(3, first_placing)

    async def go() -> None:
        app = app_for(m, pacing="slow")  # on the test's clock, which stands still:
        # the bot's decided move waits, its thinking line stays (no real time passes)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            await highlight(pilot, app, lambda a: isinstance(a, Invade) and a.legions > 1)
            await pilot.press("enter")
            await until(pilot, lambda: app.screen.query_one("#status-progress").display
                        and "thinking" in str(app.screen.query_one("#status-text").render()))
            await pilot.pause()
            status = app.screen.query_one(StatusLine)
            text = str(app.screen.query_one("#status-text").render())
            assert len(text) > STATUS_ROW - 24, "a line that would wrap beside the bar"
            assert status.region.height == 1, region_rows(app, status)
            assert not menu._shown
            app.screen.stop_thinking()

    asyncio.run(go())


def test_the_solo_results_say_where_the_enemys_points_came_from():
    """The Enemy's row had its total only: it now reads its points by the
    human's columns, its Glory and start in Play, its building bonuses
    (the log's "The Enemy scores 25 (building bonus)") in Bonus, which
    Rome's row has too; both rows sum to their scores."""
    import random

    from engine import get_game
    from tui.screens.game_over import score_table
    from tui.widgets.seats import SeatLook

    g = get_game("romans")
    for seed in (3, 4, 5):
        s, rng, logged = g.setup(1, None, seed), random.Random(seed), {"glory": 0}
        steps = [s]
        while g.to_move(s) is not None:
            s = g.play(s, rng.choice(g.legal(s)))
            steps.append(s)
        for e in (e for step in steps for e in step.events if e[0] == "enemy score"):
            logged[e[2]] = logged.get(e[2], 0) + e[1]
        res = g.result(s)
        (enemy,) = res.others_breakdown
        assert enemy["bonus"] == logged.get("building bonus", 0)
        assert enemy["play"] == 2 + logged["glory"], "its start and its Glory"
        assert sum(enemy.values()) == s.enemy_score
        assert sum(res.breakdown[0].values()) == res.scores[0]
        rows = score_table(res, (SeatLook(0, "You", "Rome", "red", "R"),), 74).plain
        row = next(r for r in rows.split("\n") if "The Enemy" in r)
        cells = [int(x) for x in row.split("The Enemy")[1].split()]
        assert cells[0] == s.enemy_score and sum(cells[1:]) == s.enemy_score, rows
        assert "Bonus" in rows.split("\n")[0] + rows.split("\n")[1]


def test_the_side_panels_title_names_the_phase_whole_at_80_columns():
    """"Era 2 · Enemy nation selecti…" was cut by the panel's border at 80×24."""
    from tui.romans.side import era_title

    assert era_title(2, "nations", 35) == "Era 2 · Nation selection"
    assert era_title(2, "nations", 60) == "Era 2 · Enemy nation selection"
    assert len(era_title(2, "expansion", 35)) + 6 <= 35, "the others fit as they are"


def temple_benefits():
    """Red at the Temple with Minerva, a score of 8 to split into benefits."""
    from engine.match import Match
    from engine.romans.actions import Senator
    from tests.romans_helpers import RED, expansion, play
    from tests.test_romans_tui import seats

    base = (expansion().villa(RED, 3).barracks(RED, 0).docks(RED, victuals=1)
            .map(RED, garrison=["Venetia", "Etruria", "Campania", "Apulia", "Gallia"],
                 unrest=["Gallia"]).score(RED, 5).dice(6))
    m = Match("romans", seats(4), 1)
    m.states = [play(base.build(), Senator(3, "Temple of Jupiter", 3, "Minerva"))]
    return m


def test_a_temple_benefits_row_keeps_what_it_does_and_the_map_says_it_whole():
    """"4 Benefit 4: 1… (now 10 points)" and "7 Benefits 1… remove 3 unrest"
    at 80×24, and nothing under the map but "map C · Tab: the map": each
    row keeps what its benefits do and their figures, the line under the
    map the whole text; a label that just fits a row no longer loses its
    last word ("rank")."""
    from engine.romans.actions import Benefits
    from tui.romans.labels import tight_label

    m = temple_benefits()
    v = m.view(0)
    assert m.state.pending[-1].data == ("Minerva", 8)

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            rows = " ".join(words(r) for r in region_rows(app, menu))
            assert "B4: 1 pt/province, now 5" in rows, rows
            assert "B1+2: -1 unrest, raise 1 rank" in rows, rows
            await highlight(pilot, app, lambda a: a == Benefits(4, 0))
            rows = under_the_map(app)
            assert words(" ".join(rows)).startswith(
                "Benefit 4: 1 point per occupied province not in unrest (now 5 points)"), rows

    asyncio.run(go())
    label = m.game.describe(v, Benefits(1, 2))
    assert label == "Benefits 1: remove 1 unrest; then 2: raise 1 rank"
    assert tight_label(Benefits(1, 2), label, 48) == \
        "B1+2: remove 1 unrest, then raise 1 rank", "pairs read alike: B1+2, B1+5"


def test_at_120x40_a_long_list_gives_each_label_one_row():
    """120×40: the 62 Temple benefits wrapped, "Benefits 1: remove 1
    unrest; then 2: raise 1" and then "rank" on a row of its own, as if it
    were another line. A list too long to show whole gives each label one
    row in its short form, as at 80×24; the line under the map says it
    whole."""
    from engine.romans.actions import Benefits

    m = temple_benefits()

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            assert menu.options.has_class("-tight")
            rows = [row.strip(" │▏") for row in region_rows(app, menu.options)]
            rows = [row for row in rows if row]
            starts = [row.split(" ", 1)[1] if row[0] in "1234567890" else row for row in rows]
            assert all(r.startswith(("Benefit", "B")) for r in starts), rows
            assert "7 B1+2: remove 1 unrest, then raise 1 rank" in rows, rows
            assert "4 Benefit 4: 1 pt/province, now 5" in rows, rows
            await highlight(pilot, app, lambda a: a == Benefits(1, 2))
            assert words(" ".join(under_the_map(app))).startswith(
                "Benefits 1: remove 1 unrest; then 2: raise 1 rank")

    asyncio.run(go())


def test_the_solo_results_chart_has_the_enemys_line():
    """The solo chart plotted Rome alone: The Enemy's score (its final 71)
    had no line or row. The engine now records its score after each Era
    (``ScoreHistory.others``), and the chart draws it ("E") beside Rome,
    its numbers in a row of their own."""
    import random

    from engine.match import Match, Seat
    from tui.screens.game_over import GameOverScreen, chart_series

    m = Match("romans", (Seat("You"),), 3)
    rng = random.Random(3)
    while not m.is_over():
        m.play(rng.choice(m.game.legal(m.view(m.to_move()))))
    history = m.game.score_history(m.state)
    assert [len(r) for r in history.rows] == [1] * 5
    assert [len(r) for r in history.others] == [1] * 5
    res = m.game.result(m.state)
    columns, series = chart_series(history, res)
    enemy = [row[0] for row in history.others] + [res.others[0][1]]
    assert series[1] == enemy and enemy[-1] == m.state.enemy_score

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            while not isinstance(app.screen, GameOverScreen):
                await pilot.pause()
            await pilot.pause()
            text = str(app.screen.query_one("#chart-numbers").render()).split("\n")
            assert text[2].split() == ["E", *map(str, enemy)], text
            chart = str(app.screen.query_one("#chart").render())
            assert "E" in chart.replace("E1", "").replace("E2", "").replace("E3", "") \
                .replace("E4", "").replace("E5", "")

    asyncio.run(go())


def test_small_words_gold_in_words_no_hand_and_one_remote_loss():
    """"II→Basilica II: g2 +Mercury" where other rows say "2 gold"; the
    replay's "s: whose hand" and the `?` help's "your hand" in a game with
    no hand; "Red loses Britannia, 1+5=6 to 1+5=6" then "Red loses
    Britannia" again."""
    import random

    from engine.match import Match, Seat
    from engine.romans.actions import Senator
    from engine.romans.events import RemoteBattle, RemoteLost
    from engine.romans.state import PLACES
    from engine.romans.text import log_line
    from tests.romans_helpers import expansion
    from tui.romans.labels import tight_label
    from tui.screens.local_source import LocalSource

    a = Senator(2, "Basilica Aemilia", 2, "Mercury")
    label = "II to Basilica Aemilia, box II (2 gold) with Mercury"
    assert tight_label(a, label, 31) == "II→Basilica II: pay 2 gold +Mer"

    s = expansion().build()
    britannia = PLACES.index("Britannia")
    battle = str(log_line(s, RemoteBattle(0, britannia, 6, 6, False, 5, 5)))
    lost = str(log_line(s, RemoteLost(0, britannia)))
    assert battle.endswith("fails to hold Britannia, 1+5=6 to 1+5=6 (ties go to the Enemy)")
    assert lost.endswith("loses Britannia: its legion, cities and fortifications go back to "
                         "the supply, and a Native force holds it again")

    m = Match("romans", (Seat("You"),), 3)
    rng = random.Random(3)
    while not m.is_over():
        m.play(rng.choice(m.game.legal(m.view(m.to_move()))))
    assert not any("hand" in h.does for h in LocalSource(m).help_lines())

    async def go() -> None:
        app = app_for(m, kind="replay")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            keys = str(app.screen.query_one("#replay-step").render())
            assert "s: whose view" in keys and "hand" not in keys, keys

    asyncio.run(go())
