"""A board of places you can pick: a game draws it, this widget works it.

A game's board draws itself as a grid of characters (``Cells``), each with a
style and the place it belongs to (a place is a number the game gives
meaning to). ``PlaceGrid`` does the rest, the same way on every board:
arrows move a cursor to the nearest place in their direction, the places the
highlighted action names are underlined and the cursor's place reversed,
a line under the grid says what the cursor is on, and Enter or a click picks
the place. Picking narrows the action list (``PlaceGridBox``, ``narrow``):
the first of the place's words that any action's description holds goes
into the action filter (``ActionMenu.would_match``); esc there clears it.

A game subclasses ``PlaceGrid`` and gives its drawing (``draw``) and what a
place means in it (``describe``, ``words``); the other hooks have defaults.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual import events, on
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from .actions import ActionMenu
from .redraw import same
from .scene import Scene

Line = str | tuple[str, str] | Content
"""One line of text under or above the grid: plain text (never markup), a
text with its style, or Content."""

DIRS = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}
NOWHERE = -1  # a character of no place; a cursor not shown


@dataclass
class Cells:
    """A character grid with a style per character, and which place each
    character belongs to (for clicks, and for finding the places)."""

    chars: list[list[str]]
    styles: list[list[str]]
    places: list[list[int]]

    @classmethod
    def blank(cls, w: int, h: int) -> Cells:
        return cls([[" "] * w for _ in range(h)], [[""] * w for _ in range(h)],
                   [[NOWHERE] * w for _ in range(h)])

    def put(self, y: int, x: int, text: str, style: str = "", place: int = NOWHERE) -> None:
        """Write ``text`` at row ``y``, column ``x`` (what falls outside the
        grid is dropped); with a place, its characters belong to it."""
        for k, ch in enumerate(text):
            if 0 <= y < len(self.chars) and 0 <= x + k < len(self.chars[y]):
                self.chars[y][x + k] = ch
                self.styles[y][x + k] = style
                if place >= 0:
                    self.places[y][x + k] = place

    def restyle(self, y: int, x: int, width: int, extra: str) -> None:
        """Add ``extra`` to the style of ``width`` characters from (y, x)."""
        for k in range(width):
            if 0 <= x + k < len(self.styles[y]):
                self.styles[y][x + k] = (self.styles[y][x + k] + " " + extra).strip()

    def restyle_place(self, place: int, extra: str) -> None:
        """Add ``extra`` to the style of every character of ``place``."""
        for y, row in enumerate(self.places):
            for x, p in enumerate(row):
                if p == place:
                    self.styles[y][x] = (self.styles[y][x] + " " + extra).strip()

    def place_at(self, y: int, x: int) -> int:
        """The place of the character at (y, x) (NOWHERE off the grid)."""
        if 0 <= y < len(self.places) and 0 <= x < len(self.places[y]):
            return self.places[y][x]
        return NOWHERE

    def centres(self) -> dict[int, tuple[float, float]]:
        """The middle of each place's characters (row, column), in one pass."""
        sums: dict[int, list[float]] = {}
        for y, row in enumerate(self.places):
            for x, p in enumerate(row):
                if p >= 0:
                    acc = sums.setdefault(p, [0.0, 0.0, 0.0])
                    acc[0] += y
                    acc[1] += x
                    acc[2] += 1
        return {p: (a[0] / a[2], a[1] / a[2]) for p, a in sums.items()}

    def text(self) -> str:
        return "\n".join("".join(row).rstrip() for row in self.chars)

    def parts(self) -> list[str | tuple[str, str]]:
        """The grid as Content parts: runs of one style (no markup to parse),
        each row without its unstyled trailing blanks."""
        out: list[str | tuple[str, str]] = []
        for y, (chars, styles) in enumerate(zip(self.chars, self.styles, strict=True)):
            if y:
                out.append("\n")
            end = len(chars)
            while end and chars[end - 1] == " " and not styles[end - 1]:
                end -= 1
            run, style = "", ""
            for ch, st in zip(chars[:end], styles[:end], strict=True):
                if st != style and run:
                    out.append((run, style) if style else run)
                    run = ""
                style = st
                run += ch
            if run:
                out.append((run, style) if style else run)
        return out


