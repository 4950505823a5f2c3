"""Seats at a shared table: a player who leaves is replaced by a bot after the
grace and gets the seat back on return; the turn limit; undo only with the
others' agreement; what only the host may do. Real Hall, real socket pairs,
no sleeps: every wait is for a message."""

from __future__ import annotations

import asyncio
import json
import pickle
import random
from pathlib import Path

import engine
from hall.client import HallClient
from hall.hall import Hall
from tests.hall_helpers import (
    Player,
    connect,
    create,
    expect,
    hall_at,
    heard,
    play_all,
    run,
    saying,
    until,
)

GAME = "provincia"


async def table_of_two(hall: Hall, kinds: list[str] | None = None
                       ) -> tuple[str, HallClient, HallClient]:
    anna, bob = connect(hall, "anna"), connect(hall, "bob")
    code = (await create(anna, GAME, kinds or ["human", "human"], seed=3))["table"]["code"]
    await bob.send({"t": "join", "code": code})
    assert (await expect(bob, "joined"))["seat"] == 1
    return code, anna, bob


def test_a_seat_left_is_played_by_a_bot_after_the_grace_and_given_back(tmp_path: Path
                                                                       ) -> None:
    async def go() -> None:
        async with hall_at(tmp_path, seat_grace=0.2) as hall:
            code, anna_c, bob_c = await table_of_two(hall)
            anna, bob = Player(anna_c, seed=1), Player(bob_c, seed=2, stop_at=6)
            anna_task = asyncio.ensure_future(anna.play())
            assert await bob.play() is None
            bob_c.close()
            await heard(anna, saying("notice", "bob left; a bot plays in 0.2 s"))
            await heard(anna, saying("notice", "a bot plays for bob"))
            table = hall.tables[code]
            assert table.bot_playing == {1} and table.info()["seats"][1]["bot_playing"]
            taken_over = table.step
            # the bot moves for bob while anna plays on
            await heard(anna, lambda m: m["t"] == "state" and m["step"] > taken_over + 4)
            assert any(table.game.to_move(s) == 1
                       for s in table.match.states[taken_over:table.step])
            back = connect(hall, "bob")
            hello = await expect(back, "hello")
            assert hello["seats"] == [{"code": code, "seat": 1}]
            await back.send({"t": "join", "code": code})
            joined = await expect(back, "joined")
            assert joined["seat"] == 1 and not joined["table"]["seats"][1]["bot_playing"]
            await heard(anna, saying("notice", "bob is back; the bot steps aside"))
            assert table.bot_playing == set()
            results = await asyncio.wait_for(asyncio.gather(anna_task, Player(back, 5).play()),
                                             60)
            assert results[0] is not None and results[0] == results[1]
    run(go())


def test_the_turn_limit_lets_a_bot_move_for_a_slow_player(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path, turn_limit=0.2) as hall:
            anna = connect(hall, "anna")
            joined = await create(anna, GAME, ["human", "rules"], seed=4)
            assert joined["table"]["started"]
            first = await expect(anna, "state")
            assert first["to_move"] == 0 and first["step"] == 0
            await until(anna, lambda m: m["t"] == "notice" and "time is up" in m["text"])
            moved = await until(anna, lambda m: m["t"] == "state" and m["step"] >= 1)
            assert hall.tables[joined["table"]["code"]].match.actions[0] is not None
            assert moved["step"] >= 1
            # the log says the move was a bot's, for anna: not as if she had made it
            marked = [parts for step, parts, _ in moved["log"] if step == 1]
            label = hall.tables[joined["table"]["code"]].game.seat_label(
                hall.tables[joined["table"]["code"]].match.state, 0)  # the log adds "(anna)"
            assert marked[0] == [["A bot moves for ", None], [label, 0], [":", None]]
    run(go())


