"""The left of the table: the Provinces board as a ring of four provinces
(Italia, Gaule top; Africa, Hispania below: clockwise), then the Senate's
Column with the Colosseum, then the three Battle Regions.

Each province shows its five building spaces (type letter and level), the
Followers on each (seat letters, ``·`` a free place), its three Scheme
spaces, the seat facing it now (▸) and the one facing it after this
round's turn (→), the First Player marker (★) and its population. Arrows
move a cursor from space to space (buildings, Scheme spaces, Column
places, the Colosseum, the regions); Enter or a click picks it: the action
list keeps only the actions naming it. The cursor, the marks and the picking
are ``tui.widgets.place_grid``'s; this module draws and says what a spot is.
"""

from __future__ import annotations

import textwrap
from typing import Any

from engine.ageofrome import board as geo
from engine.ageofrome import data
from engine.ageofrome.state import ROTATE, coins
from tui.widgets.place_grid import Cells, Line, PlaceGrid, step
from tui.widgets.scene import Scene

from . import look

TYPES = geo.BUILDING_TYPES
PROVINCES = geo.PROVINCE_NAMES
REGIONS = geo.REGION_NAMES
# Where each province sits in the 2×2 ring (row, column): clockwise.
RING = ((0, 0), (0, 1), (1, 1), (1, 0))
NARROW = (20, 4)  # a province's width, a building column's width
WIDE = (31, 6)
SHORT_LEGEND = ("M P T R F: building type and level; below it its Followers (lower case: "
                "with the Bonus marker, · a free place) · S: Scheme spaces (* activated) · "
                "▸ faces now, → after this round's turn · ★ First Player · p population · "
                "[n] a region's shield")
WEIGHTS = (3, 3)  # three columns weigh like a row; a spot aside three times as far

# A spot is a place the cursor can stand on:
#   ("b", province, type)   a building space
#   ("s", province, space)  a Scheme space
#   ("c", index)            a place on the Column (0 = bottom)
#   ("x",)                  the Colosseum
#   ("r", region)           a Battle Region
Spot = tuple


def all_spots() -> list[Spot]:
    out: list[Spot] = []
    for p in range(len(PROVINCES)):
        out += [("b", p, t) for t in range(len(TYPES))]
        out += [("s", p, k) for k in range(3)]
    out += [("c", i) for i in range(geo.COLUMN_MAX)]
    out.append(("x",))
    out += [("r", r) for r in range(len(REGIONS))]
    return out


SPOTS = all_spots()
SPOT_INDEX = {s: i for i, s in enumerate(SPOTS)}


# ---------------------------------------------------------------- the turn
def facing(s: Any, province: int, rotation: int) -> int | None:
    """The seat facing ``province`` when the board is turned ``rotation``."""
    position = (province + rotation) % geo.TABLE_POSITIONS
    for seat, p in enumerate(s.players):
        if p.position == position:
            return seat
    return None


def turn_of(s: Any) -> tuple[str, int] | None:
    """This round's turn at its end (direction, quarter turns): the Event's
    arrows (L117, L275), always one clockwise with Clockwork (L354); None
    before the Event is shown."""
    if s.options.get("clockwork", False):
        return geo.CW, 1
    if s.event < 0:
        return None
    e = data.EVENTS[s.event]
    return e.direction, e.arrows


def turned(s: Any) -> bool:
    """The board has made this round's turn: a stage of the round's end
    played out (``Game.stages``), the next round not begun."""
    return s.phase == ROTATE


def next_rotation(s: Any) -> int | None:
    """Where the board will stand after this round's turn (None before the
    Event, and once the turn is made)."""
    t = turn_of(s)
    return None if t is None or turned(s) else geo.turn(s.rotation, t[0], t[1])


def in_front(s: Any, seat: int | None) -> int:
    """The province in front of ``seat`` (-1 for nobody)."""
    if seat is None or not 0 <= seat < len(s.players):
        return -1
    return (s.players[seat].position - s.rotation) % geo.TABLE_POSITIONS


