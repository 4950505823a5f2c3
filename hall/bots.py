"""Bots for shared tables, thinking in worker processes so the hall's event
loop never waits on a search.

The pool's processes come from the "forkserver" context (never a fork of the
asyncio server, whose sockets and threads a child must not inherit). A
decision is handed only the seat's view (pickled to the worker, as bots only
ever see views) and a seed; the worker builds the bot by kind and strength
(``ai.players.make_bot``) and gives it the strength's own budget unless the
hall overrides it (tests and benches make bots quick).

If a worker dies or a bot fails, the pool logs one line and answers with a
random legal action in the hall's process, so a table never hangs on a bot.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import pickle
import random
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from saves.plain import plain

log = logging.getLogger("tabula.hall")


NICENESS = 5  # bots take the CPU the people's game processes leave over


def _warm() -> None:
    """Worker start: a lower priority, so a person's screen never waits behind a
    search on a small machine; the rules and bots imported once, not at the
    first decision."""
    import contextlib
    import os

    import ai.players
    import engine.games  # noqa: F401

    with contextlib.suppress(OSError):
        os.nice(NICENESS)
    ai.players.kinds()


def _decide(game_id: str, kind: str, strength: str, view: bytes, seat: int, seed: int,
            iterations: int | None, seconds: float | None) -> tuple:
    """In a worker: the bot's action on ``view``."""
    from ai.base import Budget
    from ai.players import make_bot
    from engine import get_game

    game = get_game(game_id)
    bot = make_bot(kind, strength)
    budget = Budget(iterations=iterations, seconds=seconds)
    return bot.decide(game, pickle.loads(view), seat, budget, random.Random(seed))  # noqa: S301


class BotPool:
    """``await pool.decide(game_id, kind, strength, view, seat, seed)`` -> action."""

    def __init__(self, workers: int = 2, seconds: float | None = None,
                 iterations: int | None = None) -> None:
        self.workers = workers
        self.seconds = seconds
        self.iterations = iterations
        self._pool: ProcessPoolExecutor | None = None

    def start(self) -> None:
        if self._pool is None:
            ctx = multiprocessing.get_context("forkserver")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=ctx, initializer=_warm)

    async def decide(self, game_id: str, kind: str, strength: str, view: Any, seat: int,
                     seed: int) -> tuple:
        """The action a ``kind`` bot of ``strength`` chooses on ``view`` for ``seat``."""
        self.start()
        assert self._pool is not None
        data = pickle.dumps(view, protocol=pickle.HIGHEST_PROTOCOL)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool, _decide, game_id, kind, strength,
                                              data, seat, seed, self.iterations, self.seconds)
        except BrokenProcessPool:
            log.warning("bot pool broke; starting a new one")
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        except Exception as e:  # a bot's bug must not stop the table  # noqa: BLE001
            log.warning("bot %s failed on %s (%s: %s); a random move instead",
                        kind, game_id, type(e).__name__, plain(str(e), 200))
        return _fallback(game_id, view, seed)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _fallback(game_id: str, view: Any, seed: int) -> tuple:
    from engine import get_game

    legal = list(get_game(game_id).legal(view))
    return random.Random(seed).choice(legal)
