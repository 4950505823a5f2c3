"""Bots think in a helper process, so a searching bot never competes with
the interface for Python's GIL (a key press stays quick while it thinks).

The game screen's bot worker is still a thread (``@work(thread=True)``): it
hands the decision to the helper, waits on the pipe (which releases the
GIL), forwards progress and passes cancellation on. The helper keeps each
seat's bot between decisions, so a search can reuse its tree. If the helper
cannot be started, decisions run in the worker thread itself.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ai.base import Alternative, Bot, BotCancelled, Budget, Progress

POLL_S = 0.004
NICE = 5
PROGRESS_EVERY_S = 0.05


@dataclass(frozen=True)
class Job:
    """One decision: who decides (``key`` names a bot kept between
    decisions), on which view, with what budget and seed."""

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


def _decide(bots: dict[tuple, Bot], job: Job, cancelled: Callable[[], bool],
            progress: Callable[[Progress], None]) -> Decision:
    """The decision itself, the same in the helper and in a thread."""
    from ai.players import make_bot
    from engine import get_game

    bot = bots.get(job.key)
    if bot is None:
        bot = bots[job.key] = make_bot(job.kind, job.strength)
    budget = Budget(iterations=job.iterations, seconds=job.seconds, cancel=cancelled,
                    progress=progress)
    action = bot.decide(get_game(job.game_id), job.view, job.seat, budget,
                        random.Random(job.seed))
    return Decision(action, tuple(bot.explain()))


def serve(conn: Any, cancel: Any) -> None:
    """The helper process: decide what it is asked until the pipe closes.

    It runs at a lower priority: on a busy machine the interface comes first.
    """
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICE)
    bots: dict[tuple, Bot] = {}
    last = [0.0]

    def progress(p: Progress) -> None:
        now = time.monotonic()
        if now - last[0] >= PROGRESS_EVERY_S:
            last[0] = now
            conn.send(("progress", p.fraction))

    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg[0] == "quit":
            return
        if msg[0] == "forget":
            for key in [k for k in bots if k[0] == msg[1]]:
                del bots[key]
            continue
        job: Job = msg[1]
        try:
            conn.send(("done", _decide(bots, job, cancel.is_set, progress)))
        except BotCancelled:
            conn.send(("cancelled",))
        except Exception as e:  # reported to the game screen, which recovers
            bots.pop(job.key, None)
            conn.send(("error", f"{type(e).__name__}: {e}"))


class BotRunner:
    """The app's bot helper process (started on first use)."""

    def __init__(self, use_process: bool = True) -> None:
        self.use_process = use_process
        self._lock = threading.Lock()
        self._proc: Any = None
        self._conn: Any = None
        self._cancel: Any = None
        self._local: dict[tuple, Bot] = {}

    def _start(self) -> bool:
        if self._proc is not None and self._proc.is_alive():
            return True
        try:
            ctx = multiprocessing.get_context("spawn")
            here, there = ctx.Pipe()
            self._cancel = ctx.Event()
            self._proc = ctx.Process(target=serve, args=(there, self._cancel), daemon=True,
                                     name="tabula-bots")
            self._proc.start()
            there.close()
            self._conn = here
            return True
        except Exception:  # no processes here (sandbox): think in the thread
            self.use_process = False
            self._proc = None
            return False

    def decide(self, job: Job, cancelled: Callable[[], bool],
               progress: Callable[[float], None]) -> Decision:
        """Blocks the calling (worker) thread until the bot has decided;
        raises BotCancelled when ``cancelled()`` turned true meanwhile."""
        with self._lock:
            if not self.use_process or not self._start():
                return _decide(self._local, job, cancelled,
                               lambda p: progress(p.fraction))
            self._cancel.clear()
            self._conn.send(("decide", job))
            while True:
                if cancelled():
                    self._cancel.set()
                if self._conn.poll(POLL_S):
                    msg = self._conn.recv()
                    kind = msg[0]
                    if kind == "progress":
                        progress(msg[1])
                    elif kind == "done":
                        return msg[1]
                    elif kind == "cancelled":
                        raise BotCancelled()
                    else:
                        raise RuntimeError(msg[1])
                elif not self._proc.is_alive():
                    self._proc = None
                    raise RuntimeError("the bot process stopped")

    def forget(self, token: object) -> None:
        """Drop the bots of a game that is no longer on screen."""
        for key in [k for k in self._local if k[0] == token]:
            del self._local[key]
        if self._proc is not None and self._lock.acquire(blocking=False):
            try:
                self._conn.send(("forget", token))
            except OSError:
                pass
            finally:
                self._lock.release()

    def close(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            self._cancel.set()
            self._conn.send(("quit",))
        except OSError:
            pass
        proc.join(0.5)
        if proc.is_alive():
            proc.terminate()
