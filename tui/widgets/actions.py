"""The legal actions of the seat to move, as a menu you can type into.

Typing filters the list; Enter plays the highlighted one. A letter or
digit that leaves nothing is kept as typed and the list says nothing
matches (Enter then plays nothing): dropping it silently turned "Servian"
into "Se" and put another box first, which Enter played. A sign that
matches nothing is not text (a comma changes no meaning; [ and ] are the
table's keys). While the
filter is empty, digits 1–9 and 0 play the first ten shown and the command
keys of the screen (undo, hint, help) keep their meaning; once it holds
text, digits and letters are text ("leads 5 legions", "with 2 Denarii"):
typing never plays an action. ``/`` starts a filter that takes any letter.

A digit or Enter typed before the current list was offered is dropped: it
was meant for an earlier prompt, which a bot's move or an automatic step
replaced. So is one typed within ``guard_s`` after a list that replaced the
player's own choice within ``RECENT_S`` (the player cannot have read it yet;
over a slow link the keys of a double tap arrive after the new list).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual import events, on
from textual._time import get_time
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.reactive import Reactive, reactive
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from saves.plain import plain

from .redraw import FixedBox
from .untrusted import PlainInput

SHORTCUTS = "1234567890"
RECENT_S = 1.0
"""A list offered this soon after the player's last choice came by itself
(automatic steps, instant bots): the guard applies to it."""
COMMAND_KEYS = frozenset("zh?")


class FilterInput(PlainInput):
    """The filter line. Arrow keys and Enter work the list below it."""

    BINDINGS = [
        Binding("up", "move(-1)", "Previous", show=False),
        Binding("down", "move(1)", "Next", show=False),
        Binding("pageup", "move(-5)", "Page up", show=False),
        Binding("pagedown", "move(5)", "Page down", show=False),
        Binding("enter", "choose", "Play", show=False),
    ]

    explicit: Reactive[bool] = reactive(False, init=False)
    """Set by ``/``: every letter filters, command letters too."""

    # The screen binds its command letters with priority (they would never
    # reach it past an Input) and asks ``take`` whether the letter is text.

    def __init__(self, menu: ActionMenu, **kw: Any) -> None:
        # never select on focus: a letter typed on another panel lands in the
        # filter, which then takes the focus; selected, the next letter typed it over
        kw.setdefault("select_on_focus", False)
        super().__init__(**kw)
        self.menu = menu

    def passes(self, character: str | None) -> bool:
        """Is this key the screen's rather than the filter's? Command letters
        while nothing is typed, and keys no action could match."""
        if character is None or self.value or self.explicit or character in SHORTCUTS:
            return False
        if character == " ":  # a space begins no filter (space skips the bots' pacing)
            return True
        return character in COMMAND_KEYS or (
            character.isprintable() and character != "/"
            and not self.menu.would_match(character))

    def check_consume_key(self, key: str, character: str | None) -> bool:
        if self.passes(character):
            return False
        return super().check_consume_key(key, character)

    def command_letters(self) -> str:
        """The screen's command keys (hint, undo, help) while nothing is typed."""
        return "".join(COMMAND_KEYS)

    def watch_value(self, value: str) -> None:
        if self.is_mounted:
            self.screen.refresh_bindings()

    async def _on_key(self, event: events.Key) -> None:
        """Runs before Input's own key handler, which inserts what is not
        stopped here."""
        char = event.character
        if event.key == "escape" and (self.value or self.explicit):
            self._swallow(event)
            self.explicit = False
            self.value = ""
            return
        if event.key == "backspace" and not self.value and self.explicit:
            self._swallow(event)
            self.explicit = False
            return
        if event.key == "enter" and self.menu.stale(event.time):
            self._swallow(event)  # typed for an earlier prompt
            return
        if char is None or not event.is_printable:
            return
        if char in SHORTCUTS and not self.typing:
            self._swallow(event)
            self.menu.shortcut_key(char, event.time)
            return
        if char == "/" and not self.value:
            self._swallow(event)
            self.explicit = True
            return
        if self.passes(char):
            event.prevent_default()  # not text: the screen's (a table key, or nothing)
        elif not self.menu.would_match(self.value + char):
            if not (char.isalnum() or char == " "):
                event.prevent_default()  # a sign that matches nothing: the table's ([ ])
                return
            self.nothing_matches(char)  # a letter is kept as typed: the list says so

    picked = ""
    """The filter's text when a board put it there (a place picked), not
    the player's typing: digits still play the list it leaves."""

    @property
    def typing(self) -> bool:
        """Is the player typing a filter? Then digits and letters are text."""
        return (bool(self.value) and self.value != self.picked) or self.explicit

    @staticmethod
    def _swallow(event: events.Key) -> None:
        event.stop()
        event.prevent_default()

    def take(self, char: str) -> bool:
        """For the screen's letter bindings (which run first): True if the
        player is typing a filter, so ``char`` is text (added as typed)."""
        if not (self.value or self.explicit):
            return False
        if not self.menu.would_match(self.value + char):
            self.nothing_matches(char)
        self.insert_text_at_cursor(char)
        return True

    def nothing_matches(self, char: str) -> None:
        """``char`` makes the filter match nothing: a command letter says how
        it works again (the list itself says that nothing matches)."""
        if char in self.command_letters():
            self.app.notify(f"{char} is a letter while you type a filter: esc clears "
                            f"it, then {char} works again.", title="Typing")

    def watch_explicit(self, explicit: bool) -> None:
        self.placeholder = "filter: type any letters" if explicit else self.menu.hint
        if self.is_mounted:
            self.screen.refresh_bindings()
            self.menu.renumber()

    def action_move(self, delta: int) -> None:
        self.menu.move(delta)

    def action_choose(self) -> None:
        self.menu.choose_highlighted()



