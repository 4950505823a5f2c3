"""What the parts of the server need of each other, as Protocols.

A connection (``auth.TabulaConnection``) and a game session
(``session.GameSession``) both work inside the server's shared state
(``server.GameHost``), and a session updates the connection it runs on.
They name each other through these descriptions, not by importing each
other's modules, so every import in ``tui.ssh`` points one way: ``server``
on top, then ``auth``, then ``session``.
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .config import ServeConfig
    from .identity import Player
    from .keys import KeyRing
    from .launcher import Launcher
    from .limits import ConnectionGate, SessionSlots
    from .log import PreauthLog, RefusalLog
    from .tarpit import Tarpit


class Host(Protocol):
    """The server's state that every connection and session shares."""

    config: ServeConfig
    keyring: KeyRing | None
    slots: SessionSlots
    gate: ConnectionGate
    refusals: RefusalLog
    preauth_log: PreauthLog
    tarpit: Tarpit
    launcher: Launcher
    hall: Any  # hall.hall.Hall while the server runs (None before start)
    guest_names: set[str]  # names of the guests connected now (a guest's name is their seat)

    def track(self, coro: Coroutine[Any, Any, None], session: Any) -> None:
        """Run a session's lifetime as a task the shutdown waits for."""


class Connection(Protocol):
    """What a game session reads and updates of the SSH connection it runs on."""

    player: Player | None
    game: Any  # the session running a game on it, or None
    channels: int
    children: int

    @property
    def peer(self) -> str: ...

    @property
    def owner(self) -> str: ...

    def game_started(self) -> None: ...

    def wait_for_game(self) -> None: ...

    def release_home(self) -> None: ...
