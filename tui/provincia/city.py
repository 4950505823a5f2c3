"""One city's panel: prestige, resources against storage, tracks, buildings."""

from __future__ import annotations

from collections import Counter
from typing import Any

from textual.content import Content
from textual.widgets import Static

from engine.provincia.data import CARD_ID, CARDS, CITIES, GOLD, RESOURCE_NAMES
from engine.provincia.state import Player
from tui.widgets import redraw
from tui.widgets.scene import Scene
from tui.widgets.seats import SeatLook
from tui.widgets.untrusted import markup

from . import look

# The forms a city panel takes (CityPanel.compact), fullest first.
FULL, SUMMED, WRAPPED, SUMMARY = 0, 1, 2, 3
COLOURS = ("orange", "blue", "red", "yellow", "green", "purple")
SPECIAL = "★"
# What the last move changed: a tint alone is lost when 256 or 16 colours
# round it to the background, so the headline carries a mark as well.
CHANGED = "▲"


def plural(n: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def board_line(pl: Player, wide: bool) -> str:
    """The city board: Pons or Portus (which of those two it may build) and
    its special building, the first tie-break (★, bold once built)."""
    c = CITIES[pl.city]
    special = look.escape(c.special)
    if pl.has_built(CARD_ID[c.special]):
        special = f"[b]{special}[/]"
    if wide:
        return f"[dim]{c.access} city, special[/] {SPECIAL}{special}"
    return f"[dim]{c.access}[/] {SPECIAL}{special}"


def holdings(pl: Player, wide: bool) -> str:
    """Gold, then Clay/Wood/Stone against the storage cap."""
    cap = pl.storage
    res = pl.res
    if wide:
        return " ".join([look.resource(GOLD, res[GOLD])]
                        + [look.resource(i, res[i], cap) for i in range(3)])
    parts = [f"[{look.RES_VAR[GOLD]}]G[/]{res[GOLD]}"]
    for i in range(3):
        n = f"[b]{res[i]}[/]" if res[i] >= cap else str(res[i])
        parts.append(f"[{look.RES_VAR[i]}]{RESOURCE_NAMES[i][0]}[/]{n}[dim]/{cap}[/]")
    return " ".join(parts)


def buildings(pl: Player) -> str:
    """The buildings (×n for copies), then SPQR cards kept in play."""
    counts = Counter(pl.built)
    built = []
    for (c, active), n in counts.items():
        name = look.building_name(c, active)
        built.append(f"{name}×{n}" if n > 1 else name)
    extra = [look.escape(CARDS[c].name) for c in pl.spqr]
    if pl.concussio:
        extra.append("[b]Concussio[/]")
    if pl.praetor:
        extra.append("Praetor")
    line = ", ".join(built) or "[dim]no buildings[/]"
    if extra:
        line += " [dim]│[/] " + ", ".join(extra)
    return line


class CityPanel(Static):
    """Everything public about one seat's city (and its owner's hand size)."""

    def __init__(self, seat: int, **kw: Any) -> None:
        super().__init__(**kw)
        self.seat = seat

    _shown: tuple[Scene, int | None, bool] | None = None
    _width = -1

    def on_resize(self) -> None:
        """Widths decide the wording (and what fits on the first line)."""
        if self._shown is not None and self.size.width != self._width:
            # after this layout pass, so the new height is laid out too
            self.call_after_refresh(self.show, *self._shown)

    _drawn: tuple = ()

    def tint(self, to_move: bool, changed: bool) -> None:
        """The city to move on $boost (unless it is your own, tinted already)
        and the last move's change tinted; set on the panel, as
        ``redraw.paint`` says why."""
        redraw.paint(self, "background", redraw.theme_colour(self, "boost") if to_move else None)
        redraw.changed(self, changed, 0.18)

    compact = FULL
    """Set by the table to the fullest form in which every city fits the
    panel: FULL; SUMMED (the other cities' headline and holdings on one
    line, their buildings under it, wrapped; the board, which never
    changes, is left to the full form); WRAPPED (that line alone, with the
    player's name and kind, wrapped where they do not fit); SUMMARY (one
    line each, the name and kind where they fit). Your own city keeps its
    full form."""

    def show(self, scene: Scene, to_move: int | None, changed: bool = False) -> None:
        """Draw the city; ``changed``: the last move changed it (tinted)."""
        self._shown = (scene, to_move, changed)
        s = scene.state
        pl = s.players[self.seat]
        lk = scene.looks[self.seat]
        mine = self.seat == scene.seat
        level = FULL if mine else self.compact
        self.update_classes({"-mine": mine, "-compact": level == SUMMARY,
                             **{f"seat-{c}": c == lk.colour for c in COLOURS}})
        self.tint(self.seat == to_move and not mine, changed)
        # Most moves change one city: the others are not drawn again (styles
        # and markup are most of the cost of a redraw, at every seat's screen).
        drawn = (pl, lk, s.caesar, self.seat == to_move, self.seat == scene.seat, self.size,
                 self.content_size, changed, level, self.form)
        if drawn == self._drawn:
            return
        self._drawn = drawn
        self._width = self.size.width
        width = self.content_size.width
        if level == FULL:
            redraw.show(self, self.full(scene, to_move, width, changed))
            return
        line = self.summary(lk, pl, s.caesar, to_move, width, changed, level == WRAPPED)
        if level == SUMMED:
            line += Content("\n") + markup(buildings(pl))
        redraw.show(self, line)

    _heights: tuple = ((), ())  # (what a height was measured for, the heights)

    def height(self, level: int, scene: Scene, to_move: int | None, width: int,
               changed: bool = False) -> int:
        """The lines the city takes at ``width`` in form ``level`` (its
        building line wraps); your own city always in full. The table asks
        at every move; most moves leave a city as it was, so the last
        measures are kept (markup is most of the cost)."""
        s = scene.state
        key = (s.players[self.seat], scene.looks[self.seat], s.caesar, to_move == self.seat,
               scene.seat == self.seat, width, self.form, changed)
        if self._heights[0] != key:
            self._heights = (key, {})
        known = self._heights[1]
        if level not in known:
            known[level] = self._measure(level, scene, to_move, max(width, 1), changed)
        return known[level]

    def _measure(self, level: int, scene: Scene, to_move: int | None, width: int,
                 changed: bool) -> int:
        if level == FULL or self.seat == scene.seat:
            return len(self.full(scene, to_move, width, changed).wrap(width))
        if level == SUMMARY:
            return 1
        if level == WRAPPED:
            s = scene.state
            line = self.summary(scene.looks[self.seat], s.players[self.seat], s.caesar,
                                to_move, width, changed, True)
            return len(line.wrap(width))
        return 1 + len(markup(buildings(scene.state.players[self.seat])).wrap(width))

    def full(self, scene: Scene, to_move: int | None, width: int,
             changed: bool = False) -> Content:
        """Headline, holdings and tracks, then the buildings (wrapped, never
        cut: a cut line hid a building or the special one)."""
        s = scene.state
        pl = s.players[self.seat]
        lk = scene.looks[self.seat]
        wide = width >= 56
        head = self.headline(lk, pl, s.caesar, to_move, wide, width, changed)
        cards = plural(len(pl.hand), "card")
        if wide:
            tracks = f"│ Mor {pl.morale} Def {pl.defense:+d} Mil {pl.military}"
            counted = f" [dim]│ {cards}, {plural(len(pl.tokens), 'token')}[/]"
            line = markup(f"{holdings(pl, True)} {tracks}{counted}")
            if line.cell_length > width:
                line = markup(f"{holdings(pl, False)} {tracks}{counted}")
        else:
            line = markup(f"{holdings(pl, False)} Mor{pl.morale} "
                          f"Def{pl.defense:+d} Mil{pl.military}")
            count = markup(f" [dim]{cards}[/]")
            if (line + count).cell_length > width >= (head + count).cell_length:
                head += count  # "10 cards" would wrap the line
            else:
                line += count
        city = markup(buildings(pl))
        board = markup(f" [dim]│[/] {board_line(pl, wide)}")
        if not wide and (city + board).cell_length > width >= (head + board).cell_length:
            head += board  # a narrow panel keeps each city on three lines
        else:
            city += board
        return Content("\n").join([head, line, city])

    form = 0
    """The first of ``summaries`` the compact line may take: the table sets
    the one every compact city fits, so the rows read alike."""

    def summaries(self, lk: SeatLook, pl: Player, caesar: int, to_move: int | None,
                  changed: bool, name: bool = False, split: bool = False) -> list[Content]:
        """The city on one line, the fullest first: letter and city (and
        with ``name`` the player's), PP, its flags, what it holds and its
        tracks; then without the tracks, and with the letter alone."""
        flags = [f"[b $accent]{CHANGED}[/]"] if changed else []
        if self.seat == caesar:
            flags.append("[b]Caesar[/]")
        if self.seat == to_move:
            flags.append("[b reverse]▶[/]")
        flag = " " + " ".join(flags) if flags else ""
        res = pl.res
        held = " ".join(
            [f"[{look.RES_VAR[GOLD]}]G[/]{res[GOLD]}"]
            + [f"[{look.RES_VAR[i]}]{RESOURCE_NAMES[i][0]}[/]"
               + (f"[b]{res[i]}[/]" if res[i] >= pl.storage else str(res[i])) for i in range(3)])
        tracks = f" Mor{pl.morale} Def{pl.defense:+d} Mil{pl.military}"
        letter = f"[b $seat-{lk.colour}]{lk.letter}[/]"
        who = " [dim]$name[/]" if name else ""
        gap = "\n" if split else " "  # who on one line, what it holds on the next
        named = f"{look.city(lk)}{who} [b]{pl.pp} PP[/]{flag}{gap}{held}"
        bare = f"{letter}{who} [b]{pl.pp} PP[/]{flag}{gap}{held}"
        return [markup(t, name=lk.name) for t in (named + tracks, named, bare + tracks, bare)]

    def fitting_form(self, scene: Scene, to_move: int | None, width: int) -> int:
        """The first summary that fits ``width`` (the last if none does)."""
        s = scene.state
        forms = self.summaries(scene.looks[self.seat], s.players[self.seat], s.caesar,
                               to_move, True)  # room for the ▲ a move may add
        return next((i for i, f in enumerate(forms) if f.cell_length <= width), len(forms) - 1)

    def summary(self, lk: SeatLook, pl: Player, caesar: int, to_move: int | None,
                width: int, changed: bool, wrap: bool = False) -> Content:
        """The compact line in ``form`` (every compact row alike), with the
        player's name and then what plays the seat (the full form's word)
        where they fit ``width``; with ``wrap`` always, on a second line
        with the holdings where the line is too long: wrapped where it fell,
        the kind went alone onto a row of its own whenever ▲ or ▶ came in
        (fix 36b walk: "Massilia Brutus 0 PP Caesar G1 C2 W8 S6" over
        "random")."""
        kind = lk.kind_word
        line = self.summaries(lk, pl, caesar, to_move, changed, True)[self.form]
        if wrap:
            if width and line.cell_length + 2 + len(kind) > width:
                line = self.summaries(lk, pl, caesar, to_move, changed, True, True)[self.form]
            return line + markup("  [dim]$kind[/]", kind=kind) if kind else line
        if 0 < width < line.cell_length:
            line = self.summaries(lk, pl, caesar, to_move, changed)[self.form]
        if kind and (not width or line.cell_length + 2 + len(kind) <= width):
            line += markup("  [dim]$kind[/]", kind=kind)
        return line

    def headline(self, lk: SeatLook, pl: Player, caesar: int, to_move: int | None,
                 wide: bool, width: int, changed: bool = False) -> Content:
        """City, owner, PP and the Caesar and to-move flags; then what plays
        the seat, in the one form every seat list uses ("rules", "search,
        hard"; the narrow panel leaves it out where it does not fit the
        line, the wide one wraps it). A city the last move changed is marked
        ▲ (the tint does not survive 256 colours)."""
        flags = [f"[b $accent]{CHANGED} changed[/]" if wide else f"[b $accent]{CHANGED}[/]"] \
            if changed else []
        if self.seat == caesar:
            flags.append("[b]Caesar[/]")
        if self.seat == to_move:
            flags.append("[b reverse] to move [/]" if wide else "[b reverse]▶[/]")
        head = markup(f"{look.city(lk)} [dim]$name[/]  [b]{pl.pp} PP[/]  " + " ".join(flags),
                      name=lk.name)
        kind = lk.kind_word  # as every seat list says it: "rules", "search, hard"
        if not wide and head.cell_length + 2 + len(kind) > width:
            return head  # the kind then shows on the compact line, or in the wide panel
        return head + markup("  [dim]$kind[/]", kind=kind) if kind else head
