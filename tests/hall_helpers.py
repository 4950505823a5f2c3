"""Shared pieces of the hall tests: a real Hall in the test's event loop,
clients on real socket pairs, scripted players that act from the views they
receive, and one bot pool (forkserver workers) for the whole test session.

Nothing waits by sleeping: every wait is for a message, with a timeout.
"""

from __future__ import annotations

import asyncio
import logging
import os
import pickle
import random
import select
import signal
import socket
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine
from hall.bots import BotPool
from hall.client import HallClient
from hall.hall import Hall, HallConfig, Who

WAIT = 20.0  # s any one awaited message may take before a test fails
POOL = BotPool(workers=1, iterations=20)  # shared: one worker start for the session
_HALL_OF: dict[int, Hall] = {}  # id(client) -> its hall (``create`` fixes the hall's seed)


def run(coro: Coroutine[Any, Any, Any], timeout: float = 60.0) -> Any:
    """Run one test's coroutine in a fresh event loop, failing after ``timeout``."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


@dataclass
class Tap:
    """Every message the hall sent: (client id, table code, who, message)."""

    sent: list[tuple[int, str | None, Who, dict]] = field(default_factory=list)

    def __call__(self, cid: int, code: str | None, who: Who, msg: dict) -> None:
        self.sent.append((cid, code, who, msg))

    def to(self, name: str, kind: str | None = None) -> list[dict]:
        return [m for _, _, w, m in self.sent if w.name == name and kind in (None, m["t"])]


class HeldPool:
    """The shared bot pool behind a gate the test opens: a bot's decision
    waits until ``release()``, so a position stays still while the test
    acts on it (no race against a quick bot)."""

    def __init__(self, pool: BotPool = POOL) -> None:
        self.pool = pool
        self.gate = asyncio.Event()
        self.asked = asyncio.Event()  # set once a bot is waiting at the gate
        self.answered = asyncio.Event()  # set once a decision went back to the hall

    def start(self) -> None:
        self.pool.start()

    def release(self) -> None:
        self.gate.set()

    async def decide(self, *args: Any) -> tuple:
        self.asked.set()
        await self.gate.wait()
        action = await self.pool.decide(*args)
        # The hall's bot move goes on from here without waiting again: by
        # the time a test waiting for this event runs, it has finished.
        self.answered.set()
        return action


@asynccontextmanager
async def hall_at(data: Path, pool: Any = POOL, **config: Any) -> AsyncIterator[Hall]:
    """A started Hall on ``data`` with a tap; stopped after the block."""
    hall = Hall(HallConfig(data_dir=data, **config), pool=pool)
    hall.tap = Tap()
    await hall.start()
    try:
        yield hall
    finally:
        await hall.stop()


def connect(hall: Hall, name: str, home: Path | None = None, key: str | None = None,
            address: str | None = None) -> HallClient:
    """A client of ``hall`` on a fresh socket pair, as guest ``name`` (or
    the holder of ``key``), from ``address`` (None: a test's connection)."""
    ours, theirs = socket.socketpair()
    hall.attach(ours, Who(key or f"guest:{name}", name, home, address))
    return of_hall(HallClient.from_socket(theirs), hall)


def of_hall(client: HallClient, hall: Hall) -> HallClient:
    """Note that ``client`` talks to ``hall`` (``create`` fixes that hall's seed)."""
    _HALL_OF[id(client)] = hall
    return client


def fix_seed(hall: Hall, seed: int) -> None:
    """The hall's next tables get ``seed`` (the server's choice: a client
    never names one), so a test's game is the same every run."""
    hall.seeds = lambda: seed


async def expect(client: HallClient, *kinds: str, timeout: float = WAIT) -> dict:
    """The next message of one of ``kinds`` (others skipped)."""
    return await asyncio.wait_for(client.recv_until(*kinds), timeout)


async def until(client: HallClient, ok: Callable[[dict], bool], timeout: float = WAIT) -> dict:
    """The next message ``ok`` accepts (others skipped)."""
    async def find() -> dict:
        while True:
            msg = await client.recv()
            if ok(msg):
                return msg
    return await asyncio.wait_for(find(), timeout)


def seat_specs(kinds: list[str]) -> list[dict]:
    return [{"name": "", "kind": k, "strength": "easy"} for k in kinds]


async def create(client: HallClient, game: str, kinds: list[str], seed: int = 1,
                 **extra: Any) -> dict:
    """Create a table with ``seed`` (fixed on the hall, see ``fix_seed``);
    the ``joined`` message (its code in ["table"]["code"])."""
    if id(client) in _HALL_OF:
        fix_seed(_HALL_OF[id(client)], seed)
    await client.send({"t": "create", "game": game, "seats": seat_specs(kinds), **extra})
    return await expect(client, "joined")


@dataclass
class Player:
    """A scripted player: on every state where its seat is to move, a
    random legal action from its own view, once per step. Stops at the
    result (returned) or after ``stop_at`` steps (None)."""

    client: HallClient
    seed: int = 0
    stop_at: int | None = None
    seen: list[dict] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    inbox: asyncio.Queue = field(default_factory=asyncio.Queue)  # every message, for the test

    async def play(self) -> dict | None:
        rng = random.Random(self.seed)
        acted: set[int] = set()
        while True:
            msg = await self.client.recv()
            self.seen.append(msg)
            self.inbox.put_nowait(msg)
            if msg["t"] == "error":
                self.errors.append(msg["text"])
            if msg["t"] != "state":
                continue
            if msg["result"] is not None:
                return msg["result"]
            if self.stop_at is not None and msg["step"] >= self.stop_at:
                return None
            await self.move(msg, rng, acted)

    async def move(self, msg: dict, rng: random.Random, acted: set[int]) -> None:
        game = engine.get_game(msg["table"]["game"])
        view = pickle.loads(msg["view"])  # noqa: S301 - the test's own hall
        seat = game.viewer(view)
        if msg["to_move"] != seat or msg["step"] in acted or not msg["table"]["started"]:
            return
        acted.add(msg["step"])
        action = rng.choice(list(game.legal(view)))
        await self.client.send({"t": "act", "step": msg["step"],
                                "action": game.encode_action(action)})


async def heard(player: Player, ok: Callable[[dict], bool], timeout: float = WAIT) -> dict:
    """The next message ``player`` received (while playing) that ``ok`` accepts."""
    async def find() -> dict:
        while True:
            msg = await player.inbox.get()
            if ok(msg):
                return msg
    return await asyncio.wait_for(find(), timeout)


def saying(kind: str, words: str) -> Callable[[dict], bool]:
    """A message of ``kind`` whose text holds ``words``."""
    return lambda m: m["t"] == kind and words in m.get("text", "")


async def play_all(players: list[Player], timeout: float = 60.0) -> list[dict | None]:
    return await asyncio.wait_for(asyncio.gather(*(p.play() for p in players)), timeout)


class Logged(logging.Handler):
    """An event set when the hall logs a line holding ``words``: listening
    from its making, so a line logged before ``wait`` is called (a timer that
    fired while the test awaited something else) still counts. While any is
    listening the hall's logger passes INFO lines."""

    _listening: list[Logged] = []
    _level = logging.NOTSET  # the logger's own level before the first one listened

    def __init__(self, words: str) -> None:
        super().__init__(logging.INFO)
        self.words = words
        self.seen = asyncio.Event()
        logger = logging.getLogger("tabula.hall")
        if not Logged._listening:
            Logged._level = logger.level
        Logged._listening.append(self)
        logger.addHandler(self)
        logger.setLevel(logging.INFO)

    def emit(self, record: logging.LogRecord) -> None:
        if self.words in record.getMessage():
            self.seen.set()

    async def wait(self, timeout: float = WAIT) -> None:
        try:
            await asyncio.wait_for(self.seen.wait(), timeout)
        finally:
            logger = logging.getLogger("tabula.hall")
            logger.removeHandler(self)
            if self in Logged._listening:
                Logged._listening.remove(self)
            if not Logged._listening:
                logger.setLevel(Logged._level)


def wait_exit(pid: int, timeout: float = 30.0) -> None:
    """Wait until process ``pid`` (not ours to reap: the hall process) has
    ended; ``timeout`` only guards against a hang."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        return
    try:
        assert select.select([fd], [], [], timeout)[0], f"process {pid} is still running"
    finally:
        os.close(fd)


@contextmanager
def own_hall(folder: Path) -> Iterator[None]:
    """Whatever hall process serves ``folder`` when the block ends is
    stopped (SIGTERM: it saves and ends) and waited for: no test leaves one."""
    from hall.local import hall_pid

    try:
        yield
    finally:
        pid = hall_pid(folder)
        if pid is not None and pid != os.getpid():
            os.kill(pid, signal.SIGTERM)
            wait_exit(pid)
