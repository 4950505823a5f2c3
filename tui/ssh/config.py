"""The server's settings, checked once at start, and its persistent host key.

Everything that can be wrong with the command line or the files it names is
found here, before the port is opened, and reported as one ``UsageError``
sentence (exit status 2): a server left running should not discover at the
first connection that its key file was unreadable.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import stat
import sys
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from ..errors import UsageError
from .identity import GUESTS, PLAYERS, make_private_dirs
from .keys import load_authorized_keys

HOST_KEY_NAME = "ssh_host_ed25519_key"
DEFAULT_RATE = 20  # new connections per address per minute
DEFAULT_PER_ADDRESS = 8  # connections open at once from one address
DEFAULT_GAMES_PER_PLAYER = 4  # games at once for one key, or for guests of one address
DEFAULT_GAME_MEMORY = 512  # MiB of data memory per game (a game uses ~50-80)
DEFAULT_SEAT_GRACE = 120.0  # seconds a shared table keeps a dropped player's seat from bots
DEFAULT_MAX_TABLES = 50  # shared tables open at once on the server
DEFAULT_TABLES_PER_KEY = 3  # unfinished tables one player may host
DEFAULT_TABLE_IDLE = 1800.0  # seconds a started table with nobody at it waits before closing
DEFAULT_CHAT_RATE = 30  # chat lines per minute per player, after a short burst
MAX_CHAT_RATE = 600  # more than ten lines a second is no conversation


def default_data_dir() -> Path:
    """Where player folders live when --data-dir is not given."""
    import platformdirs

    return platformdirs.user_data_path("tabula") / "serve"


def game_command() -> tuple[str, ...]:
    """A game as a fresh process: this very interpreter, the title screen.

    Used when there is no zygote to fork it from (see ``launcher``).
    """
    return (sys.executable, "-m", "tui")


@dataclass(frozen=True)
class ServeConfig:
    """What ``tabula serve`` was asked to do, validated."""

    data_dir: Path
    host_key: Path
    authorized_keys: Path | None = None
    guest: bool = False
    host: str = "127.0.0.1"
    port: int = 2222
    max_sessions: int = 32
    games_per_player: int = DEFAULT_GAMES_PER_PLAYER
    idle_timeout: float | None = 1800.0
    max_session_time: float | None = None
    max_connections_per_minute: int = DEFAULT_RATE
    max_connections_per_address: int = DEFAULT_PER_ADDRESS
    # connections not logged in yet, from everyone; None = 2 x max_sessions, at least 32
    max_unauthenticated: int | None = None
    login_timeout: float = 10.0  # seconds from connecting to logging in
    session_timeout: float = 10.0  # seconds from logging in (or a game's end) to a game
    game_memory_mb: int | None = DEFAULT_GAME_MEMORY  # per game; None = no limit
    hangup_grace: float = 3.0  # seconds between SIGHUP and SIGKILL
    # shared tables (the hall): see hall.hall.HallConfig
    seat_grace: float = DEFAULT_SEAT_GRACE
    turn_limit: float | None = None  # None: a human may think as long as they like
    max_tables: int = DEFAULT_MAX_TABLES
    tables_per_key: int = DEFAULT_TABLES_PER_KEY
    table_idle: float = DEFAULT_TABLE_IDLE
    chat_rate: int = DEFAULT_CHAT_RATE
    bot_seconds: float | None = None  # bots' time per decision (tests, bench); None: by strength
    bot_iterations: int | None = None  # bots' search per decision (tests, bench)
    bot_workers: int = 2  # processes the tables' bots think in
    pacing: str | None = None  # the bot pacing every game starts with (tests: instant)
    # None: the game, forked from the zygote (or game_command() without one);
    # a command: always start exactly that (the tests' stand-in games)
    child_command: tuple[str, ...] | None = None

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> ServeConfig:
        """Build and check the settings from the ``serve`` subcommand's options."""
        if not args.authorized_keys and not args.guest:
            raise UsageError(
                "say who may connect: --authorized-keys FILE (only those keys) "
                "or --guest (anyone, as a guest with a throwaway save folder)")
        data_dir = Path(args.data_dir).expanduser() if args.data_dir else default_data_dir()
        host_key = Path(args.host_key).expanduser() if args.host_key else data_dir / HOST_KEY_NAME
        keys = Path(args.authorized_keys).expanduser() if args.authorized_keys else None
        config = cls(
            data_dir=data_dir, host_key=host_key, authorized_keys=keys, guest=bool(args.guest),
            host=args.host, port=args.port, max_sessions=args.max_sessions,
            games_per_player=args.games_per_player,
            idle_timeout=_positive_or_none(args.idle_timeout, "--idle-timeout"),
            max_session_time=_positive_or_none(args.max_session_time, "--max-session-time"),
            max_connections_per_minute=args.max_connections_per_minute,
            max_connections_per_address=args.max_connections_per_address,
            game_memory_mb=args.game_memory or None,
            seat_grace=args.seat_grace,
            turn_limit=_positive_or_none(args.turn_limit, "--turn-limit"),
            max_tables=args.max_tables, tables_per_key=args.tables_per_key,
            table_idle=args.table_idle, chat_rate=args.chat_rate,
        )
        config.check()
        return config

    def check(self) -> None:
        """Raise UsageError for numbers out of range or unusable key files."""
        if not 0 <= self.port <= 65535:
            raise UsageError(f"--port must be between 0 and 65535, not {self.port}")
        if self.max_sessions < 1:
            raise UsageError("--max-sessions must be at least 1")
        if self.games_per_player < 1:
            raise UsageError("--games-per-player must be at least 1")
        if self.max_connections_per_minute < 1:
            raise UsageError("--max-connections-per-minute must be at least 1")
        if self.max_connections_per_address < 1:
            raise UsageError("--max-connections-per-address must be at least 1")
        if self.game_memory_mb is not None and self.game_memory_mb < 128:
            raise UsageError("--game-memory must be at least 128 (MiB), or 0 for no limit")
        self.check_tables()
        if self.authorized_keys is not None:
            load_authorized_keys(self.authorized_keys)  # raises UsageError if unusable

    def check_tables(self) -> None:
        """The shared tables' settings: UsageError for a value that cannot be meant."""
        if not math.isfinite(self.seat_grace) or self.seat_grace < 0:
            raise UsageError(f"--seat-grace must be 0 or more seconds, not {self.seat_grace:g}")
        if self.turn_limit is not None and (not math.isfinite(self.turn_limit)
                                            or self.turn_limit < 1):
            raise UsageError(f"--turn-limit must be at least 1 second (or 0 for none), "
                             f"not {self.turn_limit:g}")
        if self.max_tables < 1:
            raise UsageError("--max-tables must be at least 1")
        if self.tables_per_key < 1:
            raise UsageError("--tables-per-key must be at least 1")
        if not math.isfinite(self.table_idle) or self.table_idle < 1:
            raise UsageError(f"--table-idle must be at least 1 second, not {self.table_idle:g}")
        if not 1 <= self.chat_rate <= MAX_CHAT_RATE:
            raise UsageError(f"--chat-rate must be between 1 and {MAX_CHAT_RATE} lines a minute")

    @property
    def unauthenticated_limit(self) -> int:
        """Connections that may be logging in at once, from all addresses together."""
        if self.max_unauthenticated is not None:
            return self.max_unauthenticated
        return max(32, 2 * self.max_sessions)


