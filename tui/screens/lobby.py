"""The lobby of a table hall: the open tables, and making or joining one.

Each row is one table: its code, the game, human seats taken and free, who
is there, how far it is and whether it started. n makes a new table (the
new-game form, where "Human" seats become open seats), Enter joins the
highlighted table, w watches it, c joins by code, r asks again.

Everything here comes from the hall (names, titles, progress) and is shown
as plain text only (``tui.widgets.untrusted.markup``). The lobby asks for
the list again every ``REFRESH_S`` while it shows.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Checkbox, Input, OptionList, Static
from textual.widgets.option_list import Option

from engine.core import IllegalAction
from engine.match import HUMAN
from hall.messages import CODE_RULE, PRIVATE_CODE_LEN, is_code
from saves.plain import plain
from tui.hall_link import HallSend, invite_command
from tui.host import host
from tui.widgets.keybar import KeyBar
from tui.widgets.seats import kind_word
from tui.widgets.untrusted import PlainInput, markup

from .new_game import NewGameScreen, OnOffBox
from .saved import last_game

REFRESH_S = 5.0


def seats_line(table: dict[str, Any]) -> tuple[int, int, list[str]]:
    """Human seats taken, human seats free, and the names of who is there."""
    seats = [s for s in table.get("seats") or [] if isinstance(s, dict)]
    humans = [s for s in seats if s.get("kind") == HUMAN]
    taken = [s for s in humans if s.get("taken")]
    names = [plain(str(s.get("name", "")), 24) for s in taken]
    return len(taken), len(humans) - len(taken), names


def bots_text(table: dict[str, Any]) -> str:
    """What plays each bot seat, as every seat list says it ("· bots:
    rules · search, hard "); "" at a table of people only."""
    seats = [s for s in table.get("seats") or [] if isinstance(s, dict)]
    words = [kind_word(str(s.get("kind", "")), str(s.get("strength") or "normal"))
             for s in seats if s.get("kind") != HUMAN]
    return "· bots: " + " · ".join(w for w in words if w) + " " if any(words) else ""


def count_line(tables: list[dict[str, Any]]) -> str:
    """"2 tables open, 1 finished": a finished table is listed (to be
    watched) but is not open."""
    done = sum(1 for t in tables if t.get("over"))
    n = len(tables) - done
    line = "no table open" if n == 0 else "1 table open" if n == 1 else f"{n} tables open"
    return line + (f", {done} finished" if done else "")


def is_mine(table: dict[str, Any]) -> bool:
    """Does one of the table's seats belong to me (the hall marks it "you")?"""
    return any(isinstance(s, dict) and s.get("you") for s in table.get("seats") or [])


def table_row(table: dict[str, Any]) -> Content:
    """One table of the list, as plain text in our own layout. The code
    leads the row without the word "code": a screen reading "code KXPQR"
    names the table it is at (tests and benches read it off the screen just
    after creating one, when the lobby may still show for a moment)."""
    taken, free, names = seats_line(table)
    progress = plain(str(table.get("progress", "")), 60)
    state = ("over" if table.get("over") else "started" if table.get("started")
             else "waiting")
    if progress.startswith("finished"):  # "finished · over" said it twice
        state = ""
    private = " · private" if table.get("private") else ""
    if is_mine(table):
        private += " · your seat"
    watching = int(table.get("spectators") or 0)
    watch = f" · {watching} watching" if watching else ""
    return markup("[b]$code[/]  $title  [dim]$players ·[/] $taken taken, $free free"
                  "$private\n       $names  [dim]$bots· $where$watch[/]",
                  code=plain(str(table.get("code", "")), PRIVATE_CODE_LEN),
                  title=plain(str(table.get("title") or table.get("game", "")), 40),
                  players=f"{int(table.get('players') or 0)}p", taken=taken, free=free,
                  private=private, names=", ".join(names) or "nobody yet", bots=bots_text(table),
                  where=" · ".join(w for w in (progress, state) if w), watch=watch)


class CodeScreen(ModalScreen[str | None]):
    """Asks for a table's code (``hall.messages.is_code``); returns it in capitals."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="code-box"):
            yield Static("Join a table by its code", classes="title")
            yield PlainInput(placeholder="the code, e.g. KXPQR", id="code",
                             max_length=PRIVATE_CODE_LEN, restrict=r"[A-Za-z]*")
            yield Static(id="code-problem")
            yield Static("Enter joins · Esc cancels", classes="keys")

    def on_mount(self) -> None:
        inp = self.query_one(PlainInput)
        inp.cursor_blink = host(self).settings.cursor_blink
        inp.focus()

    @on(Input.Submitted, "#code")
    def _submit(self, event: Input.Submitted) -> None:
        code = event.value.strip().upper()
        if not is_code(code):
            self.query_one("#code-problem", Static).update(
                f"[b $error]{CODE_RULE[0].upper()}{CODE_RULE[1:]}.[/]")
            return
        self.dismiss(code)

    def action_cancel(self) -> None:
        self.dismiss(None)


class NewTableScreen(NewGameScreen):
    """The new-game form for a shared table: "Human" seats are open seats
    for whoever joins (the creator takes the first), bots keep their kind
    and strength; plus private (join by code only) or open to everyone.
    Returns the "create" message, or None. It opens on the game last
    chosen (``saved.last_game``, as the local form does), with the focus on
    the game field, not Create: a table others will sit at is set up before
    it is opened."""

    # The key bar says what the button says ("^g Start" beside a Create button).
    BINDINGS = [Binding("ctrl+g", "start", "Create") if b.key == "ctrl+g" else b
                for b in NewGameScreen.BINDINGS if isinstance(b, Binding)]

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__(game_id)
        self._first_focus = "#game"

    def prepare(self, focus: str = "#start") -> None:
        super().prepare(focus)
        self.query_one(".title", Static).update("New table")
        # The hall draws a shared table's seed and tells it to nobody before
        # the game ends: a seed known to a player would give away every
        # hidden card (a local game with that seed replays the deal).
        self.query_one("#seed-row").display = False
        if not self.query("#private"):
            self.query_one("#form").mount(
                OnOffBox("Private: only who has the code can join", value=False,
                         compact=True, id="private"), before="#buttons")
        self.query_one("#start").label = "Create"  # type: ignore[attr-defined]

    def action_back(self) -> None:
        self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "reroll"  # no seed here (see prepare)

    def shows_key(self, binding: Binding) -> bool:
        return binding.action != "reroll"

    def create_message(self) -> dict[str, Any]:
        """The "create" message the form describes (IllegalAction/ValueError
        say what is wrong, as for a local game)."""
        match = self.build_match()  # set up once: the game checks the options
        return {"t": "create", "game": self.game_id,
                "seats": [{"name": s.name, "kind": s.kind, "strength": s.strength}
                          for s in match.seats],
                "options": {k: plain_value(v) for k, v in match.options.items},
                "private": self.query_one("#private", Checkbox).value}

    def action_start(self) -> None:
        try:
            message = self.create_message()
        except (IllegalAction, ValueError) as e:
            self.query_one("#problem", Static).update(markup("[b $error]$problem[/]", problem=e))
            return
        host(self).settings.last_game = self.game_id  # the next form opens on it
        self.dismiss(message)  # type: ignore[arg-type]


def plain_value(value: Any) -> Any:
    """An option's value as msgpack carries it (tuples as lists)."""
    if isinstance(value, tuple | list):
        return [plain_value(v) for v in value]
    return value


class LobbyScreen(Screen[None]):
    """The hall's open tables (and my own); the app routes "tables" here."""

    CSS_PATH = "lobby.tcss"
    BINDINGS = [
        Binding("enter", "join", "Join"),
        Binding("n", "new", "New table"),
        Binding("w", "watch", "Watch"),
        Binding("c", "code", "Join by code"),
        Binding("r", "refresh", "Refresh"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.listed: list[dict[str, Any]] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby-box"):
            yield Static("Tables", classes="title")
            yield Static(id="lobby-you", classes="muted")
            yield OptionList(id="lobby-tables")
            yield Static(id="lobby-invite", classes="muted")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show_tables()
        self.action_refresh()
        self.set_interval(REFRESH_S, self._tick)
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        self.action_refresh()

    def _tick(self) -> None:
        if self.app.screen is self:
            self.action_refresh()

    def send(self, msg: dict[str, Any]) -> None:
        self.app.post_message(HallSend(msg))

    # ------------------------------------------------------------ the list
    def tables(self, tables: list[Any]) -> None:
        """The hall's answer to "list": redraw, keeping the highlighted table."""
        self.listed = [t for t in tables if isinstance(t, dict)]
        self.show_tables()

    def show_tables(self) -> None:
        hall = host(self).hall
        you = plain(hall.you, 24) if hall is not None else ""
        self.query_one("#lobby-you", Static).update(
            markup("You are [b]$you[/] · $n", you=you or "?", n=count_line(self.listed)))
        menu = self.query_one("#lobby-tables", OptionList)
        keep = self.highlighted_code()
        menu.clear_options()
        if not self.listed:
            menu.add_option(Option(Content.styled("No open tables yet. n: start one.", "dim"),
                                   disabled=True))
            self.show_invite()
            return
        menu.add_options([Option(table_row(t), id=f"table-{i}")
                          for i, t in enumerate(self.listed)])
        codes = [t.get("code") for t in self.listed]
        menu.highlighted = codes.index(keep) if keep in codes else 0
        self.show_invite()

    def show_invite(self) -> None:
        """How a friend joins: the highlighted table's command (the ssh line
        with this server's address when served, else ``tabula join``)."""
        hall = host(self).hall
        code = self.highlighted_code()
        line = self.query_one("#lobby-invite", Static)
        if hall is None or not isinstance(code, str) or not is_code(code):
            line.update(markup("Invite a friend: n starts a table; they join with $how",
                               how=invite_command(getattr(hall, "link", None), "CODE")))
            return
        table = self.highlighted() or {}
        _taken, free, _names = seats_line(table)
        self.enter_says("Your seat" if is_mine(table) and not table.get("over") else None)
        if is_mine(table) and not table.get("over"):  # full or not, Enter sits me there
            invite = markup(" · invite a friend: [b]$how[/]", how=invite_command(hall.link, code))
            line.update(markup("[b]$code[/] holds your seat: Enter takes you back to it",
                               code=code) + (invite if free else ""))
            return
        if table.get("over") or not free:  # no one can sit there: it can be watched
            why = "over" if table.get("over") else "full"
            line.update(markup("[b]$code[/] is $why: w watches it · n starts a table of your "
                               "own", code=code, why=why))
            return
        line.update(markup("Invite a friend to [b]$code[/]: [b]$how[/]", code=code,
                           how=invite_command(hall.link, code)))

    def enter_says(self, words: str | None) -> None:
        """The key bar's word for Enter: "Your seat" at a table holding it
        ("Join" there read as taking another seat)."""
        bar = self.query_one(KeyBar)
        if bar.relabel.get("join") != words:
            if words is None:
                bar.relabel.pop("join", None)
            else:
                bar.relabel["join"] = words
            bar.redraw()

    @on(OptionList.OptionHighlighted, "#lobby-tables")
    def _highlighted(self) -> None:
        self.show_invite()

    def highlighted_code(self) -> str | None:
        table = self.highlighted()
        return table.get("code") if table is not None else None

    def highlighted(self) -> dict[str, Any] | None:
        menu = self.query_one("#lobby-tables", OptionList)
        i = menu.highlighted
        if i is None or not 0 <= i < len(self.listed):
            return None
        return self.listed[i]

    @on(OptionList.OptionSelected, "#lobby-tables")
    def _selected(self) -> None:
        self.action_join()

    # ------------------------------------------------------------ keys
    def action_refresh(self) -> None:
        self.send({"t": "list"})

    def action_join(self) -> None:
        table = self.highlighted()
        if table is not None:
            self.send({"t": "join", "code": str(table.get("code", "")), "seat": None})

    def action_watch(self) -> None:
        table = self.highlighted()
        if table is not None:
            self.send({"t": "watch", "code": str(table.get("code", ""))})

    def action_code(self) -> None:
        def chosen(code: str | None) -> None:
            if code:
                self.send({"t": "join", "code": code, "seat": None})

        self.app.push_screen(CodeScreen(), chosen)

    def action_new(self) -> None:
        def chosen(message: dict[str, Any] | None) -> None:
            if message:
                self.send(message)

        self.app.push_screen(NewTableScreen(last_game(self)), chosen)  # type: ignore[arg-type]

    def action_back(self) -> None:
        self.dismiss()
