"""The seam between the generic game screen and one game's widgets.

A game's UI module (``tui/<game>/table.py``) provides a ``GameUI``: the
board for the left column, the side panel above the actions, the seats'
looks, and ``show(scene)``. The game screen, the replay viewer and the
snapshots only ever hand it a ``Scene``, which holds what the seat may see.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Protocol

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
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


class GameUI(Protocol):
    def board(self) -> Widget: ...
    def side(self) -> Widget: ...
    def looks(self, state: Any, seats: tuple[Seat, ...]) -> tuple[SeatLook, ...]: ...
    def show(self, scene: Scene) -> None: ...
    def focus_action(self, scene: Scene, action: tuple | None) -> None: ...


GAME_UIS = {"provincia": "tui.provincia.table:ProvinciaUI"}
GAME_CSS = ["provincia/provincia.tcss"]  # relative to tui/app.py


def game_ui(game_id: str) -> GameUI:
    """A fresh UI for the game, imported only when first needed."""
    try:
        module, _, name = GAME_UIS[game_id].partition(":")
    except KeyError:
        raise KeyError(f"no terminal table for {game_id!r} yet") from None
    return getattr(import_module(module), name)()


def compose_table(ui: GameUI, lower_right: Widget) -> ComposeResult:
    """The table layout the game screen and the replay viewer share: status
    line, board and log on the left, the game's side panel over
    ``lower_right`` on the right, the key bar below."""
    from .game_log import GameLog
    from .keybar import KeyBar
    from .status import StatusLine

    yield StatusLine(id="status")
    with Horizontal(id="body"):
        with Vertical(id="left"):
            yield ui.board()
            yield GameLog(id="log")
        with Vertical(id="right"):
            yield ui.side()
            yield lower_right
    yield KeyBar()
