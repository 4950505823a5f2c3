"""Input a person cannot produce: a flood of keys on a real terminal, and a
window bigger than the server lets a game use.

The flood runs ``python -m tui`` on a PTY, as the SSH server runs a game,
and types half a megabyte at the title screen: the game must stay small,
and ctrl+q must still quit at once.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

from tests.test_tui_hostile import game_env
from tui.app import MAX_HEIGHT, MAX_WIDTH, TabulaApp
from tui.driver import InputBudget

ROOT = Path(__file__).resolve().parent.parent
FLOOD = 512 * 1024  # keys: at ~0.1 ms each, a minute of work for an unguarded app
MAX_FLOOD_CPU_S = 30.0  # the game's CPU seconds for start-up, the flood and ctrl+q


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Terminal:
    """A game on a PTY: write keys, read (and discard) what it draws."""

    def __init__(self, env: dict[str, str]) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        self.proc = subprocess.Popen([sys.executable, "-m", "tui"], stdin=slave, stdout=slave,
                                     stderr=slave, env=env, cwd=ROOT, start_new_session=True)
        os.close(slave)
        os.set_blocking(self.master, False)
        self.screen = bytearray()
        self.peak_mb = 0.0

    def pump(self, seconds: float, poll: bool = True) -> None:
        """Read output for up to ``seconds`` (or until the game exits;
        ``poll=False``: the caller reaps it)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end and (not poll or self.proc.poll() is None):
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    self.screen += os.read(self.master, 65536)
                except OSError:
                    return
            self.peak_mb = max(self.peak_mb, rss_mb(self.proc.pid))

    def wait_for(self, text: bytes, timeout: float = 120) -> None:
        end = time.monotonic() + timeout
        while text not in self.screen:
            assert time.monotonic() < end, f"{text!r} never appeared"
            self.pump(0.1)

    def type(self, data: bytes) -> None:
        sent = 0
        while sent < len(data):
            try:
                sent += os.write(self.master, data[sent:sent + 4096])
            except BlockingIOError:
                self.pump(0.01)  # the game reads as it can; keep its output flowing

    def wait_exit(self, timeout: float) -> tuple[int, float]:
        """Wait for the game to exit, reading its output: its exit code and
        the CPU seconds it used (user and system, from its rusage)."""
        end = time.monotonic() + timeout
        while True:
            pid, status, usage = os.wait4(self.proc.pid, os.WNOHANG)
            if pid:
                self.proc.returncode = os.waitstatus_to_exitcode(status)
                return self.proc.returncode, usage.ru_utime + usage.ru_stime
            assert time.monotonic() < end, f"the game did not exit within {timeout} s"
            self.pump(0.1, poll=False)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        os.close(self.master)


def test_a_flood_of_keys_is_dropped_and_ctrl_q_still_quits(tmp_path):
    """The game's own CPU time is the measure, not the wall clock: a busy
    machine stretches the second, not the work. Unguarded, the keys alone
    took a minute of CPU; guarded, reading and dropping them takes a few
    seconds (5 s here, start-up included)."""
    term = Terminal(game_env(tmp_path, None))
    try:
        term.wait_for(b"New game")
        term.type(b"x" * FLOOD)
        term.type(b"\x11")  # ctrl+q, right behind the flood
        code, cpu = term.wait_exit(timeout=600)  # a guard against a hang only
        assert code == 0
        assert cpu < MAX_FLOOD_CPU_S, f"{cpu:.1f} s of CPU: ctrl+q waited behind the flood"
        assert term.peak_mb < 150, term.peak_mb
    finally:
        term.close()


def test_the_input_budget_lets_a_person_through_and_drops_a_flood():
    now = [0.0]
    budget = InputBudget(burst=10, per_second=5, clock=lambda: now[0])
    assert all(budget.take() for _ in range(10))  # a burst
    assert not budget.take() and budget.dropped == 1
    now[0] = 1.0
    assert sum(budget.take() for _ in range(20)) == 5  # then the sustained rate
    assert budget.dropped == 16


def test_a_window_at_the_servers_cap_is_told_why_it_is_partly_used(tmp_path):
    async def go() -> None:
        from saves import Store

        app = TabulaApp(store=Store(tmp_path))
        async with app.run_test(size=(MAX_WIDTH, 60), notifications=True) as pilot:
            await pilot.pause()
            told = [n.message for n in app._notifications]
            assert any(f"at most {MAX_WIDTH} × {MAX_HEIGHT}" in m for m in told), told
            await pilot.resize_terminal(120, 40)
            await pilot.resize_terminal(MAX_WIDTH, 60)
            await pilot.pause()
            again = [n.message for n in app._notifications if "at most" in n.message]
            assert len(again) == 1  # said once, not at every resize
    asyncio.run(go())
