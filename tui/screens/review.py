"""The review of a finished game (``ai.review``): each seat's win chance
over the game as a chart, and the costliest decisions of each human seat
(of every seat when none was human) with the move the search preferred.

Opened from the results of a local game (v) and from the replay of a
finished one. The review takes a moment (the game's evaluation at every
step, then a search per costly decision), so it runs in a worker while the
screen says "Reviewing…" with how far it is; esc leaves at any time and
calls the worker off.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import Worker, WorkerState, get_current_worker

from ai.base import BotCancelled
from ai.review import ITERATIONS, Cancelled, Costly, Review, SeatReview, review
from engine.match import Match
from saves.plain import plain
from tui.host import host
from tui.widgets.chart import ScoreChart
from tui.widgets.keybar import KeyBar
from tui.widgets.seats import SeatLook
from tui.widgets.untrusted import markup

STEP = 2
"""Columns per point of the chart."""
CHART_ROOM = 26
"""Columns the legend beside the chart and the margins take."""

Compute = Callable[..., Review]
"""``ai.review.review``'s signature (tests hand in one they hold)."""


@dataclass
class Reviewing(Message):
    """How far the worker is (0..1)."""

    fraction: float


def percent(x: float | None) -> str:
    return "—" if x is None else f"{round(100 * x)}%"


def axis_labels(match: Match, steps: Sequence[int]) -> list[str]:
    """Under each point, the chapter it begins ("R3", "E2"), else nothing."""
    game, out, last = match.game, [], None
    for i in steps:
        ch = game.chapter(match.states[i])
        mark = (ch.kind, ch.number)
        out.append(f"{plain(ch.kind)[:1].upper()}{ch.number}" if mark != last and ch.number
                   else "")
        last = mark
    return out


def legend(looks: Sequence[SeatLook], seats: Sequence[SeatReview]) -> Content:
    """Each seat's letter, name and its chance at the start and the end."""
    rows = [Content.from_markup("[dim]start → end[/]")]
    for lk, sr in zip(looks, seats, strict=False):
        rows.append(markup(f"[b $seat-{lk.colour}]$letter[/] $name [dim]$a → $b[/]",
                           letter=lk.letter, name=lk.name, a=percent(sr.chances[0]),
                           b=percent(sr.chances[-1])))
    return Content("\n").join(rows)


MEASURES = "Cost: hindsight, nothing hidden, one move on · search: on what was known"
"""The two measures in one line (at 80×24 two decisions show whole): a
decision's cost is hindsight (the true state, every card seen, the best
move one step deep less the one played); the search's chances are from
the seat's view, what the player knew then."""
DECISIONS_MARGIN = 4
"""Columns of the screen the decisions do not get (padding, scroll bar)."""
HINDSIGHT_ONLY = "(on what was known; the cost is hindsight)"


def decision_lines(k: int, c: Costly, room: int | None = None) -> list[Content]:
    """One costly decision: where, its cost in hindsight, then the search's
    chances on what was known, for the move played and the search's choice,
    each after its chance (so the figures line up and a long move wraps at
    its end). Each figure says which measure it is: walkers read a cost
    and a search that chose the same move as the two contradicting. Where
    the first line would wrap in ``room`` columns, the cost's two parts
    (best and played, in hindsight) go: at 80×24 two decisions show whole."""
    head = markup(f"[b]{k}.[/] $where — [b]hindsight cost $cost[/] [dim](best $best, "
                  "played $after)[/]", where=f"step {c.step}, {plain(c.progress)}",
                  cost=percent(c.cost), best=percent(c.best), after=percent(c.after))
    if room is not None and head.cell_length > room:  # one row: the cost without its parts
        head = markup(f"[b]{k}.[/] $where — [b]hindsight cost $cost[/]",
                      where=f"step {c.step}, {plain(c.progress)}", cost=percent(c.cost))
    lines = [head,
             markup("   [dim]search:[/] played     $chance  $text", text=plain(c.played.text),
                    chance=f"{percent(c.played.chance):>4}")]
    if c.agreed:  # the two measures disagree: say which is which
        lines.append(Content.from_markup(
            f"           chose this move too [dim]{HINDSIGHT_ONLY}[/]"))
    else:
        lines.append(markup("           preferred  $chance  [b]$text[/]",
                            text=plain(c.preferred.text),
                            chance=f"{percent(c.preferred.chance):>4}"))
    return lines


def decisions(looks: Sequence[SeatLook], done: Review, room: int | None = None) -> Content:
    """Every reviewed seat's costliest decisions (``room``: the columns a
    line has)."""
    lines: list[Content] = [Content.from_markup(
        f"[dim]{MEASURES}[/]")]
    if done.every_seat:
        lines.append(Content.from_markup("[dim]No seat was played by a person: "
                                         "every seat is reviewed.[/]"))
    for lk, sr in zip(looks, done.seats, strict=False):
        if not sr.reviewed:
            continue
        many = "decision" if sr.decisions == 1 else "decisions"
        head = (f"the {len(sr.costliest)} costliest of {sr.decisions} {many}"
                if sr.costliest else f"{sr.decisions} {many}, none to review")
        lines.append(Content(""))
        lines.append(markup(f"[reverse b $seat-{lk.colour}] $letter [/] [b]$name[/] — $head",
                            letter=lk.letter, name=lk.name, head=head))
        for k, c in enumerate(sr.costliest, 1):
            lines += decision_lines(k, c, room)
    return Content("\n").join(lines)


