"""Age of Rome after the last walk-through of issue 28 (stop 35): the gaps
a player who knows the game still found, each shown fixed here."""

from __future__ import annotations

import asyncio
import html
from typing import Any

import pytest

from engine.ageofrome import data
from engine.ageofrome.actions import Apostasy
from tests.ageofrome_helpers import GAME
from tests.test_ageofrome_tui import position
from tests.test_tui_narrow import region_rows
from tests.test_tui_support import app_for, settle
from tui.ageofrome import detail
from tui.ageofrome.labels import tight_label
from tui.widgets.actions import ActionMenu

YOUR_TURN = " O  Your turn — "  # the badge and the words before the prompt
ROW_120 = 118  # the status line's text at 120 columns (its padding aside)


@pytest.fixture(autouse=True)
def isolated(home: Any) -> None:
    """Every test here plays in its own home directory (saves, settings)."""


def screen_text(app: Any) -> str:
    return html.unescape(app.export_screenshot()).replace("\xa0", " ")


def apostasy(s: Any) -> bool:
    return bool(s.pending) and s.pending[-1].kind == "apostasy"


def status_text(app: Any) -> str:
    return str(app.screen.query_one("#status-text").render())


def test_the_apostasy_prompt_fits_one_row_at_120_with_any_two_names():
    """"Your turn — Marcus Antonius: Apostasy — which of Pompeius's Legions
    goes home, and does one of yours take its" stopped there at 120×40."""
    from engine.ageofrome.scheme import APOSTASY_CHOICE, PROMPTS
    from engine.ageofrome.state import Pending

    m = position(18, apostasy, n=4, tries=1)
    w = m.state.thaw()
    w.players = tuple(p.thaw() for p in w.players)
    names = range(len(data.CHARACTERS))
    for me in names:
        for them in names:
            w.players[0].character, w.players[1].character = me, them
            line = YOUR_TURN + PROMPTS[APOSTASY_CHOICE](w, Pending(APOSTASY_CHOICE, 0, (1,)))
            assert len(line) <= ROW_120, line


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
def test_the_apostasy_prompt_shows_whole(size):
    m = position(18, apostasy, n=4, tries=1)

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            prompt = m.game.prompt(m.view(0))
            assert prompt.endswith("home")
            assert " ".join(prompt.split()) in " ".join(status_text(app).split())
            assert app.screen.query_one("#status").region.height == 1

    asyncio.run(go())


def test_without_a_legion_on_your_board_replace_is_greyed_with_why():
    """No Legion on your board: "Replace the Legion in …" was just missing."""
    m = position(61, apostasy, n=2, tries=1)
    assert m.state.players[0].legions == 0
    greyed: list[str] = []

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            shown = [d for _, d in menu._shown]
            greyed[:] = [d for d in shown if d.startswith("Replace the Legion in ")]
            assert greyed and all(d.endswith(" — no Legion left on your board")
                                  for d in greyed), shown
            assert all(a in menu._dead for a, d in menu._shown if d in greyed)
        async with app_for(m).run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            ol = pilot.app.screen.query_one(ActionMenu).options
            rows = [ol.get_option_at_index(i).prompt.plain for i in range(ol.option_count)]
            assert any("Replace" in r and r.endswith("no Legion left on your board")
                       for r in rows), rows

    asyncio.run(go())
    assert tight_label(Apostasy("Thrace", True), greyed[-1], 30) \
        == "Replace Legion in Thrace — none left"


def with_state(m: Any, change: Any) -> Any:
    """``m`` with its last state changed by ``change(w)`` (thawed players)."""
    w = m.states[-1].thaw()
    w.players = tuple(p.thaw() for p in w.players)
    change(w)
    w.players = tuple(p.freeze() for p in w.players)
    m.states[-1] = w.freeze()
    return m


def politics_open(s: Any) -> bool:
    from engine.ageofrome.action_phase import PLAIN
    from engine.ageofrome.state import POLITICS
    return s.phase == "actions" and not s.pending and PLAIN[POLITICS] in GAME.legal(s)


def board_says(app: Any) -> str:
    board = app.screen.query_one("#ageofrome-board")
    return " ".join(" ".join(r.strip(" │▏") for r in region_rows(app, board)).split())


def test_a_politics_placement_says_whose_vote_it_pushes_off_and_what_its_scores():
    """Walk-through: a full Column's bottom Vote went home and only the log
    said whose, afterwards; nor did anything say what the new one scores."""
    from engine.ageofrome.action_phase import PLAIN
    from engine.ageofrome.state import POLITICS

    def full(w: Any) -> None:
        w.column = (1, 2, 3, 1, 2)
        w.players[0].votes = 3

    m = with_state(position(1, politics_open, 4), full)
    bottom = GAME.describe(m.state, PLAIN[POLITICS])
    assert bottom.startswith("Politics: 1 Vote")

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            menu.options.highlighted = next(
                i for i, (a, _) in enumerate(menu._shown) if a == PLAIN[POLITICS])
            await settle(pilot)
            said = board_says(app)
            name = m.state.players[1].character
            whose = f"{data.CHARACTERS[name].name}'s"
            assert "Your Vote: position 5 of the Column (6 Glory at the end" in said, said
            assert f"It pushes the bottom Vote, {whose} (position 1), off the Column" in said

    asyncio.run(go())


