"""Who a player is, and which save folder is theirs.

A key holder's folder is named after the SSH user name *and* the key's
fingerprint, so the same key always finds the same saves (and the title
screen offers Continue), while two people who both log in as "pi" with
different keys never see each other's games. Guests get a fresh folder that
is removed when they leave. A user name that is a shared table's code
(``ssh KTRZB@host``) joins that table; the player is then known by the name
their key last came as.

At a shared table a seat belongs to a key, never to a user name. A guest
has no key, so each guest login is given a secret, their come-back code;
their seat belongs to its hash, and ``ssh CODE-SECRET@host`` (shown only on
their own screen) is the one way back into it. Knowing a guest's name, the
table's code or both gives nothing.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
import shutil
import tempfile
from collections.abc import Container
from dataclasses import dataclass
from pathlib import Path

from hall.messages import CODE_LEN, CODE_LETTERS, PRIVATE_CODE_LEN
from hall.table import GUEST
from saves.plain import plain

PLAYERS = "players"
GUESTS = "guests"
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


NAMES = "names"  # players/names/<hash of a key>: the user name that key last came as
NAME_CHARS = 24  # a name at a shared table
MAX_NAME_FILE = 1024
_CODE = re.compile(f"[{CODE_LETTERS}]{{{CODE_LEN}}}|[{CODE_LETTERS}]{{{PRIVATE_CODE_LEN}}}",
                   re.IGNORECASE)
COMEBACK_LETTERS = "23456789BCDFGHJKLMNPQRSTVWXZ"  # no 0/O, 1/I/L look-alikes, no vowels
COMEBACK_LEN = 8  # 28**8 (4 * 10**11) secrets: see hall.guesses for the guessing rate
_COMEBACK = re.compile(f"({_CODE.pattern})-([{COMEBACK_LETTERS}]{{{COMEBACK_LEN}}})",
                       re.IGNORECASE)


@dataclass(frozen=True)
class Player:
    """An authenticated player: what the log shows and where their saves go."""

    username: str  # as the client sent it (untrusted text; only logged, quoted)
    fingerprint: str | None  # "SHA256:…" for key holders, None for guests
    home: Path | None  # None: it could not be made (a full disk), so no game can start
    name: str = ""  # shown at shared tables: plain, at most NAME_CHARS; "" = from username
    table: str | None = None  # the code of the table named by the user name (ssh CODE@host)
    comeback: str | None = None  # a guest's secret: their seats are its hash's (see above)
    address: str | None = None  # what limits count by (limits.address_key)

    @property
    def guest(self) -> bool:
        return self.fingerprint is None

    @property
    def shown_name(self) -> str:
        """The name others see at a shared table (clean, bounded, never empty)."""
        return self.name or display_name(self.username)

    @property
    def seat_key(self) -> str:
        """Who owns a seat at a shared table: the key, or a guest's come-back code."""
        if self.fingerprint is not None:
            return self.fingerprint
        assert self.comeback is not None, "a guest always has a come-back code"
        return guest_key(self.comeback)

    def describe(self) -> str:
        """Who, for the log line."""
        name = logged_name(safe_name(self.username))
        return f"guest {name!r}" if self.guest else f"{name!r} {self.fingerprint}"


def safe_name(username: str) -> str:
    """A file-name-safe, bounded form of a client-chosen user name."""
    return _UNSAFE.sub("_", username)[:32].strip("._") or "player"


def display_name(username: str) -> str:
    """A user name as others see it at a shared table: one clean, short line."""
    return plain(username, NAME_CHARS).strip() or "player"


def looks_like_code(username: str) -> bool:
    """Is this user name shaped like a table's code (``ssh KTRZB@host``, any
    case)? Only such names are looked up, and a miss counts as a guess."""
    return _CODE.fullmatch(username) is not None


def logged_name(username: str) -> str:
    """A user name as the log may keep it: a come-back code is the guest's
    own secret (whoever reads the log must not take their seat with it)."""
    back = split_comeback(username)
    return username if back is None else f"{back[0]}-{'*' * COMEBACK_LEN}"


def split_comeback(username: str) -> tuple[str, str] | None:
    """(table code, come-back code) from ``CODE-SECRET``, upper-cased, else None."""
    found = _COMEBACK.fullmatch(username)
    return None if found is None else (found.group(1).upper(), found.group(2).upper())


def new_comeback() -> str:
    """A fresh come-back code for one guest login."""
    return "".join(secrets.choice(COMEBACK_LETTERS) for _ in range(COMEBACK_LEN))


def guest_key(comeback: str) -> str:
    """The seat key of a come-back code: its hash (the hall's files and
    logs never hold the code itself)."""
    return GUEST + hashlib.sha256(comeback.upper().encode()).hexdigest()[:32]


def _name_file(data_dir: Path, fingerprint: str) -> Path:
    digest = hashlib.sha256(fingerprint.encode()).hexdigest()[:32]
    return data_dir / PLAYERS / NAMES / digest


def remember_name(data_dir: Path, fingerprint: str, username: str) -> None:
    """Note the user name a key came as, for when it comes as a table's code.

    ``ssh KTRZB@host`` says nothing of who the player is but their key; the
    name (and so the save folder) they last used is theirs again. Written
    only when it changed; a failure to write costs only that convenience.
    """
    path = _name_file(data_dir, fingerprint)
    if known_name(data_dir, fingerprint) == username:
        return
    try:
        make_private_dirs(path.parent)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(username[:256], encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass


def known_name(data_dir: Path, fingerprint: str) -> str | None:
    """The user name this key last came as (None: never, or unreadable)."""
    try:
        with open(_name_file(data_dir, fingerprint), "rb") as f:
            text = f.read(MAX_NAME_FILE).decode("utf-8", "replace")
    except OSError:
        return None
    return text or None


def guest_name() -> str:
    """A name for a guest who came by a table's code (their user name is the code)."""
    return f"guest-{secrets.randbelow(9000) + 1000}"


def free_name(name: str, taken: Container[str]) -> str:
    """``name``, or ``name-2``, ``name-3``… if a guest online already has it,
    so two guests who both log in as "pi" can be told apart at a table."""
    if name not in taken:
        return name
    n = 2
    while (candidate := f"{name[:NAME_CHARS - 1 - len(str(n))]}-{n}") in taken:
        n += 1
    return candidate


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
    """The home (``$TABULA_HOME``) of one (user name, key) pair, created on
    first use; its ``saves`` folder is what their Load lists.

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
