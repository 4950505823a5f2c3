"""A local game as a table screen's source (``tui.screens.table.Source``):
a ``Match`` with its bots, played on this terminal.

Every seat a person plays is played here (several at one terminal take
turns behind a cover); bots decide here, in the screen's worker, with the
match's own seeds (so a replayed position gets the same hint and the same
bot move). Undo takes your last action back when nothing was revealed
since; every action is autosaved, and ctrl+s saves under a name.
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding

from ai.players import kinds as installed_kinds
from engine.core import LogLine
from engine.match import Match
from saves.plain import plain
from tui.bots import Job
from tui.host import host
from tui.messages import OpenReplay
from tui.settings import Settings

from .dialogs import KeyHelp, MenuScreen, SaveScreen
from .game_over import Ending, ending_of
from .source import HELP_KEY, HINT_KEY, LOG_KEY, MENU_KEY, RESULTS_KEY, Source, undo_key
from .table import TableScreen


class LocalSource(Source):
    """One ``Match`` played at this terminal; leaving keeps it (the autosave:
    Continue)."""

    can_replay = True
    paced = True
    screen: TableScreen | None

    def __init__(self, match: Match) -> None:
        self.match = match
        self.game_id = match.game_id
        self.game = match.game
        self.seats = match.seats
        self.seed: int | None = match.seed
        self.kinds: dict[int, str] = {}  # each bot seat's kind (random if not installed)
        self._humans = match.human_seats()
        self._logged = 0  # states whose events are in the log
        self._log_viewer: int | None = None
        self._autosave_failed = False

    def bindings(self) -> list[Binding]:
        return [
            undo_key("Undo", "Take back your last action"),
            HINT_KEY, HELP_KEY, RESULTS_KEY,
            Binding("ctrl+s", "do('save')", "Save", tooltip="Save under a name"),
            MENU_KEY, LOG_KEY,
            Binding("space", "skip", "Skip the bots' pacing to your turn", show=False),
            Binding("ctrl+p", "pace", "Bot pacing: instant, normal, slow", show=False),
        ]

    # ------------------------------------------------------------ the screen
    def attach(self, screen: TableScreen) -> None:
        super().attach(screen)
        self.match.listeners.append(self._autosave)

    def detach(self) -> None:
        if self._autosave in self.match.listeners:
            self.match.listeners.remove(self._autosave)

    # ------------------------------------------------------------ the position
    @property
    def step(self) -> int:
        return len(self.match.actions)

    def to_move(self) -> int | None:
        return self.match.to_move()

    def over(self) -> bool:
        return self.match.is_over()

    def here(self) -> list[int]:
        return self._humans

    def first_viewer(self) -> int:
        return self._humans[0] if self._humans else 0  # bots only: watch from seat 1

    def bot_here(self, seat: int) -> bool:
        return not self.match.seats[seat].is_human

    def view(self, seat: int) -> Any:
        return self.match.view(seat)

    def looks_from(self) -> Any:
        return self.match.state

    def earlier(self, seat: int, k: int) -> Any:
        states = self.match.states
        i = len(states) - 1 - k
        return self.game.view(states[i], seat) if i >= 0 else None

    def log(self, viewer: int) -> tuple[bool, list[LogLine]]:
        """The log lines since the last call, or all of them (reset) when the
        viewer changed or moves were taken back."""
        m = self.match
        reset = self._log_viewer != viewer or self._logged > len(m.states)
        start = 0 if reset else self._logged
        lines = [line for _, line in m.log_lines(viewer, start=start)] \
            if reset or start < len(m.states) else []
        self._log_viewer = viewer
        self._logged = len(m.states)
        return reset, lines

    def stages(self, seat: int, since: int) -> tuple:
        """The last step's stages as ``seat`` sees them (a local table shows
        every step: only the one after ``since``): the step is played again
        from the state before it (the rules are pure), recording."""
        m = self.match
        stages = getattr(self.game, "stages", None)
        if not m.actions or stages is None or since != len(m.actions) - 1:
            return ()
        return tuple(self.game.view(s, seat)
                     for s in stages(m.states[-2], m.actions[-1], seat))

    # ------------------------------------------------------------ actions
    def play(self, action: tuple) -> bool:
        self.match.play(action)
        return True

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last action, unless another person moved
        since or something was revealed; says why not."""
        m = self.match
        screen = self.screen
        assert screen is not None
        if self.humans_moved_since(seat):
            screen.notify("Another player has moved since; undo is for your own moves.",
                          severity="warning")
            return False
        if not any(m.game.to_move(m.states[i]) == seat for i in range(len(m.actions))):
            screen.notify("Nothing to undo yet.")
            return False
        if not m.can_undo(seat):
            screen.notify("Cannot undo: something was revealed or left to chance since your "
                          "last move.", title="Undo", severity="warning")
            return False
        m.undo(seat)
        return True

    def humans_moved_since(self, seat: int) -> bool:
        """Did another person act after ``seat``'s last action? Then undo would
        take back their move too."""
        m = self.match
        for i in range(len(m.actions) - 1, -1, -1):
            mover = m.game.to_move(m.states[i])
            if mover == seat:
                return False
            if m.seats[mover].is_human:
                return True
        return False

    def hint_seed(self, seat: int) -> int:
        return self.match.bot_seed(seat)

    # ------------------------------------------------------------ bots
    def bot_kind(self, seat: int) -> str:
        """The seat's bot kind, or "random" if that kind is not installed."""
        if seat not in self.kinds:
            s = self.match.seats[seat]
            if s.kind not in installed_kinds():
                assert self.screen is not None
                self.screen.notify(f"No {s.kind} bot here; {s.name} plays at random.",
                                   severity="warning")
                self.kinds[seat] = "random"
            else:
                self.kinds[seat] = s.kind
        return self.kinds[seat]

    def bot_job(self, seat: int, settings: Settings) -> Job:
        m = self.match
        return Job((seat,), self.bot_kind(seat), m.seats[seat].strength, m.game_id,
                   m.view(seat), seat, settings.bot_iterations, settings.bot_seconds,
                   m.bot_seed(seat))

    def bot_failed(self, seat: int) -> None:
        self.kinds[seat] = "random"

    # ------------------------------------------------------------ the end
    def ending(self) -> Ending | None:
        return ending_of(self.match) if self.match.is_over() else None

    def reviewable(self) -> Match | None:
        return self.match if self.match.is_over() else None

    def replay(self) -> None:
        assert self.screen is not None
        self.screen.app.post_message(OpenReplay(self.match))

    # ------------------------------------------------------------ keys, menu
    def help_lines(self) -> list[KeyHelp]:
        return [
            KeyHelp("/", "filter with any letter (also z and h)"),
            KeyHelp("1-9, 0", "play the 1st…10th action shown, while nothing is typed"),
            KeyHelp("↑ ↓ Enter", "move in the actions and play one (typing never plays)"),
            KeyHelp("Tab", "move between the actions, the table's panels (↑↓ browse "
                           "them) and the log "
                           "(digits and letters still reach the actions; esc goes back)"),
            KeyHelp("ctrl+q", "quit (the game is autosaved)"),
        ]

    def menu(self) -> MenuScreen:  # type: ignore[override]
        """The pause menu, promising Continue only once the game is autosaved."""
        assert self.screen is not None
        store = host(self.screen).store
        try:
            kept = store is not None and store.has_autosave(self.match)
        except Exception:  # an unreadable folder keeps nothing: promise nothing
            kept = False
        return MenuScreen(kept=kept, over=self.match.is_over())

    def menu_chosen(self, item: str) -> None:
        if item == "save":
            self.action_save()

    def action_save(self) -> None:
        screen = self.screen
        assert screen is not None
        app = host(screen)
        store = app.store
        if store is None:
            screen.notify(f"Saving is unavailable: {app.store_error}", severity="error")
            return
        m = self.match
        names = "-".join(s.name for s in m.seats if s.is_human) or "bots"
        chapter = m.game.chapter(m.state).label.lower()
        suggestion = plain(f"{m.game_id} {names} {chapter}").strip()

        def save(name: str | None) -> None:
            if not name:
                return
            from saves import SaveError

            try:
                path = store.save(m, name)
            except SaveError as e:
                screen.notify(str(e), title="Not saved", severity="error")
                return
            screen.notify(f"Saved as “{name}” ({path}).", title="Saved")

        screen.app.push_screen(SaveScreen(suggestion, app.settings.cursor_blink), save)

    def _autosave(self, match: Match) -> None:
        """After every action: a crash or a quit resumes through Continue."""
        screen = self.screen
        assert screen is not None
        app = host(screen)
        store = app.store
        if store is None:
            if not self._autosave_failed:
                self._autosave_failed = True
                screen.notify(f"Autosave is off: {app.store_error}", severity="warning")
            return
        try:
            store.autosave(match)
        except Exception as e:  # keep playing; say so once
            if not self._autosave_failed:
                self._autosave_failed = True
                screen.notify(f"Autosave failed: {e}", severity="error")
