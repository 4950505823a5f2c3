"""Playing feel (issue 11, points 1, 2 and 9): bot moves paced with a skip
key, "<bot> is thinking…" for every kind, keys typed for an earlier prompt
dropped, a visible focus that never traps the keys, and a quick hint that
explains itself in the player's terms."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual import events

from ai.base import Alternative
from engine.match import Match, Seat
from tui.bots import Job, flat, reasons
from tui.screens.dialogs import HintLine, HintScreen, MenuScreen
from tui.screens.table import Hint, TableScreen, hint_text
from tui.settings import HINT_SECONDS, PACE_SECONDS, Settings
from tui.widgets.actions import ActionMenu, FilterInput
from tui.widgets.game_log import GameLog

from .test_tui_support import app_for, position, settle, until

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py


def status_text(app: Any) -> str:
    return str(app.screen.query_one("#status-text").render())


def actions_text(app: Any) -> str:
    menu = app.screen.query_one(ActionMenu)
    return "\n".join(str(o.prompt) for o in menu.options.options)


async def human_moves_then_bots_wait(pilot: Any, match: Match) -> int:
    """Play the first action until a bot is to move; wait until it has
    decided (its move held by the pacing). Returns the steps before then."""
    for _ in range(30):
        step = len(match.actions)
        await pilot.press("1")
        await pilot.pause()
        if match.bot_to_move():
            break
    assert match.bot_to_move()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return step


# ------------------------------------------------------------ pacing
def test_pacing_defaults_to_normal_for_players_and_cycles():
    s = Settings()
    assert s.pace(headless=False) == "normal" and s.pace(headless=True) == "instant"
    assert s.pace_s(False) == PACE_SECONDS["normal"] == 0.6
    assert [s.next_pacing(False) for _ in range(3)] == ["slow", "instant", "normal"]
    assert Settings(pacing="slow").pace_s(True) == 1.5


def test_tabula_pacing_sets_the_pacing_a_game_starts_with():
    """A host's server (``ServeConfig.pacing``) and a player's shell may set
    ``TABULA_PACING``; anything but a pacing's name leaves the default."""
    assert Settings.from_command(None, {"TABULA_PACING": "slow"}).pace(False) == "slow"
    assert Settings.from_command(None, {"TABULA_PACING": "fast"}).pace(False) == "normal"
    assert Settings.from_command(None, {}).pace(True) == "instant"


def test_ctrl_p_cycles_the_pacing_in_the_game():
    async def go() -> None:
        app = app_for(position("play"), pacing="normal")
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            await settle(pilot)
            await pilot.press("ctrl+p")
            assert app.settings.pacing == "slow"
            assert any("slow" in n.message for n in app._notifications)
            await pilot.press("ctrl+p")
            assert app.settings.pacing == "instant"
    asyncio.run(go())


def test_a_bot_move_waits_its_pace_and_space_skips_to_your_turn():
    """The clock is the test's (``ManualClock``): the pace runs out when the
    test says, not when a busy machine has spent 1.5 s getting there."""
    async def go() -> None:
        m = position("play")
        app = app_for(m, pacing="slow")
        clock = app.settings.clock
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            step = await human_moves_then_bots_wait(pilot, m)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            # The bot has decided, but its move waits for the pace (1.5 s).
            assert len(m.actions) == step + 1
            assert screen._held is not None and m.bot_to_move()
            assert not screen.settled.is_set()
            assert "space: skip" in actions_text(app)
            clock.advance(PACE_SECONDS["slow"] - 0.1)
            await pilot.pause()
            assert len(m.actions) == step + 1 and screen._held is not None
            clock.advance(0.1)  # the pace is up: the held move is played
            await until(pilot, lambda: len(m.actions) > step + 1)
            assert len(m.actions) == step + 2 and m.bot_to_move()  # the next bot's turn
            await pilot.press("space")
            await settle(pilot)
            assert m.to_move() == 0 and len(m.actions) > step + 2
    asyncio.run(go())


@pytest.mark.parametrize("kind", ["random", "rules", "mcts"])
def test_every_bot_kind_says_it_is_thinking_and_names_the_last_move(kind):
    async def go() -> None:
        seats = (Seat("You"), Seat("Brutus", kind), Seat("Cassia", kind))
        m = Match("provincia", seats, 5)
        while m.to_move() != 0:
            m.play(m.game.legal(m.view(m.to_move()))[0])
        app = app_for(m, pacing="slow")
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await human_moves_then_bots_wait(pilot, m)
            assert m.bot_to_move()
            name = m.seats[m.to_move()].name
            said = status_text(app)
            assert f"{name} is thinking…" in said
            last = [line.text for _, line in m.log_lines(0, start=len(m.states) - 1)
                    if not line.heading]
            assert last and last[0][:20] in said  # the move just made, in the log's words
            app.screen.stop_thinking()
    asyncio.run(go())


