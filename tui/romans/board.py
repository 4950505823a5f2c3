"""The left of the table: one player's Empire map as a schematic, or the
City of Rome, switched with ``[`` ``]`` (or a click on the tab line).

The map is a grid of 4×2 character cells, west to east; land links are
drawn between neighbouring cells (``─ │ ╱ ╲``; ``<>``/``↕`` for a link across
the water, the map's double-headed arrows), the Atlantic runs down the left
and the Mediterraneum Occidentis along the bottom. Arrows move a cursor from
place to place (its neighbours, seas included, are underlined); Enter or a
click picks the place: the action list keeps only the actions naming it.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.markup import escape
from textual.message import Message
from textual.widgets import Static

from engine.romans.state import INDEX, NP, PLACES, board
from tui.widgets.scene import Scene

from . import city, look

LEFT = 4  # the Atlantic's band
NARROW, WIDE = (4, 2), (6, 3)  # cell width and the gap between cells
ROWS = 4
# Grid position (row, column) of every province and of the seas that fit a cell.
GRID: dict[str, tuple[int, int]] = {
    "Britannia": (0, 0), "Germania": (0, 1), "Pontus Euxinus": (0, 4),
    "Gallia": (1, 0), "Venetia": (1, 1), "Illyricum": (1, 2), "Macedonia": (1, 3),
    "Asia": (1, 4),
    "Hispania": (2, 0), "Etruria": (2, 1), "Mare Adriaticum": (2, 2),
    "Mediterraneum Orientis": (2, 3), "Syria": (2, 4), "Mesopotamia": (2, 5),
    "Mauritania": (3, 0), "Latium": (3, 1), "Campania": (3, 2), "Apulia": (3, 3),
    "Aegyptus": (3, 4),
}
ATL, OCC = INDEX["Oceanus Atlanticus"], INDEX["Mediterraneum Occidentis"]
# Where the cursor thinks each place is (the two bands sit between cells).
SPOT: dict[int, tuple[float, float]] = {INDEX[p]: rc for p, rc in GRID.items()}
SPOT[ATL] = (1.5, -1.0)
SPOT[OCC] = (4.0, 1.5)
HEIGHT = ROWS * 3  # two lines a row, a link line between, the bottom band
DIRS = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}


def cell_x(col: int, g: tuple[int, int] = NARROW) -> int:
    return LEFT + col * (g[0] + g[1])


def width(g: tuple[int, int]) -> int:
    return LEFT + 6 * (g[0] + g[1]) - g[1]


@dataclass
class Cells:
    """A character grid with a style per character, and which place each
    character belongs to (for clicks)."""

    chars: list[list[str]]
    styles: list[list[str]]
    places: list[list[int]]

    @classmethod
    def blank(cls, w: int, h: int) -> Cells:
        return cls([[" "] * w for _ in range(h)], [[""] * w for _ in range(h)],
                   [[-1] * w for _ in range(h)])

    def put(self, y: int, x: int, text: str, style: str = "", place: int = -1) -> None:
        for k, ch in enumerate(text):
            if 0 <= y < len(self.chars) and 0 <= x + k < len(self.chars[y]):
                self.chars[y][x + k] = ch
                self.styles[y][x + k] = style
                if place >= 0:
                    self.places[y][x + k] = place

    def restyle(self, y: int, x: int, width: int, extra: str) -> None:
        for k in range(width):
            if 0 <= x + k < len(self.styles[y]):
                self.styles[y][x + k] = (self.styles[y][x + k] + " " + extra).strip()

    def markup(self) -> str:
        lines = []
        for chars, styles in zip(self.chars, self.styles, strict=True):
            out, run, style = [], "", None
            for ch, st in zip(chars, styles, strict=True):
                if st != style and run:
                    out.append(f"[{style}]{escape(run)}[/]" if style else escape(run))
                    run = ""
                style = st
                run += ch
            if run:
                out.append(f"[{style}]{escape(run)}[/]" if style else escape(run))
            lines.append("".join(out).rstrip())
        return "\n".join(lines)


def markers_text(pieces: list[tuple[str, str]], width: int) -> list[tuple[str, str]]:
    """The pieces that fit ``width`` characters, in order."""
    out, used = [], 0
    for text, style in pieces:
        if used + len(text) > width:
            break
        out.append((text, style))
        used += len(text)
    return out


def draw_map(s, seat: int, cursor: int, marked: frozenset[int], route: tuple[int, ...],
             target: int, g: tuple[int, int] = NARROW) -> Cells:
    """Seat's map: every place, the land links, the cursor, the places an
    action names (``marked``) and the Enemy's route with its target."""
    p = s.players[seat]
    b = board(p)
    cw = g[0]
    c = Cells.blank(width(g), HEIGHT)
    glory = p.glory
    enemy_glory = s.enemy_glory if s.n == 1 else -1
    steps = {place: k + 1 for k, place in enumerate(route)}

    def flag(i: int) -> tuple[str, str]:
        if i in steps and steps[i] < 10:
            return str(steps[i]), "b reverse $romans-enemy"
        if i == target:
            return "◎", "b $romans-enemy"
        if i == glory:
            return "*", "b $warning"
        if i == enemy_glory:
            return "*", "b $romans-enemy"
        if i < NP and b.remote[i]:
            return str(b.remote[i]), "dim"
        return " ", ""

    def cell(i: int, y: int, x: int) -> None:
        tag_style = "b" if i < NP else "i $romans-sea"
        c.put(y, x, look.TAG[i], tag_style, i)
        ch, st = flag(i)
        c.put(y, x + 3, ch, st, i)
        pieces = (look.province_markers(s, seat, i) if i < NP
                  else look.sea_markers(s, seat, i))
        x2 = x
        for text, style in markers_text(pieces, cw):
            c.put(y + 1, x2, text, style, i)
            x2 += len(text)
        c.put(y + 1, x2, " " * (x + cw - x2), "", i)

    for name, (r, col) in GRID.items():
        cell(INDEX[name], 3 * r, cell_x(col, g))
    # The Atlantic down the left, the Mediterraneum Occidentis along the bottom.
    for y in range(HEIGHT - 1):
        c.put(y, 0, "≈≈ ", "$romans-sea", ATL)
    c.put(3, 0, "Atl", "i $romans-sea", ATL)
    atl = markers_text(look.sea_markers(s, seat, ATL), 3)
    x2 = 0
    for text, style in atl:
        c.put(4, x2, text, style, ATL)
        x2 += len(text)
    if x2:
        c.put(4, x2, " " * (3 - x2), "", ATL)
    band_end = cell_x(3, g) + cw
    c.put(HEIGHT - 1, 0, "≈" * band_end, "$romans-sea", OCC)
    c.put(HEIGHT - 1, cell_x(1, g), " Occ", "i $romans-sea", OCC)
    ch, st = flag(OCC)
    c.put(HEIGHT - 1, cell_x(1, g) + 4, ch, st, OCC)
    ch, st = flag(ATL)
    if ch.strip():
        c.put(2, 0, ch, st, ATL)
    c.put(HEIGHT - 1, cell_x(1, g) + 5, " ", "", OCC)
    x2 = cell_x(1, g) + 6
    for text, style in markers_text(look.sea_markers(s, seat, OCC), 8):
        if text != "≈":
            c.put(HEIGHT - 1, x2, text + " ", style, OCC)
            x2 += len(text) + 1
    _links(c, s, b, g)
    # Overlays: the route's target, the marked places, the cursor.
    for i in marked:
        _restyle_place(c, i, "u", g)
    if 0 <= cursor < len(PLACES):
        for j in range(len(PLACES)):
            if b.adj[cursor] >> j & 1:
                _restyle_tag(c, j, "u", g)
        _restyle_place(c, cursor, "reverse", g)
    return c


