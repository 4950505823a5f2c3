"""The game screen: the table of one game, its log, the status line and the
human's actions; bots think in a worker thread meanwhile.

Only ever shows the view of one human seat (``viewer``): the seat to move if
it is human, else the last human who moved. With several humans at one
terminal a cover screen comes between two humans' turns.

Bot moves are paced (``Settings.pacing``): each move stays on screen at least
the pace's seconds before the next bot move replaces it (a timer on
``Settings.clock`` holds the next decision; the bot thinks meanwhile; a
test's clock stands still until it advances it), the status line names the move just
made, and space skips ahead to the next human turn. Keys typed before a
prompt was offered are dropped (``ActionMenu.stale``). Digits and letters
reach the actions from any panel; esc brings the focus back to them first.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.reactive import Reactive, reactive
from textual.worker import Worker, WorkerState, get_current_worker

from ai.players import kinds as installed_kinds
from engine.core import IllegalAction
from engine.match import Match
from saves.plain import plain
from tui.bots import BotRunner, Decision, Job, flat, reasons
from tui.clock import Stoppable
from tui.host import host
from tui.messages import OpenReplay
from tui.settings import HINT_SECONDS
from tui.widgets.actions import ActionMenu
from tui.widgets.game_log import GameLog
from tui.widgets.keybar import key_label
from tui.widgets.scene import Scene
from tui.widgets.status import StatusLine
from tui.widgets.table import compose_table
from tui.widgets.untrusted import markup

from .dialogs import CoverScreen, HelpScreen, HintLine, HintScreen, KeyHelp, MenuScreen, SaveScreen
from .table_keys import TableKeys
from .tabled import TableScreen

PROGRESS_EVERY_S = 0.05
HINT_KINDS = ("mcts", "rules")
KEY_GUARD_S = 0.15
"""Paced play: a digit or Enter this soon after a prompt appeared was typed
for the one before it (the player cannot have read the new one yet)."""


@dataclass(frozen=True)
class BotMove:
    """A bot's decision for the position after ``step`` actions."""

    step: int
    seat: int
    action: tuple


@dataclass(frozen=True)
class Hint:
    """A suggestion for the position after ``step`` actions."""

    step: int
    action: tuple
    kind: str
    alternatives: tuple
    reasons: tuple = ()  # the rules policy's (action, score, why) when the search was flat


@dataclass
class ThinkingProgress(Message):
    """Posted from a worker thread: how far along the bot (or hint) is."""

    step: int
    fraction: float


