"""New game: the game, the number of players, who sits where (human or
bot of some kind and strength), names, the game's options and the seed.

The form is built from the game's declared options (``Game.options``): an
option with one value per seat (a city, a faction) is a column of the seat
rows, labelled by the option; the others are fields with their one-line
help. Defaults are the game's own; a value it refuses is shown as the
reason, in the form, never as a crash.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Label, Select, Static

import engine
from engine import games
from engine.core import IllegalAction, Option, Options, check_options, named_options
from engine.games import DEFAULT_GAME
from engine.match import HUMAN, Match, Seat
from tui.host import host
from tui.messages import OpenGame
from tui.widgets.keybar import KeyBar
from tui.widgets.untrusted import PlainInput, markup, without_controls

BOT_NAMES = ("Brutus", "Cassia", "Drusus", "Livia", "Marcus", "Octavia")
KIND_LABELS = {"human": "Human", "rules": "Rules bot", "mcts": "Search bot",
               "random": "Random bot"}
"""Each kind as the seat lists then say it (``tui.widgets.seats.kind_word``)."""
STRENGTHS = ("easy", "normal", "hard")
NAME_CHARS = 16  # of a seat name typed here
INT_CHARS = 9  # of an int option typed here


def seat_name(typed: str) -> str:
    """A typed name as a seat's name: no control characters, runs of
    spaces as one, at most NAME_CHARS (a paste may hold anything)."""
    return " ".join(without_controls(typed).split())[:NAME_CHARS]


def bot_kinds() -> list[str]:
    """The bot kinds installed, strongest-feeling first."""
    from ai.players import kinds

    have = kinds()
    order = ["rules", "mcts", "random"]
    return [k for k in order if k in have] + [k for k in have if k not in order]


def seat_default(option: Option, seat: int) -> str:
    """The value a "seats" option starts with at ``seat``: the game's
    default if it gives one, else the choices in order."""
    given = option.default if isinstance(option.default, tuple) else option.choices
    if not given:
        return ""
    return str(given[seat] if seat < len(given) else given[-1])


@dataclass(frozen=True)
class SeatChoice:
    """One row of the seat table, as chosen: ``values`` holds the row's
    value of each "seats" option, by key."""

    kind: str
    strength: str
    name: str
    values: dict[str, str]


class SeatRow(Horizontal):
    """Seat number, name, kind, strength and one column per "seats" option."""

    def __init__(self, seat: int, kinds: list[str], kind: str, name: str,
                 columns: list[Option]) -> None:
        super().__init__(classes="seat-row", id=f"seat-{seat}")
        self.seat = seat
        self._kinds = kinds
        self._kind = kind
        self._name = name
        self._columns = columns

    def compose(self) -> ComposeResult:
        yield Label(f"{self.seat + 1}", classes="seat-no")
        yield PlainInput(self._name, id=f"name-{self.seat}", classes="seat-name", compact=True,
                         max_length=NAME_CHARS)
        yield Select([(KIND_LABELS.get(k, k), k) for k in [HUMAN, *self._kinds]],
                     value=self._kind, allow_blank=False, compact=True,
                     id=f"kind-{self.seat}", classes="seat-kind")
        yield Select([(s, s) for s in STRENGTHS], value="normal", allow_blank=False,
                     compact=True, id=f"strength-{self.seat}", classes="seat-strength",
                     disabled=self._kind in (HUMAN, "random"))
        for option in self._columns:
            yield Select([(c, c) for c in option.choices], value=seat_default(option, self.seat),
                         allow_blank=False, compact=True, id=f"opt-{option.key}-{self.seat}",
                         classes="seat-opt")

    def value(self, key: str) -> str:
        return str(self.query_one(f"#opt-{key}-{self.seat}", Select).value)

    def choice(self) -> SeatChoice:
        kind = self.query_one(f"#kind-{self.seat}", Select).value
        strength = self.query_one(f"#strength-{self.seat}", Select).value
        name = seat_name(self.query_one(f"#name-{self.seat}", PlainInput).value)
        values = {o.key: self.value(o.key) for o in self._columns}
        return SeatChoice(str(kind), str(strength), name, values)


class OnOffBox(Checkbox):
    """A checkbox that reads on or off without colour: "[x]" or "[ ]"
    (Textual's draws the same X either way, told apart only by its colour)."""

    @property
    def _button(self) -> Content:
        style = self.get_visual_style("toggle--button")
        return Content.assemble("[", ("x" if self.value else " ", style), "]")


def option_field(option: Option) -> Widget:
    """The form field of a bool, choice or int option, set to its default."""
    wid = f"opt-{option.key}"
    if option.kind == "bool":
        return OnOffBox(option.label, value=bool(option.default), compact=True, id=wid)
    if option.kind == "choice":
        first = option.default if option.default in option.choices else option.choices[0]
        return Select([(c, c) for c in option.choices], value=first, allow_blank=False,
                      compact=True, id=wid, classes="option-choice")
    text = "" if option.default is None else str(option.default)
    return PlainInput(text, type="integer", compact=True, id=wid, classes="option-int",
                      max_length=INT_CHARS)


def option_row(option: Option, first: bool) -> Horizontal:
    """One option: the form's "Options" label on the first row, the field
    (a bool's own label is its checkbox's), and the option's help."""
    parts: list[Widget] = [Label("Options" if first else "", classes="label")]
    if option.kind != "bool":
        parts.append(Label(option.label, classes="option-label"))
    parts.append(option_field(option))
    parts.append(Static(markup("[dim]$help[/]", help=option.help), classes="note"))
    return Horizontal(*parts, classes="option-row")


def seat_of(widget: Widget) -> int:
    """The seat of the row a widget sits in."""
    row = widget.parent
    assert isinstance(row, SeatRow)
    return row.seat


class NewGameScreen(Screen[None]):
    """Set up a game. Start is focused so Enter plays against bots at once,
    once a game has been played; the first time, the game field is (``n``
    then Enter would start a game the player never chose)."""

    CSS_PATH = "new_game.tcss"
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+r", "reroll", "New seed"),
        Binding("ctrl+g", "start", "Start"),
    ]

    def __init__(self, game_id: str | None = DEFAULT_GAME) -> None:
        """``game_id`` None: no game played yet, the default is shown and the
        game field focused."""
        super().__init__()
        self._first_focus = "#start" if game_id is not None else "#game"
        game_id = game_id or DEFAULT_GAME
        self.kinds = bot_kinds()
        self._last: dict[tuple[str, int], str] = {}  # each seat's value before a change
        self.choose_game(game_id)

    def choose_game(self, game_id: str) -> None:
        self.game_id = game_id
        self.game = engine.get_game(game_id)
        options: tuple[Option, ...] = self.game.options
        self.columns = [o for o in options if o.kind == "seats"]
        # An option with one value left is no choice (a reading kept only for
        # old saves): the form leaves it to its default.
        self.fields = [o for o in options if o.kind != "seats"
                       and not (o.kind == "choice" and len(o.choices) < 2)]

    def compose(self) -> ComposeResult:
        game = self.game
        top = game.players.stop - 1
        bot = self.kinds[0] if self.kinds else HUMAN
        with Vertical(id="form"):
            yield Static("New game", classes="title")
            with Horizontal(classes="row"):
                yield Label("Game", classes="label")
                yield Select([(e.title, e.id) for e in games.GAMES], value=self.game_id,
                             allow_blank=False, compact=True, id="game")
                yield Label("Players", classes="label short")
                yield Select([(str(n), n) for n in game.players], value=game.default_players,
                             allow_blank=False, compact=True, id="players")
            note = getattr(game, "note", "")  # what a player should know before choosing
            if note:
                yield Static(markup("[dim]$note[/]", note=note), classes="note", id="game-note")
            with Horizontal(classes="row head"):
                yield Label("#", classes="seat-no")
                yield Label("Name", classes="seat-name")
                yield Label("Plays as", classes="seat-kind")
                yield Label("Strength", classes="seat-strength")
                for option in self.columns:
                    yield Label(option.label, classes="seat-opt")
            for i in range(top):
                kind = HUMAN if i == 0 else bot
                name = "You" if i == 0 else BOT_NAMES[i % len(BOT_NAMES)]
                yield SeatRow(i, self.kinds, kind, name, self.columns)
            with Vertical(id="options"):
                for i, option in enumerate(self.fields):
                    yield option_row(option, i == 0)
            with Horizontal(classes="row", id="seed-row"):
                yield Label("Seed", classes="label")
                yield PlainInput(str(host(self).settings.new_seed()), type="integer",
                                 compact=True, id="seed", max_length=10)
                yield Static("[dim]same seed, same moves: same game · ^r new seed[/]",
                             classes="note")
            with Horizontal(id="buttons"):
                yield Button("Start", variant="primary", id="start", compact=True)
                back = Button("Back", id="back", compact=True)
                back.can_focus = False  # esc goes back; Tab from Start lost the setup here
                yield back
            yield Static(id="problem")
        yield KeyBar()

    def on_mount(self) -> None:
        self.prepare(self._first_focus)

    def prepare(self, focus: str = "#start") -> None:
        """After the form is (re)built: blinking, rows shown, and the focus
        on Start (Enter plays at once), or where the player was."""
        blink = host(self).settings.cursor_blink
        for inp in self.query(PlainInput):
            inp.cursor_blink = blink
        self.query_one("#options").display = bool(self.fields)
        self.show_rows(self.players())
        self._last = self.seat_values()
        self.query_one(focus).focus()

    def players(self) -> int:
        value = self.query_one("#players", Select).value
        return value if isinstance(value, int) else int(self.game.default_players)

    def show_rows(self, players: int) -> None:
        for row in self.query(SeatRow):
            row.display = row.seat < players
        self.allow_options(players)

    def seat_values(self) -> dict[tuple[str, int], str]:
        """Every seat row's value of every "seats" option, hidden rows too."""
        return {(o.key, r.seat): r.value(o.key) for r in self.query(SeatRow)
                for o in self.columns}

    @on(Select.Changed, "#game")
    async def _game(self, event: Select.Changed) -> None:
        if event.value == self.game_id or not isinstance(event.value, str):
            return
        self.choose_game(event.value)
        await self.recompose()
        self.prepare(focus="#game")  # where the player was: not Start, nor Back

    @on(Select.Changed, "#players")
    def _players(self) -> None:
        self.show_rows(self.players())

    def allow_options(self, players: int) -> None:
        """An option for some player counts only (a variant for 2-4
        players, say) is greyed at the others: it was offered at 1 player,
        and refused only at Start."""
        for option in self.fields:
            if option.players:
                self.query_one(f"#opt-{option.key}").disabled = players not in option.players

    @on(Select.Changed, ".seat-kind")
    def _kind(self, event: Select.Changed) -> None:
        """Strength means nothing for humans and the random bot; a default
        name follows the kind (a human is not called Brutus)."""
        seat = seat_of(event.select)
        kind = event.value
        self.query_one(f"#strength-{seat}", Select).disabled = kind in (HUMAN, "random")
        name = self.query_one(f"#name-{seat}", PlainInput)
        defaults = {"You", f"Player {seat + 1}", *BOT_NAMES}
        if name.value in defaults:
            humans = sum(r.choice().kind == HUMAN for r in self.query(SeatRow)
                         if r.display)
            if kind == HUMAN:
                name.value = "You" if humans <= 1 else f"Player {seat + 1}"
            else:
                name.value = BOT_NAMES[seat % len(BOT_NAMES)]

    @on(Select.Changed, ".seat-opt")
    def _seat_value(self, event: Select.Changed) -> None:
        """Two seats cannot share a value (a city): the seat that had this
        one takes this seat's old value."""
        seat = seat_of(event.select)
        key = (event.select.id or "").removeprefix("opt-").rpartition("-")[0]
        option = next((o for o in self.columns if o.key == key), None)
        if option is None:
            return
        taken = self.seat_values()
        held = {v for (k, _), v in taken.items() if k == key}
        free = [c for c in option.choices if c not in held]
        old = self._last.get((key, seat))
        for r in self.query(SeatRow):
            if r.seat != seat and taken[(key, r.seat)] == event.value:
                other = self.query_one(f"#opt-{key}-{r.seat}", Select)
                other.value = old if old and old not in held else (
                    free[0] if free else other.value)
        self._last = self.seat_values()

    @on(Button.Pressed, "#start")
    def _start(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#back")
    def _back(self) -> None:
        self.action_back()

    def action_back(self) -> None:
        self.dismiss()

    def action_reroll(self) -> None:
        self.query_one("#seed", PlainInput).value = str(host(self).settings.new_seed())

    def chosen_options(self, rows: list[SeatChoice], players: int) -> Options:
        """The options the form describes, checked by the game's own
        declaration (ValueError with the reason). A field left at its
        default is left out: the game decides."""
        values: dict[str, Any] = {o.key: tuple(r.values[o.key] for r in rows)
                                  for o in self.columns}
        for option in self.fields:
            field = self.query_one(f"#opt-{option.key}")
            if field.disabled:
                continue  # not for this many players: the game's default
            if isinstance(field, Checkbox):
                value: Any = field.value
            elif isinstance(field, Select):
                value = field.value
            else:
                assert isinstance(field, PlainInput)
                if not field.value.strip():
                    continue
                value = option.parse(field.value, players)
            if value != option.default:
                values[option.key] = value
        options = Options.of(values)
        check_options(self.game.options, options, players)
        return options

    def build_match(self) -> Match:
        """The match the form describes; IllegalAction/ValueError say what is wrong."""
        players = self.players()
        rows = [r.choice() for r in self.query(SeatRow)][:players]
        seed_text = self.query_one("#seed", PlainInput).value.strip()
        if not seed_text.lstrip("-").isdigit():
            raise ValueError("the seed must be a whole number")
        seats = []
        for i, r in enumerate(rows):
            name = r.name or ("You" if r.kind == HUMAN else BOT_NAMES[i % len(BOT_NAMES)])
            seats.append(Seat(name, r.kind, r.strength if r.kind != HUMAN else "normal"))
        options = named_options(self.game.options, self.chosen_options(rows, players))
        return Match(self.game_id, tuple(seats), int(seed_text), options)

    def action_start(self) -> None:
        try:
            match = self.build_match()
        except (IllegalAction, ValueError) as e:
            self.query_one("#problem", Static).update(markup("[b $error]$problem[/]", problem=e))
            return
        host(self).settings.last_game = self.game_id
        self.dismiss()
        self.app.post_message(OpenGame(match))
