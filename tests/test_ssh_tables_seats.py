"""Shared tables end to end: seats over real SSH — people and bots finish a
game, a dropped player's seat goes to a bot and comes back, a restarted
server keeps the table.

As in test_ssh_tables.py: a real ``tabula serve`` in this process with its
hall, players with keys of their own whose clients keep a model of their
screen, keys pressed only once the mover's screen shows the step, the
hall's match as the referee. The system ``ssh`` client plays too, on a
pseudo-terminal of the test's own, where this machine has one.
"""

from __future__ import annotations

import random
import shutil

import pytest

from engine import get_game
from engine.core import HIDDEN, SPECTATOR, Held
from saves.store import Store, folder_in
from tests.conformance.support import values
from tests.hall_helpers import Logged
from tests.test_ssh_support import run
from tests.test_ssh_tables_support import (
    YOUR_TURN,
    assert_only_own_views,
    bot_moves,
    create_table,
    game_over,
    key_turn,
    opens_late,
    play,
    room,
    seat_of,
    views_sent,
)
from tui.ssh.identity import player_home

NAMES = ("anna", "bruno", "vera")
# Bruno's client: the system ssh where this machine has one (a game's end is
# costly; the four-player test plays one with asyncssh clients already)
BRUNO = "openssh" if shutil.which("ssh") else "asyncssh"


def assert_spectator_saw_nothing_hidden(here, name: str, seats: int) -> int:
    """Every view sent to a spectator is the spectator's, and every card in it is
    hidden unless every seat has seen it. Returns the views checked."""
    everyone = (1 << seats) - 1
    sent = views_sent(here, name)
    for step, view in sent:
        assert get_game("provincia").viewer(view) == SPECTATOR, step
        for held in (x for x in values(view) if isinstance(x, Held)):
            assert held.card == HIDDEN or held.seen & everyone == everyone, (step, held)
    return len(sent)


@pytest.mark.parametrize("client", [BRUNO])
def test_two_people_and_two_bots_finish_a_game(tmp_path, client):
    """Anna makes the table in the lobby; Bruno joins with ``ssh CODE@host``
    (the system ssh, where there is one); Vera watches from the lobby. The
    table is entered for its last round (``opens_late``), played to the end."""
    async def body() -> None:
        async with room(tmp_path, NAMES) as here:
            anna = await here.connect("anna", command="lobby")
            opens_late(here.hall)
            code = await create_table(anna, humans=2, hall=here.hall, seed=7)
            start = len(here.match(code).actions)
            assert start > 50  # the last round of a four-seat game
            bruno = await here.connect("bruno", user=code, openssh=client == "openssh")
            await here.tap.until(lambda: here.tap.to(here.key_of("bruno"), "joined"),
                                 "bruno seated")
            vera = await here.connect("vera", command="lobby")
            await vera.read_until(code)
            vera.send("w")  # watch the highlighted (the only) table
            await here.tap.until(lambda: here.tap.to(here.key_of("vera"), "joined"),
                                 "vera watching")
            assert seat_of(here, code, "vera") is None
            players = {seat_of(here, code, "anna"): anna, seat_of(here, code, "bruno"): bruno}
            assert sorted(players) == [0, 1]  # type: ignore[type-var]
            saved = Logged(f"table {code} finished")
            keys = await play(here, code, players, random.Random(3))
            match = here.match(code)
            played = len(match.actions) - start
            assert match.is_over() and 0 < keys < played  # the bots moved too
            await anna.until(lambda: game_over(anna.text()), "the result")
            await bruno.until(lambda: game_over(bruno.text()), "the result")
            assert assert_only_own_views(here, code, ("anna", "bruno")) >= played
            await vera.until(lambda: game_over(vera.text()), "the result")
            assert YOUR_TURN not in vera.text()
            assert assert_spectator_saw_nothing_hidden(here, "vera", 4) > played // 2
            await saved.wait()  # into each person's own folder, where their Load looks
            # (bruno's key came only by the code: his folder is "player"'s, until it comes by name)
            for name, folder in (("anna", "anna"), ("bruno", "player")):
                home = player_home(here.host.config.data_dir, folder, here.key_of(name))
                listed = Store(root=folder_in(home)).list()
                assert [(s.name, s.finished) for s in listed] == [(f"table {code} provincia", True)]
    run(body(), timeout=120)


