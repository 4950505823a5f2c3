"""What every screen showing a table to play at does with keys: a local
game (``GameScreen``) and a shared table (``SharedTableScreen``).

Digits and letters typed while another panel (the log, a hand, a board) has
the focus still reach the actions; a key no panel took is offered to the
game's table (``GameUI.table_key``: a key that switches what its board
shows, say); esc comes back to the actions first and opens the screen's
menu from there; the log says when it has the focus.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.screen import Screen

from tui.widgets.actions import ActionMenu, FilterInput
from tui.widgets.game_log import GameLog
from tui.widgets.scene import GameUI


class TableKeys(Screen[None]):
    """Keys shared by the screens that play a table; ``action_menu`` is theirs."""

    action_menu: Callable[[], None]  # each screen's own menu
    ui: GameUI  # the game's table

    def action_key(self, char: str, action: str) -> None:
        """A command letter, unless the player is typing a filter."""
        if self.app.screen is not self:
            return
        if self.query_one(FilterInput).take(char):
            return
        getattr(self, f"action_{action}")()

    def action_escape(self) -> None:
        """Back to the actions from any other panel; from the actions, the menu."""
        menu = self.query_one(ActionMenu)
        focused = self.focused
        if focused is not None and menu not in focused.ancestors_with_self:
            menu.filter.focus()
            return
        self.action_menu()

    def on_key(self, event: events.Key) -> None:
        """Digits and letters typed while another panel has the focus still
        reach the actions, and the table has its own keys (the focused panel
        had its chance at the key)."""
        if self.ui.table_key(event.key):
            event.stop()
            event.prevent_default()
            return
        menu = self.query_one(ActionMenu)
        focused = self.focused
        char = event.character
        if focused is None or char is None or menu in focused.ancestors_with_self:
            return
        if char.isdigit():
            menu.shortcut_key(char, event.time)
        elif not (char.isalpha() and menu.type_text(char)):
            return
        event.stop()
        event.prevent_default()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The log says it has the focus, and how to leave it."""
        log = self.query_one(GameLog)
        log.border_title = "Log · ↑↓ PgUp PgDn scroll · esc: back" if event.widget is log else ""

    def action_focus_log(self) -> None:
        self.query_one(GameLog).focus()
