"""Saves as the screens show and open them: how long ago one was played,
what Continue resumes, and loading one or saying why it cannot be."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from textual.content import Content

from tui.host import host
from tui.widgets.untrusted import markup

if TYPE_CHECKING:
    from textual.screen import Screen

    from engine.match import Match
    from saves import SaveInfo


def ago(when: float, now: float | None = None) -> str:
    """"5 minutes ago" style, for save listings."""
    secs = max(0, int((now or time.time()) - when))
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if secs >= size:
            n = secs // size
            return f"{n} {unit}{'s' if n > 1 else ''} ago"
    return "just now"


def continue_line(latest: SaveInfo) -> Content:
    """What Continue resumes: title, progress, players and when. All of it
    is read from a save, so it goes in as plain text, never as markup."""
    return markup("[dim]Continue:[/] $title · $progress\n[dim]$players · $when[/]",
                  title=latest.title, progress=latest.progress,
                  players=", ".join(latest.players), when=ago(latest.updated))


def last_game(screen: Screen[Any]) -> str | None:
    """The game a new-game form opens on (the local one and a shared
    table's): the one last started in this run, else the newest save's
    (finished or not), else None (none yet: the form shows the default and
    asks for a game first)."""
    from engine import games

    known = {e.id for e in games.GAMES}
    last = host(screen).settings.last_game
    if last in known:
        return str(last)
    store = host(screen).store
    try:
        saves = store.list() if store is not None else []
    except Exception:  # a damaged folder opens the default, never fails
        saves = []
    return next((s.game for s in saves if s.error is None and s.game in known), None)


def open_save(screen: Screen[Any], path: Any, failure: str) -> Match | None:
    """The saved game at ``path``, or None after telling the player why it
    could not be read (``failure`` is the notice's title)."""
    from saves import SaveError

    app = host(screen)
    store = app.store
    if store is None:
        screen.notify(f"The save folder cannot be opened: {app.store_error}", title=failure,
                      severity="error")
        return None
    try:
        match: Match = store.load(path)
    except SaveError as e:
        screen.notify(str(e), title=failure, severity="error")
        return None
    return match
