"""``tabula saves [--delete NAME]``: list the save folder, or delete a save."""

from __future__ import annotations

import argparse
import sys
import time
from typing import TextIO

from saves import SaveError, SaveInfo, Store

from .cli import UsageError


def run_saves(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    store = Store(getattr(args, "save_dir", None))
    try:
        if getattr(args, "delete", None):
            store.delete(args.delete)
            print(f"Deleted {args.delete!r} from {store.root}.", file=out)
            return 0
        infos = store.list()
    except SaveError as e:
        raise UsageError(str(e)) from None
    print(listing(infos, str(store.root)), file=out)
    return 0


def listing(infos: list[SaveInfo], folder: str) -> str:
    """The table ``tabula saves`` prints, newest first."""
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
        lines.append(f"! {i.error}")
    return "\n".join(lines)


def _row(i: SaveInfo) -> tuple[str, str, str, str, str]:
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(i.updated)) if i.updated else "?"
    progress = i.progress + (" (from backup)" if i.from_backup else "")
    return (i.name, i.title or i.game, ", ".join(i.players), progress, when)


def _fit(text: str, width: int) -> str:
    return text.ljust(width) if len(text) <= width else text[: width - 1] + "…"
