"""Every game Tabula knows: one entry each, the only place that names them.

An entry says where each part of a game lives, as "module:attribute" or
"package:resource" strings, so that ``engine`` names the parts without
importing them (``ai`` and ``tui`` are never imported by ``engine``): the
rules (``engine``), what the bots know (``knowledge``: their
``ai.knowledge.Knowledge``), the terminal table (``table``), its
stylesheet and the rulebook. Adding a game is adding its folders and one
entry here (docs/DEVELOPING.md, "Adding a game").
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import import_module


@dataclass(frozen=True)
class GameEntry:
    """Where one game's parts live."""

    id: str
    title: str
    engine: str  # "package.module:Class" of the Game
    knowledge: str | None = None  # "module:attribute" of the bots' Knowledge
    table: str | None = None  # "package.module:Class" of the terminal table (GameUI)
    stylesheet: str | None = None  # "package:file.tcss", scoped to this game's screens
    rulebook: str | None = None  # "package:file.txt", the rulebook as text


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        id="provincia",
        title="Provincia Romana",
        engine="engine.provincia:Provincia",
        knowledge="ai.provincia:KNOWLEDGE",
        table="tui.provincia.table:ProvinciaUI",
        stylesheet="tui.provincia:provincia.tcss",
        rulebook="tui.rules:provincia-romana.txt",
    ),
    GameEntry(
        id="romans",
        title="The Romans",
        engine="engine.romans:Romans",
        knowledge="ai.romans:KNOWLEDGE",
        table="tui.romans.table:RomansUI",
        stylesheet="tui.romans:romans.tcss",
        rulebook="tui.rules:the-romans.txt",
    ),
    GameEntry(
        id="ageofrome",
        title="Age of Rome",
        engine="engine.ageofrome.game:AgeOfRome",
        knowledge="ai.ageofrome:KNOWLEDGE",
        table="tui.ageofrome.table:AgeOfRomeUI",
        stylesheet="tui.ageofrome:ageofrome.tcss",
        rulebook="tui.rules:age-of-rome.txt",
    ),
)

DEFAULT_GAME = GAMES[0].id  # what "tabula" offers first


def entry(game_id: str) -> GameEntry:
    """The entry of ``game_id``; KeyError naming the known ids."""
    for e in GAMES:
        if e.id == game_id:
            return e
    known = ", ".join(e.id for e in GAMES)
    raise KeyError(f"unknown game {game_id!r} (known: {known})")


@contextmanager
def extra(new: GameEntry) -> Iterator[GameEntry]:
    """Test-only: ``new`` is a registered game inside the ``with`` block and
    gone after it, so a test game (the conformance suite's toy) never shows
    in the title screen, the snapshots or any other test.

    Inside the block ``GAMES``, ``entry()`` and ``engine.get_game`` all know
    it: generic code that reads ``GAMES`` when it runs (not a copy taken at
    import) sees exactly what a real entry would give it.
    """
    global GAMES
    from .core import REGISTRY

    if any(e.id == new.id for e in GAMES):
        raise ValueError(f"a game {new.id!r} is already registered")
    module, _, name = new.engine.partition(":")
    before = GAMES
    GAMES = (*before, new)
    REGISTRY.register(new.id, lambda: getattr(import_module(module), name)())
    try:
        yield new
    finally:
        GAMES = before
        REGISTRY.games.pop(new.id, None)
