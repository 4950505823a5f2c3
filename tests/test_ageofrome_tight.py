"""Age of Rome at 80×24 (issue 28, point 8; fix walk-through): its labels
wrapped whole even when they did not all fit, so a Legion move ("Move a
Legion from your board to Epirus") took two rows and only five actions
were in sight in a 4-player game. A long list now takes one row an
action, each label in its short form (``tui.ageofrome.labels``), which
keeps its price, its gain and a greyed line's reason."""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

import pytest

from engine import get_game
from engine.ageofrome.actions import Build, MoveLegion, Place
from engine.core import Options
from engine.match import Match, Seat
from tests.test_ageofrome_tui import position
from tests.test_tui_narrow import NUMBERED, region_rows
from tests.test_tui_support import app_for, settle
from tui.ageofrome import detail
from tui.ageofrome.labels import tight_label
from tui.widgets.actions import ActionMenu

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py

GAME = get_game("ageofrome")
ROW = 30  # a label's room in the 80×24 action list


def moving_legions(s: Any) -> bool:
    """A Legion move to choose among eight actions (two rows each, wrapped)."""
    return bool(s.pending) and s.pending[-1].kind == "legion" and len(GAME.legal(s)) >= 8


def legion_choice() -> Match:
    return position(1, moving_legions, 4)


def test_legion_moves_in_one_row_at_80x24(snap_compare):
    assert snap_compare(app_for(legion_choice()), terminal_size=(80, 24), run_before=settle)


def test_six_legion_moves_or_more_are_in_sight_at_80x24():
    match = legion_choice()

    async def go() -> None:
        app = app_for(match)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            rows = [r.strip(" │▏▇▄") for r in region_rows(app, menu.options)]
            numbered = [r for r in rows if NUMBERED.match(r)]
            assert len(numbered) >= 6, rows
            assert "1 Legion: board → Epirus" in numbered, numbered
            assert all(len(r) <= ROW + 2 for r in numbered)

    asyncio.run(go())


def test_short_forms_keep_the_price_the_gain_and_the_reason():
    assert tight_label(MoveLegion("board", "Epirus"),
                       "Move a Legion from your board to Epirus", ROW) == "Legion: board → Epirus"
    assert tight_label(MoveLegion("Thrace", "Epirus"),
                       "Move Marcus Antonius's Legion from Thrace to Epirus", ROW) == \
        "Antonius's: Thrace → Epirus"
    assert tight_label(MoveLegion("board", "Thrace"), "Move a Legion from your board to "
                       "Thrace — no Legion left on your board", ROW) == "board → Thrace — none left"
    assert tight_label(Build("Politics"), "Build Politics III: 13 Denarii, +6 Glory, takes "
                       "the Politics Medal", ROW) == "Politics III: 13D, +6G, +Medal"
    assert tight_label(Build("Trade"), "Build Trade II: 8 Denarii, +4 Glory", ROW) == \
        "Trade II: 8 Denarii, +4 Glory"
    assert tight_label(Build("Farming"), "Build Farming I: 3 Denarii, +2 Glory (you have 0)",
                       ROW) == "Farming I: 3D +2G, have 0"
    assert tight_label(Build("Military"), "Build Military II: 8 Denarii, +4 Glory (you have 5)",
                       ROW) == "Military II: 8D +4G, have 5"
    assert tight_label(Place("Politics", 1), "Politics with the Bonus: 2 Votes on the Column, "
                       "2 Majorities, +4 Glory", ROW) == "Pol.+Bonus: 2 Votes 2 Maj. +4G"
    assert tight_label(Place("Politics", 0), "Politics: 1 Vote on the Column, a Majority, "
                       "+2 Glory", ROW) == "Politics: 1 Vote, Majority +2G"
    assert tight_label(Place("Religion", 0), "Religion: Pantheon base: the silver piece, 3 "
                       "Glory at the end", ROW) == "Rel.: silver base 3G at end"
    assert tight_label(Place("Religion", 0), "Religion: Pantheon top: own piece 3 of 3, 1 "
                       "Glory at the end", ROW) == "Rel.: own top 3/3, 1G at end"
    assert tight_label(Place("Scheme", 0), "Scheme space: a Scheme marker, face down; 1 Feud "
                       "to activate it later", ROW) == "Scheme marker (1 Feud to use)"
    assert tight_label(("income", 1), "Double Income: +26 Denarii, -7 Glory", ROW) == \
        "Double: +26 Denarii, -7 Glory"
    assert tight_label(("activate", "Gaule", 0, "Mudslinging"), "Activate your Scheme in "
                       "Gaule (space 1) for 1 Feud: Mudslinging, Crassus loses 1 Glory", ROW) \
        == "Mudslinging Gau1: Crassus -1G"
    # two spaces of one province with one effect: the space tells them apart
    spaces = [tight_label(("activate", "Gaule", k, "Mudslinging"), "Activate your Scheme in "
                          f"Gaule (space {k + 1}) for 1 Feud: Mudslinging, Crassus loses "
                          "1 Glory", ROW) for k in (0, 1)]
    assert spaces[0] != spaces[1] and all(len(x) <= ROW for x in spaces)


