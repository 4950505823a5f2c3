"""The Trade window between two key presses (issue 28): "Play a Trade card,
or go on" opens after a build whenever you hold a card the others have not
seen. A digit typed for the build list before it must not pick a sale in it:
the window lists "go on" first, then the cards to play, and offers no sales
while the turn goes on after it (the build list that follows has them, with
the numbers they had). Games saved before keep the window they were played
with (option ``window_sales``)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from engine import get_game
from engine.ageofrome import data, trade
from engine.ageofrome.actions import DONE, Build, Sell
from engine.ageofrome.state import TYPES
from engine.core import Options, named_options
from engine.match import Match
from tests.test_ageofrome_tui import position as tui_position
from tests.test_tui_support import app_for, settle
from tui.widgets.actions import ActionMenu

GAME = get_game("ageofrome")


@pytest.fixture(autouse=True)
def isolated(home: Any) -> None:
    """Every test here plays in its own home directory (saves, settings)."""


def before_a_quiet_window(s: Any) -> bool:
    """Seat 0 builds with two types to choose, holds two cards or more, one
    the others have not seen (so a window opens after a build), none it
    could play in it (so the window lists only "go on")."""
    if s.phase != "build" or s.pending or not s.queue or s.queue[0] != 0:
        return False
    builds = [a for a in GAME.legal(s) if isinstance(a, Build)]
    hand = s.players[0].hand
    return (len(builds) >= 2 and len(hand) >= 2
            and trade.may_play(s, 0, "B") and not trade.playable(s, 0, "B"))


def position(seed: int, pred: Any, n: int = 4, limit: int = 3000) -> Match:
    """The first state of seeded random games, set up as a new game is (its
    options named: ``named_options``), where seat 0 is to move and ``pred``
    holds."""
    return tui_position(seed, pred, n, limit,
                        options=named_options(GAME.options, Options()))


def test_a_digit_for_the_build_list_sells_nothing_in_the_window_after_it():
    m = position(3, before_a_quiet_window)
    hand = m.state.players[0].hand
    start = len(m.actions)

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            shown = [a for a, _ in menu._shown]
            live = [i for i, a in enumerate(shown) if isinstance(a, Build) and a not in menu._dead]
            assert len(live) >= 2
            await pilot.press(str(live[0] + 1))  # build the first type it can: the window opens
            await settle(pilot)
            s = m.state
            assert s.pending and s.pending[-1].kind == trade.WINDOW and s.pending[-1].seat == 0
            window = [d for _, d in menu._shown]
            assert window[0] == "Go on: play no Trade card now"
            assert not any(d.startswith("Sell") for d in window)
            await pilot.press(str(live[1] + 1))  # meant for the build list's second type
            await settle(pilot)
            assert [a[0] for a in m.actions[start:]] == ["build"]  # the 2 did nothing
            assert m.state.players[0].hand == hand
            await pilot.press("1")  # go on: the build list again, sales in it
            await settle(pilot)
            assert not m.state.pending and m.state.phase == "build"
            assert any(isinstance(a, Sell) for a, _ in menu._shown)

    asyncio.run(go())


def test_windows_list_go_on_first_and_sales_only_where_the_turn_ends():
    m = position(3, before_a_quiet_window)
    s = GAME.play(m.state, next(a for a in GAME.legal(m.state) if isinstance(a, Build)))
    assert s.pending[-1].kind == trade.WINDOW
    assert GAME.legal(s) == [DONE]  # no card to play: go on, nothing else
    # A game saved before (no value named) offers the sales as it did.
    w = m.state.thaw()
    w.options = Options()
    old = w.freeze()
    s_old = GAME.play(old, next(a for a in GAME.legal(old) if isinstance(a, Build)))
    assert s_old.pending[-1].kind == trade.WINDOW
    legal_old = GAME.legal(s_old)
    assert legal_old[-1] == DONE and any(isinstance(a, Sell) for a in legal_old)
    assert named_options(GAME.options, Options()).get("window_sales") == trade.TURN_END_SALES


def builds_to_choose(s: Any) -> bool:
    """Seat 0 builds, able to pay for some types and not for others."""
    if s.phase != "build" or s.pending or not s.queue or s.queue[0] != 0:
        return False
    return 1 <= sum(isinstance(a, Build) for a in GAME.legal(s)) < len(TYPES)


def test_a_build_you_cannot_take_stays_listed_greyed_so_the_numbers_never_shift():
    """The five builds keep their places (and digits) on the Building turn:
    one the seat cannot take is greyed, says why and plays nothing, and
    "Done" keeps its number after a build makes another unaffordable."""
    m = position(3, builds_to_choose)
    start = len(m.actions)
    builds = [Build(t) for t in TYPES]

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            shown = [a for a, _ in menu._shown]
            assert shown[:5] == builds and shown[5] == DONE
            dead = [i for i, a in enumerate(shown) if a in menu._dead]
            assert dead and all(a not in GAME.legal(m.state) for a in menu._dead)
            await pilot.press(str(dead[0] + 1))  # a greyed build: it says why
            await settle(pilot)
            assert len(m.actions) == start
            status = str(app.screen.query_one("#status-text").render())
            assert f"Not now: Build {shown[dead[0]][1]} " in status, status
            live = next(i for i in range(5) if i not in dead)
            await pilot.press(str(live + 1))  # a build it can pay for
            await settle(pilot)
            assert m.actions[start:] == [builds[live]]
            if m.state.pending:  # the Trade window: go on
                await pilot.press("1")
                await settle(pilot)
            s = m.state  # the turn goes on until Done
            assert not s.pending and s.phase == "build" and s.queue[0] == 0
            again = [a for a, _ in menu._shown]
            assert again[:5] == builds and again[5] == DONE  # the same numbers

    asyncio.run(go())


def test_a_placement_no_longer_open_stays_greyed_so_a_sell_never_slides_under_its_number():
    """Solo round 4: "8 Colosseum" became "8 Sell Pugio" once a Bonus was
    used, and the 8 the player had read sold a card (issue 28 walk-through)."""
    import random

    from engine import get_game
    from tests.test_tui_support import numbered
    from tui.ageofrome.detail import place_places

    game, rng = get_game("ageofrome"), random.Random(4)
    s = game.setup(1, None, 4)
    for _ in range(5000):
        seat = game.to_move(s)
        if s.phase == "actions" and seat is not None and s.players[seat].bonus_used \
                and not s.pending:
            break
        s = game.play(s, rng.choice(game.legal(s)))
    else:
        raise AssertionError("no Action turn after a Bonus was used")
    view = game.view(s, seat)
    places = place_places(game, view, seat)
    used = [(a, why) for a, why in places if a[2] and why]
    assert used and all("already used" in why or "covered by a Feud" in why for _, why in used), \
        "the used Bonus stays, greyed"
    shown, greyed = numbered(game, view, seat)
    assert set(a for a, _ in used) <= greyed
    first_sale = next(i for i, a in enumerate(shown) if a[0] == "sell") \
        if any(a[0] == "sell" for a in shown) else len(shown)
    assert all(shown.index(a) < first_sale for a, _ in places), "every placement above the sales"


def test_a_greyed_build_reads_as_a_build_does_with_the_money_you_have():
    """A greyed level III build said only its price, not its Glory and Medal
    (issue 28 walk-through): it reads as the build would, then what you have."""
    from tui.ageofrome.detail import build_places

    m = position(3, builds_to_choose)
    view = m.view(0)
    greyed = [why for a, why in build_places(GAME, view, 0) if why and ": " in why]
    assert greyed, "a build the seat cannot afford"
    have = f"(you have {view.players[0].denarii})"
    assert all(" Glory" in why and why.endswith(have) for why in greyed)


def two_legion_moves(s: Any) -> bool:
    """Seat 0 is to move two Legions (a Military Bonus), from its board and
    from a region it holds, and has none in another region: a first move
    there opens moves the list lacked."""
    if not s.pending or s.pending[-1].kind != "legion" or s.pending[-1].seat != 0:
        return False
    mine = [c[0] for c in s.regions]
    return s.pending[-1].data[0] == 2 and s.players[0].legions > 0 \
        and any(mine) and not all(mine)


def test_the_second_legion_move_keeps_the_numbers_of_the_first_list():
    """A Military Bonus moves two Legions, one list after the other. The
    second list used to renumber: a move into an empty region slid its own
    moves in before the others, so the 4 read as "Macedonia to Epirus"
    played "Epirus to Macedonia" (issue 28 walk-through). Every line of
    the first list keeps its number; what the first move opened was there,
    greyed, and what it spent stays, greyed."""
    m = position(1, two_legion_moves)
    start = len(m.actions)

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            first = [a for a, _ in menu._shown]
            done = first.index(DONE)
            moves = [a for a in first if a[0] == "legion"]
            assert menu._dead and all(first.index(a) > done for a in menu._dead), \
                "the moves a first move may open wait under Done, greyed"
            dead = set(menu._dead)
            to = next(i for i, a in enumerate(first[:done])  # from the board to a region
                      if any(b in dead and b.source == a.to for b in moves))  # empty of yours
            await pilot.press(str(to + 1))
            await settle(pilot)
            assert m.actions[start:] == [first[to]]
            second = [a for a, _ in menu._shown]
            assert second[:len(first)] == first, "every line keeps its number"
            opened = [a for a in moves if a.source == first[to].to]
            assert opened and not set(opened) & set(menu._dead), "the moves it opened are live"
            kept = next(i for i, a in enumerate(first[:done]) if a.source != "board")
            await pilot.press(str(kept + 1))  # read on the first list
            await settle(pilot)
            assert m.actions[start:start + 2] == [first[to], first[kept]]

    asyncio.run(go())


def test_a_trade_windows_prompt_keeps_to_one_line_at_120_columns():
    """"Marcus Antonius: play a Trade card (When you place a Follower -
    Anywhere / When you place a Follower - On a Farming building), or go
    on" took two lines at 120×40, the status line growing under the
    player's eyes as the window opened (issue 28 walk-through). Conditions
    that begin alike say it once; every window (each condition a placement,
    a build, a Scheme or a double Income opens), for every character,
    keeps to the status line's one row, the conditions whole."""
    from engine.ageofrome import action_phase, build
    from engine.flow import Pending

    windows = {action_phase.FARMING_WINDOW, action_phase.COLOSSEUM_WINDOW, "A",
               build.BUILD_WINDOW, "S", "V", "D"}  # "D": a double Income
    s = position(3, before_a_quiet_window).state
    room = 120 - 2 - len(" O  Your turn — ")  # the status line's padding and its lead
    for character in range(len(data.CHARACTERS)):
        players = tuple(p.replace(character=character) if i == 0 else p
                        for i, p in enumerate(s.players))
        for conditions in windows:
            pending = (Pending(trade.WINDOW, 0, (conditions,)),)
            prompt = GAME.prompt(s.replace(players=players, pending=pending))
            assert len(prompt) <= room, prompt
            for c in conditions:
                assert data.CONDITIONS[c].split(" - ")[-1] in prompt