class ReviewScreen(Screen[None]):
    """A finished game's review; esc goes back where it was opened."""

    CSS_PATH = "review.tcss"
    BINDINGS = [
        Binding("escape,q", "back", "Back"),
        Binding("up,k", "scroll(-1)", "Scroll", key_display="↑↓"),
        Binding("down,j", "scroll(1)", "Scroll", show=False),
        Binding("pageup", "scroll(-8)", "Page", show=False),
        Binding("pagedown", "scroll(8)", "Page", show=False),
    ]

    def __init__(self, match: Match, looks: Sequence[SeatLook], standalone: bool = False,
                 compute: Compute = review, done: Review | None = None) -> None:
        """``done``: this game's review made before (the screen that opened
        it keeps ``result``), shown at once."""
        super().__init__()
        self.match = match
        self.looks = tuple(looks)
        self.standalone = standalone
        self.compute = compute
        self.done = done
        self.result: Review | None = None
        self.shown = asyncio.Event()  # set once the review is on screen (tests wait on it)
        self._percent = -1

    def compose(self) -> ComposeResult:
        n = self.match.players
        title = markup("[b]Review[/] · $game · $seats", game=self.match.game.title,
                       seats=f"{n} player{'s' if n != 1 else ''}, "
                             f"{len(self.match.actions)} actions")
        yield Static(title, id="review-title")
        yield Static(self.reviewing_text(0.0), id="review-state")
        with VerticalScroll(id="review-body"):
            yield Static(id="review-chart-title")
            with Horizontal(id="review-chart-box"):
                yield ScoreChart(id="review-chart")
                yield Static(id="review-legend")
            yield Static(id="review-decisions")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#review-body").display = False
        if self.done is not None:
            self.show(self.done)
            return
        iterations = host(self).settings.review_iterations or ITERATIONS
        self.run_review(iterations)

    def reviewing_text(self, fraction: float) -> Content:
        return markup("[b]Reviewing the game…[/] $pct [dim]· the evaluation at every step, "
                      "then a search for each costly decision · esc: back[/]",
                      pct=f"{round(100 * fraction)}%")

    @work(thread=True, exclusive=True, group="review", exit_on_error=False)
    def run_review(self, iterations: int) -> Review:
        worker = get_current_worker()

        def progress(fraction: float) -> None:
            pct = round(100 * fraction)
            if pct != self._percent:  # a message per percent, not per step
                self._percent = pct
                self.post_message(Reviewing(fraction))

        return self.compute(self.match, iterations, progress, lambda: worker.is_cancelled)

    @on(Reviewing)
    def _reviewing(self, message: Reviewing) -> None:
        if self.result is None:
            self.query_one("#review-state", Static).update(self.reviewing_text(message.fraction))

    @on(Worker.StateChanged)
    def _worker_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "review":
            return
        if event.state == WorkerState.SUCCESS:
            self.show(event.worker.result)
        elif event.state == WorkerState.ERROR and not isinstance(
                event.worker.error, (Cancelled, BotCancelled)):
            self.query_one("#review-state", Static).update(markup(
                "[b $error]No review:[/] $why", why=plain(event.worker.error)))

    def show(self, done: Review) -> None:
        """Draw the chart, the legend and the decisions."""
        self.result = done
        self.query_one("#review-state", Static).update(markup(
            "[dim]$Kind evaluation, all hands seen · search: $n iterations a decision[/]",
            Kind=done.evaluation.capitalize(), n=str(done.iterations)))
        width = self.app.size.width
        points = max(8, (width - CHART_ROOM - 8) // STEP)
        steps = done.sampled(points)
        series = [[round(100 * sr.chances[i]) for i in steps] for sr in done.seats]
        height = 7 if self.app.size.height < 34 else 13  # 0, 50 and 100 labelled
        self.query_one("#review-chart-title", Static).update(Content.from_markup(
            "[dim]Win chance over the game, % (each seat's letter; + where two meet)[/]"))
        self.query_one(ScoreChart).plot(series, self.looks, axis_labels(self.match, steps),
                                        height, STEP, (0, 100))
        self.query_one("#review-legend", Static).update(legend(self.looks, done.seats))
        self.query_one("#review-decisions", Static).update(
            decisions(self.looks, done, width - DECISIONS_MARGIN))
        body = self.query_one("#review-body", VerticalScroll)
        body.display = True
        body.focus()
        self.call_after_refresh(self.shown.set)

    def action_scroll(self, rows: int) -> None:
        self.query_one("#review-body", VerticalScroll).scroll_relative(y=rows, animate=False)

    def action_back(self) -> None:
        self.workers.cancel_group(self, "review")
        if self.standalone:
            self.app.exit(0)
        else:
            self.dismiss()