def turn_text(s: Any) -> str:
    """How the board turns at this round's end, in a few words."""
    t = turn_of(s)
    if t is None:
        return "turn: with the Event"
    if turned(s):
        return f"has turned {look.direction_arrow(t[0])}×{t[1]}"
    return f"turns {look.direction_arrow(t[0])}×{t[1]} at round end"


def header(s: Any) -> str:
    who = f"Round {s.round}/{data.ROUNDS}"
    if s.event >= 0:
        return f"{who} · {data.EVENTS[s.event].name} · the board {turn_text(s)}"
    return f"{who} · the board {turn_text(s)}"


# ---------------------------------------------------------------- drawing
def followers_text(level: int, followers: tuple) -> list[tuple[str, str]]:
    """A building's Followers as (letter, style), then its free places (·)."""
    if level <= 0:
        return []
    out = []
    for seat, bonus in followers:
        ch = look.letter_of(seat)
        out.append((ch.lower() if bonus >= 0 else ch, f"b $seat-{look.colour_of(seat)}"))
    free = geo.LEVEL_CAPACITY[level] - len(followers)
    out += [("·", "dim")] * max(free, 0)
    return out


def draw_province(c: Cells, s: Any, p: int, y: int, x: int, g: tuple[int, int],
                  mine: int, after: int | None) -> None:
    cw, col = g
    pr = s.provinces[p]
    name = PROVINCES[p]
    now = facing(s, p, s.rotation)
    head_style = "b reverse" if p == mine else "b"
    c.put(y, x, name, head_style)
    xx = x + len(name) + 1
    c.put(y, xx, "▸", "dim")
    c.put(y, xx + 1, look.letter_of(now) if now is not None else "-",
          f"b $seat-{look.colour_of(now)}" if now is not None else "dim")
    xx += 2
    if after is not None:
        nxt = facing(s, p, after)
        c.put(y, xx, "→", "$ageofrome-turn")
        c.put(y, xx + 1, look.letter_of(nxt) if nxt is not None else "-",
              f"b $seat-{look.colour_of(nxt)}" if nxt is not None else "dim")
        xx += 2
    if s.first == p:
        c.put(y, xx + 1, "★", "b $ageofrome-gold")
        xx += 2
    pop = f"p{pr.population}" if cw < 30 else f"pop {pr.population}"
    c.put(y, x + cw - len(pop) - 1, pop, "dim")
    tokens = {(t.province, t.type) for t in s.diplomacy}
    for t in range(len(TYPES)):
        spot = SPOT_INDEX[("b", p, t)]
        level = pr.levels[t]
        if cw < 30:
            label = f"{look.TYPE_LETTER[t]}{level if level else '·'}"
        else:
            label = f"{look.TYPE_LETTER[t]} {look.ROMAN[level]}"
        bx = x + t * col
        style = "b" if level else "dim"
        if (p, t) in tokens:
            style += " u"
        c.put(y + 1, bx, label.ljust(col - 1), style, spot)
        fx = bx
        for ch, st in followers_text(level, pr.followers[t]):
            c.put(y + 2, fx, ch, st, spot)
            fx += 1
        c.put(y + 2, fx, " " * (bx + col - 1 - fx), "", spot)
    c.put(y + 3, x, "S", "dim")
    width = 3 if cw < 30 else 4
    for k, m in enumerate(pr.schemes):
        spot = SPOT_INDEX[("s", p, k)]
        sx = x + 2 + k * width
        if m is None:
            c.put(y + 3, sx, "·".ljust(width - 1), "dim", spot)
        else:
            text = look.letter_of(m.seat) + ("*" if m.active else " ")
            c.put(y + 3, sx, text[: width - 1].ljust(width - 1),
                  f"b $seat-{look.colour_of(m.seat)}", spot)


