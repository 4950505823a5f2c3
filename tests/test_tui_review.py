"""The review screen: opened by v from a local game's results and from the
replay of a finished game; the review runs in a worker ("Reviewing the
game…") while esc still leaves; then the chart and the costliest decisions,
drawn at 80×24 and 120×40 from a fixed seed (tests/snapshots/).
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from ai.review import review
from tests.test_tui_hostile import assert_shows, screen_text
from tests.test_tui_support import app_for, finished, settle, until
from tui.screens.game_over import GameOverScreen
from tui.screens.replay import ReplayScreen
from tui.screens.review import ReviewScreen

SIZES = [(80, 24), (120, 40)]
ITERATIONS = 16

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py


async def reviewed(pilot: Any) -> None:
    """From the results, v, then wait (without sleeping) for the review."""
    await settle(pilot)
    await pilot.press("v")
    await until(pilot, lambda: isinstance(pilot.app.screen, ReviewScreen))
    await asyncio.wait_for(pilot.app.screen.shown.wait(), 60)
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_review_screen(snap_compare, size):
    assert snap_compare(app_for(finished(), review_iterations=ITERATIONS), terminal_size=size,
                        run_before=reviewed)


def test_results_offer_the_review_and_esc_comes_back_to_them():
    async def go():
        app = app_for(finished(), review_iterations=ITERATIONS)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, GameOverScreen)
            assert "v Review" in screen_text(app)
            await reviewed(pilot)
            shown = assert_shows(app, "Review · Provincia Romana", "You — the 3 costliest of",
                                 "played", "esc Back")
            assert "Reviewing" not in shown
            assert "Brutus —" not in shown  # a bot seat: only the human seat is reviewed
            made = app.screen.result
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
            await pilot.press("v")  # again: shown at once
            await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
            assert app.screen.done is made is not None

    asyncio.run(go())


def test_the_replay_of_a_finished_game_opens_the_review():
    async def go():
        app = app_for(finished(), kind="replay", review_iterations=ITERATIONS)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen)
            assert "v Review" in screen_text(app)
            await pilot.press("v")
            await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
            first = app.screen
            await asyncio.wait_for(first.shown.wait(), 60)
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
            await pilot.press("v")  # again: the review made before, at once
            await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
            again = app.screen
            assert again is not first and again.done is first.result is not None
            await asyncio.wait_for(again.shown.wait(), 60)
            assert not again.workers  # nothing computed again

    asyncio.run(go())


def test_reviewing_shows_while_it_runs_and_esc_calls_it_off():
    """The computation is held by the test: the screen says it is reviewing,
    keys work, and esc leaves and cancels the worker."""
    release, cancelled = threading.Event(), threading.Event()
    match = finished()

    def held(m, iterations, progress, cancel):
        progress(0.25)
        release.wait(30)
        if cancel():
            cancelled.set()
        return review(m, 4)

    async def go():
        app = app_for(match, kind="replay")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            replay = app.screen
            looks = replay.looks
            app.push_screen(ReviewScreen(match, looks, compute=held))
            await until(pilot, lambda: "Reviewing the game… 25%" in screen_text(app))
            await pilot.press("down", "up")  # keys are not blocked
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is replay)
            release.set()
            await until(pilot, cancelled.is_set)

    asyncio.run(go())


def test_the_axis_names_each_chapter_where_it_begins_never_touching():
    from tui.widgets.chart import axis

    assert axis(["R1", "R2", "end"], 4) == " R1  R2 end "  # the results' chart, as before
    line = axis(["", "R1", "R2", "", "R3", "R10", "", "R11"], 2)
    assert line == "   R1    R3    R11"  # R2 and R10 would touch the label before


def test_each_figure_of_a_decision_names_its_measure():
    """A cost and a search that chose the same move read as contradicting
    ("cost 9%" then "the deeper search chose this move too"; "played 17%"
    then "played 12%"): the cost says it is hindsight (nothing hidden),
    the search's figures say they are the search's, on what was known, and
    the search agreeing says the cost was seen only in hindsight."""
    from ai.review import Choice, Costly
    from tui.review_cmd import seat_text
    from tui.screens.review import MEASURES, decision_lines

    played = Choice(("a",), "Take Turris", 0.12)
    other = Choice(("b",), "Take Hortus", 0.22)
    costly = Costly(1, 0, "round 1, Select Cards", 0.09, 0.26, 0.17, played, other)
    agreed = Costly(1, 0, "round 1, Select Cards", 0.09, 0.26, 0.17, played, played)
    assert "hindsight" in MEASURES and "what was known" in MEASURES
    assert len(MEASURES) <= 78  # one line at 80×24, so two decisions show whole
    for lines in ([c.plain for c in decision_lines(1, costly)],
                  seat_text("You", (costly,), 5)[1:]):
        assert "hindsight cost 9% (best 26%, played 17%)" in lines[0]
        assert "search: played      12%  Take Turris" in lines[1]
        assert lines[2].strip() == "preferred   22%  Take Hortus"
        assert lines[2].index("preferred") == lines[1].index("played ")
    for lines in ([c.plain for c in decision_lines(1, agreed)],
                  seat_text("You", (agreed,), 5)[1:]):
        assert "deeper search chose" not in lines[2]
        assert lines[2].strip() == "chose this move too (on what was known; the cost is hindsight)"
        assert lines[2].index("chose") == lines[1].index("played ")


def test_a_decisions_first_line_keeps_to_one_row():
    """At 80×24 (76 columns) "— hindsight cost 8% (best 20%, played 12%)"
    wrapped its last figure onto a row of its own: the parts go, the cost
    stays; wider, the parts are there."""
    from ai.review import Choice, Costly
    from tui.screens.review import decision_lines

    played = Choice(("a",), "Take a face-down card", 0.09)
    c = Costly(221, 0, "round 6, Select Cards", 0.08, 0.20, 0.12, played, played)
    narrow = decision_lines(2, c, 76)[0]
    assert narrow.plain == "2. step 221, round 6, Select Cards — hindsight cost 8%"
    assert decision_lines(2, c, 116)[0].plain.endswith("hindsight cost 8% (best 20%, played 12%)")
