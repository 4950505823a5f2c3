"""One SSH connection: who gets in, and everything that is refused.

Only public keys from the authorized-keys file get in (or anyone, with
``--guest``). Passwords, keyboard-interactive, host-based auth and
certificates are never offered. Port forwarding in either direction, Unix
sockets and tunnels are refused here; exec, subsystems (SFTP, SCP) and
sessions without a PTY are refused by the session. Agent and X11
forwarding are switched off in the server options (see ``server``).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh

from ..cli import UsageError
from .identity import Player, new_guest_home, player_home, remove_guest_home
from .log import log, log_ending

if TYPE_CHECKING:
    from .server import GameHost
    from .session import GameSession


MAX_CHANNELS = 4  # session channels open at once on one connection


def load_authorized_keys(path: Path) -> asyncssh.SSHAuthorizedKeys:
    """Read an OpenSSH authorized_keys file; UsageError if it has no usable key."""
    try:
        return asyncssh.read_authorized_keys(str(path))
    except OSError as e:
        raise UsageError(f"cannot read the authorized keys {path}: {e.strerror}") from None
    except ValueError:
        raise UsageError(f"no public keys found in {path}") from None


class KeyRing:
    """The authorized keys, re-read when the file changes.

    The host can add a friend's key without restarting the server (and
    without ending the games in progress). If the file becomes unreadable,
    the last good list stays in force and the problem is logged.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp = self._file_stamp()
        self._keys = load_authorized_keys(path)

    def _file_stamp(self) -> tuple[int, int, int] | None:
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return (st.st_mtime_ns, st.st_size, st.st_ino)

    def _refresh(self) -> None:
        stamp = self._file_stamp()
        if stamp is None or stamp == self._stamp:
            return
        self._stamp = stamp
        try:
            self._keys = load_authorized_keys(self.path)
            log.info("reloaded the authorized keys from %s", self.path)
        except UsageError as e:
            log.warning("%s; keeping the previous keys", e)

    def allows(self, key: asyncssh.SSHKey, address: str) -> bool:
        """Is this key listed (and its ``from=`` patterns, if any, match)?"""
        self._refresh()
        return self._keys.validate(key, address, address) is not None


class TabulaConnection(asyncssh.SSHServer):
    """asyncssh's per-connection callbacks: authentication and refusals."""

    def __init__(self, host: GameHost) -> None:
        self.host = host
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.port = 0
        self.username = ""
        self.player: Player | None = None
        self.opened = time.time()
        self.game: GameSession | None = None  # the running game, if any
        self.channels = 0  # session channels open now
        self.sessions_seen = 0
        self.children = 0  # games started and not yet reaped (guest folder stays)
        self.closed = False
        self.refusal: str | None = None  # why this connection will be turned away
        self._key: asyncssh.SSHKey | None = None

    @property
    def peer(self) -> str:
        return f"{self.address}:{self.port}"

    # -- connection ------------------------------------------------------

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.address, self.port = str(peer[0]), int(peer[1])
        self.host.connections += 1
        # Counted as the TCP connection arrives; refused just after key
        # exchange, the first moment an SSH client can be told why.
        if not self.host.rate.allow(self.address):
            self.refusal = (f"more than {self.host.rate.per_minute} new connections "
                            "from your address in a minute; try again later")
        elif self.host.connections > self.host.max_connections:
            self.refusal = "the server is busy; try again later"

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self.host.connections -= 1
        if self.sessions_seen == 0:  # sessions log themselves; this covers the rest
            if self.refusal is not None:
                how = f"refused: {self.refusal}"
            elif self.player is None:
                how = "not authenticated" + (f" ({exc})" if exc else "")
            else:
                how = "no session opened"
            log_ending("connection", self._who(), self.peer, self.opened, how)
        self.release_home()

    def _who(self) -> str:
        if self.player is not None:
            return self.player.describe()
        return repr(self.username) if self.username else "(no user)"

    def release_home(self) -> None:
        """Remove a guest's folder once the connection is closed and its games reaped."""
        if self.closed and self.children == 0 and self.player and self.player.guest:
            remove_guest_home(self.player.home)

    # -- authentication --------------------------------------------------

    def begin_auth(self, username: str) -> bool:
        """True = credentials required; guests need none."""
        self.username = username
        if self.refusal is not None:
            raise asyncssh.DisconnectError(asyncssh.DISC_TOO_MANY_CONNECTIONS,
                                           f"Tabula: {self.refusal}.")
        return not self.host.config.guest

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return self.host.keyring is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        keyring = self.host.keyring
        if keyring is None or not keyring.allows(key, self.address):
            return False
        # asyncssh checks the signature right after this returns True and
        # completes authentication at once, so the last key accepted here is
        # the one the client proved it holds.
        self._key = key
        return True

    def validate_ca_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        return False  # certificates are not a way in

    def auth_completed(self) -> None:
        data_dir = self.host.config.data_dir
        if self._key is None:  # guest: nothing to remember them by
            self.player = Player(self.username, None, new_guest_home(data_dir))
        else:
            fingerprint = self._key.get_fingerprint("sha256")
            home = player_home(data_dir, self.username, fingerprint)
            self.player = Player(self.username, fingerprint, home)

    # -- channels --------------------------------------------------------

    def session_requested(self) -> GameSession | bool:
        """A session channel; a few may be open, but only one may run a game."""
        if self.player is None or self.channels >= MAX_CHANNELS:
            return False
        from .session import GameSession

        self.sessions_seen += 1
        self.channels += 1
        return GameSession(self.host, self)

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str,
                             orig_port: int) -> bool:
        log.info("refused port forwarding to %s:%s for %s", dest_host, dest_port, self.peer)
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        log.info("refused remote forwarding of %s:%s for %s", listen_host, listen_port,
                 self.peer)
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False

    def tun_requested(self, unit: int | None) -> bool:
        return False

    def tap_requested(self, unit: int | None) -> bool:
        return False