NUMBER = re.compile(r"\d+")


def offered(seed: int, n: int, options: Options | None = None) -> list[tuple[tuple, str]]:
    """Every label a random game offers seat by seat, the greyed held ones too."""
    m = Match("ageofrome", tuple(Seat(f"S{i}", "random") for i in range(n)), seed,
              *([options] if options else []))
    rng = random.Random(seed)
    out: list[tuple[tuple, str]] = []
    while not m.is_over():
        seat = m.to_move()
        v = m.view(seat)
        legal = m.game.legal(v)
        out += [(a, m.game.describe(v, a)) for a in legal]
        out += [(a, why) for a, why in detail.held_places(m.game, v, seat) if why]
        m.play(rng.choice(legal))
    return out


def test_every_short_form_fits_the_row_and_keeps_its_numbers():
    """A whole game's labels (Spies & Allies' offers too): each fits the
    row (a Scheme activation may still need the menu's squeeze: the detail
    under the board says it whole) and keeps every number of a live
    Legion move, build, Income, sale or Follower placement."""
    labels = offered(3, 4, Options.of({"spies_allies": True})) + offered(2, 3)
    kinds = {a[0] for a, _ in labels}
    assert {"legion", "build", "place", "income", "sell", "activate", "offer"} <= kinds
    for a, label in labels:
        short = tight_label(a, label, ROW)
        if a[0] != "activate":
            assert len(short) <= ROW, (label, short)
        live = " — " not in label and "(you have" not in label and "only" not in label
        if live and a[0] in ("legion", "build", "income", "sell", "place", "offer"):
            assert NUMBER.findall(short) == NUMBER.findall(label), (label, short)


def test_every_seat_keeps_its_kind_on_its_own_row_at_80x24():
    """Walk-through: "Julius Caesar G27 D3 L4 V2" left no room for "random",
    which went to a row of its own ("Y  random") under the last seat, out
    of sight under the actions. A long name is shortened ("Caesar") or cut
    instead: every other seat's row names it and says what plays it."""
    from tests.test_tui_narrow import age_of_rome

    match = age_of_rome()

    async def go() -> None:
        app = app_for(match)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            side = app.screen.query_one("#ageofrome-side-text")
            rows = [r.strip(" │▏▁▂▃▄▅▆▇█") for r in region_rows(app, side)]
            looks = app.screen.looks
            assert any("Julius Caesar" in lk.label for lk in looks[1:]), "a long name"
            for lk in looks[1:]:
                row = next(r for r in rows if r.startswith(lk.letter))
                assert row.endswith(f" {lk.kind_word}"), (row, rows)
            assert not [r for r in rows if re.fullmatch(r"\w\s+(random|rules|search)", r)], rows

    asyncio.run(go())


