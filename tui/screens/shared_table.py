"""A shared table: the game screen of a table a hall keeps (issue 14).

The same layout as a local game (``compose_table``: status, the game's own
board and side panel, the log, the actions) drawn from what the hall sends:
each "state" message holds this seat's view only (a spectator's is the
public ``engine.core.SPECTATOR`` view), whose turn it is, the log lines and
the table's seats. Nothing here holds a ``Match`` or a full state: the
hall checks and plays every action; this screen offers the seat's legal
actions from its own view and sends the one chosen, once per step.

Besides the game: a line of who sits where (● connected, ○ away, "bot" for
a seat a bot plays), the table's code and move number ("code KXPQR · move
37"), a bell and a highlight when it becomes your turn, chat (``:`` or
``t``) shown in the log, undo by asking the others, the hint for your own
seat (the search runs here, on your own view), and the host's keys (start
now with bots, a bot for a waiting seat, end the table: the hall's "host"
message gives them to the next human when the host leaves before the
start). When the hall goes away the screen stays and says what happened
and how to come back. Every text from the hall is plain
(``tui.widgets.untrusted``).
"""

from __future__ import annotations

import asyncio
import pickle
from typing import Any

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.color import Color
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState, get_current_worker

from ai.players import kinds as installed_kinds
from engine import get_game
from engine.core import SPECTATOR, LogLine
from engine.match import HUMAN, Seat
from saves.plain import plain
from tui.bots import BotRunner, Job, flat, reasons
from tui.hall_link import HallSend, LeaveHall
from tui.host import host
from tui.settings import HINT_SECONDS
from tui.widgets import redraw
from tui.widgets.actions import ActionList, ActionMenu, FilterInput
from tui.widgets.game_log import GameLog
from tui.widgets.game_styles import screen_class
from tui.widgets.keybar import KeyBar, key_label
from tui.widgets.scene import GameUI, Scene
from tui.widgets.seats import SeatLook
from tui.widgets.status import StatusLine
from tui.widgets.table import compose_table, game_ui
from tui.widgets.untrusted import PlainInput, markup

from .dialogs import ConfirmScreen, HelpScreen, HintScreen, KeyHelp, MenuScreen
from .game import HINT_KINDS, Hint, hint_text
from .game_over import ordinal
from .table_keys import TableKeys

VIEWS_KEPT = 8  # earlier views kept for earlier(k): what the last moves changed
CHAT_CHARS = 200
NAME_CHARS = 24


def log_line(raw: Any) -> tuple[int, LogLine] | None:
    """One [step, [[text, seat|None], ...], heading] line from the hall, or
    None if it is not one (the text is cleaned: it may quote a name)."""
    if not (isinstance(raw, list | tuple) and len(raw) == 3 and isinstance(raw[1], list | tuple)):
        return None
    step, parts, heading = raw
    out = []
    for part in parts:
        if isinstance(part, list | tuple) and len(part) == 2:
            text, seat = part
            out.append((plain(text, 2000), seat if isinstance(seat, int) else None))
    return (step if isinstance(step, int) else 0), LogLine(tuple(out), bool(heading))


def seats_of(table: dict[str, Any]) -> tuple[Seat, ...]:
    """The table's seats as ``Seat``s (names plain) for the game's looks."""
    seats = []
    for i, s in enumerate(table.get("seats") or []):
        s = s if isinstance(s, dict) else {}
        name = plain(s.get("name") or f"Seat {i + 1}", NAME_CHARS)
        kind = str(s.get("kind") or HUMAN)
        seats.append(Seat(name, kind, str(s.get("strength") or "normal")))
    return tuple(seats)


class TableFilter(FilterInput):
    """The action filter of a shared table: its command letters (chat,
    the host's) pass to the screen like z and h do, while nothing is typed."""

    def passes(self, character: str | None) -> bool:
        if character is None or self.value or self.explicit:
            return False
        screen = self.screen
        letters = screen.command_letters() if isinstance(screen, SharedTableScreen) else ""
        return character in letters or super().passes(character)


