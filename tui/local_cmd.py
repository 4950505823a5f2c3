"""``tabula host`` and ``tabula join CODE``: shared tables on one machine.

``host`` starts the hall (``hall.local.LocalHall``, a background thread on
a Unix socket in the user's data folder) and opens its lobby; ``join``
finds that socket and opens the table with the code. Both open the same
screens a served game does (``tui.entry.run_shared``); the tables end with
the host's UI, saved, and come back at the next ``tabula host``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import UsageError

if TYPE_CHECKING:
    from .app import Settings


def _name(args: argparse.Namespace) -> str:
    from hall.local import check_name, login_name

    if args.name is None:
        return login_name()
    try:
        return check_name(args.name)
    except ValueError as e:
        raise UsageError(f"--name: {e}") from None


def _save_root(args: argparse.Namespace) -> Path:
    """Where this user's finished shared games are saved (their own save folder)."""
    from saves.store import default_folder

    return Path(args.save_dir).expanduser() if getattr(args, "save_dir", None) \
        else default_folder()


def _settings(args: argparse.Namespace) -> Settings:
    """The UI's settings (``--save-dir`` is also where finished shared games go)."""
    from .app import Settings

    return Settings(save_dir=getattr(args, "save_dir", None))


def run_host(args: argparse.Namespace) -> int:
    """Host the tables; the host's own UI opens at the lobby."""
    from hall.client import Link
    from hall.local import AlreadyHosted, LocalHall, hall_dir

    name = _name(args)
    local = LocalHall(hall_dir(), local_home=_save_root(args))
    try:
        path = local.start()
    except AlreadyHosted as e:
        print(f"tabula host: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        raise UsageError(f"cannot host tables in {local.folder}: {e.strerror or e}") from None
    try:
        from .entry import run_shared

        return run_shared(Link(path=path, name=name, start="lobby"), _settings(args))
    finally:
        local.stop()
        print("tabula host: the tables are saved; `tabula host` brings them back.",
              file=sys.stderr)


def run_join(args: argparse.Namespace) -> int:
    """Join a table of this machine's host by its code."""
    from hall.client import Link
    from hall.local import NobodyHosts, check_code, hall_dir, require_host

    try:
        code = check_code(args.code)
    except ValueError as e:
        raise UsageError(str(e)) from None
    name = _name(args)
    try:
        path = require_host(hall_dir())
    except NobodyHosts as e:
        print(f"tabula join: {e}", file=sys.stderr)
        return 1
    from .entry import run_shared

    return run_shared(Link(path=path, name=name, start=f"join:{code}"), _settings(args))
