"""Who may do what at a shared table, tried over the hall's real protocol.

Each test sends, from the connection that must not do it, a message that
would be played if it came from the right one (the mover's own legal action
at the current step), and checks that it is refused with its reason and
that nothing changed; then, where there is one, the right connection sends
the same message and it is played. A real Hall on real socket pairs; bots
wait behind a gate the test opens (``HeldPool``) so no position moves on
while a test acts on it.

Every check in ``hall/table.py``, ``hall/hall.py`` and ``hall/messages.py``
was removed in turn: each one a message can reach fails a test here or in
the other hall tests. Where no message reaches a check today (a second line
behind the hall's gate or its bookkeeping), a test goes below the protocol:
the Table's logic alone, or a timer's callback run as a late timer would.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from engine.match import Match, Seat
from hall.client import HallClient
from hall.hall import Hall
from hall.store import TableStore
from hall.table import Table, Who
from tests.hall_helpers import (
    WAIT,
    HeldPool,
    Logged,
    Player,
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
    act that is played instead fails at once, not after a timeout). A list
    first: its answer comes after anything the hall sent before (an old
    error must not pass for this refusal)."""
    await client.send({"t": "list"})
    await expect(client, "tables")
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


def test_nobody_plays_before_the_game_begins(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            anna, bob = connect(hall, "anna"), connect(hall, "bob")
            code = (await create(anna, GAME, ["human"] * 3, seed=3))["table"]["code"]
            await bob.send({"t": "join", "code": code})
            await expect(bob, "joined")
            table = hall.tables[code]
            assert not table.started and table.match.to_move() == 0
            await refused(anna, movers_act(table), "has not started")
            assert table.match.actions == []
    run(go())


def test_nobody_plays_once_the_game_is_over(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path, finished_keep=3600) as hall:
            anna = connect(hall, "anna")
            code = (await create(anna, GAME, ["human", "random"], seed=8))["table"]["code"]
            assert await Player(anna, 1).play() is not None
            table = hall.tables[code]
            steps = table.step
            await refused(anna, {"t": "act", "step": steps, "action": ["deck", 0]},
                          "the game is over")
            assert table.step == steps
    run(go())


def test_a_move_sent_for_a_step_gone_by_is_not_played(tmp_path: Path) -> None:
    """anna moves twice in a row here: her first move sent again, or any
    move legal now but sent for the step before, is not played."""
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            table, anna, _ = await seated_pair(hall)
            await played(anna, table, movers_act(table))
            assert table.match.to_move() == 0 and table.step == 1
            late = dict(movers_act(table), step=0)  # legal now, but for step 0
            await refused(anna, late, "the game has moved on")
            assert table.step == 1
    run(go())


def test_an_illegal_move_is_refused_and_the_player_plays_on(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            table, anna, _ = await seated_pair(hall)
            step = table.step
            legal = {tuple(table.game.encode_action(a))
                     for a in table.game.legal(table.match.view(0))}
            illegal = next(a for a in ([k, n] for k in ("pick", "deck") for n in range(40))
                           if tuple(a) not in legal)
            await refused(anna, {"t": "act", "step": step, "action": illegal},
                          "not allowed now")
            assert table.step == step
            await played(anna, table, movers_act(table))  # her connection is still there
    run(go())


def test_only_a_player_asks_an_undo_once_and_only_the_others_answer(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            table, anna, bob = await seated_pair(hall)
            eve = connect(hall, "eve")
            await eve.send({"t": "watch", "code": table.code})
            await expect(eve, "joined")
            await refused(anna, {"t": "undo"}, "nothing you may undo")
            for _ in range(2):  # anna moves twice; then it is bob's turn
                await played(anna, table, movers_act(table))
            assert table.match.to_move() == 1 and table.match.can_undo(0)
            await refused(eve, {"t": "undo"}, "only a player")
            await anna.send({"t": "undo"})
            await expect(bob, "undo_asked")
            await refused(anna, {"t": "undo"}, "already being asked")
            await refused(anna, {"t": "undo_answer", "yes": True}, "no undo is waiting")
            await refused(eve, {"t": "undo_answer", "yes": True}, "no undo is waiting")
            assert table.undo_request is not None and table.step == 2
            await bob.send({"t": "undo_answer", "yes": True})
            assert (await expect(anna, "undo_result"))["ok"]
            assert table.step < 2
    run(go())


def test_the_host_gives_a_bot_only_a_seat_that_waits_for_its_player(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path, seat_grace=3600) as hall:
            anna, bob = connect(hall, "anna"), connect(hall, "bob")
            code = (await create(anna, GAME, ["human"] * 3, seed=5))["table"]["code"]
            await bob.send({"t": "join", "code": code})
            await expect(bob, "joined")
            await anna.send({"t": "start"})  # seat 3, never taken, becomes a bot
            table = hall.tables[code]
            await until(anna, lambda m: m["t"] == "state" and m["table"]["started"])
            for seat in (2, 9):
                await refused(anna, {"t": "bot", "seat": seat}, "not waiting")
            bob.close()
            await until(anna, lambda m: m["t"] == "notice" and "bob left" in m["text"])
            await anna.send({"t": "bot", "seat": 1})
            await until(anna, lambda m: m["t"] == "notice" and "a bot plays for bob" in m["text"])
            await refused(anna, {"t": "bot", "seat": 1}, "not waiting")
            assert table.bot_playing == {1}
    run(go())


def test_seats_that_cannot_be_taken(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            anna, bob, carl = connect(hall, "anna"), connect(hall, "bob"), connect(hall, "carl")
            code = (await create(anna, GAME, ["human", "human", "rules"], seed=5)
                    )["table"]["code"]
            await refused(carl, {"t": "join", "code": code, "seat": 9}, "has no seat 10")
            await refused(carl, {"t": "join", "code": code, "seat": 2}, "is not free")
            await refused(carl, {"t": "join", "code": code, "seat": 0}, "is not free")
            await refused(anna, {"t": "join", "code": code}, "already")
            await bob.send({"t": "join", "code": code})
            assert (await expect(bob, "joined"))["seat"] == 1
            await refused(carl, {"t": "join", "code": code}, "no free seat")
            table = hall.tables[code]
            assert [o.name if o else None for o in table.owners] == ["anna", "bob", None]
    run(go())


def test_a_bots_decision_for_a_position_since_undone_is_dropped(tmp_path: Path) -> None:
    async def go() -> None:
        held = HeldPool()
        async with hall_at(tmp_path, pool=held) as hall:
            anna = connect(hall, "anna")
            code = (await create(anna, GAME, ["human", "rules"], seed=1))["table"]["code"]
            table = hall.tables[code]
            await expect(anna, "state")
            while table.match.to_move() == 0:
                await played(anna, table, movers_act(table))
            await asyncio.wait_for(held.asked.wait(), WAIT)  # the bot thinks, held
            await anna.send({"t": "undo"})  # nobody else to ask: at once
            assert (await expect(anna, "undo_result"))["ok"]
            undone = list(table.match.actions)
            assert table.match.to_move() == 0
            held.release()
            await asyncio.wait_for(held.answered.wait(), WAIT)
            assert table.match.actions == undone and table.match.to_move() == 0
    run(go())


def test_a_bot_does_not_move_while_an_undo_is_being_asked(tmp_path: Path) -> None:
    async def go() -> None:
        held = HeldPool()
        async with hall_at(tmp_path, pool=held) as hall:
            anna, bob = connect(hall, "anna"), connect(hall, "bob")
            code = (await create(anna, GAME, ["human", "rules", "human"], seed=1)
                    )["table"]["code"]
            await bob.send({"t": "join", "code": code})
            await expect(bob, "joined")
            table = hall.tables[code]
            while table.match.to_move() == 0:
                await played(anna, table, movers_act(table))
            await asyncio.wait_for(held.asked.wait(), WAIT)
            step = table.step
            await anna.send({"t": "undo"})
            await expect(bob, "undo_asked")
            held.release()
            await asyncio.wait_for(held.answered.wait(), WAIT)
            assert table.step == step  # the bot's move waits for the answer
            assert code not in hall._thinking  # and no new search starts meanwhile
            await bob.send({"t": "undo_answer", "yes": True})
            assert (await expect(anna, "undo_result"))["ok"]
    run(go())


def test_a_bots_move_for_a_slow_player_who_moved_meanwhile_is_dropped(tmp_path: Path) -> None:
    """A table kept by the hall at step 12 of a seeded game, where anna
    moves twice running and the rules bot's choice for her first move is
    still legal after it. The turn limit sends the bot to move for her
    (held at the gate); she moves herself first. The bot's decision, for
    a position gone by, is not played as her next move."""
    anna_is, bob_is = Who("guest:anna", "anna"), Who("guest:bob", "bob")
    seats = (Seat("anna", "human", "easy"), Seat("bob", "human", "easy"))
    match, rng = Match(GAME, seats, 3), random.Random(3)
    for _ in range(12):
        match.play(rng.choice(match.game.legal(match.view(match.to_move()))))
    TableStore(tmp_path).save(Table(code="KXPQR", match=match, host=anna_is,
                                    owners=[anna_is, bob_is], started=True))
    mine = match.game.encode_action(("play", 29, -1))  # she moves again after it

    async def go() -> None:
        held = HeldPool()
        async with hall_at(tmp_path, pool=held, turn_limit=0, seat_grace=3600) as hall:
            anna = connect(hall, "anna")
            await anna.send({"t": "join", "code": "KXPQR"})
            await expect(anna, "joined")
            await until(anna, lambda m: m["t"] == "notice" and "time is up" in m["text"])
            await asyncio.wait_for(held.asked.wait(), WAIT)
            table = hall.tables["KXPQR"]
            assert table.step == 12 and table.match.to_move() == 0
            await played(anna, table, {"t": "act", "step": 12, "action": mine})
            assert table.step == 13 and table.match.to_move() == 0
            held.release()
            await asyncio.wait_for(held.answered.wait(), WAIT)
            assert table.step == 13, "a bot's move for step 12 was played at step 13"
    run(go())


def test_a_seat_a_bot_plays_is_not_also_played_by_a_connection_on_it() -> None:
    """Pure Table logic, for the second half of the turn check. No message
    seats a connection on a seat a bot plays today (joining sends the bot
    away), so the test puts the bot there by hand: then neither plays the
    other's turn twice over, the person's act is refused."""
    from hall.table import Refused

    anna, bob = Who("guest:anna", "anna"), Who("guest:bob", "bob")
    table = Table("BCDFG", Match(GAME, (Seat("anna"), Seat("bob")), 3), host=anna)
    table.join(1, anna)
    table.join(2, bob)
    assert table.started and table.match.to_move() == 0
    table.bot_playing.add(0)  # a bot plays anna's seat while her connection is on it
    action = list(table.game.legal(table.match.view(0)))[0]
    try:
        table.act(1, table.step, table.game.encode_action(action))
    except Refused as e:
        assert "not your turn" in str(e)
    else:
        raise AssertionError("a seat a bot plays was played by a person too")
    assert table.step == 0


def test_the_tables_own_checks_hold_without_the_halls() -> None:
    """Pure Table logic, for checks the hall's gate (``messages.check``) and
    its bookkeeping already cover, so no message reaches them today: an
    action the game cannot decode, and chat from a connection that is not
    at the table. The table refuses them itself."""
    from hall.table import Refused

    anna, bob = Who("guest:anna", "anna"), Who("guest:bob", "bob")
    table = Table("BCDFG", Match(GAME, (Seat("anna"), Seat("bob")), 3), host=anna)
    table.join(1, anna)
    table.join(2, bob)
    for bad in ({"pick": 1}, [{"x": 1}]):
        try:
            table.act(1, table.step, bad)  # type: ignore[arg-type]
        except Refused as e:
            assert "not one the game knows" in str(e)
        else:
            raise AssertionError(f"{bad!r} was taken for a move")
    try:
        table.chat(99, "hello")
    except Refused as e:
        assert "not at a table" in str(e)
    else:
        raise AssertionError("a connection not at the table chatted")
    assert table.step == 0 and not table.chat_lines


def test_a_kept_table_started_with_a_seat_never_taken_gives_it_to_nobody(tmp_path: Path
                                                                          ) -> None:
    """A table the hall kept (its file) says the game started while a human
    seat was never taken, as no table of today's hall is; nobody may sit
    there once the game has begun, asked for or not."""
    anna_is = Who("guest:anna", "anna")
    match = Match(GAME, (Seat("anna"), Seat("Seat 2")), 3)
    TableStore(tmp_path).save(Table(code="KXPQR", match=match, host=anna_is,
                                    owners=[anna_is, None], started=True))

    async def go() -> None:
        async with hall_at(tmp_path, seat_grace=3600) as hall:
            carl = connect(hall, "carl")
            await refused(carl, {"t": "join", "code": "KXPQR", "seat": 1}, "is not free")
            await refused(carl, {"t": "join", "code": "KXPQR"}, "no free seat")
            assert hall.tables["KXPQR"].owners == [anna_is, None]
    run(go())


def test_a_bot_takes_only_a_seat_whose_player_is_away() -> None:
    """Pure Table logic: the grace timer's ``bot_takes`` (cancelled when the
    player comes back, so no message reaches this today) leaves a seat whose
    player is connected, and a seat nobody ever took, to no bot."""
    anna, bob = Who("guest:anna", "anna"), Who("guest:bob", "bob")
    table = Table("BCDFG", Match(GAME, (Seat("anna"), Seat("bob"), Seat("Seat 3")), 3),
                  host=anna)
    table.join(1, anna)
    table.join(2, bob)
    assert table.bot_takes(1) == [] and table.bot_takes(2) == []
    assert table.bot_playing == set()


def test_no_bot_moves_before_the_game_begins(tmp_path: Path) -> None:
    """A bot seat is first to move, but a human seat is still free: the bot
    waits (no search starts) until the table is full, then plays."""
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            anna, bob = connect(hall, "anna"), connect(hall, "bob")
            joined = await create(anna, GAME, ["rules", "human", "human"], seed=3)
            code = joined["table"]["code"]
            table = hall.tables[code]
            assert joined["seat"] == 1 and not table.started and table.match.to_move() == 0
            assert code not in hall._thinking and table.step == 0
            await bob.send({"t": "join", "code": code})
            await expect(bob, "joined")
            await until(anna, lambda m: m["t"] == "state" and m["step"] >= 1)
            assert table.started and table.match.actions
    run(go())


def test_a_login_code_names_only_an_open_table_and_counts_its_misses(tmp_path: Path) -> None:
    """``ssh CODE@host`` asks ``Hall.code_for``: a finished table's code names
    nothing and counts as a wrong guess; once an address has used up its
    guesses, even a right code names nothing."""
    from hall.guesses import LIMIT

    async def go() -> None:
        async with hall_at(tmp_path, finished_keep=3600) as hall:
            anna = connect(hall, "anna")
            done = (await create(anna, GAME, ["human", "random"], seed=8))["table"]["code"]
            assert await Player(anna, 1).play() is not None
            bob = connect(hall, "bob")
            open_code = (await create(bob, GAME, ["human", "human"], seed=3))["table"]["code"]
            guesser = Who("guest:x", "x", address="203.0.113.9")
            assert hall.code_for(open_code.lower(), guesser) == open_code
            assert hall.code_for(done, guesser) is None  # over: not a table to log in to
            for _ in range(LIMIT - 1):
                assert hall.code_for("BCDFGBCDFG", guesser) is None
            assert hall.code_for(open_code, guesser) is None  # blocked: right or wrong
            other = Who("guest:y", "y", address="198.51.100.7")
            assert hall.code_for(open_code, other) == open_code
    run(go())


# ----------------------------------------------------------------- timers that fire late
# The hall stops a timer when what it waited for happens, and each timer's
# callback checks again when it runs. The tests call a callback as a timer
# that was not stopped in time would (a late timer, a race): it changes nothing.


def test_a_late_turn_timer_moves_no_one(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path, seat_grace=3600) as hall:
            table, anna, bob = await seated_pair(hall)
            hall._turn_over(table.code, table.version - 1)  # set for a position gone by
            assert table.code not in hall._thinking
            await played(anna, table, movers_act(table))
            while table.match.to_move() == 0:
                await played(anna, table, movers_act(table))
            bob.close()  # bob is to move and away, within his grace
            await until(anna, lambda m: m["t"] == "notice" and "bob left" in m["text"])
            assert table.mover() == ("wait", 1)
            hall._turn_over(table.code, table.version)  # a turn limit for a seat that waits
            assert table.code not in hall._thinking and table.match.to_move() == 1
    run(go())


def test_late_grace_idle_undo_and_abandon_timers_change_nothing(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path, seat_grace=3600, finished_keep=3600) as hall:
            # a finished table: a grace timer for a seat left gives it to no bot
            anna, carl, eve = connect(hall, "anna"), connect(hall, "carl"), connect(hall, "eve")
            done = (await create(anna, GAME, ["human", "random"], seed=8))["table"]["code"]
            assert await Player(anna, 1).play() is not None
            await eve.send({"t": "watch", "code": done})
            await expect(eve, "state")
            await anna.send({"t": "leave"})
            await expect(eve, "state")  # the table tells its watchers anna has gone
            assert not hall.tables[done].connected(0)
            hall._grace_over(done, 0)
            assert hall.tables[done].bot_playing == set()
            # a table someone watches again is not closed as idle
            table, anna2, bob = await seated_pair(hall)
            hall._idle_over(table.code)
            assert table.code in hall.tables and not table.ended
            # an undo asked anew is not refused by the timer of the one before
            await played(anna2, table, movers_act(table))
            await played(anna2, table, movers_act(table))
            await anna2.send({"t": "undo"})
            await expect(bob, "undo_asked")
            hall._undo_over(table.code, object())  # the timer of an earlier request
            assert table.undo_request is not None
            # a table not started that someone is at is not closed as abandoned
            joined = await create(carl, GAME, ["human", "human"], seed=3)
            hall._abandoned(joined["table"]["code"])
            assert joined["table"]["code"] in hall.tables
    run(go())


# ----------------------------------------------------------------- the wire


def test_the_gate_bounds_numbers_strings_and_options() -> None:
    from hall import messages, wire

    for bad in ({"t": "act", "step": 2**63, "action": ["pick", 1]},  # beyond 64-bit signed
                {"t": "act", "step": 1, "action": ["pick", "x" * 201]},
                {"t": "create", "game": GAME, "seats": [{"kind": "human"}],
                 "options": {f"o{i}": 1 for i in range(messages.MAX_OPTIONS + 1)}}):
        with pytest.raises(wire.ProtocolError):
            messages.check(bad)


def test_a_local_players_first_message_must_be_hello(tmp_path: Path) -> None:
    """On the Unix socket the first message names the player; anything else
    first is not served (no hello back, the connection closed)."""
    from hall import messages, wire

    with pytest.raises(wire.ProtocolError):
        messages.check({"t": "list", "name": "anna"}, hello=True)

    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            path = tmp_path / "hall.sock"
            await hall.serve_unix(path)
            reader, writer = await asyncio.open_unix_connection(str(path))
            writer.write(wire.pack({"t": "list", "name": "anna"}))
            await writer.drain()
            assert await asyncio.wait_for(reader.read(), WAIT) == b""  # closed, nothing said
            writer.close()
            good = await HallClient.connect_unix(path, "anna")
            assert (await expect(good, "hello"))["you"] == "anna"
            await good.aclose()
    run(go())


def test_a_spectator_who_never_reads_is_cut_off(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """What waits for a reader is bounded (here at 256 KiB, not 32 MiB, so a
    short game fills it): a table of bots watched by someone who never reads
    cuts that connection off instead of buffering without end."""
    import hall.hall as hall_module

    monkeypatch.setattr(hall_module, "MAX_BUFFERED", 256 * 1024)

    async def go() -> None:
        cut = Logged("reads too slowly; closed")
        async with hall_at(tmp_path) as hall:
            eve = connect(hall, "eve")  # creates a table of bots, watches it, reads nothing
            await eve.send({"t": "create", "game": GAME, "seats": [{"kind": "random"}] * 4})
            await cut.wait(timeout=60)
    run(go(), timeout=90)


# ----------------------------------------------------------------- the host's role


def test_the_hosts_role_moves_only_when_the_host_has_gone(tmp_path: Path) -> None:
    """Before the start, a player who is not the host leaving hands nothing
    on (bob stays host though anna, back, sits lower); the host leaving one
    connection while another of his still watches hands nothing on either."""
    def away(m: dict, seat: int) -> bool:
        return m["t"] == "state" and not m["table"]["seats"][seat]["connected"]

    async def go() -> None:
        async with hall_at(tmp_path, seat_grace=60) as hall:
            anna, bob, carl = connect(hall, "anna"), connect(hall, "bob"), connect(hall, "carl")
            code = (await create(anna, GAME, ["human"] * 4, seed=5))["table"]["code"]
            for client, seat in ((bob, 1), (carl, 2)):
                await client.send({"t": "join", "code": code, "seat": seat})
                await expect(client, "joined")
            table = hall.tables[code]
            await anna.send({"t": "leave"})
            await expect(bob, "host")  # anna, the host, left: bob hosts
            await anna.send({"t": "join", "code": code})
            assert (await expect(anna, "joined"))["seat"] == 0
            await carl.send({"t": "leave"})  # not the host: nothing moves
            await until(bob, lambda m: away(m, 2))
            assert table.host.name == "bob"
            again = connect(hall, "bob")  # bob watches from a second connection too
            await again.send({"t": "watch", "code": code})
            await expect(again, "joined")
            await bob.send({"t": "leave"})  # the host is still here on the other one
            await until(anna, lambda m: away(m, 1))
            assert table.host.name == "bob" and hall.tap.to("anna", "host") == []
    run(go())
