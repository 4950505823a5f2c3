"""``tabula serve``: start the SSH server and run until SIGTERM or Ctrl-C.

``GameHost`` is the state every connection shares (settings, keys, limits,
running sessions, the hall of shared tables); ``start`` opens the listener and is what the tests and
the benchmark use in-process; ``main`` is the command.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Coroutine
from typing import Any

import asyncssh

from ..errors import UsageError
from .auth import TabulaConnection
from .config import ServeConfig, load_or_create_host_key, prepare_data_dir
from .identity import sweep_guest_homes
from .keys import KeyRing
from .launcher import Launcher, memory_limit
from .limits import ConnectionGate, GateLimits, SessionSlots
from .log import PreauthLog, RefusalLog, log
from .session import GameSession
from .tarpit import Tarpit, raise_file_limit

FLUSH_EVERY = 5.0  # seconds between looks for summed-up log lines that are due

class GameHost:
    """What all connections share; one per running server."""

    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.keyring = KeyRing(config.authorized_keys) if config.authorized_keys else None
        self.slots = SessionSlots(config.max_sessions, config.games_per_player)
        self.gate = ConnectionGate(GateLimits(
            per_minute=config.max_connections_per_minute,
            per_address=config.max_connections_per_address,
            preauth_total=config.unauthenticated_limit), self._evict)
        self.refusals = RefusalLog()
        self.preauth_log = PreauthLog()
        self._flushing: asyncio.TimerHandle | None = None
        self.tarpit = Tarpit()
        self.sessions: dict[asyncio.Task[None], GameSession] = {}
        self.acceptor: asyncssh.SSHAcceptor | None = None
        self.host_key: asyncssh.SSHKey | None = None
        self.launcher = Launcher(config.child_command, memory_limit(config))
        self.hall: Any = None  # hall.hall.Hall, the shared tables, from start to stop
        self.guest_names: set[str] = set()  # guests connected now, by the name they sit as

    def connection(self) -> TabulaConnection:
        return TabulaConnection(self)

    @staticmethod
    def _evict(ticket: object) -> None:
        """Drop a connection that sat silent while others wait to log in."""
        assert isinstance(ticket, TabulaConnection)
        ticket.evicted = True
        ticket.ending = "closed: did not log in while others waited"
        if ticket.conn is not None:
            ticket.conn.abort()

    def track(self, coro: Coroutine[Any, Any, None], session: GameSession) -> None:
        """Run a session's lifetime as a task the shutdown can wait for."""
        task = asyncio.get_running_loop().create_task(coro)
        self.sessions[task] = session
        task.add_done_callback(self._forget)

    def _forget(self, task: asyncio.Task[None]) -> None:
        self.sessions.pop(task, None)
        if not task.cancelled() and task.exception() is not None:
            log.error("a session failed", exc_info=task.exception())

    @property
    def port(self) -> int:
        assert self.acceptor is not None
        return self.acceptor.get_port()

    async def start(self) -> GameHost:
        """Prepare the data dir and host key, then listen."""
        warning = prepare_data_dir(self.config.data_dir)
        if warning is not None:
            log.warning("%s", warning)
        sweep_guest_homes(self.config.data_dir)
        self.host_key = load_or_create_host_key(self.config.host_key)
        self.hall = await start_hall(self.config)
        try:
            await self._listen()
        except BaseException:  # the port is taken: no tables left running either
            hall, self.hall = self.hall, None
            await hall.stop()
            raise
        self.launcher.start()  # imports the game while the first players log in
        self._flush_logs()
        return self

    def _flush_logs(self) -> None:
        """Write the summed-up log lines whose minute is over; again in a few seconds."""
        self.preauth_log.flush()
        self._flushing = asyncio.get_running_loop().call_later(FLUSH_EVERY, self._flush_logs)

    async def _listen(self) -> None:
        assert self.host_key is not None
        self.acceptor = await asyncssh.create_server(
            self.connection, self.config.host, self.config.port,
            server_host_keys=[self.host_key],
            encoding=None,  # the game speaks bytes; no decoding on the way
            line_editor=False,  # every key goes straight to the game
            allow_pty=True,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            password_auth=False,
            kbdint_auth=False,
            host_based_auth=False,
            gss_kex=False,
            gss_auth=False,
            login_timeout=self.config.login_timeout,
            server_version="Tabula",  # not the library and version, to scanners
            keepalive_interval=60,  # a vanished client is noticed within ~3 minutes
            keepalive_count_max=3,
        )

    async def stop(self) -> None:
        """Stop listening, end every game (hang-up, then kill), and wait for them."""
        if self.acceptor is not None:
            self.acceptor.close()
        if self._flushing is not None:
            self._flushing.cancel()
            self._flushing = None
        for session in list(self.sessions.values()):
            session.stop("server shutdown", "The server is shutting down.")
        if self.sessions:
            await asyncio.wait(list(self.sessions))
        if self.hall is not None:  # every table is saved; the next start restores them
            hall, self.hall = self.hall, None
            await hall.stop()
        await self.launcher.close()
        self.tarpit.close()
        if self.acceptor is not None:
            await self.acceptor.wait_closed()
        self.preauth_log.flush(everything=True)  # nothing counted goes unsaid


