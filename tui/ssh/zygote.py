"""The game zygote: one process that has imported the game once, and forks a game per player.

Starting ``python -m tui`` costs about 0.3 CPU seconds of imports (Textual,
the app, the engine) before the game draws anything; twenty players arriving
at once on a two-core machine wait seconds for it. The server therefore
starts this process once (``python -m tui.ssh.zygote FD``): it imports all
the title screen needs, then waits on a Unix socket (SOCK_SEQPACKET, one
JSON message per packet, file descriptors passed with SCM_RIGHTS):

    server -> zygote   {"spawn": n, "env": {...}, "cwd": "..."}  + [PTY slave, hall channel]
    zygote -> server   {"spawned": n, "pid": p}                  + [pidfd of p]
                       {"spawned": n, "error": "why"}
    zygote -> server   {"exited": p, "status": s}    (p is a zombie until reaped)
    server -> zygote   {"reap": p}
    zygote -> server   {"reaped": p}                 (p is gone)
    zygote -> server   {"ready": pid, "preload_s": t} once, after the imports

Each game is a fork that becomes ``python -m tui`` on its PTY (``forked``),
with its own end of its channel to the hall (the shared tables) as fd 3.
Nothing is shared between games but memory that is copy-on-write: each is
its own process and session, and a game cannot reach the zygote (the socket
is closed in it) or another game (no fd of theirs stays open in it).

The zygote never reaps a game on its own: a dead game stays a zombie until
the server, having killed any stragglers in its process group, sends
``reap``. Until then its pid cannot be reused, so the server's signals to
that group can only ever reach that player's processes.

The zygote is single-threaded (it checks before every fork: a fork copies
only the calling thread, and a lock held by another would stay locked
forever), installs no signal handlers (exits are seen on pidfds) and exits
when the server's end of the socket closes.

What a forked game shares with its siblings that fresh processes would not:
the str/bytes hash seed, and the import-time state of every module (hence
the environment the zygote gets: the shared part of a game's, nothing of a
player's). ``random`` is reseeded at fork by Python; the game draws its
seeds from the OS. ``/proc/PID/environ`` of a forked game shows the
zygote's environment (a fork cannot change it); the game runs with its own.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import json
import os
import select
import socket
import sys
import time

from .request import GameRequest, name_process

MAX_MESSAGE = 1 << 16  # a request is an environment and a path: well under this
MAX_FDS = 2  # a spawn request's PTY slave and the game's end of its hall channel

# What the title screen needs, imported once here instead of in every game.
# A module missing from this list is still imported by the game itself when
# it needs it: correct, only slower. Each registered game's rules, table and
# bots' knowledge are added from the registry (``game_modules``).
PRELOAD = (
    "tui.cli",
    "tui.commands",
    "tui.entry",
    "tui.app",
    "tui.screens.title",
    "tui.screens.too_small",
    "hall.client",
    "tui.hall_route",
    "tui.screens.lobby",  # shared tables: ssh -t host lobby, ssh CODE@host
    "tui.screens.table",
    "tui.screens.hall_source",
    "textual.drivers.linux_driver",
    "textual.layouts.factory",
    "textual.layouts.horizontal",
    "textual.layouts.stream",
    "textual.scrollbar",
    "saves",
    "engine",
    "platformdirs",
)


def game_modules() -> list[str]:
    """The modules of every registered game that a player's game would
    import: its rules, its table and its bots' knowledge (``engine.games``)."""
    from engine import games

    parts = [part for e in games.GAMES for part in (e.engine, e.table, e.knowledge) if part]
    return [part.partition(":")[0] for part in parts]


def preload() -> float:
    """Import the game; returns the seconds it took."""
    start = time.perf_counter()
    for name in (*PRELOAD, *game_modules()):
        importlib.import_module(name)
    # Objects that exist now are the imported code and data every game
    # shares; freezing keeps the games' garbage collector from walking (and
    # so copying) them. Garbage from the imports is collected first, or it
    # would be frozen for good.
    gc.collect()
    gc.freeze()
    return time.perf_counter() - start


def fork_hazard() -> str | None:
    """Why forking now would be unsafe (more than one thread), or None."""
    threads = len(os.listdir("/proc/self/task"))
    return f"the zygote has {threads} threads" if threads != 1 else None


def exit_status(pidfd: int) -> int:
    """The wait status of the dead process behind ``pidfd``, leaving it a zombie."""
    info = os.waitid(os.P_PIDFD, pidfd, os.WEXITED | os.WNOWAIT)
    assert info is not None
    if info.si_code == os.CLD_EXITED:
        return info.si_status
    return -info.si_status  # killed by a signal (or dumped core)


