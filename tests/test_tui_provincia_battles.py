"""Provincia's battles stay in sight: a battle's result is on the table from
its fight until the next battle starts (the battle panel in its round, then
the board's last line), however fast the bots play the steps after it."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator

import pytest
from textual.app import App, ComposeResult
from textual.content import Content

from engine.match import Match, Seat
from engine.provincia.data import BATTLE_ROUNDS, CITIES
from engine.provincia.state import BATTLE, PLAY, BattleLine
from tests.test_tui_support import app_for, play_until, settle
from tui.provincia import look
from tui.provincia.battle import BattlePanel
from tui.provincia.board import Board
from tui.widgets.scene import Scene
from tui.widgets.seats import SEAT_COLOURS

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py


def seats(n: int) -> tuple[Seat, ...]:
    return (Seat("You"),) + tuple(Seat(f"Bot{i}", "random") for i in range(1, n))


def shows(text: str, letter: str, line: BattleLine) -> bool:
    """Whether ``text`` gives the city's total and verdict: a panel row or
    the board's words (``N … 5 holds``) or marks (``N5✓``)."""
    verdict, mark = ("holds", "✓") if line.won else ("falls", "✗")
    return any(re.search(rf"\b{letter}\b.*(?<!\S){line.total} {verdict}\b", row)
               or f"{letter}{line.total}{mark}" in row for row in text.splitlines())


def after_battles(m: Match) -> Iterator[tuple[int, int, tuple[BattleLine, ...]]]:
    """(step, battle round, its lines) for every step of the finished match
    ``m`` from a battle's last fight until the next battle's tokens."""
    last: tuple[int, tuple[BattleLine, ...]] | None = None
    for i, s in enumerate(m.states):
        if s.round in BATTLE_ROUNDS and s.phase == BATTLE:
            last = None
        elif s.battle and (last is None or last[1] != s.battle):
            last = (s.round, s.battle)
        if last is not None:
            yield i, last[0], last[1]


class Harness(App):
    """The board and the battle panel alone, as the table screen lays them."""

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return {f"seat-{name}": colour for name, colour in SEAT_COLOURS.items()}

    def compose(self) -> ComposeResult:
        yield Board()
        yield BattlePanel()


def screen_text(app: App) -> str:
    """The board's text and the battle panel's while it is shown."""
    board, panel = app.query_one(Board), app.query_one(BattlePanel)
    out = [Content.from_markup(str(board.render())).plain]
    if panel.display:
        out += [str(panel.border_title), Content.from_markup(str(panel.render())).plain]
    return "\n".join(out)


@pytest.mark.parametrize("width", [44, 66], ids=["narrow", "wide"])
def test_a_battles_result_stays_until_the_next_battle_starts(width):
    """The result went by within a second or two at the bots' pace (the
    panel left after Phase 5): at every step from the last fight on, however
    many steps without a battle follow, each city's total and verdict are
    on the table, until the next battle's tokens are being placed."""
    m = Match("provincia", seats(4), 3)
    rng = __import__("random").Random(3)
    while not m.is_over():
        m.play(rng.choice(m.game.legal(m.view(m.to_move()))))
    steps = list(after_battles(m))
    assert {r for _, r, _ in steps} == set(BATTLE_ROUNDS)
    assert any(m.states[i].phase == PLAY for i, _, _ in steps)  # later rounds' play too

    async def go() -> None:
        async with Harness().run_test(size=(width, 30)) as pilot:
            board, panel = pilot.app.query_one(Board), pilot.app.query_one(BattlePanel)
            for i, battle_round, lines in steps:
                view = m.game.view(m.states[i], 0)
                scene = Scene(m.game, view, 0, m.seats, look.looks(view, m.seats),
                              lambda k, i=i: m.game.view(m.states[i - k], 0) if k <= i else None)
                board.show(scene)
                panel.show(scene)
                await pilot.pause()
                text = screen_text(pilot.app)
                for line in lines:
                    letter = CITIES[view.players[line.seat].city].letter
                    assert shows(text, letter, line), (i, battle_round, text)

    asyncio.run(go())


def test_the_last_line_goes_when_the_next_battle_starts():
    """Once the next battle's tokens are being placed, the panel shows that
    battle and the board no longer words the last one."""
    m = play_until(lambda s: s.phase == BATTLE and s.step == "tokens" and s.round == 3, 5)

    async def check() -> None:
        async with app_for(m).run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            board = Content.from_markup(str(pilot.app.screen.query_one(Board).render())).plain
            assert "Last battle" not in board and "Battle II" not in board, board
            panel = pilot.app.screen.query_one(BattlePanel)
            assert panel.display and "round 3" in str(panel.border_title)

    asyncio.run(check())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_table_shows_the_last_battle_while_cards_are_played(size):
    """In the next round's Play Cards, several steps after the battle, the
    table shows the last battle's totals and verdicts (and the hand)."""
    m = play_until(lambda s: s.phase == PLAY and s.round == 4, 5)
    s = m.state
    assert s.battle

    async def check() -> None:
        async with app_for(m).run_test(size=size) as pilot:
            await settle(pilot)
            screen = pilot.app.screen
            rows = "\n".join(strip.text for strip in screen._compositor.render_strips())
            assert "Last battle III" in rows
            for line in s.battle:
                assert shows(rows, CITIES[s.players[line.seat].city].letter, line), rows
            assert screen.query_one("#hand").region.height > 8  # the hand keeps its room

    asyncio.run(check())
