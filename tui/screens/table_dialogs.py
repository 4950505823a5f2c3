"""The small modal screens of a shared table: one line of chat, a short
list to pick from (a waiting seat for a bot), and its pause menu."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from saves.plain import plain
from tui.host import host
from tui.widgets.untrusted import PlainInput

from .dialogs import MenuScreen

CHAT_CHARS = 200
NAME_CHARS = 24


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
    FINISHED = {  # the game is over, or the host ended the table: no seat waits
        "leave": "Leave to the lobby (the table is over)",
        "quit": "Quit Tabula (the table is over)",
    }


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
