"""How the server starts each game: forked from the zygote, or as a fresh process.

``ZygoteHandle`` is the server's end of one zygote process (the protocol is
described in ``tui.ssh.zygote``). ``Launcher`` uses it while it lives and
starts a fresh ``python -m tui`` whenever it cannot answer, so a player is
never turned away for it; a zygote that dies is replaced, at once the first
time and with a growing pause if replacements keep dying soon after start.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .child import GameChild
from .environment import base_env
from .forked import HALL_FD
from .log import log
from .zygote import MAX_MESSAGE

ENV_HALL_FD = "TABULA_HALL_FD"  # read by hall.client.Link.from_env

if TYPE_CHECKING:
    from .config import ServeConfig

SPAWN_TIMEOUT = 10.0  # seconds for the zygote to fork a game (a fork takes milliseconds)
PRELOAD_TIMEOUT = 60.0  # the same while it is still importing the game (~0.3 CPU s)
SETTLED = 60.0  # a zygote that lived this long is not part of a crash loop
MAX_PAUSE = 60.0  # longest wait before replacing a zygote that keeps dying


def memory_limit(config: ServeConfig) -> int | None:
    """Bytes of data memory each game may use (None: no limit)."""
    return config.game_memory_mb * (1 << 20) if config.game_memory_mb else None


def limit_memory(pid: int, limit: int | None) -> None:
    """Cap a game's data memory (RLIMIT_DATA: heap and private mappings) for good.

    Set from the server right after the game starts, so one path covers
    forked and fresh games; the hard limit too, so the game cannot lift it.
    A game that reaches it gets MemoryError and ends (its last autosave
    stays); the host machine does not. Without ``prlimit`` (not Linux) the
    game runs unlimited and the log says so once.
    """
    if limit is None:
        return
    try:
        resource.prlimit(pid, resource.RLIMIT_DATA, (limit, limit))
    except (AttributeError, OSError) as e:
        global _WARNED
        if not _WARNED:
            _WARNED = True
            log.warning("cannot limit the games' memory here (%s); they run unlimited", e)


_WARNED = False


def hall_env(env: Mapping[str, str], hall: int | None, number: int | None) -> dict[str, str]:
    """``env`` telling the game which fd is its channel to the hall (if it has one)."""
    env = dict(env)
    if hall is not None and number is not None:
        env[ENV_HALL_FD] = str(number)
    return env


class ZygoteUnavailable(Exception):
    """The zygote could not start this game; start it another way."""


def zygote_supported() -> bool:
    """Fork with fd passing and pidfds: Linux 5.3+ (pidfd_open), Python 3.9+."""
    if not hasattr(os, "pidfd_open") or not hasattr(socket, "send_fds"):
        return False
    try:
        os.close(os.pidfd_open(os.getpid()))
    except OSError:
        return False
    return True


class ZygoteHandle:
    """One running zygote: send it requests, hear about its games' exits."""

    def __init__(self, proc: subprocess.Popen[bytes], sock: socket.socket) -> None:
        self.proc = proc
        self.pid = proc.pid
        self.sock = sock
        self.started = time.monotonic()
        self._loop = asyncio.get_running_loop()
        self._ids = 0
        self._replies: dict[int, asyncio.Future[tuple[int, int]]] = {}
        self._exits: dict[int, asyncio.Future[int | None]] = {}
        self._reaped: dict[int, asyncio.Future[None]] = {}
        self.ready: asyncio.Future[float] = self._loop.create_future()  # preload seconds
        self.gone: asyncio.Future[str] = self._loop.create_future()  # why we stopped using it
        self.waited: asyncio.Future[int] | None = None  # its exit status, once reaped
        self._loop.add_reader(sock.fileno(), self._on_readable)

    @classmethod
    def start(cls, env: Mapping[str, str]) -> ZygoteHandle:
        """Start ``python -m tui.ssh.zygote`` in its own session (no terminal signals).

        ``-P``: no folder of ours is put in front of the import path; cwd ``/``.
        """
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            proc = subprocess.Popen(
                [sys.executable, "-P", "-m", "tui.ssh.zygote", str(theirs.fileno())],
                pass_fds=[theirs.fileno()], env=dict(env), cwd="/", stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, start_new_session=True, close_fds=True)
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.setblocking(False)
        return cls(proc, ours)

    @property
    def alive(self) -> bool:
        return not self.gone.done()

    async def spawn(self, slave: int, env: Mapping[str, str], cwd: Path,
                    hall: int | None = None) -> tuple[int, int]:
        """Fork a game on ``slave`` (with ``hall`` as its fd 3): (pid, pidfd).
        Raises ZygoteUnavailable.

        A request made while the zygote is still importing waits in the
        socket; that is still sooner than a fresh process would be ready.
        """
        if not self.alive:
            raise ZygoteUnavailable(f"the zygote {self.gone.result()}")
        timeout = SPAWN_TIMEOUT if self.ready.done() else PRELOAD_TIMEOUT
        self._ids += 1
        rid = self._ids
        reply = self._replies[rid] = self._loop.create_future()
        try:
            fds = [slave] if hall is None else [slave, hall]
            self._send({"spawn": rid, "env": dict(env), "cwd": str(cwd)}, fds)
            return await asyncio.wait_for(reply, timeout)
        except TimeoutError:
            self.kill(f"did not answer within {timeout:g}s")  # a stuck zygote is replaced
            raise ZygoteUnavailable(f"the zygote did not answer within {timeout:g}s") from None
        except OSError as e:
            raise ZygoteUnavailable(f"cannot reach the zygote: {e}") from None
        finally:
            self._replies.pop(rid, None)

    async def reap(self, pid: int) -> int | None:
        """The status of a dead game, once its zombie is gone; None if the zygote went first.

        Returns only when the pid is free, as waiting on a child of our own would.
        """
        status = await self._exit_of(pid)
        self._exits.pop(pid, None)
        if self.alive:
            reaped = self._reaped[pid] = self._loop.create_future()
            try:
                self._send({"reap": pid})
                await reaped
            except OSError:
                pass  # the zygote is going; init reaps its orphans
            finally:
                self._reaped.pop(pid, None)
        return status

    def kill(self, why: str) -> None:
        """Stop using this zygote and end it (its games play on, unaffected)."""
        self._lost(why, kill=True)

    async def close(self, timeout: float = 5.0) -> None:
        """Close the socket (the zygote exits on EOF) and wait for it; kill if it lingers."""
        self._lost("was closed", kill=False)
        assert self.waited is not None
        try:
            await asyncio.wait_for(asyncio.shield(self.waited), timeout)
        except TimeoutError:
            self.proc.kill()
            await self.waited

    # -- internals -------------------------------------------------------

    def _send(self, message: dict, fds: Sequence[int] = ()) -> None:
        socket.send_fds(self.sock, [json.dumps(message).encode()], list(fds))

    def _exit_of(self, pid: int) -> asyncio.Future[int | None]:
        fut = self._exits.get(pid)
        if fut is None:
            fut = self._exits[pid] = self._loop.create_future()
            if not self.alive:  # orphaned games are reaped by init: no status for us
                fut.set_result(None)
        return fut

    def _on_readable(self) -> None:
        while self.alive:
            try:
                data, fds, _flags, _addr = socket.recv_fds(
                    self.sock, MAX_MESSAGE, 1, socket.MSG_CMSG_CLOEXEC)
            except BlockingIOError:
                return
            except ConnectionError:  # it died with a request unread
                data, fds = b"", []
            except OSError as e:
                self._lost(f"could not be read from ({e})")
                return
            if not data:
                self._lost("closed its socket")
                return
            try:
                self._dispatch(json.loads(data), fds)
            except (ValueError, KeyError, TypeError) as e:
                for fd in fds:
                    os.close(fd)
                self.kill(f"sent a bad message ({e!r})")

    def _dispatch(self, message: dict, fds: list[int]) -> None:
        if "spawned" in message:
            reply = self._replies.get(message["spawned"])
            if "pid" in message and len(fds) == 1 and reply is not None and not reply.done():
                reply.set_result((int(message["pid"]), fds[0]))
                return
            for fd in fds:  # a late answer (we gave up) or an error
                os.close(fd)
            if reply is not None and not reply.done():
                reply.set_exception(ZygoteUnavailable(str(message.get("error", "no pid"))))
        elif "exited" in message:
            fut = self._exit_of(int(message["exited"]))
            if not fut.done():
                fut.set_result(int(message["status"]))
        elif "reaped" in message:
            reaped = self._reaped.get(int(message["reaped"]))
            if reaped is not None and not reaped.done():
                reaped.set_result(None)
        elif "ready" in message:
            if not self.ready.done():
                self.ready.set_result(float(message.get("preload_s", 0.0)))
        else:
            raise ValueError(f"unknown message {sorted(message)}")

    def _lost(self, why: str, kill: bool = True) -> None:
        """No more answers will come: fail what waits; end and reap the process."""
        if not self.alive:
            return
        if kill:
            with contextlib.suppress(OSError):
                self.proc.kill()  # not reaped yet, so this pid is still ours
        self.gone.set_result(why)
        with contextlib.suppress(ValueError, OSError):
            self._loop.remove_reader(self.sock.fileno())
        self.sock.close()
        for reply in self._replies.values():
            if not reply.done():
                reply.set_exception(ZygoteUnavailable(f"the zygote {why}"))
        for fut in self._exits.values():
            if not fut.done():
                fut.set_result(None)
        for reaped in self._reaped.values():
            if not reaped.done():
                reaped.set_result(None)
        if not self.ready.done():
            self.ready.set_exception(ZygoteUnavailable(f"the zygote {why}"))
            self.ready.exception()  # retrieved: nobody may be waiting for it
        self.waited = self._loop.run_in_executor(None, self.proc.wait)  # no zombie of ours


