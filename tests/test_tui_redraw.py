"""Draw only what changed (``tui.widgets.redraw``): each helper's promise,
checked on a real Textual app by counting the screen's layout passes (a
pass lays out and repaints the whole screen: at a shared table it is the
largest part of the CPU each move costs every seat's game)."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult
from textual.color import Color
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.widgets import redraw
from tui.widgets.actions import ActionList
from tui.widgets.untrusted import markup


class Counting(Screen):
    CSS = """
    #fixed { height: 1; width: 30; }
    #auto { height: auto; width: 30; }
    #list, #plain { height: 4; }
    #box { height: 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.layouts = 0

    def compose(self) -> ComposeResult:
        yield Static("one", id="fixed")
        yield Static("one line", id="auto")
        yield ActionList(id="list")
        yield OptionList(id="plain")
        with Vertical(id="box"):
            yield Static("inside", id="inside")

    def _refresh_layout(self, size=None, scroll: bool = False) -> None:  # type: ignore[override]
        if not scroll:  # scrolling re-places, it does not lay out
            self.layouts += 1
        super()._refresh_layout(size, scroll)


class Harness(App):
    def on_mount(self) -> None:
        self.push_screen(Counting())


def run(check) -> None:
    async def body() -> None:
        app = Harness()
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            await check(app.screen, pilot)
    asyncio.run(body())


def test_show_skips_the_same_text_and_lays_out_only_for_a_new_box():
    async def check(screen: Counting, pilot) -> None:
        fixed, auto = screen.query_one("#fixed", Static), screen.query_one("#auto", Static)
        before = screen.layouts
        shown = fixed.content
        redraw.show(fixed, "one")
        redraw.show(fixed, "[b]two[/]")  # same box: a repaint only
        await pilot.pause()
        assert shown == "one" and screen.layouts == before
        assert fixed.render_line(0).text.startswith("two")
        redraw.show(auto, "one\ntwo\nthree")  # an auto box grows: laid out
        await pilot.pause()
        assert screen.layouts > before and auto.size.height == 3
        before = screen.layouts
        redraw.show(auto, "[b]four[/]\nfive\nsix")  # three lines that fit: no pass
        await pilot.pause()
        assert screen.layouts == before and auto.render_line(0).text.startswith("four")
        redraw.show(auto, "a\nb\n" + "x" * 40)  # three lines, one wraps: laid out
        await pilot.pause()
        assert screen.layouts > before and auto.size.height == 4
        auto.styles.min_height = 4
        await pilot.pause()
        before = screen.layouts
        redraw.show(auto, "one line")  # held at its min-height: no pass
        await pilot.pause()
        assert screen.layouts == before and auto.size.height == 4
        auto.display = False
        await pilot.pause()
        before = screen.layouts
        redraw.show(auto, "\n".join("abcdef"))  # not shown: no pass until it is
        await pilot.pause()
        assert screen.layouts == before
        auto.display = True
        await pilot.pause()
        assert screen.layouts > before and auto.size.height == 6
    run(check)


def test_a_fixed_box_list_fills_without_a_layout_pass():
    async def check(screen: Counting, pilot) -> None:
        fixed, plain = screen.query_one("#list", ActionList), screen.query_one("#plain", OptionList)
        before = screen.layouts
        plain.add_options([Option("a"), Option("b")])
        await pilot.pause()
        assert screen.layouts == before + 1  # Textual's own: one pass per change
        before = screen.layouts
        fixed.add_options([Option("a"), Option("b")])
        await pilot.pause()
        assert screen.layouts == before
        assert fixed.render_line(1).text.startswith("b")
        fixed.clear_options()
        await pilot.pause()
        assert screen.layouts == before
        fixed.add_options([Option(str(i)) for i in range(12)])  # a scrollbar shows: laid out
        await pilot.pause()
        assert fixed.show_vertical_scrollbar
        assert fixed.max_scroll_y == 12 - fixed.scrollable_content_region.height > 0
    run(check)


def test_paint_sets_a_background_that_what_is_inside_shows():
    async def check(screen: Counting, pilot) -> None:
        box, inside = screen.query_one("#box"), screen.query_one("#inside", Static)
        red = Color(200, 0, 0)

        def background() -> Color | None:
            segment = next(iter(inside.render_line(0)))
            return segment.style.bgcolor and Color.from_rich_color(segment.style.bgcolor)
        before = screen.layouts
        redraw.paint(box, "background", red)
        await pilot.pause()
        assert background() == red and screen.layouts == before
        redraw.paint(box, "background", None)  # the stylesheet's again
        await pilot.pause()
        assert background() != red
    run(check)


def test_markup_is_parsed_once_and_values_stay_plain():
    a = markup("[b]$name[/] moves", name="[i]x[/]\x1b[2J")
    b = markup("[b]$name[/] moves", name="[i]x[/]\x1b[2J")
    assert a is b  # cached: Content is immutable
    assert a.plain == "[i]x[/][2J moves"
    assert markup("[b]$name[/]", name="y").plain == "y"


def test_a_box_that_grows_is_laid_out_once():
    """The pass that gives a box its new size does not ask for another
    (``redraw.one_layout_pass``; Textual's own asks for a second pass that
    changes nothing)."""
    async def check(screen: Counting, pilot) -> None:
        auto = screen.query_one("#auto", Static)
        before = screen.layouts
        redraw.show(auto, "one\ntwo\nthree")
        for _ in range(4):
            await pilot.pause()
        assert auto.size.height == 3 and screen.layouts == before + 1
    redraw.one_layout_pass()
    run(check)
