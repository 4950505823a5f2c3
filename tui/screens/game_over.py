"""The end of a game: ranks, the score by category, the tie-break used and
everyone's score over the rounds."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.match import Match
from tui.widgets.chart import ScoreChart
from tui.widgets.keybar import KeyBar
from tui.widgets.seats import SeatLook
from tui.widgets.untrusted import markup

ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(n: int) -> str:
    return ORDINAL.get(n, f"{n}th")


SHORT = {"buildings": "Build", "activations": "Activ", "battles": "Battle",
         "setup": "Setup", "taxes": "Taxes", "gold": "Gold", "gloria": "Gloria"}
CELL = 6


def score_table(match: Match, looks: tuple[SeatLook, ...]) -> Content:
    """Ranks and the per-category breakdown as aligned text (names plain)."""
    res = match.game.result(match.state)
    cats = list(res.breakdown[0])
    widths = [Content(lk.name).cell_length for lk in looks]
    name_w = max(10, *widths) + 4
    labels = " ".join(f"{SHORT.get(c, c.capitalize())[:CELL]:>{CELL}}" for c in cats)
    lines = [Content.from_markup(f"[dim]{'':4} {'':{name_w}} {'PP':>4}  {labels}[/]")]
    order = sorted(range(len(looks)), key=lambda i: (res.ranks[i], i))
    for i in order:
        lk = looks[i]
        pad = " " * (name_w - widths[i] - 4)
        cells = " ".join(f"{res.breakdown[i][c]:>{CELL}}" for c in cats)
        rank = f"{ordinal(res.ranks[i]):>4}"
        rank = f"[b $warning]{rank}[/]" if i in res.winners else rank
        lines.append(markup(f"{rank} [reverse b $seat-{lk.colour}] {lk.letter} [/] $name{pad} "
                            f"[b]{res.scores[i]:>4}[/]  {cells}", name=lk.name))
    return Content("\n").join(lines)


def score_rows(series: list[list[int]], looks: tuple[SeatLook, ...],
               columns: list[str]) -> str:
    """The chart's numbers, one row per seat."""
    head = "[dim]   " + "".join(f"{c:>4}" for c in columns) + "[/]"
    rows = [head]
    for lk, values in zip(looks, series, strict=True):
        rows.append(f"[b $seat-{lk.colour}]{lk.letter}[/]  "
                    + "".join(f"{v:>4}" for v in values))
    return "\n".join(rows)


def verdict(match: Match, looks: tuple[SeatLook, ...]) -> Content:
    """Who won, each winner's name in their colour (names plain)."""
    res = match.game.result(match.state)
    names = Content(" and ").join(markup(f"[b $seat-{looks[w].colour}]$name[/]",
                                         name=looks[w].name) for w in res.winners)
    pp = res.scores[res.winners[0]]
    text = (" share the victory" if len(res.winners) > 1 else " wins") + f" with {pp} PP"
    if res.tiebreak == "shared":
        text += " (tied on every tie-break)"
    elif res.tiebreak:
        text += f" — tie on score broken by {res.tiebreak}"
    return names + (text + ".")


class GameOverScreen(ModalScreen[str | None]):
    """Shown when the game ends. Returns "title", "replay" or None (the board)."""

    CSS_PATH = "game_over.tcss"
    BINDINGS = [
        Binding("enter", "choose('title')", "Title screen"),
        Binding("r", "choose('replay')", "Replay"),
        Binding("escape,b", "choose('board')", "See the board"),
    ]

    def __init__(self, match: Match, looks: tuple[SeatLook, ...]) -> None:
        super().__init__()
        self.match = match
        self.looks = looks

    def compose(self) -> ComposeResult:
        m = self.match
        with VerticalScroll(id="over-box"):
            yield Static("Game over", classes="title")
            yield Static(verdict(m, self.looks), id="verdict")
            yield Static(score_table(m, self.looks), id="scores")
            yield Static("[dim]Prestige over the rounds[/]", id="chart-title")
            with Horizontal(id="chart-box"):
                yield ScoreChart(id="chart")
                yield Static(id="chart-numbers")
        yield KeyBar()

    def on_mount(self) -> None:
        s = self.match.state
        history = list(getattr(s, "history", ()))
        res = self.match.game.result(s)
        columns = [f"R{i + 1}" for i in range(len(history))] + ["end"]
        series = [[row[p] for row in history] + [res.scores[p]] for p in range(len(self.looks))]
        height = 8 if self.app.size.height < 34 else 14
        self.query_one(ScoreChart).plot(series, self.looks, columns, height)
        self.query_one("#chart-numbers", Static).update(score_rows(series, self.looks, columns))

    def action_choose(self, what: str) -> None:
        self.dismiss(None if what == "board" else what)
