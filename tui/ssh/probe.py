"""A small SSH client that plays a served game as a player would see it.

``Screen`` is a minimal terminal: enough of VT100 (cursor addressing, erase,
the alternate screen) to turn a Textual app's output back into the text on
screen, so a check can wait for "New game" to appear even when the app drew
it in pieces. ``GameClient`` connects with a PTY, reads until some text is on
screen (with a timeout: never a sleep), sends keys and resizes. Used by
``bench/ssh.py`` and the end-to-end tests; also handy to smoke-test a server.
"""

from __future__ import annotations

import asyncio
import codecs
import re
import time
from collections.abc import Callable, Sequence
from typing import Any

import asyncssh

_CSI = re.compile(r"\x1b\[([0-9;?<>=!]*)([ -/]*)([@-~])")
_OSC = re.compile(r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")
_SPECIAL = re.compile(r"[\x00-\x1f\x7f]")
_ESC_OTHER = re.compile(r"\x1b[()*+][0-9A-Za-z]|\x1b[PX^_][^\x1b]*\x1b\\|\x1b[^\[\]]")


class Screen:
    """The characters a terminal of ``cols`` x ``rows`` would show."""

    def __init__(self, cols: int = 80, rows: int = 24) -> None:
        self.cols, self.rows = cols, rows
        self.grid = [[" "] * cols for _ in range(rows)]
        self.x = self.y = 0
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._tail = ""  # an escape sequence cut in half by a read

    def resize(self, cols: int, rows: int) -> None:
        self.cols, self.rows = cols, rows
        self.grid = [[" "] * cols for _ in range(rows)]
        self.x = self.y = 0

    def text(self) -> str:
        return "\n".join("".join(row).rstrip() for row in self.grid)

    def feed(self, data: bytes) -> None:
        text = self._tail + self._decoder.decode(data)
        self._tail = ""
        i, end = 0, len(text)
        while i < end:
            special = _SPECIAL.search(text, i)
            stop = special.start() if special else end
            if stop > i:  # a run of printable text: the bulk of any frame
                self._put(text[i:stop])
                i = stop
                continue
            if text[i] != "\x1b":
                self._control(text[i])
                i += 1
                continue
            m = _CSI.match(text, i) or _OSC.match(text, i) or _ESC_OTHER.match(text, i)
            if m is None:
                if end - i < 64:  # cut in half by a read: wait for the rest
                    self._tail = text[i:]
                    return
                i += 1
                continue
            if m.re is _CSI:
                self._csi(m.group(1), m.group(3))
            i = m.end()

    def _put(self, run: str) -> None:
        while run:
            if self.x >= self.cols:  # auto-wrap
                self.x = 0
                self.y = min(self.y + 1, self.rows - 1)
            part, run = run[: self.cols - self.x], run[self.cols - self.x:]
            self.grid[self.y][self.x:self.x + len(part)] = part
            self.x += len(part)

    def _control(self, ch: str) -> None:
        if ch == "\r":
            self.x = 0
        elif ch == "\n":
            self.y = min(self.y + 1, self.rows - 1)
        elif ch == "\b":
            self.x = max(self.x - 1, 0)

    def _csi(self, params: str, final: str) -> None:
        if params.startswith("?"):
            if final in "hl" and params[1:] in ("1049", "47", "1047"):
                self._erase(0, 0, self.cols, self.rows)
            return
        nums = [int(p) if p.isdigit() else 0 for p in params.split(";")] if params else []
        n = nums[0] if nums else 0
        if final in "Hf":
            row = nums[0] if nums else 1
            col = nums[1] if len(nums) > 1 else 1
            self.y = min(max(row, 1), self.rows) - 1
            self.x = min(max(col, 1), self.cols) - 1
        elif final in "ABCD":
            step = max(n, 1)
            dx = {"C": step, "D": -step}.get(final, 0)
            dy = {"B": step, "A": -step}.get(final, 0)
            self.x = min(max(self.x + dx, 0), self.cols - 1)
            self.y = min(max(self.y + dy, 0), self.rows - 1)
        elif final == "G":
            self.x = min(max(n, 1), self.cols) - 1
        elif final == "d":
            self.y = min(max(n, 1), self.rows) - 1
        elif final == "J":
            if n == 0:
                self._erase(self.x, self.y, self.cols, self.y + 1)
                self._erase(0, self.y + 1, self.cols, self.rows)
            elif n == 1:
                self._erase(0, 0, self.cols, self.y)
                self._erase(0, self.y, self.x + 1, self.y + 1)
            else:
                self._erase(0, 0, self.cols, self.rows)
        elif final == "K":
            start, stop = {0: (self.x, self.cols), 1: (0, self.x + 1)}.get(n, (0, self.cols))
            self._erase(start, self.y, stop, self.y + 1)
        elif final == "X":
            self._erase(self.x, self.y, min(self.x + max(n, 1), self.cols), self.y + 1)

    def _erase(self, x0: int, y0: int, x1: int, y1: int) -> None:
        for y in range(max(y0, 0), min(y1, self.rows)):
            for x in range(max(x0, 0), min(x1, self.cols)):
                self.grid[y][x] = " "


class GameClient:
    """One player's connection: a PTY session and the screen it shows."""

    def __init__(self, conn: asyncssh.SSHClientConnection,
                 process: asyncssh.SSHClientProcess, cols: int, rows: int) -> None:
        self.conn = conn
        self.process = process
        self.screen = Screen(cols, rows)
        self.raw = bytearray()  # everything received, for diagnostics
        self.opened = time.perf_counter()

    @classmethod
    async def connect(cls, port: int, *, host: str = "127.0.0.1", username: str = "player",
                      client_keys: Sequence[asyncssh.SSHKey] = (),
                      size: tuple[int, int] = (100, 32), term: str = "xterm-256color",
                      **options: Any) -> GameClient:
        """Log in with ``client_keys`` (or none, for a guest server) and start the game."""
        conn = await asyncssh.connect(
            host, port, username=username, client_keys=list(client_keys), known_hosts=None,
            agent_path=None, password=None, encoding=None, **options)
        try:
            process = await conn.create_process(term_type=term, term_size=size)
        except BaseException:
            conn.close()
            raise
        return cls(conn, process, *size)

    async def read_until(self, *texts: str, timeout: float = 20.0) -> str:
        """Read output until one of ``texts`` is on screen; returns the one found.

        Raises TimeoutError (showing the screen) if it does not appear in
        time, and EOFError if the session ends first.
        """
        await self.wait_for(lambda: self.find(*texts) is not None, f"{texts!r}", timeout)
        return self.find(*texts) or ""

    async def wait_for(self, check: Callable[[], bool], what: str = "a condition",
                       timeout: float = 20.0) -> None:
        """Read output until ``check()`` is true (checked after every chunk)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not check():
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError(f"waited {timeout}s for {what}; screen:\n"
                                   f"{self.screen.text()}")
            try:
                data = await asyncio.wait_for(self.process.stdout.read(65536), left)
            except TimeoutError:
                continue
            if not data:
                raise EOFError(f"session ended while waiting for {what}; screen:\n"
                               f"{self.screen.text()}\nlast bytes: {bytes(self.raw[-300:])!r}")
            self.raw += data
            self.screen.feed(data)

    def find(self, *texts: str) -> str | None:
        screen = self.screen.text()
        return next((t for t in texts if t in screen), None)

    async def read_to_end(self, timeout: float = 20.0) -> bytes:
        """Everything until the server closes the session."""
        async def drain() -> None:
            while data := await self.process.stdout.read(65536):
                self.raw += data
                self.screen.feed(data)
        await asyncio.wait_for(drain(), timeout)
        return bytes(self.raw)

    def send(self, keys: str | bytes) -> None:
        self.process.stdin.write(keys.encode() if isinstance(keys, str) else keys)

    def resize(self, cols: int, rows: int) -> None:
        self.screen.resize(cols, rows)
        self.process.change_terminal_size(cols, rows)

    def close(self) -> None:
        self.conn.close()

    async def wait_closed(self) -> None:
        await self.conn.wait_closed()
