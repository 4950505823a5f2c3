"""The game's events as sentences, newest last, each seat in its colour.

The game says which parts of a line name which seat and which lines head a
chapter (``engine.core.LogLine``); nothing here reads the words.

Drawn line by line (a ScrollView with ``render_line``, like Textual's
checker example): each sentence is wrapped once for the current width and
kept as strips, so a long game's log costs nothing to scroll or extend.

The log follows the newest line while its reader is at the bottom. Scrolled
up, it stays where the reader is and a notice on its bottom row counts the
lines that came since ("3 new lines ↓ end"); ``end`` or ``G`` jumps back and
following resumes, as it does when the reader leaves the log (its focus
goes). (The notice is drawn by the log itself: the screen uses the log's
border title to say it has the focus.) The scrollbar's column is
always kept (``scrollbar-gutter: stable``) and lines are wrapped to the
width left beside it, so a scrollbar appearing can never hide a line's last
character.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from engine.core import LogLine

from .redraw import FixedBox
from .seats import SeatLook

BADGE_WIDTH = 4  # " M " and a space
FOLLOW_KEYS = "end"  # what the notice names; G does the same (as in less)


class GameLog(FixedBox, ScrollView, can_focus=True):
    """A scrolling log. Seat names are coloured and the line starts with the
    badge of the seat it is about, so seats differ without colour too."""

    DEFAULT_CSS = """
    GameLog {
        overflow-x: hidden;
        scrollbar-gutter: stable;
    }
    GameLog > .game-log--notice {
        background: $accent;
        color: $text;
        text-style: bold;
    }
    GameLog > .game-log--fresh {
        background: $accent 20%;
    }
    """
    COMPONENT_CLASSES = {"game-log--notice", "game-log--fresh"}
    BINDINGS = [Binding("end,G", "follow", "Newest", show=False)]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._looks: tuple[SeatLook, ...] = ()
        self._entries: list[tuple[Text, Text]] = []
        self._strips: list[Strip] = []
        self._width = 0
        self._pinned = True  # was the reader at the bottom when they last scrolled?
        self._unseen = 0  # sentences added since the reader scrolled up
        self._fresh_entry = 0  # the first sentence of the latest change, shown tinted
        self._fresh_strip = 0  # its first row

    def set_looks(self, looks: tuple[SeatLook, ...]) -> None:
        self._looks = looks

    @property
    def lines_written(self) -> int:
        return len(self._entries)

    def _colour(self, look: SeatLook) -> str:
        return self.app.theme_variables.get(f"seat-{look.colour}", "white")

    def sentence(self, line: LogLine) -> tuple[Text, Text]:
        """The badge of the first seat a line names, and the line with every
        seat part in that seat's colour (the owner's name after its first
        mention, where it differs from the seat's label)."""
        badge = Text()
        body = Text()
        named: set[int] = set()
        for text, seat in line.parts:
            look = self._looks[seat] if seat is not None and 0 <= seat < len(self._looks) else None
            if look is None:
                body.append(text)
                continue
            if not badge:
                badge.append(f" {look.letter} ", style=f"reverse bold {self._colour(look)}")
            body.append(text, style=f"bold {self._colour(look)}")
            if seat not in named and look.name != look.label:
                named.add(seat)
                body.append(f" ({look.name})", style="dim")
        if line.heading:
            body.stylize("bold underline")
        return badge, body

    def _wrap(self, badge: Text, body: Text, width: int) -> list[Strip]:
        console = self.app.console
        inner = max(8, width - BADGE_WIDTH)
        out = []
        for i, part in enumerate(body.wrap(console, inner)):
            prefix = badge if i == 0 and badge else Text(" " * (BADGE_WIDTH - 1))
            row = Text.assemble(prefix, " ", part)
            segments = list(row.render(console))
            out.append(Strip(segments).adjust_cell_length(width))
        return out or [Strip.blank(width)]

    def _wrap_width(self) -> int:
        """The columns lines may use: the content region, which the stable
        gutter keeps clear of the scrollbar whether it is shown or not."""
        return max(0, self.scrollable_content_region.width)

    def _rewrap(self) -> None:
        width = self._wrap_width()
        self._width = width
        self._strips = []
        if width <= 0:
            return
        for i, (badge, body) in enumerate(self._entries):
            if i == self._fresh_entry:
                self._fresh_strip = len(self._strips)
            self._strips.extend(self._wrap(badge, body, width))
        if self._fresh_entry >= len(self._entries):
            self._fresh_strip = len(self._strips)
        self._resized()

    def _resized(self) -> None:
        size = Size(self._width, len(self._strips))
        self.virtual_size = size  # a line more lays out nothing (FixedBox) ...
        if self.container_size:  # ... but tells the scrollbars (textual==8.2.8)
            self._scroll_update(size)
        if self._pinned:
            self._to_end()
        self.refresh()

    def _to_end(self) -> None:
        """Show the newest line now (the virtual size is already set) and
        again once laid out, in case the log's height changes meanwhile."""
        self.scroll_end(animate=False, immediate=True, x_axis=False, force=True)
        self.call_after_refresh(self._still_at_end)

    def _still_at_end(self) -> None:
        # Only if the layout moved the end: scrolling in place repaints the
        # scrollbar for nothing, once a move at every seat's screen.
        if self._pinned and self.scroll_y < self.max_scroll_y:
            self.scroll_end(animate=False, immediate=True, x_axis=False, force=True)

    @property
    def following(self) -> bool:
        """Do new lines keep the newest in view? True until the reader
        scrolls up, and again once they are back at the bottom."""
        return self._pinned

    @property
    def unseen(self) -> int:
        """Sentences added since the reader scrolled away from the newest."""
        return self._unseen

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._pinned = new_value >= self.max_scroll_y
        if self._pinned and self._unseen:
            self._set_unseen(0)

    def _set_unseen(self, n: int) -> None:
        if n != self._unseen:
            self._unseen = n
            self.refresh()

    @property
    def notice(self) -> str:
        """What the bottom row says while lines came unseen ("" if none)."""
        if not self._unseen:
            return ""
        what = "new line" if self._unseen == 1 else "new lines"
        return f" {self._unseen} {what} ↓ {FOLLOW_KEYS} "

    def action_follow(self) -> None:
        """Back to the newest line; following resumes."""
        self._pinned = True
        self._set_unseen(0)
        self.scroll_end(animate=False, x_axis=False)

    def on_blur(self) -> None:
        """The reader left the log (Tab, esc): it follows the newest line
        again, so it is never found scrolled up phases later."""
        if not self._pinned:
            self.action_follow()

    def on_resize(self) -> None:
        if self._wrap_width() != self._width:
            self._rewrap()
        elif self._pinned:
            self._to_end()

    def add(self, lines: Sequence[LogLine]) -> None:
        """Append the sentences of one change; the view follows the newest
        unless the reader has scrolled up (then the bottom row counts them).
        They stay tinted until the next change, so a move just made by a bot
        stands out from what came before."""
        new = [self.sentence(line) for line in lines]
        self._fresh_entry, self._fresh_strip = len(self._entries), len(self._strips)
        self._entries.extend(new)
        if not self._pinned and new:
            self._set_unseen(self._unseen + len(new))
        if self._width > 0:
            for badge, body in new:
                self._strips.extend(self._wrap(badge, body, self._width))
            self._resized()
        elif self.is_mounted:
            self._rewrap()

    def reset(self, lines: Sequence[LogLine]) -> None:
        """Replace every line (after an undo, or for another seat's eyes);
        the view goes to the newest."""
        self._entries = [self.sentence(line) for line in lines]
        self._fresh_entry = self._fresh_strip = len(self._entries)  # nothing is new
        self._pinned = True
        self._set_unseen(0)
        if self.is_mounted:
            self._rewrap()

    def render_line(self, y: int) -> Strip:
        _, scroll_y = self.scroll_offset
        i = scroll_y + y
        width = self.scrollable_content_region.width
        base = self.rich_style
        if i >= len(self._strips):
            strip = Strip([Segment(" " * width, base)], width)
        else:
            strip = self._strips[i].crop(0, width)
            if i >= self._fresh_strip:  # what the latest change added, tinted
                strip = strip.apply_style(self.get_component_rich_style("game-log--fresh"))
            strip = strip.apply_style(base or Style())
        notice = self.notice
        if notice and y == self.scrollable_content_region.height - 1:
            notice = notice[-width:] if width > 0 else ""
            style = self.get_component_rich_style("game-log--notice")
            strip = Strip.join([strip.crop(0, width - len(notice)),
                                Strip([Segment(notice, style)], len(notice))])
        return strip