def test_a_vote_pushed_home_may_be_cast_again():
    """L201 (Mary's example): one Vote on the board, the Bonus's two: the
    first pushes her own bottom Vote home, and it goes on again."""
    from engine.ageofrome import forces

    m = position(1, politics_open, 4)

    def marys(w: Any) -> None:
        w.column = (0, 1, 2, 0, 0)
        w.players[0].votes = 1

    s = with_state(m, marys).state
    assert forces.forecast_votes(s, 0, 2) == (2, (4, 5), ((0, 1), (1, 2)))
    said = detail.action_detail(s, 0, ("place", "Politics", True))
    assert said.startswith("Your Votes: positions 4 and 5 of the Column (5 and 6 Glory")
    assert "the two bottom Votes, yours (position 1) and " in said
    assert said.endswith("yours goes back to your board and can be cast again")


def building(s: Any) -> bool:
    from engine.ageofrome.actions import Build
    return s.phase == "build" and not s.pending and any(
        isinstance(a, Build) for a in GAME.legal(s))


def test_a_build_that_reaches_a_milestone_says_it_recruits_a_follower():
    """The log said "reaches the milestone on space 5 and recruits a
    Follower" only after the build; the label and the detail say it before."""
    from engine.ageofrome.actions import Build

    def below_five(w: Any) -> None:
        w.players[0].glory = 4
        w.players[0].milestones = 0
        w.players[0].followers = 2
        w.players[0].denarii = 30

    m = with_state(position(3, building), below_five)
    v = m.view(0)
    builds = [a for a in GAME.legal(v) if isinstance(a, Build)]
    labels = [GAME.describe(v, a) for a in builds]
    assert all(x.endswith(", recruits a Follower") for x in labels), labels
    short = tight_label(builds[0], labels[0], 30)
    assert short.endswith(" +Follower") and len(short) <= 30, short

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            menu.options.highlighted = next(
                i for i, (a, _) in enumerate(menu._shown) if a == builds[0])
            await settle(pilot)
            said = board_says(app)
            assert "the milestone on space 5 recruits a Follower." in said, said

    asyncio.run(go())


def test_a_greyed_build_keeps_its_gain_in_one_row_and_reads_whole_under_the_board():
    """80×24: "Politics III: 13D, have 0" dropped "+6 Glory, takes the
    Politics Medal"; "Trade II: 8 Denarii, you have 3" and "Military II: 8
    Denarii, have 3" were two forms of one thing."""
    from engine.ageofrome.actions import Build

    assert tight_label(Build("Politics"), "Build Politics III: 13 Denarii, +6 Glory, takes "
                       "the Politics Medal (you have 0)", 30) == "Pol. III 13D +6G +Medal have 0"
    forms = [tight_label(Build(t), f"Build {t} II: 8 Denarii, +4 Glory (you have 3)", 30)
             for t in ("Trade", "Military")]
    assert forms == ["Trade II: 8D +4G, have 3", "Military II: 8D +4G, have 3"]

    def poor(w: Any) -> None:
        from engine.ageofrome.state import CARD_INDEX, TRADE_POOL
        from engine.core import Held

        w.players[0].denarii = 2
        w.players[0].hand = tuple(Held(CARD_INDEX[c], 1, TRADE_POOL)
                                  for c in ("Tunica", "Stola", "Arca III", "Gladius"))

    m = with_state(position(3, building), poor)

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            i, (a, line) = next((i, x) for i, x in enumerate(menu._shown)
                                if x[0] in menu._dead and isinstance(x[0], Build))
            row = menu.options.get_option_at_index(i).prompt.plain
            assert menu._room is not None, "a one-row list"
            assert row.endswith(": 3D +2G, have 2"), row
            menu.options.highlighted = i
            await settle(pilot)
            said = board_says(app)
            assert f"✗ {line}" in said and line.endswith("(you have 2)"), said

    asyncio.run(go())


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
def test_a_scheme_effect_that_cannot_act_is_greyed_with_why(size):
    """Degradation against a complete Pantheon, Revote against a seat with
    no Vote on the Column: missing from the list, nothing said why."""
    from tests.test_ageofrome_tui import activating

    def complete(w: Any) -> None:
        w.players[2].base_common, w.players[2].top_common = "gold", "silver"

    m = with_state(position(3, activating, 3), complete)
    target = data.CHARACTERS[m.state.players[2].character].name
    wanted = {"Degradation": (f"Degradation — {target}'s Pantheon is complete", "complete"),
              "Revote": (f"Revote — {target} has no Vote on the Column", "no Vote")}

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            for effect, (whole, short) in wanted.items():
                i, (a, line) = next((i, x) for i, x in enumerate(menu._shown)
                                    if x[0][0] == "activate" and x[0][3] == effect)
                assert a in menu._dead and line.endswith(whole), line
                row = menu.options.get_option_at_index(i).prompt.plain
                assert row.endswith(whole if menu._room is None else f" — {short}"), row
                menu.options.highlighted = i
                await settle(pilot)
                assert f"✗ {line}" in board_says(app)
                one_row = tight_label(a, line, 30)
                assert len(one_row) <= 30 and one_row.endswith(f" — {short}"), one_row

    asyncio.run(go())


