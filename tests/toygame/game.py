"""Toy Legion behind the Game protocol (engine/core.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import (
    Chapter,
    LogLine,
    Options,
    Result,
    Rng,
    ScoreHistory,
    decode_plain,
    encode_plain,
    rank_scores,
)

from . import hidden, rules, text
from .state import RAIDERS, State, mover


class Toy:
    """Toy Legion, 1 to 3 players (solo against The Raiders)."""

    id = "toy"
    title = "Toy Legion"
    players = range(1, 4)
    default_players = 2
    options = rules.OPTIONS

    def setup(self, players: int, options: Options | None = None, seed: int = 0) -> State:
        return rules.setup(players, options or Options(), seed)

    def seats(self, s: State) -> int:
        return s.n

    def to_move(self, s: State) -> int | None:
        return None if s.over else mover(s)

    def is_over(self, s: State) -> bool:
        return s.over

    def legal(self, s: State) -> list[tuple]:
        return rules.legal(s)

    def play(self, s: State, a: tuple, trusted: bool = False) -> State:
        return rules.play(s, a, trusted)

    def result(self, s: State) -> Result:
        scores = tuple(c.score for c in s.camps)
        best = max(scores)
        lost = s.raiders and s.raid > best
        winners = () if lost else tuple(i for i, x in enumerate(scores) if x == best)
        return Result(
            scores=scores,
            ranks=rank_scores([(x,) for x in scores]),
            breakdown=tuple({"dice": c.dice, "cards": c.cards, "rest": c.rest}
                            for c in s.camps),
            winners=winners,
            outcome=text.outcome(s, winners, best),
            unit="points",
            labels=(("dice", "Dice"), ("cards", "Cards"), ("rest", "Rest")),
            others=((RAIDERS, s.raid),) if s.raiders else (),
        )

    def view(self, s: State, seat: int) -> State:
        return hidden.view(s, seat)

    def viewer(self, s: State) -> int | None:
        return None if s.viewer == -1 else s.viewer

    def sample(self, v: State, seat: int, rng: Rng) -> State:
        return hidden.sample(v, seat, rng)

    def informs(self, before: State, after: State, seat: int) -> bool:
        return hidden.informs(before, after, seat)

    def describe(self, s: State, a: tuple) -> str:
        return rules.described(s, a)

    def prompt(self, s: State) -> str:
        return text.prompt(s)

    def events(self, s: State) -> Sequence[tuple]:
        return s.events

    def log_line(self, s: State, e: tuple) -> LogLine | None:
        return text.log_line(s, e)

    def encode_action(self, a: tuple) -> list:
        return encode_plain(a)

    def decode_action(self, data: Any) -> tuple:
        return decode_plain(data)

    def progress(self, s: State) -> str:
        return text.progress(s)

    def chapter(self, s: State) -> Chapter:
        return Chapter("era", s.era, text.era_label(s.era))

    def score_history(self, s: State) -> ScoreHistory:
        return ScoreHistory(tuple(f"E{i + 1}" for i in range(len(s.history))), s.history)

    def seat_label(self, s: State, seat: int) -> str:
        return s.banners[seat]
