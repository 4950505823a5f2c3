"""Age of Rome at 80×24 (issue 28 walk-through, the Emperor Solo): the
results' labels were cut to six letters ("Milita", "Religi") and the
numbers beside the chart to "R1 … R5 R"; the Solo's tasks at the side
panel's foot. Every label stays whole (on two rows when one row is too
narrow for them), every number shows, and the tasks are in sight."""

from __future__ import annotations

import asyncio
import html
import re
from typing import Any

import pytest

from engine.core import Result
from tests.test_ageofrome_tui import finished
from tests.test_tui_support import app_for, settle
from tui.screens.game_over import GameOverScreen, chart_layout, chart_series, score_table
from tui.widgets.seats import SeatLook

LABELS = ("Track", "Military", "Politics", "Trade", "Religion", "Quests", "Denarii")


@pytest.fixture(autouse=True)
def isolated(home: Any) -> None:
    """Every test here plays in its own home directory (saves, settings)."""


def test_labels_too_wide_for_one_row_are_whole_on_two():
    keys = [label.lower() for label in LABELS]
    res = Result(scores=(84,), ranks=(1,), winners=(0,),
                 breakdown=({k: 10 + i for i, k in enumerate(keys)},),
                 labels=tuple(zip(keys, LABELS, strict=True)), unit="Glory")
    looks = (SeatLook(0, "You", "Lepidus", "red", "O"),)
    top, bottom, row = score_table(res, looks, 74).plain.split("\n")
    assert max(len(top), len(bottom), len(row)) <= 74
    for label in LABELS:
        assert f" {label}" in top or f" {label}" in bottom
    cells = row.split()[-len(LABELS):]
    for label, cell in zip(LABELS, cells, strict=True):  # each over its own number
        line = top if f" {label}" in top else bottom
        end = line.index(f" {label}") + 1 + len(label)
        assert row[:end].endswith(cell), (label, cell)
    assert "Glory" in bottom and "Glory" not in top
    wide = score_table(res, looks, 114).plain.split("\n")
    assert len(wide) == 2, "where they fit, the labels take one row, as before"


def test_the_chart_and_its_numbers_share_80_columns():
    columns = [f"R{i}" for i in range(1, 10)] + ["end"]
    series = [[4, 10, 12, 23, 27, 30, 44, 43, 56, 84]]
    assert chart_layout(series, columns, 114) == (6, [4] * 10, False), "spread over the room"
    step, widths, under = chart_layout(series, columns, 74)
    assert (step, under) == (3, False) and widths == [3] * 9 + [4]
    assert chart_layout(series * 4, columns * 2, 74)[2], "too many columns: under the chart"
    assert chart_layout(series * 4, columns, 74) == (7, None, True), \
        "four seats in a cell need five columns a round: under the chart, spread"


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_the_results_chart_spreads_its_rounds_and_hides_no_seat(size):
    """The chart drew its ten rounds in 40 columns at the left, and seats
    sharing a cell hid under "+Y" (walk-through, stop 36): every seat's
    letter shows in every round, side by side where they meet, and the
    rounds spread over the room."""
    from tui.widgets.chart import ScoreChart

    m = finished(5, 4)
    res = m.game.result(m.state)
    columns, series = chart_series(m.game.score_history(m.state), res)

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            while not isinstance(app.screen, GameOverScreen):
                await pilot.pause()
            await pilot.pause()
            letters = {lk.letter for lk in app.screen.looks}
            rows = str(app.screen.query_one(ScoreChart).render()).split("\n")
            plot = [r.partition("│")[2] for r in rows if "│" in r]
            step = len(rows[-2].partition("└")[2]) // len(columns)
            assert step * len(columns) >= 60, "the rounds spread over the room"
            assert not any("+" in r for r in plot), plot
            for x in range(len(columns)):
                band = "".join(r[x * step:(x + 1) * step] for r in plot)
                assert sorted(c for c in band if c in letters) == sorted(letters), (x, plot)
                assert all(r[x * step:x * step + 1] in ("", " ") for r in plot), \
                    "a blank between rounds"

    asyncio.run(go())


