"""The screens know no game: what they show comes through the protocol and
the registry (``engine.games``).

Every kind of ending on the game-over screen (Results built by hand), the
new-game form built from a game's option list, the log coloured from
structured lines, each game's stylesheet kept to its own screens, and the
generic table (the one a game without its own gets) playing a whole game
by keys.
"""

from __future__ import annotations

import asyncio
import dataclasses

import pytest
from textual.screen import Screen
from textual.widgets import Checkbox, Select, Static

from engine import games
from engine.core import LogLine, Result
from engine.match import Match, Seat
from tests.test_tui_support import (
    SEATS,
    app_for,
    finished,
    late_in_the_game,
    moves_of,
    position,
    settle,
)
from tests.toygame import ENTRY as TOY
from tui.screens import table as table_screen
from tui.screens.game_over import GameOverScreen, ending_of, fallback_outcome, row_order
from tui.screens.new_game import NewGameScreen
from tui.screens.replay import ReplayScreen
from tui.screens.table import TableScreen
from tui.widgets import table
from tui.widgets.game_log import GameLog
from tui.widgets.game_styles import checked_variables, scoped_css
from tui.widgets.generic_table import GamePanel, SeatsPanel, letters
from tui.widgets.seats import SeatLook

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py


def run(coro):
    return asyncio.run(coro)


def plain_text(widget: Static) -> str:
    return str(widget.render())


# ----------------------------------------------------------------- game over, every ending

LOOKS = (SeatLook(0, "Anna", "Massilia", "orange", "M"),
         SeatLook(1, "Bruno", "Tolosa", "blue", "T"),
         SeatLook(2, "Clio", "Arelate", "red", "A"))


def result(scores, winners, others=(), outcome="", ranks=None) -> Result:
    ranks = ranks or tuple(1 + sum(o > s for o in scores) for s in scores)
    return Result(scores=tuple(scores), ranks=tuple(ranks),
                  breakdown=tuple({"dice": s, "rest": 0} for s in scores),
                  winners=tuple(winners), outcome=outcome, unit="glory",
                  labels=(("rest", "Rest"), ("dice", "Dice")), others=tuple(others))


async def over_screen(pilot, res: Result, looks: tuple[SeatLook, ...]) -> GameOverScreen:
    """The game-over screen of a (Provincia) match, showing ``res``."""
    match = Match("provincia", SEATS[:2], 3)
    screen = GameOverScreen(ending_of(match, res), looks)
    await pilot.app.push_screen(screen)
    await pilot.pause()
    return screen


def test_game_over_shows_a_shared_victory_with_the_games_words():
    res = result((9, 9, 4), (0, 1), outcome="Massilia and Tolosa share the victory.")

    async def go():
        app = app_for(kind="title")
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await over_screen(pilot, res, LOOKS)
            said = plain_text(screen.query_one("#verdict", Static))
            assert "Anna" in said and "Bruno" in said and "Clio" not in said
            assert "Massilia and Tolosa share the victory." in said
            rows = plain_text(screen.query_one("#scores", Static)).splitlines()
            assert rows[0].split() == ["glory", "Rest", "Dice"]  # the game's unit and order
            assert [r.split()[0] for r in rows[1:]] == ["1st", "1st", "3rd"]
            assert rows[1].split()[-3:] == ["9", "0", "9"]

    run(go())


def test_game_over_of_a_solo_loss_names_the_opponent_that_won():
    solo = LOOKS[:1]
    res = result((30,), (), others=(("The Enemy", 42),))
    assert fallback_outcome(res, solo) == "The Enemy wins with 42 glory."

    async def go():
        app = app_for(kind="title")
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await over_screen(pilot, res, solo)
            said = plain_text(screen.query_one("#verdict", Static))
            assert said == "The Enemy wins with 42 glory."
            rows = plain_text(screen.query_one("#scores", Static)).splitlines()[1:]
            # above the seat it beat, which is not "1st" (the walk-through of issue 28)
            assert rows[0].split() == ["1st", "The", "Enemy", "42"]
            assert rows[1].split()[:3] == ["2nd", "M", "Anna"] and "30" in rows[1]
            assert len(rows) == 2

    run(go())


def test_game_over_of_a_solo_win_ranks_the_seat_above_the_opponent():
    solo = LOOKS[:1]
    res = result((50,), (0,), others=(("The Enemy", 42),))
    assert row_order(res) == [("seat", 0), ("other", 0)]
    assert fallback_outcome(res, solo) == "Massilia wins with 50 glory."

    async def go():
        app = app_for(kind="title")
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await over_screen(pilot, res, solo)
            said = plain_text(screen.query_one("#verdict", Static))
            assert said.startswith(" M  Anna — ") and said.endswith("wins with 50 glory.")
            rows = plain_text(screen.query_one("#scores", Static)).splitlines()[1:]
            assert rows[0].split()[:3] == ["1st", "M", "Anna"]
            assert rows[1].split() == ["2nd", "The", "Enemy", "42"]

    run(go())


