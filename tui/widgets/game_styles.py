"""A game's stylesheet and theme variables, kept to that game's screens.

Each screen that shows a table carries the class ``game-<id>``; the game's
stylesheet (``GameEntry.stylesheet``) is nested under that class when it is
loaded, so its ids and rules cannot touch another game's screens or any
other screen. A game's theme variables must start with its id.
"""

from __future__ import annotations

from importlib import resources

from engine.games import entry


def screen_class(game_id: str) -> str:
    """The class of every screen showing ``game_id``'s table."""
    return f"game-{game_id}"


def scoped_css(game_id: str) -> str:
    """The game's stylesheet nested under its screen class ("" if none).
    A selector on the screen itself is written ``&.-short …`` in it."""
    where = entry(game_id).stylesheet
    if where is None:
        return ""
    package, _, name = where.partition(":")
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    return f".{screen_class(game_id)} {{\n{text}\n}}\n"


def checked_variables(game_id: str, variables: dict[str, str]) -> dict[str, str]:
    """``variables`` if every name starts with ``<game_id>-``; ValueError
    otherwise (two games' colours must never overwrite each other)."""
    bad = [name for name in variables if not name.startswith(f"{game_id}-")]
    if bad:
        raise ValueError(f"theme variable {bad[0]!r} of {game_id!r} must start with "
                         f"{game_id + '-'!r}")
    return dict(variables)
