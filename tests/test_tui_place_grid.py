"""The board of places you can pick (``tui/widgets/place_grid.py``), on a
small board of its own: arrows move the cursor to the nearest place, the
line under the grid says what it is on, Enter or a click picks a place and
the action list keeps only the actions naming it, esc in the filter brings
them all back, and a place no action names says so on the box."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult
from textual.content import Content

from tui.widgets.actions import ActionMenu
from tui.widgets.place_grid import Cells, Line, PlaceGrid, PlaceGridBox, step
from tui.widgets.scene import Scene

# Three places in a row, two below: (name, row, column).
PLACES = (("Forum", 0, 0), ("Baths", 0, 1), ("Circus", 0, 2), ("Docks", 1, 0), ("Camp", 1, 2))
CELL = 8  # a place's width on the grid
ACTIONS = [(("go", "Forum"), "Speak at the Forum"), (("go", "Docks"), "Sail from the Docks"),
           (("go", "Circus"), "Race at the Circus"), (("go", "Forum2"), "Vote at the Forum")]


class Town(PlaceGrid):
    """A title line, then each place's name in its cell."""

    def draw(self, scene: Scene) -> Cells:
        c = Cells.blank(3 * CELL, 3)
        for i, (name, r, col) in enumerate(PLACES):
            c.put(2 * r, col * CELL, name, "b", i)
        return c

    def above(self, scene: Scene) -> list[Line]:
        return [("The town", "dim")]

    def describe(self, scene: Scene, place: int) -> Line:
        return f"on the {PLACES[place][0]}"

    def words(self, scene: Scene, place: int) -> list[str]:
        return [f"the {PLACES[place][0]}", PLACES[place][0]]

    def unnamed(self, scene: Scene, place: int) -> str:
        return f"nothing at the {PLACES[place][0]}"


class TownApp(App):
    AUTO_FOCUS = "#action-filter"  # as at a game's table

    def compose(self) -> ComposeResult:
        yield PlaceGridBox(Town(id="town"), id="box")
        yield ActionMenu()

    def on_mount(self) -> None:
        self.query_one(ActionMenu).set_actions(ACTIONS)
        scene = Scene(game=None, state=None, seat=0, seats=(), looks=(),
                      earlier=lambda k: None)
        self.query_one(Town).show(scene)


def shown(app: App) -> list[str]:
    return [d for _, d in app.query_one(ActionMenu)._shown]


def styles_of(content: Content, text: str) -> set[str]:
    """The styles over the first ``text`` in ``content``."""
    start = content.plain.index(text)
    return {str(s.style) for s in content.spans if s.start <= start < s.end}


def test_arrows_enter_esc_and_a_click_on_a_board_of_places():
    async def go():
        app = TownApp()
        async with app.run_test(size=(60, 20)) as pilot:
            town = app.query_one(Town)
            menu = app.query_one(ActionMenu)
            box = app.query_one("#box", PlaceGridBox)
            assert "on the" not in str(town.render()), "no cursor until the board is used"
            town.focus()
            await pilot.press("right")
            assert town.cursor == 1 and "on the Baths" in str(town.render())
            assert "reverse" in " ".join(styles_of(town.render(), "Baths"))
            await pilot.press("right")
            assert town.cursor == 2 and "on the Circus" in str(town.render())
            await pilot.press("down")
            assert PLACES[town.cursor][0] == "Camp"
            await pilot.press("left")
            assert PLACES[town.cursor][0] == "Baths", "a row aside counts twice a column"
            await pilot.press("left", "left")
            assert PLACES[town.cursor][0] == "Forum", "nothing further west: it stays"
            await pilot.press("down")
            assert PLACES[town.cursor][0] == "Docks"
            await pilot.press("up")
            assert PLACES[town.cursor][0] == "Forum"
            # Enter narrows: the most precise words any action holds.
            await pilot.press("enter")
            await pilot.pause()
            assert menu.filter.value == "the Forum" and app.focused is menu.filter
            assert shown(app) == ["Speak at the Forum", "Vote at the Forum"]
            # esc in the filter clears it: every action again.
            await pilot.press("escape")
            await pilot.pause()
            assert menu.filter.value == "" and len(shown(app)) == len(ACTIONS)
            # A click picks the place under it (the grid starts below the title).
            await pilot.click(Town, offset=(1, 1 + 2))  # the Docks, the grid's third line
            await pilot.pause()
            assert PLACES[town.cursor][0] == "Docks"
            assert menu.filter.value == "the Docks" and shown(app) == ["Sail from the Docks"]
            await pilot.press("escape")
            # A place no action names: the box says so, the list stays whole.
            town.focus()
            town.cursor = 1
            await pilot.press("enter")
            await pilot.pause()
            assert box.border_subtitle == "nothing at the Baths"
            assert menu.filter.value == "" and len(shown(app)) == len(ACTIONS)
            # An action naming places marks them, the cursor on the first.
            town.blur()
            town.point_at([4, 3])
            assert town.cursor == 4
            assert "u" in " ".join(styles_of(town.render(), "Docks")).split()
            assert "reverse" in " ".join(styles_of(town.render(), "Camp"))

    asyncio.run(go())


def test_a_step_goes_to_the_nearest_place_in_the_arrows_direction():
    where = {0: (0.0, 0.0), 1: (0.0, 4.0), 2: (1.0, 1.0), 3: (5.0, 0.0)}
    assert step(where, 0, "right") == 2, "a row aside weighs twice, a column once"
    assert step(where, 0, "right", across=3, aside=3) == 1, "columns count a third"
    assert step(where, 0, "down") == 2 and step(where, 3, "down") == 3
    assert step(where, 9, "up") == 0, "a cursor off the board goes to the first place"
