"""The title screen: Continue, New game, Load, Rules, Quit."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.widgets.keybar import KeyBar
from tui.widgets.untrusted import markup

if TYPE_CHECKING:
    from saves import SaveInfo

BANNER = r"""
 ╔╦╗ ╔═╗ ╔╗  ╦ ╦ ╦   ╔═╗
  ║  ╠═╣ ╠╩╗ ║ ║ ║   ╠═╣
  ╩  ╩ ╩ ╚═╝ ╚═╝ ╩═╝ ╩ ╩
""".strip("\n")


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


class TitleScreen(Screen[None]):
    """Where Tabula opens. Continue resumes the latest unfinished autosave."""

    CSS_PATH = "title.tcss"
    BINDINGS = [
        Binding("c", "pick('continue')", "Continue"),
        Binding("n", "pick('new')", "New game"),
        Binding("l", "pick('load')", "Load"),
        Binding("r", "pick('rules')", "Rules"),
        Binding("q,escape", "pick('quit')", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(BANNER, id="banner")
            yield Static("Roman board games at a terminal table", id="tagline")
            with Center():
                yield OptionList(id="title-menu")
            yield Static(id="continue-info")
        yield KeyBar()

    def on_mount(self) -> None:
        self.refresh_menu()

    def on_screen_resume(self) -> None:
        self.refresh_menu()

    def latest(self) -> object | None:
        store = self.app.store  # type: ignore[attr-defined]
        if store is None:
            return None
        try:
            return store.latest_autosave()
        except Exception:  # a damaged folder hides Continue, never the title
            return None

    def refresh_menu(self) -> None:
        menu = self.query_one("#title-menu", OptionList)
        latest = self.latest()
        self._latest = latest
        menu.clear_options()
        menu.add_options([
            Option("[b]C[/]ontinue", id="continue", disabled=latest is None),
            Option("[b]N[/]ew game", id="new"),
            Option("[b]L[/]oad a saved game", id="load"),
            Option("[b]R[/]ules", id="rules"),
            Option("[b]Q[/]uit", id="quit"),
        ])
        menu.highlighted = 0 if latest is not None else 1
        info = self.query_one("#continue-info", Static)
        if latest is None:
            info.update("[dim]No game in progress. Start a new one: press n.[/]")
        else:
            info.update(continue_line(latest))  # type: ignore[arg-type]
        menu.focus()

    @on(OptionList.OptionSelected, "#title-menu")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option.id or "")

    def action_pick(self, what: str) -> None:
        if what == "continue":
            self.resume()
        elif what == "new":
            from .new_game import NewGameScreen

            self.app.push_screen(NewGameScreen())
        elif what == "load":
            from .load import LoadScreen

            self.app.push_screen(LoadScreen())
        elif what == "rules":
            from .rules import RulesScreen

            self.app.push_screen(RulesScreen("provincia"))
        elif what == "quit":
            self.app.exit(0)

    def resume(self) -> None:
        latest = self._latest
        if latest is None:
            return
        match = self.app.load_save(latest.path, "Cannot continue")  # type: ignore[attr-defined]
        if match is None:
            return
        self.app.play(match)  # type: ignore[attr-defined]