def _restyle_tag(c: Cells, i: int, extra: str, g: tuple[int, int]) -> None:
    name = PLACES[i]
    if name in GRID:
        r, col = GRID[name]
        c.restyle(3 * r, cell_x(col, g), 3, extra)
    elif i == ATL:
        c.restyle(3, 0, 3, extra)
    elif i == OCC:
        c.restyle(HEIGHT - 1, cell_x(1, g) + 1, 3, extra)


def _restyle_place(c: Cells, i: int, extra: str, g: tuple[int, int]) -> None:
    name = PLACES[i]
    if name in GRID:
        r, col = GRID[name]
        c.restyle(3 * r, cell_x(col, g), g[0], extra)
        c.restyle(3 * r + 1, cell_x(col, g), g[0], extra)
    elif i == ATL:
        c.restyle(3, 0, 3, extra)
        c.restyle(4, 0, 3, extra)
    elif i == OCC:
        c.restyle(HEIGHT - 1, cell_x(1, g), 5, extra)


def arrow_links(b) -> frozenset[frozenset[str]]:
    from engine.romans import maps
    m = maps.MAPS[b.name]
    return frozenset(frozenset((link.a, link.b)) for link in m.land if link.arrow)


def _links(c: Cells, s, b, g: tuple[int, int]) -> None:
    """Land links between grid neighbours; others are named in the detail."""
    arrows = arrow_links(b)
    pos = {INDEX[n]: rc for n, rc in GRID.items() if INDEX[n] < NP}
    for i, (r1, c1) in pos.items():
        for j, (r2, c2) in pos.items():
            if j <= i or not b.land[i] >> j & 1:
                continue
            arrow = frozenset((PLACES[i], PLACES[j])) in arrows
            (ra, ca), (rb, cb) = sorted(((r1, c1), (r2, c2)))
            cell, gap = g
            run = cell - 4 + gap  # from after the tag and its flag to the next cell
            if ra == rb and abs(ca - cb) == 1:
                x = cell_x(min(ca, cb), g) + 4
                link = ("<" + "─" * (run - 2) + ">") if arrow else "─" * run
                c.put(3 * ra, x, link, "dim" if not arrow else "b")
            elif ca == cb and rb - ra == 1:
                c.put(3 * ra + 2, cell_x(ca, g) + 1, "↕" if arrow else "│",
                      "dim" if not arrow else "b")
            elif rb - ra == 1 and abs(ca - cb) == 1:
                x = cell_x(min(ca, cb), g) + 4 + (run - 1) // 2
                ch = "╲" if cb > ca else "╱"
                old = c.chars[3 * ra + 2][x]
                c.put(3 * ra + 2, x, "╳" if old in "╱╲" and old != ch else ch, "dim")