class Launcher:
    """Starts games: through the zygote while there is one, else as fresh processes."""

    def __init__(self, command: Sequence[str] | None = None,
                 memory: int | None = None) -> None:
        """``command``: always spawn exactly this (tests' stand-in games); None = the game.
        ``memory``: each game's data memory limit in bytes (None: none)."""
        from .config import game_command

        self.memory = memory
        self.command = tuple(command) if command is not None else game_command()
        self.use_zygote = command is None and zygote_supported()
        self.zygote: ZygoteHandle | None = None
        self.zygote_starts = 0
        self._quick_deaths = 0  # zygotes in a row that died soon after starting
        self._restart: asyncio.TimerHandle | None = None
        self._closed = False

    def start(self) -> None:
        """Start the zygote (if games are to be forked); it preloads in the background."""
        if self.use_zygote and not self._closed:
            self._start_zygote()

    async def launch(self, master: int, slave: int, env: Mapping[str, str],
                     cwd: Path, hall: int | None = None) -> GameChild:
        """Start a game on the PTY ``master``/``slave`` (the caller still closes ``slave``).

        ``hall``: the game's end of its private channel to the hall; the
        game gets its own copy (the caller still closes this one) and
        ``TABULA_HALL_FD`` naming it: fd 3 in a forked game, the same
        number as here in a fresh one (``pass_fds`` keeps numbers).
        """
        child = await self._start(master, slave, env, cwd, hall)
        limit_memory(child.pid, self.memory)
        return child

    async def _start(self, master: int, slave: int, env: Mapping[str, str],
                     cwd: Path, hall: int | None) -> GameChild:
        zygote = self.zygote
        if zygote is not None and zygote.alive:
            try:
                pid, pidfd = await zygote.spawn(slave, hall_env(env, hall, HALL_FD), cwd, hall)
            except ZygoteUnavailable as e:
                log.warning("%s; starting this game as a fresh process", e)
            else:
                child = GameChild(pid, master, lambda: zygote.reap(pid), pidfd)
                child.exited()  # always watched, so the zygote is always told to reap
                return child
        return GameChild.spawn_on(master, slave, self.command, hall_env(env, hall, hall), cwd,
                                  () if hall is None else (hall,))

    async def close(self) -> None:
        """No more games: stop the zygote (after the games have ended)."""
        self._closed = True
        if self._restart is not None:
            self._restart.cancel()
        if self.zygote is not None:
            await self.zygote.close()

    # -- the zygote's life -------------------------------------------------

    def _start_zygote(self) -> None:
        self._restart = None
        try:
            zygote = ZygoteHandle.start(base_env())
        except OSError as e:
            log.error("cannot start the game zygote: %s; games start as fresh processes", e)
            self._quick_deaths += 1
            self._schedule_restart()
            return
        self.zygote = zygote
        self.zygote_starts += 1
        zygote.ready.add_done_callback(lambda f: self._on_ready(zygote, f))
        zygote.gone.add_done_callback(lambda f: self._on_gone(zygote, f.result()))

    def _on_ready(self, zygote: ZygoteHandle, ready: asyncio.Future[float]) -> None:
        if not ready.exception():
            log.info("game zygote ready (pid %d, imports took %.2fs): games start forked",
                     zygote.pid, ready.result())

    def _on_gone(self, zygote: ZygoteHandle, why: str) -> None:
        if self._closed or zygote is not self.zygote:
            return
        lived = time.monotonic() - zygote.started
        self._quick_deaths = self._quick_deaths + 1 if lived < SETTLED else 0
        self._schedule_restart()  # now: how it died is told once it is reaped

        def report(waited: asyncio.Future[int]) -> None:
            status = waited.result()
            how = (f"exited with status {status}" if status >= 0
                   else f"was killed by signal {-status}")
            log.warning("the game zygote (pid %d) %s after %.0fs (%s); games in progress "
                        "play on; a new one is started", zygote.pid, how, lived, why)
        assert zygote.waited is not None
        zygote.waited.add_done_callback(report)

    def _schedule_restart(self) -> None:
        if self._closed:
            return
        pause = 0.0 if self._quick_deaths <= 1 else min(MAX_PAUSE, 2.0 ** self._quick_deaths)
        self._restart = asyncio.get_running_loop().call_later(pause, self._start_zygote)
