"""A seat at a table a hall keeps, as a table screen's source (issue 14;
``tui.screens.table.Source``).

Each "state" message holds this seat's view only (a spectator's is the
public ``engine.core.SPECTATOR`` view), whose turn it is, the log lines and
the table's seats. Nothing here holds a ``Match`` or a full state: the hall
checks and plays every action (its bots too); the screen offers the seat's
legal actions from its own view and sends the one chosen, once per step.

Besides the game: a line of who sits where (● connected, ○ away, the bot
kind for a seat a bot plays), the table's code and move number ("code
KXPQR · move 37"), a bell and a tinted status line when it becomes your
turn, chat (``:`` or ``t``) shown in the log, undo by everyone's consent,
the hint for your own seat (seeded from the table's code and the step, so
it is the same in every process), the score breakdown and chart at the end
(the hall's "result" carries them), and the host's keys (start now with
bots, a bot for a waiting seat, end the table: the hall's "host" message
gives them to the next human when the host leaves before the start). When
the hall goes away the screen stays and says what happened and how to come
back. Every text from the hall is plain (``tui.widgets.untrusted``).
"""

from __future__ import annotations

import pickle
import zlib
from collections import deque
from typing import Any

from textual.binding import Binding
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from engine import get_game
from engine.core import SPECTATOR, LogLine, Result, ScoreHistory
from engine.match import HUMAN, Seat
from saves.plain import plain
from tui.clock import Stoppable
from tui.hall_link import HallSend, LeaveHall, invite_command, local_join
from tui.host import host
from tui.widgets import redraw
from tui.widgets.seats import kind_word
from tui.widgets.untrusted import markup

from .dialogs import ConfirmScreen, KeyHelp
from .game_over import Ending
from .source import HELP_KEY, HINT_KEY, LOG_KEY, MENU_KEY, RESULTS_KEY, Source, undo_key
from .table import TableScreen
from .table_dialogs import CHAT_CHARS, NAME_CHARS, ChatScreen, ChoiceScreen, TableMenu

STAGES_KEPT = 64  # stages of one step played out at a shared table
VIEWS_KEPT = 8  # earlier views kept for earlier(k): what the last moves changed
CHAPTERS_KEPT = 60  # columns of the score chart a hall may send
OTHERS_KEPT = 4  # lines of opponents that are not seats (the solo's Enemy) it may send
WIDE_WHO = 100  # columns from which the who line says "rules bot", not "rules"
HOST_KEYS = {"start": "s", "bot": "b", "end": "e"}  # action: its letter


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
        kind = plain(str(s.get("kind") or HUMAN), 20)
        seats.append(Seat(name, kind, plain(str(s.get("strength") or "normal"), 20)))
    return tuple(seats)


def ints(raw: Any, n: int | None = None) -> tuple[int, ...] | None:
    """A list of ints from the hall (``n`` of them, if given), or None."""
    if not isinstance(raw, list | tuple) or (n is not None and len(raw) != n) \
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in raw):
        return None
    return tuple(raw)


def ending_from(raw: Any, seats: int) -> Ending | None:
    """The hall's "result" as an ``Ending``, or None if it is not one. A
    result without the breakdown or the history (an older hall) still gives
    the outcome and the scores, with an empty breakdown and chart."""
    if not isinstance(raw, dict):
        return None
    scores = ints(raw.get("scores"), seats)
    ranks = ints(raw.get("ranks"), seats)
    if scores is None or ranks is None:
        return None
    winners = tuple(w for w in ints(raw.get("winners")) or () if 0 <= w < seats)
    got = raw.get("breakdown")
    breakdown = tuple({plain(str(k), 20): v for k, v in b.items() if isinstance(v, int)}
                      if isinstance(b, dict) else {} for b in got) \
        if isinstance(got, list) and len(got) == seats else tuple({} for _ in scores)
    labels = tuple((plain(str(p[0]), 20), plain(str(p[1]), 20)) for p in raw.get("labels") or ()
                   if isinstance(p, list | tuple) and len(p) == 2)
    others = tuple((plain(str(o[0]), NAME_CHARS), o[1]) for o in raw.get("others") or ()
                   if isinstance(o, list | tuple) and len(o) == 2 and isinstance(o[1], int))
    got = raw.get("others_breakdown")  # the solo's Enemy: its row's parts
    others_breakdown = tuple({plain(str(k), 20): v for k, v in b.items() if isinstance(v, int)}
                             for b in got if isinstance(b, dict)) \
        if isinstance(got, list) and len(got) == len(others) else ()
    tiebreak = raw.get("tiebreak")
    result = Result(scores, ranks, breakdown, winners,
                    plain(tiebreak, 60) if isinstance(tiebreak, str) else None,
                    plain(raw.get("outcome") or "", 300), plain(raw.get("unit") or "points", 20),
                    labels, others, others_breakdown)
    return Ending(result, history_from(raw.get("history"), seats),
                  plain(str(raw.get("chapter") or "round"), 20))


