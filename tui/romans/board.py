"""The left of the table: one player's Empire map as a schematic, or the
City of Rome, switched with ``[`` ``]`` (or a click on the tab line).

The map is a grid of 4×2 character cells, west to east; land links are
drawn between neighbouring cells (``─ │ ╱ ╲``; ``<>``/``↕`` for a link across
the water, the map's double-headed arrows), the Atlantic runs down the left
and the Mediterraneum Occidentis along the bottom. Arrows move a cursor from
place to place (its neighbours, seas included, are underlined); Enter or a
click picks the place: the action list keeps only the actions naming it.
The cursor, the marks and the picking are ``tui.widgets.place_grid``'s;
this module draws the map and says what a place is.
"""

from __future__ import annotations

import re

from textual.binding import Binding
from textual.content import Content

from engine.romans.state import INDEX, NP, PLACES, Horde, board
from tui.widgets.place_grid import Cells, Line, PlaceGrid, step
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


def cell_x(col: int, g: tuple[int, int] = NARROW) -> int:
    return LEFT + col * (g[0] + g[1])


def width(g: tuple[int, int]) -> int:
    return LEFT + 6 * (g[0] + g[1]) - g[1]


ENEMY_GLORY = "◆"  # solo: The Enemy's Glory province (yours is *)


def route_step(k: int) -> str:
    """Step ``k`` (1-9) of an Enemy route, circled (① ② …), so it never reads
    as a remote province's attack strength (a plain 1-3 in the same spot)."""
    return chr(0x245F + k)


def with_army(s, seat: int, h: Horde):
    """``s`` with ``seat``'s Enemy army ``h``: the army an Enemy nation would
    set on the map, or the army marching on a target, drawn before the
    choice is made."""
    players = list(s.players)
    players[seat] = players[seat].replace(horde=h)
    return s.replace(players=tuple(players))


def markers_text(pieces: list[tuple[str, str]], width: int) -> list[tuple[str, str]]:
    """The pieces that fit ``width`` characters, in order."""
    out, used = [], 0
    for text, style in pieces:
        if used + len(text) > width:
            break
        out.append((text, style))
        used += len(text)
    return out


def draw_map(s, seat: int, route: tuple[int, ...] = (), target: int = -1,
             g: tuple[int, int] = NARROW, cursor: int = -1) -> Cells:
    """Seat's map: every place, the land links, the Enemy's route with its
    target, and the tags of the cursor's neighbours underlined (the board
    marks the cursor and the places an action names)."""
    p = s.players[seat]
    b = board(p)
    cw = g[0]
    c = Cells.blank(width(g), HEIGHT)
    glory = p.glory
    enemy_glory = s.enemy_glory if s.n == 1 else -1
    steps = {place: k + 1 for k, place in enumerate(route)}

    def flag(i: int) -> tuple[str, str]:
        if i == target:  # before its step number: where the march ends shows
            return "◎", "b $romans-enemy"
        if i in steps and steps[i] < 10:
            return route_step(steps[i]), "b $romans-enemy"
        if i == glory:
            return "*", "b $warning"
        if i == enemy_glory:
            return ENEMY_GLORY, "b $romans-enemy"
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
    if 0 <= cursor < len(PLACES):
        for j in range(len(PLACES)):
            if b.adj[cursor] >> j & 1:
                _restyle_tag(c, j, "u", g)
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


# An Enemy preview's words (``ai.romans.preview``) in fewer, for the five
# lines under the map at 80×24: a nation's "…if it wins every battle it
# takes Macedonia →" was cut there and no key scrolled it (stop 36).
TIGHT_WORDS = (
    (r"^✗ .+ — (taken|blocked by the black die) · ", r"✗ \1 · "),  # the row names it
    (r"(^|· )on (\w+'s map) · ", r"\1\2 · "),
    (r"expected loss ([\d.]+) future points", r"loss \1 pts"),
    (r"first attack on (\w+), which holds", r"1st attack \1, which holds"),
    (r"(\w+), which holds each roll (\d+%), falls (\d+%) in all",
     r"\1: holds a roll \2, falls \3"),
    (r" · route [^·]+?(?= ·|$)", ""),  # the "If chosen:" line gives the way
    (r" · target \w+(?= ·|$)", ""),  # and its one target (◎)
    (r"if it wins every battle it takes ", "wins all: takes "),
    (r"(\w+) lost is the Fall of Rome: -(\d+) points a warband left",
     r"\1 lost: Fall of Rome, -\2 pts a warband left"),
    (r"\(the Fall of Rome\)", "(Fall of Rome)"),
    (r"its fleet enters ", "fleet→"),
    (r"its fleet sinks ", "fleet sinks "),
    (r" → ", "→"),
)
TIGHT_LOSS = "loss: future points, none off now (? keys)"  # what "loss" counts


