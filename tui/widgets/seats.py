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


KIND_WORDS = {"rules": "rules", "mcts": "search", "random": "random"}
"""What plays a bot seat, as every seat list says it: the rules bot, or
the search (the ISMCTS bot, ``ai.mcts``)."""


def kind_word(kind: str, strength: str = "normal", bot: str = "") -> str:
    """A seat's kind as its row says it: "" for a person; "rules",
    "search" or "random" for a bot (``bot``: a word after it, " bot"),
    with its strength where it is not normal ("search, hard"). Every
    game's seat list and the lobby take it from here, so they all say
    the same."""
    if kind == "human":
        return ""
    word = KIND_WORDS.get(kind, plain(kind, 12)) + bot
    if kind == "random" or strength == "normal":
        return word
    return f"{word}, {plain(strength, 12)}"


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
    def kind_word(self) -> str:
        """What plays this seat (``kind_word``): "" for a person."""
        return kind_word(self.kind, self.strength)

    @property
    def kind_tag(self) -> str:
        """The kind as a seat's row shows it, "(search bot, hard)"; "" for a person."""
        return f"({kind_word(self.kind, self.strength, ' bot')})" if self.kind_word else ""

    @property
    def kind_forms(self) -> tuple[str, ...]:
        """The ways of saying the kind, longest first: "(search bot, hard)",
        "search, hard", "search"; none for a person."""
        if self.is_human:
            return ()
        bare = KIND_WORDS.get(self.kind, self.kind_word)
        return tuple(dict.fromkeys((self.kind_tag, self.kind_word, bare)))

    def kind_fitting(self, room: int) -> str:
        """The longest way of saying the kind that fits ``room`` cells; ""
        for a person, or where even the word does not fit."""
        return next((said for said in self.kind_forms if len(said) <= room), "")

    @property
    def who(self) -> str:
        """The owner in words: a name, and for a bot what kind it is."""
        return f"{self.name} {self.kind_tag}" if self.kind_tag else self.name
