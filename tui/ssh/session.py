"""One game session: an SSH channel joined to a child process on a PTY.

The session accepts only "pty-req then shell": that is what plain
``ssh -p 2222 host`` sends; and one command, ``lobby`` (``ssh -t host
lobby``: straight to the shared tables' lobby). Other exec requests and
subsystems (SFTP, SCP) are refused at the protocol level; a shell without a
PTY is told why and closed.

Every game gets a private channel to the server's hall (the shared tables):
a socket pair made for this session alone. The server's end is handed to
the hall with who the player is; the game's end becomes the game's fd 3
(``TABULA_HALL_FD``), with ``TABULA_START`` saying what to show first
(``title``, ``lobby``, or ``join:CODE`` for ``ssh CODE@host``). No game
ever holds another session's channel; a game that dies closes its end, and
the hall sees the player leave.

The game itself ends the session (Quit), or the server does: client gone,
idle too long, time limit, server shutdown. Either way the child is hung up
on and reaped, and exactly one log line says who played, from where, when,
for how long and how it ended.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import time
from typing import TYPE_CHECKING

import asyncssh

from ..settings import PACING_ENV
from .child import GameChild, open_pty, set_window_size
from .environment import child_env, client_term, crash_dir, crash_report
from .limits import FULL, OWN_LIMIT, TokenBucket
from .log import log, log_ending
from .pump import PtyPump

if TYPE_CHECKING:
    from .roles import Connection, Host

# Undo what a full-screen app switches on (mouse, focus events, bracketed
# paste, kitty keys, alternate screen, hidden cursor) when the server, not
# the app, ends a session: the player's terminal is left usable.
RESET_TERMINAL = (b"\x1b[<u\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?1016l"
                  b"\x1b[?2004l\x1b[?2048l\x1b[?1004l\x1b[?7h\x1b[?1049l\x1b[?25h\x1b[0m\r\n")

ONLY_THE_GAME = (b"Tabula offers only the game: no commands but `lobby`, no file transfer.\r\n"
                 b"Connect with plain `ssh -p PORT HOST` from a terminal "
                 b"(or `ssh -t -p PORT HOST lobby` for the shared tables).\r\n")

INPUT_BURST = 64 * 1024  # bytes of input at once (a paste)
INPUT_PER_SECOND = 16 * 1024  # bytes of input per second, sustained
RESIZE_INTERVAL = 0.1  # seconds between two sizes passed to a game

NO_ROOM = ("The server cannot start a game now: it has no room to keep your saves "
           "(the host has been told). Please try again later.\r\n")

LOBBY = "lobby"  # the one command a client may ask for: ssh -t host lobby
ENV_START = "TABULA_START"  # read by hall.client.Link.from_env
ENV_SSH = "TABULA_SSH"  # likewise: how to reach this server, for a guest's come-back line

NO_PTY = ("Tabula is a full-screen game and needs a terminal.\r\n"
          "Connect with plain `ssh -p PORT HOST` from a terminal (or add -t).\r\n")


class GameSession(asyncssh.SSHServerSession):
    """asyncssh's session callbacks for one game (bytes, no line editor)."""

    def __init__(self, host: Host, conn: Connection) -> None:
        self.host = host
        self.conn = conn
        assert conn.player is not None
        self.player = conn.player
        self.chan: asyncssh.SSHServerChannel | None = None
        self.term: str | None = None
        self.size = (0, 0, 0, 0)
        self.child: GameChild | None = None  # once the game has started
        self.master = -1  # the PTY, open from the start of the game to its end
        self.pump: PtyPump | None = None
        self.opened = time.time()
        self.start = f"join:{self.player.table}" if self.player.table else "title"
        self.outcome: str | None = None  # how it ended, for the log line
        self.exit_status: int | None = None
        self._loop = asyncio.get_running_loop()
        self._last_input = self._loop.time()
        self._stop: asyncio.Future[tuple[str, str | None]] = self._loop.create_future()
        self._limit: asyncio.TimerHandle | None = None  # the total time limit
        self._idle: asyncio.TimerHandle | None = None
        self._slot = False
        self._running = False  # _run is in charge of the ending (and the log line)
        self._resized = False  # a resize came while the game was starting
        self._chan_open = True
        self._logged = False
        # A person types a few keys a second and pastes a line now and then;
        # beyond this, input is dropped before it reaches the game.
        self._input = TokenBucket(INPUT_BURST, INPUT_PER_SECOND)
        self.dropped_input = 0  # bytes
        self._resize_at = 0.0  # when the last size reached the game
        self._resize_timer: asyncio.TimerHandle | None = None

    # -- requests --------------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: object) -> bool:
        self.term = client_term(term_type)
        self.size = term_size
        return True

    def shell_requested(self) -> bool:
        return True  # the shell is the game (or, without a PTY, a polite refusal)

    def exec_requested(self, command: str) -> bool:
        if command.strip() == LOBBY:  # the game, opened at the lobby (a PTY is still needed)
            self.start = LOBBY
            return True
        self.outcome = f"refused: exec {command[:60]!r}"
        self._write(ONLY_THE_GAME, stderr=True)  # said before the refusal, so it is seen
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        self.outcome = f"refused: subsystem {subsystem[:30]!r}"
        self._write(ONLY_THE_GAME, stderr=True)
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal_name: str) -> None:
        """Signals from the client are ignored: keys reach the game as bytes."""

    def session_started(self) -> None:
        if self.term is None:
            self._refuse(NO_PTY, "refused: no terminal")
        elif self.player.home is None:
            self._refuse(NO_ROOM, "refused: no save folder (disk full?)")
        elif self.conn.game is not None:
            self._refuse("One game per connection: this one already has a game.\r\n",
                         "refused: second game on one connection")
        else:
            self._take_slot()

    def _take_slot(self) -> None:
        """A game slot of the server's, within the player's own share; or say why not."""
        slots = self.host.slots
        why = slots.acquire(self.conn.owner)
        if why == OWN_LIMIT:
            n = slots.per_owner
            said = (f"Your address has {n} guest games in progress already, the most one "
                    "address may have here" if self.player.guest else
                    f"You have {n} games in progress already, the most one player may have "
                    "here")
            self._refuse(f"{said}; end one and try again.\r\n",
                         f"refused: {n} games of this player already")
        elif why == FULL:
            self._refuse(f"The Tabula table is full ({slots.limit} games in "
                         "progress); try again later.\r\n", "refused: server full")
        else:
            self._slot = True
            self._start_game()

    def _ssh_command(self) -> str:
        """How this player reaches this server again (a guest's come-back
        line): the address and port they connected to."""
        assert self.chan is not None
        sock = self.chan.get_extra_info("sockname") or ("localhost", 22)
        address, port = str(sock[0]).split("%", 1)[0], int(sock[1])
        return f"ssh {'' if port == 22 else f'-p {port} '}{{user}}@{address}"

    def _refuse(self, message: str, outcome: str) -> None:
        self.outcome = outcome
        self._write(message.encode(), stderr=True)
        self._exit(1)

    def _start_game(self) -> None:
        """Open the PTY now (keys typed meanwhile wait in it); start the game on it."""
        assert self.chan is not None and self.term is not None and self.player.home
        env = child_env(self.term, self.player.home, dict(self.chan.get_environment()),
                        crash_dir(self.host.config.data_dir))
        env[ENV_START] = self.start
        env[ENV_SSH] = self._ssh_command()
        if self.host.config.pacing is not None:
            env[PACING_ENV] = self.host.config.pacing
        try:
            self.master, slave = open_pty(self.size)
        except OSError as e:
            self._failed_to_start(e)
            return
        self._running = True
        self.conn.children += 1  # counted from now: the guest folder must stay
        self.conn.game = self
        self.conn.game_started()
        self.pump = PtyPump(self.master, self._on_output, self._on_input_backlog)
        self.pump.start()
        self._arm_timers()
        self.host.track(self._run(slave, env), self)

    def _failed_to_start(self, e: Exception) -> None:
        log.error("cannot start the game for %s: %s", self.player.describe(), e)
        if self._slot:
            self._slot = False
            self.host.slots.release(self.conn.owner)
        self._refuse("The game could not be started; the host has been told.\r\n",
                     f"failed to start: {e}")

    # -- data ------------------------------------------------------------

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self._last_input = self._loop.time()
        if self.pump is None:
            return
        if not self._input.take(len(data)):  # a flood, not a person: dropped
            self.dropped_input += len(data)
            return
        self.pump.write(data)

    def eof_received(self) -> bool:
        return True  # keep the channel half-open: the game decides when to end

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        """Remember the size; pass it on at most every RESIZE_INTERVAL seconds.

        Dragging a window's edge sends dozens of sizes a second and a hostile
        client thousands; the game only needs the last one, and redrawing for
        each would cost everyone's CPU.
        """
        self.size = (width, height, pixwidth, pixheight)
        if self._resize_timer is not None:
            return  # the pending update will carry this size
        wait = self._resize_at + RESIZE_INTERVAL - self._loop.time()
        if wait > 0:
            self._resize_timer = self._loop.call_later(wait, self._apply_size)
        else:
            self._apply_size()

    def _apply_size(self) -> None:
        self._resize_timer = None
        self._resize_at = self._loop.time()
        if self.child is not None:
            self.child.resize(*self.size)
        elif self.master >= 0:  # still starting: it reads the size when it does
            with contextlib.suppress(OSError):
                set_window_size(self.master, *self.size)
            self._resized = True

    def pause_writing(self) -> None:
        if self.pump is not None:
            self.pump.pause_output()

    def resume_writing(self) -> None:
        if self.pump is not None:
            self.pump.resume_output()

    def _on_output(self, data: bytes) -> None:
        self._write(data)

    def _on_input_backlog(self, full: bool) -> None:
        if self.chan is not None and self._chan_open:
            (self.chan.pause_reading if full else self.chan.resume_reading)()

    def connection_lost(self, exc: Exception | None) -> None:
        self._chan_open = False
        self.stop("client disconnected" if exc is None else f"connection lost ({exc})")
        if not self._running:
            self._log()  # no game: nothing to wait for
        self.conn.channels -= 1

    # -- ending ----------------------------------------------------------

    def stop(self, outcome: str, message: str | None = None) -> None:
        """Ask the session to end (first reason wins); the game is hung up on."""
        if not self._stop.done():
            self._stop.set_result((outcome, message))

    def _arm_timers(self) -> None:
        config = self.host.config
        if config.idle_timeout is not None:
            self._idle = self._loop.call_later(config.idle_timeout, self._check_idle)
        if config.max_session_time is not None:
            limit = config.max_session_time
            self._limit = self._loop.call_later(
                limit, self.stop, "time limit",
                f"This session reached its time limit of {_duration(limit)}.")

    def _check_idle(self) -> None:
        timeout = self.host.config.idle_timeout
        assert timeout is not None
        left = self._last_input + timeout - self._loop.time()
        if left > 0:  # there was input since: look again when it would expire
            self._idle = self._loop.call_later(left, self._check_idle)
        else:
            self.stop("idle timeout", f"No keys pressed for {_duration(timeout)}.")

    async def _run(self, slave: int, env: dict[str, str]) -> None:
        """Start the game; wait for it to end or be stopped; then clean up once."""
        try:
            ours, theirs = self._hall_channel()
            try:
                self.child = await self.host.launcher.launch(
                    self.master, slave, env, self.player.home,
                    None if theirs is None else theirs.fileno())
            except Exception as e:  # no process, so no game: the player is told
                if ours is not None:
                    ours.close()
                self._failed_to_start(e)
                return
            finally:
                os.close(slave)  # the game holds its own copies
                if theirs is not None:
                    theirs.close()
            if ours is not None:
                self._attach(ours)
            if self._resized:  # the size it read at start may be an old one
                self.child.resize(*self.size)
            await self._play()
        finally:
            self._cleanup()

    def _hall_channel(self) -> tuple[socket.socket | None, socket.socket | None]:
        """This session's own socket pair to the hall: (server's end, game's end).

        Both ends are close-on-exec here: only the game is given its end.
        No hall (the server is stopping): the game plays without tables.
        """
        if self.host.hall is None:
            return None, None
        try:
            return socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        except OSError as e:  # out of file descriptors: the game alone still works
            log.error("no hall channel for %s: %s", self.player.describe(), e)
            return None, None

    def _attach(self, ours: socket.socket) -> None:
        """Give the hall the server's end, with who holds the other one."""
        from hall.hall import Who

        player = self.player
        from saves.store import folder_in

        home = None if player.home is None else folder_in(player.home)  # what Load lists
        who = Who(key=player.seat_key, name=player.shown_name, home=home,
                  address=player.address, comeback=player.comeback)
        try:
            self.host.hall.attach(ours, who)
        except Exception as e:  # the game plays on; its hall channel reads EOF
            log.error("the hall did not take %s: %s", player.describe(), e)
            ours.close()

    async def _play(self) -> None:
        assert self.child is not None and self.pump is not None
        exited = self.child.exited()
        await asyncio.wait({exited, self._stop}, return_when=asyncio.FIRST_COMPLETED)
        if exited.done():
            status = exited.result()
            self.outcome = self.outcome or _game_ended(status)
            self.pump.drain_output()
            self._finish(_exit_code(status), None)
        else:
            outcome, message = self._stop.result()
            self.outcome = self.outcome or outcome
            await self.child.end(self.host.config.hangup_grace)
            self._finish(1, message)

    def _finish(self, status: int, message: str | None) -> None:
        if message is not None:
            if not self.player.guest:
                message += " Your game is saved: connect again and choose Continue."
            self._write(RESET_TERMINAL + f"Tabula: {message}\r\n".encode())
        self._exit(status)

    def _cleanup(self) -> None:
        for timer in (self._limit, self._idle, self._resize_timer):
            if timer is not None:
                timer.cancel()
        if self.pump is not None:
            self.pump.stop()
        if self.child is not None:
            self.child.close()  # the master
        elif self.master >= 0:
            os.close(self.master)
        self.master = -1
        if self._running:
            self.conn.children -= 1
            if self.conn.game is self:
                self.conn.game = None
                self.conn.wait_for_game()  # the client should leave now; if not, it is closed
        if self._slot:
            self._slot = False
            self.host.slots.release(self.conn.owner)
        self._log()
        self.conn.release_home()

    def _write(self, data: bytes, stderr: bool = False) -> None:
        if self.chan is None or not self._chan_open:
            return
        with contextlib.suppress(OSError):
            (self.chan.write_stderr if stderr else self.chan.write)(data)

    def _exit(self, status: int) -> None:
        self.exit_status = status
        if self.chan is not None and self._chan_open:
            with contextlib.suppress(OSError):
                self.chan.exit(status)

    def _log(self) -> None:
        if self._logged:
            return
        self._logged = True
        outcome = self.outcome or "closed before starting"
        if self.start != "title" and self.child is not None:  # came by a shortcut
            outcome += f"; opened {self.start}"
        if self.dropped_input:
            outcome += f"; {self.dropped_input} bytes of input flood dropped"
        if self.child is not None and self.child.returncode not in (0, None):
            report = crash_report(self.host.config.data_dir, self.child.pid)
            if report is not None:
                outcome += f"; crash report {report}"
        log_ending("session", self.player.describe(), self.conn.peer, self.opened, outcome)


def _game_ended(status: int | None) -> str:
    """How a game that ended by itself ended, for the log."""
    if status is None:  # its zygote died first, so nobody learnt its exit status
        return "game ended (exit status unknown)"
    if status == 0:
        return "quit (status 0)"
    if status < 0:
        with contextlib.suppress(ValueError):
            return f"game killed by {signal.Signals(-status).name}"
    return f"game failed (status {status})"


def _exit_code(status: int | None) -> int:
    """A game's wait status as a shell would report it (signals as 128+n; unknown as 0)."""
    if status is None:
        return 0
    return status if status >= 0 else 128 - status


def _duration(seconds: float) -> str:
    if seconds >= 120:
        return f"{seconds / 60:g} minutes"
    return f"{seconds:g} seconds"
