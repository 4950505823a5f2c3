"""The table screen: one game at one table, whoever sits at it.

One screen plays a local game (``LocalSource``: a ``Match`` and its bots)
and a seat at a table a hall keeps (``HallSource``: the hall link). It reads
the position and sends its actions through its ``Source``
(``tui.screens.source``); everything a
player sees and does at a table is written here once: the table, the log,
the status line and the "thinking" line, the actions on your turn, the hint
(the search runs here, on your own view, seeded by the source so the same
position gives the same hint), undo (the source takes the move back, or
asks everyone), the menu, the keys' help, bot pacing, the end of the game
and its results (score breakdown and chart).

Only ever shows the view of one seat played here (``viewer``): the seat to
move if it is played here, else the last one that moved (a spectator's is
the public ``engine.core.SPECTATOR`` view). With several people at one
terminal a cover screen comes between two of their turns.

Bot moves decided here are paced (``Settings.pacing``): each move stays on
screen at least the pace's seconds before the next bot move replaces it (a
timer on ``Settings.clock`` holds the next decision; the bot thinks
meanwhile; a test's clock stands still until it advances it), the status
line names the move just made, and space skips ahead to the next turn
played here. Keys typed before a prompt was offered are dropped
(``ActionMenu.stale``). Digits and letters reach the actions from any
panel; a key no panel took is offered to the game's table
(``GameUI.table_key``); esc brings the focus back to the actions first.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.color import Color
from textual.content import Content
from textual.message import Message
from textual.worker import Worker, WorkerState, get_current_worker

from ai.base import by_win_chance
from ai.players import kinds as installed_kinds
from engine.core import IllegalAction, LogLine
from engine.games import STAND_IN, entry, load
from engine.match import Seat
from saves.plain import plain
from tui.bots import BotRunner, Decision, Job, flat, reasons
from tui.clock import Stoppable
from tui.host import host
from tui.settings import HINT_SECONDS
from tui.widgets import redraw
from tui.widgets.actions import ActionList, ActionMenu, FilterInput
from tui.widgets.game_log import GameLog
from tui.widgets.keybar import KeyBar, key_label
from tui.widgets.scene import Scene
from tui.widgets.seats import SeatLook
from tui.widgets.status import StatusLine
from tui.widgets.table import compose_table
from tui.widgets.untrusted import markup

from .dialogs import CoverScreen, HelpScreen, HintLine, HintScreen, KeyHelp
from .game_over import GameOverScreen
from .source import RESULTS_KEY, Source
from .staging import Staging, without_shown
from .tabled import Tabled

PROGRESS_EVERY_S = 0.05
HINT_KINDS = ("mcts", "rules")
HINT_SALT = 0x5EED  # a hint's seed differs from the seat's bot's
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


@dataclass
class CommandKey(Message):
    """A command letter's key binding fired (``TableScreen.action_key``):
    sent through the filter's own queue, so the letters typed before it are
    in the filter when it decides whether this one is text or a command."""

    char: str
    action: str


class TableFilter(FilterInput):
    """The action filter of a table: its source's command letters (chat,
    the host's) pass to the screen like z and h do, while nothing is typed."""

    def on_command_key(self, message: CommandKey) -> None:
        """A command letter, unless the player is typing a filter (the keys
        typed before it are in ``value`` by now: typed fast, "manpowe" never
        ended the table, and "th" of "to the" was never dropped)."""
        message.stop()
        screen = self.screen
        if self.take(message.char) or not isinstance(screen, TableScreen) \
                or screen.app.screen is not screen:
            return
        screen.run_command(message.action)

    def passes(self, character: str | None) -> bool:
        if character is None or self.value or self.explicit:
            return False
        return character in self.command_letters() or super().passes(character)

    def command_letters(self) -> str:
        screen = self.screen
        letters = screen.source.command_letters() if isinstance(screen, TableScreen) else ""
        return letters + super().command_letters()


class TableActions(ActionMenu):
    """The action menu with ``TableFilter`` as its filter."""

    def compose(self) -> ComposeResult:
        yield TableFilter(self, placeholder=self.hint, id="action-filter", compact=True)
        yield ActionList(id="action-list")