# ------------------------------------------------------------ keys for an earlier prompt
def test_the_first_prompt_takes_a_key_at_once():
    """Nothing was chosen before it, so no key can have been meant for another."""
    async def go() -> None:
        m = position("play")
        app = app_for(m, pacing="normal")
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            step = len(m.actions)
            await pilot.press("1")
            await pilot.pause()
            assert len(m.actions) == step + 1
            app.screen.stop_thinking()
    asyncio.run(go())


def test_a_key_typed_before_the_prompt_appeared_is_not_applied_to_it():
    async def go() -> None:
        m = position("play")
        app = app_for(m, pacing="slow")
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await human_moves_then_bots_wait(pilot, m)
            assert m.bot_to_move()
            # Typed while the bots were moving; the UI gets to them only after
            # the next prompt is up (a busy UI thread queues keys).
            early = [events.Key("1", "1"), events.Key("enter", None)]
            await pilot.press("space")
            await settle(pilot)
            assert m.to_move() == 0
            step = len(m.actions)
            for key in early:
                app.screen.query_one(FilterInput).post_message(key)
                await pilot.pause()
            await pilot.pause()
            assert len(m.actions) == step, "a key meant for an earlier prompt played"
            menu = app.screen.query_one(ActionMenu)
            now = events.Key("1", "1")  # typed once the prompt was there to read
            now.time = menu.offered_at + menu.guard_s + 0.01
            app.screen.query_one(FilterInput).post_message(now)
            await pilot.pause()
            assert len(m.actions) > step
            app.screen.stop_thinking()
    asyncio.run(go())


def test_paced_play_drops_keys_typed_too_soon_to_have_read_the_prompt():
    async def go() -> None:
        m = position("play")
        app = app_for(m, pacing="normal")
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            now = menu.clock()
            menu.clock = lambda: now  # the next list comes 0 s after the choice, however slow
            await pilot.press("1")  # the player's next prompt follows at once
            await pilot.pause()
            assert m.to_move() == 0
            assert menu.guard_s > 0 and menu.offered_at == now
            step = len(m.actions)
            key = events.Key("1", "1")
            key.time = menu.offered_at + menu.guard_s / 2
            app.screen.query_one(FilterInput).post_message(key)
            await pilot.pause()
            assert len(m.actions) == step
            late = events.Key("1", "1")
            late.time = menu.offered_at + menu.guard_s * 2
            app.screen.query_one(FilterInput).post_message(late)
            await pilot.pause()
            assert len(m.actions) == step + 1
            app.screen.stop_thinking()
    asyncio.run(go())


# ------------------------------------------------------------ focus
def test_digits_and_letters_reach_the_actions_from_the_log_and_esc_comes_back():
    async def go() -> None:
        m = position("play")
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            screen = app.screen
            log = screen.query_one(GameLog)
            menu = screen.query_one(ActionMenu)
            calm = menu.styles.border_top
            await pilot.press("ctrl+l")
            assert screen.focused is log
            assert "esc" in str(log.border_title)
            assert log.styles.border_top[0] == "heavy"  # the focused panel stands out
            assert menu.styles.border_top != calm  # and the actions dim
            await pilot.press("escape")  # back to the actions, not the menu
            assert not isinstance(app.screen, MenuScreen)
            assert isinstance(screen.focused, FilterInput)
            await pilot.press("escape")  # from the actions: the menu
            assert isinstance(app.screen, MenuScreen)
            await pilot.press("escape")
            await pilot.press("ctrl+l")
            first = menu._shown[0][1]
            letter = next(c for c in first.lower() if c.isalpha() and c not in "zhg")
            await pilot.press(letter)
            assert screen.query_one(FilterInput).value == letter
            assert isinstance(screen.focused, FilterInput)
            await pilot.press("escape")  # clears the filter
            await pilot.press("ctrl+l")
            step = len(m.actions)
            await pilot.press("1")
            await settle(pilot)
            assert len(m.actions) > step, "a digit from the log played the first action"
    asyncio.run(go())