def column_line(c: Cells, s: Any, y: int, wide: bool) -> None:
    label = "Column (bottom→top)" if wide else "Column↑"
    c.put(y, 0, label, "b")
    x = len(label) + 1
    for i in range(geo.COLUMN_MAX):
        spot = SPOT_INDEX[("c", i)]
        if i < len(s.column):
            seat = s.column[i]
            c.put(y, x, look.letter_of(seat), f"b $seat-{look.colour_of(seat)}", spot)
        else:
            c.put(y, x, "·", "dim", spot)
        x += 2
    x += 1
    spot = SPOT_INDEX[("x",)]
    label = "Colosseum" if wide else "Col."
    c.put(y, x, label, "b", spot)
    x += len(label)
    shown = [(i, p.colosseum) for i, p in enumerate(s.players) if p.colosseum]
    if not shown:
        c.put(y, x, " ·", "dim", spot)
    for seat, n in shown:
        text = f" {look.letter_of(seat)}{n}"
        c.put(y, x, text, f"$seat-{look.colour_of(seat)}", spot)
        x += len(text)


def defeated(s: Any, r: int) -> bool:
    """A1: a region holding at least its shield's Legions is defeated."""
    return sum(s.regions[r]) >= geo.BATTLE_REGIONS[r].shield


def region_line(c: Cells, s: Any, r: int, y: int, wide: bool) -> None:
    spot = SPOT_INDEX[("r", r)]
    region = geo.BATTLE_REGIONS[r]
    name = region.name.ljust(10)
    c.put(y, 0, name, "b", spot)
    x = len(name)
    shield = f"[{region.shield}]"
    c.put(y, x, shield, "dim", spot)
    x += len(shield)
    if wide:
        banners = "/".join(str(b) for b in geo.banners(region.name, 2 if s.n <= 2 else s.n))
        text = f" {banners}".ljust(9)
        c.put(y, x, text, "dim", spot)
        x += len(text)
    legions = s.regions[r]
    any_ = False
    for seat, n in enumerate(legions):
        if n:
            text = f" {look.letter_of(seat)}{n}"
            c.put(y, x, text, f"b $seat-{look.colour_of(seat)}", spot)
            x += len(text)
            any_ = True
    if not any_:
        c.put(y, x, " ·", "dim", spot)
        x += 2
    if defeated(s, r):
        c.put(y, x + 1, "✓ defeated", "b $ageofrome-defeated", spot)


def draw(s: Any, seat: int | None, g: tuple[int, int]) -> Cells:
    """The whole board; ``seat``'s province in front is reversed."""
    cw, _ = g
    wide = cw >= 30
    gap = 2
    w = 2 * cw + gap
    rows_y = (1, 6) if wide else (0, 4)
    height = rows_y[1] + 4 + 1 + (1 if wide else 0) + len(REGIONS)
    c = Cells.blank(w, height)
    if wide:
        c.put(0, 0, header(s), "b")
    mine = in_front(s, seat)
    after = next_rotation(s)
    for p, (r, col) in enumerate(RING):
        y = rows_y[r]
        x = col * (cw + gap)
        draw_province(c, s, p, y, x, g, mine, after)
    for y in range(rows_y[0], rows_y[1] + 4):
        if y != rows_y[1] - 1 or not wide:
            c.put(y, cw, "│", "dim")
    if wide:
        c.put(rows_y[1] - 1, 0, "─" * w, "dim")
    y = rows_y[1] + 4 + (1 if wide else 0)
    column_line(c, s, y, wide)
    for r in range(len(REGIONS)):
        region_line(c, s, r, y + 1 + r, wide)
    return c