def with_places(items: list[tuple[tuple, str]], places: list[tuple[tuple, str]]
                ) -> tuple[list[tuple[tuple, str]], dict[tuple, str]]:
    """``items`` (the legal ``(action, description)``) with the held
    ``places`` (``ActionMenu.hold_places``): the group takes the place of its
    first legal member (else the top), in the held order; and the held ones
    not legal now, each with its greyed line. The list as numbered on screen."""
    held = {a for a, _ in places}
    if not items or not held:
        return items, {}
    legal = {a: d for a, d in items if a in held}
    start = next((i for i, (a, _) in enumerate(items) if a in held), 0)
    rest = [(a, d) for a, d in items if a not in held]
    dead = {a: why for a, why in places if a not in legal}
    group = [(a, legal.get(a, why)) for a, why in places]
    return rest[:start] + group + rest[start:], dead

WORD = re.compile(r"\w+")  # a filter's words and a label's, without their punctuation


def _each_begins_its_own(words: list[str], starts: list[str]) -> bool:
    """Can every typed word begin a different word of the label (a word
    typed twice needs two)? Longest words first take the first start they
    begin."""
    free = list(starts)
    for w in sorted(words, key=len, reverse=True):
        i = next((k for k, s in enumerate(free) if s.startswith(w)), None)
        if i is None:
            return False
        del free[i]
    return True


BREAKS = ((", ", 2), (" — ", 3), (": ", 2), (" (", 1))
"""Where a label's last part may begin (at the offset past the break):
its price, gain or reason follows one of these ("box III (2 gold)",
"taken by Blue", "(+2 PP)")."""


def squeeze(label: str, width: int) -> str:
    """``label`` in ``width`` columns for a one-row list: as it is if it
    fits; else its start and its end with "…" between, the end from the
    earliest break (``BREAKS``) that leaves it at most 3/5 of the row (with
    none, the start and "…"). A list's labels differ at the start
    (what) and the end (where to, the price, the gain); a cut end lost both
    ("IV to Basilica Aemilia, box I…" for box III at 2 gold)."""
    if len(label) <= width:
        return label
    if width < 8:
        return label[:width - 1] + "…"
    room = width * 3 // 5
    starts = sorted(i + skip for b, skip in BREAKS for i in _finds(label, b))
    tail = next((label[i:] for i in starts if 0 < len(label) - i <= room), "")
    if not tail:  # no short last part: the start says most
        return label[:width - 1] + "…"
    head = label[:width - len(tail) - 2]
    if " " in head and label[len(head)].isalnum() and len(head) - head.rfind(" ") <= 4:
        head = head[:head.rfind(" ")]  # no stub of a word ("fo…")
    return f"{head.rstrip(' ,:—(')}… {tail}"


def _finds(text: str, part: str) -> list[int]:
    """Every index where ``part`` occurs in ``text``."""
    out, i = [], text.find(part)
    while i >= 0:
        out.append(i)
        i = text.find(part, i + 1)
    return out


