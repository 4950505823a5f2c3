"""A game in progress: the game, its seats, every action taken, undo/redo.

The TUI, the SSH server, the headless CLI and the saves all use a Match.
It stays pure like the rest of ``engine``: bots are passed in by the caller
(``ai`` depends on ``engine``, never the other way round) and saving is a
listener the caller attaches.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .core import IllegalAction, LogLine, Options, get_game

HUMAN = "human"


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a human, or a bot of some kind and strength."""

    name: str
    kind: str = HUMAN  # "human", "random", "rules", "mcts"
    strength: str = "normal"

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


@dataclass
class Match:
    """A game with its history. ``states[i]`` is the state after ``actions[:i]``."""

    game_id: str
    seats: tuple[Seat, ...]
    seed: int
    options: Options = field(default_factory=Options)
    actions: list[tuple] = field(default_factory=list)
    redo_stack: list[tuple] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)  # not rules: save id, times, UI notes
    listeners: list[Callable[[Match], None]] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        self.game = get_game(self.game_id)
        if len(self.seats) not in self.game.players:
            lo, hi = self.game.players.start, self.game.players.stop - 1
            raise IllegalAction(
                f"{self.game.title} is for {lo} to {hi} players, not {len(self.seats)}")
        self.states = [self.game.setup(len(self.seats), self.options, self.seed)]
        history, self.actions = self.actions, []
        for a in history:
            self._apply(a)

    # ------------------------------------------------------------ reading
    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def players(self) -> int:
        return len(self.seats)

    def to_move(self) -> int | None:
        return self.game.to_move(self.state)

    def is_over(self) -> bool:
        return self.to_move() is None

    def view(self, seat: int) -> Any:
        return self.game.view(self.state, seat)

    def state_at(self, step: int) -> Any:
        return self.states[step]

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def bot_to_move(self) -> bool:
        seat = self.to_move()
        return seat is not None and not self.seats[seat].is_human

    def log_lines(self, seat: int | None = None, start: int = 0) -> list[tuple[int, LogLine]]:
        """(step, line) for every event since ``start``, as ``seat`` saw it
        (``None``: the full log, for a finished game or a replay)."""
        out = []
        for i in range(start, len(self.states)):
            s = self.states[i]
            shown = s if seat is None else self.game.view(s, seat)
            for e in self.game.events(shown):
                line = self.game.log_line(shown, e)
                if line is not None:
                    out.append((i, line))
        return out

    # ------------------------------------------------------------ changing
    def play(self, action: tuple) -> Any:
        """Play for whoever is to move; raises IllegalAction (nothing changes)."""
        self._apply(action)
        self.redo_stack.clear()
        self._changed()
        return self.state

    def _apply(self, action: tuple) -> None:
        self.states.append(self.game.play(self.state, action))
        self.actions.append(action)

    def can_undo(self, seat: int) -> bool:
        return self._undo_target(seat) is not None

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last action and everything after it, unless
        that would go back past something ``seat`` has learnt since (a card
        drawn, a token or Bellum turned) or chance has decided (dice, a
        shuffle): then nothing changes. The game says which steps those are
        (``Game.informs``)."""
        target = self._undo_target(seat)
        if target is None:
            return False
        while len(self.actions) > target:
            self.redo_stack.append(self.actions.pop())
            self.states.pop()
        self._changed()
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        self._apply(self.redo_stack.pop())
        self._changed()
        return True

    def _undo_target(self, seat: int) -> int | None:
        """The step before ``seat``'s most recent decision, if reachable."""
        for i in range(len(self.actions) - 1, -1, -1):
            if self.reveals(i, seat):
                return None
            if self.game.to_move(self.states[i]) == seat:
                return i
        return None

    def reveals(self, i: int, seat: int) -> bool:
        """Did action ``i`` show ``seat`` something, or leave something to chance?"""
        return self.game.informs(self.states[i], self.states[i + 1], seat)

    def _changed(self) -> None:
        for listener in self.listeners:
            listener(self)

    # ------------------------------------------------------------ bots
    def bot_seed(self, seat: int) -> int:
        """Each bot decision's own seed: reproducible, unknown to the rules."""
        return (self.seed * 1_000_003 + len(self.actions) * 97 + seat) & 0xFFFFFFFF

    def encoded_actions(self) -> list[list]:
        return [self.game.encode_action(a) for a in self.actions]


BOT_WORDS = {"mcts": "Search"}
"""A bot seat's default name word where its kind's is jargon ("Mcts 4" read
as nothing to a player; the seat lists call the ISMCTS bot "search")."""


def seats_from_kinds(kinds: Sequence[str], names: Sequence[str] | None = None) -> tuple[Seat, ...]:
    """Seats from "human,rules,mcts:hard" style kinds; names default to the kind."""
    out = []
    for i, spec in enumerate(kinds):
        kind, _, strength = spec.partition(":")
        word = BOT_WORDS.get(kind, kind.capitalize())
        name = names[i] if names and i < len(names) else (
            "You" if kind == HUMAN else f"{word} {i + 1}")
        out.append(Seat(name=name, kind=kind, strength=strength or "normal"))
    return tuple(out)
