"""The Tabula terminal app (``tui.entry`` starts it for the ``tabula`` command).

The app owns what every screen shares: the save store, the settings (bot
budgets, seeds), the bot pacer, each game's styles once one of its tables
is shown, and the guard that shows "please enlarge the terminal" instead
of a broken layout below 80×24. Screens live in ``tui/screens``, one module
each, and ask the app for things by message (``tui.messages``); a game's
own widgets live where its registry entry says (``engine.games``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual import events, on
from textual.app import App
from textual.notifications import SeverityLevel
from textual.screen import Screen

from engine.games import DEFAULT_GAME
from engine.match import Match
from saves.plain import plain

from . import crash
from .bots import BotPacer
from .hall_link import HallClosed, HallLink, HallMessage, HallSend, LeaveHall, gone_text
from .messages import OpenGame, OpenReplay, OpenTables
from .settings import Settings
from .sizes import MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH
from .widgets.game_styles import checked_variables, scoped_css
from .widgets.redraw import one_layout_pass
from .widgets.seats import SEAT_COLOURS

if TYPE_CHECKING:
    from pathlib import Path

    from hall.client import Link

__all__ = ["Settings", "Start", "TabulaApp"]


def guarded_driver() -> type | None:
    """Textual's Linux driver with input bounded (``tui.driver``) where there is one."""
    if os.name != "posix":
        return None
    from .driver import GuardedLinuxDriver

    return GuardedLinuxDriver
NOTICE_CHARS = 600  # of one notification: room for a save error naming a long path


@dataclass(frozen=True)
class Start:
    """Where the app opens: ``title``, ``game`` (a Match), ``replay`` (a
    Match) or ``rules`` (a game id)."""

    kind: str = "title"
    match: Match | None = None
    game_id: str = DEFAULT_GAME


