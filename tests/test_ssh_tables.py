"""Shared tables end to end: four people at one Provincia table over real SSH.

A real ``tabula serve`` (in this process, on a free loopback port) with its
hall; four players, each with a key of their own, log in with asyncssh
clients that keep a model of their screen. Anna creates the table from the
lobby (``ssh -t host lobby``), reads its code off her screen, and the
others join by it: two as ``ssh CODE@host``, one by typing it into the
lobby. The table is entered late (its last round: ``opens_late``; the
conformance suite plays whole games by keys), and that round is played to
its end by digit keys, each key pressed only once the mover's screen shows
that very step, and every key must play the action it names (the hall's
match is the referee). At every turn the
mover's screen shows their own hand and nobody else's, and every state
message each of them was sent holds only their own view.
"""

from __future__ import annotations

import random
from collections import Counter

from engine.provincia.data import CARDS
from tests.test_ssh_support import run
from tests.test_ssh_tables_support import (
    ENTER,
    Terminal,
    assert_only_own_views,
    create_table,
    game_over,
    hand_count,
    hand_on_screen,
    opens_late,
    play,
    room,
    seat_of,
)

NAMES = ("anna", "bruno", "carla", "dario")
SEED = 1414
TALL = (100, 44)  # late hands are long: tall screens show them whole
CARD_NAMES = [c.name for c in CARDS]


def test_four_players_join_one_table_by_code_and_play_its_last_round(tmp_path):
    checked: list[int] = []  # hand sizes at the turns the hand's list was on screen
    whole_hands: list[int] = []  # ... and at those where it was all in sight

    def own_hand_only(seat: int, term: Terminal, match) -> None:
        """The mover's screen lists only cards of their own hand (all of them
        unless the list scrolls), and its title counts their own cards."""
        text = term.text()
        shown = hand_on_screen(text, CARD_NAMES)
        if shown is None:  # the battle or the draft has the side panel
            return
        hand = [CARDS[h.card].name for h in match.state.players[seat].hand]
        assert hand_count(text) == len(hand), term.name
        assert not Counter(shown) - Counter(hand), f"{term.name} sees {shown}, holds {hand}"
        checked.append(len(hand))
        if len(shown) == len(hand):
            whole_hands.append(len(hand))

    async def body() -> None:
        async with room(tmp_path, NAMES, max_tables=4) as here:
            anna = await here.connect("anna", command="lobby", size=TALL)
            opens_late(here.hall)
            code = await create_table(anna, humans=4, hall=here.hall, seed=SEED)
            assert here.match(code).seed == SEED  # a fixed game: the same keys every run
            start = len(here.match(code).actions)
            assert start > 100  # the last round of a four-player game
            bruno = await here.connect("bruno", user=code, size=TALL)  # ssh CODE@host
            carla = await here.connect("carla", user=code.lower(), size=TALL)  # codes ignore case
            dario = await here.connect("dario", command="lobby", size=TALL)
            await dario.read_until("Join by code")
            dario.send("c")
            await dario.read_until("Join a table by its code")
            dario.send(code + ENTER)
            terms = {"anna": anna, "bruno": bruno, "carla": carla, "dario": dario}
            await here.tap.until(lambda: len(here.tap.to(here.key_of("dario"), "joined")) > 0,
                                 "dario at the table")
            players = {seat_of(here, code, n): t for n, t in terms.items()}
            assert sorted(players) == [0, 1, 2, 3], players  # type: ignore[type-var]
            keys = await play(here, code, players, random.Random(14), each_turn=own_hand_only)
            match = here.match(code)
            assert match.is_over() and keys == len(match.actions) - start  # every move by a key
            for term in terms.values():
                await term.until(lambda t=term: game_over(t.text()), "the result")
            assert assert_only_own_views(here, code, NAMES) >= 4 * keys
    run(body(), timeout=400)
    assert len(checked) > 30 and len(whole_hands) > 30, (len(checked), len(whole_hands))