def step(where: dict[int, tuple[float, float]], cursor: int, key: str,
         across: float = 1, aside: float = 2) -> int:
    """The nearest place in the arrow's direction from ``cursor`` (itself if
    none), by the places' positions (row, column). A column counts
    ``1/across`` of a row (text cells are narrow and tall); a place off the
    arrow's line counts ``aside`` times as far as one on it."""
    dr, dc = DIRS[key]
    if cursor not in where:
        return next(iter(where), cursor)
    r0, c0 = where[cursor]
    best, best_d = cursor, None
    for i, (r, col) in where.items():
        ahead = (r - r0) * dr + (col - c0) * dc / across
        if i == cursor or ahead <= 0:
            continue
        side = abs((r - r0) * dc) + abs((col - c0) * dr) / across
        d = ahead + aside * side
        if best_d is None or d < best_d:
            best, best_d = i, d
    return best


def narrow(screen: Any, words: list[str], box: Widget, unnamed: str) -> str:
    """Keep only the actions named by the first of ``words`` that names any
    (the action filter holds it and takes the focus; esc clears it); say
    ``unnamed`` on the box's border when none does. Returns the words used
    ("" none)."""
    menus = list(screen.query(ActionMenu))
    if not menus:
        return ""
    menu = menus[0]
    for w in words:
        if menu.would_match(w):
            menu.pick(w)
            box.border_subtitle = ""
            return w
    box.border_subtitle = unnamed
    return ""


