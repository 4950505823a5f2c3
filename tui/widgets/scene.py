"""What a game's table is handed and what it must offer.

``Scene`` is one moment of a game as one seat may see it; ``GameUI`` is
the protocol of a game's table (``tui.widgets.table`` finds a game's own,
or the generic one). Both live here so that a table imports only this.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from textual.widget import Widget

from engine.match import Seat

from .seats import SeatLook


@dataclass(frozen=True)
class Scene:
    """One moment of a game as one seat may see it.

    ``state`` is that seat's view (a full state only in the replay of a
    finished game); ``earlier(k)`` is the same kind of state ``k`` steps back
    (None before the start), for widgets that show what just happened;
    ``focus`` is the action highlighted in the action menu, if any.
    """

    game: Any
    state: Any
    seat: int | None
    seats: tuple[Seat, ...]
    looks: tuple[SeatLook, ...]
    earlier: Callable[[int], Any]
    seed: int | None = None
    focus: tuple | None = None

    @property
    def own(self) -> int | None:
        """The seat whose eyes these are, if it plays at the table: None in
        the replay of full states and for a spectator at a shared table
        (``seat`` is then ``engine.core.SPECTATOR``, which no seat has), so a
        table never shows "your hand" nor indexes the seats by it."""
        seat = self.seat
        return seat if seat is not None and 0 <= seat < len(self.seats) else None


class GameUI(Protocol):
    """A game's table. ``variables`` are its own theme variables (colours
    its markup names, e.g. ``$mygame-gold``), each prefixed with the game id
    so two games never share one; ``notes`` explains its symbols in the
    game screen's help. ``table_key`` is offered a key no panel took
    (whichever has the focus), so a table's own keys work from anywhere;
    True if it used the key. A table may also have ``tight_label(action,
    label, width) -> str``: a shorter label for a one-row action list,
    asked for every label there, returning it as it is where it has no
    shorter one; ``ActionMenu`` squeezes what still does not fit."""

    variables: dict[str, str]
    notes: str

    def board(self) -> Widget: ...
    def side(self) -> Widget: ...
    def looks(self, state: Any, seats: tuple[Seat, ...]) -> tuple[SeatLook, ...]: ...
    def show(self, scene: Scene) -> None: ...
    def focus_action(self, scene: Scene, action: tuple | None) -> None: ...
    def table_key(self, key: str) -> bool: ...
