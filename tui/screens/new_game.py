"""New game: the game, the number of players, who sits where (human or
bot of some kind and strength), names, cities, options and the seed."""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Label, Select, Static

import engine
from engine.core import IllegalAction, Options
from engine.match import HUMAN, Match, Seat
from tui.widgets.keybar import KeyBar
from tui.widgets.untrusted import PlainInput, markup, without_controls

BOT_NAMES = ("Brutus", "Cassia", "Drusus", "Livia", "Marcus", "Octavia")
KIND_LABELS = {"human": "Human", "rules": "Rules bot", "mcts": "MCTS bot",
               "random": "Random bot"}
STRENGTHS = ("easy", "normal", "hard")
NAME_CHARS = 16  # of a seat name typed here


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


@dataclass(frozen=True)
class SeatChoice:
    """One row of the seat table, as chosen."""

    kind: str
    strength: str
    name: str
    city: str


class SeatRow(Horizontal):
    """Seat number, name, kind, strength and city of one seat."""

    def __init__(self, seat: int, kinds: list[str], cities: list[str], kind: str,
                 city: str, name: str) -> None:
        super().__init__(classes="seat-row", id=f"seat-{seat}")
        self.seat = seat
        self._kinds = kinds
        self._cities = cities
        self._kind = kind
        self._city = city
        self._name = name

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
        yield Select([(c, c) for c in self._cities], value=self._city, allow_blank=False,
                     compact=True, id=f"city-{self.seat}", classes="seat-city")

    def choice(self) -> SeatChoice:
        kind = self.query_one(f"#kind-{self.seat}", Select).value
        strength = self.query_one(f"#strength-{self.seat}", Select).value
        name = seat_name(self.query_one(f"#name-{self.seat}", PlainInput).value)
        city = self.query_one(f"#city-{self.seat}", Select).value
        return SeatChoice(str(kind), str(strength), name, str(city))