async def drive_to_undo(hall: Hall, code: str, anna: HallClient, bob: HallClient) -> None:
    """Both play random moves from their views until anna has just moved and
    may undo (nothing shown to her since, bob has not moved after)."""
    table = hall.tables[code]
    rng = random.Random(9)
    game = engine.get_game(GAME)
    latest: dict[int, dict] = {}
    for _ in range(200):
        mover = table.match.to_move()
        client = anna if mover == 0 else bob
        step = table.step
        if latest.get(mover, {}).get("step") != step:
            latest[mover] = await until(client, lambda m, s=step: m["t"] == "state"
                                        and m["step"] == s)
        view = pickle.loads(latest[mover]["view"])  # noqa: S301
        action = rng.choice(list(game.legal(view)))
        await client.send({"t": "act", "step": step, "action": game.encode_action(action)})
        got = await until(client, lambda m, s=step: m["t"] == "error"
                          or m["t"] == "state" and m["step"] > s)
        assert got["t"] == "state", got
        latest[mover] = got
        if mover == 0 and table.match.can_undo(0):
            return
    raise AssertionError("anna never could undo")


def test_undo_needs_the_others_yes(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            code, anna, bob = await table_of_two(hall)
            await drive_to_undo(hall, code, anna, bob)
            table = hall.tables[code]
            step = table.step
            await anna.send({"t": "undo"})
            asked = await expect(bob, "undo_asked")
            assert asked["seat"] == 0 and asked["name"] == "anna"
            await bob.send({"t": "undo_answer", "yes": False})
            refused = await expect(anna, "undo_result")
            assert not refused["ok"] and "bob said no" in refused["text"]
            assert table.step == step
            await anna.send({"t": "undo"})  # once a turn: she must move before asking again
            assert "once a turn" in (await expect(anna, "error"))["text"]
    run(go())


def test_an_undo_the_others_allow_takes_the_move_back(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            code, anna, bob = await table_of_two(hall)
            await drive_to_undo(hall, code, anna, bob)
            table = hall.tables[code]
            step = table.step
            await anna.send({"t": "undo"})
            await expect(bob, "undo_asked")
            await bob.send({"t": "undo_answer", "yes": True})
            granted = await expect(anna, "undo_result")
            assert granted["ok"]
            state = await expect(anna, "state")
            assert state["reset"] and state["step"] < step and table.step == state["step"]
            assert state["to_move"] == 0 and not table.match.redo_stack
            await bob.send({"t": "undo_answer", "yes": True})
            assert "no undo" in (await expect(bob, "error"))["text"]
            await bob.send({"t": "undo"})  # bob has nothing of his own to take back now
            assert (await expect(bob, "error"))["text"]
    run(go())


def test_undo_alone_is_granted_at_once(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            code, anna, bob = await table_of_two(hall)
            await drive_to_undo(hall, code, anna, bob)
            bob.close()  # the only other human left: nobody to ask
            await until(anna, lambda m: m["t"] == "notice" and "bob left" in m["text"])
            await anna.send({"t": "undo"})
            assert (await expect(anna, "undo_result"))["ok"]
    run(go())


def test_what_the_host_may_do(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path / "data", seat_grace=60) as hall:
            anna, bob = connect(hall, "anna"), connect(hall, "bob")
            joined = await create(anna, GAME, ["human", "human", "human"], seed=5)
            code = joined["table"]["code"]
            await bob.send({"t": "join", "code": code})
            await expect(bob, "joined")
            await bob.send({"t": "start"})
            assert "only the host" in (await expect(bob, "error"))["text"]
            await anna.send({"t": "start"})
            state = await until(anna, lambda m: m["t"] == "state" and m["table"]["started"])
            seats = state["table"]["seats"]
            assert [s["kind"] for s in seats] == ["human", "human", "rules"]
            await anna.send({"t": "start"})
            assert "already" in (await expect(anna, "error"))["text"]
            await anna.send({"t": "bot", "seat": 1})
            assert "not waiting" in (await expect(anna, "error"))["text"]
            bob.close()
            await until(anna, lambda m: m["t"] == "notice" and "bob left" in m["text"])
            await anna.send({"t": "bot", "seat": 1})
            await until(anna, lambda m: m["t"] == "notice" and "a bot plays for bob" in m["text"])
            assert hall.tables[code].bot_playing == {1}
            eve = connect(hall, "eve")
            await eve.send({"t": "watch", "code": code})
            await expect(eve, "joined")
            await anna.send({"t": "end"})
            for c in (anna, eve):
                assert "ended" in (await expect(c, "ended"))["text"]
            assert code not in hall.tables
            await eve.send({"t": "list"})
            assert (await expect(eve, "tables"))["tables"] == []
            await eve.send({"t": "join", "code": code})
            assert "no table" in (await expect(eve, "error"))["text"]
        side = json.loads((tmp_path / "data" / "tables" / f"{code}.json").read_text())
        assert side["ended"] is True
        async with hall_at(tmp_path / "data") as again:
            assert again.tables == {}
    run(go())


def test_the_same_key_from_another_connection_takes_the_seat_over(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            code, anna, bob = await table_of_two(hall)
            bob2 = connect(hall, "bob")
            await bob2.send({"t": "join", "code": code})
            assert (await expect(bob2, "joined"))["seat"] == 1
            assert "another connection" in (await expect(bob, "ended"))["text"]
            results = await play_all([Player(anna, 1), Player(bob2, 2)])
            assert results[0] is not None
    run(go())


def test_undo_is_refused_once_another_human_has_moved() -> None:
    """Pure Table logic: anna moved, then bob; even where the game would let
    anna take hers back, the table refuses (bob's move would be lost)."""
    from engine.match import Match, Seat
    from hall.table import Refused, Table, Who

    anna, bob = Who("guest:anna", "anna"), Who("guest:bob", "bob")
    for seed in range(20):
        table = Table("BCDFG", Match(GAME, (Seat("anna"), Seat("bob")), seed), host=anna)
        table.join(1, anna)
        table.join(2, bob)
        rng = random.Random(seed)
        movers: list[int] = []  # who made each move so far
        for _ in range(60):
            if movers[-2:] == [0, 1] and table.match.can_undo(0):
                try:
                    table.ask_undo(1)
                except Refused as e:
                    assert "another player has moved" in str(e)
                    return
                raise AssertionError("anna could undo past bob's move")
            mover = table.match.to_move()
            action = rng.choice(list(table.game.legal(table.match.view(mover))))
            table.act(1 + mover, table.step, table.game.encode_action(action))
            movers.append(mover)
    raise AssertionError("no position where anna could undo after bob moved")


async def finish_alone(hall: Hall, anna: HallClient) -> str:
    """anna plays a table against a bot to its end; its code."""
    code = (await create(anna, GAME, ["human", "random"], seed=8))["table"]["code"]
    result = await Player(anna, 1).play()
    assert result is not None and result["scores"]
    return code


def test_a_finished_table_is_listed_a_while(tmp_path: Path) -> None:
    """Kept for an hour, which no test outlasts however slow the machine:
    listed as over, and nobody may join it."""
    async def go() -> None:
        async with hall_at(tmp_path, finished_keep=3600) as hall:
            anna = connect(hall, "anna", tmp_path / "anna")
            code = await finish_alone(hall, anna)
            await anna.send({"t": "list"})
            listed = (await expect(anna, "tables"))["tables"]
            assert [(t["code"], t["over"]) for t in listed] == [(code, True)]
            eve = connect(hall, "eve")
            await eve.send({"t": "join", "code": code})
            assert "is over" in (await expect(eve, "error"))["text"]
            assert code in hall.tables
    run(go())


def test_a_finished_table_is_closed_when_its_keep_is_up(tmp_path: Path) -> None:
    """Kept for no time at all: the close comes as an event, which the test
    waits for, and the table is neither listed nor restored afterwards."""
    async def go() -> None:
        async with hall_at(tmp_path, finished_keep=0) as hall:
            anna = connect(hall, "anna", tmp_path / "anna")
            code = await finish_alone(hall, anna)
            assert (await expect(anna, "ended"))["text"] == f"table {code} closed"
            assert code not in hall.tables
            await anna.send({"t": "list"})
            assert (await expect(anna, "tables"))["tables"] == []
        async with hall_at(tmp_path) as again:
            assert again.tables == {}
    run(go())


async def seated(hall: Hall, name: str, code: str, seat: int | None = None) -> HallClient:
    """A guest ``name`` sitting down at table ``code`` (at ``seat``, if named)."""
    client = connect(hall, name)
    await client.send({"t": "join", "code": code, "seat": seat})
    joined = await expect(client, "joined")
    assert joined["seat"] == (seat if seat is not None else joined["seat"])
    return client


def test_a_host_who_leaves_before_the_start_hands_the_table_to_the_next_human(tmp_path: Path
                                                                             ) -> None:
    """anna hosts and leaves: bob (seat 2, the lowest seat after hers) hosts
    now and is told so, carl is told who hosts; only bob may start; anna
    back at her seat is not the host again; the new host is kept on disk."""
    async def go() -> None:
        async with hall_at(tmp_path, seat_grace=60) as hall:
            anna = connect(hall, "anna")
            code = (await create(anna, GAME, ["human"] * 4, seed=5))["table"]["code"]
            carl = await seated(hall, "carl", code, seat=2)  # sat down first, higher seat
            bob = await seated(hall, "bob", code, seat=1)
            await anna.send({"t": "leave"})
            told = await expect(bob, "host")
            assert told["code"] == code and told["text"] == "you host this table now: s starts it"
            await until(carl, lambda m: m["t"] == "notice" and "bob hosts this table now"
                        in m["text"])
            state = await until(carl, lambda m: m["t"] == "state"
                                and m["table"]["host"] == "bob")
            assert not state["table"]["started"]
            assert hall.tap.to("carl", "host") == [] and hall.tap.to("anna", "host") == []
            table = hall.tables[code]
            assert table.host.key == "guest:bob"
            await carl.send({"t": "start"})
            assert "only the host" in (await expect(carl, "error"))["text"]
            await anna.send({"t": "join", "code": code})
            back = await expect(anna, "joined")
            assert back["seat"] == 0 and back["host"] is False
            await anna.send({"t": "start"})
            assert "only the host" in (await expect(anna, "error"))["text"]
            await hall.flush()
            side = json.loads((tmp_path / "tables" / f"{code}.json").read_text())
            assert side["host"]["key"] == "guest:bob"
            await bob.send({"t": "start"})
            await until(carl, lambda m: m["t"] == "state" and m["table"]["started"])
            await bob.send({"t": "leave"})  # started: nothing to hand on
            await until(carl, lambda m: m["t"] == "notice" and "bob left" in m["text"])
            assert table.host.key == "guest:bob" and hall.tap.to("carl", "host") == []
    run(go())


def test_a_host_who_drops_hands_on_to_a_seated_human_never_to_a_spectator(tmp_path: Path
                                                                         ) -> None:
    """A disconnect hands the table on as leaving does; a spectator is not
    seated, so a host alone with spectators keeps the table, which waits
    (and closes when abandoned) as before."""
    async def go() -> None:
        async with hall_at(tmp_path, seat_grace=60) as hall:
            anna = connect(hall, "anna")
            code = (await create(anna, GAME, ["human"] * 3, seed=5))["table"]["code"]
            eve = connect(hall, "eve")
            await eve.send({"t": "watch", "code": code})
            await expect(eve, "joined")
            dora = connect(hall, "dora")
            alone = (await create(dora, GAME, ["human"] * 2, seed=6))["table"]["code"]
            await dora.send({"t": "leave"})  # nobody else here: no new host
            bob = await seated(hall, "bob", code)
            anna.close()
            assert (await expect(bob, "host"))["code"] == code
            await until(eve, lambda m: m["t"] == "notice" and "bob hosts" in m["text"])
            assert hall.tables[code].host.key == "guest:bob"
            assert hall.tables[alone].host.key == "guest:dora"
            assert hall.tap.to("eve", "host") == [] and hall.tap.to("dora", "host") == []
            bob.close()  # the new host drops too: only a spectator is left
            await until(eve, lambda m: m["t"] == "notice" and "bob left" in m["text"])
            assert hall.tables[code].host.key == "guest:bob"
    run(go())
