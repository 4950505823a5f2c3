"""The key line at the bottom of a screen.

Like Textual's Footer, but drawn once as one line of text (clicks run the
binding's action): the Footer rebuilds its widgets whenever bindings change
or a screen resumes, which costs more than a key press may take while a bot
is thinking.
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.content import Content
from textual.markup import escape
from textual.style import Style
from textual.widgets import Static

KEY_NAMES = {"escape": "esc", "question_mark": "?", "enter": "⏎", "slash": "/",
             "pagedown": "PgDn", "pageup": "PgUp", "right": "→", "left": "←"}


def key_label(binding: Binding) -> str:
    if binding.key_display:
        return binding.key_display
    key = binding.key.split(",")[0]
    if key.startswith("ctrl+"):
        return "ctrl+" + key[5:] if len(key) > 6 else "^" + key[5:]
    return KEY_NAMES.get(key, key)


class KeyBar(Static):
    """The shown bindings of the screen it is on."""

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        background: $panel;
        color: $text;
        padding: 0 1;
        link-style: none;
        link-color: $text;
        link-style-hover: bold;
        link-background-hover: $accent 30%;
    }
    """

    def __init__(self, relabel: dict[str, str] | None = None, **kw: Any) -> None:
        """``relabel`` gives some actions another description here (a
        replay's "Next chapter" is "Next round" in a game of rounds)."""
        super().__init__(**kw)
        self.relabel = relabel or {}

    def on_mount(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        """Draw the screen's shown bindings, less those its ``shows_key``
        (if it has one) says mean nothing to this viewer now, and with those
        hidden ones its ``promotes_key`` says matter now (the results, once
        a game is over)."""
        shows = getattr(self.screen, "shows_key", None)
        promotes = getattr(self.screen, "promotes_key", None)
        parts = []
        for b in self.screen.BINDINGS:
            if isinstance(b, Binding) and b.description \
                    and (b.show or (promotes is not None and promotes(b))) \
                    and (shows is None or shows(b)):
                said = self.relabel.get(b.action, b.description)
                piece = Content.from_markup(
                    f"[b $accent]{escape(key_label(b))}[/] {escape(said)}")
                # The click action as a style (markup cannot spell "round(-1)").
                parts.append(piece.stylize(Style.from_meta({"@click": f"screen.{b.action}"})))
        self.update(Content("  ").join(parts))
