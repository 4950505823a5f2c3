"""``python -m tui``: the same as the ``tabula`` console script.

The SSH server starts each player's game as ``[sys.executable, "-m", "tui"]``
so that it runs with exactly the interpreter (and virtual environment) of the
server, whether or not the console script is on PATH.
"""

import contextlib
import os
import signal
import sys

from tui.cli import main
from tui.crash import guarded


def adopt_terminal() -> None:
    """Make stdin our controlling terminal if we lead a session that has none.

    That is how the SSH server starts a game (a new session on a fresh PTY,
    which a session leader does not acquire by inheriting it). With the PTY
    as its controlling terminal, the kernel hangs up on the game (SIGHUP)
    when the PTY's other end closes, so a game never outlives a server that
    died without cleaning up. Anywhere else this does nothing.
    """
    if os.name != "posix" or not os.isatty(0) or os.getsid(0) != os.getpid():
        return
    # A server started under nohup passes on an ignored SIGHUP: a game must
    # still die with its terminal, as any program on a terminal does.
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    try:
        os.close(os.open("/dev/tty", os.O_RDWR))
        return  # a controlling terminal already
    except OSError:
        pass
    import fcntl
    import termios

    with contextlib.suppress(OSError):
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def run() -> int:
    """Adopt the terminal, then run the command line; its exit status."""
    adopt_terminal()
    return main()


if __name__ == "__main__":
    # A served game (TABULA_CRASH_DIR set) files a crash for the host and
    # shows the player one line, never a traceback (see tui/crash.py).
    sys.exit(guarded(run))
