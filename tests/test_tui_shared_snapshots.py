"""How the lobby and a shared table look, at 80×24 and 120×40, against a
real Hall with fixed table codes and seeds.

Regenerate after a deliberate change with ``--snapshot-update`` and look at
the SVGs (tests/snapshots/) before committing them.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import engine
from hall.client import HallClient, Link
from hall.hall import Hall, HallConfig, Who
from tests.hall_helpers import POOL, create, expect, of_hall
from tests.test_tui_shared import shows
from tests.test_tui_support import settings
from tui.app import Start, TabulaApp
from tui.screens.lobby import LobbyScreen
from tui.screens.table import TableScreen

SIZES = [(80, 24), (120, 40)]

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py


class FixedCodes(Hall):
    """A hall whose tables get the codes given, in order (snapshots show them)."""

    def __init__(self, config: HallConfig, codes: list[str]) -> None:
        super().__init__(config, pool=POOL)
        self._codes: Iterator[str] = iter(codes)

    def _new_code(self, length: int) -> str:
        return next(self._codes)


class Scene:
    """The app under test and, once its loop runs, the hall it talks to.

    The hall starts inside the app's event loop (``run_before``); the app
    has its end of the socket pair from the start, as a served game has."""

    def __init__(self, data: Path, start: str) -> None:
        # The pool's queues start multiprocessing's resource tracker, which
        # needs the real stderr: start it before the app replaces stderr.
        POOL.start()
        self.data = data
        self.clients: list[HallClient] = []  # kept open until the snapshot is taken
        self.ours, theirs = socket.socketpair()
        self.app = TabulaApp(Start("title"), settings(),
                             link=Link(fd=theirs.detach(), start=start))

    async def hall(self, codes: list[str]) -> Hall:
        hall = FixedCodes(HallConfig(data_dir=self.data), codes)
        await hall.start()
        return hall

    def client(self, hall: Hall, name: str) -> HallClient:
        ours, theirs = socket.socketpair()
        hall.attach(ours, Who(f"guest:{name}", name, None))
        self.clients.append(of_hall(HallClient.from_socket(theirs), hall))
        return self.clients[-1]


async def settled(pilot: Any) -> None:
    """Drawn where it rests; the hall's notices (toasts that time out) gone."""
    pilot.app.clear_notifications()
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_lobby(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    scene = Scene(tmp_path, "lobby")

    async def before(pilot: Any) -> None:
        hall = await scene.hall(["BCDFG", "KXPQR"])
        bob, carla = scene.client(hall, "bob"), scene.client(hall, "carla")
        await create(bob, "provincia", ["human", "human", "rules"], seed=3)
        await create(carla, "ageofrome", ["human", "human"], seed=4)
        hall.attach(scene.ours, Who("guest:anna", "anna", None))
        app = pilot.app
        await shows(pilot, lambda: isinstance(app.screen, LobbyScreen)
                    and len(app.screen.listed) == 2)
        await settled(pilot)

    assert snap_compare(scene.app, terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_shared_table(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    """Anna's turn at a two-player Provincia table, after bob's moves and a chat line."""
    scene = Scene(tmp_path, "join:KXPQR")
    game = engine.get_game("provincia")

    async def before(pilot: Any) -> None:
        import pickle

        hall = await scene.hall(["KXPQR"])
        bob = scene.client(hall, "bob")
        await create(bob, "provincia", ["human", "human"], seed=3)
        hall.attach(scene.ours, Who("guest:anna", "anna", None))
        table = hall.tables["KXPQR"]
        app = pilot.app
        await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                    and app.screen.step >= 0)
        await bob.send({"t": "chat", "text": "salve, anna"})
        while table.match.to_move() == 0:
            step = table.step
            msg = await expect(bob, "state")
            while msg["step"] != step:
                msg = await expect(bob, "state")
            view = pickle.loads(msg["view"])  # noqa: S301 - our own hall
            await bob.send({"t": "act", "step": step,
                            "action": game.encode_action(game.legal(view)[0])})
            await shows(pilot, lambda s=step: table.step > s)
        await shows(pilot, lambda: app.screen.step == table.step and app.screen.my_turn()
                    and app.screen.settled.is_set())
        await settled(pilot)

    assert snap_compare(scene.app, terminal_size=size, run_before=before)