def hall_config(config: ServeConfig) -> Any:
    """The hall's settings from the server's (tables live in the data dir)."""
    from hall.hall import HallConfig

    return HallConfig(data_dir=config.data_dir, seat_grace=config.seat_grace,
                      turn_limit=config.turn_limit, max_tables=config.max_tables,
                      tables_per_key=config.tables_per_key, idle_close=config.table_idle,
                      chat_every=60.0 / config.chat_rate,
                      bot_seconds=config.bot_seconds, bot_iterations=config.bot_iterations,
                      bot_workers=config.bot_workers)


async def start_hall(config: ServeConfig) -> Any:
    """The server's one hall, its tables restored from the data dir."""
    from hall.hall import Hall

    hall = Hall(hall_config(config))
    try:
        await hall.start()
    except OSError as e:  # not "cannot listen": the port is not the problem
        raise UsageError(f"cannot open the shared tables in {config.data_dir}: "
                         f"{e.strerror or e}") from None
    return hall


def configure_logging() -> logging.Handler:
    """One line per event on stderr (journald keeps them); asyncssh's chatter off."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    hall_log = logging.getLogger("tabula.hall")  # the tables' events, one line each
    hall_log.addHandler(handler)
    hall_log.setLevel(logging.INFO)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    return handler


async def serve(config: ServeConfig) -> int:
    """Run the server until SIGINT/SIGTERM; then end every session cleanly."""
    raise_file_limit()  # sockets, PTYs and held refusals are all files
    host = await GameHost(config).start()
    who = f"keys in {config.authorized_keys}" if config.authorized_keys else "guests"
    assert host.host_key is not None
    log.info("serving Tabula on %s port %d for %s; data in %s; host key %s", config.host,
             host.port, who, config.data_dir, host.host_key.get_fingerprint("sha256"))
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stopping.set)
    try:
        await stopping.wait()
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(Exception):
                loop.remove_signal_handler(sig)
        log.info("shutting down (%d sessions)", len(host.sessions))
        await host.stop()
    return 0


def main(args: argparse.Namespace) -> int:
    """The ``serve`` subcommand: settings are checked before anything listens."""
    config = ServeConfig.from_args(args)
    handler = configure_logging()
    try:
        return asyncio.run(serve(config))
    except OSError as e:  # the port is taken, or not ours to bind
        raise UsageError(f"cannot listen on {config.host} port {config.port}: "
                         f"{e.strerror or e}") from None
    finally:
        log.removeHandler(handler)
        logging.getLogger("tabula.hall").removeHandler(handler)
