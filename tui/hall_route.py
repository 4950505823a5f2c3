"""Which screen a message from the hall concerns (``route``).

Apart from ``tui.hall_link`` because it imports the screens, which import
the link's messages.
"""

from __future__ import annotations

from typing import Any

from textual.app import App

from saves.plain import plain

from .hall_link import HallLink, HallSend, first_request
from .host import host
from .screens.hall_source import HallSource
from .screens.lobby import LobbyScreen
from .screens.table import TableScreen


def route(app: App[Any], hall: HallLink, msg: dict[str, Any]) -> None:
    """Hand one message from the hall to the screen it concerns."""
    kind = msg.get("t")
    if kind == "hello":
        hall.hello(msg)
        if not hall.started:
            hall.started = True
            lobby, request = first_request(hall.link.start, msg)
            if lobby and not _on_stack(app, LobbyScreen):
                app.push_screen(LobbyScreen())
            if request is not None:
                app.post_message(HallSend(request))
        return
    screen = shared_table(app)
    table = screen.source if screen is not None else None
    if kind == "joined":
        code = (msg.get("table") or {}).get("code")
        if table is not None and table.code == code:
            table.joined(msg)
            return
        if screen is not None:  # another table: that screen goes
            screen.close_quietly()
        comeback = hall.comeback_command(str(code or ""))
        source = HallSource(msg, hall.you, comeback)
        if source.seat is not None:  # a seat taken: the next new-table form opens on its game
            host(app).settings.last_game = source.game.id
        app.push_screen(TableScreen(source))
        return
    if kind == "tables":
        lobby = _on_stack(app, LobbyScreen)
        if lobby is not None:
            lobby.tables(msg.get("tables") or [])
        return
    if kind in ("state", "chat", "undo_asked", "undo_result", "ended", "host"):
        if table is not None:
            table.hall_message(msg)
        return
    text = plain(str(msg.get("text", "")), 300)
    if kind == "notice" and text:
        app.notify(text, title="Table")
    elif kind == "error" and text:
        app.notify(text, title="Not done", severity="warning")
        if table is not None:
            table.refused(text)


def shared_table(app: App[Any]) -> TableScreen | None:
    """The topmost table screen of a shared table on the app's stack, or None."""
    return next((s for s in reversed(app.screen_stack)
                 if isinstance(s, TableScreen) and isinstance(s.source, HallSource)), None)


def _on_stack(app: App[Any], kind: type) -> Any:
    """The topmost screen of ``kind`` on the app's stack, or None."""
    return next((s for s in reversed(app.screen_stack) if isinstance(s, kind)), None)
