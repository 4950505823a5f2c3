"""Who a player is, and which save folder is theirs.

A key holder's folder is named after the SSH user name *and* the key's
fingerprint, so the same key always finds the same saves (and the title
screen offers Continue), while two people who both log in as "pi" with
different keys never see each other's games. Guests get a fresh folder that
is removed when they leave.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

PLAYERS = "players"
GUESTS = "guests"
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass(frozen=True)
class Player:
    """An authenticated player: what the log shows and where their saves go."""

    username: str  # as the client sent it (untrusted text; only logged, quoted)
    fingerprint: str | None  # "SHA256:…" for key holders, None for guests
    home: Path

    @property
    def guest(self) -> bool:
        return self.fingerprint is None

    def describe(self) -> str:
        """Who, for the log line."""
        name = safe_name(self.username)
        return f"guest {name!r}" if self.guest else f"{name!r} {self.fingerprint}"


def safe_name(username: str) -> str:
    """A file-name-safe, bounded form of a client-chosen user name."""
    return _UNSAFE.sub("_", username)[:32].strip("._") or "player"


def player_home(data_dir: Path, username: str, fingerprint: str) -> Path:
    """The save folder of one (user name, key) pair, created on first use.

    The readable part helps the host find a friend's folder; the hash makes
    it exact even when two user names clean up to the same text.
    """
    digest = hashlib.sha256(f"{username}\0{fingerprint}".encode()).hexdigest()[:16]
    home = data_dir / PLAYERS / f"{safe_name(username)}-{digest}"
    home.mkdir(parents=True, exist_ok=True, mode=0o700)
    return home


def new_guest_home(data_dir: Path) -> Path:
    """A fresh, private, empty folder for one guest session."""
    parent = data_dir / GUESTS
    parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    return Path(tempfile.mkdtemp(prefix="guest-", dir=parent))


def remove_guest_home(home: Path) -> None:
    """Delete a guest's folder (their games end with the session)."""
    shutil.rmtree(home, ignore_errors=True)


def sweep_guest_homes(data_dir: Path) -> None:
    """Remove guest folders left behind by a server that was killed."""
    shutil.rmtree(data_dir / GUESTS, ignore_errors=True)
