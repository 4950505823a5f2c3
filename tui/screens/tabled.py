"""What the game screen and the replay viewer share: one game's table.

A ``TableScreen`` carries the class ``game-<id>`` that the game's
stylesheet nests under; the app loads that stylesheet and the table's theme
variables before the screen is first shown (``TabulaApp.push_screen``).
"""

from __future__ import annotations

from textual.screen import Screen

from engine.match import Match
from tui.widgets.game_styles import screen_class
from tui.widgets.scene import GameUI
from tui.widgets.table import game_ui


class TableScreen(Screen[None]):
    """A screen showing ``match`` on its game's table (``self.ui``)."""

    def __init__(self, match: Match) -> None:
        super().__init__(classes=screen_class(match.game_id))
        self.match = match
        self.ui: GameUI = game_ui(match.game_id)

