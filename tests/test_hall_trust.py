"""What nobody may take at a shared table (issue 26): the seed, more than a
fair share of tables and bots, a table frozen by an undo, a private code by
guessing. Each test speaks the hall's protocol to a real Hall."""

from __future__ import annotations

import asyncio
import pickle
import signal
from pathlib import Path
from typing import Any

import engine
from engine.core import Options
from hall.bots import BotPool, FairQueue
from hall.guesses import Guesses
from hall.hall import Hall
from hall.messages import PRIVATE_CODE_LEN
from saves import Store
from saves.store import folder_in
from tests.hall_helpers import (
    POOL,
    Logged,
    connect,
    create,
    expect,
    hall_at,
    run,
    until,
)
from tests.test_hall_seats import GAME, drive_to_undo, table_of_two

# ----------------------------------------------------------------- the seed


def _holds(value: Any, seed: int, depth: int = 0) -> bool:
    """Is ``seed`` anywhere in ``value`` (messages, pickled views, records)?"""
    if depth > 40:
        return False
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return value == seed
    if isinstance(value, bytes):
        try:
            value = pickle.loads(value)  # noqa: S301 - our own hall's view
        except Exception:  # noqa: BLE001 - not a pickle: plain bytes
            return False
        return _holds(value, seed, depth + 1)
    if isinstance(value, str):
        return str(seed) in value
    if isinstance(value, dict):
        return any(_holds(k, seed, depth + 1) or _holds(v, seed, depth + 1)
                   for k, v in value.items())
    if isinstance(value, list | tuple | set | frozenset):
        return any(_holds(v, seed, depth + 1) for v in value)
    fields = getattr(value, "__dict__", None) or {
        n: getattr(value, n) for n in getattr(value, "__slots__", ()) if hasattr(value, n)}
    return any(_holds(v, seed, depth + 1) for v in fields.values())


def test_the_hall_draws_each_seed_and_tells_it_to_nobody(tmp_path: Path) -> None:
    """Seeds come from the hall's secure source, a different one per table,
    and no message to anyone (views unpickled) holds it while the game runs."""
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            hall.seeds = Hall(hall.config).seeds  # the real source, not the tests' fixed one
            anna, bob = connect(hall, "anna"), connect(hall, "bob")
            codes = []
            for client in (anna, bob):
                await client.send({"t": "create", "game": GAME, "seats": [
                    {"kind": "human", "strength": "easy"}, {"kind": "human"}]})
                codes.append((await expect(client, "joined"))["table"]["code"])
            seeds = [hall.tables[c].match.seed for c in codes]
            assert seeds[0] != seeds[1] and all(s >= 1 << 40 for s in seeds)
            await bob.send({"t": "join", "code": codes[0]})
            await expect(bob, "joined")
            await until(bob, lambda m: m["t"] == "state" and m["table"]["started"])
            sent = [m for _, code, _, m in hall.tap.sent if code == codes[0]]
            assert any(m["t"] == "state" for m in sent)
            assert not any(_holds(m, seeds[0]) for m in sent)
    run(go())


# ----------------------------------------------------------------- fair shares


def test_tables_per_person_count_by_address_for_guests_not_by_name(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path, tables_per_key=2) as hall:
            here = [connect(hall, f"g{i}", address="198.51.100.7") for i in range(3)]
            for client in here[:2]:
                await create(client, GAME, ["human", "rules"])
            await here[2].send({"t": "create", "game": GAME, "seats": [{"kind": "human"}] * 2})
            assert "you already host 2 open tables" in (await expect(here[2], "error"))["text"]
            elsewhere = connect(hall, "g9", address="198.51.100.8")
            assert (await create(elsewhere, GAME, ["human", "rules"]))["seat"] == 0
    run(go())


def test_a_table_nobody_is_at_pauses_its_bots_then_is_saved_and_closed(tmp_path: Path
                                                                       ) -> None:
    """Bots play while someone watches (one for anna, who left); once
    everyone has gone they wait (no search, no timer), and after
    ``idle_close`` the game is saved into its human owners' folders and the
    table closes."""
    async def go() -> None:
        waits = Logged("nobody is here; its bots wait")
        closed = Logged("closed: nobody was at it")
        home = tmp_path / "anna"
        async with hall_at(tmp_path / "data", idle_close=0.3, seat_grace=0,
                           bot_iterations=4) as hall:
            anna = connect(hall, "anna", home=home, key="SHA256:anna")  # a friend's key
            vera = connect(hall, "vera")
            code = (await create(anna, "provincia", ["human", "rules", "rules"]))["table"]["code"]
            await vera.send({"t": "watch", "code": code})
            await expect(vera, "joined")
            anna.close()  # a bot plays her seat at once (no grace), while vera watches
            await until(vera, lambda m: m["t"] == "state" and m["step"] >= 3)
            table = hall.tables[code]
            vera.close()
            await waits.wait()
            thinking = hall._thinking.get(code)
            if thinking is not None:  # a search already under way ends; none starts after it
                await asyncio.wait({thinking})
            step = table.step
            assert code not in hall._thinking and code not in hall._timers.turn
            await closed.wait()
            assert code not in hall.tables and table.step == step and not table.over
            saved = Store(root=home).list()
            assert [s.name for s in saved] == [f"table {code} provincia"]
            assert not saved[0].finished
    run(go())


