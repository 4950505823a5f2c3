"""The seam between the generic game screen and one game's widgets.

A game's registry entry (``engine.games``) names its table, a class that
follows ``GameUI`` (``tui.widgets.scene``): the board for the left column, the side panel above
the actions, the seats' looks, and ``show(scene)``. A game without one gets
``GenericUI`` (``generic_table``), which needs nothing but the protocol.
The game screen, the replay viewer and the snapshots only ever hand it a
``Scene``, which holds what the seat may see.
"""

from __future__ import annotations

from importlib import import_module

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget

from engine.games import entry

from .scene import GameUI


def game_ui(game_id: str) -> GameUI:
    """A fresh table for the game (its own, imported only when first
    needed, or the generic one); KeyError for a game not registered."""
    where = entry(game_id).table
    if where is None:
        from engine import get_game

        from .generic_table import GenericUI

        return GenericUI(get_game(game_id))
    module, _, name = where.partition(":")
    ui: GameUI = getattr(import_module(module), name)()
    return ui


def compose_table(ui: GameUI, lower_right: Widget,
                  relabel: dict[str, str] | None = None) -> ComposeResult:
    """The table layout the game screen and the replay viewer share: status
    line, board and log on the left, the game's side panel over
    ``lower_right`` on the right, the key bar (``relabel``: its own words
    for some actions) below."""
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
    yield KeyBar(relabel)
