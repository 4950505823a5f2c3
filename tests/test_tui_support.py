"""Shared helpers for the TUI tests: apps with test settings, positions of
a seeded game in each phase, and waiting without sleeping."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

from textual.widgets import Static

from engine.games import entry, load
from engine.match import Match, Seat
from engine.provincia.data import BATTLE_ROUNDS
from engine.provincia.state import ACTIVATE, BATTLE, FINAL, PLAY, SELECT
from tui.app import Start, TabulaApp
from tui.screens.dialogs import HelpScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.table import TableScreen
from tui.settings import Settings
from tui.widgets.actions import ActionMenu

SEATS = (Seat("You"), Seat("Brutus", "random"), Seat("Cassia", "random"),
         Seat("Drusus", "random"))


class ManualClock:
    """A ``tui.clock.Clock`` that stands still until the test moves it: a
    paced bot move waits for ``advance``, however slow the machine is."""

    def __init__(self) -> None:
        self.time = 1000.0
        self._timers: list[_ManualTimer] = []

    def now(self) -> float:
        return self.time

    def call_later(self, node: Any, delay: float, callback: Callable[[], None]
                   ) -> _ManualTimer:
        timer = _ManualTimer(self.time + delay, node, callback)
        self._timers.append(timer)
        return timer

    def advance(self, seconds: float) -> None:
        """Move the clock on; each timer now due runs in its node's message loop."""
        self.time += seconds
        due = [t for t in self._timers if t.at <= self.time]
        self._timers = [t for t in self._timers if t.at > self.time]
        for timer in due:
            if not timer.stopped:
                timer.node.call_later(timer.callback)

    @property
    def waiting(self) -> int:
        """Timers set and neither run nor stopped."""
        return sum(not t.stopped for t in self._timers)


class _ManualTimer:
    def __init__(self, at: float, node: Any, callback: Callable[[], None]) -> None:
        self.at, self.node, self.callback, self.stopped = at, node, callback, False

    def stop(self) -> None:
        self.stopped = True


def settings(**kw: Any) -> Settings:
    """Fixed seeds, no cursor blink, tiny bot budgets, and a clock that
    stands still (a paced bot move waits until the test advances it)."""
    base: dict[str, Any] = dict(cursor_blink=False, seeds=random.Random(7), bot_iterations=8,
                                hint_iterations=60, hint_seconds=None, pacing="instant",
                                clock=ManualClock())
    base.update(kw)
    return Settings(**base)


def app_for(match: Match | None = None, kind: str = "game", **kw: Any) -> TabulaApp:
    start = Start(kind, match) if match is not None else Start(kind)
    return TabulaApp(start, settings(**kw))


def play_until(pred: Callable[[Any], bool], seed: int = 5,
               seats: tuple[Seat, ...] = SEATS, limit: int = 2000) -> Match:
    """A seeded game played at random (every seat) up to the first state
    where seat 0 is to move and ``pred(state)`` holds."""
    m = Match("provincia", seats, seed)
    rng = random.Random(seed)
    for _ in range(limit):
        s = m.state
        if m.to_move() == 0 and pred(s):
            return m
        if m.is_over():
            break
        seat = m.to_move()
        m.play(rng.choice(m.game.legal(m.view(seat))))
    raise AssertionError("no such position in this game")


def finished(seed: int = 5, seats: tuple[Seat, ...] = SEATS) -> Match:
    m = Match("provincia", seats, seed)
    rng = random.Random(seed)
    while not m.is_over():
        m.play(rng.choice(m.game.legal(m.view(m.to_move()))))
    return m


# Positions with seat 0 (the human) to move, one per phase: (seed, test).
POSITIONS: dict[str, tuple[int, Callable[[Any], bool]]] = {
    "select": (5, lambda s: s.phase == SELECT and s.draft is None and s.round == 2),
    "draft": (5, lambda s: s.phase == SELECT and s.draft is not None
              and len(s.draft.taken) >= 2 and s.round == 2),
    "play": (5, lambda s: s.phase == PLAY and s.round == 3 and len(s.players[0].hand) >= 2),
    "battle": (5, lambda s: s.phase == BATTLE and s.step == "tokens" and s.round == 3),
    "battle_result": (5, lambda s: s.round in BATTLE_ROUNDS and s.phase == ACTIVATE),
    "activate": (7, lambda s: s.phase == ACTIVATE and s.round not in BATTLE_ROUNDS),
    "final": (5, lambda s: s.phase == FINAL),
}


def position(name: str) -> Match:
    seed, pred = POSITIONS[name]
    return play_until(pred, seed)


async def settle(pilot: Any) -> None:
    """Wait (without sleeping) until the game screen waits for a person."""
    await pilot.pause()
    screen = pilot.app.screen
    if isinstance(screen, TableScreen):
        await screen.settled.wait()
        await pilot.pause()
    # Scrolling (the action list to its highlight) may still be under way on a
    # busy machine; a snapshot taken then would show another scroll offset.
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


