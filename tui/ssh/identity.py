"""Who a player is, and which save folder is theirs.

A key holder's folder is named after the SSH user name *and* the key's
fingerprint, so the same key always finds the same saves (and the title
screen offers Continue), while two people who both log in as "pi" with
different keys never see each other's games. Guests get a fresh folder that
is removed when they leave.
"""

from __future__ import annotations

import hashlib
import os
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
    home: Path | None  # None: it could not be made (a full disk), so no game can start

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


def make_private_dirs(path: Path) -> None:
    """``mkdir -p`` where every folder created is 0700, whatever the umask.

    ``Path.mkdir(parents=True, mode=...)`` gives the mode to the last folder
    only; the parents it makes get the umask's (often 0755).
    """
    missing = []
    for folder in (path, *path.parents):
        if folder.is_dir():
            break
        missing.append(folder)
    for folder in reversed(missing):
        try:
            folder.mkdir(mode=0o700)
        except FileExistsError:
            if not folder.is_dir():
                raise
            continue
        os.chmod(folder, 0o700)  # the umask may have taken bits away from 0700, never added


def player_home(data_dir: Path, username: str, fingerprint: str) -> Path:
    """The save folder of one (user name, key) pair, created on first use.

    The readable part helps the host find a friend's folder; the hash makes
    it exact even when two user names clean up to the same text.
    """
    digest = hashlib.sha256(f"{username}\0{fingerprint}".encode()).hexdigest()[:16]
    home = data_dir / PLAYERS / f"{safe_name(username)}-{digest}"
    make_private_dirs(home)
    return home


def new_guest_home(data_dir: Path) -> Path:
    """A fresh, private, empty folder for one guest session."""
    parent = data_dir / GUESTS
    make_private_dirs(parent)
    return Path(tempfile.mkdtemp(prefix="guest-", dir=parent))


def remove_guest_home(home: Path) -> None:
    """Delete a guest's folder (their games end with the session)."""
    shutil.rmtree(home, ignore_errors=True)


def sweep_guest_homes(data_dir: Path) -> None:
    """Remove guest folders left behind by a server that was killed."""
    shutil.rmtree(data_dir / GUESTS, ignore_errors=True)