def history_from(raw: Any, seats: int) -> ScoreHistory:
    """The scores over the chapters from the hall (empty if malformed)."""
    if not isinstance(raw, dict):
        return ScoreHistory((), ())
    labels = raw.get("labels") or []
    rows = [ints(r, seats) for r in raw.get("rows") or []]
    if not isinstance(labels, list) or len(labels) != len(rows) or None in rows \
            or len(rows) > CHAPTERS_KEPT:
        return ScoreHistory((), ())
    # The solo's Enemy over the chapters (its line in the chart), where sent
    others = [ints(r) for r in raw.get("others") or []]
    if len(others) != len(rows) or not others_fit(others):
        others = []
    return ScoreHistory(tuple(plain(str(x), 8) for x in labels), tuple(rows),  # type: ignore[arg-type]
                        tuple(others))  # type: ignore[arg-type]


def others_fit(rows: list[tuple[int, ...] | None]) -> bool:
    """Are these the scores of a few opponents that are not seats (the
    solo's Enemy), as many in each chapter?"""
    return all(r is not None for r in rows) and len({len(r or ()) for r in rows}) <= 1 \
        and all(len(r or ()) <= OTHERS_KEPT for r in rows)


def undo_move(msg: dict[str, Any]) -> str:
    """The move an undo question names, as it follows "their last move"
    (": Massilia builds Portus, and the 2 moves after it"); "" from a hall
    that does not say (the text is plain: it may quote a name)."""
    move = plain(msg.get("move") or "", 160) if isinstance(msg.get("move"), str) else ""
    move = move.rstrip(". ")  # the question goes on after it
    after = msg.get("after")
    if not move:
        return ""
    if isinstance(after, int) and not isinstance(after, bool) and after > 0:
        move += f", and the {after} moves after it" if after > 1 else ", and the move after it"
    return f": {move}"


def hint_seed(code: str, step: int, seat: int) -> int:
    """A hint's seed at a shared table: the same in every process (never
    ``hash()``, which Python salts per process), from the table's code,
    the step and the seat."""
    return zlib.crc32(f"{code}:{step}:{seat}".encode())


