"""The bots of the games on screen, kept between decisions.

A bot is asked in the game screen's worker thread (``@work(thread=True)``);
this keeps one bot per seat of each game, so a search can reuse its tree
from one decision to the next, and forgets them when the game leaves.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ai.base import Alternative, Bot, Budget, Progress


@dataclass(frozen=True)
class Job:
    """One decision: who decides (``key`` names a bot kept between
    decisions: the game's token, then the seat), on which view, with what
    budget (None: the strength's own) and seed."""

    key: tuple
    kind: str
    strength: str
    game_id: str
    view: Any
    seat: int
    iterations: int | None
    seconds: float | None
    seed: int


@dataclass(frozen=True)
class Decision:
    action: tuple
    alternatives: tuple[Alternative, ...]


class BotRunner:
    """Runs decisions in the calling (worker) thread."""

    def __init__(self) -> None:
        self._bots: dict[tuple, Bot] = {}
        self._lock = threading.Lock()

    def _bot(self, job: Job) -> Bot:
        from ai.players import make_bot

        with self._lock:
            bot = self._bots.get(job.key)
            if bot is None:
                bot = self._bots[job.key] = make_bot(job.kind, job.strength)
            return bot

    def decide(self, job: Job, cancelled: Callable[[], bool],
               progress: Callable[[float], None]) -> Decision:
        """The bot's action for ``job.view``; BotCancelled (from the bot) if
        ``cancelled()`` turned true first. The bot sees only the view."""
        from engine import get_game

        bot = self._bot(job)

        def report(p: Progress) -> None:
            progress(p.fraction)

        budget = Budget(iterations=job.iterations, seconds=job.seconds, cancel=cancelled,
                        progress=report)
        try:
            action = bot.decide(get_game(job.game_id), job.view, job.seat, budget,
                                random.Random(job.seed))
        except Exception:
            self.drop(job.key)  # a failed bot starts afresh next time
            raise
        return Decision(action, tuple(bot.explain()))

    def drop(self, key: tuple) -> None:
        with self._lock:
            self._bots.pop(key, None)

    def forget(self, token: object) -> None:
        """Drop the bots of a game that is no longer on screen."""
        with self._lock:
            for key in [k for k in self._bots if k[0] == token]:
                del self._bots[key]