class NewGameScreen(Screen[None]):
    """Set up a game; Start is focused so Enter plays against bots at once."""

    CSS_PATH = "new_game.tcss"
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+r", "reroll", "New seed"),
        Binding("ctrl+g", "start", "Start"),
    ]

    def __init__(self, game_id: str = "provincia") -> None:
        super().__init__()
        self.game_id = game_id
        self.game = engine.get_game(game_id)
        self.kinds = bot_kinds()

    def cities(self) -> list[str]:
        from engine.provincia.data import CITIES

        return [c.name for c in CITIES]

    def compose(self) -> ComposeResult:
        game = self.game
        top = game.players.stop - 1
        default = getattr(game, "default_players", game.players.start)
        cities = self.cities()
        bot = self.kinds[0] if self.kinds else HUMAN
        with Vertical(id="form"):
            yield Static("New game", classes="title")
            with Horizontal(classes="row"):
                yield Label("Game", classes="label")
                yield Select([(engine.get_game(g).title, g) for g in engine.REGISTRY.ids()],
                             value=self.game_id, allow_blank=False, compact=True, id="game")
                yield Label("Players", classes="label short")
                yield Select([(str(n), n) for n in game.players], value=default,
                             allow_blank=False, compact=True, id="players")
            with Horizontal(classes="row head"):
                yield Label("#", classes="seat-no")
                yield Label("Name", classes="seat-name")
                yield Label("Plays as", classes="seat-kind")
                yield Label("Strength", classes="seat-strength")
                yield Label("City", classes="seat-city")
            for i in range(top):
                kind = HUMAN if i == 0 else bot
                name = "You" if i == 0 else BOT_NAMES[i % len(BOT_NAMES)]
                yield SeatRow(i, self.kinds, cities, kind, cities[i], name)
            with Horizontal(classes="row", id="options-row"):
                yield Label("Options", classes="label")
                yield Checkbox("Gold is limited to the 53 coins", value=True, compact=True,
                               id="finite-gold")
            with Horizontal(classes="row"):
                yield Label("Seed", classes="label")
                yield PlainInput(str(self.app.settings.new_seed()), type="integer",  # type: ignore[attr-defined]
                                 compact=True, id="seed", max_length=10)
                yield Static("[dim]same seed, same moves: same game · ^r new seed[/]",
                             classes="note")
            with Horizontal(id="buttons"):
                yield Button("Start", variant="primary", id="start", compact=True)
                yield Button("Back", id="back", compact=True)
            yield Static(id="problem")
        yield KeyBar()

    def on_mount(self) -> None:
        blink = self.app.settings.cursor_blink  # type: ignore[attr-defined]
        for inp in self.query(PlainInput):
            inp.cursor_blink = blink
        self.show_rows(self.query_one("#players", Select).value)  # type: ignore[arg-type]
        self.query_one("#start", Button).focus()

    def show_rows(self, players: int) -> None:
        for row in self.query(SeatRow):
            row.display = row.seat < players

    @on(Select.Changed, "#players")
    def _players(self, event: Select.Changed) -> None:
        self.show_rows(int(event.value))  # type: ignore[arg-type]

    @on(Select.Changed, ".seat-kind")
    def _kind(self, event: Select.Changed) -> None:
        """Strength means nothing for humans and the random bot; a default
        name follows the kind (a human is not called Brutus)."""
        seat = int(event.select.id.split("-")[1])  # type: ignore[union-attr]
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

    @on(Select.Changed, ".seat-city")
    def _city(self, event: Select.Changed) -> None:
        """Two seats cannot share a city: the other seat takes this one's old city."""
        seat = int(event.select.id.split("-")[1])  # type: ignore[union-attr]
        rows = list(self.query(SeatRow))
        taken = {r.seat: r.choice().city for r in rows}
        free = [c for c in self.cities() if c not in taken.values()]
        for r in rows:
            if r.seat != seat and taken[r.seat] == event.value:
                old = getattr(self, "_last_city", {}).get(seat)
                other = self.query_one(f"#city-{r.seat}", Select)
                other.value = old if old and old not in taken.values() else (
                    free[0] if free else other.value)
        self._last_city = {r.seat: r.choice().city for r in rows}

    @on(Button.Pressed, "#start")
    def _start(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#back")
    def _back(self) -> None:
        self.action_back()

    def action_back(self) -> None:
        self.dismiss()

    def action_reroll(self) -> None:
        self.query_one("#seed", PlainInput).value = str(self.app.settings.new_seed())  # type: ignore[attr-defined]

    def build_match(self) -> Match:
        """The match the form describes; IllegalAction/ValueError say what is wrong."""
        players = int(self.query_one("#players", Select).value)  # type: ignore[arg-type]
        rows = [r.choice() for r in self.query(SeatRow)][:players]
        cities = [r.city for r in rows]
        if len(set(cities)) != len(cities):
            raise ValueError("two seats have the same city")
        seed_text = self.query_one("#seed", PlainInput).value.strip()
        if not seed_text.lstrip("-").isdigit():
            raise ValueError("the seed must be a whole number")
        seats = []
        for i, r in enumerate(rows):
            name = r.name or ("You" if r.kind == HUMAN else BOT_NAMES[i % len(BOT_NAMES)])
            seats.append(Seat(name, r.kind, r.strength if r.kind != HUMAN else "normal"))
        options: dict[str, object] = {"cities": tuple(cities)}
        if not self.query_one("#finite-gold", Checkbox).value:
            options["finite_gold"] = False
        return Match(self.game_id, tuple(seats), int(seed_text), Options.of(options))

    def action_start(self) -> None:
        try:
            match = self.build_match()
        except (IllegalAction, ValueError) as e:
            self.query_one("#problem", Static).update(markup("[b $error]$problem[/]", problem=e))
            return
        self.dismiss()
        self.app.play(match)  # type: ignore[attr-defined]
