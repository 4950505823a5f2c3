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
from engine.provincia.events import TokensRevealed
from engine.provincia.state import BATTLE, PLAY, BattleLine
from tests.test_tui_support import app_for, play_until, settle, until
from tui.provincia import look
from tui.provincia.battle import BattlePanel, battle_losses
from tui.provincia.board import Board
from tui.screens.table import TableScreen
from tui.settings import PACE_SECONDS
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
    board, panel = app.screen.query_one(Board), app.screen.query_one(BattlePanel)
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


def panel_text(app: App) -> str:
    panel = app.screen.query_one(BattlePanel)
    return Content.from_markup(str(panel.render())).plain if panel.display else ""


@pytest.mark.parametrize("skip", [True, False], ids=["space", "paced"])
def test_battles_arrive_one_at_a_time_at_the_bots_pace_and_space_skips(skip):
    """Placing the last token fought every battle in one step ("+14 more in
    the log"): now the Bellum is turned, then each city's battle shows with
    its sum and verdict, one per pace (the test's clock), before the step's
    position; space skips what is left of it. Paced to the end, the last
    battle's stage shows too (its fights have emptied the queue of seats:
    the table crashed asking whose turn it was)."""
    m = play_until(lambda s: s.phase == BATTLE and s.step == "tokens" and len(s.queue) == 1
                   and len(s.players[0].tokens) > 1, 5)
    before = m.state
    action = m.game.legal(m.view(0))[0]
    frames = m.game.stages(before, action)
    assert len(frames) >= 3  # the Bellum turned, then at least two battles
    letters = [CITIES[p.city].letter for p in before.players]

    def fought_rows(text: str) -> list[str]:
        return [row for row in text.splitlines() if row.endswith(("holds", "falls"))]

    async def go() -> None:
        app = app_for(m, pacing="normal")
        clock = app.settings.clock
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            step = len(m.actions)
            await pilot.press("1")
            await until(pilot, lambda: screen._staging is not None)
            shown = panel_text(app)
            assert "Gauls attack with" in shown and not fought_rows(shown)
            assert shown.count("still to fight") == before.n
            for k in (1, 2):  # battle 1, then battle 2, each after one pace
                clock.advance(PACE_SECONDS["normal"])
                await until(pilot, lambda k=k: len(fought_rows(panel_text(app))) == k)
                shown = panel_text(app)
                line = frames[k].battle[-1]
                assert shows(shown, letters[line.seat], line), shown
                assert shown.count("still to fight") == before.n - k
                assert screen._staging is not None and screen._staging.at == k
            if skip:
                await pilot.press("space")
            for k in range(3, len(frames) + 1):
                if screen._staging is None:
                    break
                clock.advance(PACE_SECONDS["normal"])
                await until(pilot, lambda k=k: screen._staging is None
                            or (screen._staging.at == k
                                and len(fought_rows(panel_text(app))) == k))
                assert not skip, "space skipped the rest of the step"
            await until(pilot, lambda: screen._staging is None)
            await pilot.press("space")  # the bots on to the player's turn, at once
            # (a crash while playing out never sets ``settled``: wait with a timeout)
            await until(pilot, screen.settled.is_set)
            shown = screen_text(app)
            s = m.game.play(before, action)  # the step's own position
            assert m.actions[step] == action and len(s.battle) == before.n
            for line in s.battle:
                assert shows(shown, letters[line.seat], line), shown

    asyncio.run(go())


def test_a_stage_words_each_loss_once():
    """A stage holds its step's events so far, and the stages before it
    did too: the loss lines read them once ("Horreum destroyed; −1 Stone;
    Horreum destroyed; −1 Stone" while the battles after a loser's choice
    were played out). Each city that has fought in a stage shows the losses
    the step's position shows for it."""
    m = Match("provincia", seats(4), 3)
    rng = __import__("random").Random(3)
    while not m.is_over():
        m.play(rng.choice(m.game.legal(m.view(m.to_move()))))
    looks = look.looks(m.state, m.seats)

    def scene(state, earlier) -> Scene:
        return Scene(m.game, state, None, m.seats, looks, earlier)

    resumed = 0
    for i, a in enumerate(m.actions):
        frames = m.game.stages(m.states[i], a)
        if not frames:
            continue
        final = battle_losses(scene(m.states[i + 1], lambda k, i=i: m.states[i + 1 - k]))
        for at, frame in enumerate(frames):
            before = frames[:at][::-1] + tuple(m.states[:i + 1][::-1])
            got = battle_losses(scene(frame, lambda k, b=before: b[k - 1] if k <= len(b) else None))
            for line in frame.battle:
                assert got.get(line.seat) == final.get(line.seat), (i, at, line)
            if at and not any(isinstance(e, TokensRevealed) for e in frame.events):
                resumed += any(got.values())
    assert resumed  # battles played out after a loser's choice, losses shown
