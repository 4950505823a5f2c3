"""What only the toy shows: it is registered for its tests alone, and the
seam handles every ending it produces (a solo win, a solo loss to The
Raiders, a shared victory) in the game-over screen, headless JSON and the
arena; its dice stop undo; the generic table covers a hot-seat game."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import engine
from engine import games
from engine.core import Result
from engine.match import Match, Seat
from tests.toygame import ENTRY as TOY
from tui.cli import main

from .support import random_game
from .test_conformance_commands import expected
from .test_conformance_tui import play_by_keys

ENDINGS: dict[str, tuple[int, Callable[[Result], bool]]] = {
    "solo win": (1, lambda r: r.winners == (0,)),
    "solo loss": (1, lambda r: r.winners == () and bool(r.others)),
    "shared victory": (2, lambda r: len(r.winners) == 2),
}


@pytest.fixture
def toy() -> Iterator[Any]:
    with games.extra(TOY):
        yield engine.get_game(TOY.id)


def test_the_toy_is_registered_only_inside_the_hook() -> None:
    def known() -> bool:
        return TOY.id in engine.REGISTRY.ids() or TOY.id in [e.id for e in games.GAMES]

    assert not known()
    with games.extra(TOY):
        assert known() and games.entry(TOY.id) is TOY
        with pytest.raises(ValueError), games.extra(TOY):
            pass
    assert not known()
    with pytest.raises(KeyError):
        games.entry(TOY.id)


def finished(game: Any, ending: str) -> Match:
    """A random game of the toy that ends that way."""
    n, wanted = ENDINGS[ending]
    for seed in range(1, 500):
        g = random_game(game, n, seed)
        if wanted(game.result(g.states[-1])):
            seats = tuple(Seat(name) for name in ("Ada", "Ben")[:n])
            return Match(game.id, seats, seed, actions=g.actions)
    raise AssertionError(f"no {ending} in 500 games")


@pytest.mark.parametrize("ending", ENDINGS)
def test_the_game_over_screen_words_every_ending(toy: Any, ending: str) -> None:
    match = finished(toy, ending)
    _app, played, text = asyncio.run(play_by_keys(match, random.Random(0)))
    res = toy.result(match.state)
    assert played == 0 and res.outcome in text
    assert all(seat.name in text for seat in match.seats)
    if res.others:
        name, score = res.others[0]
        assert name in text and str(score) in text


@pytest.mark.parametrize("ending", ENDINGS)
def test_headless_json_reports_every_ending(toy: Any, ending: str,
                                            capsys: pytest.CaptureFixture) -> None:
    n, wanted = ENDINGS[ending]
    kinds = ["random"] * n
    seed = next(s for s in range(1, 500) if wanted(toy.result(expected(TOY.id, kinds, s).state)))
    assert main(["play", TOY.id, "--headless", "--json", "--seats", ",".join(kinds),
                 "--seed", str(seed), "--iterations", "4"]) == 0
    doc = json.loads(capsys.readouterr().out)
    res = toy.result(expected(TOY.id, kinds, seed).state)
    assert doc["winners"] == list(res.winners) and res.outcome in json.dumps(doc)
    for name, score in res.others:
        assert name in json.dumps(doc) and score in [o.get("score") for o in doc["others"]]


def test_the_arena_counts_games_nobody_won(toy: Any, capsys: pytest.CaptureFixture) -> None:
    games_played = 8
    results = [toy.result(expected(TOY.id, ["random"], s).state) for s in range(games_played)]
    lost = sum(not r.winners for r in results)
    assert 0 < lost < games_played, "the seeds give both endings"
    assert main(["arena", TOY.id, "--seats", "random", "--games", str(games_played),
                 "--json", "--iterations", "4"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["no_winner"] == lost
    assert sum(b["wins"] for b in doc["bots"]) == games_played - lost


def test_undo_cannot_reroll_the_dice(toy: Any) -> None:
    m = Match(TOY.id, (Seat("Ada"),), 1)
    m.play(("rest",))
    assert m.undo(0) and m.actions == []
    m.play(("roll",))
    rolled = m.state
    assert not m.can_undo(0) and not m.undo(0) and m.state is rolled


def test_a_hot_seat_game_at_the_generic_table(toy: Any) -> None:
    match = Match(TOY.id, (Seat("Ada"), Seat("Ben"), Seat("Cy")), 4)
    _app, played, text = asyncio.run(play_by_keys(match, random.Random(4)))
    assert match.is_over() and played == len(match.actions)
    assert toy.result(match.state).outcome in text
