"""Saves of every registered game: save, load, the same state, and the game
goes on the same way (``saves.save_match`` / ``load_match``)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from engine.match import Match, Seat
from saves import load_match, save_match

from .support import option_sets, random_game


def _seats(n: int) -> tuple[Seat, ...]:
    return tuple(Seat(f"Player {p + 1}", "human" if p == 0 else "random") for p in range(n))


def test_save_load_gives_the_same_game_and_it_goes_on_the_same_way(
        game: Any, tmp_path: Path) -> None:
    for n in game.players:
        options = option_sets(game, n)[-1]
        whole = random_game(game, n, seed=70 + n, options=options)
        for cut in (0, len(whole.actions) // 2, len(whole.actions)):
            # whole.options: the options as a new game names them (random_game),
            # which a changed default's ``absent`` may deal differently from
            m = Match(game.id, _seats(n), whole.seed, whole.options,
                      actions=whole.actions[:cut])
            path = tmp_path / f"{n}-{cut}.tabula"
            save_match(m, path)
            loaded = load_match(path)
            assert loaded.game_id == game.id and loaded.seats == m.seats
            assert loaded.options == whole.options and loaded.seed == m.seed
            assert loaded.actions == m.actions and loaded.states == m.states
            rng = random.Random(cut)
            while not m.is_over():
                a = rng.choice(list(m.game.legal(m.state)))
                m.play(a)
                loaded.play(a)
                assert loaded.state == m.state


def test_the_redo_stack_survives_a_save(game: Any, tmp_path: Path) -> None:
    n = game.players.start
    whole = random_game(game, n, seed=80)
    m, done = _undone(game, n, whole)
    assert m.redo_stack and len(m.actions) < len(done.actions)
    save_match(m, tmp_path / "redo.tabula")
    loaded = load_match(tmp_path / "redo.tabula")
    assert loaded.redo_stack == m.redo_stack and loaded.state == m.state
    while loaded.redo():
        pass
    assert loaded.actions == done.actions and loaded.state == done.state


def _undone(game: Any, n: int, whole: Any) -> tuple[Match, Match]:
    """The latest point of ``whole`` after which some seat can undo: the
    match with that undo taken, and as it was before."""
    for cut in range(len(whole.actions), 0, -1):
        m = Match(game.id, _seats(n), whole.seed, whole.options, actions=whole.actions[:cut])
        if any(m.undo(p) for p in range(n)):
            return m, Match(game.id, _seats(n), whole.seed, whole.options,
                            actions=whole.actions[:cut])
    raise AssertionError("no step of the game can be undone")
