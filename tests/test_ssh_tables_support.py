"""Players' terminals for the shared-table tests and ``bench/tables.py``.

A ``Terminal`` is what a player looks at: a ``tui.ssh.probe.Screen`` fed
by a reader task that runs from connect to close, so a session is always
read (a game never blocks on a full channel while its player waits for
someone else) and any test can wait for text with a timeout, never a sleep.
Two transports reach the same server:

- ``AsyncsshTerminal``: an asyncssh client with a PTY (as ``GameClient``);
- ``OpenSSHTerminal``: the system ``ssh -tt`` running on a pseudo-terminal
  of our own, whose master we read and write as a terminal emulator would.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import pickle
import pty
import random
import re
import struct
import termios
import time
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import asyncssh

from engine.match import Match
from tests.test_tui_support import numbered
from tui.ssh.config import ServeConfig
from tui.ssh.probe import Screen
from tui.ssh.server import GameHost

QUERY_SYNC = b"\x1b[?2026$p"  # does the terminal do synchronized output? (DECRQM)
SYNC_SUPPORTED = b"\x1b[?2026;2$y"  # it does (and it is off now)
SYNC_START, SYNC_END = b"\x1b[?2026h", b"\x1b[?2026l"


class Terminal(ABC):
    """A screen kept up to date in the background; waits are on its changes."""

    def __init__(self, cols: int, rows: int, name: str = "") -> None:
        self.name = name
        self.screen = Screen(cols, rows)
        self.raw = bytearray()
        self._held = bytearray()  # the start of a frame not finished yet
        self.ended = False
        self.changed_at = time.perf_counter()  # when the last bytes arrived
        self._changed = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None

    # -- fed by a transport ------------------------------------------------------
    def feed(self, data: bytes) -> None:
        """Take output; the screen shows only whole frames.

        Like a terminal with synchronized output (which Textual asks about,
        and uses once told yes), a frame between SYNC_START and SYNC_END is
        drawn at its end: a check never sees the top of a new frame over the
        bottom of the last (a turn at one move, the hand of the one before).
        """
        self.raw += data
        if QUERY_SYNC in self.raw[-len(data) - len(QUERY_SYNC):]:
            self.send(SYNC_SUPPORTED)
        self._held += data
        start, end = self._held.rfind(SYNC_START), self._held.rfind(SYNC_END)
        ready = self._held[:start] if start > end else self._held
        self._held = self._held[len(ready):]
        if ready:
            self.screen.feed(bytes(ready))
            self.changed_at = time.perf_counter()
            self._changed.set()

    def end(self) -> None:
        self.ended = True
        self._changed.set()

    def poke(self) -> None:
        """Wake whoever waits on this screen, to re-check a condition of their own."""
        self._changed.set()

    # -- for tests -----------------------------------------------------------------
    def text(self) -> str:
        return self.screen.text()

    def has(self, *texts: str) -> bool:
        screen = self.text()
        return any(t in screen for t in texts)

    async def until(self, check: Callable[[], bool], what: str = "a condition",
                    timeout: float = 20.0) -> None:
        """Wait until ``check()`` holds, re-checked whenever output arrives.

        TimeoutError shows the screen; EOFError if the session ends first.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not check():
            if self.ended:
                raise EOFError(f"{self.name}: session ended while waiting for {what}; "
                               f"screen:\n{self.text()}\nlast bytes: {bytes(self.raw[-300:])!r}")
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError(f"{self.name}: waited {timeout}s for {what}; screen:\n"
                                   f"{self.text()}")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), left)

    async def read_until(self, *texts: str, timeout: float = 20.0) -> str:
        """Wait until one of ``texts`` is on screen; returns it."""
        await self.until(lambda: self.has(*texts), repr(texts), timeout)
        screen = self.text()
        return next(t for t in texts if t in screen)

    async def ended_by_server(self, timeout: float = 20.0) -> None:
        """Wait for the server to end the session."""
        await self.until(lambda: self.ended, "the end of the session", timeout)

    @abstractmethod
    def send(self, keys: str | bytes) -> None:
        """Type ``keys`` at this terminal."""

    @abstractmethod
    async def close(self) -> None:
        """Log out and stop reading."""

    def _start_reader(self, read: Callable[[], object]) -> None:
        async def pump() -> None:
            try:
                while data := await read():  # type: ignore[misc]
                    self.feed(data)
            except (OSError, asyncssh.Error, asyncio.IncompleteReadError):
                pass
            finally:
                self.end()
        self._reader = asyncio.get_running_loop().create_task(pump())

    async def _stop_reader(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader


class AsyncsshTerminal(Terminal):
    """An asyncssh client session with a PTY."""

    conn: asyncssh.SSHClientConnection
    process: asyncssh.SSHClientProcess

    @classmethod
    async def connect(cls, port: int, username: str, key: asyncssh.SSHKey | None,
                      size: tuple[int, int] = (120, 40), command: str | None = None,
                      name: str = "") -> AsyncsshTerminal:
        """Log in as ``username`` with ``key`` (None: as a guest) and open a PTY session
        (a shell, or ``command`` as an exec request: ``ssh -t host lobby``)."""
        self = cls(*size, name=name or username)
        self.conn = await asyncssh.connect(
            "127.0.0.1", port, username=username, client_keys=[key] if key else [],
            known_hosts=None, agent_path=None, password=None, encoding=None)
        try:
            self.process = await self.conn.create_process(
                command, term_type="xterm-256color", term_size=size)
        except BaseException:
            self.conn.close()
            raise
        self._start_reader(lambda: self.process.stdout.read(65536))
        return self

    def send(self, keys: str | bytes) -> None:
        self.process.stdin.write(keys.encode() if isinstance(keys, str) else keys)

    def drop(self) -> None:
        """The connection dies without a goodbye (a laptop lid closed)."""
        self.conn.abort()

    async def close(self) -> None:
        self.conn.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.conn.wait_closed(), 30)
        await self._stop_reader()


