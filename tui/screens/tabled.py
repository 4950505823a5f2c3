"""What every screen showing one game's table shares: the table screen
(``tui.screens.table``) and the replay viewer.

A ``Tabled`` screen carries the class ``game-<id>`` that the game's
stylesheet nests under; the app loads that stylesheet and the table's theme
variables before the screen is first shown (``TabulaApp.push_screen``).
"""

from __future__ import annotations

from textual.screen import Screen

from tui.widgets.game_styles import screen_class
from tui.widgets.scene import GameUI
from tui.widgets.table import game_ui


class Tabled(Screen[None]):
    """A screen showing a game of ``game_id`` on its game's table (``self.ui``)."""

    def __init__(self, game_id: str) -> None:
        super().__init__(classes=screen_class(game_id))
        self.game_id = game_id
        self.ui: GameUI = game_ui(game_id)
