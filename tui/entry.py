"""The subcommands that open the terminal UI: ``tabula`` (the title screen),
``new``, ``load``, ``replay`` and ``rules``; ``run_shared`` for the shared
tables of a hall (``tabula host`` / ``tabula join``; a served game finds its
hall in its environment, ``hall.client.Link.from_env``).

They live apart from ``tui.app`` so that the app never imports the command
line (``tui.commands`` calls these; these build a ``TabulaApp``).
"""

from __future__ import annotations

import argparse
import gc
import os
from pathlib import Path
from typing import TYPE_CHECKING

from engine.games import DEFAULT_GAME
from engine.match import Match
from saves.plain import plain

from .app import Settings, Start, TabulaApp
from .errors import UsageError

if TYPE_CHECKING:
    from hall.client import Link


def _settings(args: argparse.Namespace) -> Settings:
    return Settings.from_command(args, os.environ)


# A frame of Textual allocates thousands of short-lived objects (strips,
# segments, styles). At Python's default first threshold (700) that sets off
# several collections a move, and every tenth of those walks the older
# objects too: served game processes at a shared table spent 11% of their
# CPU collecting (5% at this threshold, bench/tables.py at 4 tables).
# Collections a tenth as often leave a few hundred kilobytes of garbage
# waiting a little longer.
GC_THRESHOLD = 10_000


def collect_less() -> None:
    """Start a collection after ``GC_THRESHOLD`` new objects, not 700 (the
    older generations' thresholds are kept)."""
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(GC_THRESHOLD, older, oldest)


def _run(app: TabulaApp) -> int:
    collect_less()
    app.run()
    if app.parting:
        print(plain(app.parting, 300))
    return app.return_code or 0


def env_link() -> Link | None:
    """The hall a served game was given (``TABULA_HALL_FD``), or None."""
    if "TABULA_HALL_FD" not in os.environ:
        return None  # hall (and msgpack) load only for shared tables
    from hall.client import Link

    try:
        return Link.from_env(os.environ)
    except ValueError as e:
        raise UsageError(plain(str(e))) from None


def run_title(args: argparse.Namespace) -> int:
    """``tabula``: the title screen (with Tables when a hall is reachable)."""
    return _run(TabulaApp(Start("title"), _settings(args), link=env_link()))


def run_shared(link: Link, settings: Settings | None = None) -> int:
    """The app connected to a table hall: it opens where ``link.start``
    says (the title, the lobby, or a table by code) and goes straight back
    to a seat of mine at an unfinished table."""
    return _run(TabulaApp(Start("title"), settings or Settings.from_command(None, os.environ),
                          link=link))


def run_new(args: argparse.Namespace) -> int:
    """``tabula new GAME …``: straight into a new game (a human in seat 1)."""
    from .match_args import match_from_args

    match = match_from_args(args, default_kind="human")
    return _run(TabulaApp(Start("game", match), _settings(args)))


def _load(args: argparse.Namespace) -> tuple[Match, TabulaApp]:
    app = TabulaApp(settings=_settings(args))
    store = app.store
    if store is None:
        raise UsageError(f"cannot open the save folder: {app.store_error}")
    from saves import SaveError

    try:
        match = store.load(Path(args.file) if Path(args.file).exists() else args.file)
    except (SaveError, OSError) as e:  # OSError: a name the system refuses (too long)
        raise UsageError(plain(str(e))) from None
    return match, app


def run_load(args: argparse.Namespace) -> int:
    """``tabula load FILE``: resume a save."""
    match, app = _load(args)
    app.start = Start("game", match)
    return _run(app)


def run_replay(args: argparse.Namespace) -> int:
    """``tabula replay FILE``: step through a saved game. An unfinished
    game is shown as its one human seat saw it; one where several people
    sit is refused (it would show one player's hand to whoever runs it)."""
    match, app = _load(args)
    if not match.is_over() and len(match.human_seats()) > 1:
        raise UsageError(
            f"{plain(args.file, 80)} is not finished and {len(match.human_seats())} people "
            "play it: its replay would show one player's hidden cards to another. Replay it "
            "once the game is over (`--headless` prints its public log now).")
    app.start = Start("replay", match)
    return _run(app)


def run_rules(args: argparse.Namespace) -> int:
    """``tabula rules GAME``: the rulebook, searchable."""
    from engine import games

    game = getattr(args, "game", None) or DEFAULT_GAME
    books = [e.id for e in games.GAMES if e.rulebook]
    if game not in books:
        raise UsageError(f"no rulebook for {game!r} (known: {', '.join(books)})")
    return _run(TabulaApp(Start("rules", game_id=game), _settings(args)))