def tight_preview(text: str) -> str:
    """An Enemy preview in fewer words and the places by their map tags,
    every figure kept (``TIGHT_WORDS``)."""
    for name in sorted(look.TAGS, key=len, reverse=True):
        text = re.sub(rf"\b{name}\b", look.TAGS[name], text)
    for pattern, short in TIGHT_WORDS:
        text = re.sub(pattern, short, text)
    return text


def horde_note(h) -> Content:
    """The Enemy army under the map, in tags: "Enemy army E4+1: Gal → Ven →
    Etr◎" (its place, the route still to walk, ◎ its target), or where it
    fights and the strengths before the dice."""
    general = f"+{h.general}" if h.general else ""
    head = (f"Enemy army E{h.warbands}{general}", "b $romans-enemy")
    if h.fighting:
        return Content.assemble(head, f": attacks {look.TAG[h.place]}, {h.enemy} vs Rome {h.rome}"
                                      " before the dice")
    way = " → ".join(look.TAG[i] + ("◎" if i == h.target else "") for i in (h.place,) + h.route)
    if h.target >= 0 and h.target not in (h.place,) + h.route:
        way += f" … ◎ {look.TAG[h.target]}"
    return Content.assemble(head, f": {way}")


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
    return step(SPOT, cursor, key, *RomansBoard.weights)


