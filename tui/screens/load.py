"""The saved games: game, players, progress and when, newest first."""

from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

from saves.plain import plain
from tui.host import host
from tui.messages import OpenGame, OpenReplay
from tui.widgets.keybar import KeyBar
from tui.widgets.untrusted import markup

from .saved import ago, open_save


class LoadScreen(Screen[None]):
    """Pick a save to resume (or, if it is finished, to replay)."""

    CSS_PATH = "load.tcss"
    BINDINGS = [
        Binding("enter", "open", "Open"),
        Binding("d,delete", "delete", "Delete"),
        Binding("escape", "back", "Back"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("Saved games", classes="title", id="load-title")
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield Static(id="load-note")
        yield KeyBar()

    def on_mount(self) -> None:
        self._confirm: str | None = None
        table = self.query_one(DataTable)
        # Players last: six names are long, and at 80 columns they pushed
        # Progress ("finished", "round 3, Play Cards") out of sight.
        table.add_columns("Name", "Game", "Progress", "Played", "Players")
        self.refill()
        table.focus()

    def refill(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        app = host(self)
        store = app.store
        note = self.query_one("#load-note", Static)
        self._saves: list[Any] = []
        if store is None:
            note.update(markup("[b $error]The save folder cannot be opened:[/] $why",
                               why=app.store_error))
            return
        from saves import SaveError

        try:
            self._saves = list(store.list())
        except SaveError as e:
            note.update(markup("[b $error]$why[/]", why=e))
            return
        now = time.time()
        for info in self._saves:
            name = Text("autosave", style="italic") if info.autosave else Text(plain(info.name))
            progress = "finished" if info.finished else info.progress
            if info.error:
                progress = "unreadable"
            table.add_row(name, Text(plain(info.title)), Text(plain(progress)),
                          Text(ago(info.updated, now)), Text(plain(", ".join(info.players))),
                          key=str(info.path))
        self.show_note()

    def show_note(self) -> None:
        """The keys, and the highlighted save's players whole (at 80 columns
        the Players column is cut: "You, Cassia, Drusus, Li")."""
        note = self.query_one("#load-note", Static)
        if not self._saves:
            note.update("[dim]No saved games yet. A game in progress is saved after every move.[/]")
            return
        info = self.selected()
        players = markup("[b]Players:[/] $who\n", who=plain(", ".join(info.players))) \
            if info is not None and info.players else Content("")
        note.update(players + markup("[dim]Enter opens · d deletes · Esc goes back[/]"))

    @on(DataTable.RowHighlighted)
    def _highlighted(self) -> None:
        self.show_note()

    def selected(self) -> Any:
        """The SaveInfo of the highlighted row, if any."""
        table = self.query_one(DataTable)
        if not self._saves or table.cursor_row is None:
            return None
        return self._saves[table.cursor_row]

    @on(DataTable.RowSelected)
    def _row(self) -> None:
        self.action_open()

    def action_open(self) -> None:
        info = self.selected()
        if info is None:
            return
        match = open_save(self, info.path, "Cannot load")
        if match is None:
            return
        self.dismiss()
        self.app.post_message(OpenReplay(match) if match.is_over() else OpenGame(match))

    def action_delete(self) -> None:
        info = self.selected()
        if info is None:
            return
        if self._confirm != info.name:
            self._confirm = info.name
            self.notify(f"Press d again to delete “{info.name}”.")
            return
        self._confirm = None
        from saves import SaveError

        try:
            host(self).store.delete(info.name)
        except SaveError as e:
            self.notify(str(e), severity="error")
        self.refill()

    def action_back(self) -> None:
        self.dismiss()
