"""Text from people and from files, on screen: never markup, never a
control character.

Seat names, save titles and progress lines, file names, typed text and
error messages quoting a file can hold anything. ``x[/]y`` read as Textual
markup is an error (the screen showing it crashes, every time it opens);
``[@click=app.quit]`` is an action; an escape sequence reaches the terminal
raw (retitling it, clearing it). So such text is cleaned by
``saves.plain.plain`` and only ever put into our own markup as a template
value (``markup("[b]$name[/]", name=...)``), which Textual inserts as plain
text. ``textual.markup.escape`` is not enough: a value ending in a
backslash escapes the tag after it, and ``[$x]`` is not escaped at all.
"""

from __future__ import annotations

from functools import lru_cache

from textual.content import Content
from textual.widgets import Input

from saves.plain import plain


def markup(template: str, **values: object) -> Content:
    """Our own markup ``template`` with each ``$key`` replaced by
    ``values[key]`` as plain text (cleaned by ``plain``, never parsed)."""
    return _parsed(template, tuple((k, plain(v)) for k, v in values.items()))


@lru_cache(maxsize=4096)
def _parsed(template: str, values: tuple[tuple[str, str], ...]) -> Content:
    # A table redraws at every move and most of its lines are the same as
    # before: parsing markup was a tenth of each redraw. Content is immutable.
    return Content.from_markup(template, **dict(values))


def without_controls(text: str) -> str:
    """``text`` without the characters ``plain`` removes (tabs and line breaks
    become spaces) and never shortened: for what a person types."""
    return plain(text, max(len(text), 1))


class PlainInput(Input):
    """An Input whose value never holds a control character and never
    exceeds ``max_length``, however it is set: a paste can carry escape
    sequences, which the Input would echo to the terminal as they are."""

    def replace(self, text: str, start: int, end: int) -> None:
        """Insert ``text`` cleaned and, if it would not fit, cut to fit (a
        long paste is shortened rather than refused)."""
        text = without_controls(text)
        if self.max_length:
            lo, hi = sorted((max(0, start), min(len(self.value), end)))
            room = self.max_length - (len(self.value) - (hi - lo))
            text = text[: max(room, 0)]
        super().replace(text, start, end)

    def validate_value(self, value: str) -> str:
        """Values set by code (defaults, suggestions from seat names) are
        cleaned and bounded too."""
        value = without_controls(value)
        return value[: self.max_length] if self.max_length else value
