"""The rulebooks, searchable: ``/`` types a search, Enter finds the next
match and hands the keys back to the text, where n and N step through the
matches. Esc steps back one level at a time: from the search box to the
text, then clears the search, then leaves (back to the screen that opened
the rules; only ``tabula rules GAME`` started on its own quits)."""

from __future__ import annotations

from importlib import resources

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Input, Select, Static, TextArea
from textual.widgets.text_area import Selection

from engine import games
from engine.games import DEFAULT_GAME, entry, load
from tui.host import host
from tui.widgets.keybar import KeyBar
from tui.widgets.untrusted import PlainInput


def rulebooks() -> list[tuple[str, str]]:
    """(title, game id) of every registered game, for the book picker."""
    return [(e.title, e.id) for e in games.GAMES]


def rulebook_text(game_id: str) -> str:
    """The game's rulebook (``GameEntry.rulebook``, "package:file", shipped
    inside the package), or a line saying there is none; then its reference
    section (``GameEntry.reference``: every card's text, from the game's
    data), so the search finds a card the rulebook shows only as a picture."""
    game = entry(game_id)
    if game.rulebook is None:
        text = f"No rulebook for {game.title} comes with Tabula."
    else:
        package, _, name = game.rulebook.partition(":")
        text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    if game.reference is not None:
        text = text.rstrip("\n") + "\n" + load(game.reference)()
    return text


def find_all(text: str, query: str) -> list[int]:
    """Offsets of every case-insensitive occurrence of ``query``."""
    if not query:
        return []
    low, q = text.lower(), query.lower()
    out, i = [], low.find(q)
    while i >= 0:
        out.append(i)
        i = low.find(q, i + 1)
    return out


def location(text: str, offset: int) -> tuple[int, int]:
    """(row, column) of a character offset."""
    row = text.count("\n", 0, offset)
    col = offset - (text.rfind("\n", 0, offset) + 1)
    return row, col


class RulebookText(TextArea):
    """The read-only rulebook. Letters typed here go to the search box (so
    none is lost while the focus moves there), except n and N, which step
    through the matches once there is a search."""

    async def _on_key(self, event: events.Key) -> None:
        char = event.character
        if not event.is_printable or char is None:
            return
        screen = self.screen
        if char in "nN" and isinstance(screen, RulesScreen) and screen.searching:
            return  # the screen's n/N bindings
        event.stop()
        event.prevent_default()
        if isinstance(screen, RulesScreen):
            screen.type_ahead(char)


class SearchBox(PlainInput):
    """The search box. An esc typed just before a letter reaches Textual as
    one key, alt+letter (the terminal sends them as one sequence when they
    come within its escape delay: quick typing, tmux), which the box would
    take as the letter: esc then ``n`` typed "n" into the search instead of
    stepping to the next match. Here it is the two keys: esc, then the
    letter as the text takes it."""

    async def _on_key(self, event: events.Key) -> None:
        char = event.character
        screen = self.screen
        if (event.key.startswith("alt+") and char and char.isprintable()
                and isinstance(screen, RulesScreen)):
            event.stop()
            event.prevent_default()
            screen.action_back()
            screen.after_esc(char)
            return
        await super()._on_key(event)


class RulesScreen(Screen[None]):
    """A rulebook to read and search."""

    CSS_PATH = "rules.tcss"
    AUTO_FOCUS = "#rules-text"
    BINDINGS = [
        Binding("slash", "search", "Search", key_display="/", priority=True),
        Binding("n", "next(1)", "Next match"),
        Binding("N", "next(-1)", "Previous", key_display="N"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, game_id: str = DEFAULT_GAME, standalone: bool = False) -> None:
        super().__init__()
        self.game_id = game_id
        self.standalone = standalone
        self._hits: list[int] = []
        self._hit = -1

    def compose(self) -> ComposeResult:
        with Horizontal(id="rules-bar"):
            yield Select(rulebooks(), value=self.game_id, allow_blank=False, compact=True,
                         id="rulebook")
            yield SearchBox(placeholder="/ search the rules", compact=True, id="rules-search")
            yield Static(id="rules-hits")
        yield RulebookText(rulebook_text(self.game_id), read_only=True, soft_wrap=True,
                           id="rules-text")
        yield KeyBar()

    def on_mount(self) -> None:
        blink = host(self).settings.cursor_blink
        self.query_one(Input).cursor_blink = blink
        self.query_one(TextArea).cursor_blink = blink
        self.query_one(TextArea).focus()

    @property
    def text(self) -> TextArea:
        return self.query_one(TextArea)

    @on(Select.Changed, "#rulebook")
    def _book(self, event: Select.Changed) -> None:
        self.game_id = str(event.value)
        self.text.load_text(rulebook_text(self.game_id))
        self._search(self.query_one(Input).value)

    @property
    def searching(self) -> bool:
        return bool(self.query_one(Input).value.strip())

    def type_ahead(self, char: str) -> None:
        box = self.query_one(Input)
        box.focus()
        if char != "/":
            box.insert_text_at_cursor(char)

    def after_esc(self, char: str) -> None:
        """A letter that came with the esc leaving the box, as the text
        takes it: n and N step through the matches, others start typing."""
        if char in "nN" and self.searching:
            self.action_next(1 if char == "n" else -1)
        else:
            self.type_ahead(char)

    def action_search(self) -> None:
        """``/`` starts a search; while typing one it is just a character."""
        box = self.query_one(Input)
        if box.has_focus:
            box.insert_text_at_cursor("/")
        else:
            box.focus()

    @on(Input.Changed, "#rules-search")
    def _typed(self, event: Input.Changed) -> None:
        self._search(event.value)

    @on(Input.Submitted, "#rules-search")
    def _submitted(self) -> None:
        """The next match, and the focus to the text: the key bar's n and N
        then step through the matches instead of typing into the box."""
        self.action_next(1)
        self.text.focus()

    def _search(self, query: str) -> None:
        self._hits = find_all(self.text.text, query.strip())
        self._hit = -1
        if self._hits:
            self.action_next(1)
        else:
            self.query_one("#rules-hits", Static).update(
                "[dim]no match[/]" if query.strip() else "")

    def action_next(self, delta: int) -> None:
        if not self._hits:
            return
        self._hit = (self._hit + delta) % len(self._hits)
        start = self._hits[self._hit]
        size = len(self.query_one(Input).value.strip())
        text = self.text.text
        self.text.selection = Selection(location(text, start), location(text, start + size))
        self.text.scroll_cursor_visible(center=True)
        self.query_one("#rules-hits", Static).update(f"{self._hit + 1}/{len(self._hits)}")

    def action_back(self) -> None:
        box = self.query_one(Input)
        if box.has_focus:
            self.text.focus()
            return
        if box.value:  # a search is shown: esc clears it before it leaves
            box.value = ""
            self.text.selection = Selection.cursor(self.text.selection.end)
            return
        if self.standalone:
            self.app.exit(0)
        else:
            self.dismiss()