def write_key_file(path: Path, key: asyncssh.SSHKey) -> Path:
    """A private key file OpenSSH accepts (mode 0600)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    return path


def openssh_command(port: int, username: str, key_file: Path | None,
                    command: str | None = None) -> list[str]:
    """``ssh -tt`` with nothing from the user's own setup: no config, no agent,
    no known-hosts file, only the given key."""
    args = ["ssh", "-tt", "-F", "/dev/null", "-p", str(port),
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "GlobalKnownHostsFile=/dev/null", "-o", "BatchMode=yes",
            "-o", "LogLevel=ERROR", "-o", "IdentitiesOnly=yes",
            "-o", "ServerAliveInterval=0", "-o", "ConnectTimeout=20"]
    if key_file is not None:
        args += ["-i", str(key_file)]
    else:  # a guest server takes the "none" method: offer no key at all
        args += ["-o", "PubkeyAuthentication=no"]
    args.append(f"{username}@127.0.0.1")
    if command is not None:
        args.append(command)
    return args


class OpenSSHTerminal(Terminal):
    """The system ``ssh`` client on a pseudo-terminal: what a player really runs."""

    master: int
    proc: asyncio.subprocess.Process

    @classmethod
    async def connect(cls, port: int, username: str, key_file: Path | None,
                      size: tuple[int, int] = (120, 40), command: str | None = None,
                      name: str = "") -> OpenSSHTerminal:
        self = cls(*size, name=name or username)
        master, slave = pty.openpty()
        cols, rows = size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = {k: v for k, v in os.environ.items() if not k.startswith("SSH_")}
        try:
            self.proc = await asyncio.create_subprocess_exec(
                *openssh_command(port, username, key_file, command),
                stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
                preexec_fn=_controlling_tty)
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        self.master = master
        self._start_reader(self._read)
        return self

    async def _read(self) -> bytes:
        """The next output from the master (b"" once ssh has gone and closed the PTY)."""
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        loop.add_reader(self.master, lambda: ready.done() or ready.set_result(None))
        try:
            await ready
        finally:
            loop.remove_reader(self.master)
        try:
            return os.read(self.master, 65536)
        except OSError:  # EIO: every process holding the slave has exited
            return b""

    def send(self, keys: str | bytes) -> None:
        data = keys.encode() if isinstance(keys, str) else keys
        while data:
            data = data[os.write(self.master, data):]

    async def close(self) -> None:
        if self.proc.returncode is None:
            self.proc.terminate()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.proc.wait(), 30)
        if self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()
        await self._stop_reader()
        with contextlib.suppress(OSError):
            os.close(self.master)


def _controlling_tty() -> None:
    """In the child (a new session): make its stdin, the PTY, the controlling
    terminal, so ssh reads keys in raw mode and learns the window size."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


