"""The bots of a game on screen, kept between decisions, and the pacer that
lets them yield to the player's keys.

A bot is asked in the game screen's worker thread (``@work(thread=True)``);
a ``BotRunner`` keeps one bot per seat of its game, so a search can reuse
its tree from one decision to the next. Each game screen owns one, so the
bots go when the screen goes.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ai.base import Alternative, Bot, Budget, Progress


@dataclass(frozen=True)
class Job:
    """One decision: who decides (``key`` names a bot kept between
    decisions, e.g. the seat), on which view, with what budget (None: the
    strength's own) and seed."""

    key: tuple
    kind: str
    strength: str
    game_id: str
    view: Any
    seat: int
    iterations: int | None
    seconds: float | None
    seed: int


FLAT_SHARE = 0.05
"""A search whose two most searched moves are closer than this (share of
the visits) has not told them apart."""
FLAT_WIN = 0.05
"""Below this win chance every move looks alike to a search: it loses."""


@dataclass(frozen=True)
class Decision:
    action: tuple
    alternatives: tuple[Alternative, ...]


def flat(alternatives: tuple[Alternative, ...]) -> bool:
    """Did the search fail to tell the moves apart (so its shares and win
    chances explain nothing)? ``alternatives`` come chosen move first."""
    if len(alternatives) < 2:
        return False
    shares = sorted((a.visits for a in alternatives), reverse=True)
    return shares[0] - shares[1] < FLAT_SHARE or alternatives[0].win_rate < FLAT_WIN


def reasons(job: Job, top: int = 4) -> tuple[tuple[tuple, float, str], ...]:
    """The rule-based policy's best ``top`` moves for ``job``'s view, with
    its score (what the game's policy counts: projected points for most)
    and its reason; () for a game without a policy. Runs in a worker."""
    from ai.knowledge import knowledge
    from engine import get_game

    policy = knowledge(job.game_id).policy
    if policy is None:
        return ()
    decision = policy(get_game(job.game_id), job.view, job.seat, random.Random(job.seed))
    return tuple(decision.ranked[:top])


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

    def forget(self) -> None:
        """Drop every bot (the game left the screen)."""
        with self._lock:
            self._bots.clear()


class BotPacer:
    """After a key press, thinking bots pause for ``yield_s`` (or until
    cancelled) so the keypress's screen work has the CPU to itself: a bot
    thread would otherwise take half the interpreter from the UI. The app
    tells it about keys; bots' workers ask it before each search step."""

    def __init__(self, yield_s: float = 0.1) -> None:
        self.yield_s = yield_s
        self.hold_until = 0.0

    def key_pressed(self) -> None:
        self.hold_until = time.monotonic() + self.yield_s

    def may_think(self, cancelled: Callable[[], bool]) -> bool:
        """Wait while the player is pressing keys, then say whether the bot
        was cancelled (called from a worker thread)."""
        while time.monotonic() < self.hold_until and not cancelled():
            time.sleep(0.005)
        return cancelled()
