"""Small modal screens: the hot-seat cover, help, the pause menu, saving
under a name, the hint, and a yes/no question (quitting from the title)."""

from __future__ import annotations

from dataclasses import dataclass

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.markup import escape
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tui.host import host
from tui.widgets.untrusted import PlainInput, markup


class CoverScreen(Screen[None]):
    """Hides the table between two humans' turns at one terminal, so a hand
    is never shown to the wrong person. Opaque: nothing shows through."""

    BINDINGS = [Binding("enter,space", "ready", "I am ready")]
    DEFAULT_CSS = """
    CoverScreen { align: center middle; }
    """

    def __init__(self, who: str, prompt: str) -> None:
        super().__init__()
        self.who = who
        self.prompt = prompt

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Pass the keyboard", classes="title")
            yield Static(markup("Next to play: [b]$who[/]\n[dim]$prompt[/]", who=self.who,
                                prompt=self.prompt))
            yield Static("Press [b]Enter[/] when only they can see the screen.",
                         classes="keys")

    def action_ready(self) -> None:
        self.dismiss(None)


@dataclass(frozen=True)
class KeyHelp:
    """One line of the help: the keys and what they do."""

    keys: str
    does: str


class HelpScreen(ModalScreen[None]):
    """Every key of the screen underneath, and how the action menu works."""

    BINDINGS = [Binding("escape,question_mark,enter,q", "close", "Close")]

    def __init__(self, title: str, keys: list[KeyHelp], notes: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.keys = keys
        self.notes = notes

    def compose(self) -> ComposeResult:
        width = max((len(k.keys) for k in self.keys), default=4)
        lines = [f"[b]{escape(k.keys):>{width}}[/]  {escape(k.does)}" for k in self.keys]
        with VerticalScroll(classes="dialog"):
            yield Static(self.title_text, classes="title")
            yield Static("\n".join(lines))
            if self.notes:
                yield Static(self.notes, classes="keys")
            yield Static("Esc closes this help.", classes="keys")

    def action_close(self) -> None:
        self.dismiss(None)


class MenuScreen(ModalScreen[str | None]):
    """The pause menu of the game screen; returns the chosen item's id.
    ``kept``: is the game autosaved yet? Only then do leaving and quitting
    promise Continue (``UNKEPT`` words them before the first move), and for
    a game ``over`` they say where it is kept instead (``FINISHED``)."""

    BINDINGS = [Binding("escape", "close", "Back to the game")]

    UNKEPT = {
        "title": "Leave to the title screen (nothing to keep before a move)",
        "quit": "Quit Tabula (nothing to keep before a move)",
    }

    FINISHED = {
        "title": "Leave to the title screen (the finished game is in Load)",
        "quit": "Quit Tabula (the finished game is in Load)",
    }

    def __init__(self, kept: bool = True, over: bool = False) -> None:
        super().__init__()
        self.kept = kept
        self.over = over

    def items(self) -> list[tuple[str, str]]:
        """The items, in words that hold for this game now (a finished game
        is not continued: the title offers no Continue for it)."""
        words = self.FINISHED if self.over and self.kept else \
            {} if self.kept else self.UNKEPT
        return [(key, words.get(key, text)) for key, text in self.ITEMS]

    ITEMS = (
        ("resume", "Back to the game"),
        ("save", "Save under a name…"),
        ("rules", "Rules"),
        ("help", "Keys"),
        ("title", "Leave to the title screen (the game is kept: Continue)"),
        ("quit", "Quit Tabula (the game is kept: Continue)"),
    )

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Menu", classes="title")
            yield OptionList(*(Option(text, id=key) for key, text in self.items()), id="menu")

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        menu.highlighted = 0
        menu.focus()

    @on(OptionList.OptionSelected, "#menu")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_close(self) -> None:
        self.dismiss("resume")


class SaveScreen(ModalScreen[str | None]):
    """Asks for a save name; returns it, or None if cancelled. A name the
    save folder would refuse keeps the dialog open with the reason under
    the input, so the player fixes the name instead of typing it again; the
    name of a save that exists asks for a second Enter before replacing it
    (the suggested name is the same for every game at one chapter)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, suggestion: str, blink: bool = True) -> None:
        super().__init__()
        self.suggestion = suggestion
        self.blink = blink
        self._replacing: str | None = None  # the existing save a second Enter replaces

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Save the game", classes="title")
            yield Static("Name (letters, digits, spaces, - and _):")
            yield PlainInput(self.suggestion, id="save-name", max_length=60)
            yield Static(id="save-problem")
            yield Static("Enter saves · Esc cancels", classes="keys")

    def on_mount(self) -> None:
        inp = self.query_one(PlainInput)
        inp.cursor_blink = self.blink
        inp.focus()

    @on(Input.Submitted, "#save-name")
    def _submit(self, event: Input.Submitted) -> None:
        from saves import SaveError
        from saves.names import check_name

        name = event.value.strip()
        problem = self.query_one("#save-problem", Static)
        try:
            check_name(name)
        except SaveError as e:  # quotes the typed name: a template value, never markup
            problem.update(markup("[b $error]$why[/]", why=str(e)))
            return
        if name != self._replacing and self.taken(name):
            self._replacing = name
            problem.update(markup("[b $warning]A save named “$name” exists.[/] "
                                  "Enter again replaces it.", name=name))
            return
        self.dismiss(name)

    def taken(self, name: str) -> bool:
        """Whether the save folder holds a save called ``name``."""
        from saves import SaveError

        store = host(self).store
        if store is None:
            return False
        try:
            return bool(store.path_of(name).exists())
        except (OSError, SaveError):  # a name the system refuses: saving will say why
            return False

    @on(Input.Changed, "#save-name")
    def _typed(self) -> None:
        self._replacing = None
        self.query_one("#save-problem", Static).update("")

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question ("Quit Tabula?"); returns True for yes. Esc and n
    say no, so pressing esc once too often never does anything for good."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="confirm"):
            yield Static(markup("[b]$question[/] y/n", question=self.question), classes="title")
            yield Static("y: yes · n or Esc: no", classes="keys")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


@dataclass(frozen=True)
class HintLine:
    """One alternative the search looked at."""

    text: str
    visits: float | None
    win_rate: float | None


class HintScreen(ModalScreen[bool | str]):
    """The suggestion with its explanation; returns True to play it, or
    the letters "h" began when the player goes on typing a word (h asked
    for the hint, and Enter would have played the hint's move instead of
    the word's: "horreum" discarded a Domus)."""

    BINDINGS = [
        Binding("enter", "play", "Play it"),
        Binding("escape,h", "close", "Close"),
    ]

    def __init__(self, suggestion: str, lines: list[HintLine], source: str) -> None:
        super().__init__()
        self.suggestion = suggestion
        self.lines = lines
        self.source = source

    def compose(self) -> ComposeResult:
        # Figures only where the search gave some; reasons alone read as a list.
        figures = any(ln.visits is not None or ln.win_rate is not None for ln in self.lines)
        rows = []
        for ln in self.lines:
            if not figures:
                rows.append(markup("• $text", text=ln.text))
                continue
            visits = f"{ln.visits:4.0%}" if ln.visits is not None else "   —"
            win = f"{ln.win_rate:4.0%}" if ln.win_rate is not None else "   —"
            rows.append(markup(f"{visits}  {win}  $text", text=ln.text))
        with Vertical(classes="dialog", id="hint-box"):
            yield Static("Hint", classes="title")
            yield Static(markup("[b]$text[/]", text=self.suggestion))
            yield Static(markup("[dim]$text[/]", text=self.source))
            if rows and figures:
                yield Static("[dim]search  win   alternative[/]", classes="keys")
            if rows:
                yield Static(Content("\n").join(rows))
            yield Static("Enter plays it · Esc closes", classes="keys")

    def on_key(self, event: events.Key) -> None:
        char = event.character
        if char and char.isalpha() and char != "h" and event.key != "enter":
            event.stop()
            event.prevent_default()
            self.dismiss("h" + char)

    def action_play(self) -> None:
        self.dismiss(True)

    def action_close(self) -> None:
        self.dismiss(False)