async def close_all(terminals: Sequence[Terminal]) -> None:
    """Close every terminal, whatever state each is in."""
    await asyncio.gather(*(t.close() for t in terminals), return_exceptions=True)


# -- a served hall ----------------------------------------------------------------

class Tap:
    """Every message the hall sends (``Hall.tap``), kept in order; waits on new ones.

    Each entry is (client id, table code, who, message). The tests assert on
    these (what each seat and each spectator was sent) and wait on them for
    the hall's side of things (an action applied, a seat handed to a bot).
    """

    def __init__(self) -> None:
        self.sent: list[tuple[int, str | None, Any, dict[str, Any]]] = []
        self._new = asyncio.Event()

    def __call__(self, client: int, code: str | None, who: Any, msg: dict[str, Any]) -> None:
        self.sent.append((client, code, who, msg))
        self._new.set()

    def poke(self) -> None:
        """Re-check waiters (after a change the hall makes without sending)."""
        self._new.set()

    async def until(self, check: Callable[[], bool], what: str = "a condition",
                    timeout: float = 20.0) -> None:
        """Wait until ``check()`` holds, re-checked after every message the hall sends."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not check():
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError(f"waited {timeout}s for {what}")
            self._new.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._new.wait(), min(left, 0.5))

    def to(self, key: str, kind: str | None = None) -> list[dict[str, Any]]:
        """The messages sent to the owner ``key`` (all of its connections), in order."""
        return [m for _, _, who, m in self.sent
                if who.key == key and (kind is None or m.get("t") == kind)]


@dataclass
class Room:
    """A running ``tabula serve`` with its hall, and the keys its players log in with.

    Each player has a key of their own (a seat belongs to a key), written to
    the server's authorized_keys and, for the system ``ssh``, to a file.
    """

    host: GameHost
    tap: Tap
    tmp: Path
    keys: dict[str, asyncssh.SSHKey]
    terminals: list[Terminal] = field(default_factory=list)

    @property
    def hall(self) -> Any:
        return self.host.hall

    @property
    def port(self) -> int:
        return self.host.port

    def key_of(self, name: str) -> str:
        """The seat owner key the hall gives ``name``'s connections."""
        return self.keys[name].get_fingerprint("sha256")

    async def connect(self, name: str, *, user: str | None = None, openssh: bool = False,
                      command: str | None = None, size: tuple[int, int] = (100, 32)
                      ) -> Terminal:
        """``name`` logs in (as SSH user ``user``: a table code joins it) with their key."""
        user = user or name
        if openssh:
            key_file = write_key_file(self.tmp / f"{name}.key", self.keys[name])
            term: Terminal = await OpenSSHTerminal.connect(self.port, user, key_file, size,
                                                           command, name=name)
        else:
            term = await AsyncsshTerminal.connect(self.port, user, self.keys[name], size,
                                                  command, name=name)
        self.terminals.append(term)
        return term

    def table(self, code: str) -> Any:
        return self.hall.tables[code]

    async def restart(self) -> None:
        """Stop the server (every session ends, every table is saved) and start
        it again on the same data dir, listening on a new port, with a new tap."""
        config = self.host.config
        await asyncio.wait_for(self.host.stop(), 30)
        self.host = await GameHost(config).start()
        self.tap = Tap()
        self.host.hall.tap = self.tap

    def match(self, code: str) -> Match:
        return self.table(code).match


