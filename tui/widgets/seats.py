"""How a seat is shown everywhere: its colour, its letter, its names."""

from __future__ import annotations

from dataclasses import dataclass

from saves.plain import plain

NAME_CHARS = 64  # of a seat's name as shown (a save allows 64)

# Seat colours as theme variables ($seat-orange …). Chosen so that a
# 16-colour terminal still maps them to six different ANSI colours; the
# letter tells seats apart where colour cannot.
SEAT_COLOURS = {
    "orange": "#d78700",
    "blue": "#5f87ff",
    "red": "#ff5f5f",
    "yellow": "#ffd700",
    "green": "#5fd75f",
    "purple": "#d75fff",
}


@dataclass(frozen=True)
class SeatLook:
    """A seat as the UI draws it. ``label`` is the game's name for the seat
    (a city); ``name`` the player's; ``colour`` a key of SEAT_COLOURS.

    ``name`` came from a person or a save: it is kept plain (no control
    characters, at most NAME_CHARS), so every screen showing a look can put
    it on the terminal; in markup it still goes in as a template value
    (``tui.widgets.untrusted.markup``)."""

    seat: int
    name: str
    label: str
    colour: str
    letter: str
    kind: str = "human"
    strength: str = "normal"

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", plain(self.name, NAME_CHARS))
        object.__setattr__(self, "label", plain(self.label, NAME_CHARS))

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @property
    def who(self) -> str:
        """The owner in words: a name, and for a bot what kind it is."""
        if self.is_human:
            return self.name
        if self.kind == "random":
            return f"{self.name} (random bot)"
        return f"{self.name} ({self.kind} bot, {self.strength})"