def test_focused_log_snapshot(snap_compare):
    async def focus_log(pilot):
        await settle(pilot)
        await pilot.press("ctrl+l")
        await pilot.pause()

    assert snap_compare(app_for(position("play")), terminal_size=(120, 40),
                        run_before=focus_log)


# ------------------------------------------------------------ hint
def alt(action: tuple, share: float, win: float) -> Alternative:
    return Alternative(action, f"do {action[0]}", share, win)


def test_a_search_is_flat_when_its_top_moves_are_close_or_it_loses_anyway():
    assert flat((alt(("a",), 0.22, 0.3), alt(("b",), 0.20, 0.3)))
    assert flat((alt(("a",), 0.8, 0.01), alt(("b",), 0.1, 0.01)))
    assert not flat((alt(("a",), 0.6, 0.4), alt(("b",), 0.2, 0.3)))
    assert not flat((alt(("a",), 1.0, 0.4),))


def test_a_flat_hint_gives_the_rules_bot_s_reasons_in_points_not_search_shares():
    m = position("play")
    view = m.view(0)
    job = Job(("hint", 0), "mcts", "normal", m.game_id, view, 0, None, None, 1)
    why = reasons(job)
    assert why and all(isinstance(w, str) and w for _, _, w in why)
    hint = Hint(len(m.actions), why[-1][0], "mcts",
                (alt(why[-1][0], 0.21, 0.01), alt(why[0][0], 0.20, 0.01)), why)
    action, lines, source = hint_text(m.game, view, hint)
    assert action == why[0][0]  # the reasoned choice, not the search's coin toss
    assert "alike" in source and "points" in source
    assert all(line.visits is None and line.win_rate is None for line in lines)
    assert all("points)" in line.text for line in lines)
    assert why[0][2] in lines[0].text
    # one reason: the words speak of one move
    _, lines, source = hint_text(m.game, view, Hint(len(m.actions), why[0][0], "mcts",
                                                    hint.alternatives, why[:1]))
    assert len(lines) == 1 and "alike" not in source and "reason," in source


def test_the_hint_s_search_is_capped_in_seconds(monkeypatch):
    jobs: list[Job] = []

    def capture(self: TableScreen, job: Job, step: int) -> None:
        jobs.append(job)

    monkeypatch.setattr(TableScreen, "think_hint", capture)

    async def go() -> None:
        app = app_for(position("play"), hint_iterations=None)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await pilot.press("h")
            await pilot.pause()
    asyncio.run(go())
    assert jobs and jobs[0].seconds == HINT_SECONDS <= 1.0 and jobs[0].iterations is None


def test_the_hint_screen_speaks_in_win_chances_or_reasons():
    async def go() -> None:
        app = app_for(position("play"))
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await pilot.press("h")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert isinstance(app.screen, HintScreen)
            text = " ".join(line.text for line in app.screen.lines)
            assert app.screen.lines and all(line.visits is None for line in app.screen.lines)
            assert "points)" in text or "wins about" in text
    asyncio.run(go())


def test_a_hint_of_reasons_alone_has_no_empty_search_columns():
    """Reasons from the rules bot carry no search figures: they read as a
    list, without the "search  win" header and its dashes."""
    async def go() -> None:
        app = app_for(position("play"))
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            reasons = [HintLine("Build Turris — cheap points (+2.0 points)", None, None)]
            app.push_screen(HintScreen("Build Turris", reasons, "the rules bot's reasons"))
            await pilot.pause()
            shown = " ".join(str(w.visual) for w in app.screen.query("Static"))
            assert "• Build Turris — cheap points" in shown
            assert "search" not in shown and "—     —" not in shown
            app.pop_screen()
            searched = [HintLine("Build Turris", 0.6, 0.3)]
            app.push_screen(HintScreen("Build Turris", searched, "the search"))
            await pilot.pause()
            shown = " ".join(str(w.visual) for w in app.screen.query("Static"))
            assert "search  win" in shown and "60%" in shown
    asyncio.run(go())


def test_the_hint_fits_80x24():
    """At 80x24 the hint shows its suggestion, its source and its keys."""
    import html

    async def go() -> None:
        app = app_for(position("play"))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("h")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert isinstance(app.screen, HintScreen)
            shown = html.unescape(app.export_screenshot()).replace("\xa0", " ")
            assert app.screen.suggestion in shown
            assert "Enter plays it · Esc closes" in shown
    asyncio.run(go())
