"""The game's events as sentences, newest last, each seat in its colour.

The game says which parts of a line name which seat and which lines head a
chapter (``engine.core.LogLine``); nothing here reads the words.

Drawn line by line (a ScrollView with ``render_line``, like Textual's
checker example): each sentence is wrapped once for the current width and
kept as strips, so a long game's log costs nothing to scroll or extend.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from engine.core import LogLine

from .seats import SeatLook

BADGE_WIDTH = 4  # " M " and a space


class GameLog(ScrollView, can_focus=True):
    """A scrolling log. Seat names are coloured and the line starts with the
    badge of the seat it is about, so seats differ without colour too."""

    DEFAULT_CSS = """
    GameLog { overflow-x: hidden; }
    """

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._looks: tuple[SeatLook, ...] = ()
        self._entries: list[tuple[Text, Text]] = []
        self._strips: list[Strip] = []
        self._width = 0

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

    def _rewrap(self) -> None:
        width = self.scrollable_content_region.width
        self._width = width
        self._strips = []
        if width <= 0:
            return
        for badge, body in self._entries:
            self._strips.extend(self._wrap(badge, body, width))
        self._resized()

    def _resized(self, follow: bool = True) -> None:
        self.virtual_size = Size(self._width, len(self._strips))
        if follow:  # after the new size is laid out, or the end is not yet there
            self.call_after_refresh(self.scroll_end, animate=False, x_axis=False)
        self.refresh()

    @property
    def following(self) -> bool:
        """Is the newest line in view (so new lines should keep it there)?"""
        return self.scroll_y >= self.max_scroll_y - 1

    def on_resize(self) -> None:
        if self.scrollable_content_region.width != self._width:
            self._rewrap()

    def add(self, lines: Sequence[LogLine]) -> None:
        """Append sentences; the view follows the newest."""
        new = [self.sentence(line) for line in lines]
        self._entries.extend(new)
        if self._width > 0:
            follow = self.following
            for badge, body in new:
                self._strips.extend(self._wrap(badge, body, self._width))
            self._resized(follow)
        elif self.is_mounted:
            self._rewrap()

    def reset(self, lines: Sequence[LogLine]) -> None:
        """Replace every line (after an undo, or for another seat's eyes)."""
        self._entries = [self.sentence(line) for line in lines]
        if self.is_mounted:
            self._rewrap()

    def render_line(self, y: int) -> Strip:
        _, scroll_y = self.scroll_offset
        i = scroll_y + y
        width = self.scrollable_content_region.width
        base = self.rich_style
        if i >= len(self._strips):
            return Strip([Segment(" " * width, base)], width)
        return self._strips[i].crop(0, width).apply_style(base or Style())