class TableActions(ActionMenu):
    """The action menu with ``TableFilter`` as its filter."""

    def compose(self) -> ComposeResult:
        yield TableFilter(self, placeholder=self.hint, id="action-filter", compact=True)
        yield ActionList(id="action-list")


class ChatScreen(ModalScreen[str | None]):
    """One line to say to the table (at most ``CHAT_CHARS``)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="chat-box"):
            yield Static("Say to the table", classes="title")
            yield PlainInput(id="chat-text", max_length=CHAT_CHARS, placeholder="one line")
            yield Static("Enter sends · Esc cancels", classes="keys")

    def on_mount(self) -> None:
        inp = self.query_one(PlainInput)
        inp.cursor_blink = host(self).settings.cursor_blink
        inp.focus()

    @on(Input.Submitted, "#chat-text")
    def _submit(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ChoiceScreen(ModalScreen[str | None]):
    """A short list to pick one from (a waiting seat for a bot); its id."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, items: list[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.items = items

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="title")
            yield OptionList(*(Option(Content(plain(text)), id=key) for key, text in self.items),
                             id="choices")

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        menu.highlighted = 0
        menu.focus()

    @on(OptionList.OptionSelected, "#choices")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TableMenu(MenuScreen):
    """The pause menu of a shared table: no saving (the hall autosaves)."""

    ITEMS = (
        ("resume", "Back to the table"),
        ("chat", "Say something…"),
        ("rules", "Rules"),
        ("help", "Keys"),
        ("leave", "Leave to the lobby (your seat waits for you)"),
        ("quit", "Quit Tabula (your seat waits for you)"),
    )


def result_lines(result: dict[str, Any], looks: tuple[SeatLook, ...]) -> Content:
    """The hall's "result": the outcome, then each seat by rank with its
    score, and opponents that are not seats (The Enemy)."""
    unit = plain(result.get("unit") or "points", 20)
    scores = list(result.get("scores") or [])
    ranks = list(result.get("ranks") or [])
    winners = set(result.get("winners") or [])
    lines = [markup("[b]$outcome[/]", outcome=plain(result.get("outcome") or "", 300)), ""]
    order = sorted(range(len(scores)), key=lambda i: (ranks[i] if i < len(ranks) else 99, i))
    for i in order:
        if i >= len(looks):
            continue
        lk = looks[i]
        rank = ordinal(ranks[i]) if i < len(ranks) and isinstance(ranks[i], int) else ""
        star = " [b $warning]★[/]" if i in winners else ""
        lines.append(markup(f"{rank:>4} [reverse b $seat-{lk.colour}] $letter [/] $name "
                            f"[b]$score[/] $unit{star}", letter=lk.letter, name=lk.name,
                            score=scores[i], unit=unit))
    for other in result.get("others") or []:
        if isinstance(other, list | tuple) and len(other) == 2:
            lines.append(markup("       $name [b]$score[/] $unit", name=other[0],
                                score=other[1], unit=unit))
    return Content("\n").join(lines)


class ResultsScreen(ModalScreen[None]):
    """The end of a shared game, from the hall's "result" (no Match here)."""

    BINDINGS = [Binding("escape,enter,g,b", "close", "See the board")]

    def __init__(self, result: dict[str, Any], looks: tuple[SeatLook, ...]) -> None:
        super().__init__()
        self.result = result
        self.looks = looks

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="results-box"):
            yield Static("Game over", classes="title")
            yield Static(result_lines(self.result, self.looks), id="results")
            yield Static("Esc: see the board · g shows this again",
                         classes="keys")

    def action_close(self) -> None:
        self.dismiss(None)