class RomansBoard(PlaceGrid):
    """Tab line, then a player's map or the City of Rome, then what the
    cursor (or the highlighted action) is on."""

    BINDINGS = [
        # [ and ] work from any panel, this one too (``RomansUI.table_key``)
        Binding("pagedown", "switch(1)", "Next map", show=False),
        Binding("pageup", "switch(-1)", "Previous map", show=False),
    ]

    def __init__(self, **kw) -> None:
        super().__init__(INDEX["Latium"], **kw)
        self.tab = 0  # which map (a seat) is shown; seats == the City of Rome
        self.preview: tuple[int, ...] | None = None  # a Route action's places
        self.army: tuple[int, Horde] | None = None  # (map, army) of a Nation or Target
        self.building = ""  # the building an action names (City view)
        self.about = ""  # what the highlighted action does (``about.about``)
        self._tabs: list[tuple[int, int, int]] = []  # (start, end, tab) on the tab line
        self._g = NARROW

    # ------------------------------------------------------------ drawing
    def started(self, scene: Scene) -> None:
        if scene.own is not None:
            self.tab = scene.own

    def tabs(self) -> int:
        return self.scene.state.n + 1 if self.scene is not None else 1

    def wide(self) -> bool:
        return self.size.width >= 60

    def redraw(self) -> None:
        scene = self.scene
        if scene is None or self.tab < scene.state.n:
            super().redraw()
            return
        self.cells = None  # the City of Rome: no places to pick
        self.top = 1
        wide = self.wide()
        city_lines = city.city_lines(scene, wide, self.building, self.about)
        self.paint([self.tab_line(scene, wide), Content.from_markup("\n".join(city_lines))])

    def draw(self, scene: Scene) -> Cells:
        s = scene.state
        seat = self.tab
        if self.army is not None and self.army[0] == seat:
            s = with_army(s, seat, self.army[1])
        p = s.players[seat]
        route: tuple[int, ...] = ()
        target = -1
        if p.horde is not None:
            route = p.horde.route
            target = p.horde.target
        if self.preview is not None and seat == scene.seat:
            route = self.preview
        self._g = WIDE if self.wide() else NARROW
        return draw_map(s, seat, route, target, self._g, self.shown)

    def positions(self, cells: Cells) -> dict[int, tuple[float, float]]:
        return SPOT

    def highlight(self, cells: Cells, place: int, extra: str) -> None:
        _restyle_place(cells, place, extra, self._g)

    def above(self, scene: Scene) -> list[Line]:
        return [self.tab_line(scene, self.wide())]

    def tab_line(self, scene: Scene, wide: bool) -> Content:
        s = scene.state
        parts: list[str | tuple[str, str]] = []
        x = 0
        self._tabs = []
        for i in range(s.n):
            lk = scene.looks[i]
            name = lk.label if wide else lk.letter
            text = f" {name} "
            style = f"reverse b $seat-{lk.colour}" if i == self.tab else f"$seat-{lk.colour}"
            parts.append((text, style))
            self._tabs.append((x, x + len(text), i))
            x += len(text)
        text = " City of Rome " if wide else " Rome "
        parts.append((text, "reverse b" if self.tab >= s.n else "b"))
        self._tabs.append((x, x + len(text), s.n))
        parts += [" ", ("[ ] switch" if wide else "[ ]", "dim")]
        return Content.assemble(*parts)

    def notes(self, scene: Scene) -> list[Line]:
        """The Enemy on this map and the route an action would give it."""
        s = scene.state
        p = s.players[self.tab]
        out: list[Line] = []
        if p.horde is not None:
            out.append(horde_note(p.horde))
        if self.preview is not None and self.tab == scene.seat:
            way = " → ".join(look.TAG[i] for i in self.preview)
            out.append(Content.assemble(("Route?", "b $romans-enemy"), f" {way}"))
        if self.army is not None and self.tab == self.army[0]:
            out.append(Content.assemble(("If chosen: ", "b $romans-enemy"),
                                        horde_note(self.army[1])))
        return out

    def detail(self, scene: Scene, shown: int) -> list[Line]:
        """What the highlighted action does first (its odds, price and gain:
        at 80×24 about five lines show under the map, and a long province
        text before it hid an army's odds), then the notes, the cursor's
        place (or, when wide, the idle line), then the legend. An Enemy
        nation, target or route highlighted leaves the place out: the line
        under the map names the army's way, and its figures follow at once."""
        if not self.about:
            return super().detail(scene, shown)
        enemy = self.army is not None or self.preview is not None
        narrow = enemy and not self.wide()
        lines = [Content(tight_preview(self.about) if narrow else self.about),
                 *self.notes(scene)]
        if shown >= 0 and not enemy:
            lines.append(self.describe(scene, shown))
        elif self.wide() and not enemy:
            lines.append(self.idle(scene))
        if "expected loss" in self.about:  # what the figure is, where it shows
            from ai.romans.preview import LOSS_WORDS
            words = TIGHT_LOSS if narrow else LOSS_WORDS[0].upper() + LOSS_WORDS[1:]
            lines.append((words, "dim"))
        return [*lines, *self.legend(scene)]

    def describe(self, scene: Scene, place: int) -> Line:
        return look.place_text(scene.state, self.tab, place)

    def idle(self, scene: Scene) -> Line:
        p = scene.state.players[self.tab]
        far = far_links(board(p))
        extra = f" · also {' '.join(far)}" if far else ""
        return (f"map {p.board}{extra} · Tab: the map · ? keys", "dim")

    def legend(self, scene: Scene) -> list[Line]:
        """The short legend (wide only); The Enemy's Glory mark in the solo game only."""
        if not self.wide():
            return []
        text = look.SHORT_LEGEND
        if scene.state.n > 1:
            text = text.replace(look.ENEMY_GLORY_LEGEND, "")
        return [(text, "dim")]

    def words(self, scene: Scene, place: int) -> list[str]:
        return [PLACES[place]]

    def unnamed(self, scene: Scene, place: int) -> str:
        return f"no action names {look.TAG[place]} now"

    # ------------------------------------------------------------ pointing
    def point_at(self, places: list[int], follow: bool = True) -> None:
        """The highlighted action names these places (set ``preview`` and
        ``building`` first): a map shown turns to the seat's own, its cursor
        on the first place."""
        scene = self.scene
        own = scene.own if scene is not None else None
        follow = (follow and bool(places) and own is not None
                  and self.tab < self.tabs() - 1)  # a map, not the City of Rome
        if follow and own is not None:
            self.tab = own if self.army is None else self.army[0]
        super().point_at(places, follow)

    def action_move(self, key: str) -> None:
        if self.scene is None:
            return
        if self.tab >= self.scene.state.n:  # the City of Rome: up and down scroll it
            if key in ("up", "down") and self.parent is not None:
                self.parent.scroll_relative(y=-1 if key == "up" else 1, animate=False)
            return
        super().action_move(key)

    def action_switch(self, delta: int) -> None:
        self.tab = (self.tab + delta) % self.tabs()
        self.redraw()

    def click_above(self, x: int, y: int) -> None:
        for start, end, tab in self._tabs:
            if start <= x < end:
                self.tab = tab
                self.redraw()
