"""What a screen may read from the app it runs in, typed.

Screens read the settings, the save store and the bot pacer through
``host(self)``; anything that changes the app (open a game, for one) is a
message (``tui.messages``), so no screen reaches into the app's internals
and none imports ``tui.app`` (which imports the screens).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, cast

from .bots import BotPacer
from .settings import Settings

if TYPE_CHECKING:
    from textual.message_pump import MessagePump


class Host(Protocol):
    """The parts of ``TabulaApp`` screens read."""

    settings: Settings
    pacer: BotPacer
    hall: Any
    """The table hall's connection (``tui.hall_link.HallLink``), or None."""

    @property
    def store(self) -> Any:
        """The save store (``saves.Store``), or None if it cannot be opened."""

    @property
    def store_error(self) -> str | None:
        """Why the save folder cannot be opened (plain text)."""


def host(node: MessagePump) -> Host:
    """The app ``node`` runs in, as a ``Host``."""
    return cast(Host, node.app)