class Zygote:
    """The zygote's loop: requests from the server, exits of its games."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.poller = select.poll()  # a poll object holds no fd a game could inherit
        self.poller.register(sock.fileno(), select.POLLIN)
        self.running: dict[int, int] = {}  # pidfd -> pid of games still alive
        self.dead: set[int] = set()  # pids reported exited, waiting for "reap"

    def serve(self) -> GameRequest | None:
        """Answer until the server goes away (None); in a forked game, its request."""
        while True:
            for fd, _events in self.poller.poll():
                if fd in self.running:
                    self._report_exit(fd)
                    continue
                message, fds = self._receive()
                if message is None:
                    return None
                if "reap" in message:
                    self._reap(message["reap"])
                elif "spawn" in message:
                    request = self._spawn(message, fds)
                    if request is not None:
                        return request  # this process is now a game
                else:
                    _close_all(fds)

    def _receive(self) -> tuple[dict | None, list[int]]:
        try:
            data, fds, _flags, _addr = socket.recv_fds(
                self.sock, MAX_MESSAGE, MAX_FDS, socket.MSG_CMSG_CLOEXEC)
        except ConnectionError:
            return None, []
        if not data:
            _close_all(fds)
            return None, []
        try:
            message = json.loads(data)
        except ValueError:
            message = {}
        return (message if isinstance(message, dict) else {}), fds

    def _send(self, message: dict, fds: list[int] | None = None) -> None:
        with contextlib.suppress(OSError):  # the server is gone: serve() sees EOF next
            socket.send_fds(self.sock, [json.dumps(message).encode()], fds or [])

    def _spawn(self, message: dict, fds: list[int]) -> GameRequest | None:
        """Fork a game; in the fork, its request (the caller returns it up)."""
        rid = message["spawn"]
        problem = fork_hazard() or ("no terminal was passed" if not fds else None)
        if problem is not None:
            _close_all(fds)
            self._send({"spawned": rid, "error": problem})
            return None
        slave, hall = fds[0], (fds[1] if len(fds) > 1 else None)
        request = GameRequest(slave, dict(message.get("env") or {}), str(message.get("cwd")),
                              hall)
        for stream in (sys.stdout, sys.stderr):  # or the game would write them again
            stream.flush()
        try:
            pid = os.fork()
        except OSError as e:
            _close_all(fds)
            self._send({"spawned": rid, "error": f"fork failed: {e.strerror}"})
            return None
        if pid == 0:
            self.sock.detach()  # closed with every other fd; the object must not close it later
            return request
        _close_all(fds)  # the game's alone now: its end of the hall closes when it dies
        pidfd = os.pidfd_open(pid)
        self.running[pidfd] = pid
        self.poller.register(pidfd, select.POLLIN)
        self._send({"spawned": rid, "pid": pid}, [pidfd])
        return None

    def _report_exit(self, pidfd: int) -> None:
        pid = self.running.pop(pidfd)
        self.poller.unregister(pidfd)
        status = exit_status(pidfd)
        os.close(pidfd)
        self.dead.add(pid)
        self._send({"exited": pid, "status": status})

    def _reap(self, pid: object) -> None:
        """Collect a zombie the server is done with (never a live game: that would block)."""
        if pid in self.dead:
            self.dead.discard(pid)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)  # type: ignore[arg-type]
            self._send({"reaped": pid})


def _close_all(fds: list[int]) -> None:
    for fd in fds:
        with contextlib.suppress(OSError):
            os.close(fd)


def main(argv: list[str]) -> GameRequest | None:
    """Preload, say so, serve; returns None when the server has gone, or a game's request."""
    sock = socket.socket(fileno=int(argv[0]))
    name_process("tabula-zygote")
    seconds = preload()
    problem = fork_hazard()
    if problem is not None:
        print(f"tabula zygote: {problem} after preloading; refusing to fork", file=sys.stderr)
        return None
    zygote = Zygote(sock)
    zygote._send({"ready": os.getpid(), "preload_s": round(seconds, 3)})
    return zygote.serve()


if __name__ == "__main__":
    game = main(sys.argv[1:])
    if game is None:
        sys.exit(0)
    from tui.ssh.forked import become_game  # imported here: only a game needs it

    become_game(game)  # runs the game; leaves by SystemExit, as `python -m tui` does
