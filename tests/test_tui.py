"""The terminal table driven through key presses (Textual's Pilot).

Whole games are played by pressing keys: one human against bots with tiny
budgets, and two humans at one keyboard. Nothing here sleeps: tests wait for
the game screen to wait for a person (``settle``) or for workers to finish.
"""

from __future__ import annotations

import asyncio
import threading

import pytest

from ai.base import BotCancelled, Budget
from ai.players import BOT_KINDS, kinds
from engine.match import Match, Seat
from saves import Store
from tests.test_tui_support import (
    SEATS,
    app_for,
    finished,
    late_in_the_game,
    moves_of,
    position,
    settle,
)
from tui.screens.dialogs import CoverScreen, HelpScreen, HintScreen, SaveScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.load import LoadScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.replay import ReplayScreen
from tui.screens.rules import RulesScreen
from tui.screens.table import TableScreen
from tui.screens.title import TitleScreen
from tui.screens.too_small import TooSmallScreen
from tui.widgets.actions import ActionMenu, FilterInput
from tui.widgets.game_log import GameLog

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py


def run(coro):
    return asyncio.run(coro)


def shown(app) -> list:
    """The actions the menu offers now."""
    return [a for a, _ in app.screen.query_one(ActionMenu)._shown]


def best_bots() -> list[str]:
    """The strongest bots installed (tiny budgets keep them quick)."""
    have = kinds()
    return [k if k in have else "random" for k in ("mcts", "rules", "random")]


def test_human_against_bots_plays_the_last_round_by_keys(home):
    """The last round against every bot kind, by Enter and digits, to the
    results and a finished autosave (the conformance suite plays a whole
    game by keys; this slice keeps the four-seat table with real bots)."""
    bots = best_bots()
    seats = (Seat("You"),) + tuple(Seat(f"Bot {k}", k, "easy") for k in bots)
    match = late_in_the_game("provincia", seats, 11)
    start = len(match.actions)

    async def go():
        app = app_for(match)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            presses = 0
            while not isinstance(app.screen, GameOverScreen):
                screen = app.screen
                assert isinstance(screen, TableScreen)
                assert match.to_move() == 0 and screen.viewer == 0
                menu = app.screen.query_one(ActionMenu)
                live = [i for i, (a, _) in enumerate(menu._shown) if a not in menu._dead]
                offered = [menu._shown[i][0] for i in live]
                assert offered == match.game.legal(match.view(0))  # and greyed ones, held
                # Enter plays the highlighted action (the first playable); digits the n-th.
                await pilot.press("enter" if presses % 3 else str(live[0] + 1))
                presses += 1
                await settle(pilot)
                assert presses < 400
            assert match.is_over()
            assert moves_of(match, 0, start) == presses > 5  # every human move from a key
            text = app.screen.query_one("#scores").render()
            assert "1st" in str(text)
        infos = Store().list()
        assert len(infos) == 1 and infos[0].finished and infos[0].autosave

    run(go())


def late_in_a_game(game_id: str, seats: tuple[Seat, ...], seed: int, left: int) -> Match:
    """A match ``left`` actions (of a first-legal-action game) before its end:
    the last rounds are played by keys, the rest is replayed at once."""
    probe = Match(game_id, seats, seed)
    while not probe.is_over():
        probe.play(probe.game.legal(probe.state)[0])
    return Match(game_id, seats, seed, actions=probe.actions[:max(0, len(probe.actions) - left)])


def test_hot_seat_game_covers_the_table_between_humans():
    """The last 20 actions of a two-human game (its last round, with several
    changes of seat), by keys, to the results."""
    match = late_in_a_game("provincia", (Seat("Anna"), Seat("Bruno")), 3, left=20)
    start = len(match.actions)
    assert start > 40  # the game really is entered late

    async def go():
        app = app_for(match)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            covers = presses = 0
            last_viewer = None
            covers_then = 0
            while not isinstance(app.screen, GameOverScreen):
                screen = app.screen
                if isinstance(screen, CoverScreen):
                    covers += 1
                    game = app.screen_stack[-2]
                    assert isinstance(game, TableScreen)
                    await pilot.press("enter")
                    await settle(pilot)
                    continue
                assert isinstance(screen, TableScreen)
                seat = match.to_move()
                # The table shows only the seat to move, and only after a cover
                # when that seat changed.
                assert screen.viewer == seat
                assert screen._scene.seat == seat
                assert screen._scene.state.viewer == seat
                if last_viewer is not None and last_viewer != seat:
                    assert covers_then < covers  # a cover came between them
                last_viewer = seat
                covers_then = covers
                menu = screen.query_one(ActionMenu)  # greyed decks: the first live one
                live = next(i for i, (a, _) in enumerate(menu._shown) if a not in menu._dead)
                await pilot.press(str(live + 1))
                await settle(pilot)
                presses += 1
                assert presses < 200, "the keys no longer move the game on"
            assert match.is_over()
            switches = sum(
                1 for i in range(start + 1, len(match.actions))
                if match.game.to_move(match.states[i]) != match.game.to_move(match.states[i - 1]))
            assert covers >= switches > 5

    run(go())


