"""Shared tables over real SSH work for every registered game (the seam).

For each game of ``engine.games``: Anna opens the lobby, picks the game in
the new-table form and creates a table with the form's bots; Bruno watches
it from his lobby. Anna plays a few moves by keys (each key pressed once
her screen shows that step, each playing the action it names) while the
bots play theirs; Bruno's screen follows as a spectator, and every view
the hall sent him is the spectator's.
"""

from __future__ import annotations

import random

import pytest

from engine import games, get_game
from engine.core import SPECTATOR
from tests.test_ssh_support import run
from tests.test_ssh_tables_support import (
    CREATE,
    CREATE_BUTTON,
    DOWN,
    ENTER,
    LOBBY,
    code_on_screen,
    pick,
    play,
    room,
    seat_of,
    step_shown,
    views_sent,
)


async def create_game_table(term, index: int, title: str) -> str:
    """From the lobby: the new-table form, the game at ``index`` of the
    registry (the form opens on the game field), Create."""
    await term.read_until(LOBBY)
    term.send("n")
    await term.read_until(CREATE_BUTTON)
    if index:
        others = [e.title for e in games.GAMES if e.title != title]

        def chosen() -> bool:  # the list closed on the game, the form rebuilt for it
            text = term.text()
            return (title in text and CREATE_BUTTON in text
                    and not any(t in text for t in others))
        await pick(term, lambda: all(term.has(t) for t in others), DOWN * index + ENTER,
                   chosen, title)
    term.send(CREATE)
    await term.until(lambda: code_on_screen(term.text()) is not None, "the table's code")
    code = code_on_screen(term.text())
    assert code is not None
    return code


@pytest.mark.parametrize("index", range(len(games.GAMES)),
                         ids=[e.id for e in games.GAMES])
def test_every_game_plays_at_a_shared_table_with_a_spectator(tmp_path, index):
    entry = games.GAMES[index]

    async def body() -> None:
        async with room(tmp_path, ("anna", "bruno")) as here:
            anna = await here.connect("anna", command="lobby")
            code = await create_game_table(anna, index, entry.title)
            assert here.table(code).game.id == entry.id
            bruno = await here.connect("bruno", command="lobby")
            await bruno.read_until(code)
            bruno.send("w")
            await here.tap.until(lambda: here.tap.to(here.key_of("bruno"), "joined"),
                                 "bruno watching")
            seat = seat_of(here, code, "anna")
            start = len(here.match(code).actions)

            def three_of_hers(match) -> bool:
                mine = [s for s in range(start, len(match.actions))
                        if match.game.to_move(match.states[s]) == seat]
                return len(mine) >= 3 or match.is_over()
            keys = await play(here, code, {seat: anna}, random.Random(index), stop=three_of_hers)
            assert keys >= 1
            step = len(here.match(code).actions)
            await bruno.until(lambda: (step_shown(bruno.text()) or -1) >= step,
                              f"the spectator at move {step}")
            assert "watching" in bruno.text()
            game = get_game(entry.id)
            sent = views_sent(here, "bruno")
            assert sent and all(game.viewer(v) == SPECTATOR for _, v in sent)
    run(body(), timeout=90)