def test_everyone_losing_with_no_opponent_is_said_plainly():
    assert fallback_outcome(result((1, 2), ()), LOOKS) == "Nobody wins."


def test_the_chart_follows_the_games_score_history():
    match = finished()
    history = match.game.score_history(match.state)

    async def go():
        app = app_for(match)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, GameOverScreen)
            head = plain_text(screen.query_one("#chart-numbers", Static)).splitlines()[0]
            assert head.split() == [*history.labels, "end"]
            kind = match.game.chapter(match.state).kind
            assert f"over the {kind}s" in plain_text(screen.query_one("#chart-title", Static))

    run(go())


# ----------------------------------------------------------------- the new-game form


def test_new_game_form_is_built_from_the_games_options():
    async def go():
        with games.extra(TOY):
            app = app_for(kind="title")
            async with app.run_test(size=(80, 24)) as pilot:
                await settle(pilot)
                app.push_screen(NewGameScreen("toy"))
                await pilot.pause()
                screen = app.screen
                assert isinstance(screen, NewGameScreen)
                game = screen.game
                by_kind = {o.kind: o for o in game.options}
                assert set(by_kind) == {"int", "choice", "bool", "seats"}
                # "seats" options are a column of the seat rows, the rest fields.
                seats = by_kind["seats"]
                heads = [str(w.render()) for w in screen.query(".head Label")]
                assert seats.label in heads
                assert screen.query_one(f"#opt-{seats.key}-1", Select).value == seats.choices[1]
                for kind in ("int", "choice", "bool"):
                    assert screen.query_one(f"#opt-{by_kind[kind].key}")
                helps = " ".join(str(w.render()) for w in screen.query(".option-row .note"))
                assert by_kind["int"].help in helps
                # Defaults are the game's.
                assert screen.query_one("#players", Select).value == game.default_players
                assert screen.query_one(f"#opt-{by_kind['bool'].key}",
                                        Checkbox).value is by_kind["bool"].default
                assert screen.query_one(f"#opt-{by_kind['choice'].key}",
                                        Select).value == by_kind["choice"].default
                # A value the game refuses is a reason on the form, not a crash.
                lo, hi = by_kind["int"].bounds
                screen.query_one(f"#opt-{by_kind['int'].key}").value = str(hi + 5)
                await pilot.press("ctrl+g")
                await pilot.pause()
                assert app.screen is screen
                problem = plain_text(screen.query_one("#problem", Static))
                assert by_kind["int"].key in problem and str(hi) in problem
                # Fixed, and every field changed: the match gets them all.
                screen.query_one(f"#opt-{by_kind['int'].key}").value = str(lo)
                choice = by_kind["choice"]
                screen.query_one(f"#opt-{choice.key}", Select).value = choice.choices[-1]
                screen.query_one(f"#opt-{by_kind['bool'].key}", Checkbox).value = True
                screen.query_one(f"#opt-{seats.key}-0", Select).value = seats.choices[1]
                await pilot.pause()
                # Two seats cannot share a value: seat 2 took seat 1's old one.
                assert screen.query_one(f"#opt-{seats.key}-1", Select).value == seats.choices[0]
                await pilot.press("ctrl+g")
                await settle(pilot)
                assert isinstance(app.screen, TableScreen)
                opts = app.screen.source.match.options
                assert opts.get(by_kind["int"].key) == lo
                assert opts.get(choice.key) == choice.choices[-1]
                assert opts.get(by_kind["bool"].key) is True
                assert opts.get(seats.key)[:2] == (seats.choices[1], seats.choices[0])
                await pilot.press("escape")
                await pilot.press("end", "up", "enter")  # leave before the toy is unregistered
                await app.workers.wait_for_complete()

    run(go())


def test_new_game_names_only_the_defaults_whose_meaning_changed():
    async def go():
        app = app_for(kind="title")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("n")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, NewGameScreen)
            assert screen.game_id == games.DEFAULT_GAME
            game = screen.game
            await pilot.press("ctrl+g")  # Start (Enter, the first time, opens the games)
            await settle(pilot)
            match = app.screen.source.match
            assert len(match.seats) == game.default_players
            fields = {o.key for o in game.options if o.kind != "seats"}
            changed = {o.key: o.default for o in game.options if o.absent is not None}
            # Fields left at their default are the game's to decide, except
            # those whose meaning changed: a new game names today's default.
            named = dict(match.options.items)
            assert fields & set(named) == set(changed)
            assert {k: named[k] for k in changed} == changed

    run(go())


