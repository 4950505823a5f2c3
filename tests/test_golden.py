"""Golden playthroughs: seeded games stored as text (as OpenSpiel keeps
them), so any change to the rules shows up as a readable diff.

After a deliberate rules change, regenerate with
``.venv/bin/python -m tests.test_golden`` and read the diff before committing.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from engine import get_game
from engine.core import Options, named_options
from engine.match import Match, seats_from_kinds
from tui.headless import print_game, run_headless

GOLDEN = Path(__file__).parent / "golden"
CASES = [("provincia", 4, 7), ("provincia", 2, 3), ("provincia", 6, 11),
         ("romans", 4, 7), ("romans", 1, 3)]


def playthrough(game: str, players: int, seed: int) -> str:
    options = named_options(get_game(game).options, Options())  # a new game, as players get
    match = Match(game, seats_from_kinds(["random"] * players), seed, options)
    run_headless(match)
    out = io.StringIO()
    print_game(match, as_json=False, out=out)
    return out.getvalue()


def path(game: str, players: int, seed: int) -> Path:
    return GOLDEN / f"{game}-{players}p-seed{seed}.txt"


@pytest.mark.parametrize("game, players, seed", CASES)
def test_golden_playthrough(game: str, players: int, seed: int) -> None:
    assert playthrough(game, players, seed) == path(game, players, seed).read_text()


if __name__ == "__main__":
    for case in CASES:
        path(*case).write_text(playthrough(*case))
        print("wrote", path(*case))
