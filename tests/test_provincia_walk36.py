"""Provincia Romana at 80×24 (issue 28, point 8; fix 36): every action of
the draft is in sight (the row's card text and a wrapped hand took their
rows: 2 or 3 of 3 or 4 showed), every phase shows six actions or all of
them, and the battle panel shows every side before the reveal (only your
own row stayed, four players' too)."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from engine.match import Match, Seat
from engine.provincia.state import BATTLE, SELECT
from tests.test_tui_narrow import NUMBERED, region_rows
from tests.test_tui_support import POSITIONS, SEATS, app_for, position, settle
from tui.widgets.actions import ActionMenu

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py

SIZE = (80, 24)
SIX = (*SEATS, Seat("Eppia", "random"), Seat("Fabius", "random"))


def nth(players: int, seed: int, pred: Callable[[Any], bool], k: int) -> Match:
    """The ``k``-th position (from 0) of a seeded game played at random
    where seat 0, the human, is to move and ``pred`` holds."""
    m = Match("provincia", SEATS if players == 4 else SIX, seed)
    rng = random.Random(seed)
    found = 0
    while not m.is_over():
        if m.to_move() == 0 and pred(m.state):
            if found == k:
                return m
            found += 1
        m.play(rng.choice(m.game.legal(m.view(m.to_move()))))
    raise AssertionError("no such position in this game")


def drafting(s: Any) -> bool:
    return s.phase == SELECT and s.draft is not None


def face_down_bellum(s: Any) -> bool:
    return s.phase == BATTLE and s.step == "tokens"


async def seen(match: Match, widget: str = "#action-list") -> tuple[list[str], int]:
    """The rows of ``widget`` at 80×24 as the terminal shows them, and how
    many actions the menu offers."""
    app = app_for(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        return (region_rows(app, app.screen.query_one(widget)),
                len(app.screen.query_one(ActionMenu)._shown))


def numbered(rows: list[str]) -> list[str]:
    return [r for r in rows if NUMBERED.match(r.strip(" │▏"))]


# Draft turns where 80×24 showed fewer actions than the row offered.
@pytest.mark.parametrize(("players", "seed", "k"), [(4, 1, 2), (4, 3, 4), (4, 2, 3), (6, 3, 3)],
                         ids=["4p-round1", "4p-round2", "4p-last-pick", "6p"])
def test_every_draft_action_is_in_sight_at_80x24(players: int, seed: int, k: int) -> None:
    """"Take Consul…, Take Commercium, Take Coniuratio" and no "Take a
    face-down card": the draft row's card text (four lines) and a hand
    wrapped to two lines took the actions' rows. The row's detail now
    gives way to the actions, and the hand keeps to one line."""
    rows, offered = asyncio.run(seen(nth(players, seed, drafting, k)))
    assert len(numbered(rows)) == offered, rows


def test_the_drafts_hand_and_row_are_whole() -> None:
    """Nothing cut around the actions: the hand's cards between its
    borders, and the row's six slots and its borders all show."""
    match = nth(4, 1, drafting, 2)

    async def go() -> tuple[list[str], list[str]]:
        app = app_for(match)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            return (region_rows(app, app.screen.query_one("#hand")),
                    region_rows(app, app.screen.query_one("#draft")))

    hand, row = asyncio.run(go())
    assert hand[0].lstrip().startswith("╭") and hand[-1].lstrip().startswith("╰"), hand
    assert "Strata" in "".join(hand) and "Consuetudo" in "".join(hand), hand
    assert row[0].lstrip().startswith("╭") and row[-1].lstrip().startswith("╰"), row
    assert sum("▒" in r or "●" in r or "←" in r for r in row[1:7]) == 6, row


@pytest.mark.parametrize("name", list(POSITIONS))
def test_every_phase_shows_six_actions_or_all_at_80x24(name: str) -> None:
    """Choose a deck, the draft, Play Cards, the battle, its result, the
    end of a round, the final turn: six actions in sight, or all of them."""
    rows, offered = asyncio.run(seen(position(name)))
    assert len(numbered(rows)) >= min(6, offered), (name, rows)


@pytest.mark.parametrize(("players", "seed", "k"), [(4, 2, 1), (4, 5, 3), (6, 1, 0), (6, 1, 2)],
                         ids=["4p-round3", "4p-round6", "6p-round2", "6p-round5"])
def test_every_side_shows_before_the_reveal_at_80x24(players: int, seed: int, k: int) -> None:
    """Before the Bellum is turned, 80×24 kept only your own row where the
    stakes were long. Now your own row stays whole, the others' sums share
    a line or two, and the panel keeps its borders (a long stake ends in "…")."""
    match = nth(players, seed, face_down_bellum, k)
    rows, _ = asyncio.run(seen(match, "#battle"))
    text = "\n".join(rows)
    assert text.count("+?") == players, text
    for letter in "FMNATL"[:players]:  # the cities' letters, in their default order
        assert re.search(rf"(^|\s){letter}\s[-\d\s?]*\+\?", text), (letter, text)
    assert rows[0].lstrip().startswith("╭") and rows[-1].lstrip().startswith("╰"), text
    assert "tokens" in rows[-1], text