class GameScreen(TableKeys, TableScreen):
    """Plays one Match to its end."""

    CSS_PATH = "game.tcss"
    AUTO_FOCUS = "#action-filter"  # where keys go; esc comes back here
    BINDINGS = [
        # Letters have priority: the action filter would take them otherwise;
        # each action first asks the filter whether the letter is text.
        Binding("z", "key('z', 'undo')", "Undo", priority=True,
                tooltip="Take back your last action"),
        Binding("h", "key('h', 'hint')", "Hint", priority=True,
                tooltip="What would the search play?"),
        Binding("question_mark", "key('?', 'help')", "Keys", key_display="?", priority=True),
        Binding("g", "key('g', 'results')", "Results", show=False, priority=True),
        Binding("ctrl+s", "save", "Save", tooltip="Save under a name"),
        Binding("escape", "escape", "Menu", tooltip="Back to the actions, or the menu"),
        Binding("ctrl+l", "focus_log", "Log", show=False),
        Binding("space", "skip", "Skip the bots' pacing to your turn", show=False),
        Binding("ctrl+p", "pace", "Bot pacing: instant, normal, slow", show=False),
    ]

    viewer: Reactive[int | None] = reactive(None, init=False)
    """The human seat whose view is on screen."""

    def __init__(self, match: Match) -> None:
        super().__init__(match)
        self.kinds: dict[int, str] = {}
        self.bots = BotRunner()  # this game's bots, kept between decisions
        self._logged = 0  # states whose events are in the log
        self._log_viewer: int | None = None
        self._scene: Scene | None = None
        self._results_shown = False
        self._hint_step: int | None = None
        self._autosave_failed = False
        self._leaving = False
        self._deferred: Callable[[], None] | None = None
        self._thinking_text: str | Content = ""  # the status line while a bot or the hint thinks
        self._paced: Stoppable | None = None  # holds a bot's move until its pace is up
        self._held: BotMove | None = None  # that move
        self._skipping = False  # space: no pacing until a human is to move
        self._shown_at = 0.0  # when the last change of position was drawn
        self._fresh: list[Any] = []  # the log lines the last change added

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield from compose_table(self.ui, ActionMenu(id="actions"))

    def on_mount(self) -> None:
        # Set while the screen waits for a person (a turn, a cover, the end),
        # clear while a bot or the hint thinks: tests and the benchmark await it.
        self.settled = asyncio.Event()
        m = self.match
        self.looks = self.ui.looks(m.state, m.seats)
        self.query_one(GameLog).set_looks(self.looks)
        self.query_one(ActionMenu).blink = host(self).settings.cursor_blink
        m.listeners.append(self._autosave)
        humans = m.human_seats()
        self.humans = humans
        self.set_viewer_initial()
        self.on_resize()
        self.proceed(first=True)

    def on_resize(self, event: events.Resize | None = None) -> None:
        _, h = event.size if event is not None else self.app.size
        self.set_class(h < 34, "-short")

    def on_unmount(self) -> None:
        self.stop_thinking()
        self.bots.forget()
        if self._autosave in self.match.listeners:
            self.match.listeners.remove(self._autosave)

    def set_viewer_initial(self) -> None:
        m = self.match
        seat = m.to_move()
        if seat is not None and m.seats[seat].is_human:
            self._pending_viewer = seat
        elif self.humans:
            self._pending_viewer = self.humans[0]
        else:
            self._pending_viewer = 0  # bots only: watch from seat 1
        if len(self.humans) <= 1:
            self.viewer = self._pending_viewer

    # ------------------------------------------------------------ the flow
    def proceed(self, first: bool = False) -> None:
        """Show the position and hand the turn to whoever is to move: the
        human (maybe behind a cover), a bot (in a worker), or the end."""
        m = self.match
        seat = m.to_move()
        if seat is not None and m.seats[seat].is_human and seat != self.viewer:
            if len(self.humans) > 1:
                self.cover(seat)
                return
            self.viewer = seat
        if self.viewer is None:  # a hot-seat game opened on a bot's turn
            self.cover(self._pending_viewer)
            return
        self.show()
        menu = self.query_one(ActionMenu)
        if seat is None:
            self.settled.set()
            menu.set_actions([], "The game is over · g shows the results")
            self.status.say("[b]The game is over.[/] g: results · Esc: menu")
            if not self._results_shown:
                self._results_shown = True
                self.action_results()
            return
        if m.seats[seat].is_human:
            view = m.view(seat)
            items = [(a, m.game.describe(view, a)) for a in m.game.legal(view)]
            self._skipping = False
            menu.guard_s = 0.0 if self.pace_s() == 0 else KEY_GUARD_S
            menu.set_actions(items)
            look = self.looks[seat]
            self.status.say(markup(f"[reverse b $seat-{look.colour}] {look.letter} [/] "
                                   "[b]Your turn[/] — $prompt", prompt=m.game.prompt(view)))
            self.query_one("#action-filter").focus()
            self.settled.set()
        else:
            self.settled.clear()
            look = self.looks[seat]
            menu.set_actions([], self.waiting_note(look.name))
            self.think_for(seat)

    def when_on_top(self, then: Callable[[], None]) -> bool:
        """Run ``then`` now if this screen is showing, else when it shows
        again (a bot may finish while the help is open); True if deferred."""
        if self.app.screen is self:
            return False
        self._deferred = then
        return True

    def on_screen_resume(self) -> None:
        then, self._deferred = self._deferred, None
        if then is not None:
            then()

    def cover(self, seat: int) -> None:
        """Hide the table until the next human says they are alone with it."""
        self.stop_thinking()
        self.settled.set()
        if self.when_on_top(lambda: self.cover(seat)):
            return
        look = self.looks[seat]
        prompt = self.match.game.prompt(self.match.view(seat)) if not self.match.is_over() else ""

        def reveal(_: None) -> None:
            self.viewer = seat
            self.proceed()

        self.app.push_screen(CoverScreen(f"{look.name} ({look.letter}·{look.label})", prompt),
                             reveal)

    @property
    def status(self) -> StatusLine:
        return self.query_one(StatusLine)

    def scene(self, focus: tuple | None = None) -> Scene:
        m, seat = self.match, self.viewer
        assert seat is not None
        states = m.states

        def earlier(k: int) -> Any:
            i = len(states) - 1 - k
            return m.game.view(states[i], seat) if i >= 0 else None

        return Scene(m.game, m.view(seat), seat, m.seats, self.looks, earlier, m.seed, focus)

    def show(self) -> None:
        """Redraw the table and bring the log up to date, from the viewer's side."""
        scene = self._scene = self.scene()
        self.ui.show(scene)
        log = self.query_one(GameLog)
        m = self.match
        if self._log_viewer != self.viewer or self._logged > len(m.states):
            log.reset([line for _, line in m.log_lines(self.viewer)])
            self._fresh = []
        elif self._logged < len(m.states):
            self._fresh = [line for _, line in m.log_lines(self.viewer, start=self._logged)]
            log.add(self._fresh)
            self._shown_at = host(self).settings.clock.now()
        self._log_viewer = self.viewer
        self._logged = len(m.states)

    # ------------------------------------------------------------ human turns
    @on(ActionMenu.Chosen)
    def _chosen(self, event: ActionMenu.Chosen) -> None:
        self.play(event.action)

    @on(ActionMenu.Highlighted)
    def _highlighted(self, event: ActionMenu.Highlighted) -> None:
        if self._scene is not None:
            self.ui.focus_action(self._scene, event.action)

    def play(self, action: tuple) -> None:
        m = self.match
        seat = m.to_move()
        if seat is None or seat != self.viewer or not m.seats[seat].is_human:
            return
        self.workers.cancel_group(self, "hint")
        self._hint_step = None
        try:
            m.play(action)
        except IllegalAction as e:
            self.notify(str(e), title="Not allowed", severity="warning")
            self.proceed()
            return
        self.proceed()

    # ------------------------------------------------------------ bots
    def bot_kind(self, seat: int) -> str:
        """The seat's bot kind, or "random" if that kind is not installed."""
        if seat not in self.kinds:
            s = self.match.seats[seat]
            if s.kind not in installed_kinds():
                self.notify(f"No {s.kind} bot here; {s.name} plays at random.",
                            severity="warning")
                self.kinds[seat] = "random"
            else:
                self.kinds[seat] = s.kind
        return self.kinds[seat]

    def think_for(self, seat: int) -> None:
        m = self.match
        look = self.looks[seat]
        last = self.last_move()
        self._thinking_text = markup(
            f"[reverse b $seat-{look.colour}] {look.letter} [/] [b]$name[/] is thinking…"
            + (" [dim]·[/] $last" if last else " — $prompt"),
            name=look.name, last=last, prompt=m.game.prompt(m.view(seat)))
        self.status.thinking(self._thinking_text, 0.0)
        settings = host(self).settings
        job = Job((seat,), self.bot_kind(seat), m.seats[seat].strength, m.game_id,
                  m.view(seat), seat, settings.bot_iterations, settings.bot_seconds,
                  m.bot_seed(seat))
        self.think(job, len(m.actions))

    def _decide_in_worker(self, job: Job, step: int) -> Decision:
        """Runs in a worker thread; the bot sees only its seat's view.
        Progress reaches the status line at most every PROGRESS_EVERY_S."""
        worker = get_current_worker()
        last = [0.0]

        def progress(fraction: float) -> None:
            now = time.monotonic()
            if now - last[0] >= PROGRESS_EVERY_S:
                last[0] = now
                self.post_message(ThinkingProgress(step, fraction))

        pacer = host(self).pacer

        def cancelled() -> bool:
            return pacer.may_think(lambda: worker.is_cancelled)

        return self.bots.decide(job, cancelled, progress)

    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def think(self, job: Job, step: int) -> BotMove:
        return BotMove(step, job.seat, self._decide_in_worker(job, step).action)

    def stop_thinking(self) -> None:
        self.stop_pacing()
        self.workers.cancel_group(self, "bot")
        self.workers.cancel_group(self, "hint")
        self._hint_step = None

    @on(Worker.StateChanged)
    def _worker_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group == "bot":
            if event.state == WorkerState.SUCCESS:
                self.bot_moved(worker.result)
            elif event.state == WorkerState.ERROR and not worker.is_cancelled:
                self.bot_failed(worker.error)
        elif worker.group == "hint":
            if event.state == WorkerState.SUCCESS:
                self.hint_ready(worker.result)
            elif event.state == WorkerState.ERROR and not worker.is_cancelled:
                self._hint_step = None
                self.notify(f"No hint: {worker.error}", severity="warning")
                self.proceed()

    def bot_moved(self, move: BotMove) -> None:
        """The bot has decided: play it once the last move has been on
        screen for the pace's seconds."""
        if self.stale_move(move):
            return
        wait = self.pace_left()
        if wait > 0:
            self.stop_pacing()
            self._held = move
            clock = host(self).settings.clock
            self._paced = clock.call_later(self, wait, lambda: self.play_bot_move(move))
            return
        self.play_bot_move(move)

    def stale_move(self, move: BotMove) -> bool:
        """Has the position changed since the bot began (undo, leaving)?"""
        m = self.match
        return self._leaving or move.step != len(m.actions) or m.to_move() != move.seat

    def play_bot_move(self, move: BotMove) -> None:
        self._paced = self._held = None
        if self.stale_move(move):
            return
        m = self.match
        try:
            m.play(move.action)
        except IllegalAction:
            self.bot_failed(IllegalAction(f"{self.looks[move.seat].name} chose an illegal move"))
            return
        self.proceed()

    def bot_failed(self, error: BaseException | None) -> None:
        """A bot that crashes must not end the game: play a random legal move."""
        m = self.match
        seat = m.to_move()
        if self._leaving or seat is None or m.seats[seat].is_human:
            return
        self.notify(f"{self.looks[seat].name}'s bot failed ({error}); it plays at random.",
                    severity="error")
        self.kinds[seat] = "random"
        self.proceed()

    # ------------------------------------------------------------ pacing
    def pace_s(self) -> float:
        """Seconds each bot move stays on screen (0 while skipping ahead)."""
        if self._skipping:
            return 0.0
        return host(self).settings.pace_s(self.app.is_headless)

    def pace_left(self) -> float:
        """How much longer the last change must stay on screen."""
        pace = self.pace_s()
        return 0.0 if pace <= 0 else pace - (host(self).settings.clock.now() - self._shown_at)

    def stop_pacing(self) -> None:
        if self._paced is not None:
            self._paced.stop()
        self._paced = self._held = None

    def last_move(self) -> str:
        """The change just drawn, in the log's words (the viewer's view: it
        names nothing the viewer may not know); "" if there is none."""
        lines = [plain(line.text) for line in self._fresh if not line.heading]
        if not lines:
            return ""
        more = f" (+{len(lines) - 1} more in the log)" if len(lines) > 1 else ""
        return lines[0] + more

    def waiting_note(self, name: str) -> str:
        """The actions panel while a bot is to move (plain text)."""
        pace = host(self).settings.pace(self.app.is_headless)
        return (f"{name} is thinking…\n\nspace: skip to your turn · "
                f"ctrl+p: bot pacing ({pace})")

    def action_skip(self) -> None:
        """Play the bots' moves at once up to the next human turn."""
        m = self.match
        if not m.bot_to_move():
            return
        self._skipping = True
        self.status.thinking(markup("[b]Skipping ahead[/] to your turn…"), None)
        held = self._held
        if held is not None:  # decided, waiting for its pace: play it now
            self.stop_pacing()
            self.play_bot_move(held)

    def action_pace(self) -> None:
        pace = host(self).settings.next_pacing(self.app.is_headless)
        self.query_one(ActionMenu).guard_s = 0.0 if self.pace_s() == 0 else KEY_GUARD_S
        self.notify(f"Bot pacing: {pace} (ctrl+p changes it).", title="Pacing")

    @on(ThinkingProgress)
    def _progress(self, event: ThinkingProgress) -> None:
        m = self.match
        if event.step != len(m.actions):
            return
        if self._hint_step == event.step or m.bot_to_move():
            self.status.thinking(self._thinking_text, event.fraction)

    # ------------------------------------------------------------ commands
    def action_undo(self) -> None:
        m = self.match
        seat = self.viewer
        if seat is None or not m.seats[seat].is_human or self.humans_moved_since(seat):
            if seat is not None and self.humans_moved_since(seat):
                self.notify("Another player has moved since; undo is for your own moves.",
                            severity="warning")
            return
        if not any(m.game.to_move(m.states[i]) == seat for i in range(len(m.actions))):
            self.notify("Nothing to undo yet.")
            return
        if not m.can_undo(seat):
            self.notify("Cannot undo: something was revealed or left to chance since your "
                        "last move.",
                        title="Undo", severity="warning")
            return
        self.stop_thinking()
        m.undo(seat)
        self.notify("Your last action was taken back.")
        self.proceed()

    def humans_moved_since(self, seat: int) -> bool:
        """Did another human act after ``seat``'s last action? Then undo would
        take back their move too."""
        m = self.match
        for i in range(len(m.actions) - 1, -1, -1):
            mover = m.game.to_move(m.states[i])
            if mover == seat:
                return False
            if m.seats[mover].is_human:
                return True
        return False

    def action_hint(self) -> None:
        m = self.match
        seat = m.to_move()
        if seat is None or seat != self.viewer or not m.seats[seat].is_human:
            return
        if self._hint_step == len(m.actions):
            return  # already thinking about it
        self._hint_step = len(m.actions)
        self.settled.clear()
        self.status.thinking("[b]Hint:[/] thinking about your move…", 0.0)
        self._thinking_text = "[b]Hint:[/] thinking about your move…"
        have = installed_kinds()
        kind = next((k for k in HINT_KINDS if k in have), "random")
        settings = host(self).settings
        # A fixed number of iterations (tests, benches) is the whole budget, so
        # the same position gives the same hint on a busy machine too.
        seconds = (settings.hint_seconds if settings.hint_seconds is not None
                   else None if settings.hint_iterations is not None else HINT_SECONDS)
        job = Job(("hint", seat), kind, "normal", m.game_id, m.view(seat), seat,
                  settings.hint_iterations, seconds, m.bot_seed(seat) ^ 0x5EED)
        self.think_hint(job, len(m.actions))

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def think_hint(self, job: Job, step: int) -> Hint:
        """The strongest bot installed looks at the human's own view; when
        its search cannot tell the moves apart, the rules policy says why."""
        decision = self._decide_in_worker(job, step)
        why = reasons(job) if job.kind == "rules" or flat(decision.alternatives) else ()
        return Hint(step, decision.action, job.kind, decision.alternatives, why)

    def hint_ready(self, hint: Hint) -> None:
        m = self.match
        self._hint_step = None
        if self._leaving or hint.step != len(m.actions):
            return
        self.proceed()  # the status line says what to do again
        if self.viewer is None:
            return
        view = m.view(self.viewer)
        action, lines, source = hint_text(m.game, view, hint)

        def done(play: bool | None) -> None:
            if play and hint.step == len(m.actions):
                self.play(action)

        self.app.push_screen(HintScreen(m.game.describe(view, action), lines, source), done)

    def action_save(self) -> None:
        app = host(self)
        store = app.store
        if store is None:
            self.notify(f"Saving is unavailable: {app.store_error}", severity="error")
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
                self.notify(str(e), title="Not saved", severity="error")
                return
            self.notify(f"Saved as “{name}” ({path}).", title="Saved")

        self.app.push_screen(SaveScreen(suggestion, app.settings.cursor_blink), save)

    def _autosave(self, match: Match) -> None:
        """After every action: a crash or a quit resumes through Continue."""
        app = host(self)
        store = app.store
        if store is None:
            if not self._autosave_failed:
                self._autosave_failed = True
                self.notify(f"Autosave is off: {app.store_error}", severity="warning")
            return
        try:
            store.autosave(match)
        except Exception as e:  # keep playing; say so once
            if not self._autosave_failed:
                self._autosave_failed = True
                self.notify(f"Autosave failed: {e}", severity="error")

    def action_help(self) -> None:
        keys = [KeyHelp(key_label(b), b.description)
                for b in self.BINDINGS if isinstance(b, Binding) and b.description]
        keys += [
            KeyHelp("letters", "filter the actions (letters matching nothing are ignored)"),
            KeyHelp("/", "filter with any letter (also z and h)"),
            KeyHelp("1-9, 0", "play the 1st…10th action shown"),
            KeyHelp("↑ ↓ Enter", "move in the actions and play one"),
            KeyHelp("Tab", "move between the actions, your hand and the log "
                           "(digits and letters still reach the actions; esc goes back)"),
            KeyHelp("ctrl+q", "quit (the game is autosaved)"),
        ]
        self.app.push_screen(HelpScreen("Keys", keys, self.ui.notes))

    def action_menu(self) -> None:
        def chosen(item: str | None) -> None:
            if item == "save":
                self.action_save()
            elif item == "rules":
                from .rules import RulesScreen

                self.app.push_screen(RulesScreen(self.match.game_id))
            elif item == "help":
                self.action_help()
            elif item == "title":
                self.leave()
            elif item == "quit":
                self.leave()
                self.app.exit(0)

        self.app.push_screen(MenuScreen(), chosen)

    def action_results(self) -> None:
        if not self.match.is_over() or self.when_on_top(self.action_results):
            return
        from .game_over import GameOverScreen

        def after(choice: str | None) -> None:
            if choice == "title":
                self.leave()
            elif choice == "replay":
                self.app.post_message(OpenReplay(self.match))

        self.app.push_screen(GameOverScreen(self.match, self.looks), after)

    def leave(self) -> None:
        """Back to the title; bots stop, the autosave keeps the game."""
        self._leaving = True
        self.stop_thinking()
        if self.app.screen is self:
            self.dismiss()
        else:
            self.app.pop_screen()



def hint_text(game: Any, view: Any, hint: Hint) -> tuple[tuple, list[HintLine], str]:
    """The move to suggest, its alternatives and where it comes from, in the
    player's terms: the rules policy's reasons and points when the search
    was flat, else each move's chance of winning (never search shares)."""
    if hint.reasons:
        lines = [HintLine(f"{game.describe(view, a)} — {why} ({score:+.1f} points)", None, None)
                 for a, score, why in hint.reasons]
        win = hint.alternatives[0].win_rate if hint.alternatives else 0.0
        source = (f"The search finds these moves alike (about {win:.0%} to win either way); "
                  if hint.kind != "rules" else "No search is installed; ")
        source += "the rule-based bot's reasons, with the points it expects each to add:"
        return hint.reasons[0][0], lines, source
    lines = [HintLine(f"{a.text} — wins about {a.win_rate:.0%} of the games played out",
                      None, None) for a in hint.alternatives]
    source = {"mcts": "Suggested by the ISMCTS search, from what you can see.",
              "rules": "Suggested by the rule-based bot (no search installed)."}.get(
        hint.kind, "No search is installed: this is a random legal move.")
    return hint.action, lines, source
