"""The authorized-keys file: read bounded, parsed strictly, re-read at every login.

A key listed in the file gets in; the file on disk is the truth, so the host
adds or revokes a friend by editing it, without restarting the server.
"""

from __future__ import annotations

from pathlib import Path

import asyncssh

from ..errors import UsageError
from .log import log

MAX_KEYS_FILE = 1 << 20  # bytes: a keys file bigger than this is not a list of friends


class KeyFileError(Exception):
    """The authorized-keys file cannot be used: missing, unreadable or corrupt."""


def read_key_bytes(path: Path) -> bytes:
    """The file's bytes, bounded; KeyFileError if it is missing or unreadable."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_KEYS_FILE + 1)
    except FileNotFoundError:
        raise KeyFileError(f"the authorized keys file {path} does not exist") from None
    except OSError as e:
        raise KeyFileError(f"cannot read the authorized keys {path}: "
                           f"{e.strerror or e}") from None
    if len(data) > MAX_KEYS_FILE:
        raise KeyFileError(f"the authorized keys file {path} is over "
                           f"{MAX_KEYS_FILE // 1024} KiB")
    return data


def parse_keys(data: bytes, path: Path) -> asyncssh.SSHAuthorizedKeys | None:
    """The keys in an OpenSSH authorized_keys file; None when it lists none.

    Every line that is not blank or a comment must be a key: a file with a
    line that is not (cut short while being written, say) is corrupt as a
    whole, because the host cannot have meant it. KeyFileError says why.
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise KeyFileError(f"the authorized keys file {path} is not text") from None
    keys = 0
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            asyncssh.import_authorized_keys(line)
        except (ValueError, asyncssh.KeyImportError):
            raise KeyFileError(f"line {number} of {path} is not a public key") from None
        keys += 1
    return asyncssh.import_authorized_keys(text) if keys else None


def load_authorized_keys(path: Path) -> asyncssh.SSHAuthorizedKeys:
    """The keys at start: UsageError if the file is unusable or lists none."""
    try:
        keys = parse_keys(read_key_bytes(path), path)
    except KeyFileError as e:
        raise UsageError(str(e)) from None
    if keys is None:
        raise UsageError(f"no public keys found in {path}")
    return keys


class KeyRing:
    """The authorized keys: the file on disk is the truth, read at every login.

    The host adds a friend by editing the file, without restarting the
    server or ending games. Emptying it or commenting every key out lets
    nobody in; a file that is missing, unreadable or corrupt lets nobody in
    either (and the log says why, loudly), rather than leaving old keys
    valid: revoking must work even when done clumsily. The file is small
    and logins are rate-limited, so reading it each time costs little and
    no change can slip past a timestamp.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._keys: asyncssh.SSHAuthorizedKeys | None = load_authorized_keys(path)
        self._data: bytes | None = read_key_bytes(path)
        self._problem: str | None = None

    def current(self) -> asyncssh.SSHAuthorizedKeys | None:
        """The keys the file lists now (None: nobody may log in)."""
        try:
            data = read_key_bytes(self.path)
            if data == self._data and self._problem is None:
                return self._keys
            self._data = data
            keys = parse_keys(data, self.path)
        except KeyFileError as e:
            self._data, self._keys = None, None
            if str(e) != self._problem:
                self._problem = str(e)
                log.error("%s: NOBODY can log in until it is fixed", e)
            return None
        self._problem, self._keys = None, keys
        if keys is None:
            log.warning("no keys in %s: nobody can log in", self.path)
        else:
            log.info("reloaded the authorized keys from %s", self.path)
        return keys

    def allows(self, key: asyncssh.SSHKey, address: str) -> bool:
        """Is this key listed (and its ``from=`` patterns, if any, match)?"""
        keys = self.current()
        return keys is not None and keys.validate(key, address, address) is not None
