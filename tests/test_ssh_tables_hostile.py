"""Shared tables end to end: a game process that talks garbage to the hall.

Every served game holds one end of a private socket to the hall (fd 3).
A player who runs a modified game can write anything on it. Here the
server starts, for whoever joins by code, a stand-in game that joins the
table properly (a seat, its view) and then writes garbage on its socket:
the hall must cut that one connection off, log one line, and the table
must go on — the seat waits, a bot takes it after the grace period, and the
honest player plays on by keys.
"""

from __future__ import annotations

import logging
import random
import sys
from pathlib import Path

from tests.test_ssh_support import run
from tests.test_ssh_tables_support import YOUR_TURN, create_table, play, room, seat_of

REPO = Path(__file__).resolve().parent.parent

# The server's game command for every session: the real game, except for a
# session started to join a table by code, which misbehaves.
HOSTILE_GAME = r"""
import os, socket, struct, sys
sys.path.insert(0, REPO)
start = os.environ.get("TABULA_START", "")
if not start.startswith("join:"):
    os.execv(sys.executable, [sys.executable, "-m", "tui"])
from hall import wire
sock = socket.socket(fileno=int(os.environ["TABULA_HALL_FD"]))
sock.sendall(wire.pack({"t": "join", "code": start[5:], "seat": None}, wire.MAX_IN))
buffer = b""
while b"state" not in buffer:  # seated: the hall sent the seat its view
    data = sock.recv(1 << 20)
    if not data:
        sys.exit(3)
    buffer += data
os.write(1, b"SEATED\r\n")
# a frame announcing 1 GiB, then bytes that are no msgpack at all
sock.sendall(struct.pack(">I", 1 << 30) + os.urandom(4096))
while sock.recv(65536):  # until the hall closes this connection
    pass
os.write(1, b"CUT OFF\r\n")
os.read(0, 1)  # stay until the player leaves
""".replace("REPO", repr(str(REPO)))


def test_garbage_on_the_hall_socket_cuts_off_that_game_only(tmp_path, caplog):
    script = tmp_path / "hostile_game.py"
    script.write_text(HOSTILE_GAME)
    caplog.set_level(logging.INFO, logger="tabula.hall")

    async def body() -> None:
        async with room(tmp_path, ("anna", "mallory"), seat_grace=0.5,
                        child_command=(sys.executable, str(script))) as here:
            anna = await here.connect("anna", command="lobby")
            code = await create_table(anna, humans=2, hall=here.hall, seed=7)
            mallory = await here.connect("mallory", user=code)
            await mallory.read_until("SEATED")
            m = seat_of(here, code, "mallory")
            await mallory.read_until("CUT OFF")  # the hall hung up on her game
            a = seat_of(here, code, "anna")
            cut_at = len(here.match(code).actions)

            def both_moved_twice(match) -> bool:
                movers = [match.game.to_move(s) for s in match.states[cut_at:-1]]
                return movers.count(m) >= 2 and movers.count(a) >= 2
            # the table goes on: anna plays by keys, a bot plays mallory's seat
            keys = await play(here, code, {a: anna}, random.Random(5),
                              stop=both_moved_twice)
            assert keys >= 2
            assert anna.has(YOUR_TURN) or anna.has("is to move")
            await mallory.close()
    run(body(), timeout=120)
    lines = [r.getMessage() for r in caplog.records]
    cut = [x for x in lines if x.startswith("protocol error from client")]
    assert len(cut) == 1, lines  # one line, for her connection only
    assert any(" bot takes seat " in x for x in lines), lines
