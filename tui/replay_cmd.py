"""``tabula replay FILE --headless [--json]``: print a saved game exactly as
``tabula play --headless`` printed it (the log, then the final scores).

FILE is a path, or the name of a save in the save folder (``auto:<id>`` for
an autosave). A missing or bad file exits 2 with the SaveError sentence.
Everything printed is cleaned by ``saves.plain.plain`` (seat names come
from the file; ``headless`` cleans the log and the scores).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from engine.match import Match
from saves import SaveError, Store
from saves.errors import MAX_MESSAGE
from saves.files import RECOVERED
from saves.plain import plain

from .errors import UsageError
from .headless import print_game, print_log, summary


def load_save(args: argparse.Namespace) -> Match:
    """``args.file`` loaded from ``args.save_dir``, for a command that prints:
    a bad file is a usage error (its SaveError sentence), a recovered one
    warns on stderr."""
    try:
        match = Store(getattr(args, "save_dir", None)).load(args.file)
    except SaveError as e:
        raise UsageError(str(e)) from None
    if RECOVERED in match.meta:
        print(f"tabula: warning: {plain(match.meta[RECOVERED], MAX_MESSAGE)}", file=sys.stderr)
    return match


def run_headless_replay(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    match = load_save(args)
    if match.is_over():
        print_game(match, bool(args.json), out)
        return 0
    # A game in progress has a log but no final scores yet: say where it stands.
    if args.json:
        print(json.dumps(summary(match)), file=out)
        return 0
    print_log(match, out)
    print(file=out)
    print(f"Not finished: {plain(match.game.progress(match.state))}.", file=out)
    return 0