# ----------------------------------------------------------------- the log


def test_the_log_colours_seat_parts_and_headings_without_reading_words():
    async def go():
        app = app_for(kind="title")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            log = GameLog()
            log.set_looks(LOOKS)
            await app.screen.mount(log)
            # A seat part whose words are not its label is still that seat's.
            badge, body = log.sentence(LogLine((("the blue side", 1), (" waits for ", None),
                                                ("Massilia", None))))
            assert badge.plain == " T "
            assert body.plain == "the blue side (Bruno) waits for Massilia"
            coloured = [body.plain[s.start:s.end] for s in body.spans
                        if "bold" in str(s.style)]
            assert coloured == ["the blue side"]  # "Massilia" is not a seat part here
            _, head = log.sentence(LogLine.plain("Era II", heading=True))
            assert "underline" in str(head.spans[0].style)
            _, line = log.sentence(LogLine.plain("Round 2 begins"))
            assert not line.spans  # no heading unless the game says so

    run(go())


def test_the_replay_jumps_by_the_games_chapters():
    match = finished()

    async def go():
        app = app_for(match, kind="replay")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReplayScreen)
            keys = str(screen.query_one("KeyBar").render())
            word = match.game.chapter(match.state).kind
            assert f"Next {word}" in keys
            first = match.game.chapter(match.states[0])
            await pilot.press("pagedown")
            here = match.game.chapter(match.states[screen.step])
            assert here.number == first.number + 1
            before = match.game.chapter(match.states[screen.step - 1])
            assert before.number == first.number
            await pilot.press("pageup")
            assert screen.step == 0

    run(go())


# ----------------------------------------------------------------- styles


def test_a_games_stylesheet_is_nested_under_its_screens_class():
    css = scoped_css("provincia")
    assert css.startswith(".game-provincia {") and css.rstrip().endswith("}")
    with pytest.raises(ValueError, match="must start with"):
        checked_variables("provincia", {"gold": "#ffd700"})
    assert checked_variables("provincia", {"provincia-gold": "#ffd700"})

    class Plain(Screen[None]):
        def compose(self):
            yield Static("not a board", id="board")

    async def go():
        app = app_for(position("play"))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            game = app.screen
            assert isinstance(game, TableScreen) and game.has_class("game-provincia")
            styled = game.query_one("#board").styles.background
            await app.push_screen(Plain())
            await pilot.pause()
            other = app.screen.query_one("#board").styles.background
            assert styled != other  # the game's "#board" rule stays on its own screens
            assert "provincia-clay" in app.theme_variables

    run(go())


# ----------------------------------------------------------------- the generic table


def test_letters_tell_seats_apart():
    assert letters(["Eagle", "Wolf"]) == ["E", "W"]
    assert letters(["Rome", "Ravenna", "Capua"]) == ["1", "2", "3"]


def test_the_generic_table_plays_the_last_round_by_keys(monkeypatch):
    """Provincia with its own table hidden: the fallback table, built from the
    protocol alone, is enough to play its last round to the end (the
    conformance suite plays the toy, which has no table, whole by keys)."""
    real = games.entry

    def without_table(game_id: str):
        # its places too (a deck without markers kept greyed, where "1"
        # plays nothing): they come from Provincia's own table module
        return dataclasses.replace(real(game_id), table=None, places=None)

    monkeypatch.setattr(table, "entry", without_table)
    monkeypatch.setattr(table_screen, "entry", without_table)
    match = late_in_the_game("provincia", (Seat("You"), Seat("Bot", "random")), 11)
    start = len(match.actions)

    async def go():
        app = app_for(match)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            assert not screen.query("#hand")  # not Provincia's own widgets
            seats = screen.query_one(SeatsPanel)
            assert "▶" in str(seats.render())
            label = match.game.seat_label(match.state, 0)
            assert label in str(seats.render())
            panel = str(screen.query_one(GamePanel).render())
            assert match.game.prompt(match.view(0)) in " ".join(panel.split())
            presses = 0
            while not isinstance(app.screen, GameOverScreen):
                assert app.screen is screen and match.to_move() == 0
                await pilot.press("enter" if presses % 2 else "1")
                presses += 1
                await settle(pilot)
                assert presses < 600
            assert match.is_over()
            assert moves_of(match, 0, start) == presses > 5
            await pilot.press("escape")  # back to the board
            await pilot.pause()
            said = " ".join(str(screen.query_one(GamePanel).render()).split())
            assert match.game.result(match.state).outcome in said

    run(go())