def last_income(s: Any) -> bool:
    return s.phase == "income" and s.round == data.ROUNDS and not s.pending


def test_last_round_income_says_what_the_denarii_left_score_at_the_end():
    """L307: 1 Glory per 4 Denarii left at the end; in the last round the
    Income choice is a choice between Glory now and Denarii that score."""
    from engine.ageofrome import income, scoring

    m = position(3, last_income, 4)
    v = m.view(0)
    offer, have = income.offer_of(v, 0), v.players[0].denarii
    rate = scoring.denarii_rate(v, 0)
    one, two = have + offer.single, have + offer.double
    labels = {a[1]: GAME.describe(v, a) for a in GAME.legal(v) if a[0] == "income"}
    assert labels[0].endswith(f"(end: {one} Denarii = {one // rate} Glory)"), labels
    assert labels[1].endswith(f"(end: {two} Denarii = {two // rate} Glory)"), labels

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            menu.options.highlighted = next(
                i for i, (a, _) in enumerate(menu._shown) if a[0] == "income")
            await settle(pilot)
            said = board_says(app)
            assert f"every {rate} Denarii you end with score 1 Glory" in said, said

    asyncio.run(go())


def test_the_players_name_follows_the_seat_a_log_line_is_about():
    """"G Pompeius loses a piece of the Pantheon's top. (Livia)" came of the
    human's Degradation, and read as Livia's doing: the player's name now
    follows the seat's ("Pompeius (Livia) loses …", "Pompeius's (Livia)")."""
    from engine.ageofrome.forces import Degraded, VoteHome
    from engine.match import Seat
    from tui.widgets.game_log import GameLog

    m = position(3, lambda s: s.round >= 2, 4)
    m.seats = (Seat("You"), Seat("Livia", "random"), *m.seats[2:])
    name = data.CHARACTERS[m.state.players[1].character].name
    lines = [GAME.log_line(m.state, Degraded(1, "top")),
             GAME.log_line(m.state, VoteHome(1, 0, True))]

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            log = app.screen.query_one(GameLog)
            said = [log.sentence(line)[1].plain for line in lines]
            assert said == [f"{name} (Livia) loses a piece of the Pantheon's top.",
                            f"The bottom Vote, {name}'s (Livia), is pushed off the Column."]

    asyncio.run(go())


def test_the_quest_hint_gives_each_quest_its_own_reason():
    """Every Quest the hint listed read "the least likely Quest"."""
    import random

    from ai.knowledge import knowledge

    m = position(1, lambda s: any(a[0] == "return_quest" for a in GAME.legal(s)), 4)
    v = m.view(0)
    policy = knowledge("ageofrome").policy
    ranked = policy(GAME, v, 0, random.Random(1)).ranked
    quests = [(a, score, why) for a, score, why in ranked if a[0] == "return_quest"]
    assert len(quests) == 3
    for a, score, why in quests:
        q = data.QUEST[a[1]]
        assert why.startswith("gives up ") and why.endswith(f"{q.glory} Glory") \
            or why.endswith("it is met now"), why
        assert f"{-score:.1f}" in why or "met now" in why


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
def test_spies_and_allies_reads_whole_on_the_form_and_is_greyed_at_one_player(size):
    """"2-4 players: Diplomacy tokens before the Sch…" at both sizes, and
    the box offered at Players 1 (refused only at Start)."""
    from textual.widgets import Checkbox, Select

    from engine import get_game
    from tui.screens.new_game import NewGameScreen

    help_ = next(o.help for o in get_game("ageofrome").options if o.key == "spies_allies")

    async def go() -> None:
        app = app_for(kind="title")
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            app.push_screen(NewGameScreen("ageofrome"))
            await pilot.pause()
            screen = app.screen
            box = screen.query_one("#opt-spies_allies", Checkbox)
            note = box.parent.query(".note").last()
            assert str(note.render()) == help_ and len(help_) <= note.region.width, help_
            screen.query_one("#players", Select).value = 1
            await pilot.pause()
            assert box.disabled
            screen.query_one("#players", Select).value = 3
            await pilot.pause()
            assert not box.disabled

    asyncio.run(go())


def test_new_game_help_says_players_1_is_the_emperor_solo():
    from tui.cli import options_help

    text = " ".join(options_help().split())
    assert "ageofrome (Age of Rome): --players 1-4. 1 player: the Emperor Solo" in text