class PlaceGrid(Static, can_focus=True):
    """A board of places: lines above (``above``), the grid (``draw``), then
    lines under it (``detail``). The cursor and the places the highlighted
    action names are shown while the board has the focus or an action names
    a place."""

    BINDINGS = [*(Binding(key, f"move('{key}')", key.title(), show=False) for key in DIRS),
                Binding("enter", "pick", "Pick the place", show=False)]

    weights: tuple[float, float] = (1, 2)
    """``step``'s ``across`` and ``aside`` for this board's arrows."""

    class Picked(Message):
        """A place was picked (Enter or a click): the filter words to try,
        most precise first, and what to say when no action has any."""

        def __init__(self, place: int, words: list[str], unnamed: str) -> None:
            super().__init__()
            self.place = place
            self.words = words
            self.unnamed = unnamed

    def __init__(self, cursor: int = 0, **kw: Any) -> None:
        super().__init__(**kw)
        self.scene: Scene | None = None
        self.cursor = cursor
        self.marked: frozenset[int] = frozenset()
        self.cells: Cells | None = None  # the grid shown (None: none, nothing to pick)
        self.where: dict[int, tuple[float, float]] = {}  # each place's (row, column)
        self.top = 0  # the grid's first line (below ``above``'s lines)
        self._shown: Content | None = None

    # ------------------------------------------------------------ a game's hooks
    def draw(self, scene: Scene) -> Cells:
        """The grid for this scene, without the cursor and the marks."""
        raise NotImplementedError

    def describe(self, scene: Scene, place: int) -> Line:
        """What is on ``place``, for the line under the grid."""
        raise NotImplementedError

    def words(self, scene: Scene, place: int) -> list[str]:
        """Words that name ``place`` in the actions' descriptions, most
        precise first: picking it keeps the actions holding the first that any holds."""
        raise NotImplementedError

    def unnamed(self, scene: Scene, place: int) -> str:
        """Said on the box when no action names the picked place."""
        return "no action names this place now"

    def started(self, scene: Scene) -> None:
        """The first scene shown (where the cursor starts, say)."""

    def positions(self, cells: Cells) -> dict[int, tuple[float, float]]:
        """Where the arrows think each place is: the middle of its characters."""
        return cells.centres()

    def highlight(self, cells: Cells, place: int, extra: str) -> None:
        """Mark ``place`` (``u`` named by the action, ``reverse`` the cursor)."""
        cells.restyle_place(place, extra)

    def above(self, scene: Scene) -> list[Line]:
        """Lines above the grid (``top`` counts them for clicks)."""
        return []

    def notes(self, scene: Scene) -> list[Line]:
        """Lines under the grid before the cursor's (none: a hint how to use it)."""
        return []

    def idle(self, scene: Scene) -> Line:
        """Under the grid while no cursor is shown and there are no notes."""
        return ("Tab, arrows, Enter: pick a place · ? keys", "dim")

    def legend(self, scene: Scene) -> list[Line]:
        """The last lines under the grid."""
        return []

    # ------------------------------------------------------------ drawing
    @property
    def shown(self) -> int:
        """The cursor, while it is shown (NOWHERE otherwise)."""
        return self.cursor if (self.has_focus or self.marked) else NOWHERE

    def show(self, scene: Scene) -> None:
        first = self.scene is None
        self.scene = scene
        if first:
            self.started(scene)
        self.redraw()

    def redraw(self) -> None:
        scene = self.scene
        if scene is None:
            return
        cells = self.draw(scene)
        self.where = self.positions(cells)
        for i in self.marked:
            self.highlight(cells, i, "u")
        shown = self.shown
        if shown >= 0:
            self.highlight(cells, shown, "reverse")
        self.cells = cells
        above = self.above(scene)
        self.top = len(above)
        self.paint([*above, Content.assemble(*cells.parts()), *self.detail(scene, shown)])

    def detail(self, scene: Scene, shown: int) -> list[Line]:
        """Under the grid: the notes, what the cursor is on (or, with neither,
        ``idle``), then the legend."""
        lines = self.notes(scene)
        if shown >= 0:
            lines.append(self.describe(scene, shown))
        elif not lines:
            lines.append(self.idle(scene))
        return lines + self.legend(scene)

    def paint(self, lines: list[Line]) -> None:
        """Show these lines, unless they are what is shown (no re-render)."""
        parts: list[Line] = []
        for k, line in enumerate(lines):
            if k:
                parts.append("\n")
            parts.append(line)
        content = Content.assemble(*parts)
        if self._shown is None or not same(content, self._shown):
            self._shown = content
            self.update(content)

    def text(self) -> str:
        """The grid as plain text (tests read it)."""
        return self.cells.text() if self.cells is not None else ""

    # ------------------------------------------------------------ pointing
    def point_at(self, places: list[int], follow: bool = True) -> None:
        """The highlighted action names these places: they are marked, and
        the cursor goes to the first (if ``follow``)."""
        self.marked = frozenset(places)
        if places and follow:
            self.cursor = places[0]
        self.redraw()

    def action_move(self, key: str) -> None:
        self.cursor = step(self.where, self.cursor, key, *self.weights)
        self.redraw()

    def action_pick(self) -> None:
        scene = self.scene
        if scene is not None and self.cells is not None:
            place = self.cursor
            self.post_message(self.Picked(place, self.words(scene, place),
                                          self.unnamed(scene, place)))

    def on_focus(self) -> None:
        self.redraw()

    def on_blur(self) -> None:
        self.redraw()

    def on_resize(self) -> None:
        self.redraw()

    def on_click(self, event: events.Click) -> None:
        x, y = event.x - self.styles.padding.left, event.y
        if y < self.top:
            self.click_above(x, y)
            return
        if self.cells is None:
            return
        place = self.cells.place_at(y - self.top, x)
        if place >= 0:
            self.cursor = place
            self.redraw()
            self.action_pick()

    def click_above(self, x: int, y: int) -> None:
        """A click on the lines above the grid (nothing by default)."""


class PlaceGridBox(Vertical):
    """Holds a board so the screen's focus styles (class ``panel``) apply,
    and narrows the action list when a place on it is picked."""

    @on(PlaceGrid.Picked)
    def _picked(self, event: PlaceGrid.Picked) -> None:
        event.stop()
        narrow(self.screen, event.words, self, event.unnamed)
