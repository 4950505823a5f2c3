"""Every conformance test runs once per registered game, plus the toy.

``game_id`` is parametrised over ``engine.games.GAMES`` as it is when the
tests are collected, so a new registry entry is covered by adding nothing.
The toy (tests/toygame) is registered only for the length of a test that
runs with it (``engine.games.extra``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import nullcontext
from typing import Any

import pytest

import engine
from engine import games
from tests.toygame import ENTRY as TOY

GAME_IDS = [e.id for e in games.GAMES] + [TOY.id]


@pytest.fixture(params=GAME_IDS)
def game_id(request: pytest.FixtureRequest) -> Iterator[str]:
    with games.extra(TOY) if request.param == TOY.id else nullcontext():
        yield request.param


@pytest.fixture
def game(game_id: str) -> Any:
    return engine.get_game(game_id)


@pytest.fixture(autouse=True)
def own_home(home: Any) -> Any:
    """Every test has its own empty save folder (the TUI autosaves):
    tests/conftest.py's ``home``, for every conformance test."""
    return home