def authorize(tmp: Path, names: Sequence[str]) -> tuple[dict[str, asyncssh.SSHKey], Path]:
    """A key for every name, all in one authorized_keys file."""
    keys = {n: asyncssh.generate_private_key("ssh-ed25519") for n in names}
    authorized = tmp / "authorized_keys"
    authorized.write_bytes(b"".join(k.export_public_key() for k in keys.values()))
    return keys, authorized


def room_config(tmp: Path, authorized: Path, **changes: Any) -> ServeConfig:
    """Settings for a test server: loopback, free port, fast bots shown at once, no
    idle limit."""
    base = ServeConfig(data_dir=tmp / "data", host_key=tmp / "host_key",
                       authorized_keys=authorized, port=0, idle_timeout=None,
                       bot_seconds=0.01, pacing="instant")
    return replace(base, **changes)


@contextlib.asynccontextmanager
async def room(tmp: Path, names: Sequence[str], **changes: Any) -> AsyncIterator[Room]:
    """A served hall for ``names``; on exit every terminal is closed and the server stopped."""
    keys, authorized = authorize(tmp, names)
    host = await GameHost(room_config(tmp, authorized, **changes)).start()
    tap = Tap()
    host.hall.tap = tap
    here = Room(host, tap, tmp, keys)
    try:
        yield here
    finally:
        await close_all(here.terminals)
        await asyncio.wait_for(host.stop(), 30)


# -- reading a shared table's screen ---------------------------------------------------

YOUR_TURN = "Your turn"
_STEP = re.compile(r"\bmove (\d+)\b")
_STATUS_STEP = re.compile(r"^ *move (\d+) ·", re.MULTILINE)  # the status line's
_WHO_STEP = re.compile(r"code [A-Z]{5,10} · move (\d+)")  # the who line's


def step_shown(text: str) -> int | None:
    """The table's step a screen shows ("move N" on the shared table), if any."""
    found = _STEP.search(text)
    return int(found.group(1)) if found else None


def shows_turn(term: Terminal, step: int) -> bool:
    """The screen shows state ``step`` and asks its player to move: the
    status line and the who line both say "move N" (Textual may send the
    status line in a frame of its own, ahead of the table it belongs to)."""
    text = term.text()
    status, who = _STATUS_STEP.search(text), _WHO_STEP.search(text)
    return (YOUR_TURN in text and status is not None and who is not None
            and int(status.group(1)) == int(who.group(1)) == step)


def panel(text: str, title: str) -> list[str] | None:
    """The rows inside the bordered panel whose title starts with ``title``
    (None when no such panel is on screen)."""
    rows = text.split("\n")
    for y, row in enumerate(rows):
        at = row.find(title)
        if at < 0:
            continue
        left, right = row.rfind("╭", 0, at), row.find("╮", at)
        if left < 0 or right < 0:
            continue
        inside = []
        for below in rows[y + 1:]:
            part = below[left:right + 1].ljust(right + 1 - left)
            if part.startswith("╰"):
                break
            inside.append(part[1:-1].rstrip())
        return inside
    return None


HAND_MARKS = ("●", "·", "✗")
_HAND_COUNT = re.compile(r"Your hand \((\d+)\)")


def hand_count(text: str) -> int | None:
    """The number of cards the "Your hand (N)" title says, if it is on screen."""
    found = _HAND_COUNT.search(text)
    return int(found.group(1)) if found else None


def hand_on_screen(text: str, names: Sequence[str]) -> list[str] | None:
    """The card names listed in "Your hand" on a Provincia screen, in screen
    order (None when the hand's list is not on screen). ``names``: every card name."""
    rows = panel(text, "Your hand")
    if rows is None:
        return None
    longest_first = sorted(set(names), key=len, reverse=True)
    found = []
    for row in rows:
        line = row.strip()
        if line[:1] in HAND_MARKS and line[1:2] == " ":
            rest = line[2:] + " "
            name = next((n for n in longest_first if rest.startswith(n + " ")), None)
            if name is not None:
                found.append(name)
    return found


