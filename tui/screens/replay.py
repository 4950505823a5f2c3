"""A saved game, step by step: the table and the log at any step, forward
and back. A finished game is shown in full; an unfinished one only as its
first human seat saw it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.reactive import Reactive, reactive
from textual.widgets import Static

from engine.core import LogLine
from engine.match import Match
from tui.widgets.game_log import GameLog
from tui.widgets.scene import Scene
from tui.widgets.status import StatusLine
from tui.widgets.table import compose_table
from tui.widgets.untrusted import markup

from .tabled import Tabled

if TYPE_CHECKING:
    from ai.review import Review


def seen_by(name: str) -> str:
    """Whose eyes an unfinished game is replayed through: "as you saw it"
    for the seat named "You" (the new-game default), never "as You saw it"."""
    return "as you saw it" if name == "You" else f"as {name} saw it"


class ReplayScreen(Tabled):
    """Steps through ``match.states``; PgDn/PgUp jump by the game's chapters
    (rounds, eras: ``Game.chapter``)."""

    CSS_PATH = ["game.tcss", "replay.tcss"]
    BINDINGS = [
        # Priority: the log would scroll with these keys otherwise.
        Binding("right,l,space", "step(1)", "Next", priority=True),
        Binding("left,h", "step(-1)", "Back", priority=True),
        Binding("pagedown", "chapter(1)", "Next chapter", priority=True),
        Binding("pageup", "chapter(-1)", "Prev chapter", priority=True),
        Binding("home", "jump(0)", "Start", show=False, priority=True),
        Binding("end", "jump(-1)", "End", show=False, priority=True),
        Binding("s", "seat", "Seat"),
        Binding("g", "results", "Results"),
        Binding("v", "review", "Review"),
        Binding("escape,q", "back", "Back"),
    ]

    step: Reactive[int] = reactive(0, init=False)

    def __init__(self, match: Match, standalone: bool = False) -> None:
        super().__init__(match.game_id)
        self.match = match
        self.standalone = standalone
        self.full = match.is_over()
        humans = match.human_seats()
        self.seat = 0 if self.full or not humans else humans[0]
        self._entries: list[tuple[int, LogLine]] = []
        self.chapter_word = str(match.game.chapter(match.state).kind)
        self._shown_upto = -1
        self._reviewed: Review | None = None

    def compose(self) -> ComposeResult:
        word = self.chapter_word
        relabel = {"chapter(1)": f"Next {word}", "chapter(-1)": f"Prev {word}"}
        yield from compose_table(self.ui, Static(id="replay-step"), relabel)

    def on_mount(self) -> None:
        m = self.match
        self.looks = self.ui.looks(m.state, m.seats)
        self.query_one(GameLog).set_looks(self.looks)
        self.load_log()
        self.set_class(self.app.size.height < 34, "-short")
        self.render_step()

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.height < 34, "-short")

    def on_key(self, event: events.Key) -> None:
        """The table's own keys work with the log focused too."""
        if self.ui.table_key(event.key):
            event.stop()

    def load_log(self) -> None:
        self._entries = self.match.log_lines(None if self.full else self.seat)
        self._shown_upto = -1
        self.query_one(GameLog).reset([])

    def shown(self, i: int) -> Any:
        s = self.match.states[i]
        return s if self.full else self.match.game.view(s, self.seat)

    def render_step(self) -> None:
        m, i = self.match, self.step
        scene = Scene(m.game, self.shown(i), self.seat, m.seats, self.looks,
                      lambda k: self.shown(i - k) if i - k >= 0 else None,
                      m.seed if self.full else None)  # a seat's view: the seed is the decks' order
        self.ui.show(scene)
        log = self.query_one(GameLog)
        if i < self._shown_upto:
            log.reset([line for s, line in self._entries if s <= i])
        else:
            log.add([line for s, line in self._entries if self._shown_upto < s <= i])
        self._shown_upto = i
        last = len(m.actions)
        how = "the whole game" if self.full else seen_by(self.looks[self.seat].name)
        self.query_one(StatusLine).say(markup(
            f"[b]Replay[/] step {i}/{last} · $progress · [dim]$how[/]",
            progress=m.game.progress(m.states[i]), how=how))
        if i < last:
            before = m.states[i]
            mover = m.game.to_move(before)
            lk = self.looks[mover]
            shown_before = before if self.full else m.game.view(before, self.seat)
            what = m.game.describe(shown_before, m.actions[i]) if (
                self.full or mover == self.seat) else "(a move you did not see)"
            nxt = markup(f"Next: [reverse b $seat-{lk.colour}] {lk.letter} [/] $name — $what",
                         name=lk.name, what=what)
        else:
            nxt = Content.from_markup("[b]The end of the record.[/]")
        keys = (f"→/space next · ← back · PgDn/PgUp {self.chapter_word} · Home/End"
                + (" · s: whose view" if self.full else ""))
        self.query_one("#replay-step", Static).update(
            nxt + Content.from_markup(f"\n\n[dim]{keys}[/]"))

    def watch_step(self) -> None:
        self.render_step()

    def action_step(self, delta: int) -> None:
        self.step = max(0, min(len(self.match.actions), self.step + delta))

    def action_jump(self, where: int) -> None:
        self.step = len(self.match.actions) if where < 0 else where

    def action_chapter(self, delta: int) -> None:
        """To the first step of the next chapter, or back to the start of
        this one (from its start: of the previous one)."""
        m = self.match
        marks = [tuple(m.game.chapter(s)[:2]) for s in m.states]
        i = self.step
        here = marks[i]
        if delta > 0:
            j = next((k for k in range(i + 1, len(marks)) if marks[k] != here), len(marks) - 1)
        else:
            start = next((k for k in range(i, -1, -1) if marks[k] != here), -1) + 1
            if start < i:
                j = start
            else:
                prev = marks[i - 1] if i > 0 else here
                j = next((k for k in range(i - 1, -1, -1) if marks[k] != prev), -1) + 1
        self.step = max(0, j)

    def action_seat(self) -> None:
        if self.full:
            self.seat = (self.seat + 1) % self.match.players
            self.render_step()

    def shows_key(self, binding: Binding) -> bool:
        """The results and the review only of a finished game."""
        return self.full or binding.action not in ("results", "review")

    def action_results(self) -> None:
        """The finished game's score breakdown and chart, as at its end."""
        if not self.full:
            return
        from .game_over import GameOverScreen, ending_of

        def after(choice: str | None) -> None:
            if choice == "review":
                self.action_review()

        self.app.push_screen(GameOverScreen(ending_of(self.match), self.looks, replay=False,
                                            leave=None, review=True), after)

    def action_review(self) -> None:
        """The finished game's review: each seat's chances and costliest decisions."""
        if not self.full:
            return
        from .review import ReviewScreen

        screen = ReviewScreen(self.match, self.looks, done=self._reviewed)

        def back(_: None) -> None:
            self._reviewed = screen.result  # opened again, shown at once

        self.app.push_screen(screen, back)

    def action_back(self) -> None:
        if self.standalone:
            self.app.exit(0)
        else:
            self.dismiss()
