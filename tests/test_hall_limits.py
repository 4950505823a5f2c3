"""What the hall refuses and bounds: garbage from a game process closes only
that connection; chat is cleaned, bounded and rate-limited; table limits;
bad create requests get the engine's one-line reason; full and unknown
tables. And every registered game works at a shared table (create, join,
act, watch) through the protocol alone."""

from __future__ import annotations

import asyncio
import logging
import pickle
import random
import socket
import struct
from pathlib import Path

import msgpack
import pytest

import engine
from engine import games
from engine.core import SPECTATOR, Options, check_options
from hall import wire
from hall.hall import Who
from tests.hall_helpers import (
    Logged,
    Player,
    connect,
    create,
    expect,
    hall_at,
    play_all,
    run,
    until,
)


def _frame(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


GARBAGE = {
    "random bytes": random.Random(1).randbytes(64),
    "oversize length": struct.pack(">I", wire.MAX_IN + 1) + b"x" * 64,
    "bad msgpack": _frame(b"\xc1\xc1\xc1"),
    "not a map": _frame(msgpack.packb([1, 2, 3])),
    "unknown kind": _frame(msgpack.packb({"t": "launch_missiles"})),
    "wrong types": _frame(msgpack.packb({"t": "act", "step": "one", "action": {}})),
    "extra key": _frame(msgpack.packb({"t": "list", "admin": True})),
}


@pytest.mark.parametrize("garbage", list(GARBAGE), ids=list(GARBAGE))
def test_garbage_closes_only_that_connection(tmp_path: Path, garbage: str,
                                             caplog: pytest.LogCaptureFixture) -> None:
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            anna = connect(hall, "anna")
            code = (await create(anna, "provincia", ["human", "human", "rules"], 2)
                    )["table"]["code"]
            ours, theirs = socket.socketpair()
            hall.attach(ours, Who("guest:mallory", "mallory"))
            reader, writer = await asyncio.open_connection(sock=theirs)
            writer.write(wire.pack({"t": "join", "code": code}))
            joined = None
            while joined is None or joined["t"] != "state":
                joined = await asyncio.wait_for(wire.read(reader, wire.MAX_OUT), 30)
            with caplog.at_level(logging.INFO, logger="tabula.hall"):
                writer.write(GARBAGE[garbage])
                assert await asyncio.wait_for(reader.read(), 30) == b""  # closed: EOF
                await until(anna, lambda m: m["t"] == "notice" and "mallory left" in m["text"])
            errors = [r for r in caplog.records if "protocol error" in r.getMessage()]
            assert len(errors) == 1 and "mallory" in errors[0].getMessage()
            assert "\n" not in errors[0].getMessage()
            # the seat stays mallory's (waiting); the host lets a bot play it and
            # the table goes on
            bob = connect(hall, "bob")
            await bob.send({"t": "join", "code": code})
            assert (await expect(bob, "error"))["text"].startswith(f"table {code} has no free")
            await anna.send({"t": "bot", "seat": 1})
            await until(anna, lambda m: m["t"] == "notice" and "a bot plays" in m["text"])
            result = await play_all([Player(anna, 1, stop_at=6)])
            assert result == [None]
            writer.close()
    run(go())


def test_chat_is_cleaned_bounded_kept_and_rate_limited(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path, chat_burst=3, chat_every=3600) as hall:
            anna, bob = connect(hall, "anna"), connect(hall, "bob")
            code = (await create(anna, "provincia", ["human", "human"]))["table"]["code"]
            await bob.send({"t": "join", "code": code})
            await expect(bob, "joined")
            await anna.send({"t": "chat", "text": "\x1b[31mhi\x07 there\nyou"})
            line = await expect(bob, "chat")
            assert line == {"t": "chat", "name": "anna", "seat": 0, "text": "[31mhi there you"}
            await anna.send({"t": "chat", "text": "x" * 900})
            long = await expect(bob, "chat")
            assert len(long["text"]) == 200 and long["text"].endswith("…")
            await anna.send({"t": "chat", "text": "three"})
            await expect(bob, "chat")
            await anna.send({"t": "chat", "text": "four"})
            assert "slow down" in (await expect(anna, "error"))["text"]
            eve = connect(hall, "eve")
            await eve.send({"t": "watch", "code": code})
            await expect(eve, "joined")
            kept = [await expect(eve, "chat") for _ in range(3)]
            assert [k["text"] for k in kept][::2] == ["[31mhi there you", "three"]
            await eve.send({"t": "chat", "text": "hello from the stands"})
            assert (await expect(anna, "chat"))["seat"] is None
    run(go())


def test_table_limits(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path, max_tables=2, tables_per_key=1) as hall:
            anna, bob, carl = (connect(hall, n) for n in ("anna", "bob", "carl"))
            await create(anna, "provincia", ["human", "rules"])
            await anna.send({"t": "create", "game": "provincia",
                             "seats": [{"kind": "human"}, {"kind": "rules"}]})
            assert "you already host 1" in (await expect(anna, "error"))["text"]
            await create(bob, "provincia", ["human", "rules"])
            await carl.send({"t": "create", "game": "provincia",
                             "seats": [{"kind": "human"}, {"kind": "rules"}]})
            assert "the hall is full" in (await expect(carl, "error"))["text"]
            assert len(hall.tables) == 2
    run(go())


def _option_refusal(game_id: str) -> tuple[dict, str]:
    """A bad value for the game's first option, and the engine's own reason."""
    game = engine.get_game(game_id)
    option = game.options[0]
    bad = 12345 if option.kind != "int" else (option.bounds or (0, 0))[1] + 1
    with pytest.raises(ValueError) as refusal:
        check_options(game.options, Options.of({option.key: bad}), game.default_players)
    return {option.key: bad}, str(refusal.value)


def test_bad_create_requests_get_one_line_reasons(tmp_path: Path) -> None:
    options, reason = _option_refusal("provincia")
    cases = [
        ({"game": "chess", "seats": [{"kind": "human"}]}, "unknown game 'chess'"),
        ({"game": "provincia", "seats": [{"kind": "human"}] * 9}, "is for 2 to 6 players"),
        ({"game": "provincia", "seats": [{"kind": "human"}, {"kind": "alien"}]},
         "unknown seat kind 'alien'"),
        ({"game": "provincia", "seats": [{"kind": "human"}, {"kind": "rules",
                                                              "strength": "godlike"}]},
         "unknown strength 'godlike'"),
        ({"game": "provincia", "seats": [{"kind": "human"}] * 2, "options": {"nope": 1}},
         "unknown option 'nope'"),
        ({"game": "provincia", "seats": [{"kind": "human"}] * 4, "options": options}, reason),
    ]

    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            anna = connect(hall, "anna")
            for request, why in cases:
                await anna.send({"t": "create", **request})
                text = (await expect(anna, "error"))["text"]
                assert why in text and "\n" not in text, (text, why)
            assert hall.tables == {}
    run(go())


def test_joining_a_full_an_unknown_or_a_bot_seat_is_refused(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            anna, bob, carl = (connect(hall, n) for n in ("anna", "bob", "carl"))
            code = (await create(anna, "provincia", ["human", "human", "rules"])
                    )["table"]["code"]
            await carl.send({"t": "join", "code": code, "seat": 2})
            assert "seat 3" in (await expect(carl, "error"))["text"]
            await carl.send({"t": "join", "code": code, "seat": 7})
            assert "no seat 8" in (await expect(carl, "error"))["text"]
            await bob.send({"t": "join", "code": code.lower()})
            await expect(bob, "joined")
            await carl.send({"t": "join", "code": code})
            assert "no free seat" in (await expect(carl, "error"))["text"]
            await carl.send({"t": "join", "code": "ZZZZZ"})
            assert "no table ZZZZZ" in (await expect(carl, "error"))["text"]
            await carl.send({"t": "act", "step": 0, "action": ["x"]})
            assert "not at a table" in (await expect(carl, "error"))["text"]
            await carl.send({"t": "list"})
            listed = (await expect(carl, "tables"))["tables"]
            assert [t["code"] for t in listed] == [code]
            seats = listed[0]["seats"]
            assert [s["taken"] for s in seats] == [True, True, False]
            assert not any(s["you"] for s in seats)
    run(go())


def test_private_tables_are_listed_only_for_their_own(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            anna, bob = connect(hall, "anna"), connect(hall, "bob")
            code = (await create(anna, "provincia", ["human", "human"], private=True)
                    )["table"]["code"]
            await bob.send({"t": "list"})
            assert (await expect(bob, "tables"))["tables"] == []
            await anna.send({"t": "list"})
            assert [t["code"] for t in (await expect(anna, "tables"))["tables"]] == [code]
            await bob.send({"t": "join", "code": code})
            assert (await expect(bob, "joined"))["table"]["private"]
    run(go())


@pytest.mark.parametrize("game_id", [e.id for e in games.GAMES])
def test_every_game_plays_at_a_shared_table(tmp_path: Path, game_id: str) -> None:
    game = engine.get_game(game_id)
    n = max(2, game.players.start) if 2 in game.players else game.players.start
    kinds = ["human", "human", *["random"] * (n - 2)][:n] if n > 1 else ["human"]

    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            anna = connect(hall, "anna")
            code = (await create(anna, game_id, kinds, seed=11))["table"]["code"]
            eve = connect(hall, "eve")
            await eve.send({"t": "watch", "code": code})
            assert (await expect(eve, "joined"))["table"]["game"] == game_id
            players = [Player(anna, 1, stop_at=6)]
            if n > 1:
                bob = connect(hall, "bob")
                await bob.send({"t": "join", "code": code})
                players.append(Player(bob, 2, stop_at=6))
            await play_all(players)
            table = hall.tables[code]
            assert table.step >= 6
            for _cid, _code, who, msg in hall.tap.sent:
                if msg["t"] == "state":
                    seat = {"anna": 0, "bob": 1, "eve": SPECTATOR}[who.name]
                    view = pickle.loads(msg["view"])  # noqa: S301
                    assert view == game.view(table.match.states[msg["step"]], seat)
            assert (await expect(eve, "state"))["view"]
    run(go())


def test_local_players_on_a_unix_socket(tmp_path: Path) -> None:
    """A Unix socket client says who it is first; stopping the hall with a
    client connected reports no loop error."""
    from hall.client import HallClient

    async def go() -> None:
        errors: list[dict] = []
        asyncio.get_running_loop().set_exception_handler(lambda _loop, ctx: errors.append(ctx))
        path = tmp_path / "hall.sock"
        async with hall_at(tmp_path / "data", local_home=tmp_path / "home") as hall:
            await hall.serve_unix(path)
            assert path.stat().st_mode & 0o777 == 0o600
            anna = await HallClient.connect_unix(path, "anna\x1b[2J")
            hello = await expect(anna, "hello")
            assert hello["you"] == "anna[2J"
            await create(anna, "provincia", ["human", "rules"])
            rude = await HallClient.connect_unix(path, "x")
            await rude.send({"t": "hello", "name": "again"})  # a second hello: cut off
            with pytest.raises(ConnectionError):
                await until(rude, lambda m: False)
            owner = next(iter(hall.tables.values())).owners[0]
            assert owner.key == "local:anna[2J" and owner.home == tmp_path / "home"
        with pytest.raises(ConnectionError):
            await until(anna, lambda m: False)
        assert errors == []
    run(go())


def test_guessing_codes_or_flooding_cuts_a_connection_off(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            guesser = connect(hall, "guesser")
            for i in range(20):
                await guesser.send({"t": "join", "code": f"BCDF{'BCDFGHJKLMNPQRSTVWXZ'[i]}"})
                assert "no table" in (await expect(guesser, "error"))["text"]
            await guesser.send({"t": "watch", "code": "ZZZZZ"})
            with pytest.raises(ConnectionError):
                await until(guesser, lambda m: False)
            flood = connect(hall, "flood")
            with pytest.raises(ConnectionError):
                for _ in range(2000):
                    await flood.send({"t": "list"})
                await until(flood, lambda m: False)
            calm = connect(hall, "calm")
            await calm.send({"t": "list"})
            assert (await expect(calm, "tables"))["tables"] == []
    run(go())


def test_a_table_everyone_left_before_it_started_is_closed(tmp_path: Path) -> None:
    async def go() -> None:
        closed = Logged("closed: it never started")
        async with hall_at(tmp_path, seat_grace=0.2) as hall:
            anna = connect(hall, "anna")
            code = (await create(anna, "provincia", ["human", "human"]))["table"]["code"]
            await anna.send({"t": "leave"})
            await closed.wait()
            assert code not in hall.tables
            await anna.send({"t": "join", "code": code})
            assert "no table" in (await expect(anna, "error"))["text"]
    run(go())
