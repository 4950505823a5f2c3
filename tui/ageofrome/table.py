"""Age of Rome's table: the Provinces board, the Column, the Colosseum and
the Battle Regions on the left (``board.AgeOfRomeBoard``), the round, the
Event, the Glory track and every seat's holdings beside the actions
(``side.SidePanel``). The generic game screen drives it.

Picking a space on the board (arrows and Enter, or a click) keeps only the
actions that name it in the action list; highlighting an action marks on
the board the spaces it names."""

from __future__ import annotations

from typing import Any

from textual.widget import Widget

from engine.match import Seat
from tui.widgets import redraw
from tui.widgets.place_grid import PlaceGridBox
from tui.widgets.scene import Scene
from tui.widgets.seats import SeatLook

from . import detail, look
from .board import AgeOfRomeBoard, spots_of
from .labels import tight_label
from .side import SideBox, SidePanel


class AgeOfRomeUI:
    """Builds and updates the Age of Rome widgets for one game screen (their
    styles, ageofrome.tcss, are nested under the screen's ``game-ageofrome``)."""

    variables = look.VARIABLES
    notes = (look.LEGEND + " Your hand: each card with its type (T W C J, * Chest) and "
             "condition (" + look.CONDITION_CODES + "). A narrow action list writes "
             "Denarii and Glory as D and G: 'Rel. III 13D +6G' is a level III Religion "
             "tile for 13 Denarii, giving 6 Glory. Tab reaches the board: arrows "
             "move the cursor, Enter or a click keeps only the actions naming the space "
             "(esc clears); Tab again reaches the side panel, which the arrows scroll. "
             "Card texts: your hand and Quests in the side panel, the highlighted action's "
             "card under the board, and every card in the rulebook's Card reference "
             "(esc, Rules, then / and a name).")

    def __init__(self) -> None:
        self._board = AgeOfRomeBoard(id="ageofrome-board")
        self._box = PlaceGridBox(self._board, id="ageofrome-box", classes="panel")
        self._side = SidePanel(id="ageofrome-side-text")
        self._side_box = SideBox(self._side, id="ageofrome-side", classes="panel")
        self._greyed: tuple[Any, dict[tuple, str]] = (None, {})

    def board(self) -> Widget:
        return self._box

    def side(self) -> Widget:
        return self._side_box

    def looks(self, state: Any, seats: tuple[Seat, ...]) -> tuple[SeatLook, ...]:
        return look.looks(state, seats)

    def show(self, scene: Scene) -> None:
        self._box.border_subtitle = ""
        self._board.marked = frozenset()
        self._board.about = ""  # the list offered next says again what it highlights
        self._board.show(scene)
        self._side.show(scene)
        before = scene.earlier(1)
        s = scene.state
        changed = before is not None and (before.provinces != s.provinces
                                          or before.column != s.column
                                          or before.regions != s.regions)
        redraw.changed(self._box, changed, 0.10)

    def focus_action(self, scene: Scene, action: tuple | None) -> None:
        """Mark the spaces ``action`` names and say under the board what the
        card, Quest or Scheme it names does."""
        text = detail.action_detail(scene.state, scene.seat, action)
        why = self.greyed(scene).get(action, "") if action is not None else ""
        if why:  # whole, where a one-row list keeps its numbers only
            text = f"✗ {why}" + (f" · {text}" if text else "")
        self._board.about = text
        self._board.mark(spots_of(scene.state, scene.seat, action))

    def greyed(self, scene: Scene) -> dict[tuple, str]:
        """The greyed lines of the list ``scene`` shows (``detail.held_places``):
        action → its whole line and reason, worked out once a position."""
        state = scene.state
        if self._greyed[0] is not state:
            held = detail.held_places(scene.game, state, scene.own)
            self._greyed = (state, {a: why for a, why in held if why})
        return self._greyed[1]

    @staticmethod
    def tight_label(action: tuple, label: str, width: int) -> str:
        """A shorter label for a one-row list (``labels.tight_label``)."""
        return tight_label(action, label, width)

    def table_key(self, key: str) -> bool:
        """No keys beyond its board's, which work while the board has the focus."""
        return False