# ---------------------------------------------------------------- words
def spot_text(s: Any, spot: Spot, short: bool = False) -> str:
    """What is on a spot, in words (plain text: no player's words); ``short``
    names seats by letter and fits the narrow board's width."""
    if short:
        return spot_short(s, spot)
    kind = spot[0]
    if kind == "b":
        p, t = spot[1], spot[2]
        pr = s.provinces[p]
        level = pr.levels[t]
        who = facing(s, p, s.rotation)
        front = f" · faces {look.seat_name(s, who)}" if who is not None else " · faces nobody"
        if not level:
            return f"{PROVINCES[p]} {TYPES[t]}: no building yet{front}"
        fol = [look.seat_name(s, seat) + (" (Bonus)" if b >= 0 else "")
               for seat, b in pr.followers[t]]
        free = geo.LEVEL_CAPACITY[level] - len(fol)
        token = [x for x in s.diplomacy if x.province == p and x.type == t]
        extra = "".join(f" · a Diplomacy token of {look.seat_name(s, x.seat)} "
                        f"({coins(x.denarii)})" for x in token)
        return (f"{PROVINCES[p]} {TYPES[t]} level {look.ROMAN[level]}: "
                f"{', '.join(fol) or 'no Followers'}, {free} free{extra}{front}")
    if kind in "sc":
        return _scheme_or_column(s, spot, short=False)
    if kind == "x":
        counts = [f"{look.seat_name(s, i)} {p.colosseum}" for i, p in enumerate(s.players)
                  if p.colosseum]
        return (f"Colosseum: +{geo.COLOSSEUM_GLORY} Glory a Follower; this game: "
                f"{', '.join(counts) or 'nobody yet'}")
    r = spot[1]
    region = geo.BATTLE_REGIONS[r]
    held = [f"{look.seat_name(s, i)} {n}" for i, n in enumerate(s.regions[r]) if n]
    state = "defeated" if defeated(s, r) else f"shield {region.shield}"
    banners = "/".join(str(b) for b in geo.banners(region.name, 2 if s.n <= 2 else s.n))
    return f"{region.name} ({state}, banners {banners}): {', '.join(held) or 'no Legions'}"


def spot_short(s: Any, spot: Spot) -> str:
    kind = spot[0]
    L = look.letter_of
    if kind == "b":
        p, t = spot[1], spot[2]
        level = s.provinces[p].levels[t]
        if not level:
            return f"{PROVINCES[p]} {TYPES[t]}: not built"
        # "O (Bonus)": "O+B" read as two seats, Orange and Blue (issue 28)
        fol = ", ".join(L(seat) + (" (Bonus)" if b >= 0 else "") for seat, b in
                        s.provinces[p].followers[t])
        free = geo.LEVEL_CAPACITY[level] - len(s.provinces[p].followers[t])
        tok = " ◊" if any(x.province == p and x.type == t for x in s.diplomacy) else ""
        return (f"{PROVINCES[p]} {TYPES[t]} {look.ROMAN[level]}: {fol or '-'}, "
                f"{free} free{tok}")
    if kind in "sc":
        return _scheme_or_column(s, spot, short=True)
    if kind == "x":
        return f"Colosseum: +{geo.COLOSSEUM_GLORY} Glory per Follower"
    r = spot[1]
    region = geo.BATTLE_REGIONS[r]
    banners = "/".join(str(b) for b in geo.banners(region.name, 2 if s.n <= 2 else s.n))
    state = " defeated" if defeated(s, r) else ""
    held = " ".join(f"{L(i)}{n}" for i, n in enumerate(s.regions[r]) if n)
    return f"{region.name} [{region.shield}]{state} {banners}: {held or 'no Legions'}"


def _scheme_or_column(s: Any, spot: Spot, short: bool) -> str:
    """A Scheme space or a Column position, in words; ``short`` names seats
    by letter and drops the longer words."""
    def name(seat: int) -> str:
        return look.letter_of(seat) if short else look.seat_name(s, seat)

    if spot[0] == "c":
        i = spot[1]
        who = name(s.column[i]) if i < len(s.column) else "empty"
        column = "Column" if short else "Column position"
        return f"{column} {i + 1} (scores {geo.COLUMN_POINTS[i]}): {who}"
    p, k = spot[1], spot[2]
    m = s.provinces[p].schemes[k]
    space = f"{PROVINCES[p]} Scheme{'' if short else ' space'} {k + 1}"
    if m is None:
        return f"{space}: empty"
    state = "activated" if m.active else f"placed {'' if short else 'in '}round {m.placed}"
    owner = name(m.seat) if short else f"{name(m.seat)}'s"
    return f"{space}: {owner}, {state}"


