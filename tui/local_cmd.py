"""``tabula host`` and ``tabula join CODE``: shared tables on one machine.

Both are clients of the local hall (``hall.local``), a process of its own
that ``host`` starts when none runs (and ``join`` too, for a table kept
on disk), so the tables go on when any one player's Tabula quits. ``host``
opens the hall's lobby, ``join`` the table with the code; both open the
same screens a served game does (``tui.entry.run_shared``). The hall saves
every table and stops once nobody has been connected for a few minutes
(``hall.local.IDLE_SECONDS``); the next ``tabula host`` brings them back.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import UsageError
from .local_hall import no_room, save_root

if TYPE_CHECKING:
    from .settings import Settings


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
    return save_root(getattr(args, "save_dir", None))


def _settings(args: argparse.Namespace) -> Settings:
    """The UI's settings (``--save-dir`` is also where finished shared games go)."""
    from .settings import Settings

    return Settings.from_command(args, os.environ)


def run_host(args: argparse.Namespace) -> int:
    """Open the lobby of this user's hall, starting the hall if none runs."""
    from hall.client import Link
    from hall.local import idle_seconds

    name = _name(args)
    path = _hall(args, "host")
    if path is None:
        return 1
    from .entry import run_shared

    code = run_shared(Link(path=path, name=name, start="lobby"), _settings(args))
    idle = idle_seconds()
    after = f"{idle / 60:g} minutes" if idle >= 60 else f"{idle:g} s"
    print("tabula host: the tables go on for whoever sits at them; the hall saves them "
          f"and stops {after} after the last player leaves.", file=sys.stderr)
    return code


def run_join(args: argparse.Namespace) -> int:
    """Join a table of this machine's hall by its code (starting the hall
    when none runs and the table is kept on disk)."""
    from hall.client import Link
    from hall.local import check_code, hall_dir, kept_table, running_hall

    try:
        code = check_code(args.code)
    except ValueError as e:
        raise UsageError(str(e)) from None
    name = _name(args)
    if running_hall(hall_dir()) is None and not kept_table(hall_dir(), code):
        print(f"tabula join: there is no table {code} on this machine under {hall_dir()} "
              "(the host's terminal and yours must share one save folder: the same user or "
              "TABULA_HOME); `tabula host` opens the lobby, where you can start one",
              file=sys.stderr)
        return 1
    path = _hall(args, "join")
    if path is None:
        return 1
    from .entry import run_shared

    return run_shared(Link(path=path, name=name, start=f"join:{code}"), _settings(args))


def _hall(args: argparse.Namespace, command: str) -> Path | None:
    """The socket of this user's hall, started now if none runs; None
    (after one line on stderr) if it cannot start."""
    from hall.local import HallFailed, hall_dir, hall_for

    folder = hall_dir()
    try:
        return hall_for(folder, local_home=_save_root(args))
    except HallFailed as e:
        print(f"tabula {command}: {e}", file=sys.stderr)
        return None
    except OSError as e:
        raise UsageError(no_room(folder, e)) from None
