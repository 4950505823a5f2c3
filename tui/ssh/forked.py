"""A game forked by the zygote becomes ``python -m tui`` on its player's PTY.

Everything a fresh process would have had differently from the zygote is
set here, before any game code runs: its own session with the PTY as
controlling terminal (so the kernel hangs up on the game when the PTY's
master closes, even if the server died), the PTY as stdin/stdout/stderr,
its own end of its channel to the hall as fd 3, no other file descriptor
at all (not the zygote's socket, not another game's pidfd or channel),
the player's environment and folder, and standard streams that know they
are on a terminal. Then ``tui`` runs as ``-m`` would run it.
"""

from __future__ import annotations

import fcntl
import io
import os
import runpy
import sys
import termios
from typing import NoReturn

from .request import GameRequest, name_process

STDIO = ((0, "r", "<stdin>"), (1, "w", "<stdout>"), (2, "w", "<stderr>"))


HALL_FD = 3  # where a forked game finds its channel to the hall (TABULA_HALL_FD)


def become_game(request: GameRequest) -> NoReturn:
    """Take the PTY, the hall channel, the environment and the folder; run
    ``tui``; exit as it exits."""
    adopt_pty(request.slave, request.hall)
    name_process("tabula-game")
    os.chdir(request.cwd)
    os.environ.clear()  # putenv/unsetenv too: what child processes will inherit
    os.environ.update(request.env)
    fresh_stdio()
    sys.argv = [""]  # runpy sets argv[0]; the game gets no arguments
    runpy.run_module("tui", run_name="__main__", alter_sys=True)
    raise SystemExit(0)  # tui's __main__ always exits; this is only a backstop


def adopt_pty(slave: int, hall: int | None = None) -> None:
    """Lead a new session on ``slave``: controlling terminal, fds 0-2, the
    hall channel (if any) as fd 3, nothing else open.

    fd 3 is close-on-exec: the game's own helper processes (bots thinking
    in workers) never hold the player's channel, so the hall sees it close
    when the game ends.
    """
    os.setsid()
    fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
    if hall is not None and hall < HALL_FD:  # (never, with 0-2 open) out of harm's way
        hall = os.dup(hall)
    for fd in (0, 1, 2):
        os.dup2(slave, fd)
    first_closed = HALL_FD
    if hall is not None:
        if hall != HALL_FD:
            os.dup2(hall, HALL_FD, inheritable=False)
        os.set_inheritable(HALL_FD, False)
        first_closed = HALL_FD + 1
    os.closerange(first_closed, os.sysconf("SC_OPEN_MAX"))  # close_range(2) where it exists


def fresh_stdio() -> None:
    """sys.stdin/stdout/stderr as a fresh interpreter would make them on a terminal.

    The zygote's streams were made for /dev/null and a log (not a TTY: block
    buffered); Textual writes through ``sys.__stderr__`` and reads
    ``sys.__stdin__``. Encoding and error handler are the zygote's, which
    had the same environment for them (LANG, PYTHONIOENCODING).
    """
    for fd, mode, name in STDIO:
        old = (sys.__stdin__, sys.__stdout__, sys.__stderr__)[fd]
        encoding = getattr(old, "encoding", None) or "utf-8"
        errors = getattr(old, "errors", None) or ("backslashreplace" if fd == 2 else "strict")
        raw = io.FileIO(fd, mode + "b", closefd=False)
        raw.name = name  # type: ignore[misc]
        buffered = io.BufferedReader(raw) if mode == "r" else io.BufferedWriter(raw)
        stream = io.TextIOWrapper(buffered, encoding=encoding, errors=errors, newline="\n",
                                  line_buffering=True)
        stream.mode = mode  # type: ignore[misc]
        setattr(sys, name.strip("<>"), stream)
        setattr(sys, f"__{name.strip('<>')}__", stream)