class TableScreen(Tabled):
    """Plays one game at one table, from one seat (or a spectator's chair)."""

    CSS_PATH = ["game.tcss", "table.tcss"]
    AUTO_FOCUS = "#action-filter"  # where keys go; esc comes back here
    BINDINGS: list[Any] = []  # each source's (``Source.bindings``)

    def __init__(self, source: Source) -> None:
        super().__init__(source.game_id)
        self.source = source
        self.game = source.game
        self.BINDINGS = source.bindings()
        self._bindings = keys_map(self.BINDINGS)
        where = entry(source.game_id).places
        self.held = load(where) if where else None  # GameEntry.places: a list's steady numbers
        self.looks: tuple[SeatLook, ...] = ()
        self._looks_of: tuple[Seat, ...] | None = None  # the seats the looks were made for
        self.viewer: int | None = None  # the seat whose view is on screen
        self._pending_viewer = 0
        self.bots = BotRunner()  # this table's bots (and hints), kept between decisions
        self._scene: Scene | None = None
        self._focus: tuple[tuple, tuple] | None = None  # (highlighted action, (step, viewer))
        self._fresh: list[LogLine] = []  # the log lines the last change added
        self._shown_at = 0.0  # when the last change of position was drawn
        self._results_shown = False
        self._hint_step: int | None = None
        self._hint_filter = ""  # the filter when the hint was asked (typing since: a word)
        self._leaving = False
        self._deferred: list[Callable[[], None]] = []
        self._thinking_text: str | Content = ""  # the status line while a bot or the hint thinks
        self._paced: Stoppable | None = None  # holds a bot's move until its pace is up
        self._held: BotMove | None = None  # that move
        self._skipping = False  # space: no pacing until a seat played here is to move
        self._staging: Staging | None = None  # a step being played out, stage by stage
        self._stage_timer: Stoppable | None = None  # shows its next stage
        self._stage_seen: int | None = None  # the last step whose stages were looked for
        self._staged: list[LogLine] = []  # the log lines the last staging put out
        self._offered: tuple | None = None  # (step, to_move, mine) of the actions shown
        self._sent_step: int | None = None  # an action was sent for this step
        self._my_turn = False
        self._redraw_queued = False
        self._reviewed: Any = None  # the finished game's review (ai.review.Review), once made
        # Set while the screen waits for a person (a turn, a cover, the end),
        # clear while a bot or the hint thinks: tests and the benchmarks await it.
        self.settled = asyncio.Event()
        source.attach(self)

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield from compose_table(self.ui, TableActions(id="actions"))
        yield from self.source.widgets()

    def on_mount(self) -> None:
        menu = self.query_one(ActionMenu)
        menu.blink = host(self).settings.cursor_blink
        menu.shorten = getattr(self.ui, "tight_label", None)  # GameUI's, if it has one
        self.viewer = None
        self.reseat()
        self.on_resize()
        self.proceed()
        self.source.mounted()

    def on_resize(self, event: events.Resize | None = None) -> None:
        _, h = event.size if event is not None else self.app.size
        self.set_class(h < 34, "-short")

    def on_unmount(self) -> None:
        self.stop_thinking()
        self.bots.forget()
        self.source.detach()

    @property
    def status(self) -> StatusLine:
        return self.query_one(StatusLine)

    @property
    def step(self) -> int:
        """Actions so far in the game shown."""
        return self.source.step

    def reseat(self) -> None:
        """Whose view to show first: the seat to move if it is played here,
        else the first played here (several at one terminal: behind a cover)."""
        src = self.source
        seat = src.to_move() if src.ready() else None
        here = src.here()
        self._pending_viewer = seat if seat is not None and seat in here else src.first_viewer()
        if len(here) <= 1:
            self.viewer = self._pending_viewer
        for bar in self.query(KeyBar):
            bar.redraw()

    def shows_key(self, binding: Binding) -> bool:
        """The key bar offers only what means something to this viewer (no
        undo or hint once the game is over: g shows the results)."""
        src = self.source
        if binding.key in ("z", "h") and src.ready() and src.over():
            return False
        return src.shows_key(binding)

    def promotes_key(self, binding: Binding) -> bool:
        """Once the game is over the key bar offers its results (g)."""
        src = self.source
        return binding.key == "g" and src.ready() and src.over()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A source's keys that are not for this viewer now (the host's)."""
        if action == "key" and len(parameters) == 2:
            return self.source.allows(str(parameters[1]))
        return True

    # ------------------------------------------------------------ the flow
    def proceed(self) -> None:
        """Show the position and hand the turn to whoever is to move: a
        person here (maybe behind a cover), a bot here (in a worker), someone
        elsewhere (wait for the source), or the end."""
        self._proceed()
        self.source.drawn()

    def _proceed(self) -> None:
        src = self.source
        if not src.ready():
            self.draw_waiting()
            return
        self.ensure_looks()
        seat = src.to_move()
        here = src.here()
        if seat is not None and seat in here and seat != self.viewer and not src.over():
            if len(here) > 1:
                self.cover(seat)
                return
            self.viewer = seat
        if self.viewer is None:  # a hot-seat game opened on a bot's turn
            self.cover(self._pending_viewer)
            return
        if self._staging is not None or self.start_staging():
            return  # a step plays out stage by stage; its last stage proceeds
        self.show()
        if self.my_turn():
            self.offer(seat)
        elif src.closed() is None and src.over():
            self.end_of_game()
        elif seat is not None and src.bot_here(seat) and src.closed() is None:
            self.settled.clear()
            self.turn_marked(False)
            self.query_one(ActionMenu).set_actions([], self.waiting_note(self.looks[seat].name))
            self.think_for(seat)
        else:
            self.draw_waiting()

    def ensure_looks(self) -> None:
        """The seats' looks, made again when the seats change (names)."""
        src = self.source
        if self._looks_of is not src.seats:
            self._looks_of = src.seats
            self.looks = self.ui.looks(src.looks_from(), src.seats)
            self.query_one(GameLog).set_looks(self.looks)
            src.looks_changed()

    def my_turn(self) -> bool:
        """Is it the turn of the seat shown, played here, in a game that goes on?"""
        src = self.source
        seat = src.to_move() if src.ready() else None
        return (seat is not None and seat == self.viewer and seat in src.here()
                and not src.over() and src.closed() is None and src.started())

    def offer(self, seat: int) -> None:
        """Your turn: the actions (once per position), the prompt, and for a
        table elsewhere a bell when it just became yours."""
        src = self.source
        menu = self.query_one(ActionMenu)
        became = self.turn_marked(True)
        key = (src.step, seat, True)
        if self._offered != key and self._sent_step != src.step:
            view = src.view(seat)
            self._skipping = False
            menu.guard_s = 0.0 if self.pace_s() == 0 else KEY_GUARD_S
            menu.hold_places(self.held(self.game, view, seat) if self.held else [])
            menu.set_actions([(a, self.game.describe(view, a)) for a in self.game.legal(view)])
            self.query_one("#action-filter").focus()
        self._offered = key
        if became and src.marks_turn:
            self.app.bell()
        look = self.looks[seat]
        self.say(markup(f"[reverse b $seat-{look.colour}] $letter [/] [b]Your turn[/] — $prompt",
                        letter=look.letter, prompt=self.game.prompt(src.view(seat))))
        self.settled.set()

    def turn_marked(self, mine: bool) -> bool:
        """Your turn tints the status line at a table elsewhere; True if it just became yours."""
        became = mine and not self._my_turn
        if mine != self._my_turn and self.source.marks_turn:
            redraw.paint(self.status, "background", self.your_turn_tint() if mine else None)
        self._my_turn = mine
        return became

    def your_turn_tint(self) -> Color:
        """The status line's background on my turn ($warning 35%), set on it
        (``redraw.paint`` says why)."""
        return redraw.theme_colour(self, "warning", 0.35)

    def draw_waiting(self) -> None:
        """Not a turn played here: the source says what we wait for."""
        self.turn_marked(False)
        src = self.source
        self._offered = (src.step, src.to_move() if src.ready() else None, False)
        note, status = src.waiting() or ("", None)
        if status is None:
            seat = src.to_move() if src.ready() else None
            status = self.turn_line(seat, "is to move", "") if seat is not None else markup("…")
        if note is not None:
            self.query_one(ActionMenu).set_actions([], note)
        self.say(status)
        if src.ready():  # the latest position shows: waiting for someone else
            self.settled.set()

    def end_of_game(self) -> None:
        """The game is over: say so, and show the results once."""
        for bar in self.query(KeyBar):
            bar.redraw()  # its undo and hint go
        self.turn_marked(False)
        self._offered = (self.source.step, None, False)
        self.query_one(ActionMenu).set_actions([], "The game is over · g shows the results")
        self.say(markup("[b]The game is over.[/] g: results · Esc: menu"))
        self.settled.set()
        if not self._results_shown:
            self._results_shown = True
            self.action_results()

    def say(self, text: str | Content) -> None:
        """The status line, led by what the source puts first (a shared
        table's "move 37 ·": a reader of the screen never pairs this turn
        with another move's number)."""
        lead = self.source.status_lead()
        self.status.say(text if lead is None else lead + text)

    def turn_line(self, seat: int, verb: str, prompt: str) -> Content:
        """"<badge> <name> is thinking… · <the move just made>" (or the
        prompt when nothing was just made): the status line while someone
        else is to move, written once for bots here and seats elsewhere."""
        look = self.looks[seat] if 0 <= seat < len(self.looks) else None
        if look is None:
            return markup("…")
        last = self.last_move()
        return markup(f"[reverse b $seat-{look.colour}] $letter [/] [b]$name[/] $verb"
                      + (" [dim]·[/] $last" if last else " — $prompt" if prompt else ""),
                      letter=look.letter, name=look.name, verb=verb, last=last, prompt=prompt)

    def waiting_note(self, name: str) -> str:
        """The actions panel while a bot is to move (plain text)."""
        pace = host(self).settings.pace(self.app.is_headless)
        return (f"{name} is thinking…\n\nspace: skip to your turn · "
                f"ctrl+p: bot pacing ({pace})")

    def redraw_soon(self) -> None:
        """Draw once every message already waiting has been read: a burst of
        moves (bots answering one another elsewhere) is drawn at its last
        position, and a busy machine spends its time on the newest position,
        not on each one on the way (the log still gets every line)."""
        if not self.is_mounted or self._redraw_queued:
            return
        self._redraw_queued = True
        self.settled.clear()
        self.app.call_later(self._redraw_now)

    def _redraw_now(self) -> None:
        self._redraw_queued = False
        if self.is_mounted:
            self.proceed()

    def when_on_top(self, then: Callable[[], None]) -> bool:
        """Run ``then`` now if this screen is showing, else when it shows
        again (a bot may finish while the help is open); True if deferred."""
        if self.app.screen is self:
            return False
        self._deferred.append(then)
        return True

    def on_screen_resume(self) -> None:
        todo, self._deferred = self._deferred, []
        for then in todo:
            then()

    def cover(self, seat: int) -> None:
        """Hide the table until the next person says they are alone with it."""
        self.stop_thinking()
        self.settled.set()
        if self.when_on_top(lambda: self.cover(seat)):
            return
        look = self.looks[seat]
        src = self.source
        prompt = self.game.prompt(src.view(seat)) if not src.over() else ""

        def reveal(_: None) -> None:
            self.viewer = seat
            self.proceed()

        self.app.push_screen(CoverScreen(f"{look.name} ({look.letter}·{look.label})", prompt),
                             reveal)

    def scene(self, focus: tuple | None = None) -> Scene:
        src, seat = self.source, self.viewer
        assert seat is not None
        return Scene(self.game, src.view(seat), seat, src.seats, self.looks,
                     lambda k: src.earlier(seat, k), src.seed, focus)

    def show(self) -> None:
        """Redraw the table and bring the log up to date, from the viewer's side."""
        assert self.viewer is not None
        scene = self._scene = self.scene()
        self.ui.show(scene)
        focus = self._focus
        if focus is not None and focus[1] == (self.source.step, self.viewer):
            self.ui.focus_action(scene, focus[0])  # the same list still shows: its highlight
        reset, lines = self.source.log(self.viewer)
        log = self.query_one(GameLog)
        staged, self._staged = self._staged, []
        if reset:
            log.reset(lines)
            self._fresh = []
            return
        lines = without_shown(lines, staged)
        if lines:
            self._fresh = lines
            log.add(lines)
            self._shown_at = host(self).settings.clock.now()

    # ------------------------------------------------------------ a step played out
    def start_staging(self) -> bool:
        """Play the step just made out stage by stage (``Game.stages``: an
        automated phase) when bots are paced here; True if it began. Each
        step is looked at once, and only a step after the one shown last
        (undo goes back; at a shared table several may come in one redraw)."""
        src, seat = self.source, self.viewer
        seen, self._stage_seen = self._stage_seen, src.step
        if seen is None or src.step <= seen or seat is None or self.stage_pace() <= 0:
            return False
        frames = src.stages(seat, seen)
        if not frames:
            return False
        self._staging = Staging(src.step, seat, frames, lambda k: src.earlier(seat, k))
        self.settled.clear()
        self.turn_marked(False)
        self.show_stage()
        return True

    def show_stage(self) -> None:
        """Draw the stage the staging is at, with the log lines it adds, and
        time the next one at the bots' pace."""
        st = self._staging
        assert st is not None
        src = self.source
        scene = self._scene = Scene(self.game, st.frame, st.seat, src.seats, self.looks,
                                    st.earlier, src.seed)
        self.ui.show(scene)
        lines = st.new_lines(self.game)
        if lines:
            self._fresh = lines
            self.query_one(GameLog).add(lines)
        clock = host(self).settings.clock
        self._shown_at = clock.now()
        pace = host(self).settings.pace(self.app.is_headless)
        self.query_one(ActionMenu).set_actions([], (
            f"{self.game.progress(st.frame)}: {st.at + 1} of {len(st.frames)}…\n\n"
            f"space: skip · ctrl+p: bot pacing ({pace})"))
        last = self.last_move()
        self.say(markup("[b]$last[/] [dim]· space: skip[/]", last=last) if last
                 else markup("[dim]space: skip[/]"))
        self._stage_timer = clock.call_later(self, self.stage_pace(), self.next_stage)

    def next_stage(self) -> None:
        st = self._staging
        self._stage_timer = None
        if st is None:
            return
        if st.next() and self.stage_pace() > 0:
            self.show_stage()
            return
        self.end_staging()
        self.proceed()

    def end_staging(self) -> None:
        """Stop playing a step out; its position shows at the next ``proceed``
        (with the log lines its stages have not put out yet)."""
        if self._stage_timer is not None:
            self._stage_timer.stop()
            self._stage_timer = None
        if self._staging is not None:
            self._staged = self._staging.shown
            self._staging = None

    def add_to_log(self, lines: list[LogLine]) -> None:
        """Lines said between two positions (chat) go straight into the log."""
        if self.is_mounted and self.looks:
            self.query_one(GameLog).add(lines)

    def last_move(self) -> str:
        """The change just drawn, in the log's words (the viewer's view: it
        names nothing the viewer may not know); "" if there is none."""
        lines = [plain(line.text) for line in self._fresh if not line.heading]
        if not lines:
            return ""
        if len(lines) > 1 and lines[0].endswith(":"):  # "A bot moves for Massilia:" + its move
            lines[:2] = [f"{lines[0]} {lines[1]}"]
        more = f" (+{len(lines) - 1} more in the log)" if len(lines) > 1 else ""
        return lines[0] + more

    # ------------------------------------------------------------ your turn
    @on(ActionMenu.Chosen)
    def _chosen(self, event: ActionMenu.Chosen) -> None:
        self.play(event.action)

    @on(ActionMenu.Refused)
    def _refused(self, event: ActionMenu.Refused) -> None:
        """The status line says why the greyed line plays nothing, then the
        prompt again (the reason is the engine's, the prompt the game's)."""
        seat = self.source.to_move() if self.source.ready() else None
        if seat is None or not self.my_turn():
            return
        look = self.looks[seat]
        self.say(markup(f"[reverse b $seat-{look.colour}] $letter [/] [b]Not now:[/] $why"
                        " [dim]·[/] $prompt", letter=look.letter, why=event.why,
                        prompt=self.game.prompt(self.source.view(seat))))

    @on(ActionMenu.Highlighted)
    def _highlighted(self, event: ActionMenu.Highlighted) -> None:
        self._focus = None if event.action is None else \
            (event.action, (self.source.step, self.viewer))
        if self._scene is not None:
            self.ui.focus_action(self._scene, event.action)

    def play(self, action: tuple) -> None:
        """Play the chosen action, once for this position (a table elsewhere
        keeps the list off until its next state, or the hall's refusal)."""
        src = self.source
        seat = src.to_move() if src.ready() else None
        if not self.my_turn() or self._sent_step == src.step \
                or self._offered != (src.step, seat, True):
            return  # chosen from a list drawn for an earlier position
        self.workers.cancel_group(self, "hint")
        self._hint_step = None
        view = src.view(seat)
        try:
            played = src.play(action)
        except IllegalAction as e:
            self.notify(str(e), title="Not allowed", severity="warning")
            self._offered = None
            self.proceed()
            return
        if played:
            self.proceed()
            return
        self._sent_step = src.step
        self.settled.clear()
        self.say(markup("[dim]Sent:[/] $what", what=self.game.describe(view, action)))

    def new_position(self) -> None:
        """The source has a new position (an undone one too): a new choice."""
        self._sent_step = None

    def refused(self) -> None:
        """The source refused the last action: one may be chosen again."""
        if self._sent_step == self.source.step:
            self._sent_step = None
            self._offered = None
            if self.is_mounted:
                self.proceed()

    # ------------------------------------------------------------ bots here
    def think_for(self, seat: int) -> None:
        src = self.source
        self._thinking_text = self.turn_line(seat, "is thinking…",
                                             self.game.prompt(src.view(seat)))
        self.status.thinking(self._thinking_text, 0.0)
        self.think(src.bot_job(seat, host(self).settings), src.step)

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
        self.end_staging()
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
        src = self.source
        return self._leaving or move.step != src.step or src.to_move() != move.seat

    def play_bot_move(self, move: BotMove) -> None:
        self._paced = self._held = None
        if self.stale_move(move):
            return
        try:
            self.source.play(move.action)
        except IllegalAction:
            self.bot_failed(IllegalAction(f"{self.looks[move.seat].name} chose an illegal move"))
            return
        self.proceed()

    def bot_failed(self, error: BaseException | None) -> None:
        """A bot that crashes must not end the game: play a random legal move."""
        src = self.source
        seat = src.to_move()
        if self._leaving or seat is None or not src.bot_here(seat):
            return
        self.notify(f"{self.looks[seat].name}'s bot failed ({error}); it plays at random.",
                    severity="error")
        src.bot_failed(seat)
        self.proceed()

    # ------------------------------------------------------------ pacing
    def pace_s(self) -> float:
        """Seconds each bot move stays on screen (0 while skipping ahead, and
        where no bot decides: a shared table's moves come when they come)."""
        if self._skipping or not self.source.paced:
            return 0.0
        return host(self).settings.pace_s(self.app.is_headless)

    def stage_pace(self) -> float:
        """Seconds each stage of a step played out stays on screen: the bots'
        pace, at a shared table too (0 while skipping ahead)."""
        return 0.0 if self._skipping else host(self).settings.pace_s(self.app.is_headless)

    def pace_left(self) -> float:
        """How much longer the last change must stay on screen."""
        pace = self.pace_s()
        return 0.0 if pace <= 0 else pace - (host(self).settings.clock.now() - self._shown_at)

    def shown_for(self) -> float:
        """How much longer the change shown last stays on screen at the
        table's pace before the next one replaces it (a shared table holds
        the hall's next move until then); 0 or less: no longer."""
        pace = self.stage_pace()
        return 0.0 if pace <= 0 else pace - (host(self).settings.clock.now() - self._shown_at)

    def playing_out(self) -> bool:
        """Is a step being played out stage by stage?"""
        return self._staging is not None

    def stop_pacing(self) -> None:
        if self._paced is not None:
            self._paced.stop()
        self._paced = self._held = None

    def action_skip(self) -> None:
        """Play the bots' moves at once up to the next turn played here (and
        the rest of a step being played out)."""
        src = self.source
        if src.catch_up():  # a shared table's moves waiting for their pace: all now
            self._skipping = bool(src.here())  # (until your turn is offered)
            self.end_staging()
            self.proceed()
            return
        seat = src.to_move()
        if self._staging is not None:
            self._skipping = seat is not None and src.bot_here(seat)
            self.end_staging()
            self.proceed()
            return
        if seat is None or not src.bot_here(seat):
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
        self.notify(f"{self.source.pace_words}: {pace} (ctrl+p changes it).", title="Pacing")

    @on(ThinkingProgress)
    def _progress(self, event: ThinkingProgress) -> None:
        src = self.source
        if event.step != src.step:
            return
        seat = src.to_move()
        if self._hint_step == event.step or (seat is not None and src.bot_here(seat)):
            self.status.thinking(self._thinking_text, event.fraction)

    # ------------------------------------------------------------ keys
    def action_key(self, char: str, action: str) -> None:
        """A command letter, unless the player is typing a filter: decided by
        the filter after the keys typed before it (``CommandKey``)."""
        if self.app.screen is not self:
            return
        self.query_one(TableFilter).post_message(CommandKey(char, action))

    def action_do(self, action: str) -> None:
        """A key of the source's own (save, chat, the host's)."""
        self.run_command(action)

    def run_command(self, action: str) -> None:
        """The screen's ``action_<name>``, else the source's."""
        own = getattr(self, f"action_{action}", None)
        (own or getattr(self.source, f"action_{action}"))()

    def action_escape(self) -> None:
        """Back to the action filter from any other panel (the action list
        too: keys go to the filter); from the filter, the menu."""
        menu = self.query_one(ActionMenu)
        if self.focused is not menu.filter:
            menu.filter.focus()
            return
        self.action_menu()

    def on_key(self, event: events.Key) -> None:
        """Digits and letters typed while another panel has the focus still
        reach the actions, and the table has its own keys (the focused panel
        had its chance at the key)."""
        if self.ui.table_key(event.key):
            event.stop()
            event.prevent_default()
            return
        menu = self.query_one(ActionMenu)
        focused = self.focused
        char = event.character
        if focused is None or char is None or focused is menu.filter:
            return  # the filter had it (it takes what is text)
        if char.isdigit():
            menu.shortcut_key(char, event.time)
        elif not ((char.isalpha() or (char.isprintable() and menu.filter.typing))
                  and menu.type_text(char)):
            return  # (a space or a sign is text only once a filter is typed)
        event.stop()
        event.prevent_default()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The log, and the action list, say they have the focus and how to
        leave it (in words and a reversed title: seen without colour too)."""
        log = self.query_one(GameLog)
        log.border_title = "Log · ↑↓ PgUp PgDn scroll · esc: back" if event.widget is log else ""
        menu = self.query_one(ActionMenu)
        on_list = isinstance(event.widget, ActionList)
        menu.set_class(on_list, "-list-focus")
        menu.border_title = ("Actions (list) · esc: filter" if on_list
                             else "Actions")

    def action_focus_log(self) -> None:
        self.query_one(GameLog).focus()

    # ------------------------------------------------------------ commands
    def action_undo(self) -> None:
        """Take back your last action: the source does it (local) or asks
        everyone (a shared table); the position then comes back."""
        seat = self.viewer
        if seat is None or seat not in self.source.here():
            return
        if self.source.ready() and self.source.over():
            self.notify("The game is over: its result stands (Load keeps it as finished).",
                        title="Undo")
            return
        if self.source.undo(seat):
            self.stop_thinking()
            self.notify("Your last action was taken back.")
            self.proceed()

    def action_hint(self) -> None:
        """The strongest bot installed looks at your own view, on your turn;
        the source gives the seed, so the same position gives the same hint."""
        src = self.source
        seat = self.viewer
        if not self.my_turn() or seat is None or self._hint_step == src.step:
            return  # not your turn, or already thinking about it
        self._hint_step = src.step
        self._hint_filter = self.query_one(ActionMenu).filter.value  # to see typing since
        self.settled.clear()
        self._thinking_text = "[b]Hint:[/] thinking about your move…"
        self.status.thinking(self._thinking_text, 0.0)
        have = installed_kinds()
        kind = next((k for k in HINT_KINDS if k in have), "random")
        settings = host(self).settings
        # A fixed number of iterations (tests, benches) is the whole budget, so
        # the same position gives the same hint on a busy machine too.
        seconds = (settings.hint_seconds if settings.hint_seconds is not None
                   else None if settings.hint_iterations is not None else HINT_SECONDS)
        job = Job(("hint", seat), kind, "normal", self.game_id, src.view(seat), seat,
                  settings.hint_iterations, seconds, src.hint_seed(seat) ^ HINT_SALT)
        self.think_hint(job, src.step)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def think_hint(self, job: Job, step: int) -> Hint:
        """When the search cannot tell the moves apart, the rules policy says why."""
        decision = self._decide_in_worker(job, step)
        why = reasons(job) if job.kind == "rules" or flat(decision.alternatives) else ()
        return Hint(step, decision.action, job.kind, decision.alternatives, why)

    def hint_ready(self, hint: Hint) -> None:
        src = self.source
        self._hint_step = None
        if self._leaving or hint.step != src.step:
            return
        self.proceed()  # the status line says what to do again
        if not self.my_turn() or self.viewer is None:
            return
        view = src.view(self.viewer)
        action, lines, source = hint_text(self.game, view, hint)
        menu = self.query_one(ActionMenu)
        if menu.filter.value and not self._hint_filter:  # typed since h: it began a word
            self.type_into_filter("h" + menu.filter.value)
            return

        def done(play: bool | str | None) -> None:
            if hint.step != src.step:
                return
            if isinstance(play, str):  # a letter typed on the hint: h began a word
                self.type_into_filter(play)
            elif play:
                self.play(action)
            else:  # the filter may hide it: cleared, the hinted move highlighted
                menu.show_action(action)

        self.app.push_screen(HintScreen(self.game.describe(view, action), lines, source), done)

    def type_into_filter(self, text: str) -> None:
        """Put ``text`` in the filter as if typed (``h`` that began a word
        asked for a hint; the word is the player's, never the hint's move)."""
        menu = self.query_one(ActionMenu)
        menu.filter.value = text
        menu.filter.cursor_position = len(text)
        menu.filter.focus()

    def action_help(self) -> None:
        over = self.source.over()  # (g opens the results once there are some)
        keys = [KeyHelp(key_label(b), b.description) for b in self.BINDINGS
                if isinstance(b, Binding) and b.description and self.source.in_help(b)
                and (over or b.action != RESULTS_KEY.action)]
        keys += [
            KeyHelp("letters", "filter the actions; once typed, digits, letters and spaces "
                               "are text (matching nothing, it says so: backspace, or esc "
                               "clears)"),
            *self.source.help_lines(),
        ]
        # every game marks its own stand-in data "(stand-in)" (its reference,
        # texts on the table): the help says what that means, in words
        notes = " ".join(n for n in (self.ui.notes, STAND_IN) if n)
        self.app.push_screen(HelpScreen(self.source.help_title, keys, notes))

    def action_menu(self) -> None:
        if self.source.menu_instead():
            return

        def chosen(item: str | None) -> None:
            if item in (None, "resume"):
                return
            if item == "rules":
                from .rules import RulesScreen

                self.app.push_screen(RulesScreen(self.game_id))
            elif item == "help":
                self.action_help()
            elif item in ("title", "leave"):
                self.leave()
            elif item == "quit":
                self.quit()
            else:
                self.source.menu_chosen(item)

        self.app.push_screen(self.source.menu(), chosen)

    def action_results(self) -> None:
        ending = self.source.ending()
        if ending is None or self.when_on_top(self.action_results):
            return

        def after(choice: str | None) -> None:
            if choice == "title":
                self.leave()
            elif choice == "replay":
                self.source.replay()
            elif choice == "review":
                self.open_review()

        self.app.push_screen(GameOverScreen(ending, self.looks, replay=self.source.can_replay,
                                            leave=self.source.leave_words,
                                            review=self.source.reviewable() is not None),
                             after)

    def open_review(self) -> None:
        """The finished game's review; esc comes back to its results."""
        match = self.source.reviewable()
        if match is None:
            return
        from .review import ReviewScreen

        screen = ReviewScreen(match, self.looks, done=self._reviewed)

        def back(_: None) -> None:
            self._reviewed = screen.result  # opened again, shown at once
            self.action_results()

        self.app.push_screen(screen, back)

    def leave(self) -> None:
        """Back where the table was opened from; bots stop, the source keeps
        the game (the autosave, or your seat at the hall)."""
        self._leaving = True
        self.stop_thinking()
        self.source.leave()
        self.close_quietly()

    def quit(self) -> None:
        """Quit Tabula: the game stays as it was left (autosaved, or your
        seat waiting for you)."""
        self._leaving = True
        self.stop_thinking()
        self.app.exit(0)

    def close_quietly(self) -> None:
        """Take this screen (and any dialog over it) away without a word."""
        self._leaving = True
        self.stop_thinking()
        while self.app.screen is not self and self in self.app.screen_stack:
            self.app.pop_screen()
        if self in self.app.screen_stack:
            self.dismiss()