async def until(pilot: Any, ok: Callable[[], bool], timeout: float = 60.0) -> None:
    """Let the app run until ``ok()`` holds, one event round at a time (never
    a sleep); ``timeout`` only turns a hang into a failure."""
    async def wait() -> None:
        while not ok():
            await pilot.pause()
    await asyncio.wait_for(wait(), timeout)


def late_in_the_game(game_id: str, seats: tuple[Seat, ...], seed: int,
                     chapters: int = 1) -> Match:
    """The seeded game entered late: see ``entered_late``."""
    return entered_late(Match(game_id, seats, seed), chapters)


def entered_late(fresh: Match, chapters: int = 1) -> Match:
    """The game of ``fresh`` (a match not begun) entered at seat 0's first
    move of its last ``chapters`` chapters (rounds, eras). It is first
    played to its end at random (seeded by its seed) without the UI, which
    is fast; the match returned holds the actions before that move. Playing
    the rest by keys reaches what a whole game by keys reaches in a chapter
    and its game-over screen, at a fraction of the cost (the conformance
    suite plays each game whole by keys)."""
    probe, rng = fresh, random.Random(fresh.seed)
    while not probe.is_over():
        probe.play(rng.choice(probe.game.legal(probe.view(probe.to_move()))))
    game, states = probe.game, probe.states
    first = game.chapter(states[-2]).number - chapters + 1
    cut = next(i for i, s in enumerate(states[:-1])
               if game.chapter(s).number >= first and game.to_move(s) == 0)
    assert cut > 0, "the slice starts after the game's first move"
    return Match(fresh.game_id, fresh.seats, fresh.seed, fresh.options,
                 actions=probe.actions[:cut])


def moves_of(match: Match, seat: int, start: int = 0) -> int:
    """How many of the match's actions from ``start`` on ``seat`` played."""
    return sum(match.game.to_move(match.states[i]) == seat
               for i in range(start, len(match.actions)))


async def play_to_the_end_by_keys(match: Match, rng: random.Random,
                                  board_shows: Callable[[Any], bool]
                                  ) -> tuple[int, str, set[str]]:
    """Play ``match`` from where it is to its end by digit keys at 80×24
    (the human is seat 0), bots at instant pace; waits for each key's action
    to be played and for the screen to wait for the human again
    (``settled``), never sleeping. ``board_shows(app)`` must hold at every
    human turn (the game's own board is drawn). Returns the human actions
    played, the game-over text and the phases the board was drawn in."""
    app = app_for(match, bot_iterations=4)
    phases: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        played = 0
        while not match.is_over():
            screen = app.screen
            assert isinstance(screen, TableScreen), f"unexpected {screen!r}"
            await screen.settled.wait()
            if match.is_over():
                break
            assert match.to_move() == 0 and screen.viewer == 0
            phases.add(match.state.phase)
            assert board_shows(app)
            # The list as numbered on screen: the legal actions, and any a
            # game keeps at its place while it cannot be taken (greyed).
            menu = screen.query_one(ActionMenu)
            offered = [a for a, _ in menu._shown]
            assert set(match.game.legal(match.view(0))) == set(offered) - set(menu._dead)
            live = [i for i, a in enumerate(offered[:10]) if a not in menu._dead]
            k, step = live[rng.randrange(len(live))], len(match.actions)
            await pilot.press("1234567890"[k])
            while len(match.actions) == step:
                await pilot.pause()
            assert match.actions[step] == offered[k], "the key played the action it names"
            played += 1
        while not isinstance(app.screen, GameOverScreen):
            await pilot.pause()
        text = "\n".join(str(w.render()) for w in app.screen.query(Static))
    return played, text, phases


def numbered(game: Any, view: Any, seat: int) -> tuple[list[tuple], set[tuple]]:
    """The actions as a table numbers them on ``seat``'s screen, and those
    of them it shows greyed (held at their place, not legal now: Age of
    Rome keeps its builds and placements so, The Romans the entries of the
    Era card), for tests that press digits."""
    from tui.widgets.actions import with_places

    items = [(a, game.describe(view, a)) for a in game.legal(view)]
    where = entry(game.id).places
    places = load(where)(game, view, seat) if where else []
    shown, dead = with_places(items, places)
    return [a for a, _ in shown], set(dead)


async def help_text(app: TabulaApp, pilot: Any) -> str:
    """What ``?`` shows on the table, its words on one line."""
    await pilot.press("question_mark")
    await pilot.pause()
    assert isinstance(app.screen, HelpScreen)
    return " ".join(" ".join(str(w.render()) for w in app.screen.query(Static)).split())