# ---------------------------------------------------------------- snapshots
def test_a_draft_turn_at_80x24(snap_compare) -> None:
    """The draft turn whose fourth action ("Take a face-down card") was
    out of sight."""
    assert snap_compare(app_for(nth(4, 1, drafting, 2)), terminal_size=SIZE, run_before=settle)


def test_six_sides_before_the_reveal_at_80x24(snap_compare) -> None:
    """Six players' battle before the Bellum is turned: your row, the five
    others' sums, the stakes."""
    assert snap_compare(app_for(nth(6, 1, face_down_bellum, 0)), terminal_size=SIZE,
                        run_before=settle)


def test_a_taken_card_too_long_for_one_row_ends_in_an_ellipsis() -> None:
    """"Fornax Lateris 1W 1S 1G 2pp ← A" was wider than the row even with
    single spaces: "← A" wrapped to a seventh row the side panel had not
    counted. Its costs now end in "…", its taker on the same row."""
    match = nth(4, 8, lambda s: drafting(s) and bool(s.draft.taken), 0)
    rows, _ = asyncio.run(seen(match, "#draft"))
    inner = [r.strip(" │") for r in rows[1:-1]]
    assert not any(r.startswith("←") for r in inner), rows
    fornax = next(r for r in inner if "Fornax" in r)
    assert "…" in fornax and re.search(r"← [A-Z]$", fornax), rows


def test_the_compact_hand_keeps_each_card_whole_on_a_line() -> None:
    """"●Emporium 2C 1W 1S 2pp  ●Fodina" above "2W 2pp  ●Commercium free":
    a card's costs on the line below read as another card. Each card now
    keeps to one line, and where the lines are too few, the names alone."""
    from engine.provincia.data import card_id
    from tui.provincia.hand import compact
    from tui.provincia.reasons import PLAYABLE, Verdict

    cards = [card_id(n) for n in ("Emporium", "Fodina", "Commercium")]
    marks = [Verdict(PLAYABLE)] * 3
    assert compact(cards, marks, 31, 3).plain.split("\n") == [
        "●Emporium 2C 1W 1S 2pp", "●Fodina 2W 2pp", "●Commercium free"]
    assert compact(cards, marks, 31, 1).plain == "●Emporium  ●Fodina  ●Commercium"



def pick_then_choose(s: Any) -> bool:
    """Seat 0 takes a card of a row and then chooses the next deck (the
    rotation decides who chooses, whatever the cards taken)."""
    return drafting(s) and s.queue[1:2] == (0,) and len(s.players[0].hand) >= 3


def test_between_two_rows_the_hand_takes_the_rows_no_card_needs() -> None:
    """Choosing a deck between two rows: the box kept for the next row
    held seven empty lines while the hand was cut to one line ("●Fodina…");
    with no card to detail, the hand has its lines back."""
    match = nth(4, 1, pick_then_choose, 0)

    async def go() -> tuple[list[str], Any]:
        app = app_for(match)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("1")
            await settle(pilot)
            return region_rows(app, app.screen.query_one("#hand")), match.state

    hand, s = asyncio.run(go())
    assert s.draft is None and s.phase == SELECT and match.to_move() == 0, s
    assert hand[0].lstrip().startswith("╭") and hand[-1].lstrip().startswith("╰"), hand
    assert "…" not in "".join(hand), hand
    assert len(hand) >= 4, hand  # its cards on two lines or more, with their costs


def test_every_slot_of_a_six_player_row_keeps_to_one_row_at_80x24() -> None:
    """"3 ●Fornax Lateris  1W 1S 1G" above "2pp": an untaken card too wide
    with double spaces wrapped (a seventh row of the box). Single spaces
    keep it to one."""
    match = nth(6, 6, lambda s: drafting(s) and not s.draft.taken, 0)
    rows, _ = asyncio.run(seen(match, "#draft"))
    slots = [r.strip(" │") for r in rows[1:1 + 6]]
    assert all(re.match(r"[▶ ]?[1-6 ] ", s) for s in slots), rows
    assert not any(r.strip(" │").startswith(("2pp", "←")) for r in rows), rows


def test_a_cut_compact_hand_runs_to_the_end_of_its_line() -> None:
    """"●Hortus  ●Hortus …" and half the line empty: the names that do
    not fit whole run on to the line's end, then "…"."""
    from engine.provincia.data import card_id
    from tui.provincia.hand import compact
    from tui.provincia.reasons import PLAYABLE, Verdict

    cards = [card_id(n) for n in ("Hortus", "Hortus", "Via Mercatoris", "Commercium")]
    marks = [Verdict(PLAYABLE)] * 4
    assert compact(cards, marks, 31, 1).plain == "●Hortus  ●Hortus  ●Via Mercato…"
    assert compact(cards, marks, 31, 2).plain == "●Hortus  ●Hortus\n●Via Mercatoris  ●Commercium"