def test_someone_watching_wakes_a_waiting_table(tmp_path: Path) -> None:
    async def go() -> None:
        waits = Logged("nobody is here; its bots wait")
        async with hall_at(tmp_path, bot_iterations=4) as hall:
            anna = connect(hall, "anna")
            await anna.send({"t": "create", "game": GAME, "seats": [{"kind": "rules"}] * 2})
            code = (await expect(anna, "joined"))["table"]["code"]  # a table of bots: she watches
            await until(anna, lambda m: m["t"] == "state" and m["step"] >= 1)
            anna.close()
            await waits.wait()
            step = hall.tables[code].step
            vera = connect(hall, "vera")
            await vera.send({"t": "watch", "code": code})
            await until(vera, lambda m: m["t"] == "state" and m["step"] > step + 1)
            assert code not in hall._timers.idle
    run(go())


# ----------------------------------------------------------------- undo


def test_an_unanswered_undo_is_refused_in_time_and_asked_once_a_turn(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path, undo_seconds=0.2) as hall:
            code, anna, bob = await table_of_two(hall)
            await drive_to_undo(hall, code, anna, bob)
            await anna.send({"t": "undo"})
            await expect(bob, "undo_asked")  # bob never answers
            result = await expect(anna, "undo_result")
            assert not result["ok"] and "no answer from bob in time" in result["text"]
            assert hall.tables[code].undo_request is None
            for _ in range(3):  # asking again at once is refused, without asking bob
                await anna.send({"t": "undo"})
                assert "once a turn" in (await expect(anna, "error"))["text"]
            assert hall.tables[code].undo_request is None
    run(go())


def test_the_turn_limit_bounds_an_undo_request_too(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path, undo_seconds=600.0) as hall:
            code, anna, bob = await table_of_two(hall)
            await drive_to_undo(hall, code, anna, bob)
            hall.config = hall.config.__class__(**{**hall.config.__dict__, "turn_limit": 0.2})
            await anna.send({"t": "undo"})
            await expect(bob, "undo_asked")
            result = await expect(anna, "undo_result")
            assert not result["ok"] and "in time" in result["text"]
    run(go())


# ----------------------------------------------------------------- guessing codes


def test_wrong_codes_count_per_address_across_connections(tmp_path: Path) -> None:
    """20 wrong codes from one address: every connection from it is then cut
    off at its next code, right or wrong; another address is not."""
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            anna = connect(hall, "anna", address="198.51.100.1")
            code = (await create(anna, GAME, ["human", "human"], private=True))["table"]["code"]
            assert len(code) == PRIVATE_CODE_LEN
            for i in range(20):
                guesser = connect(hall, f"g{i}", address="203.0.113.5")  # a fresh name each
                await guesser.send({"t": "join", "code": "BCDFGBCDFG"})
                assert "no table" in (await expect(guesser, "error"))["text"]
                guesser.close()
            lucky = connect(hall, "lucky", address="203.0.113.5")
            await lucky.send({"t": "watch", "code": code})  # the right code: still refused
            try:
                msg = await until(lucky, lambda m: m["t"] in ("joined", "state"))
            except ConnectionError:
                msg = None
            assert msg is None
            other = connect(hall, "other", address="203.0.113.6")
            await other.send({"t": "watch", "code": code})
            assert (await expect(other, "joined"))["seat"] is None
    run(go())