def test_a_dropped_player_is_replaced_by_a_bot_and_gets_the_seat_back(tmp_path):
    async def body() -> None:
        async with room(tmp_path, NAMES, seat_grace=1.0) as here:
            anna = await here.connect("anna", command="lobby")
            code = await create_table(anna, humans=2, hall=here.hall, seed=7)
            bruno = await here.connect("bruno", user=code)
            await here.tap.until(lambda: here.tap.to(here.key_of("bruno"), "joined"),
                                 "bruno seated")
            a, b = seat_of(here, code, "anna"), seat_of(here, code, "bruno")
            players = {a: anna, b: bruno}
            rng = random.Random(8)
            await play(here, code, players, rng, stop=lambda m: m.to_move() == b and
                       len(m.actions) > 6)
            bruno.drop()  # his connection dies at his turn
            away = len(here.match(code).actions)
            await here.tap.until(lambda: len(here.match(code).actions) > away,
                                 "a bot moving for bruno", timeout=20)
            assert here.match(code).actions  # it moved on without him
            # anna plays on while a bot plays bruno's seat, until it has moved for him twice
            def bot_moved_twice(m) -> bool:
                return sum(1 for s in range(away, len(m.actions))
                           if m.game.to_move(m.states[s]) == b) >= 2
            await play(here, code, {a: anna}, rng, stop=bot_moved_twice)
            back = await here.connect("bruno")  # plain ssh: straight back to his seat
            await here.tap.until(lambda: len(here.tap.to(here.key_of("bruno"), "joined")) >= 2,
                                 "bruno back at the table")
            assert seat_of(here, code, "bruno") == b
            before = len(here.match(code).actions)
            pressed = await play(here, code, {a: anna, b: back}, rng,
                                 stop=lambda m: len(m.actions) >= before + 12 and
                                 m.to_move() == a)
            assert pressed > 0
            moves = here.match(code)
            assert any(moves.game.to_move(moves.states[s]) == b
                       for s in range(before, len(moves.actions))), "bruno moved again"
    run(body(), timeout=90)


def test_a_restarted_server_keeps_the_table(tmp_path):
    async def body() -> None:
        async with room(tmp_path, NAMES) as here:
            anna = await here.connect("anna", command="lobby")
            code = await create_table(anna, humans=2, hall=here.hall, seed=7)
            bruno = await here.connect("bruno", user=code)
            await here.tap.until(lambda: here.tap.to(here.key_of("bruno"), "joined"),
                                 "bruno seated")
            a, b = seat_of(here, code, "anna"), seat_of(here, code, "bruno")
            rng = random.Random(21)
            await play(here, code, {a: anna, b: bruno}, rng, stop=lambda m: len(m.actions) >= 12)
            while here.match(code).to_move() not in (a, b):  # stop at a person's turn
                await bot_moves(here, code, len(here.match(code).actions))
            actions = list(here.match(code).actions)

            await here.restart()
            assert list(here.match(code).actions) == actions  # restored from its autosave
            anna, bruno = await here.connect("anna"), await here.connect("bruno")
            await here.tap.until(lambda: len(here.tap.to(here.key_of("anna"), "joined")) >= 1
                                 and len(here.tap.to(here.key_of("bruno"), "joined")) >= 1,
                                 "both back at the table")
            mover = {a: anna, b: bruno}[here.match(code).to_move()]
            await key_turn(here, code, mover, rng)  # the game goes on where it was
            await play(here, code, {a: anna, b: bruno}, rng,
                       stop=lambda m: len(m.actions) >= len(actions) + 12)
            again = here.match(code)
            assert again.actions[:len(actions)] == actions
            assert {again.game.to_move(s) for s in again.states[len(actions):-1]} >= {a, b}
    run(body(), timeout=120)
