"""The table of a game that has none of its own, built from the protocol
alone: every seat with its label, its player and its score so far, where
the game is (its chapter and progress) and what the seat to move is asked.

A new game is playable at a terminal before it has a single widget, and
the conformance suite plays every game that has no table through this one.
"""

from __future__ import annotations

from typing import Any

from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from engine.core import Game
from engine.match import Seat

from .scene import Scene
from .seats import SEAT_COLOURS, SeatLook
from .untrusted import markup


def letters(labels: list[str]) -> list[str]:
    """One letter per seat: each label's first, or the seat numbers when
    two labels start alike (a letter must tell seats apart)."""
    first = [(label.strip()[:1] or "?").upper() for label in labels]
    if len(set(first)) == len(first):
        return first
    return [str(i + 1) for i in range(len(labels))]


def generic_looks(game: Game[Any, Any], state: Any,
                  seats: tuple[Seat, ...]) -> tuple[SeatLook, ...]:
    """Each seat's colour (in the order of SEAT_COLOURS), letter and label."""
    colours = list(SEAT_COLOURS)
    labels = [game.seat_label(state, i) for i in range(len(seats))]
    return tuple(SeatLook(seat=i, name=seat.name, label=labels[i],
                          colour=colours[i % len(colours)], letter=letter, kind=seat.kind,
                          strength=seat.strength)
                 for i, (seat, letter) in enumerate(zip(seats, letters(labels), strict=True)))


def scores_so_far(game: Game[Any, Any], state: Any) -> tuple[int, ...] | None:
    """The final scores of a finished game, else each seat's score after
    the last chapter played (None before the first)."""
    if game.is_over(state):
        return game.result(state).scores
    rows = game.score_history(state).rows
    return rows[-1] if rows else None


class SeatsPanel(Static):
    """Every seat, one line each; the seat to move is marked."""

    DEFAULT_CSS = """
    SeatsPanel {
        height: 1fr;
        padding: 0 1;
        background: $boost;
    }
    """

    def show(self, scene: Scene) -> None:
        game, s = scene.game, scene.state
        to_move = game.to_move(s)
        scores = scores_so_far(game, s)
        lines = []
        for lk in scene.looks:
            mark = "▶" if lk.seat == to_move else " "
            score = f"[b]{scores[lk.seat]}[/] · " if scores is not None else ""
            lines.append(markup(f"{mark} [reverse b $seat-{lk.colour}] $letter [/] {score}"
                                f"[b $seat-{lk.colour}]$label[/] [dim]$who[/]",
                                letter=lk.letter, label=lk.label, who=lk.who))
        self.update(Content("\n").join(lines))


class GamePanel(Static):
    """Where the game is, and what it asks of the seat to move (or how it ended)."""

    DEFAULT_CSS = """
    GamePanel {
        height: auto;
        max-height: 65%;
        border: round $panel;
        border-title-color: $text-accent;
        padding: 0 1;
    }
    """

    def show(self, scene: Scene) -> None:
        game, s = scene.game, scene.state
        self.border_title = game.chapter(s).label or game.title
        where = markup("[dim]$progress[/]", progress=game.progress(s))
        if game.is_over(s):
            res = game.result(s)
            said = markup("[b]$outcome[/]", outcome=res.outcome or "The game is over.")
        else:
            seat = game.to_move(s)
            look = scene.looks[seat] if seat is not None else None
            who = markup(f"[b $seat-{look.colour}]$name[/]: ", name=look.name) if look else ""
            said = Content.assemble(who, markup("$prompt", prompt=game.prompt(s)))
        self.update(Content("\n").join([where, said]))


class GenericUI:
    """A ``GameUI`` for any game: the seats on the left, the game's words
    on the right."""

    variables: dict[str, str] = {}
    notes = ("The table lists each seat with its letter, player and score so far; "
             "▶ marks the seat to move.")

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self._seats = SeatsPanel(id="generic-seats")
        self._panel = GamePanel(id="generic-panel")

    def board(self) -> Widget:
        return self._seats

    def side(self) -> Widget:
        return self._panel

    def looks(self, state: Any, seats: tuple[Seat, ...]) -> tuple[SeatLook, ...]:
        return generic_looks(self.game, state, seats)

    def show(self, scene: Scene) -> None:
        self._seats.show(scene)
        self._panel.show(scene)

    def focus_action(self, scene: Scene, action: tuple | None) -> None:
        """Nothing to point at: the action menu says it all."""

    def table_key(self, key: str) -> bool:
        """No keys of its own."""
        return False
