"""Provincia Romana, fix 36b (a walker on a fresh clone): the results'
numbers keep their end column at 80×24 with six players, and their row
letters do not read as the chart's points."""

from __future__ import annotations

import asyncio

import pytest

from engine.match import Seat
from tests.test_tui_narrow import rows
from tests.test_tui_support import SEATS, app_for, finished, settle

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py

SIX = (*SEATS, Seat("Eppia", "random"), Seat("Fabius", "random"))


def results_rows(seed: int, seats: tuple[Seat, ...], size: tuple[int, int]) -> list[str]:
    """The results screen's rows, scrolled to the chart's numbers."""
    async def go() -> list[str]:
        app = app_for(finished(seed, seats))
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            app.screen.query_one("#over-box").scroll_end(animate=False)
            await pilot.pause()
            return rows(app)
    return asyncio.run(go())


def test_six_players_results_keep_the_end_column_at_80x24() -> None:
    """The numbers beside the chart took the columns the box's scrollbar
    covers: "R1 R2 R3 R4 R5 R6 e", no end score under it (seed 2: the
    numbers fit beside the chart only without the scrollbar)."""
    shown = results_rows(2, SIX, (80, 24))
    head = next(r for r in shown if "R1" in r and "R6" in r and "│" in r)
    assert head.rstrip(" █").endswith("R6 end"), head
    m = finished(2, SIX)
    ends = sorted(m.game.result(m.state).scores)
    at = head.index("end") + 3
    got = sorted(int(r[at - 4:at]) for r in shown[shown.index(head) + 1:][:6])
    assert got == ends


def test_the_numbers_row_letters_are_badges_not_chart_points() -> None:
    """A bare bold letter beside the chart's last column read as one more
    point of it: the numbers' rows name their seat with the table's badge
    (the letter reversed in the seat's colour)."""
    from tui.screens.game_over import score_rows
    from tui.widgets.seats import SeatLook

    looks = [SeatLook(0, "You", "Forum Julii", "red", "F", "human")]
    text = score_rows([[1, 2]], looks, ["R1", "end"])
    row = text.split("\n")[1]
    assert row.plain.startswith(" F ")
    assert any("reverse" in str(span.style) for span in row.spans), row.spans


def test_the_final_turn_says_what_no_longer_pays() -> None:
    """In "Final Play Cards", "Play Legio for 2G (+1 Defense)" with no
    battle left, and "Trade 2 Gold for 1 Wood" with 4 Gold quietly cost
    1 PP (3 Gold = 1 PP at the end): both say so, the hand marks the Legio
    as gaining nothing, and one row keeps the warning."""
    from engine import get_game
    from engine.provincia.scenario import Scenario, card
    from tui.provincia.labels import tight_label
    from tui.provincia.reasons import NOT_NOW, PLAYABLE, verdict

    game = get_game("provincia")
    base = Scenario(players=2).city(0, "Arelate").hand(0, "Legio", "Gloria VI")

    def said(s):
        return [game.describe(s, a) for a in game.legal(s)]

    final = base.resources(0, clay=0, wood=0, stone=0, gold=4).at_phase("final")
    got = said(final)
    assert "Play Legio for 2 Gold (+1 Defense — no battle left: gains nothing) — 1 PP " \
        "less at the end (3 Gold = 1 PP)" in got
    assert "Trade 2 Gold for 1 Stone — 1 PP less at the end (3 Gold = 1 PP)" in got
    assert "Play Gloria VI for 2 Gold (+6 PP at game end) — 1 PP less at the end " \
        "(3 Gold = 1 PP)" in got
    assert verdict(final, 0, card("Legio")) == (NOT_NOW, "no gain: no battle left")
    rows = [tight_label((), g, 31) for g in got]
    assert "Legio 2G: nothing, end -1PP" in rows
    assert "Trade 2G for 1S, end -1PP" in rows
    # 5 Gold: 3 left still make the 1 PP, the trade costs none
    five = base.resources(0, clay=0, wood=0, stone=0, gold=5).at_phase("final")
    assert "Trade 2 Gold for 1 Stone" in said(five)
    legio = "Play Legio for 2 Gold (+1 Defense — no battle left: gains nothing)"
    assert legio in said(five)
    assert tight_label((), legio, 31) == "Play Legio 2G +1Def, no battle"
    # before the last battle the Legio counts
    play = base.resources(0, gold=4).at_phase("play", round=6, seat=0)
    assert "Play Legio for 2 Gold (+1 Defense)" in said(play)
    assert verdict(play, 0, card("Legio")) == (PLAYABLE, "")


def opes_row_with_a_revealed_card(s) -> bool:
    d = s.draft
    return s.phase == 1 and d is not None and d.deck == 0 and any(
        sl is None and not up for sl, up in zip(d.slots, d.face_up, strict=True))


def test_a_taken_face_down_card_keeps_its_row_whole_at_80x24() -> None:
    """"Silva Q:3W / 1W (was fa… ← L": where the words do not fit, the
    row's own face-down mark says it ("Silva Q:3W / 1W ▒ ← L")."""
    from tests.test_provincia_walk36 import nth, seen

    shown, _ = asyncio.run(seen(nth(6, 3, opes_row_with_a_revealed_card, 0), "#draft"))
    assert not any("…" in r for r in shown), shown
    assert any("Silva Q:3W / 1W ▒" in r for r in shown), shown