def filters(s: Any, seat: int | None, spot: Spot) -> list[str]:
    """Filter words for the action list when ``spot`` is picked, most
    precise first (the menu matches words of the actions' descriptions)."""
    kind = spot[0]
    mine = in_front(s, seat)
    if kind == "b":
        p, t = spot[1], spot[2]
        out = [f"{TYPES[t]} of {PROVINCES[p]}"]
        if p == mine:
            out.append(TYPES[t])
        return out + [PROVINCES[p]]
    if kind == "s":
        p, k = spot[1], spot[2]
        out = [f"{PROVINCES[p]} (space {k + 1})"]
        if p == mine:
            out.append("Scheme")
        return out + [PROVINCES[p]]
    if kind == "c":
        return [f"position {spot[1] + 1} of the Column", "Column"]
    if kind == "x":
        return ["Colosseum"]
    return [REGIONS[spot[1]]]


def spots_of(s: Any, seat: int | None, action: tuple | None) -> list[Spot]:
    """The spots an action names (its building, Scheme space, region…)."""
    if not action:
        return []
    kind = action[0]
    mine = in_front(s, seat)
    fields = getattr(action, "_fields", ())
    if kind == "build" and mine >= 0 and action[1] in TYPES:
        return [("b", mine, TYPES.index(action[1]))]
    if kind == "place" and len(action) > 1:
        target = action[1]
        if target in TYPES and mine >= 0:
            return [("b", mine, TYPES.index(target))]
        if target == "Colosseum":
            return [("x",)]
        if target == "Scheme" and mine >= 0:
            return [("s", mine, k) for k in range(3)
                    if s.provinces[mine].schemes[k] is None]
        return []
    out: list[Spot] = []
    if "province" in fields and action.province in PROVINCES:  # type: ignore[attr-defined]
        p = PROVINCES.index(action.province)  # type: ignore[attr-defined]
        if "space" in fields:
            out.append(("s", p, action.space))  # type: ignore[attr-defined]
        elif "type" in fields and action.type in TYPES:  # type: ignore[attr-defined]
            out.append(("b", p, TYPES.index(action.type)))  # type: ignore[attr-defined]
    for name in ("source", "to", "region"):
        if name in fields and getattr(action, name) in REGIONS:
            out.append(("r", REGIONS.index(getattr(action, name))))
    if kind == "vote" and "index" in fields:
        out.append(("c", action.index))  # type: ignore[attr-defined]
    return out


def step_cursor(where: dict[int, tuple[float, float]], cursor: int, key: str) -> int:
    """The nearest spot in the arrow's direction (the cursor if none)."""
    return step(where, cursor, key, *WEIGHTS)


ABOUT_LINES = 4  # of the highlighted action's text under the wide board (the legend's rows)
LOG_KEPT = 3  # rows the log keeps at 80×24 when the lines under the board grow (tcss)
# rows of the highlighted action's text under the narrow board: its parts after
# " · " (a tile's name, a card's text) give way first (walk-through: a build's
# five rows left the log two)
NARROW_ABOUT = 4


def wrapped(text: str, width: int, room: int, parts: bool = False) -> list[str]:
    """``text`` in lines of ``width``, whole while it fits ``room`` lines;
    else its last line kept ends in "…". ``parts``: first its last parts
    after " · " go, while that is too long (a set's card texts after what
    it costs and gives)."""
    lines = textwrap.wrap(text, max(width, 1)) or [""]
    while parts and len(lines) > room and " · " in text:
        text = text.rsplit(" · ", 1)[0]
        lines = textwrap.wrap(text, max(width, 1)) or [""]
    if len(lines) > room:
        lines = lines[:max(room, 1)]
        lines[-1] = lines[-1][: width - 1] + "…"
    return lines


