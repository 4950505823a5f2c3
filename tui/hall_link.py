"""The terminal UI's end of a table hall (issue 14): one connection per app.

A game process that was given a ``hall.client.Link`` (a served game's
inherited socket, or ``tabula host`` / ``tabula join`` on a Unix socket)
talks to the hall from Textual's own event loop: a worker reads message
after message and posts each to the app as a ``HallMessage``; screens send
by posting ``HallSend`` to the app, so no screen holds the connection and
messages leave in the order they were asked for. ``tui.hall_route`` hands
each message to the screen it concerns: the lobby (``tui.screens.lobby``)
or the shared table (``tui.screens.table`` with ``tui.screens.hall_source``).

Everything the hall sends that a person wrote (names, chat, notices,
errors) is treated as untrusted text: ``saves.plain.plain`` before use, and
markup only through ``tui.widgets.untrusted.markup``.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from textual.message import Message

from saves.plain import plain

if TYPE_CHECKING:
    from textual.app import App

    from hall.client import HallClient, Link

_COMEBACK = re.compile(r"[0-9A-Z]{4,16}")


@dataclass
class HallMessage(Message):
    """One message from the hall (a msgpack map, key "t" its kind)."""

    msg: dict[str, Any]


@dataclass
class HallSend(Message):
    """A screen asks the app to send ``msg`` to the hall."""

    msg: dict[str, Any]


@dataclass
class HallClosed(Message):
    """The connection to the hall is gone; ``reason`` is plain text."""

    reason: str


@dataclass
class LeaveHall(Message):
    """A screen asks to leave the hall's screens (the hall is gone): back
    to the title."""


def gone_text(local: bool, code: str = "", seated: bool = False, comeback: str = "",
              name: str = "") -> str:
    """What a player is told when the connection to the hall is gone.

    The hall saves every table after every change, so a seat at an
    unfinished table is kept: the sentence says so and how to come back.
    ``local``: the hall of ``tabula host`` (which any ``tabula host``, or
    ``tabula join`` of a kept table, starts again); else a served game's,
    whose hall stops only with the server. ``code`` and ``seated``: the
    table the player was at, and whether they had a seat there still;
    ``comeback``: a guest's way back to it (``HallLink.comeback_command``);
    ``name``: the player's name at the hall (a local seat is its name's, so
    a name other than the login name is part of the way back)."""
    if local:
        if code and seated:
            return (f"The table hall stopped; your seat at {code} is kept. "
                    f"Come back with `{local_join(code, name)}`.")
        return ("The table hall stopped; the unfinished tables are kept. "
                "`tabula host` opens the lobby again.")
    if code and seated and comeback:
        return (f"The server stopped; your seat at {code} is kept. Come back with "
                f"`{comeback}` once the server runs again.")
    if code and seated:
        return (f"The server stopped; your seat at {code} is kept. Come back by the code "
                f"{code} once the server runs again.")
    return "The server stopped; the unfinished tables are kept until it runs again."


def local_join(code: str, name: str = "") -> str:
    """``tabula join CODE``, with ``--name`` when the name is not the login name."""
    from hall.local import login_name

    if not name or name == login_name():
        return f"tabula join {code}"
    return f"tabula join {code} --name {shlex.quote(name)}"


@dataclass
class HallLink:
    """The app's connection to the hall: where it is, and the client once open."""

    link: Link
    client: HallClient | None = None
    you: str = ""  # my name, as the hall's hello said it
    comeback: str = ""  # a guest's come-back code, as the hall's hello said it
    alive: bool = True
    started: bool = False  # the start (lobby, join, reconnect) was acted on
    pending: list[dict[str, Any]] = field(default_factory=list)  # sent before connecting

    async def run(self, app: App[Any]) -> None:
        """Connect, then post every message to ``app`` until the hall closes."""
        from hall.wire import ProtocolError

        try:
            self.client = await self.link.connect()
            for msg in self.pending:
                await self.client.send(msg)
            self.pending.clear()
            while True:
                msg = await self.client.recv()
                if isinstance(msg, dict) and isinstance(msg.get("t"), str):
                    app.post_message(HallMessage(msg))
        except (ConnectionError, OSError, ProtocolError, ValueError) as e:
            self.alive = False
            why = plain(str(e) or type(e).__name__, 200)
            app.post_message(HallClosed(why))
        finally:  # the app is closing (the worker cancelled) or the hall went
            self.close()

    async def send(self, msg: dict[str, Any]) -> None:
        """Send ``msg`` now, or once connected."""
        if not self.alive:
            raise ConnectionError("not connected to the hall")
        if self.client is None:
            self.pending.append(msg)
            return
        await self.client.send(msg)

    def close(self) -> None:
        if self.client is not None:
            self.client.close()

    def hello(self, msg: dict[str, Any]) -> None:
        """Take my name (and a guest's come-back code) from the hall's hello."""
        self.you = plain(str(msg.get("you", "")), 24)
        comeback = str(msg.get("comeback") or "")
        self.comeback = comeback if _COMEBACK.fullmatch(comeback) else ""

    def comeback_command(self, code: str) -> str:
        """What a guest types to come back to their seat at ``code`` ("" for
        key holders and local players: their seat is their key's, or this
        machine's user's)."""
        if not self.comeback or not self.link.ssh or not code.isalpha():
            return ""
        return self.link.ssh.replace("{user}", f"{code}-{self.comeback}")


def invite_command(link: Any, code: str) -> str:
    """What a friend types to sit at table ``code``: the server's ssh line
    when served (its address and port, as the server told the game), else
    ``tabula join CODE`` on this machine."""
    ssh = getattr(link, "ssh", "") or ""
    return ssh.replace("{user}", code) if ssh else f"tabula join {code}"


def first_request(start: str, hello: dict[str, Any]) -> tuple[bool, dict[str, Any] | None]:
    """What to do once the hall says hello: (open the lobby?, message to send).

    A seat of mine at an unfinished table comes first: reconnecting gives it
    back at once, on the same screen. Else the link's start: "lobby",
    "join:CODE", "watch:CODE" (each over the lobby, so leaving the table goes
    back to it) or "title" (nothing)."""
    seats = hello.get("seats") or []
    mine = next((s for s in seats if isinstance(s, dict) and isinstance(s.get("code"), str)),
                None)
    if mine is not None:
        seat = mine.get("seat")
        return True, {"t": "join", "code": mine["code"],
                      "seat": seat if isinstance(seat, int) else None}
    kind, _, code = start.partition(":")
    if kind == "join" and code:
        return True, {"t": "join", "code": code.upper(), "seat": None}
    if kind == "watch" and code:
        return True, {"t": "watch", "code": code.upper()}
    return kind == "lobby", None