def keys_map(bindings: list[Any]) -> BindingsMap:
    """A screen's bindings: its class's (Screen's own) and ``bindings``."""
    merged = (TableScreen._merged_bindings or BindingsMap()).copy()
    for key, key_bindings in BindingsMap(bindings).key_to_bindings.items():
        merged.key_to_bindings[key] = key_bindings
    return merged


def hint_text(game: Any, view: Any, hint: Hint) -> tuple[tuple, list[HintLine], str]:
    """The move to suggest, its alternatives and where it comes from, in the
    player's terms: the rules policy's reasons and points when the search
    was flat, else each move's chance of winning (never search shares)."""
    if hint.reasons:
        lines = [HintLine(f"{game.describe(view, a)} — {why} ({score:+.1f} points)", None, None)
                 for a, score, why in hint.reasons]
        win = hint.alternatives[0].win_rate if hint.alternatives else 0.0
        one = len(hint.reasons) == 1  # (the words agree with the lines below them)
        source = ("No search is installed; " if hint.kind == "rules" else
                  f"The search finds no move clearly better (about {win:.0%} to win); " if one
                  else f"The search finds these moves alike (about {win:.0%} to win either "
                       "way); ")
        source += ("the rule-based bot's reason, with the points it expects it to add:" if one
                   else "the rule-based bot's reasons, with the points it expects each to add:")
        return hint.reasons[0][0], lines, source
    ranked = by_win_chance(hint.alternatives)
    lines = [HintLine(f"{a.text} — wins about {a.win_rate:.0%} of the games played out",
                      None, None) for a in ranked]
    source = {"mcts": "Suggested by the ISMCTS search, from what you can see: the best "
                      "chance of winning among the moves it tried often.",
              "rules": "Suggested by the rule-based bot (no search installed)."}.get(
        hint.kind, "No search is installed: this is a random legal move.")
    return (ranked[0].action if ranked else hint.action), lines, source