def test_quit_mid_game_and_continue_resumes_the_same_state(home):
    match = Match("provincia", SEATS, 21)

    async def first():
        app = app_for(match)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            for _ in range(6):
                await pilot.press("1")
                await settle(pilot)
            await pilot.press("ctrl+q")
        return list(match.actions), match.state

    actions, state = run(first())
    assert len(actions) > 6

    async def second():
        app = app_for(kind="title")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, TitleScreen)
            await pilot.press("enter")  # Continue is highlighted
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            assert screen.source.match.actions == actions
            assert screen.source.match.state == state
            assert screen.source.match is not match

    run(second())


def test_undo_takes_back_a_move_but_not_past_revealed_cards():
    match = position("play")

    async def go():
        app = app_for(match)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            before = list(match.actions)
            build = [a for a in shown(app) if a[0] in ("play", "trade")]
            assert build
            await pilot.press(str(shown(app).index(build[0]) + 1))
            await settle(pilot)
            assert len(match.actions) == len(before) + 1
            await pilot.press("z")
            await settle(pilot)
            assert match.actions == before
            # Drawing from a deck lays out cards nobody knew: no undo past it.
            while match.state.phase != 1 or match.state.draft is not None:
                await pilot.press("1")
                await settle(pilot)
            await pilot.press("1")  # choose a deck: six cards come out
            await settle(pilot)
            at = list(match.actions)
            await pilot.press("z")
            await settle(pilot)
            assert match.actions == at
            notes = [n.message for n in app._notifications]
            assert any("Cannot undo" in n for n in notes)

    run(go())


def test_keys_that_mean_nothing_do_nothing_and_typing_filters():
    match = position("play")

    async def go():
        app = app_for(match)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            filt = app.screen.query_one(FilterInput)
            everything = shown(app)
            before = list(match.actions)
            texts = " ".join(d.lower() for _, d in menu._shown)
            idle = [c for c in "jkqxyv" if c not in texts][:3]
            assert len(everything) < 9 and idle
            await pilot.press("9", *idle, "ctrl+b", "f12")
            assert match.actions == before and shown(app) == everything
            assert filt.value == ""
            await pilot.press("e", "n", "d")  # "End your turn"
            assert filt.value == "end"
            assert [a[0] for a in shown(app)] == ["done"]
            await pilot.press("h")  # typing: a letter, not the hint
            assert not isinstance(app.screen, HintScreen)
            await pilot.press("escape")
            assert filt.value == "" and shown(app) == everything
            await pilot.press("slash")  # "/" starts a filter that takes any letter
            assert filt.explicit
            await pilot.press("e", "n", "d")
            assert filt.value == "end"
            assert all("end" in d.lower() for _, d in menu._shown)
            await pilot.press("escape")
            assert not filt.explicit and filt.value == ""
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape")
            assert isinstance(app.screen, TableScreen)
            assert match.actions == before

    run(go())


def test_hint_explains_and_enter_plays_the_suggestion():
    match = position("play")

    async def go():
        app = app_for(match)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            before = len(match.actions)
            await pilot.press("h")
            await app.workers.wait_for_complete()
            await pilot.pause()
            hint = app.screen
            assert isinstance(hint, HintScreen)
            view = match.view(0)
            legal_texts = {match.game.describe(view, a) for a in match.game.legal(view)}
            assert hint.suggestion in legal_texts
            await pilot.press("enter")
            await settle(pilot)
            assert len(match.actions) >= before + 1
            played = match.actions[before]
            assert match.game.describe(view, played) == hint.suggestion

    run(go())


def test_save_under_a_name_then_load_it_from_the_load_screen(home):
    match = position("play")

    async def go():
        app = app_for(match)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("ctrl+s")
            assert isinstance(app.screen, SaveScreen)
            inp = app.screen.query_one("#save-name")
            inp.value = ""
            await pilot.press(*"my game", "enter")
            await pilot.pause()
            names = [i.name for i in Store().list()]
            assert "my game" in names
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("end", "up", "enter")  # the pause menu: leave to the title
            await settle(pilot)
            assert isinstance(app.screen, TitleScreen)
            await pilot.press("l")
            await pilot.pause()
            assert isinstance(app.screen, LoadScreen)
            table = app.screen.query_one("DataTable")
            rows = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
            row = next(i for i, r in enumerate(rows) if r == "my game")
            table.move_cursor(row=row)
            await pilot.press("enter")
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            assert screen.source.match.actions == match.actions

    run(go())