class HallSource(Source):
    """One table of the hall, from one seat (or a spectator's chair). The
    hall's bots think at the hall; it keeps the seed and the replay."""

    def menu(self) -> TableMenu:  # type: ignore[override]
        """The table's menu, promising a waiting seat only while the game goes on."""
        return TableMenu(over=self.over() or bool(self.ended))
    help_title = "Keys at a shared table"
    pace_words = "Pacing of the others' moves"
    marks_turn = True
    leave_words = "Leave the table"
    screen: TableScreen | None

    def __init__(self, joined: dict[str, Any], you: str = "", comeback: str = "") -> None:
        """``comeback``: a guest's way back to their seat (the ssh command), if any."""
        table = joined.get("table") or {}
        self.game_id = str(table.get("game", ""))
        self.game = get_game(self.game_id)
        self.you = plain(you, NAME_CHARS)
        self.comeback = plain(comeback, 300)
        self._told_comeback = False
        self.code = str(table.get("code", ""))
        self.seat: int | None = None
        self.is_host = False
        self.table: dict[str, Any] = table
        self.seats: tuple[Seat, ...] = seats_of(table)
        self._step = -1  # of the last state received
        self.latest: Any = None  # my view of the last state received
        self._to_move: int | None = None
        self.result: dict[str, Any] | None = None
        self.ended: str | None = None
        self.gone = False  # the hall is gone: ``ended`` says what happened and how to come back
        self.views: dict[int, Any] = {}
        self._stages: tuple[int, tuple] = (-1, ())  # (step, its stages' views) from the hall
        self.game_lines: list[tuple[int, LogLine]] = []
        self.chat_lines: list[tuple[int, dict[str, Any]]] = []  # (step, chat message)
        self._new_lines: list[LogLine] | None = None  # None: redraw the whole log
        self._who_said: tuple = ()  # what the who line's seats were drawn from
        self._who_seats: list[Content] = []
        self._held: deque[dict[str, Any]] = deque()  # states waiting for the one shown's pace
        self._release: Stoppable | None = None  # the timer that shows the next held state
        self._undrawn = False  # a new step was taken in and is not drawn yet
        self.joined(joined)

    def bindings(self) -> list[Binding]:
        return [
            Binding("t", "key('t', 'chat')", "Chat", priority=True, tooltip="Say one line"),
            Binding("colon", "key(':', 'chat')", "Chat", key_display=":", show=False,
                    priority=True),
            undo_key("Undo?", "Ask the others to take back your last move"),
            HINT_KEY, HELP_KEY, RESULTS_KEY,
            Binding("s", "key('s', 'start')", "Host: start now, bots in the free seats",
                    show=False, priority=True),
            Binding("b", "key('b', 'bot')", "Host: a bot plays a waiting seat", show=False,
                    priority=True),
            Binding("e", "key('e', 'end')", "Host: end the table", show=False, priority=True),
            MENU_KEY, LOG_KEY,
            Binding("space", "skip", "Skip what the table plays out", show=False),
            Binding("ctrl+p", "pace", "Pacing of others' moves: instant, normal, slow",
                    show=False),
        ]

    def widgets(self) -> list[Widget]:
        """The line of who sits where, above the keys."""
        return [Static(id="who")]

    # ------------------------------------------------------------ the screen
    def mounted(self) -> None:
        self.tell_comeback()
        if self.screen is not None:
            self.screen.app.parting = ""  # back at the seat

    def detach(self) -> None:
        """The screen is gone (back to the lobby, or Tabula quit): a seat of
        an unfinished game waits, and the terminal is told how to come back
        once Tabula has closed (``TabulaApp.parting``)."""
        screen = self.screen
        if screen is None or self.seat is None or self.over() or self.ended:
            return
        back = self.comeback or self.way_back()
        screen.app.parting = f"Your seat at table {self.code} waits for you: {back}"

    def send(self, msg: dict[str, Any]) -> None:
        assert self.screen is not None
        self.screen.app.post_message(HallSend(msg))

    def notify(self, text: str, **kw: Any) -> None:
        assert self.screen is not None
        self.screen.notify(text, **kw)

    def redraw(self) -> None:
        """Draw now (a change of seat, host, or the end of the table)."""
        if self.screen is not None and self.screen.is_mounted:
            self.screen.proceed()

    def redraw_soon(self) -> None:
        if self.screen is not None:
            self.screen.redraw_soon()

    # ------------------------------------------------------------ from the hall
    def joined(self, msg: dict[str, Any]) -> None:
        """(Re)joined this table: my seat (None: watching) and whether I host it."""
        seat = msg.get("seat")
        self.seat = seat if isinstance(seat, int) and 0 <= seat < len(self.seats) else None
        self.is_host = bool(msg.get("host"))
        self.set_table(msg.get("table") or self.table)
        screen = self.screen
        if screen is not None and screen.is_mounted:
            screen.reseat()
            screen.proceed()
            self.tell_comeback()

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
        if seats != self.seats:
            self.seats = seats  # the looks follow the names: made again with the next view

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
            self.undo_result(msg)
        elif kind == "host" and msg.get("code") == self.code:
            self.became_host(plain(msg.get("text") or "You host this table now.", 300))
        elif kind == "ended":
            self.ended = plain(msg.get("text") or "The table was ended.", 300)
            self.notify(self.ended, title="Table ended")
            self.redraw()

    def hall_gone(self, text: str) -> None:
        """The connection to the hall is gone (it stopped, was killed, the
        server shut down): the board stays as it was, with ``text`` (what
        happened, how to come back) in the status line and the actions
        panel; Esc leaves to the title."""
        self.gone = True
        self.ended = text
        if self.screen is not None:
            self.screen.workers.cancel_group(self.screen, "hint")
        self.redraw()

    def became_host(self, text: str) -> None:
        """The host left before the game started and I host it now: the
        host's keys (start, bot, end) are mine."""
        self.is_host = True
        self.notify(text[:1].upper() + text[1:], title="Table")
        self.redraw()  # the waiting note now says s starts it

    def state(self, msg: dict[str, Any]) -> None:
        """A new position. A later move waits while the one shown still has
        its pace (or plays out stage by stage), so that moves the hall sends
        in a burst (bots answering at once) each stay on screen as a local
        game's bots' moves do; an undo or a fresh log shows everything now."""
        step, last = msg.get("step"), self._last_step()
        if not isinstance(step, int):
            return
        if msg.get("reset") or step < last:
            self.catch_up()
        elif self._held or (step > last and self._must_wait()):
            self._held.append(msg)  # (a same-step update keeps its place behind them)
            self._release_soon()
            return
        self._apply(msg)

    def _last_step(self) -> int:
        """The step of the last state received (held or shown)."""
        step = self._held[-1].get("step") if self._held else self._step
        return step if isinstance(step, int) else self._step

    def _must_wait(self) -> bool:
        """Must a new move wait? While the last one is on screen for its
        pace, plays out, or has not even been drawn yet: moves read from the
        socket in one go arrive before the screen draws the first of them,
        whose pace then has not begun (a screen jumped 8 moves at once)."""
        screen = self.screen
        return screen is not None and screen.is_mounted and (
            screen.playing_out() or screen.shown_for() > 0
            or (self._undrawn and screen.stage_pace() > 0))

    def _release_soon(self) -> None:
        """Time the next held state for when the one shown has had its pace
        (a step playing out, or one not drawn yet, releases it when it has
        been: ``drawn``)."""
        screen = self.screen
        if self._release is not None or not self._held or screen is None:
            return
        if screen.playing_out() or self._undrawn:
            return
        clock = host(screen).settings.clock
        self._release = clock.call_later(screen, max(screen.shown_for(), 0.0), self._show_held)

    def _show_held(self) -> None:
        """The pace is up: the next held state (unless a step plays out now)."""
        self._release = None
        if self._held and self.screen is not None and not self.screen.playing_out() \
                and not self._undrawn:
            self._apply(self._held.popleft())

    def catch_up(self) -> bool:
        """Every held state now (space, an undo, a fresh log, leaving)."""
        if self._release is not None:
            self._release.stop()
            self._release = None
        held, self._held = self._held, deque()
        for msg in held:
            self._apply(msg)
        return bool(held)

    def _apply(self, msg: dict[str, Any]) -> None:
        """Take a position in: my view, whose turn, the log lines, the seats."""
        step = msg.get("step")
        raw = msg.get("view")
        if not isinstance(step, int) or not isinstance(raw, bytes):
            return
        view = pickle.loads(raw)  # noqa: S301 — from our own hall, over a private socket
        if step != self._step and self.screen is not None:
            self.screen.new_position()  # a new choice (an undo comes back too)
            self._undrawn = True  # until ``drawn``: the next move waits for this one
        if step < self._step:  # undone: what came after is gone
            self.views = {k: v for k, v in self.views.items() if k <= step}
        self.views[step] = view
        staged = stages_of(msg.get("stages"))
        if staged or step < self._stages[0]:  # kept until a later step has its own
            self._stages = (step, staged)
        for k in sorted(self.views)[:-VIEWS_KEPT]:
            del self.views[k]
        self._step, self.latest = step, view
        to_move = msg.get("to_move")
        self._to_move = to_move if isinstance(to_move, int) else None
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

    def chat(self, msg: dict[str, Any]) -> None:
        """A chat line: into the log (kept apart: a reset of the game's log
        keeps it, in its place)."""
        self.chat_lines.append((max(self._step, 0), msg))
        if self.screen is not None and self._new_lines is not None:
            self.screen.add_to_log([self.chat_line(msg)])

    def chat_line(self, msg: dict[str, Any]) -> LogLine:
        """A chat message as a log line, in the speaker's colour when seated
        (the hall re-sends the last lines on joining, before the first view)."""
        name = plain(msg.get("name") or "?", NAME_CHARS)
        text = plain(msg.get("text") or "", CHAT_CHARS)
        seat = msg.get("seat")
        looks = self.screen.looks if self.screen is not None else ()
        if isinstance(seat, int) and 0 <= seat < len(looks):
            return LogLine(((looks[seat].label, seat), (f" says: {text}", None)))
        return LogLine.plain(f"{name} (watching) says: {text}")

    def undo_asked(self, msg: dict[str, Any]) -> None:
        """Another player asks to take back their move: yes or no."""
        if self.seat is None or self.screen is None:
            return
        move = undo_move(msg)
        if msg.get("seat") == self.seat:  # mine is out: the hall tells whom it asks
            names = [plain(str(n), NAME_CHARS) for n in msg.get("waiting") or []][:8]
            whom = (", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1
                    else names[0] if names else "the others")
            self.notify(f"Asked {whom} to let you take back your last move{move}.",
                        title="Undo")
            return
        name = plain(msg.get("name") or "A player", NAME_CHARS)

        def answered(yes: bool | None) -> None:
            self.send({"t": "undo_answer", "yes": bool(yes)})

        self.screen.app.push_screen(ConfirmScreen(f"{name} asks to take back their last "
                                                  f"move{move}. Agree?"), answered)

    def undo_result(self, msg: dict[str, Any]) -> None:
        """Taken back or refused: the asker reads it as theirs ("Your undo
        was refused: Julia said no"), the others by name."""
        ok = bool(msg.get("ok"))
        text = plain(msg.get("text") or "", 300) or "Undo"
        if self.seat is not None and msg.get("seat") == self.seat:
            why = plain(msg.get("why") or "", 200)
            text = "Your move was taken back" if ok else \
                "Your undo was refused" + (f": {why}" if why else "")
        self.notify(text, title="Undo", severity="information" if ok else "warning")

    def refused(self, text: str) -> None:
        """The hall refused the last request: an action may be chosen again."""
        if self.screen is not None:
            self.screen.refused()

    # ------------------------------------------------------------ the position
    @property
    def step(self) -> int:
        return self._step

    def ready(self) -> bool:
        return self.latest is not None

    def started(self) -> bool:
        return bool(self.table.get("started"))

    def to_move(self) -> int | None:
        return self._to_move

    def over(self) -> bool:
        return self.result is not None

    def closed(self) -> str | None:
        return self.ended

    def here(self) -> list[int]:
        return [] if self.seat is None else [self.seat]

    def first_viewer(self) -> int:
        return SPECTATOR if self.seat is None else self.seat

    def view(self, seat: int) -> Any:
        return self.latest

    def looks_from(self) -> Any:
        return self.latest

    def looks_changed(self) -> None:
        self._new_lines = None  # chat lines take the seats' colours: draw the log again

    def stages(self, seat: int, since: int) -> tuple:
        """The stages the hall sent with the latest step that had any (this
        seat's views), if it came after ``since``: a bot's move right after
        an Enemy phase may arrive in the same redraw."""
        step, views = self._stages
        return views if since < step <= self._step else ()

    def earlier(self, seat: int, k: int) -> Any:
        return self.views.get(self._step - k)

    def log(self, viewer: int) -> tuple[bool, list[LogLine]]:
        """The game's lines since the last draw, or every line with the chat
        in its place (reset)."""
        new, self._new_lines = self._new_lines, []
        if new is not None:
            return False, new
        merged = sorted([(s, 0, i, ln) for i, (s, ln) in enumerate(self.game_lines)]
                        + [(s, 1, i, self.chat_line(msg))
                           for i, (s, msg) in enumerate(self.chat_lines)],
                        key=lambda x: x[:3])
        return True, [ln for *_, ln in merged]

    def drawn(self) -> None:
        """The who line follows every drawing; the next held move is timed
        from it."""
        self._undrawn = False
        if self.screen is not None and self.screen.is_mounted:
            self.who_line()
            self._release_soon()

    def status_lead(self) -> Content | None:
        return markup("[dim]move $step ·[/] ", step=max(self._step, 0))

    def waiting(self) -> tuple[str | None, Content | None] | None:
        """The actions panel and the status line when it is not my turn
        (None for the status: the screen's line of who is to move)."""
        if self.gone:
            return f"{self.ended}\n\nEsc: back to the title", markup("[b]$text[/]",
                                                                     text=self.ended or "")
        if self.latest is None:
            return None, markup("Joining table [b]$code[/]…", code=self.code)
        if self.ended is not None:
            return (f"{self.ended}\n\nEsc: leave the table",
                    markup("[b]$text[/]", text=self.ended))
        if not self.started():
            free = sum(1 for s in self.table.get("seats") or []
                       if isinstance(s, dict) and s.get("kind") == HUMAN and not s.get("taken"))
            host_says = "\n\ns: start now, bots in the free seats" if self.is_host else ""
            return (f"Waiting for {free} more player{'s' if free != 1 else ''}…{host_says}"
                    f"\n\nInvite a friend: {self.invite()}",
                    markup("[b]Waiting for players[/] · share the code [b]$code[/]",
                           code=self.code))
        if self.seat is None:
            return "You are watching this table.\n\nt: chat · Esc: leave", None
        # Who is to move is on the status line and the who line; a note that
        # named them would redraw the whole list at every move.
        return "Not your turn yet…\n\nt: chat · z: ask to undo your move", None

    def way_back(self) -> str:
        """The command that brings me back to my seat: a served game's line
        (my key is my seat's), else ``tabula join CODE`` under my name (a
        local seat is its name's: the login name alone would be a stranger)."""
        assert self.screen is not None
        hall = host(self.screen).hall
        if hall is not None and getattr(hall.link, "ssh", ""):
            return self.invite()
        return local_join(self.code, self.you)

    def invite(self) -> str:
        """The command a friend runs to join this table."""
        assert self.screen is not None
        hall = host(self.screen).hall
        return invite_command(hall.link if hall is not None else None, self.code)

    def who_line(self) -> None:
        """Seat letter, name, ● connected / ○ away, bot kind; code and move."""
        assert self.screen is not None
        looks = self.screen.looks
        raw = [s if isinstance(s, dict) else {} for s in self.table.get("seats") or []]
        narrow = self.screen.size.width < WIDE_WHO  # 80 columns: every seat still in sight
        said = (repr(raw), looks, self._to_move, self.result is None, self.seat, narrow)
        if said != self._who_said:  # markup costs: most states change only the move
            self._who_said = said
            self._who_seats = [self.seat_part(i, s, narrow) for i, s in enumerate(raw)]
        watching = int(self.table.get("spectators") or 0)
        tail = markup("[dim]code[/] [b]$code[/] [dim]· move[/] $step$watch",
                      code=self.code, step=max(self._step, 0),
                      watch=f" · {watching} watching" if watching else "")
        if self.seat is None:
            tail = markup("[b]watching[/] · ") + tail
        # The code and the move first: a narrow terminal cuts the seats' end.
        redraw.show(self.screen.query_one("#who", Static),
                    Content(" " if narrow else "  ").join([tail, *self._who_seats]))

    def seat_part(self, i: int, s: dict[str, Any], narrow: bool = False) -> Content:
        """One seat of the who line: ▶ to move, badge, name, ●/○, and "bot"
        (with its kind, as a local game's seats say) where a bot plays;
        ``narrow``: a bot seat's kind alone ("rules")."""
        assert self.screen is not None
        looks = self.screen.looks
        look = looks[i] if i < len(looks) else None
        letter = look.letter if look is not None else str(i + 1)
        colour = f"$seat-{look.colour}" if look is not None else "$text"
        human = s.get("kind") == HUMAN
        mark = ("●" if s.get("connected") else "○") if human and s.get("taken") else \
            ("·" if human else "")
        # the kind as every seat list says it ("search, hard"; it read "mcts"),
        # at 80 columns without its strength
        strength = "normal" if narrow else str(s.get("strength") or "normal")
        kind = kind_word(str(s.get("kind") or ""), strength)
        bot = (" bot" if s.get("bot_playing") else "") if human else \
            f" {kind}" if narrow else f" {kind} bot"
        turn = "▶" if i == self._to_move and self.result is None else ""
        you = " (you)" if i == self.seat else ""
        pad = "" if narrow else " "  # the badge's own margins
        gap = " " if mark else ""  # a bot seat has no ●/○: one space before its kind
        return markup(f"$turn[reverse b {colour}]{pad}$letter{pad}[/] $name$you{gap}$mark$bot",
                      turn=turn, letter=letter, name=plain(s.get("name") or "open seat",
                                                           NAME_CHARS),
                      you=you, mark=mark, bot=bot)

    # ------------------------------------------------------------ actions
    def play(self, action: tuple) -> bool:
        """Send it: the hall plays it and sends the next state."""
        self.send({"t": "act", "step": self._step, "action": self.game.encode_action(action)})
        return False

    def undo(self, seat: int) -> bool:
        """Ask the others (the hall takes it back if they all agree)."""
        if self.result is not None or self.ended is not None:
            return False
        self.send({"t": "undo"})  # the hall answers: asked (undo_asked), or why not
        return False

    def hint_seed(self, seat: int) -> int:
        return hint_seed(self.code, self._step, seat)

    def ending(self) -> Ending | None:
        return ending_from(self.result, len(self.seats))

    # ------------------------------------------------------------ keys, menu
    def command_letters(self) -> str:
        """Letters that are commands here while no filter is typed (the
        action filter lets them through; ``/`` filters with them)."""
        return "t:" + self.host_letters()

    def host_letters(self) -> str:
        """The host's letters that can do something now: s before the start,
        b while a seat waits for its player, e until the end. Any other is a
        letter of the filter ("str" had started nothing and lost its s)."""
        if not self.is_host or self.ended is not None:
            return ""
        return (("" if self.started() else "s") + ("b" if self.waiting_seats() else "")
                + "e")

    def allows(self, action: str) -> bool:
        """The host's letters are the host's only (for others they filter),
        and only while they can do something."""
        return action not in HOST_KEYS or HOST_KEYS[action] in self.host_letters()

    def shows_key(self, binding: Binding) -> bool:
        """The key bar offers undo and hints to a seat's player only."""
        return self.seat is not None or binding.key not in ("z", "h")

    def in_help(self, binding: Binding) -> bool:
        return self.is_host or not binding.description.startswith("Host")

    def help_lines(self) -> list[KeyHelp]:
        keys = [
            KeyHelp("/", "filter with any letter (also t, z and h)"),
            KeyHelp("1-9, 0", "play the 1st…10th action shown, while nothing is typed"),
            KeyHelp("↑ ↓ Enter", "move in the actions and play one (typing never plays)"),
            KeyHelp("Tab", "move between the actions, the table and the log"),
        ]
        if self.seat is not None and self.comeback:
            keys.append(KeyHelp("come back", self.comeback))
        return keys

    def menu_instead(self) -> bool:
        """Without the hall nothing here works: Esc leaves."""
        if self.gone and self.screen is not None:
            self.screen.app.post_message(LeaveHall())
        return self.gone

    def menu_chosen(self, item: str) -> None:
        if item == "chat":
            self.action_chat()

    def leave(self) -> None:
        """Back to the lobby; my seat waits for me as after a disconnect."""
        self.send({"t": "leave"})

    def action_chat(self) -> None:
        def said(text: str | None) -> None:
            if text:
                self.send({"t": "chat", "text": text[:CHAT_CHARS]})

        assert self.screen is not None
        self.screen.app.push_screen(ChatScreen(), said)

    def action_start(self) -> None:
        if self.started():
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
        assert self.screen is not None
        self.screen.app.push_screen(ChoiceScreen("A bot plays for…", items), chosen)

    def action_end(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.send({"t": "end"})

        assert self.screen is not None
        self.screen.app.push_screen(ConfirmScreen("End this table for everyone?"), answered)


def stages_of(raw: Any) -> tuple:
    """The stage views a state message carries (none if malformed; at most
    ``STAGES_KEPT``: a longer phase shows its last ones)."""
    if not isinstance(raw, list) or not all(isinstance(x, bytes) for x in raw):
        return ()
    return tuple(pickle.loads(x) for x in raw[-STAGES_KEPT:])  # noqa: S301 — our own hall
