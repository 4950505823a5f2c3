"""Branches through the screens, with real save folders: loading an earlier
named save and playing on never removes another save, and Continue keeps
writing to the autosave it resumed (issue 11, point 7)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from saves import Store
from saves.store import BRANCH_OF
from tests.test_tui_support import app_for, position, settle
from tui.screens.load import LoadScreen
from tui.screens.replay import ReplayScreen
from tui.screens.table import TableScreen
from tui.screens.title import TitleScreen

SIZE = (120, 40)


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    """The save folder the app opens ($TABULA_HOME/saves), empty."""
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    return Store(tmp_path / "saves")


def autosaves(store: Store) -> list[str]:
    return sorted(p.name[: -len(".tabula")] for p in (store.root / "autosave").glob("*.tabula"))


def load_row(app, name: str) -> None:
    """Put the Load screen's cursor on the save called ``name``."""
    screen = app.screen
    assert isinstance(screen, LoadScreen)
    screen.query_one("DataTable").move_cursor(
        row=[i.name for i in screen._saves].index(name))


async def play_one_move(pilot) -> None:
    """The human plays the first action offered; the random bots answer."""
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen)
    before = len(screen.source.match.actions)
    await pilot.press("1")
    await settle(pilot)
    assert len(screen.source.match.actions) > before


def test_playing_on_from_an_earlier_named_save_keeps_the_finished_game(store: Store) -> None:
    game = position("play")  # seat 0 ("You") to move; the others are random bots
    store.save(game, "early")
    ident = game.meta["id"]
    rng = random.Random(3)
    done = game
    while not done.is_over():  # the game goes on to its end, autosaved as it goes
        done.play(rng.choice(done.game.legal(done.view(done.to_move()))))
    store.autosave(done)
    finished_actions = list(done.actions)

    async def go() -> None:
        app = app_for(kind="title")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)
            await pilot.press("l")
            load_row(app, "early")
            await pilot.press("enter")
            await play_one_move(pilot)
            branch = app.screen.source.match
            assert branch.meta["id"] != ident and branch.meta[BRANCH_OF] == ident
            await pilot.press("ctrl+q")
        return branch.meta["id"]

    new = asyncio.run(go())
    assert autosaves(store) == sorted([ident, new])
    assert store.load(f"auto:{ident}").actions == finished_actions  # still there, still over
    assert {i.name for i in store.list()} == {"early", f"auto:{ident}", f"auto:{new}"}

    async def both_load() -> None:
        app = app_for(kind="title")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("l")
            load_row(app, f"auto:{ident}")
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen)  # the finished game replays
            assert list(app.screen.match.actions) == finished_actions
            await pilot.press("escape", "l")
            load_row(app, f"auto:{new}")
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, TableScreen) and app.screen.source.match.meta["id"] == new

    asyncio.run(both_load())


def test_continue_keeps_writing_to_the_autosave_it_resumed(store: Store) -> None:
    game = position("play")
    store.autosave(game)
    ident = game.meta["id"]
    moves = []

    async def go() -> None:
        app = app_for(kind="title")
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(2):
                await pilot.pause()
                assert isinstance(app.screen, TitleScreen)
                await pilot.press("c")
                await play_one_move(pilot)
                match = app.screen.source.match
                assert match.meta["id"] == ident and BRANCH_OF not in match.meta
                moves.append(len(match.actions))
                app.screen.leave()  # back to the title: the game is kept for Continue
            await pilot.pause()

    asyncio.run(go())
    assert autosaves(store) == [ident]
    assert len(store.load(f"auto:{ident}").actions) == moves[-1] > moves[0]