def test_rules_screen_searches_the_rulebook():
    async def go():
        app = app_for(kind="title")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("r")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, RulesScreen)
            await pilot.press("slash", *"horreum")
            hits = screen._hits
            assert len(hits) > 3
            area = screen.query_one("TextArea")
            assert area.selected_text.lower() == "horreum"
            first = area.selection
            await pilot.press("enter")
            assert area.selection != first and area.selected_text.lower() == "horreum"
            await pilot.press("escape", "escape")
            assert isinstance(app.screen, TitleScreen)

    run(go())


def test_replay_viewer_steps_forward_and_back_with_the_log():
    match = finished()

    async def go():
        app = app_for(match, kind="replay")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReplayScreen)
            log = screen.query_one(GameLog)
            assert screen.step == 0
            await pilot.press("right", "right", "right")
            assert screen.step == 3
            lines3 = log.lines_written
            assert lines3 == len([1 for s, _ in match.log_lines() if s <= 3])
            await pilot.press("left")
            assert screen.step == 2 and log.lines_written <= lines3
            await pilot.press("pagedown")
            assert match.states[screen.step].round == 2
            await pilot.press("end")
            assert screen.step == len(match.actions)
            assert log.lines_written == len(match.log_lines())

    run(go())


def test_a_too_small_terminal_shows_a_notice_until_enlarged():
    async def go():
        app = app_for(position("play"))
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, TooSmallScreen)
            before = len(app.screen_stack)
            await pilot.press("1", "enter", "z")  # nothing reaches the game
            assert isinstance(app.screen, TooSmallScreen)
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            assert len(app.screen_stack) == before - 1

    run(go())


def test_new_game_from_the_title_by_enter_and_the_start_key():
    async def go():
        app = app_for(kind="title")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("enter")  # "New game" is highlighted without a save
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            await pilot.press("enter", "enter")  # the first time: the games' list, a game
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            await pilot.press("ctrl+g")  # Start
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            m = screen.source.match
            assert len(m.seats) == 4 and m.seats[0].is_human
            assert all(not s.is_human for s in m.seats[1:])
            assert m.to_move() == 0

    run(go())


class SlowBot:
    """Thinks until cancelled: to see the UI stay responsive meanwhile."""

    kind = "slow"
    started = threading.Event()

    def decide(self, game, view, seat, budget: Budget, rng):
        SlowBot.started.set()
        while not budget.cancelled():
            threading.Event().wait(0.001)
        raise BotCancelled()

    def explain(self):
        return []


def test_keys_work_while_a_bot_thinks_and_leaving_cancels_it(monkeypatch):
    monkeypatch.setitem(BOT_KINDS, "slow", lambda strength: SlowBot())
    SlowBot.started.clear()
    match = Match("provincia", (Seat("Slow", "slow"), Seat("You")), 4)

    async def go():
        app = app_for(match)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert SlowBot.started.wait(60)
            screen = app.screen
            assert isinstance(screen, TableScreen) and not screen.settled.is_set()
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape", "escape")  # close help, open the menu
            await pilot.pause()
            await pilot.press("end", "up", "enter")  # leave to the title
            await asyncio.wait_for(app.workers.wait_for_complete(), 60)
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)
            assert match.actions == []
            assert all(w.is_finished for w in app.workers)

    run(go())


def test_a_served_player_is_never_shown_the_servers_paths(home, monkeypatch, tmp_path):
    """Saving in a served game (TABULA_CRASH_DIR set) names the save, not the
    server's folders or the hash of the player's folder; locally the path shows."""
    match = position("play")

    async def saved_notice(served: bool) -> str:
        if served:
            monkeypatch.setenv("TABULA_CRASH_DIR", str(tmp_path / "crashes"))
        else:
            monkeypatch.delenv("TABULA_CRASH_DIR", raising=False)
        app = app_for(match)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(pilot)
            await pilot.press("ctrl+s")
            app.screen.query_one("#save-name").value = ""
            await pilot.press(*("mine" if served else "local"), "enter")
            await pilot.pause()
            await settle(pilot)
            return next(n.message for n in app._notifications if n.title == "Saved")

    served = asyncio.run(saved_notice(True))
    folder = str(Store().root)
    assert "mine" in served and "/" not in served and folder not in served
    assert folder in asyncio.run(saved_notice(False))