def test_wrong_codes_count_per_key_whatever_the_address(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            for i in range(20):
                client = connect(hall, "mallory", key="SHA256:mallory", address=f"10.0.0.{i}")
                await client.send({"t": "join", "code": "ZZZZZ"})
                await expect(client, "error")
                client.close()
            again = connect(hall, "mallory", key="SHA256:mallory", address="10.0.1.1")
            await again.send({"t": "list"})
            await expect(again, "tables")
            await again.send({"t": "join", "code": "ZZZZZ"})
            try:
                await until(again, lambda m: False)
            except ConnectionError:
                return
            raise AssertionError("still guessing")
    run(go())


def test_guesses_age_out_with_the_clock() -> None:
    now = [0.0]
    guesses = Guesses(limit=3, window=60.0, clock=lambda: now[0])
    ids = ["address:203.0.113.5"]
    for _ in range(3):
        assert not guesses.blocked(ids)
        guesses.miss(ids)
    assert guesses.blocked(ids) and not guesses.blocked(["address:203.0.113.6"])
    now[0] = 59.0
    assert guesses.blocked(ids)
    now[0] = 60.5
    assert not guesses.blocked(ids)


# ----------------------------------------------------------------- the bot pool


def test_the_fair_queue_serves_the_owner_running_least_then_longest_unserved() -> None:
    queue = FairQueue()
    for item in ("a1", "a2", "a3"):
        queue.push("anna", item)
    queue.push("bob", "b1")
    assert queue.pop({}, cap=2) == ("anna", "a1")
    assert queue.pop({"anna": 1}, cap=2) == ("bob", "b1")  # anna runs one already
    assert queue.pop({"anna": 1, "bob": 1}, cap=1) is None  # both at their cap
    assert queue.pop({"anna": 1, "bob": 1}, cap=2) == ("anna", "a2")
    queue.push("bob", "b2")
    queue.remove("anna", "a3")
    assert queue.pop({}, cap=1) == ("bob", "b2") and len(queue) == 0


def test_one_persons_searches_do_not_queue_another_tables_move() -> None:
    """Anna's three tables ask for moves before bob's one does: bob's is the
    second to get the worker, not the fourth."""
    game = engine.get_game(GAME)
    state = game.setup(2, Options(), 1)
    seat = game.to_move(state)
    view = game.view(state, seat)

    async def go() -> list[str]:
        asks = [POOL.decide(GAME, "random", "easy", view, seat, i, owner)
                for i, owner in enumerate(["anna", "anna", "anna", "bob"])]
        tasks = [asyncio.ensure_future(a) for a in asks]  # they queue in this order
        actions = await asyncio.gather(*tasks)
        assert all(a in game.legal(view) for a in actions)
        return POOL.started[-4:]

    assert run(go()) == ["anna", "bob", "anna", "anna"]


def test_a_bot_worker_leaves_ctrl_c_at_the_servers_terminal_to_the_hall() -> None:
    """Ctrl-C in the terminal of `tabula serve` reaches the bot workers too
    (one process group): each printed a KeyboardInterrupt traceback as the
    server stopped (a walk of a shared table). A worker ignores it; the hall
    stops the pool itself."""
    pool = BotPool(workers=1, iterations=5)
    pool.start()
    try:
        assert pool._pool is not None
        told = pool._pool.submit(signal.getsignal, signal.SIGINT).result(timeout=60)
        assert told == signal.SIG_IGN, told
    finally:
        pool.close()


class GatedPool(BotPool):
    """A pool whose decisions end when the test says (``finish``): the fair
    queue is what is under test here, not the bots."""

    def __init__(self) -> None:
        super().__init__(workers=1)
        self.gates: dict[int, asyncio.Future] = {}

    def start(self) -> None:  # no worker processes: decisions are the test's gates
        pass

    async def _run(self, game_id, kind, strength, data, view, seat, seed):  # type: ignore[override]
        self.gates[seed] = asyncio.get_running_loop().create_future()
        return await self.gates[seed]


def test_a_request_cancelled_while_it_waits_never_takes_a_worker() -> None:
    """A table ends (its queued request cancelled) in the same turn as
    another table's search ends: the next one still runs, and the gone
    request counts as no search."""
    async def go() -> None:
        pool = GatedPool()
        first = asyncio.ensure_future(pool.decide(GAME, "rules", "easy", None, 0, 1, "anna"))
        while 1 not in pool.gates:
            await asyncio.sleep(0)
        queued = asyncio.ensure_future(pool.decide(GAME, "rules", "easy", None, 0, 2, "bob"))
        third = asyncio.ensure_future(pool.decide(GAME, "rules", "easy", None, 0, 3, "carl"))
        await asyncio.sleep(0)  # both wait in the queue now
        pool.gates[1].set_result(("done",))
        queued.cancel()  # bob's table ended just as anna's search came back
        assert await first == ("done",)
        while 3 not in pool.gates:
            await asyncio.sleep(0)
        assert pool._running == {"carl": 1}
        pool.gates[3].set_result(("also",))
        assert await third == ("also",) and queued.cancelled() and pool._running == {}
    run(go())


def test_a_guests_folder_is_not_made_again_to_save_a_closed_table(tmp_path: Path) -> None:
    async def go() -> None:
        closed = Logged("closed: nobody was at it")
        home = tmp_path / "guest-home"
        home.mkdir()
        async with hall_at(tmp_path / "data", idle_close=0.2, bot_iterations=4) as hall:
            anna = connect(hall, "anna", home=folder_in(home))  # (a guest: hall_helpers' key)
            await create(anna, "provincia", ["human", "rules", "rules"])
            anna.close()
            home.rmdir()  # she left: the server removed her guest home
            await closed.wait()
        assert not home.exists()
    run(go())