def holding_a_set() -> Match:
    """Your Action turn in round 1 with Tunica, Stola and Arca III (a
    Clothes set, the Chest wild) and Gladius in hand."""
    from engine.ageofrome.state import CARD_INDEX, TRADE_POOL
    from engine.core import Held

    m = position(1, lambda s: s.phase == "actions" and not s.pending, 4)
    w = m.states[-1].thaw()
    me = w.players[0].thaw()
    me.hand = tuple(Held(CARD_INDEX[c], 1, TRADE_POOL)
                    for c in ("Tunica", "Stola", "Arca III", "Gladius"))
    w.players = (me.freeze(), *w.players[1:])
    m.states[-1] = w.freeze()
    return m


def test_what_a_set_costs_and_gives_reads_whole_under_the_board_at_80x24():
    """Walk-through: "Form a set"'s detail began with its Glory and went on
    with three card texts, cut at the board's foot, and never said what the
    set costs. It says first what it gives and costs, whole; the card texts
    follow as far as they fit whole (your hand in the side panel has them)."""
    match = holding_a_set()

    async def go() -> None:
        app = app_for(match)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            menu.options.highlighted = next(
                i for i, (a, _) in enumerate(menu._shown) if a[0] == "set")
            await settle(pilot)
            board = app.screen.query_one("#ageofrome-board")
            shown = " ".join(r.strip(" │▏") for r in region_rows(app, board))
            said = ("Clothes set: 5 Glory at the end (set 1 of 3). Tunica, Stola and Arca "
                    "III leave your hand for good: no play, no sale (3 Denarii)")
            assert said in " ".join(shown.split()), shown
            assert "…" not in shown, shown

    asyncio.run(go())


def test_a_builds_income_figures_stay_whole_when_the_board_is_short_of_rows():
    """Walk-through at 80×24 (round 2, a two-row prompt): a build's detail
    ended "…or double 8 for 3 Glory (now 3,…". Its Income figures come
    first; the tile's words after " · " go when the rows are too few."""
    from tui.ageofrome.board import NARROW, AgeOfRomeBoard

    m = position(3, lambda s: s.phase == "build" and not s.pending
                 and any(isinstance(a, Build) for a in GAME.legal(s)))
    v = m.view(0)
    a = next(a for a in GAME.legal(v) if isinstance(a, Build))
    board = AgeOfRomeBoard()
    board._g, board._width = NARROW, 41
    board.room = lambda: 3  # type: ignore[method-assign]
    board.about = detail.action_detail(v, 0, a)
    lines = [text for text, _ in board.detail(None, -1)]
    assert len(lines) <= 3 and not any("…" in x for x in lines), lines
    said = " ".join(lines)
    assert said.startswith("Income this round ") and " for 1)" in said, said


def test_a_hard_search_seat_says_so_and_every_seat_stays_in_sight_at_80x24():
    """A hard search seat read "search" where "search, hard" would have cut
    its name below five letters (walk-through, stop 36): the kind goes on
    the row under its seat, indented under the name, and the panel keeps
    the Event (two rows), your seat, every other seat and that row in sight.
    Your own long name takes its short form rather than wrap ("V4" had
    gone to a row of its own)."""
    seats = (Seat("Vera"), Seat("Brutus", "rules"), Seat("Cassia", "mcts", "hard"),
             Seat("Drusus", "rules"))
    m = Match("ageofrome", seats, 21)
    rng = random.Random(21)
    while not (m.to_move() == 0 and m.state.phase == "build"):
        m.play(rng.choice(m.game.legal(m.view(m.to_move()))))

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            side = app.screen.query_one("#ageofrome-side")
            rows = [r.strip(" │▏▁▂▃▄▅▆▇█") for r in region_rows(app, side)]
            assert rows[1].startswith("Event") and rows[3].startswith("O "), \
                "an Event of two rows"
            looks = app.screen.looks
            for lk in looks:
                assert any(r.startswith(f"{lk.letter} ") for r in rows), (lk.letter, rows)
            hard = next(i for i, r in enumerate(rows) if r.startswith(looks[2].letter))
            assert rows[hard + 1] == "search, hard", rows
            assert sum("search" in r for r in rows) == 1, rows
            mine = next(r for r in rows if r.startswith(looks[0].letter))
            assert mine.endswith(f"V{m.state.players[0].votes}"), rows

    asyncio.run(go())