def test_a_seat_s_kind_never_takes_a_row_of_its_own_at_80x24() -> None:
    """A wrapped seat row put "random" alone on its second row whenever ▲ or
    ▶ came in: the row breaks before the holdings instead ("M·Massilia
    Brutus 0 PP Caesar" over "G1 C2 W8 S6  random")."""
    from tests.test_provincia_walk36 import nth, seen

    shown, _ = asyncio.run(seen(nth(6, 3, opes_row_with_a_revealed_card, 0), "#cities"))
    words = [" ".join(r.strip(" ▌▏").split()) for r in shown]
    assert "random" not in words, shown
    assert "G1 C2 W8 S6 random" in words, shown


def test_ending_a_turn_over_the_hand_limit_says_the_discard_follows() -> None:
    """"End your turn" led to a discard down to 5 nobody had announced."""
    from engine import get_game
    from engine.provincia.scenario import Scenario
    from tui.provincia.labels import tight_label

    game = get_game("provincia")
    many = ("Legio", "Legio", "Patronus", "Praetor", "Gloria III", "Gloria IV", "Gloria V")
    s = Scenario(players=2).city(0, "Arelate").hand(0, *many).resources(0, gold=0) \
        .at_phase("play", seat=0)
    done = [game.describe(s, a) for a in game.legal(s) if a[0] == "done"]
    assert done == ["End your turn — then discard 2 cards (hand limit 5)"]
    assert tight_label((), done[0], 31) == "End turn, discard 2 (keep 5)"
    few = Scenario(players=2).city(0, "Arelate").hand(0, "Legio").at_phase("play", seat=0)
    assert [game.describe(few, a) for a in game.legal(few) if a[0] == "done"] == \
        ["End your turn"]


def test_the_start_token_is_named_so() -> None:
    """"+1 orange (coin)" explained nothing: the "+1" each city is dealt
    at setup, with the coin, is its start token."""
    from engine.provincia.text import token_name

    assert token_name(0).endswith("(start token)") and "coin" not in token_name(0)
    assert "(" not in token_name(1)


def test_a_senate_card_that_waits_keeps_its_reason_whole_in_a_row() -> None:
    """"· Corruptio 3 res. needs 2 mor…" at 80×24: the cost goes first
    (the card text gives it), the reason stays whole."""
    from textual.markup import to_content

    from engine.provincia.data import CARD_ID
    from tui.provincia.hand import card_option
    from tui.provincia.reasons import NOT_NOW, Verdict

    v = Verdict(NOT_NOW, "needs 2 more Clay/Wood/Stone")
    row = to_content(card_option(CARD_ID["Corruptio"], v, 32)).plain
    assert row == "· Corruptio needs 2 more res."
    assert to_content(card_option(CARD_ID["Corruptio"], v, 40)).plain == \
        "· Corruptio 3 res. needs 2 more res."


BRIEFED = ("Architectus", "Officina", "Castrum", "Carchesium")


def a_row_with_a_long_text(s) -> bool:
    from engine.provincia.data import CARDS

    d = s.draft
    return s.phase == 1 and d is not None and d.deck != 0 and any(
        h is not None and 0 <= h.card < len(CARDS) and CARDS[h.card].name in BRIEFED
        for h in d.slots)


@pytest.mark.parametrize(("players", "seed"), [(4, 2), (4, 6), (4, 7), (4, 9), (6, 7)])
def test_every_card_of_a_row_says_what_it_does_uncut_at_80x24(players, seed) -> None:
    """The card under the cursor, at 80×24: its text ran on into the cut
    ("costs 1 Clay, Wood or …", "+1 Military in every battl…"); where the
    whole does not fit, its brief form does."""
    from tests.test_provincia_walk36 import nth
    from tests.test_tui_narrow import region_rows

    match = nth(players, seed, a_row_with_a_long_text, 0)

    async def go() -> list[list[str]]:
        app = app_for(match)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            seen = []
            for _ in range(6):
                seen.append(region_rows(app, app.screen.query_one("#draft")))
                await pilot.press("down")
                await settle(pilot)
            return seen

    for rows_ in asyncio.run(go()):
        cut = [r for r in rows_ if "…" in r and "←" not in r]
        assert not cut, rows_


def test_the_seed_moves_to_a_line_with_room() -> None:
    """At 120×40 "Caesar N·Narbo Martius · Gauls II:? III:? V:? VI:?  seed"
    wrapped, its number on a row of its own: the seed goes to the first
    line with room."""
    from tui.provincia.board import with_seed

    lines = ["Round 1 2⚔ 3⚔ 4 5⚔ 6⚔ Phase 1 Select Cards",
             "Caesar N·Narbo Martius · Gauls II:? III:? V:? VI:?",
             "Opes ●● 30(0)  SPQR ●● 50(0)  Aedificium ●● 82(0)",
             "Supply Clay 23 Wood 24 Stone 32 Gold ∞"]
    seed = "  seed 614923467"
    assert with_seed(lines, seed, 65)[3].endswith(seed)
    assert with_seed(lines, seed, 65)[1] == lines[1]
    assert with_seed(lines, seed, 80)[1].endswith(seed)
    assert with_seed(lines, seed, 50) == lines
