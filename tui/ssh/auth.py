"""One SSH connection: who gets in, and everything that is refused.

Only public keys from the authorized-keys file get in (or anyone, with
``--guest``). Passwords, keyboard-interactive, host-based auth and
certificates are never offered. Port forwarding in either direction, Unix
sockets and tunnels are refused here; exec, subsystems (SFTP, SCP) and
sessions without a PTY are refused by the session. Agent and X11
forwarding are switched off in the server options (see ``server``).
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh

from .channel import guard
from .identity import (
    Player,
    display_name,
    free_name,
    guest_key,
    guest_name,
    known_name,
    logged_name,
    looks_like_code,
    new_comeback,
    new_guest_home,
    player_home,
    remember_name,
    remove_guest_home,
    split_comeback,
)
from .limits import address_key
from .log import EVICTED, OTHERWISE, TIMED_OUT, log, log_ending
from .session import GameSession

if TYPE_CHECKING:
    from .roles import Host


MAX_CHANNELS = 4  # session channels open at once on one connection
LOGIN_TIMEOUT = "Login timeout expired"  # asyncssh's reason when login_timeout ends one


class Refused(Exception):
    """Raised from ``connection_made``: asyncssh then drops the socket unanswered."""


class TabulaConnection(asyncssh.SSHServer):
    """asyncssh's per-connection callbacks: admission, authentication and refusals."""

    def __init__(self, host: Host) -> None:
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
        self.refusal: str | None = None  # why this connection was turned away
        self.ending: str | None = None  # why the server closed it, for the log
        self.evicted = False  # pushed out of a full pre-auth table
        self._key: asyncssh.SSHKey | None = None
        self._guest_name: str | None = None  # held in host.guest_names while connected
        self._no_game: asyncio.TimerHandle | None = None

    @property
    def peer(self) -> str:
        return f"{self.address}:{self.port}"

    @property
    def owner(self) -> str:
        """Whose share of the games a game here counts against: the key, or for
        a guest their address (IPv6: its /64), never a chosen name."""
        assert self.player is not None
        return self.player.fingerprint or f"guest@{address_key(self.address)}"

    # -- connection ------------------------------------------------------

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        """Admit or refuse the TCP connection before any SSH work is done.

        A refused connection is told why in one plain line (what ``nc``
        shows; OpenSSH shows it with ``-v``) and handed to the tarpit: it
        is dropped here before the server sends its version (no key
        exchange, no timers), while the tarpit keeps the client waiting a
        few seconds so that it cannot reconnect in a tight loop.
        """
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.address, self.port = str(peer[0]), int(peer[1])
        self.refusal = self.host.gate.admit(self, self.address)
        if self.refusal is not None:
            sock = conn.get_extra_info("socket")
            if sock is not None:
                self.host.tarpit.refuse(sock.fileno(), address_key(self.address),
                                        f"Tabula: {self.refusal}.\r\n".encode())
            raise Refused(self.refusal)

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self._cancel_no_game()
        self.host.gate.release(self)
        if self._guest_name is not None:
            self.host.guest_names.discard(self._guest_name)
            self._guest_name = None
        if self.refusal is not None:
            self.host.refusals.note(address_key(self.address), self.refusal)
        elif self.player is None:  # the first of a minute in full, the rest summed up
            if self.host.preauth_log.note(address_key(self.address), self._preauth_end(exc)):
                how = self.ending or "not authenticated" + (f" ({exc})" if exc else "")
                log_ending("connection", self._who(), self.peer, self.opened, how)
        elif self.sessions_seen == 0:  # sessions log themselves; this covers the rest
            log_ending("connection", self._who(), self.peer, self.opened,
                       self.ending or "no session opened")
        self.release_home()

    def _preauth_end(self, exc: Exception | None) -> str:
        """How a connection that never logged in ended, for the summed-up log."""
        if self.evicted:
            return EVICTED
        if isinstance(exc, asyncssh.ConnectionLost) and str(exc) == LOGIN_TIMEOUT:
            return TIMED_OUT
        return OTHERWISE

    def _who(self) -> str:
        if self.player is not None:
            return self.player.describe()
        return repr(logged_name(self.username)) if self.username else "(no user)"

    def release_home(self) -> None:
        """Remove a guest's folder once the connection is closed and its games reaped."""
        player = self.player
        if self.closed and self.children == 0 and player and player.guest and player.home:
            remove_guest_home(player.home)

    # -- a game, or goodbye ------------------------------------------------

    def wait_for_game(self) -> None:
        """Close the connection unless a game starts soon (``ssh -N`` holds no game)."""
        self._cancel_no_game()
        if self.closed or self.conn is None:
            return
        timeout = self.host.config.session_timeout
        self._no_game = asyncio.get_running_loop().call_later(timeout, self._give_up, timeout)

    def game_started(self) -> None:
        self._cancel_no_game()

    def _cancel_no_game(self) -> None:
        if self._no_game is not None:
            self._no_game.cancel()
            self._no_game = None

    def _give_up(self, timeout: float) -> None:
        self._no_game = None
        if self.game is None and self.conn is not None and not self.closed:
            self.ending = f"closed: no game within {timeout:g}s"
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION,
                                 "Tabula: no game was started; connect with plain ssh "
                                 "from a terminal.")

    # -- authentication --------------------------------------------------

    def begin_auth(self, username: str) -> bool:
        """True = credentials required; guests need none.

        Called once the client has finished key exchange: from now on the
        gate counts this as a real login, which silent sockets make room for.
        """
        self.username = username[:256]
        self.host.gate.authenticating(self)
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
        """Logged in: no longer pre-auth; find (or make) the player's folder."""
        self.host.gate.logged_in_now(self)
        data_dir = self.host.config.data_dir
        fingerprint = self._key.get_fingerprint("sha256") if self._key is not None else None
        name, shown, code, comeback = self._names(fingerprint)
        try:
            if fingerprint is None:  # guest: nothing to remember them by
                home: Path | None = new_guest_home(data_dir)
            else:
                home = player_home(data_dir, name, fingerprint)
        except OSError as e:  # a full disk, most likely: the session says so
            log.error("cannot make a save folder for %r in %s: %s", logged_name(self.username),
                      data_dir, e.strerror or e)
            home = None
        self.player = Player(self.username, fingerprint, home, shown, code, comeback,
                             address_key(self.address))
        self.wait_for_game()

    def _names(self, fingerprint: str | None) -> tuple[str, str, str | None, str | None]:
        """(the name their folder is under, the name others see, the table
        their user name is the code of, a guest's come-back code).

        A user name that is a table's code says nothing of who they are: a
        key holder is then known by the name that key last came as, a guest
        gets a guest name, or the name of their seat when they come back
        with their come-back code (``CODE-SECRET``). A code or come-back code
        that names nothing counts as a guess (``Hall.code_for``).
        """
        code, comeback, seat_name = self._table(fingerprint)
        name = self.username
        if code is not None or split_comeback(self.username) is not None:
            name = (known_name(self.host.config.data_dir, fingerprint) or "player") \
                if fingerprint else (seat_name or guest_name())
        elif fingerprint is not None:
            remember_name(self.host.config.data_dir, fingerprint, self.username)
        shown = display_name(name)
        if fingerprint is None:
            shown = free_name(shown, self.host.guest_names)
            self.host.guest_names.add(shown)
            self._guest_name = shown
            comeback = comeback or new_comeback()
        return name, shown, code, comeback

    def _table(self, fingerprint: str | None) -> tuple[str | None, str | None, str | None]:
        """(the open table the user name names, a guest's come-back code that
        owns a seat there, that seat's name)."""
        from hall.table import Who

        hall = self.host.hall
        if hall is None:
            return None, None, None
        asker = Who(key=fingerprint or guest_key(new_comeback()), name="",
                    address=address_key(self.address))
        back = split_comeback(self.username)
        if back is None:
            code = hall.code_for(self.username, asker) if looks_like_code(self.username) \
                else None
            return code, None, None
        code = hall.code_for(back[0], asker)
        if code is None or fingerprint is not None:
            return code, None, None  # (a key holder's seat is their key's anyway)
        seat_name = hall.seat_owner(code, guest_key(back[1]))
        if seat_name is None:
            hall.miss(asker)  # a wrong come-back code: a guess like a wrong table code
            return code, None, None
        return code, back[1], seat_name

    # -- channels --------------------------------------------------------

    def session_requested(self) -> tuple[asyncssh.SSHServerChannel, GameSession] | bool:
        """A session channel (guarded: bounded requests); a few may be open,
        but only one may run a game."""
        if self.player is None or self.channels >= MAX_CHANNELS or self.conn is None:
            return False
        self.sessions_seen += 1
        self.channels += 1
        chan = guard(self.conn.create_server_channel(encoding=None))
        return chan, GameSession(self.host, self)

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

