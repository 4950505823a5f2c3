"""Every game Tabula knows: one entry each, the only place that names them.

An entry says where each part of a game lives, as "module:attribute" or
"package:resource" strings, so that ``engine`` names the parts without
importing them (``ai`` and ``tui`` are never imported by ``engine``): the
rules (``engine``), what the bots know (``knowledge``: their
``ai.knowledge.Knowledge``), the terminal table (``table``), its
stylesheet, the rulebook and its reference section (``reference``). It
also names what the tests and benches run for the game: its invariants
(``invariants``), its golden playthroughs (``golden``) and what the
benches read of it (``bench``). Adding a game is adding its folders and
one entry here (docs/DEVELOPING.md, "Adding a game"); tests/test_imports.py
resolves every string of every entry.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import import_module
from typing import Any


@dataclass(frozen=True)
class Golden:
    """One golden playthrough (tests/golden, tests/test_golden.py): random
    bots in every seat of a new game with these options ("KEY=VALUE", as
    ``--option`` takes them), its log and every seat's view at each step
    kept as text."""

    players: int
    seed: int
    options: tuple[str, ...] = ()

    def name(self, game_id: str) -> str:
        """The file's name without ".txt": "romans-4p-seed7"."""
        return "-".join((f"{game_id}-{self.players}p-seed{self.seed}", *self.options))


@dataclass(frozen=True)
class Bench:
    """What the benches read of a game beyond the Game protocol (which gives
    each seat's share of a win, ``Result.rewards``, and what a seat plays
    as, ``Game.seat_label``: bench/balance.py reports win shares by both).

    ``players``: the seats of bench/bots.py's positions (None: 4 where the
    game allows it, else its default); ``steps``: the actions rule-based
    bots play before each of those positions (a game shorter than 160
    actions names smaller numbers). ``tally``: "module:attribute" of a
    function ``(before, after) -> iterable of (key, hit)`` over one step
    (e.g. each battle fought: its round, and whether it was lost); balance
    prints the share of hits per key as ``tally_name``.
    """

    players: int | None = None
    steps: tuple[int, ...] = (60, 110, 160)
    tally: str | None = None
    tally_name: str = "tally"


@dataclass(frozen=True)
class GameEntry:
    """Where one game's parts live, and what its tests and benches run."""

    id: str
    title: str
    engine: str  # "package.module:Class" of the Game
    knowledge: str | None = None  # "module:attribute" of the bots' Knowledge
    table: str | None = None  # "package.module:Class" of the terminal table (GameUI)
    stylesheet: str | None = None  # "package:file.tcss", scoped to this game's screens
    rulebook: str | None = None  # "package:file.txt", the rulebook as text
    # "module:function" () -> str: a reference section (every card's text,
    # built from the game's data) the rules screen appends to the rulebook
    reference: str | None = None
    # "module:function" (game, view, seat) -> [(action, why)]: the actions the
    # table keeps at their places in the seat's list, even those not legal now
    # (greyed with ``why``), so the numbers never shift between two key presses
    places: str | None = None
    # "module:function" check_all(state, previous): what must hold in every
    # full state (previous is the state before it, None for a new game); the
    # random-game tests and bench/soak.py run it after every action
    invariants: str | None = None
    golden: tuple[Golden, ...] = ()  # the golden playthroughs
    bench: Bench = Bench()

    def attributes(self) -> dict[str, str]:
        """Every "module:attribute" string of the entry, by what it names."""
        named = {"engine": self.engine, "knowledge": self.knowledge, "table": self.table,
                 "invariants": self.invariants, "bench.tally": self.bench.tally,
                 "reference": self.reference, "places": self.places}
        return {k: v for k, v in named.items() if v}

    def resources(self) -> dict[str, str]:
        """Every "package:file" string of the entry, by what it names."""
        named = {"stylesheet": self.stylesheet, "rulebook": self.rulebook}
        return {k: v for k, v in named.items() if v}


def load(where: str) -> Any:
    """The attribute a "module:attribute" string names, its module imported."""
    module, _, name = where.partition(":")
    return getattr(import_module(module), name)


STAND_IN = ("\"(stand-in)\" marks a value or a text the rulebook does not give: Tabula "
            "chose it and checked it by self-play (its bots playing many games).")
"""What a stand-in is, in a player's words: where "(stand-in)" first shows in
each game's reference section, and in the ``?`` help. Said once here, so
every game says it alike (the rules notes a player cannot open from the app
were the only explanation)."""


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        id="provincia",
        title="Provincia Romana",
        engine="engine.provincia:Provincia",
        knowledge="ai.provincia:KNOWLEDGE",
        table="tui.provincia.table:ProvinciaUI",
        stylesheet="tui.provincia:provincia.tcss",
        rulebook="tui.rules:provincia-romana.txt",
        reference="tui.provincia.reference:text",
        places="tui.provincia.reasons:deck_places",
        invariants="engine.provincia.invariants:check_all",
        golden=(Golden(4, 7), Golden(2, 3), Golden(6, 11)),
        bench=Bench(tally="engine.provincia.figures:battles_lost", tally_name="battles_lost"),
    ),
    GameEntry(
        id="romans",
        title="The Romans",
        engine="engine.romans:Romans",
        knowledge="ai.romans:KNOWLEDGE",
        table="tui.romans.table:RomansUI",
        stylesheet="tui.romans:romans.tcss",
        rulebook="tui.rules:the-romans.txt",
        reference="engine.romans.explain:reference",
        places="tui.romans.table:choice_places",
        invariants="engine.romans.invariants:check_all",
        golden=(Golden(4, 7), Golden(1, 3)),
    ),
    GameEntry(
        id="ageofrome",
        title="Age of Rome",
        engine="engine.ageofrome.game:AgeOfRome",
        knowledge="ai.ageofrome:KNOWLEDGE",
        table="tui.ageofrome.table:AgeOfRomeUI",
        stylesheet="tui.ageofrome:ageofrome.tcss",
        rulebook="tui.rules:age-of-rome.txt",
        reference="engine.ageofrome.reference:text",
        places="tui.ageofrome.detail:held_places",
        invariants="engine.ageofrome.invariants:check_all",
        golden=(Golden(4, 7), Golden(1, 3), Golden(3, 5, ("spies_allies=true",))),
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
    before = GAMES
    GAMES = (*before, new)
    REGISTRY.register(new.id, lambda: load(new.engine)())
    try:
        yield new
    finally:
        GAMES = before
        REGISTRY.games.pop(new.id, None)