# -- playing a table by keys -------------------------------------------------------------

def moved(here: Room, code: str, step: int) -> bool:
    """The table went past ``step`` (or is gone, or over)."""
    table = here.hall.tables.get(code)
    return table is None or len(table.match.actions) > step or table.match.is_over()


async def bot_moves(here: Room, code: str, step: int, timeout: float = 30.0) -> None:
    """Wait until the table goes past ``step`` by itself (a bot's move)."""
    await here.tap.until(lambda: moved(here, code, step), f"a bot's move at {step}", timeout)


async def key_turn(here: Room, code: str, term: Terminal, rng: random.Random, *,
                   each_turn: Callable[[int, Terminal, Match], None] | None = None,
                   timeout: float = 30.0) -> None:
    """The mover presses a digit on their screen; it must play the action it names."""
    match = here.match(code)
    step, seat = len(match.actions), match.to_move()
    assert seat is not None
    offered, greyed = numbered(match.game, match.view(seat), seat)
    live = [i for i, a in enumerate(offered[:9]) if a not in greyed]
    k = live[rng.randrange(len(live))]
    await term.until(lambda: shows_turn(term, step), f"seat {seat}'s turn at {step}", timeout)
    if each_turn is not None:
        each_turn(seat, term, match)
    term.send(str(k + 1))
    await here.tap.until(lambda: moved(here, code, step), f"key {k + 1} at {step}", timeout)
    assert here.match(code).actions[step] == offered[k], "a key plays the action it names"


async def play(here: Room, code: str, players: Mapping[int, Terminal], rng: random.Random, *,
               stop: Callable[[Match], bool] | None = None,
               each_turn: Callable[[int, Terminal, Match], None] | None = None,
               timeout: float = 30.0) -> int:
    """Play the table by digit keys until it is over (or ``stop(match)``).

    ``players``: the terminal of each seat played by a person; the others
    (bots, seats a bot plays for someone) are waited for. Before each key the
    mover's screen must show this very step and "Your turn"; ``each_turn``
    may check that screen first. Returns how many actions were played by keys.
    """
    keys = 0
    while True:
        match = here.match(code)
        if match.is_over() or (stop is not None and stop(match)):
            return keys
        seat = match.to_move()
        term = players.get(seat) if seat is not None else None
        if term is None:
            await bot_moves(here, code, len(match.actions), timeout)
            continue
        await key_turn(here, code, term, rng, each_turn=each_turn, timeout=timeout)
        keys += 1


# -- the lobby, by keys ----------------------------------------------------------------

LOBBY = "Join by code"  # the lobby's key bar
CREATE_BUTTON = "Create"  # the new-table form, once ready (the game field focused)
# the shared table's who line: "code KXPQR · move 12" (the lobby lists bare codes)
_CODE = re.compile(r"\bcode ([BCDFGHJKLMNPQRSTVWXZ]{5}) · move \d+")
TAB, BACKTAB, ENTER, UP, DOWN = "\t", "\x1b[Z", "\r", "\x1b[A", "\x1b[B"
HOME, KILL_LINE, CREATE = "\x01", "\x0b", "\x07"  # ctrl+a, ctrl+k (in an input); ctrl+g


def code_on_screen(text: str) -> str | None:
    """The code of the table a screen is at ("code KXPQR · move N"), if any."""
    found = _CODE.search(text)
    return found.group(1) if found else None


