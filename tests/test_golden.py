"""Golden playthroughs: seeded games stored as text (as OpenSpiel keeps
them), so any change to the rules, or to what a seat may see, shows up as
a readable diff. Each game's registry entry names its cases
(``GameEntry.golden``); a file holds the full log and the final scores,
then every seat's view after every step (tests/golden_views.py).

After a deliberate rules change, regenerate with
``.venv/bin/python -m tests.test_golden`` and read the diff before committing.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from engine import get_game
from engine.core import named_options, parse_options
from engine.games import GAMES, Golden
from engine.match import Match, seats_from_kinds
from tests.golden_views import changes, delta, lines, playthrough_views
from tui.headless import print_game, run_headless

GOLDEN = Path(__file__).parent / "golden"
CASES = [(e.id, case) for e in GAMES for case in e.golden]


def playthrough(game_id: str, case: Golden) -> str:
    """The case played by random bots: its log, scores and every seat's views."""
    declared = get_game(game_id).options
    options = named_options(declared, parse_options(declared, case.options, case.players))
    match = Match(game_id, seats_from_kinds(["random"] * case.players), case.seed, options)
    run_headless(match)
    out = io.StringIO()
    print_game(match, as_json=False, out=out)
    return out.getvalue() + playthrough_views(match.game, match.states, match.actions)


def path(game_id: str, case: Golden) -> Path:
    return GOLDEN / f"{case.name(game_id)}.txt"


def test_every_game_has_golden_playthroughs() -> None:
    assert all(e.golden for e in GAMES), "a registry entry names no golden playthrough"
    assert sorted(p.name for p in GOLDEN.glob("*.txt")) == sorted(path(*c).name for c in CASES)


def test_only_what_changed_is_written_and_all_of_it() -> None:
    """The views' lines after each step, found by walking only the parts
    that differ, are those that differ between the whole views written out."""
    game = get_game("provincia")
    match = Match("provincia", seats_from_kinds(["random"] * 2), 3)
    run_headless(match)
    for seat in range(2):
        views = [game.view(s, seat) for s in match.states]
        for before, now in zip(views, views[1:], strict=False):
            assert sorted(delta(before, now)) == sorted(changes(lines(before), lines(now)))


@pytest.mark.parametrize("game_id, case", CASES, ids=[case.name(g) for g, case in CASES])
def test_golden_playthrough(game_id: str, case: Golden) -> None:
    assert playthrough(game_id, case) == path(game_id, case).read_text()


if __name__ == "__main__":
    for case in CASES:
        path(*case).write_text(playthrough(*case))
        print("wrote", path(*case))