class TabulaApp(App[int]):
    """Tabula: Roman board games at a terminal table."""

    parting = ""  # printed once Tabula has closed (a seat left waiting: how to come back)

    TITLE = "Tabula"
    CSS_PATH = ["app.tcss"]  # a game's own styles load with its first table
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, start: Start | None = None, settings: Settings | None = None,
                 store: Any = None, link: Link | None = None) -> None:
        # Before Textual's own __init__, which asks for the theme variables.
        self._game_variables: dict[str, dict[str, str]] = {}  # of each game styled so far
        super().__init__(driver_class=guarded_driver())
        one_layout_pass()
        self.start = start or Start()
        self.settings = settings or Settings()
        self.pacer = BotPacer()
        self._store = store
        self._store_error: str | None = None
        self._too_small: Screen | None = None
        self._told_capped = False
        self._crash: crash.Crash | None = None
        self.hall: HallLink | None = HallLink(link) if link is not None else None
        """The table hall this app may reach (shared tables), or None."""
        self._opening_hall = False  # Tables is starting the local hall now

    # ------------------------------------------------------------ theme
    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key):
            self.pacer.key_pressed()
        await super().on_event(event)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        variables = {f"seat-{name}": colour for name, colour in SEAT_COLOURS.items()}
        for own in self._game_variables.values():
            variables.update(own)
        return variables

    def style_game(self, game_id: str, variables: dict[str, str]) -> None:
        """Load a game's theme variables and its stylesheet (nested under its
        screens' class, ``tui.widgets.game_styles``) the first time one of
        its tables is shown."""
        if game_id in self._game_variables:
            return
        self._game_variables[game_id] = checked_variables(game_id, variables)
        self.stylesheet.set_variables(self.get_css_variables())
        css = scoped_css(game_id)
        if css:
            self.stylesheet.add_source(css, read_from=(f"game:{game_id}", "stylesheet"))
        self.stylesheet.reparse()
        self.stylesheet.update(self)

    # ------------------------------------------------------------ services
    @property
    def store(self) -> Any:
        """The save store (``saves.Store``), or None if it cannot be opened;
        ``store_error`` then says why."""
        if self._store is None and self._store_error is None:
            try:
                from saves import Store

                self._store = Store(root=self.settings.save_dir)
            except Exception as e:  # an unusable save folder must not stop play
                self._store_error = plain(str(e) or type(e).__name__, NOTICE_CHARS)
        return self._store

    @property
    def store_error(self) -> str | None:
        """Why the save folder cannot be opened (plain text, no markup)."""
        return self._store_error

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Every notification is plain text: messages quote seat names, save
        names and file content (a SaveError names the file), which must never
        be read as markup nor carry control characters to the terminal. So
        ``markup`` is ignored (screens' ``notify`` passes True by default). In
        a served game no path of the server's shows (``crash.private_paths``)."""
        message = crash.private_paths(plain(message, NOTICE_CHARS))
        super().notify(message, title=plain(title), severity=severity, timeout=timeout,
                       markup=False)

    # ------------------------------------------------------------ crashes
    def _handle_exception(self, error: Exception) -> None:
        """Textual's hook for an unhandled exception (the app then exits with
        status 1). In a served game (``TABULA_CRASH_DIR``) the traceback goes
        to a crash file for the host first; see ``_print_error_renderables``."""
        if self._crash is None and crash.crash_dir() is not None:
            self._crash = crash.Crash(crash.report(error))
        super()._handle_exception(error)

    def _print_error_renderables(self) -> None:
        """Textual prints the traceback of a fatal error here, once the
        terminal is restored. After a crash of a served game the player gets
        one line instead: the traceback names server paths and locals."""
        if self._crash is None:
            super()._print_error_renderables()
            return
        self._exit_renderables.clear()  # the traceback is in the crash file
        self._crash.tell()

    # ------------------------------------------------------------ navigation
    def on_mount(self) -> None:
        from .screens.title import TitleScreen

        start = self.start
        if start.kind == "rules":
            from .screens.rules import RulesScreen

            self.push_screen(RulesScreen(start.game_id, standalone=True))
        elif start.kind == "replay" and start.match is not None:
            self.replay(start.match, standalone=True)
        else:
            self.push_screen(TitleScreen())
            if start.kind == "game" and start.match is not None:
                self.play(start.match)
        if self.hall is not None:
            self.run_worker(self.hall.run(self), group="hall", exit_on_error=False)
        self.check_size()

    def play(self, match: Match) -> None:
        """Open the game screen for ``match`` (new, loaded or continued)."""
        from .screens.local_source import LocalSource
        from .screens.table import TableScreen

        self.push_screen(TableScreen(LocalSource(match)))

    def replay(self, match: Match, standalone: bool = False) -> None:
        """Open the replay of ``match``; ``standalone``: leaving it quits."""
        from .screens.replay import ReplayScreen

        self.push_screen(ReplayScreen(match, standalone=standalone))

    @on(OpenGame)
    def _open_game(self, message: OpenGame) -> None:
        self.play(message.match)

    @on(OpenReplay)
    def _open_replay(self, message: OpenReplay) -> None:
        self.replay(message.match)

    # ------------------------------------------------------------ shared tables
    @on(HallMessage)
    def _hall_message(self, message: HallMessage) -> None:
        from .hall_route import route

        if self.hall is not None:
            route(self, self.hall, message.msg)

    @on(HallSend)
    async def _hall_send(self, message: HallSend) -> None:
        from hall.wire import ProtocolError

        if self.hall is None or not self.hall.alive:
            self.notify("Not connected to the table hall.", severity="warning")
            return
        try:
            await self.hall.send(message.msg)
        except (ConnectionError, OSError, ProtocolError) as e:
            self.notify(f"Could not reach the table hall: {e}", severity="error")

    @on(HallClosed)
    def _hall_closed(self, message: HallClosed) -> None:
        """The hall is gone: at a table, its screen stays with what happened
        and how to come back (Esc then leaves); else back to the title,
        which no longer offers Tables. The reason from the socket (the other
        side closed the connection) tells a player nothing, so it is not shown."""
        from .hall_route import shared_table

        assert self.hall is not None
        table = shared_table(self)
        at = table.source if table is not None else None
        seated = at is not None and at.seat is not None and at.result is None \
            and at.ended is None
        text = gone_text(self.hall.link.path is not None, at.code if at is not None else "",
                         seated, at.comeback if at is not None else "", self.hall.you)
        self.notify(text, title="Tables", severity="error", timeout=30)
        if table is None:
            self._leave_hall()
            return
        while self.screen is not table:
            self.pop_screen()
        at.hall_gone(text)

    @on(LeaveHall)
    def _leave_hall(self) -> None:
        from .hall_route import shared_table
        from .screens.lobby import LobbyScreen

        while any(isinstance(s, LobbyScreen) for s in self.screen_stack) \
                or shared_table(self) is not None:
            self.pop_screen()

    @on(OpenTables)
    def _open_tables(self) -> None:
        """Tables: the lobby of the hall this app reaches; else, on this
        machine, what ``tabula host`` does (start this user's hall, then
        its lobby opens on the hall's hello, ``hall_route``). A served game
        never starts a hall of its own on the server."""
        from .screens.lobby import LobbyScreen

        if self.hall is not None and self.hall.alive:
            self.push_screen(LobbyScreen())
        elif crash.crash_dir() is not None or (self.hall is not None
                                               and self.hall.link.fd is not None):
            self.notify("The server's tables are not open now; come back by ssh "
                        "once it runs again.", title="Tables", severity="warning")
        elif not self._opening_hall:
            self._opening_hall = True
            self.notify("Opening the tables on this machine…", title="Tables")
            self.run_worker(self._start_local_hall, thread=True, group="hall-start",
                            exit_on_error=False)

    def _start_local_hall(self) -> None:
        """In a thread: start (or find) this user's hall, then connect to it."""
        from .local_hall import open_local_hall

        path, why = open_local_hall(self.settings.save_dir)
        self.call_from_thread(self._local_hall_open, path, why)

    def _local_hall_open(self, path: Path | None, why: str) -> None:
        """Connect to the local hall at ``path`` as this machine's user (its
        hello opens the lobby), or say in one line why there are no tables."""
        from hall.client import Link
        from hall.local import login_name

        self._opening_hall = False
        if path is None:
            self.notify(why, title="Tables", severity="error", timeout=20)
            return
        self.hall = HallLink(Link(path=path, name=login_name(), start="lobby"))
        self.run_worker(self.hall.run(self), group="hall", exit_on_error=False)

    # ------------------------------------------------------------ small terminals
    @property
    def too_small(self) -> bool:
        return self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width < MIN_WIDTH or event.size.height < MIN_HEIGHT)
        self.check_capped(event.size.width, event.size.height)

    def check_capped(self, width: int, height: int) -> None:
        """Say once that a window bigger than the server's cap is only partly used.

        Over SSH the game's terminal is capped at MAX_WIDTH x MAX_HEIGHT
        (``tui.ssh.child``); a size at the cap means the real window is
        probably bigger, and the player should know why the table does not
        fill it.
        """
        if (width >= MAX_WIDTH or height >= MAX_HEIGHT) and not self._told_capped:
            self._told_capped = True
            self.notify(f"Tabula uses at most {MAX_WIDTH} × {MAX_HEIGHT} characters of a "
                        "terminal; the rest of your window stays empty.", timeout=8)

    def check_size(self, small: bool | None = None) -> None:
        """Cover everything with a notice while the terminal is too small."""
        from .screens.too_small import TooSmallScreen

        if self.too_small if small is None else small:
            if self._too_small is None:
                self._too_small = TooSmallScreen()
                super().push_screen(self._too_small)
            else:
                self._too_small.refresh_size()
        elif self._too_small is not None:
            notice, self._too_small = self._too_small, None
            if self.screen is notice:
                self.pop_screen()

    def push_screen(self, screen: Any, *args: Any, **kw: Any) -> Any:  # type: ignore[override]
        """Screens opened while the terminal is too small go under the notice;
        a screen showing a game's table gets that game's styles first."""
        from .screens.tabled import Tabled

        if isinstance(screen, Tabled):
            self.style_game(screen.game_id, screen.ui.variables)
        notice = self._too_small
        if notice is not None and self.screen is notice and screen is not notice:
            self.pop_screen()
            result = super().push_screen(screen, *args, **kw)
            super().push_screen(notice)
            return result
        return super().push_screen(screen, *args, **kw)
