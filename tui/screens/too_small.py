"""Shown instead of a broken layout while the terminal is below 80×24."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static


class TooSmallScreen(Screen[None]):
    """Covers every other screen and takes no keys but quit (ctrl+q)."""

    DEFAULT_CSS = """
    TooSmallScreen {
        align: center middle;
        background: $background;
    }
    TooSmallScreen > Static {
        width: auto;
        max-width: 100%;
        height: auto;
        text-align: center;
        padding: 0 1;
    }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="too-small-text")

    def on_mount(self) -> None:
        self.refresh_size()

    def on_resize(self, event: events.Resize) -> None:
        self.refresh_size(event.size.width, event.size.height)

    def refresh_size(self, w: int | None = None, h: int | None = None) -> None:
        from tui.sizes import MIN_HEIGHT, MIN_WIDTH

        if w is None or h is None:
            w, h = self.app.size
        self.query_one(Static).update(
            f"[b]Please enlarge the terminal[/]\n"
            f"Tabula needs at least {MIN_WIDTH}×{MIN_HEIGHT}; this one is {w}×{h}.\n"
            "[dim]ctrl+q quits[/]")
