"""Every registered game at the terminal table: the game screen opens the
game's table (its own, or the generic one) and the game's second half is
played to its end by keys, as a player would, with bots at instant speed; the game-over
screen then words the ending. Nothing sleeps: the tests wait for the
screen to wait for a person."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from textual.widgets import Static, TextArea

from engine import games
from engine.match import Match, Seat
from tests.test_tui_support import numbered, settle
from tui.app import Start, TabulaApp
from tui.screens.dialogs import CoverScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.table import TableScreen
from tui.settings import Settings

SHORTCUTS = "1234567890"  # the n-th action shown
PRESS_LIMIT = 2000


def app_for(match: Match) -> TabulaApp:
    settings = Settings(cursor_blink=False, seeds=random.Random(7), bot_iterations=4,
                        hint_iterations=8)
    return TabulaApp(Start("game", match), settings)


async def play_by_keys(match: Match, rng: random.Random) -> tuple[TabulaApp, int, str]:
    """Play ``match`` to its end: digits pick an action, Enter plays the
    highlighted one or passes a cover. Returns the app, the human actions
    played and the game-over screen's text."""
    app = app_for(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        presses = played = 0
        while not isinstance(app.screen, GameOverScreen):
            presses += 1
            assert presses < PRESS_LIMIT, "the game did not end"
            if isinstance(app.screen, CoverScreen):
                await pilot.press("enter")
                await settle(pilot)
                continue
            assert isinstance(app.screen, TableScreen), f"unexpected {app.screen!r}"
            seat = match.to_move()
            assert seat is not None and match.seats[seat].is_human
            assert app.screen.viewer == seat
            offered, greyed = numbered(match.game, match.view(seat), seat)
            live = [i for i, a in enumerate(offered[:len(SHORTCUTS)]) if a not in greyed]
            k, step = live[rng.randrange(len(live))], len(match.actions)
            await pilot.press(SHORTCUTS[k])
            await settle(pilot)
            assert match.actions[step] == offered[k], "the key played the action it names"
            played += 1
        text = "\n".join(str(w.render()) for w in app.screen.query(Static))
    return app, played, text


def check_game_by_keys(game: Any, seats: tuple[Seat, ...], seed: int,
                       by_keys: float = 1.0) -> None:
    """The game from the start (``by_keys`` 1), or its last ``by_keys``
    part after legal moves at random, played to its end by keys."""
    probe = Match(game.id, seats, seed)
    rng = random.Random(seed)
    while by_keys < 1 and not probe.is_over():
        probe.play(rng.choice(probe.game.legal(probe.view(probe.to_move()))))
    start = int(len(probe.actions) * (1 - by_keys))
    match = Match(game.id, seats, seed, actions=probe.actions[:start])
    _app, played, text = asyncio.run(play_by_keys(match, random.Random(seed)))
    assert match.is_over()
    humans = {i for i, s in enumerate(seats) if s.is_human}
    moves = sum(match.game.to_move(match.states[i]) in humans
                for i in range(start, len(match.actions)))
    assert moves == played > 0, "every human move came from a key"
    res = match.game.result(match.state)
    assert res.outcome in text
    for name, _score in res.others:
        assert name in text
    for seat in seats:
        assert seat.name in text


def test_one_human_against_bots_plays_to_the_end_by_keys(game: Any) -> None:
    """The last third of a game by keys, after the rest at random (the
    whole game by keys took 20-28 s a game, a tenth of the suite's time on
    two cores; the table at the game's start is in the snapshots, and each
    game's own tests play its last round by keys)."""
    n = game.players.start
    seats = (Seat("Ada"),) + tuple(Seat(f"Bot {i}", ("random", "rules")[i % 2])
                                   for i in range(1, n))
    check_game_by_keys(game, seats, seed=3, by_keys=0.33)



def test_the_rules_screen_opens_the_game_s_rulebook(game_id: str) -> None:
    title = games.entry(game_id).title

    async def go() -> str:
        app = TabulaApp(Start("rules", game_id=game_id), Settings(cursor_blink=False))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            return app.screen.query_one(TextArea).text

    text = asyncio.run(go())
    assert title.lower() in text.lower()
