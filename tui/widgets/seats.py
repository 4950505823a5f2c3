"""How a seat is shown everywhere: its colour, its letter, its names."""

from __future__ import annotations

from dataclasses import dataclass

from saves.plain import plain

NAME_CHARS = 64  # of a seat's name as shown (a save allows 64)

# Seat colours as theme variables ($seat-orange …). A 16-colour terminal
# maps each to a different ANSI hue (red, magenta, blue, cyan, yellow, green:
# orange is bright red there, red is magenta, purple blue, blue cyan), so even
# a terminal that draws bold text in the bright colours cannot make two seats
# alike (a dark yellow "orange" turned into the yellow seat's bright yellow).
# The letter tells seats apart where colour cannot.
SEAT_COLOURS = {
    "orange": "#ff8700",
    "blue": "#5fafff",
    "red": "#d7005f",
    "yellow": "#ffd700",
    "green": "#5fd75f",
    "purple": "#9b5fe0",
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
