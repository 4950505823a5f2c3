"""The status line: whose turn and what to do; while a bot thinks, its name
and a progress bar."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import ProgressBar, Static

from .redraw import show


class StatusLine(Horizontal):
    """One line at the top of the game screen."""

    def compose(self) -> ComposeResult:
        yield Static(id="status-text", markup=True)
        yield ProgressBar(total=100, show_eta=False, show_percentage=False,
                          id="status-progress")

    def on_mount(self) -> None:
        self.query_one(ProgressBar).display = False

    def _say(self, markup: str | Content) -> None:
        # Only a change of text is redrawn (redraw.show): progress arrives
        # many times a second while a bot thinks.
        show(self.query_one("#status-text", Static), markup)

    def say(self, markup: str | Content) -> None:
        """Show what to do now (no progress bar). A str is our own markup;
        anything naming a seat comes as Content (tui.widgets.untrusted.markup)."""
        self._say(markup)
        self.query_one("#status-text").remove_class("-one-row")
        self.query_one(ProgressBar).display = False

    def thinking(self, markup: str | Content, fraction: float | None) -> None:
        """Show who is thinking and how far along its budget it is, in one
        row beside the bar (cut with "…": the move it tells is in the log;
        wrapped, it took two or three rows at 80 columns and pushed the
        table down while bots played)."""
        self._say(markup)
        self.query_one("#status-text").add_class("-one-row")
        bar = self.query_one(ProgressBar)
        if not bar.display:
            bar.display = True
        if fraction is None:
            bar.update(total=None)
        else:
            bar.update(total=100, progress=round(100 * max(0.0, min(1.0, fraction))))