class AgeOfRomeBoard(PlaceGrid):
    """The Provinces board, the Column, the Colosseum and the regions, then
    what the cursor (or the highlighted action) is on."""

    weights = WEIGHTS

    def __init__(self, **kw: Any) -> None:
        super().__init__(SPOT_INDEX[("b", 0, 0)], **kw)
        self._g = NARROW
        self._width = 0  # the grid's
        self.about = ""  # the highlighted action's full text (tui.ageofrome.detail)

    def started(self, scene: Scene) -> None:
        mine = in_front(scene.state, scene.seat)
        if mine >= 0:
            self.cursor = SPOT_INDEX[("b", mine, 0)]

    def geometry(self) -> tuple[int, int]:
        return WIDE if self.size.width >= 2 * WIDE[0] + 2 else NARROW

    def draw(self, scene: Scene) -> Cells:
        """The board, and its box's title (narrow, it says how the board turns)."""
        self._g = g = self.geometry()
        title = "Provinces" if g == WIDE else f"Provinces · {turn_text(scene.state)}"
        if self.parent is not None and self.parent.border_title != title:
            self.parent.border_title = title
        c = draw(scene.state, scene.seat, g)
        self._width = len(c.chars[0])
        return c

    def describe(self, scene: Scene, place: int) -> Line:
        narrow = self._g != WIDE
        return spot_text(scene.state, SPOTS[place], short=narrow)

    def room(self) -> int:
        """Narrow (80×24), the lines under the grid: the board's box grows
        for them (tcss) down to the log's ``LOG_KEPT`` rows, its top border
        and the grid above; as many as the text needs when not laid out."""
        box = self.parent
        left = box.parent if box is not None else None
        height = left.size.height if left is not None else 0
        if not height or self.cells is None:
            return 99
        return max(1, height - LOG_KEPT - 1 - len(self.cells.chars))

    def notes(self, scene: Scene) -> list[Line]:
        """The highlighted action's card, building or Scheme text, above the
        cursor's line. Wide, in up to ``ABOUT_LINES`` lines (the legend makes
        way: the box keeps its height, and ? has the legend); narrow, whole
        (the box grows and the log makes way) while it fits."""
        if not self.about:
            return []
        width = self._width or len(self.about)
        room = ABOUT_LINES if self._g == WIDE else self.room()
        return [(line, "b") for line in wrapped(self.about, width, room, parts=True)]

    def detail(self, scene: Scene, shown: int) -> list[Line]:
        """Wide, as every board; narrow (80×24) the highlighted action's
        text, then the space the cursor or the action is on (else, with no
        text, the idle line), each wrapped whole at the grid's width so
        nothing is cut at the box's edge."""
        if self._g == WIDE:
            return super().detail(scene, shown)
        width = self._width or 40
        room = self.room()
        spot: list[str] = []
        if shown >= 0:
            said = self.describe(scene, shown)
            spot = wrapped(said if isinstance(said, str) else str(said), width, room)
        left = min(room - len(spot), NARROW_ABOUT)
        about = [(line, "b") for line in wrapped(self.about, width, left, parts=True)] \
            if self.about and left > 0 else []
        if not about and not spot:
            return [self.idle(scene)]
        return [*about, *spot]

    def idle(self, scene: Scene) -> Line:
        if self._g == WIDE:
            return ("Tab: the board · arrows, Enter: pick a space · ? keys", "dim")
        return ("Tab, arrows, Enter: pick a space · ? keys", "dim")

    def legend(self, scene: Scene) -> list[Line]:
        """Wide, the symbols' legend, unless the highlighted action's text
        needs its rows (``notes``)."""
        if self._g != WIDE or len(self.about) > (self._width or len(self.about)):
            return []
        return [(SHORT_LEGEND, "dim")]

    def words(self, scene: Scene, place: int) -> list[str]:
        return filters(scene.state, scene.seat, SPOTS[place])

    def unnamed(self, scene: Scene, place: int) -> str:
        return "no action names this space now"

    def mark(self, spots: list[Spot]) -> None:
        """The highlighted action names these spots."""
        self.point_at([SPOT_INDEX[x] for x in spots if x in SPOT_INDEX])
