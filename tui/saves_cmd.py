"""``tabula saves [--delete NAME]``: list the save folder, or delete a save.

Every string printed passes through ``saves.plain.plain`` (the store already
cleans what it reads from files; this is the last gate before the terminal),
and a time that cannot be shown prints as "?", so a hostile save folder
neither crashes the listing nor writes escape sequences to the terminal."""

from __future__ import annotations

import argparse
import sys
import time
from typing import TextIO

from saves import SaveError, SaveInfo, Store
from saves.errors import MAX_MESSAGE
from saves.plain import plain

from .errors import UsageError


def run_saves(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    store = Store(getattr(args, "save_dir", None))
    try:
        if getattr(args, "delete", None):
            store.delete(args.delete)
            print(plain(f"Deleted {args.delete!r} from {store.root}.", MAX_MESSAGE), file=out)
            return 0
        infos = store.list()
    except SaveError as e:
        raise UsageError(str(e)) from None
    print(listing(infos, str(store.root)), file=out)
    return 0


def listing(infos: list[SaveInfo], folder: str) -> str:
    """The table ``tabula saves`` prints, newest first."""
    folder = plain(folder, MAX_MESSAGE)
    if not infos:
        return f"No saves in {folder}."
    head = ("name", "game", "players", "progress", "last played")
    rows = [head] + [_row(i) for i in infos]
    widths = [min(max(len(r[c]) for r in rows), cap)
              for c, cap in enumerate((28, 18, 40, 24, 16))]
    lines = [f"Saves in {folder}:"]
    for r in rows:
        cells = [_fit(v, w) for v, w in zip(r, widths, strict=True)]
        lines.append("  ".join(cells).rstrip())
    damaged = [i for i in infos if i.error]
    for i in damaged:
        lines.append(f"! {plain(i.error, MAX_MESSAGE)}")
    return "\n".join(lines)


def _row(i: SaveInfo) -> tuple[str, str, str, str, str]:
    progress = plain(i.progress) + (" (from backup)" if i.from_backup else "")
    return (plain(i.name), plain(i.title or i.game), ", ".join(plain(p) for p in i.players),
            progress, when(i.updated))


def when(updated: object) -> str:
    """'2024-05-01 20:15' in local time, or '?' for a time that is unknown
    (0) or cannot be shown (NaN, 1e308, a string: a hostile file's)."""
    if not isinstance(updated, int | float) or not updated:
        return "?"
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(updated))
    except (OverflowError, ValueError, OSError):
        return "?"


def _fit(text: str, width: int) -> str:
    return text.ljust(width) if len(text) <= width else text[: width - 1] + "…"