async def pick(term: Terminal, shown: Callable[[], bool], keys: str,
               done: Callable[[], bool], what: str, timeout: float = 30.0) -> None:
    """Choose from the focused Select: open its list (Enter), then ``keys``.

    The list is drawn a moment before it takes keys; keys typed in that moment
    reach the closed Select, which only opens the list again. So a try that
    changed nothing within a few seconds is made again (from the list's start,
    the Select's current value, so ``keys`` mean the same each time).
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not done():
        if loop.time() > deadline:
            raise TimeoutError(f"{term.name}: could not choose {what}; screen:\n{term.text()}")
        if not shown():
            term.send(ENTER)
            await term.until(shown, f"the list for {what}", timeout)
        term.send(keys)
        with contextlib.suppress(TimeoutError):
            await term.until(done, what, 3.0)


async def create_table(term: Terminal, humans: int = 2, hall: Any = None,
                       seed: int = 7, timeout: float = 30.0) -> str:
    """From the lobby, create a Provincia table for four where seats 2..``humans``
    are open human seats and the rest rules bots; returns its code, read off
    the table screen the creator lands on. ``hall``: the server's hall, whose
    next table gets ``seed`` (a player never chooses a shared table's seed).

    The form opens with the game field focused. Tab goes on to players,
    then each seat's name, kind, [strength], city, so seat 2's "Plays as"
    is 6 Tabs from the game, and each next seat's 3 more once the seat
    before is human (a human seat's strength is disabled, so skipped).
    """
    if hall is not None:
        hall.seeds = lambda: seed
    await term.read_until(LOBBY, timeout=timeout)
    term.send("n")
    await term.read_until(CREATE_BUTTON, timeout=timeout)
    for seat in range(1, humans):
        term.send(TAB * (6 if seat == 1 else 3))
        await pick(term, lambda: term.has("Random bot"),  # only in the open list
                   UP + ENTER,  # Human is just above the bot kind it shows
                   lambda s=seat: term.has(f"Player {s + 1}"), f"seat {seat + 1} human",
                   timeout)
    term.send(CREATE)
    await term.until(lambda: code_on_screen(term.text()) is not None, "the table's code",
                     timeout)
    code = code_on_screen(term.text())
    assert code is not None
    return code


def opens_late(hall: Any, chapters: int = 1) -> None:
    """The hall's next new table is entered late (as ``hall.seeds`` fixes
    its seed): it starts with the actions before seat 0's first move of its
    last ``chapters`` chapters, from a game of its own seed, seats and
    options played at random without the UI. A test creates and joins the
    table as players do, then plays only the end of the game by keys. It
    lasts for one table."""
    from tests.test_tui_support import entered_late

    made = hall._new_match

    def late(who: Any, msg: dict[str, Any]) -> Match:
        hall._new_match = made
        return entered_late(made(who, msg), chapters)

    hall._new_match = late


def offered_count(text: str) -> int:
    """How many numbered actions the Actions panel lists."""
    rows = panel(text, "Actions") or []
    return sum(1 for r in rows if re.match(r"\d ", r.strip()))


GAME_OVER = ("Game over",)


def game_over(text: str) -> bool:
    """The screen shows the table's result."""
    return any(t in text for t in GAME_OVER)


# -- what the hall sent --------------------------------------------------------------------

def seat_of(here: Room, code: str, name: str) -> int | None:
    """The seat ``name`` was last given at table ``code`` (None: watching)."""
    joined = [m for m in here.tap.to(here.key_of(name), "joined")
              if m["table"]["code"] == code]
    assert joined, f"{name} never joined {code}"
    return joined[-1]["seat"]


def views_sent(here: Room, name: str) -> list[tuple[int, Any]]:
    """(step, view) of every state message sent to ``name``'s connections."""
    return [(m["step"], pickle.loads(m["view"])) for m in here.tap.to(here.key_of(name), "state")]


def assert_only_own_views(here: Room, code: str, names: Sequence[str]) -> int:
    """Every state message a player was sent holds that seat's own view of that
    step, never more; returns how many were checked."""
    match = here.match(code)
    game = match.game
    checked = 0
    for name in names:
        seat = seat_of(here, code, name)
        assert seat is not None
        for step, view in views_sent(here, name):
            assert game.viewer(view) == seat
            assert view == game.view(match.states[step], seat), (name, step)
            checked += 1
    return checked
