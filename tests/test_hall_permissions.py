"""Who may do what at a shared table, tried over the hall's real protocol.

Each test sends, from the connection that must not do it, a message that
would be played if it came from the right one (the mover's own legal action
at the current step), and checks that it is refused with its reason and
that nothing changed; then, where there is one, the right connection sends
the same message and it is played. A real Hall on real socket pairs; bots
wait behind a gate the test opens (``HeldPool``) so no position moves on
while a test acts on it.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from hall.client import HallClient
from hall.hall import Hall
from hall.table import Table
from tests.hall_helpers import (
    WAIT,
    HeldPool,
    connect,
    create,
    expect,
    hall_at,
    run,
    until,
)

GAME = "provincia"


def movers_act(table: Table) -> dict[str, Any]:
    """The act the seat to move could send now: its first legal action, at
    the current step (worked out from the mover's own view)."""
    seat = table.match.to_move()
    assert seat is not None
    view = table.match.view(seat)
    action = list(table.game.legal(view))[0]
    return {"t": "act", "step": table.step, "action": table.game.encode_action(action)}


async def refused(client: HallClient, msg: dict[str, Any], words: str) -> None:
    """``msg`` from ``client`` is refused, and the refusal says ``words`` (an
    act that is played instead fails at once, not after a timeout)."""
    await client.send(msg)
    step = msg.get("step", -1)
    got = await until(client, lambda m: m["t"] == "error"
                      or msg["t"] == "act" and m["t"] == "state" and m["step"] > step)
    assert got["t"] == "error" and words in got["text"], got


async def seated_pair(hall: Hall) -> tuple[Table, HallClient, HallClient]:
    """anna (seat 1, the host) and bob (seat 2) at a started table of two."""
    anna, bob = connect(hall, "anna"), connect(hall, "bob")
    code = (await create(anna, GAME, ["human", "human"], seed=3))["table"]["code"]
    await bob.send({"t": "join", "code": code})
    assert (await expect(bob, "joined"))["seat"] == 1
    table = hall.tables[code]
    assert table.started
    return table, anna, bob


async def played(client: HallClient, table: Table, msg: dict[str, Any]) -> None:
    """``msg`` from ``client`` is played: the table's step moves past it."""
    step = msg["step"]
    await client.send(msg)
    got = await until(client, lambda m: m["t"] == "error"
                      or m["t"] == "state" and m["step"] > step)
    assert got["t"] == "state", got
    assert table.step > step


def test_a_seat_not_to_move_cannot_play_the_movers_action(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            table, anna, bob = await seated_pair(hall)
            assert table.match.to_move() == 0  # anna's turn
            act = movers_act(table)
            before = list(table.match.actions)
            await refused(bob, act, "it is not your turn")
            assert table.match.actions == before
            await played(anna, table, act)  # the same message from the mover is played
    run(go())


def test_a_spectator_cannot_play_the_movers_action(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            table, anna, _ = await seated_pair(hall)
            eve = connect(hall, "eve")
            await eve.send({"t": "watch", "code": table.code})
            assert (await expect(eve, "joined"))["seat"] is None
            act = movers_act(table)
            before = list(table.match.actions)
            await refused(eve, act, "you have no seat")
            assert table.match.actions == before
            await played(anna, table, act)
    run(go())


def test_nobody_plays_the_action_of_a_seat_a_bot_is_playing_for(tmp_path: Path) -> None:
    """bob drops at his turn; past the grace a bot plays his seat (held at
    the gate, so his turn stays). Neither bob back on a new connection
    (not rejoined), nor anna, nor a spectator may play bob's move; the bot
    then does."""
    async def go() -> None:
        held = HeldPool()
        async with hall_at(tmp_path, pool=held, seat_grace=0) as hall:
            table, anna, bob = await seated_pair(hall)
            while table.match.to_move() != 1:  # anna plays until it is bob's turn
                await played(anna, table, movers_act(table))
            bob.close()
            await until(anna, lambda m: m["t"] == "notice" and "a bot plays for bob" in m["text"])
            await asyncio.wait_for(held.asked.wait(), WAIT)  # the bot is thinking, held
            assert table.bot_playing == {1} and table.match.to_move() == 1
            act = movers_act(table)
            before = list(table.match.actions)

            back = connect(hall, "bob")  # his key again, not at the table yet
            hello = await expect(back, "hello")
            assert hello["seats"] == [{"code": table.code, "seat": 1}]
            await refused(back, act, "you are not at a table")
            await refused(anna, act, "it is not your turn")
            eve = connect(hall, "eve")
            await eve.send({"t": "watch", "code": table.code})
            await expect(eve, "joined")
            await refused(eve, act, "you have no seat")
            await back.send({"t": "watch", "code": table.code})  # bob, watching his own seat
            await expect(back, "joined")
            await refused(back, act, "you have no seat")
            assert table.match.actions == before and table.bot_playing == {1}

            held.release()  # the bot plays bob's move
            await until(anna, lambda m: m["t"] == "state" and m["step"] > act["step"])
            assert table.match.actions[act["step"]] is not None
    run(go())
