"""The game log as a reader meets it, and the palette in 16 colours.

The log follows the newest line until its reader scrolls up; then it stays
put and counts what came ("n new lines ↓ end"); ``end``/``G`` jumps back
and following resumes. No line loses a character at the right edge, whether
the scrollbar was there when the line was wrapped or came later. Every
seat colour and every Provincia resource colour is a different hue in a
16-colour terminal.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from rich.color import Color, ColorSystem

from engine.core import LogLine
from engine.match import Match
from tests.test_tui_support import SEATS, app_for, position, settle
from tui.provincia.look import RES_COLOURS
from tui.widgets.game_log import BADGE_WIDTH, GameLog
from tui.widgets.seats import SEAT_COLOURS

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py


def run(coro):
    return asyncio.run(coro)


def on_screen(app: Any, widget: Any) -> list[str]:
    """The rows the terminal shows where ``widget`` is (the composited
    screen: the scrollbar and the border drawn over the widget's lines)."""
    rows = [strip.text for strip in app.screen._compositor.render_strips()]
    r = widget.region
    return [row[r.x:r.right] for row in rows[r.y:r.bottom]]


def lines(*texts: str) -> list[LogLine]:
    return [LogLine(((t, None),)) for t in texts]


def row_text(row: str) -> str:
    """A log row without its badge column (and the scrollbar's column)."""
    return row[BADGE_WIDTH:].rstrip(" ▁▂▃▄▅▆▇█▔")


# ----------------------------------------------------------------- the right edge

@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("start", ["new", "play"])
def test_full_width_lines_keep_their_last_character(size, start):
    """Lines as wide as the log, one narrower and one wider, written into a
    short log (the scrollbar appears as they arrive) and into a long one:
    every character is on screen, the wider line's last on a row of its own."""
    match = Match("provincia", SEATS, 5) if start == "new" else position("play")

    async def go():
        app = app_for(match)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            log = app.screen.query_one(GameLog)
            if start == "new":
                assert log.max_scroll_y == 0  # no scrollbar needed yet
            inner = log.scrollable_content_region.width - BADGE_WIDTH
            texts = [f"{'x' * (n - 2)}+{k}" for k, n in
                     enumerate((inner - 1, inner, inner + 1, inner, inner - 1))]
            texts.append(("word " * inner)[:inner - 1] + ".")  # a sentence's full stop
            for text in texts:
                log.add(lines(text))
                await pilot.pause()
                rows = [row_text(r) for r in on_screen(app, log)[1:]]  # under the border
                while rows and not rows[-1]:  # a short log's empty rows
                    rows.pop()
                want = [text[i:i + inner] for i in range(0, len(text), inner)]
                assert rows[-len(want):] == want

    run(go())


# ----------------------------------------------------------------- following

async def to_the_top(pilot, log: GameLog) -> GameLog:
    """``log``, focused and scrolled to its first line (no longer following)."""
    log.focus()
    await pilot.press("home")
    await pilot.pause()
    return log


def test_scrolled_up_log_counts_new_lines_and_end_follows_again():
    async def go():
        app = app_for(position("play"))
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            log = app.screen.query_one(GameLog)
            assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
            await to_the_top(pilot, log)
            assert log.scroll_y == 0 and not log.following
            log.add(lines("first new", "second new"))
            log.add(lines("third new"))
            await pilot.pause()
            assert log.scroll_y == 0  # the reader stays where they were
            assert log.unseen == 3
            assert on_screen(app, log)[-1].endswith(" 3 new lines ↓ end  ")
            await pilot.press("end")
            await pilot.pause()
            assert log.scroll_y == log.max_scroll_y and log.following
            assert log.unseen == 0 and "new line" not in on_screen(app, log)[-1]
            assert row_text(on_screen(app, log)[-1]) == "third new"
            log.add(lines("fourth new"))
            await pilot.pause()
            assert log.scroll_y == log.max_scroll_y  # following again
            assert row_text(on_screen(app, log)[-1]) == "fourth new"

    run(go())


def test_leaving_a_scrolled_up_log_follows_the_newest_again():
    """It stayed scrolled up for phases ("343 new lines ↓ end" by game over,
    issue 28 walk-through): esc back to the actions, and it follows."""
    async def go():
        app = app_for(position("play"))
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            log = await to_the_top(pilot, app.screen.query_one(GameLog))
            log.add(lines("first new"))
            await pilot.pause()
            assert not log.following and log.unseen == 1
            await pilot.press("escape")  # back to the actions
            await pilot.pause()
            assert app.screen.focused is not log
            assert log.following and log.unseen == 0 and log.scroll_y == log.max_scroll_y

    run(go())


def test_shift_g_jumps_back_and_scrolling_to_the_bottom_clears_the_notice():
    async def go():
        app = app_for(position("play"))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            log = await to_the_top(pilot, app.screen.query_one(GameLog))
            log.add(lines("one new"))
            await pilot.pause()
            assert "1 new line ↓ end" in on_screen(app, log)[-1]
            await pilot.press("G")
            await pilot.pause()
            assert log.following and log.unseen == 0
            await pilot.press("up")
            await pilot.pause()
            log.add(lines("another"))
            await pilot.pause()
            assert log.unseen == 1
            log.scroll_end(animate=False)  # the wheel or pgdn to the bottom
            await pilot.pause()
            assert log.unseen == 0 and not log.notice

    run(go())


def test_following_log_never_shows_the_notice():
    async def go():
        app = app_for(position("play"))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            log = app.screen.query_one(GameLog)
            for i in range(5):
                log.add(lines(f"line {i}"))
            await pilot.pause()
            assert log.unseen == 0 and log.scroll_y == log.max_scroll_y
            assert row_text(on_screen(app, log)[-1]) == "line 4"

    run(go())


def test_the_lines_of_the_latest_change_are_tinted_until_the_next():
    """What a move just did stands out: the rows of the latest ``add`` carry
    the fresh tint; the next change takes it over; a reset shows none."""
    async def go():
        app = app_for(position("play"))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            log = app.screen.query_one(GameLog)
            log.add(lines("older one", "older two"))
            log.add(lines("newest"))
            await pilot.pause()
            tint = log.get_component_rich_style("game-log--fresh").bgcolor
            assert tint is not None

            def tinted(text: str) -> bool:
                height = log.scrollable_content_region.height
                for y in range(height):
                    strip = log.render_line(y)
                    if row_text(strip.text) == text:
                        return any(seg.style and seg.style.bgcolor == tint
                                   for seg in strip if seg.text.strip())
                raise AssertionError(f"{text!r} is not on screen")

            assert tinted("newest") and not tinted("older two")
            log.add(lines("after"))
            await pilot.pause()
            assert tinted("after") and not tinted("newest")
            log.reset(lines("a", "b"))
            await pilot.pause()
            assert not tinted("b")

    run(go())


# ----------------------------------------------------------------- 16 colours

def standard(hex_colour: str) -> int:
    number = Color.parse(hex_colour).downgrade(ColorSystem.STANDARD).number
    assert number is not None
    return number


def test_seat_colours_are_six_hues_in_16_colours():
    """Six different ANSI colours, and six different hues (index mod 8): a
    terminal that shows bold text in the bright colours turns dark yellow
    into bright yellow, which is how orange and yellow seats looked alike."""
    numbers = [standard(c) for c in SEAT_COLOURS.values()]
    assert len(set(numbers)) == 6
    assert len({n % 8 for n in numbers}) == 6
    assert not {n % 8 for n in numbers} & {0, 7}  # no seat is black, grey or white


def test_resource_colours_differ_in_16_colours():
    numbers = [standard(c) for c in RES_COLOURS.values()]
    assert len(set(numbers)) == 4
    assert len({n % 8 for n in numbers}) == 4


def test_no_resource_colour_is_a_seat_colour_in_16_colours():
    """Clay was drawn in Forum Julii's bright red and Gold in Arelate's
    yellow: in 16 colours no resource takes a seat's colour (the seats hold
    every bright hue, so the resources take the dark ones and grey)."""
    seats = {standard(c) for c in SEAT_COLOURS.values()}
    for name, colour in RES_COLOURS.items():
        assert standard(colour) not in seats, name
