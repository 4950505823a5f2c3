"""The title screen: Continue (only beside a game to continue), Tables (the
lobby of shared tables: of the hall the app reaches, else of this user's
hall on this machine, started as ``tabula host`` starts it), New game,
Load, Rules, Quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine import games
from engine.games import DEFAULT_GAME
from tui.host import host
from tui.messages import OpenGame, OpenTables
from tui.widgets.keybar import KeyBar

from .saved import continue_line, last_game, open_save

if TYPE_CHECKING:
    from saves import SaveInfo

BANNER = r"""
 ╔╦╗ ╔═╗ ╔╗  ╦ ╦ ╦   ╔═╗
  ║  ╠═╣ ╠╩╗ ║ ║ ║   ╠═╣
  ╩  ╩ ╩ ╚═╝ ╚═╝ ╩═╝ ╩ ╩
""".strip("\n")


def games_line() -> str:
    """The games on the table, when there is more than one to choose from
    (New game and Rules then let the player pick)."""
    if len(games.GAMES) < 2:
        return ""
    return " · ".join(e.title for e in games.GAMES)


class TitleScreen(Screen[None]):
    """Where Tabula opens. Continue resumes the latest unfinished autosave."""

    CSS_PATH = "title.tcss"
    BINDINGS = [
        Binding("c", "pick('continue')", "Continue"),
        Binding("n", "pick('new')", "New game"),
        Binding("l", "pick('load')", "Load"),
        Binding("t", "pick('tables')", "Tables"),
        Binding("r", "pick('rules')", "Rules"),
        Binding("q", "pick('quit')", "Quit"),
        Binding("escape", "ask_quit", "Quit?", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(BANNER, id="banner")
            yield Static("Roman board games at a terminal table", id="tagline")
            if games_line():
                yield Static(games_line(), id="games", classes="muted")
            with Center():
                yield OptionList(id="title-menu")
            yield Static(id="continue-info")
        yield KeyBar()

    def on_mount(self) -> None:
        self.refresh_menu()

    def on_screen_resume(self) -> None:
        self.refresh_menu()

    def latest(self) -> SaveInfo | None:
        store = host(self).store
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
        tables = [Option("[b]T[/]ables: play with others", id="tables")]
        # Continue only beside a game to continue (never beside "No game in progress").
        resume = [Option("[b]C[/]ontinue", id="continue")] if latest is not None else []
        menu.add_options([
            *resume,
            *tables,
            Option("[b]N[/]ew game", id="new"),
            Option("[b]L[/]oad a saved game", id="load"),
            Option("[b]R[/]ules", id="rules"),
            Option("[b]Q[/]uit", id="quit"),
        ])
        menu.highlighted = 0 if latest is not None else len(tables)  # Continue, else New game
        self.refresh_bindings()
        for bar in self.query(KeyBar):
            bar.redraw()
        info = self.query_one("#continue-info", Static)
        if latest is None:
            info.update("[dim]No game in progress. Start a new one: press n.[/]")
        else:
            info.update(continue_line(latest))
        menu.focus()

    def last_game(self) -> str | None:
        """The game the new-game form opens on (``new_game.last_game``)."""
        return last_game(self)

    def shows_key(self, binding: Binding) -> bool:
        """Continue only beside a game to continue."""
        return binding.action != "pick('continue')" or getattr(self, "_latest", None) is not None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick" and parameters == ("continue",):
            return getattr(self, "_latest", None) is not None
        return True

    @on(OptionList.OptionSelected, "#title-menu")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option.id or "")

    def action_pick(self, what: str) -> None:
        if what == "continue":
            self.resume()
        elif what == "tables":
            self.tables()
        elif what == "new":
            from .new_game import NewGameScreen

            self.app.push_screen(NewGameScreen(self.last_game()))
        elif what == "load":
            from .load import LoadScreen

            self.app.push_screen(LoadScreen())
        elif what == "rules":
            from .rules import RulesScreen

            self.app.push_screen(RulesScreen(self.last_game() or DEFAULT_GAME))  # as n does
        elif what == "quit":
            self.app.exit(0)

    def tables(self) -> None:
        """The lobby: of the hall this app reaches, else of this user's hall
        on this machine, started now as ``tabula host`` does (the app says in
        one line if it cannot; the lobby shows how to invite a friend)."""
        self.app.post_message(OpenTables())

    def action_ask_quit(self) -> None:
        """Esc asks first: it is the key that backs out of every other
        screen, so one press too many must not end Tabula."""
        from .dialogs import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.exit(0)

        self.app.push_screen(ConfirmScreen("Quit Tabula?"), answered)

    def resume(self) -> None:
        latest = self._latest
        if latest is None:
            return
        match = open_save(self, latest.path, "Cannot continue")
        if match is not None:
            self.app.post_message(OpenGame(match))
