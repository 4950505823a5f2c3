"""Whole games at a shared table, over real socket pairs with the real Hall:
two humans and two bots finish a game, each seat only ever receives its own
view; a spectator only the public one; a restart of the hall keeps the table.
"""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import engine
from engine.core import HIDDEN, SPECTATOR, Held, Record
from hall.hall import Hall
from saves import Store
from tests.hall_helpers import Player, connect, create, expect, hall_at, play_all, run

GAME = "provincia"
KINDS = ["human", "human", "rules", "random"]


def helds(x: Any) -> list[Held]:
    """Every Held inside a view (records, tuples, lists, dicts, recursively)."""
    out, stack = [], [x]
    while stack:
        v = stack.pop()
        if isinstance(v, Held):
            out.append(v)
        elif isinstance(v, Record):
            stack.extend(getattr(v, f) for f in v._fields)
        elif isinstance(v, tuple | list | set | frozenset):
            stack.extend(v)
        elif isinstance(v, dict):
            stack.extend(v.values())
    return out


async def two_humans_two_bots(hall: Hall, tmp: Path, watcher: bool = False
                              ) -> tuple[str, list[Any]]:
    """A table of anna, bob and two bots (and eve watching): its code and
    the two scripted players (and eve's client, kept open)."""
    for name in ("anna", "bob"):  # their guest folders, made at login as the server does
        (tmp / name).mkdir(exist_ok=True)
    anna = connect(hall, "anna", tmp / "anna")
    bob = connect(hall, "bob", tmp / "bob")
    joined = await create(anna, GAME, KINDS, seed=7)
    code = joined["table"]["code"]
    assert joined["seat"] == 0 and joined["host"] is True
    if watcher:
        eve = connect(hall, "eve")
        await eve.send({"t": "watch", "code": code.lower()})
        assert (await expect(eve, "joined"))["seat"] is None
    await bob.send({"t": "join", "code": code.lower()})
    assert (await expect(bob, "joined"))["seat"] == 1
    players: list[Any] = [Player(anna, seed=1), Player(bob, seed=2)]
    return code, players + ([eve] if watcher else [])


def test_two_humans_and_two_bots_finish_seen_by_each_only_as_they_may(tmp_path: Path
                                                                      ) -> None:
    """One whole game: every state message to a seat carries exactly that
    seat's view at that step; every one to the spectator the public view, in
    which no card is shown that not every seat has seen."""
    async def go() -> None:
        async with hall_at(tmp_path / "data") as hall:
            code, (*players, _eve) = await two_humans_two_bots(hall, tmp_path, watcher=True)
            results = await play_all(players)
            table = hall.tables[code]
            assert table.over and results[0] == results[1] == table.result()
            assert not players[0].errors and not players[1].errors
            game, states = table.game, table.match.states
            seat_of = {"anna": 0, "bob": 1, "eve": SPECTATOR}
            checked = 0
            for _cid, sent_code, who, msg in hall.tap.sent:
                if msg["t"] != "state":
                    continue
                assert sent_code == code
                view = pickle.loads(msg["view"])  # noqa: S301
                assert view == game.view(states[msg["step"]], seat_of[who.name])
                checked += 1
            assert checked > len(table.match.actions)
            spectator_sees(hall, table.match.players)
            for name in ("anna", "bob"):
                saved = Store(root=tmp_path / name).list()
                assert [s.name for s in saved] == [f"table {code} {GAME}"] and saved[0].finished
                assert saved[0].players[:2] == ["anna", "bob"]
    run(go())


def spectator_sees(hall: Hall, players: int) -> None:
    """Every message to eve: a spectator's, and no card in it face up unless
    every seat has seen it."""
    everyone = (1 << players) - 1
    game = engine.get_game(GAME)
    to_eve = hall.tap.to("eve")
    states = [m for m in to_eve if m["t"] == "state"]
    assert states[-1]["result"] is not None and len(states) > 20
    hidden = 0
    for msg in to_eve:
        assert msg["t"] in ("hello", "joined", "state", "notice", "chat")
        if msg["t"] != "state":
            continue
        view = pickle.loads(msg["view"])  # noqa: S301
        assert game.viewer(view) == SPECTATOR
        for h in helds(view):
            hidden += h.card == HIDDEN
            assert h.card == HIDDEN or h.seen & everyone == everyone, h
    assert hidden, "the spectator was shown face-down cards as hidden"


def test_a_restarted_hall_keeps_the_table_and_the_game_goes_on(tmp_path: Path) -> None:
    data = tmp_path / "data"

    async def first() -> tuple[str, int]:
        async with hall_at(data) as hall:
            code, players = await two_humans_two_bots(hall, tmp_path)
            players[0].stop_at = players[1].stop_at = 30
            await play_all(players)
            return code, hall.tables[code].step

    async def second(code: str, step: int) -> None:
        async with hall_at(data) as hall:
            table = hall.tables[code]
            assert table.step >= step and table.started and not table.over
            assert [o.name for o in table.owners[:2]] == ["anna", "bob"]
            assert not any(table.connected(s) for s in range(4))
            anna = connect(hall, "anna", tmp_path / "anna")
            bob = connect(hall, "bob", tmp_path / "bob")
            assert (await expect(anna, "hello"))["seats"] == [{"code": code, "seat": 0}]
            for c in (anna, bob):
                await c.send({"t": "join", "code": code})
            joined = await expect(anna, "joined")
            assert joined["seat"] == 0
            results = await play_all([Player(anna, 3), Player(bob, 4)])
            assert results[0] is not None and hall.tables[code].over
        assert Store(root=tmp_path / "bob").list()[0].finished

    code, step = run(first())
    run(second(code, step))