class ActionList(FixedBox, OptionList):
    """The list of actions: its box is the panel's, however many there are."""


class ActionMenu(Vertical):
    """The human's legal actions; posts ``Chosen`` when one is picked."""

    @dataclass
    class Chosen(Message):
        """The player picked this action."""

        action: tuple

    @dataclass
    class Refused(Message):
        """A greyed line was chosen: it plays nothing, and says why where the
        player is looking (a toast covered the list itself at 80×24)."""

        why: str

    @dataclass
    class Highlighted(Message):
        """The cursor is on this action (other widgets may explain it)."""

        action: tuple | None

    hint = "type to filter · 1-9/Enter plays"  # 32 columns: whole in an 80×24 side panel
    # The player's cursor_blink setting. The filter blinks only while there
    # is a choice to make: a blink is a repaint (and, over SSH, bytes sent)
    # twice a second, in every waiting player's game at a shared table.
    blink = True

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._items: list[tuple[tuple, str]] = []
        self._shown: list[tuple[tuple, str]] = []
        self._enabled = False
        self._note: str | None = None
        self._numbered = True  # the shown list carries its digits
        self._wanted: tuple | None = None  # an action to highlight once the list is refilled
        # Textual's clock, which stamps key events too (a test may stop it).
        self.clock: Callable[[], float] = get_time
        self.offered_at = self.clock()  # when the current list was offered
        self.guard_s = 0.0  # keys this soon after an offer were typed for the one before
        self._guarded = False  # did this list replace a choice just made?
        self._chosen_at = float("-inf")
        self._places: list[tuple[tuple, str]] = []  # held by the game's table (hold_places)
        self._dead: dict[tuple, str] = {}  # listed in the current list, not playable: why
        self._room: int | None = None  # a one-row list's width for labels (None: they wrap)
        self._typed_room: int | None = None  # the last one-row width: the rows the player read
        self.shorten: Callable[[tuple, str, int], str] | None = None
        """The game's shorter label for a row too narrow (``GameUI.tight_label``)."""

    def compose(self) -> ComposeResult:
        yield FilterInput(self, placeholder=self.hint, id="action-filter", compact=True)
        yield ActionList(id="action-list")

    def on_mount(self) -> None:
        self.border_title = "Actions"

    @property
    def filter(self) -> FilterInput:
        return self.query_one(FilterInput)

    @property
    def options(self) -> OptionList:
        return self.query_one("#action-list", OptionList)

    def hold_places(self, places: list[tuple[tuple, str]]) -> None:
        """Actions the next list keeps at their places, in this order, even
        those the seat cannot take now: ``(action, why)``, ``why`` the line
        shown for one that is not legal (greyed; it plays nothing). So a
        choice that leaves the list (a build no longer affordable) never
        renumbers the actions below it between two key presses. The game's
        table sets them with every position it shows (none: ``[]``)."""
        self._places = list(places)

    def _with_places(self, items: list[tuple[tuple, str]]) -> list[tuple[tuple, str]]:
        shown, self._dead = with_places(items, self._places)
        return shown

    def set_actions(self, items: list[tuple[tuple, str]], note: str = "") -> None:
        """Offer ``(action, description)`` pairs; none (with a note, plain
        text: it may name a seat) when it is not this player's turn."""
        items = self._with_places(items)
        if not items and not self._items and not self.filter.value:
            if note == self._note:
                return  # still nothing to do, said the same way: nothing to redraw
            if self.options.option_count == 1:  # the note alone: its line, not the list
                self._note = note
                self.options.replace_option_prompt_at_index(0, self._note_prompt(note))
                return
        self._items = items
        self._note = note
        self._wanted = None
        self.filter.picked = ""
        self.filter.cursor_blink = self.blink and bool(items)
        self._enabled = bool(items)
        self.offered_at = self.clock()
        self._guarded = self.offered_at - self._chosen_at < RECENT_S
        self.filter.value = ""
        self.filter.explicit = False
        self._refill(note)

    def would_match(self, text: str) -> bool:
        return any(self._names(text, a, d) for a, d in self._items)

    def _names(self, text: str, action: tuple, description: str) -> bool:
        """Does ``text`` match the action's label, or the shorter form its
        row showed in a one-row list (what the player read and types; the
        list narrowed by the typing may show whole labels again)?"""
        if self._matches(text, description):
            return True
        room = self._room or self._typed_room  # a narrowed list may wrap again
        if room is None or self.shorten is None:
            return False
        return self._matches(text, self.shorten(action, description, room))

    @staticmethod
    def _closeness(text: str, description: str) -> int:
        """How well ``description`` answers the typed text, best first: it
        begins with it (0), the typed words run on together from a word of
        it (1: "Macedonia to T" in "from Macedonia to Thrace", not "from
        Epirus to Macedonia"), each word begins a word of its own in it (2:
        "III castra per III" in "III to Castra Peregrina, box III", not
        "box I"), each begins some word (3), the words are only inside it
        (4: "the" in "Amphitheatrum"). The list shows the closest first, so
        Enter plays what the player was spelling."""
        typed, low = " ".join(text.lower().split()), description.lower()
        if low.startswith(typed):
            return 0
        starts = [low[i:] for i in range(len(low)) if i == 0 or not low[i - 1].isalnum()]
        if any(s.startswith(typed) for s in starts):
            return 1
        words = typed.split()
        if _each_begins_its_own(words, starts):
            return 2
        return 3 if all(any(s.startswith(w) for s in starts) for w in words) else 4

    @staticmethod
    def _matches(text: str, description: str) -> bool:
        """Is every typed word in ``description``, whatever the punctuation
        around either ("Aemilia box II:" finds "Basilica Aemilia, box II —
        …"; a comma typed or not typed matched nothing before)? Typed signs
        alone ("[") match only as signs, so a table's sign keys still pass."""
        words = WORD.findall(text.lower())
        if not words:
            low = description.lower()
            return all(w in low for w in text.lower().split())
        low = " ".join(WORD.findall(description.lower()))
        return all(w in low for w in words)

    @on(Input.Changed, "#action-filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._refill()

    def _refill(self, note: str = "") -> None:
        text = self.filter.value
        picked = bool(text) and text == self.filter.picked  # a board's place, not typing:
        shown = [(a, d) for a, d in self._items if self._names(text, a, d)  # what it names
                 and not (picked and a in self._dead)]  # (a greyed one names it in its reason)
        self._shown = sorted(shown, key=lambda item: (item[0] in self._dead,  # playable first
                                                      self._closeness(text, item[1]))) \
            if text.strip() else shown
        ol = self.options
        ol.clear_options()
        ol.set_class(not self._shown, "-note")  # a note wraps where actions take a row each
        if not self._shown:
            if text.strip() and self._items:
                note = f"nothing matches “{text.strip()}”: backspace, or esc to clear"
            ol.add_option(Option(self._note_prompt(note), disabled=True))
            self.post_message(self.Highlighted(None))
            return
        numbered = not self.filter.typing
        self._numbered = numbered
        ol.add_options([Option(self._prompt(i, a, d, numbered, a in self._dead))
                        for i, (a, d) in enumerate(self._shown)])
        actions = [a for a, _ in self._shown]
        live = next((i for i, a in enumerate(actions) if a not in self._dead), 0)
        ol.highlighted = actions.index(self._wanted) if self._wanted in actions else live
        self.fit()
        self.call_after_refresh(self.fit)  # again once laid out (the box may change)

    def on_resize(self, event: events.Resize) -> None:
        self.fit()

    def fit(self) -> None:
        """Labels wrap whole while they all fit so in the list's box; when
        they would not, the list is ``-tight`` (the stylesheet may give each
        one row, so more actions are in sight; a long one ends in "…")."""
        ol = self.options
        region = ol.scrollable_content_region
        width, height = region.width - 1, region.height
        if width <= 2 or height <= 0:
            return
        rows = sum(-(-(len(d) + 2) // width) for _, d in self._shown)
        tight = rows > height
        if tight != ol.has_class("-tight"):
            ol.set_class(tight, "-tight")
            ol._clear_caches()  # its options' heights were measured wrapped (or not)
        # One row a label (the stylesheet's nowrap): each is squeezed to the
        # row, so what tells it apart and its price stay in sight.
        room = width - 1 if tight and ol.styles.text_wrap == "nowrap" else None
        if room != self._room:
            self._room = room
            self._typed_room = room or self._typed_room
            self._reprompt()

    def pick(self, word: str) -> None:
        """A board's place narrows the list to ``word``: the filter holds
        it and takes the focus, and digits still play (nothing was typed)."""
        self.filter.picked = word
        self.filter.value = word
        self.filter.focus()

    def show_action(self, action: tuple) -> None:
        """Clear the filter and put the cursor on ``action`` (the hint's
        move: Enter then plays it), if it is offered."""
        if all(a != action for a, _ in self._items):
            return
        self._wanted = action
        self.filter.explicit = False
        self.filter.value = ""
        self._refill()
        self.filter.focus()

    def _prompt(self, index: int, action: tuple, description: str, numbered: bool,
                dead: bool = False) -> Content:
        """An action's line: its digit while digits play (the filter is
        empty), a blank while they are text (Enter plays the highlighted);
        greyed when it cannot be taken now (it keeps its number). In a
        one-row list, a label takes the game's shorter form, if it has one
        (``GameUI.tight_label``), then ``squeeze`` if it is too long."""
        key = SHORTCUTS[index] if numbered and index < len(SHORTCUTS) else " "
        room = self._room
        if room is not None:
            if self.shorten is not None:  # the game's form: it may shorten all alike
                description = self.shorten(action, description, room)
            description = squeeze(description, room)
        if dead:
            return Content.assemble((key, "dim"), " ", (plain(description), "dim"))
        return Content.assemble((key, "bold"), " ", plain(description))

    def renumber(self) -> None:
        """``/`` pressed or taken back with nothing typed: the same list, its
        digits shown or hidden (a change of the text refills it anyway)."""
        numbered = not self.filter.typing
        if numbered == self._numbered or not self._shown:
            return
        self._numbered = numbered
        self._reprompt()

    def _reprompt(self) -> None:
        """Every shown action's line drawn again (digits shown or hidden,
        the row's width changed)."""
        for i, (a, d) in enumerate(self._shown):
            self.options.replace_option_prompt_at_index(
                i, self._prompt(i, a, d, self._numbered, a in self._dead))

    @staticmethod
    def _note_prompt(note: str) -> Content:
        return Content.styled(plain(note or "nothing to do"), "dim")

    @on(OptionList.OptionHighlighted, "#action-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if 0 <= event.option_index < len(self._shown):
            self.post_message(self.Highlighted(self._shown[event.option_index][0]))

    @on(OptionList.OptionSelected, "#action-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._choose(event.option_index)

    def move(self, delta: int) -> None:
        ol = self.options
        if not self._shown:
            return
        current = ol.highlighted or 0
        ol.highlighted = max(0, min(len(self._shown) - 1, current + delta))

    def choose_highlighted(self) -> None:
        if self._shown and self.options.highlighted is not None:
            self._choose(self.options.highlighted)

    def stale(self, typed_at: float) -> bool:
        """Was a key typed at ``typed_at`` (an event's ``time``) meant for an
        earlier list than this one?"""
        guard = self.guard_s if self._guarded else 0.0
        return typed_at < self.offered_at + guard

    def shortcut_key(self, char: str, typed_at: float) -> bool:
        """A digit typed anywhere on the screen: play the action it numbers,
        unless it was typed for an earlier list. True if one was played."""
        if char not in SHORTCUTS or self.stale(typed_at) or not self._enabled:
            return False
        if self.filter.typing:  # a digit in a filter is text, never a play
            return self.type_text(char)
        index = SHORTCUTS.index(char)
        self.choose_shortcut(index)
        return index < len(self._shown)

    def type_text(self, char: str) -> bool:
        """A letter (or, while a filter is typed, a digit) typed while
        another panel has the focus: it goes to the filter (which takes the
        focus) if it matches an action, or once a filter is being typed
        (keys typed in one burst still reach the list before the focus
        moves: "Fort Ven" kept "Fort" and Enter played another fort)."""
        f = self.filter
        if not self._enabled or not (f.typing or self.would_match(f.value + char)):
            return False
        f.focus()
        f.insert_text_at_cursor(char)
        return True

    def choose_shortcut(self, index: int) -> None:
        if index < len(self._shown):
            self._choose(index)

    def _choose(self, index: int) -> None:
        if not self._enabled or not 0 <= index < len(self._shown):
            return
        action = self._shown[index][0]
        if action in self._dead:  # listed to keep the numbers: it says why, plays nothing
            self.post_message(self.Refused(self._dead[action]))
            return
        self._enabled = False  # one choice per offer: no double plays
        self._chosen_at = self.clock()
        self.post_message(self.Chosen(action))