def _positive_or_none(value: float | None, option: str) -> float | None:
    """0 or a negative number means "no limit"; None stays None."""
    if value is None or value <= 0:
        return None
    if not math.isfinite(value):
        raise UsageError(f"{option} must be a number of seconds, not {value}")
    return float(value)


def prepare_data_dir(path: Path) -> str | None:
    """Create the data dir, private to the server's user (it holds every save).

    Returns a warning when an existing folder is open to other users (the
    host may have meant it; the server still starts).
    """
    try:
        make_private_dirs(path)
    except OSError as e:
        raise UsageError(f"cannot create the data dir {path}: {e.strerror}") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise UsageError(f"the data dir {path} is not writable")
    for sub in (PLAYERS, GUESTS):  # made 0755 by earlier versions: tighten them
        folder = path / sub
        with contextlib.suppress(OSError):
            if stat.S_IMODE(folder.stat().st_mode) & 0o077:
                folder.chmod(0o700)
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        return (f"the data dir {path} is open to other users (mode {mode:o}): they can "
                f"see player names and read saves; run: chmod 700 {path}")
    return None


def load_or_create_host_key(path: Path) -> asyncssh.SSHKey:
    """The server's identity: read it, or make an Ed25519 key on first start.

    The key is written with mode 0600 from the start (no window in which it is
    readable by others), and kept, so returning players are not greeted by a
    "host key changed" warning. A key readable by others is refused, as
    OpenSSH refuses it.
    """
    if path.exists():
        mode = stat.S_IMODE(path.stat().st_mode)
        if mode & 0o077:
            raise UsageError(f"the host key {path} is readable by others "
                             f"(mode {mode:o}); run: chmod 600 {path}")
        try:
            return asyncssh.read_private_key(path)
        except (OSError, asyncssh.KeyImportError) as e:
            raise UsageError(f"cannot read the host key {path}: {e}") from None
    key = asyncssh.generate_private_key("ssh-ed25519")
    try:
        make_private_dirs(path.parent)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(key.export_private_key())
    except OSError as e:
        raise UsageError(f"cannot write the host key {path}: {e.strerror}") from None
    return key