@pytest.mark.parametrize("players", [1, 4])
def test_every_label_and_number_of_the_results_shows_at_80x24(players):
    m = finished(5, players)
    res = m.game.result(m.state)
    columns, series = chart_series(m.game.score_history(m.state), res)

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            while not isinstance(app.screen, GameOverScreen):
                await pilot.pause()
            await pilot.pause()
            shown = html.unescape(app.export_screenshot()).replace("\xa0", " ")
            for _, label in res.categories():
                assert f" {label} " in shown or f" {label}<" in shown or f">{label} " in shown
            numbers = app.screen.query_one("#chart-numbers")
            assert numbers.region.right <= 80 - 3, "inside the box"
            text = str(numbers.render())
            assert text.split("\n")[0].split() == columns
            for row, values in zip(text.split("\n")[1:], series, strict=True):
                assert row.split()[1:] == [str(v) for v in values]

    asyncio.run(go())


def test_the_solo_tasks_show_whole_at_80x24():
    """The Emperor Solo's tasks wrap on three lines; under the Event, the
    seat and the Glory track they were cut at the panel's foot ("Tasks 0/7
    ·Glory 51 ·3 Medals" and nothing more). They follow your seat's line,
    all in sight, whatever the Event's text."""
    from tests.test_ageofrome_tui import position
    from tui.ageofrome.side import TASK_WORDS

    m = position(3, lambda s: s.round >= 3 and s.phase == "actions", 1)

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            shown = html.unescape(app.export_screenshot()).replace("\xa0", " ")
            for word in ("Tasks", *TASK_WORDS):
                assert word in shown, word
            assert re.search(r"Votes \d/4", shown)
            assert "→ +" not in shown  # no multiplayer Event reward in the Solo

    asyncio.run(go())


def test_your_own_seat_row_says_its_legions_and_votes_at_80x24():
    """The others' one-row seats read "G2 D6 L6 V3"; yours, at the top of
    the panel, read "G2 D6" only (walk-through, stop 36)."""
    from tests.test_ageofrome_tui import position
    from tui.ageofrome.side import SidePanel

    m = position(3, lambda s: s.phase == "actions", 4)
    p = m.state.players[0]

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            rows = str(app.screen.query_one(SidePanel).render()).split("\n")
            mine = rows[1]  # under the Event
            assert "◂" in mine and f" L{p.legions} V{p.votes}" in mine, rows
            assert sum(f"L{p.legions} V{p.votes}" in r for r in rows) == 1, "said once"

    asyncio.run(go())


def test_the_side_panel_comes_back_to_its_top_when_your_turn_comes_again():
    """At 80×24 the side panel scrolls; scrolled down to read the hand, it
    kept every seat's figures out of sight turn after turn (walk-through,
    stop 36). When the turn comes back to you it shows its top again."""
    from tests.test_ageofrome_tui import position
    from tui.ageofrome.side import SideBox

    m = position(3, lambda s: s.phase == "actions" and s.round >= 2, 4)

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            box = app.screen.query_one(SideBox)
            box.scroll_end(animate=False, immediate=True)
            await pilot.pause()
            assert box.scroll_y > 0, "the panel is taller than its room"
            others = False
            for _ in range(20):  # play the first action until the turn goes round
                step = len(m.actions)
                await pilot.press("1")
                while len(m.actions) == step:
                    await pilot.pause()
                others = others or any(m.game.to_move(s) != 0 for s in m.states[step + 1:])
                await settle(pilot)
                if others:
                    break
                assert box.scroll_y > 0, "within your turn it stays where you scrolled it"
            assert others and m.to_move() == 0
            assert box.scroll_y == 0, "your turn again: the seats' figures in sight"

    asyncio.run(go())