def far_links(b) -> list[str]:
    """Land links the grid cannot draw (map D's Mauritania–Aegyptus)."""
    pos = {INDEX[n]: rc for n, rc in GRID.items() if INDEX[n] < NP}
    out = []
    for i, (r1, c1) in pos.items():
        for j, (r2, c2) in pos.items():
            if j > i and b.land[i] >> j & 1 and (abs(r1 - r2) > 1 or abs(c1 - c2) > 1):
                out.append(f"{look.TAG[i]}–{look.TAG[j]}")
    return out


def step_cursor(cursor: int, key: str) -> int:
    """The nearest place in the arrow's direction (the cursor if none)."""
    dr, dc = DIRS[key]
    r0, c0 = SPOT[cursor]
    best, best_d = cursor, None
    for i, (r, col) in SPOT.items():
        ahead = (r - r0) * dr + (col - c0) * dc
        if i == cursor or ahead <= 0:
            continue
        side = abs((r - r0) * dc) + abs((col - c0) * dr)
        d = ahead + 2 * side
        if best_d is None or d < best_d:
            best, best_d = i, d
    return best


class RomansBoard(Static, can_focus=True):
    """Tab line, then a player's map or the City of Rome, then what the
    cursor (or the highlighted action) is on."""

    BINDINGS = [
        Binding("left", "move('left')", "West", show=False),
        Binding("right", "move('right')", "East", show=False),
        Binding("up", "move('up')", "North", show=False),
        Binding("down", "move('down')", "South", show=False),
        Binding("enter", "pick", "Pick the place", show=False),
        # [ and ] work from any panel, this one too (``RomansUI.table_key``)
        Binding("pagedown", "switch(1)", "Next map", show=False),
        Binding("pageup", "switch(-1)", "Previous map", show=False),
    ]

    class Picked(Message):
        """A place was picked on the map (by Enter or a click)."""

        def __init__(self, place: str) -> None:
            super().__init__()
            self.place = place

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.scene: Scene | None = None
        self.tab = 0  # which map (a seat) is shown; seats == the City of Rome
        self.cursor = INDEX["Latium"]
        self.marked: frozenset[int] = frozenset()
        self.preview: tuple[int, ...] | None = None  # a Route action's places
        self.building = ""  # the building an action names (City view)
        self._regions: list[list[int]] | None = None
        self._tabs: list[tuple[int, int, int]] = []  # (start, end, tab) on the tab line
        self._top = 1  # the map's first line

    # ------------------------------------------------------------ drawing
    def show(self, scene: Scene) -> None:
        first = self.scene is None
        self.scene = scene
        if first and scene.own is not None:
            self.tab = scene.own
        self.redraw()

    def tabs(self) -> int:
        return self.scene.state.n + 1 if self.scene is not None else 1

    def redraw(self) -> None:
        scene = self.scene
        if scene is None:
            return
        s = scene.state
        wide = self.size.width >= 60
        lines = [self.tab_line(scene, wide)]
        if self.tab >= s.n:
            self._regions = None
            lines += city.city_lines(scene, wide, self.building)
            self.update(Content.from_markup("\n".join(lines)))
            return
        seat = self.tab
        p = s.players[seat]
        route: tuple[int, ...] = ()
        target = -1
        if p.horde is not None:
            route = p.horde.route
            target = p.horde.target
        if self.preview is not None and seat == scene.seat:
            route = self.preview
        cells = draw_map(s, seat, self.cursor if self.has_focus or self.marked else -1,
                         self.marked, route, target, WIDE if wide else NARROW)
        self._regions = cells.places
        lines.append(cells.markup())
        lines += self.detail(scene, seat, wide)
        self.update(Content.from_markup("\n".join(lines)))

    def tab_line(self, scene: Scene, wide: bool) -> str:
        s = scene.state
        parts, x = [], 0
        self._tabs = []
        label = ""
        parts.append(label)
        x += len(label)
        for i in range(s.n):
            lk = scene.looks[i]
            name = lk.label if wide else lk.letter
            text = f" {name} "
            style = f"reverse b $seat-{lk.colour}" if i == self.tab else f"$seat-{lk.colour}"
            parts.append(f"[{style}]{escape(text)}[/]")
            self._tabs.append((x, x + len(text), i))
            x += len(text)
        text = " City of Rome " if wide else " Rome "
        style = "reverse b" if self.tab >= s.n else "b"
        parts.append(f"[{style}]{text}[/]")
        self._tabs.append((x, x + len(text), s.n))
        keys = " [dim]\\[ ] switch[/]" if wide else " [dim]\\[ ][/]"
        return "".join(parts) + keys

    def detail(self, scene: Scene, seat: int, wide: bool) -> list[str]:
        s = scene.state
        p = s.players[seat]
        out = []
        if p.horde is not None:
            h = p.horde
            general = f"+{h.general}" if h.general else ""
            way = " → ".join(look.TAG[i] for i in (h.place,) + h.route)
            tgt = f" ◎ {look.TAG[h.target]}" if h.target >= 0 else ""
            out.append(f"[b $romans-enemy]Enemy {h.warbands}{general}[/]: {way}{tgt}")
        if self.preview is not None and seat == scene.seat:
            way = " → ".join(look.TAG[i] for i in self.preview)
            out.append(f"[b $romans-enemy]Route?[/] {way}")
        show = self.cursor if (self.has_focus or self.marked) else -1
        if show >= 0:
            out.append(escape(look.place_text(s, seat, show)))
        elif not out:
            far = far_links(board(p))
            extra = f" · also {' '.join(far)}" if far else ""
            out.append(f"[dim]map {p.board}{extra} · Tab: the map · ? keys[/]")
        if wide:
            out.append(f"[dim]{look.SHORT_LEGEND}[/]")
        return out

    # ------------------------------------------------------------ pointing
    def point_at(self, places: list[int], preview: tuple[int, ...] | None,
                 building: str) -> None:
        """The highlighted action names these places (its own map)."""
        self.marked = frozenset(places)
        self.preview = preview
        self.building = building
        own = self.scene.own if self.scene is not None else None
        if places and own is not None and self.tab < self.scene.state.n:
            self.tab = own
            self.cursor = places[0]
        self.redraw()

    def action_move(self, key: str) -> None:
        if self.scene is None:
            return
        if self.tab >= self.scene.state.n:  # the City of Rome: up and down scroll it
            if key in ("up", "down") and self.parent is not None:
                self.parent.scroll_relative(y=-1 if key == "up" else 1, animate=False)
            return
        self.cursor = step_cursor(self.cursor, key)
        self.redraw()

    def action_switch(self, delta: int) -> None:
        self.tab = (self.tab + delta) % self.tabs()
        self.redraw()

    def action_pick(self) -> None:
        if self.scene is not None and self.tab < self.scene.state.n:
            self.post_message(self.Picked(PLACES[self.cursor]))

    def on_focus(self) -> None:
        self.redraw()

    def on_blur(self) -> None:
        self.redraw()

    def on_resize(self) -> None:
        self.redraw()

    def on_click(self, event: events.Click) -> None:
        x, y = event.x - self.styles.padding.left, event.y
        if y == 0:
            for start, end, tab in self._tabs:
                if start <= x < end:
                    self.tab = tab
                    self.redraw()
            return
        regions = self._regions
        row = y - self._top
        if regions is None or not 0 <= row < len(regions) or not 0 <= x < len(regions[row]):
            return
        place = regions[row][x]
        if place >= 0:
            self.cursor = place
            self.redraw()
            self.post_message(self.Picked(PLACES[place]))
