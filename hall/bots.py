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

Decisions wait for a worker in a ``FairQueue``: each request names its
owner (the account that hosts the table), the owner with the fewest searches
running goes first, and no owner holds more than all workers but one while
others may need it, so one person's tables of hard searches never queue
everyone else's moves.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import pickle
import random
from collections import deque
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from saves.plain import plain

log = logging.getLogger("tabula.hall")


NICENESS = 5  # bots take the CPU the people's game processes leave over


def _warm() -> None:
    """Worker start: a lower priority, so a person's screen never waits behind a
    search on a small machine; the rules and bots imported once, not at the
    first decision. Ctrl-C at the server's terminal reaches the workers too
    (one process group): it is the hall's to act on (it stops the pool as it
    stops), so a worker ignores it, instead of dying with a traceback."""
    import contextlib
    import os
    import signal

    import ai.players
    import engine.games  # noqa: F401

    signal.signal(signal.SIGINT, signal.SIG_IGN)
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


class FairQueue:
    """Requests waiting for a worker, per owner, oldest first; ``pop`` picks
    whose turn it is (see the module docstring)."""

    def __init__(self) -> None:
        self._waiting: dict[str, deque[Any]] = {}
        self._served: dict[str, int] = {}  # owner -> when last served (a counter)
        self._turns = 0

    def __len__(self) -> int:
        return sum(len(q) for q in self._waiting.values())

    def push(self, owner: str, item: Any) -> None:
        self._waiting.setdefault(owner, deque()).append(item)

    def remove(self, owner: str, item: Any) -> None:
        """Forget a request that no longer waits (its table went)."""
        queue = self._waiting.get(owner)
        if queue is not None and item in queue:
            queue.remove(item)
            if not queue:
                del self._waiting[owner]

    def pop(self, running: Mapping[str, int], cap: int) -> tuple[str, Any] | None:
        """The next request: of the owners running fewer than ``cap`` searches,
        the one running fewest, then the one served longest ago; None if no
        owner may go now."""
        owners = [o for o in self._waiting if running.get(o, 0) < cap]
        if not owners:
            return None
        owner = min(owners, key=lambda o: (running.get(o, 0), self._served.get(o, -1)))
        self._turns += 1
        self._served[owner] = self._turns
        queue = self._waiting[owner]
        item = queue.popleft()
        if not queue:
            del self._waiting[owner]
        return owner, item


class BotPool:
    """``await pool.decide(game_id, kind, strength, view, seat, seed, owner)`` -> action."""

    def __init__(self, workers: int = 2, seconds: float | None = None,
                 iterations: int | None = None) -> None:
        self.workers = workers
        self.seconds = seconds
        self.iterations = iterations
        self._pool: ProcessPoolExecutor | None = None
        self._queue = FairQueue()
        self._running: dict[str, int] = {}  # owner -> decisions on a worker now
        self.started: list[str] = []  # owners, in the order their decisions began (tests)

    @property
    def cap(self) -> int:
        """Searches one owner may run at once: all workers but one (so some
        other table can always move), and at least one."""
        return max(1, self.workers - 1)

    def start(self) -> None:
        if self._pool is None:
            ctx = multiprocessing.get_context("forkserver")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=ctx, initializer=_warm)

    async def decide(self, game_id: str, kind: str, strength: str, view: Any, seat: int,
                     seed: int, owner: str = "") -> tuple:
        """The action a ``kind`` bot of ``strength`` chooses on ``view`` for
        ``seat``, once ``owner``'s turn for a worker has come."""
        self.start()
        data = pickle.dumps(view, protocol=pickle.HIGHEST_PROTOCOL)
        await self._turn(owner)
        try:
            return await self._run(game_id, kind, strength, data, view, seat, seed)
        finally:
            self._running[owner] -= 1
            if not self._running[owner]:
                del self._running[owner]
            self._next()

    async def _turn(self, owner: str) -> None:
        """Wait in the fair queue until a worker is ``owner``'s."""
        ticket: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.push(owner, ticket)
        self._next()
        try:
            await ticket
        except asyncio.CancelledError:
            if ticket.done() and not ticket.cancelled():  # granted as it was cancelled
                self._running[owner] -= 1
                if not self._running[owner]:
                    del self._running[owner]
                self._next()
            else:
                self._queue.remove(owner, ticket)
            raise

    def _next(self) -> None:
        """Give free workers to whoever's turn it is."""
        while sum(self._running.values()) < self.workers:
            chosen = self._queue.pop(self._running, self.cap)
            if chosen is None:
                return
            owner, ticket = chosen
            if ticket.done():  # cancelled while it waited (its table went): not a search
                continue
            self._running[owner] = self._running.get(owner, 0) + 1
            self.started.append(owner)
            del self.started[:-1000]
            ticket.set_result(None)

    async def _run(self, game_id: str, kind: str, strength: str, data: bytes, view: Any,
                   seat: int, seed: int) -> tuple:
        self.start()  # (again: a pool that broke meanwhile is started anew)
        pool = self._pool
        assert pool is not None
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(pool, _decide, game_id, kind, strength,
                                              data, seat, seed, self.iterations, self.seconds)
        except BrokenProcessPool:
            log.warning("bot pool broke; starting a new one")
            pool.shutdown(wait=False, cancel_futures=True)
            if self._pool is pool:
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