class SharedTableScreen(TableKeys):
    """One table of the hall, from one seat (or a spectator's chair)."""

    CSS_PATH = ["game.tcss", "shared_table.tcss"]
    AUTO_FOCUS = "#action-filter"
    BINDINGS = [
        # Letters have priority (the action filter would take them); each
        # first asks the filter whether the letter is text (``/`` filters).
        Binding("t", "key('t', 'chat')", "Chat", priority=True, tooltip="Say one line"),
        Binding("colon", "key(':', 'chat')", "Chat", key_display=":", show=False,
                priority=True),
        Binding("z", "key('z', 'undo')", "Undo?", priority=True,
                tooltip="Ask the others to take back your last move"),
        Binding("h", "key('h', 'hint')", "Hint", priority=True),
        Binding("question_mark", "key('?', 'help')", "Keys", key_display="?", priority=True),
        Binding("g", "key('g', 'results')", "Results", show=False, priority=True),
        Binding("s", "key('s', 'start')", "Host: start now, bots in the free seats",
                show=False, priority=True),
        Binding("b", "key('b', 'bot')", "Host: a bot plays a waiting seat", show=False,
                priority=True),
        Binding("e", "key('e', 'end')", "Host: end the table", show=False, priority=True),
        Binding("escape", "escape", "Menu", tooltip="Back to the actions, or the menu"),
        Binding("ctrl+l", "focus_log", "Log", show=False),
    ]

    def __init__(self, joined: dict[str, Any], you: str = "", comeback: str = "") -> None:
        """``comeback``: a guest's way back to their seat (the ssh command), if any."""
        table = joined.get("table") or {}
        self.game_id = str(table.get("game", ""))
        super().__init__(classes=screen_class(self.game_id))
        self.game = get_game(self.game_id)
        self.ui: GameUI = game_ui(self.game_id)
        self.you = plain(you, NAME_CHARS)
        self.comeback = plain(comeback, 300)
        self._told_comeback = False
        self.code = str(table.get("code", ""))
        self.seat: int | None = None
        self.is_host = False
        self.table: dict[str, Any] = table
        self.seats: tuple[Seat, ...] = seats_of(table)
        self.looks: tuple[SeatLook, ...] = ()
        self.step = -1  # of the last state received
        self.view: Any = None
        self.to_move: int | None = None
        self.result: dict[str, Any] | None = None
        self.ended: str | None = None
        self.gone = False  # the hall is gone: ``ended`` says what happened and how to come back
        self.views: dict[int, Any] = {}
        self.game_lines: list[tuple[int, LogLine]] = []
        self.chat_lines: list[tuple[int, dict[str, Any]]] = []  # (step, chat message)
        self._new_lines: list[LogLine] | None = None  # None: redraw the whole log
        self._offered: tuple | None = None  # (step, to_move) of the actions shown
        self._sent_step: int | None = None  # an action was sent for this step
        self._my_turn = False
        self._who_said: tuple = ()  # what the who line's seats were drawn from
        self._who_seats: list[Content] = []
        self._redraw_queued = False  # a redraw waits for the messages already read
        self._results_shown = False
        self._hint_step: int | None = None
        self._deferred: list[Any] = []
        self.bots = BotRunner()
        # Set while the screen shows the latest state and waits (tests await it).
        self.settled = asyncio.Event()
        self.joined(joined)

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield from compose_table(self.ui, TableActions(id="actions"))
        yield Static(id="who")

    def on_mount(self) -> None:
        self.query_one(ActionMenu).blink = host(self).settings.cursor_blink
        self.on_resize()
        self.redraw()
        self.tell_comeback()

    def on_resize(self, event: events.Resize | None = None) -> None:
        _, h = event.size if event is not None else self.app.size
        self.set_class(h < 34, "-short")

    def on_unmount(self) -> None:
        self.workers.cancel_group(self, "hint")
        self.bots.forget()

    @property
    def status(self) -> StatusLine:
        return self.query_one(StatusLine)

    def send(self, msg: dict[str, Any]) -> None:
        self.app.post_message(HallSend(msg))

    # ------------------------------------------------------------ from the hall
    def joined(self, msg: dict[str, Any]) -> None:
        """(Re)joined this table: my seat (None: watching) and whether I host it."""
        seat = msg.get("seat")
        self.seat = seat if isinstance(seat, int) and 0 <= seat < len(self.seats) else None
        self.is_host = bool(msg.get("host"))
        self.set_table(msg.get("table") or self.table)
        if self.is_mounted:
            self.redraw()
            self.tell_comeback()
            for bar in self.query(KeyBar):
                bar.redraw()

    def shows_key(self, binding: Binding) -> bool:
        """The key bar offers undo and hints to a seat's player only."""
        return self.seat is not None or binding.key not in ("z", "h")

    def tell_comeback(self) -> None:
        """A guest's seat is theirs only by their come-back code: say it once
        they sit (and ``?`` says it again)."""
        if self.seat is None or not self.comeback or self._told_comeback:
            return
        self._told_comeback = True
        self.notify(f"If your connection drops, come back to this seat with: {self.comeback}",
                    title="Your seat", timeout=30)

    def set_table(self, table: dict[str, Any]) -> None:
        self.table = table
        seats = seats_of(table)
        if seats != self.seats or not self.looks:
            self.seats = seats
            self.looks = ()  # the looks follow the names; made again with the next view

    def hall_message(self, msg: dict[str, Any]) -> None:
        """A message for this table (the app routes them here)."""
        kind = msg.get("t")
        if kind == "state":
            self.state(msg)
        elif kind == "chat":
            self.chat(msg)
        elif kind == "undo_asked":
            self.undo_asked(msg)
        elif kind == "undo_result":
            severity = "information" if msg.get("ok") else "warning"
            self.notify(plain(msg.get("text") or "", 300) or "Undo", title="Undo",
                        severity=severity)
        elif kind == "host" and msg.get("code") == self.code:
            self.became_host(plain(msg.get("text") or "You host this table now.", 300))
        elif kind == "ended":
            self.ended = plain(msg.get("text") or "The table was ended.", 300)
            self.notify(self.ended, title="Table ended")
            if self.is_mounted:
                self.redraw()

    def hall_gone(self, text: str) -> None:
        """The connection to the hall is gone (it stopped, was killed, the
        server shut down): the board stays as it was, with ``text`` (what
        happened, how to come back) in the status line and the actions
        panel; Esc leaves to the title."""
        self.gone = True
        self.ended = text
        self.workers.cancel_group(self, "hint")
        if self.is_mounted:
            self.redraw()

    def became_host(self, text: str) -> None:
        """The host left before the game started and I host it now: the
        host's keys (start, bot, end) are mine."""
        self.is_host = True
        self.notify(text[:1].upper() + text[1:], title="Table")
        if self.is_mounted:
            self.redraw()  # the waiting note now says s starts it

    def state(self, msg: dict[str, Any]) -> None:
        """A new position: my view, whose turn, the log lines, the seats."""
        step = msg.get("step")
        raw = msg.get("view")
        if not isinstance(step, int) or not isinstance(raw, bytes):
            return
        view = pickle.loads(raw)  # noqa: S301 — from our own hall, over a private socket
        if step != self.step:  # a new position: a new choice (an undo comes back too)
            self._sent_step = None
        if step < self.step:  # undone: what came after is gone
            self.views = {k: v for k, v in self.views.items() if k <= step}
        self.views[step] = view
        for k in sorted(self.views)[:-VIEWS_KEPT]:
            del self.views[k]
        self.step, self.view = step, view
        to_move = msg.get("to_move")
        self.to_move = to_move if isinstance(to_move, int) else None
        result = msg.get("result")
        self.result = result if isinstance(result, dict) else None
        if isinstance(msg.get("table"), dict):
            self.set_table(msg["table"])
        lines = [x for x in map(log_line, msg.get("log") or []) if x is not None]
        if msg.get("reset"):
            self.game_lines = lines  # the chat stays, each line where it was said
            self._new_lines = None
        else:
            self.game_lines.extend(lines)
            if self._new_lines is not None:
                self._new_lines.extend(line for _, line in lines)
        self.redraw_soon()

    def redraw_soon(self) -> None:
        """Draw once every message already waiting has been read: a burst of
        moves (bots answering one another) is drawn at its last position, and
        a busy machine spends its time on the newest position, not on each
        one on the way (the log still gets every line)."""
        if not self.is_mounted or self._redraw_queued:
            return
        self._redraw_queued = True
        self.settled.clear()
        self.app.call_later(self._redraw_queued_now)

    def _redraw_queued_now(self) -> None:
        self._redraw_queued = False
        if self.is_mounted:
            self.redraw()

    def chat(self, msg: dict[str, Any]) -> None:
        """A chat line: into the log (kept apart: a reset of the game's log
        keeps it, in its place)."""
        self.chat_lines.append((max(self.step, 0), msg))
        if self.is_mounted and self.looks and self._new_lines is not None:
            self.query_one(GameLog).add([self.chat_line(msg)])

    def chat_line(self, msg: dict[str, Any]) -> LogLine:
        """A chat message as a log line, in the speaker's colour when seated
        (the hall re-sends the last lines on joining, before the first view)."""
        name = plain(msg.get("name") or "?", NAME_CHARS)
        text = plain(msg.get("text") or "", CHAT_CHARS)
        seat = msg.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(self.looks):
            return LogLine(((self.looks[seat].label, seat), (f" says: {text}", None)))
        return LogLine.plain(f"{name} (watching) says: {text}")

    def undo_asked(self, msg: dict[str, Any]) -> None:
        """Another player asks to take back their move: yes or no."""
        if msg.get("seat") == self.seat or self.seat is None:
            return
        name = plain(msg.get("name") or "A player", NAME_CHARS)

        def answered(yes: bool | None) -> None:
            self.send({"t": "undo_answer", "yes": bool(yes)})

        self.app.push_screen(ConfirmScreen(f"{name} asks to take back their last move. "
                                           "Agree?"), answered)

    def refused(self, text: str) -> None:
        """The hall refused the last request: an action may be chosen again."""
        if self._sent_step == self.step:
            self._sent_step = None
            self._offered = None
            if self.is_mounted:
                self.redraw()

    # ------------------------------------------------------------ drawing
    def scene(self) -> Scene:
        views = self.views
        step = self.step

        def earlier(k: int) -> Any:
            return views.get(step - k)

        seat = self.seat if self.seat is not None else SPECTATOR
        return Scene(self.game, self.view, seat, self.seats, self.looks, earlier)

    def my_turn(self) -> bool:
        return (self.seat is not None and self.to_move == self.seat and self.result is None
                and self.ended is None and self.view is not None
                and bool(self.table.get("started")))

    def redraw(self) -> None:
        """Show the latest state: table, log, who is here, the actions."""
        if self.view is None:
            self.who_line()
            self.status.say(self.waiting_status() if self.gone else
                            markup("Joining table [b]$code[/]…", code=self.code))
            return
        if not self.looks:
            self.looks = self.ui.looks(self.view, self.seats)
            self.query_one(GameLog).set_looks(self.looks)
            self._new_lines = None
        self.ui.show(self.scene())
        self.draw_log()
        self.who_line()
        self.offer()

    def draw_log(self) -> None:
        log = self.query_one(GameLog)
        if self._new_lines is None:
            merged = sorted([(s, 0, i, ln) for i, (s, ln) in enumerate(self.game_lines)]
                            + [(s, 1, i, self.chat_line(msg))
                               for i, (s, msg) in enumerate(self.chat_lines)],
                            key=lambda x: x[:3])
            log.reset([ln for *_, ln in merged])
        elif self._new_lines:
            log.add(self._new_lines)
        self._new_lines = []

    def who_line(self) -> None:
        """Seat letter, name, ● connected / ○ away, "bot"; code and move."""
        raw = [s if isinstance(s, dict) else {} for s in self.table.get("seats") or []]
        said = (repr(raw), self.looks, self.to_move, self.result is None, self.seat)
        if said != self._who_said:  # markup costs: most states change only the move
            self._who_said = said
            self._who_seats = [self.seat_part(i, s) for i, s in enumerate(raw)]
        watching = int(self.table.get("spectators") or 0)
        tail = markup("[dim]code[/] [b]$code[/] [dim]· move[/] $step$watch",
                      code=self.code, step=max(self.step, 0),
                      watch=f" · {watching} watching" if watching else "")
        if self.seat is None:
            tail = markup("[b]watching[/] · ") + tail
        # The code and the move first: a narrow terminal cuts the seats' end.
        redraw.show(self.query_one("#who", Static), Content("  ").join([tail, *self._who_seats]))

    def seat_part(self, i: int, s: dict[str, Any]) -> Content:
        """One seat of the who line: ▶ to move, badge, name, ●/○, bot."""
        look = self.looks[i] if i < len(self.looks) else None
        letter = look.letter if look is not None else str(i + 1)
        colour = f"$seat-{look.colour}" if look is not None else "$text"
        human = s.get("kind") == HUMAN
        mark = ("●" if s.get("connected") else "○") if human and s.get("taken") else \
            ("·" if human else "")
        bot = " bot" if not human or s.get("bot_playing") else ""
        turn = "▶" if i == self.to_move and self.result is None else ""
        you = " (you)" if i == self.seat else ""
        return markup(f"$turn[reverse b {colour}] $letter [/] $name$you $mark$bot",
                      turn=turn, letter=letter, name=plain(s.get("name") or "open seat",
                                                           NAME_CHARS),
                      you=you, mark=mark, bot=bot)

    def offer(self) -> None:
        """The actions when it is my turn (a bell when it just became so);
        else who we wait for."""
        menu = self.query_one(ActionMenu)
        mine = self.my_turn()
        became = mine and not self._my_turn
        if mine != self._my_turn:  # your turn tints the status line
            redraw.paint(self.status, "background", self.your_turn_tint() if mine else None)
        self._my_turn = mine
        key = (self.step, self.to_move, mine)
        if mine:
            if self._offered != key and self._sent_step != self.step:
                view = self.view
                items = [(a, self.game.describe(view, a)) for a in self.game.legal(view)]
                menu.set_actions(items)
                self.query_one("#action-filter").focus()
            self._offered = key
            if became:
                self.app.bell()
            look = self.looks[self.seat] if self.seat is not None else None
            assert look is not None
            self.say(markup(f"[reverse b $seat-{look.colour}] $letter [/] "
                                   "[b]Your turn[/] — $prompt", letter=look.letter,
                                   prompt=self.game.prompt(self.view)))
        else:
            self._offered = key
            menu.set_actions([], self.waiting_note())
            self.say(self.waiting_status())
            if self.result is not None:
                self.show_results()
        self.settled.set()

    def say(self, text: Content) -> None:
        """The status line, led by the move it is about: "move 37 · Your
        turn…" reads as one line (a reader of the screen never pairs this
        turn with another move's number)."""
        self.status.say(markup("[dim]move $step ·[/] ", step=max(self.step, 0)) + text)

    def your_turn_tint(self) -> Color:
        """The status line's background on my turn ($warning 35%), set on it
        (``redraw.paint`` says why)."""
        return redraw.theme_colour(self, "warning", 0.35)

    def waiting_note(self) -> str:
        """The actions panel when it is not my turn (plain text)."""
        if self.gone:
            return f"{self.ended}\n\nEsc: back to the title"
        if self.ended is not None:
            return f"{self.ended}\n\nEsc: leave the table"
        if self.result is not None:
            return "The game is over · g shows the results"
        if not self.table.get("started"):
            free = sum(1 for s in self.table.get("seats") or []
                       if isinstance(s, dict) and s.get("kind") == HUMAN and not s.get("taken"))
            host_says = "\n\ns: start now, bots in the free seats" if self.is_host else ""
            return f"Waiting for {free} more player{'s' if free != 1 else ''}…{host_says}"
        if self.seat is None:
            return "You are watching this table.\n\nt: chat · Esc: leave"
        # Who is to move is on the status line and the who line; a note that
        # named them would redraw the whole list at every move.
        return "Not your turn yet…\n\nt: chat · z: ask to undo your move"

    def waiting_status(self) -> Content:
        if self.gone:
            return markup("[b]$text[/]", text=self.ended or "")
        if self.ended is not None:
            return markup("[b]The table was ended.[/] $text", text=self.ended)
        if self.result is not None:
            return markup("[b]The game is over.[/] g: results · Esc: menu")
        if not self.table.get("started"):
            return markup("[b]Waiting for players[/] · share the code [b]$code[/]",
                          code=self.code)
        if self.to_move is None or self.to_move >= len(self.looks):
            return markup("…")
        look = self.looks[self.to_move]
        last = self.last_move()
        return markup(f"[reverse b $seat-{look.colour}] $letter [/] [b]$name[/] is to move"
                      + (" [dim]·[/] $last" if last else ""),
                      letter=look.letter, name=look.name, last=last)

    def last_move(self) -> str:
        """The latest log sentence of the game (plain), for the status line."""
        for step, line in reversed(self.game_lines):
            if not line.heading:
                return plain(line.text, 120) if step >= self.step - 1 else ""
        return ""

    def show_results(self) -> None:
        if self._results_shown or self.result is None:
            return
        self._results_shown = True
        self.action_results()

    def when_on_top(self, then: Any) -> bool:
        """Run ``then`` now if this screen shows, else when it shows again."""
        if self.app.screen is self:
            return False
        self._deferred.append(then)
        return True

    def on_screen_resume(self) -> None:
        todo, self._deferred = self._deferred, []
        for then in todo:
            then()

    # ------------------------------------------------------------ my turn
    @on(ActionMenu.Chosen)
    def _chosen(self, event: ActionMenu.Chosen) -> None:
        self.play(event.action)

    @on(ActionMenu.Highlighted)
    def _highlighted(self, event: ActionMenu.Highlighted) -> None:
        if self.view is not None and self.looks:
            self.ui.focus_action(self.scene(), event.action)

    def play(self, action: tuple) -> None:
        """Send the chosen action, once for this step (the list stays off
        until the next state, or the hall's refusal)."""
        if not self.my_turn() or self._sent_step == self.step:
            return
        if self._offered != (self.step, self.to_move, True):
            return  # chosen from a list drawn for an earlier position
        self.workers.cancel_group(self, "hint")
        self._hint_step = None
        self._sent_step = self.step
        self.settled.clear()
        self.send({"t": "act", "step": self.step, "action": self.game.encode_action(action)})
        self.say(markup("[dim]Sent:[/] $what",
                               what=self.game.describe(self.view, action)))

    # ------------------------------------------------------------ keys
    def command_letters(self) -> str:
        """Letters that are commands here while no filter is typed (the
        action filter lets them through; ``/`` filters with them)."""
        return "t:" + ("sbe" if self.is_host and self.ended is None else "")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The host's letters are the host's only (for others they filter)."""
        if action == "key" and len(parameters) == 2 and parameters[1] in ("start", "bot", "end"):
            return self.is_host and self.ended is None
        return True

    def action_chat(self) -> None:
        def said(text: str | None) -> None:
            if text:
                self.send({"t": "chat", "text": text[:CHAT_CHARS]})

        self.app.push_screen(ChatScreen(), said)

    def action_undo(self) -> None:
        if self.seat is None or self.result is not None or self.ended is not None:
            return
        self.send({"t": "undo"})
        self.notify("Asked the others to let you take back your last move.", title="Undo")

    def action_hint(self) -> None:
        """The search looks at my own view only; only on my turn."""
        if not self.my_turn() or self._hint_step == self.step or self.seat is None:
            return
        self._hint_step = self.step
        self.settled.clear()
        self.status.thinking("[b]Hint:[/] thinking about your move…", None)
        have = installed_kinds()
        kind = next((k for k in HINT_KINDS if k in have), "random")
        settings = host(self).settings
        seconds = (settings.hint_seconds if settings.hint_seconds is not None
                   else None if settings.hint_iterations is not None else HINT_SECONDS)
        seed = (hash(self.code) * 1_000_003 + self.step * 97 + self.seat) & 0xFFFFFFFF
        job = Job(("hint", self.seat), kind, "normal", self.game_id, self.view, self.seat,
                  settings.hint_iterations, seconds, seed ^ 0x5EED)
        self.think_hint(job, self.step)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def think_hint(self, job: Job, step: int) -> Hint:
        worker = get_current_worker()
        decision = self.bots.decide(job, lambda: worker.is_cancelled, lambda f: None)
        why = reasons(job) if job.kind == "rules" or flat(decision.alternatives) else ()
        return Hint(step, decision.action, job.kind, decision.alternatives, why)

    @on(Worker.StateChanged)
    def _worker_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "hint":
            return
        if event.state == WorkerState.SUCCESS:
            self.hint_ready(event.worker.result)
        elif event.state == WorkerState.ERROR and not event.worker.is_cancelled:
            self._hint_step = None
            self.notify(f"No hint: {event.worker.error}", severity="warning")
            self.redraw()

    def hint_ready(self, hint: Hint) -> None:
        self._hint_step = None
        if hint.step != self.step or not self.my_turn():
            return
        self.redraw()
        action, lines, source = hint_text(self.game, self.view, hint)

        def done(play: bool | None) -> None:
            if play and hint.step == self.step:
                self.play(action)

        self.app.push_screen(HintScreen(self.game.describe(self.view, action), lines, source),
                             done)

    def action_start(self) -> None:
        if self.table.get("started"):
            self.notify("The game has started already.")
            return
        self.send({"t": "start"})

    def waiting_seats(self) -> list[tuple[int, str]]:
        """Human seats whose player is away and no bot plays yet."""
        out = []
        for i, s in enumerate(self.table.get("seats") or []):
            if isinstance(s, dict) and s.get("kind") == HUMAN and s.get("taken") \
                    and not s.get("connected") and not s.get("bot_playing"):
                out.append((i, plain(s.get("name") or "?", NAME_CHARS)))
        return out

    def action_bot(self) -> None:
        waiting = self.waiting_seats()
        if not waiting:
            self.notify("No seat is waiting for its player.")
            return
        if len(waiting) == 1:
            self.send({"t": "bot", "seat": waiting[0][0]})
            return

        def chosen(key: str | None) -> None:
            if key is not None:
                self.send({"t": "bot", "seat": int(key.removeprefix("seat-"))})

        items = [(f"seat-{i}", f"{i + 1}. {name}") for i, name in waiting]
        self.app.push_screen(ChoiceScreen("A bot plays for…", items), chosen)

    def action_end(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.send({"t": "end"})

        self.app.push_screen(ConfirmScreen("End this table for everyone?"), answered)

    def action_results(self) -> None:
        if self.result is None or self.when_on_top(self.action_results):
            return
        self.app.push_screen(ResultsScreen(self.result, self.looks))

    def action_help(self) -> None:
        keys = [KeyHelp(key_label(b), b.description) for b in self.BINDINGS
                if isinstance(b, Binding) and b.description
                and (self.is_host or not b.description.startswith("Host"))]
        keys += [
            KeyHelp("letters", "filter the actions (letters matching nothing are ignored)"),
            KeyHelp("/", "filter with any letter (also t, z and h)"),
            KeyHelp("1-9, 0", "play the 1st…10th action shown"),
            KeyHelp("↑ ↓ Enter", "move in the actions and play one"),
            KeyHelp("Tab", "move between the actions, the table and the log"),
        ]
        if self.seat is not None and self.comeback:
            keys.append(KeyHelp("come back", self.comeback))
        self.app.push_screen(HelpScreen("Keys at a shared table", keys, self.ui.notes))

    def action_menu(self) -> None:
        if self.gone:  # nothing here works without the hall
            self.app.post_message(LeaveHall())
            return

        def chosen(item: str | None) -> None:
            if item == "chat":
                self.action_chat()
            elif item == "rules":
                from .rules import RulesScreen

                self.app.push_screen(RulesScreen(self.game_id))
            elif item == "help":
                self.action_help()
            elif item == "leave":
                self.leave()
            elif item == "quit":
                self.app.exit(0)

        self.app.push_screen(TableMenu(), chosen)

    def leave(self) -> None:
        """Back to the lobby; my seat waits for me as after a disconnect."""
        self.send({"t": "leave"})
        self.close_quietly()

    def close_quietly(self) -> None:
        """Take this screen (and any dialog over it) away without a word."""
        self.workers.cancel_group(self, "hint")
        while self.app.screen is not self and self in self.app.screen_stack:
            self.app.pop_screen()
        if self in self.app.screen_stack:
            self.dismiss()

