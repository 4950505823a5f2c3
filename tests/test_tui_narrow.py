"""Every game at 80×24 with four players (issue 28, point 8): the other
seats in a compact form, at least six actions in sight, and the prompt
whole (a long one wraps; it is never cut, with an ellipsis or without).
One snapshot per game, and Pilot checks that read the screen as the
terminal shows it.

Each position is the first of a seeded game played at random (every
seat) where the human, seat 0, chooses among six actions or more; Age of
Rome's has a prompt longer than one status line. A rules change can move
them: then ``--snapshot-update`` on this file and a look at the diff.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

import pytest

import tests.test_ageofrome_tui as ageofrome
import tests.test_romans_tui as romans
from engine import get_game
from engine.match import Match
from engine.provincia.state import PLAY
from tests.test_tui_support import SEATS, app_for, play_until, settle, until
from tests.test_tui_support import position as provincia_position
from tui.ageofrome.labels import SHORT_NAMES
from tui.ageofrome.side import MIN_NAME
from tui.romans.board import RomansBoard
from tui.screens.table import TableScreen
from tui.widgets.actions import ActionMenu
from tui.widgets.status import StatusLine

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py

SIZE = (80, 24)
STATUS_WIDTH = SIZE[0] - 2  # the status line's padding
NUMBERED = re.compile(r"^[0-9] \S")


def choosing(game_id: str) -> Callable[[Any], bool]:
    """A position where the seat to move has six actions or more."""
    game = get_game(game_id)
    return lambda s: len(game.legal(s)) >= 6


def long_choice(s: Any) -> bool:
    """Six actions or more, under a prompt too long for one status line."""
    game = get_game("ageofrome")
    line = f"  X  Your turn — {game.prompt(s)}"
    return len(line) > STATUS_WIDTH and len(game.legal(s)) >= 6


def provincia() -> Match:
    busy = choosing("provincia")
    return play_until(lambda s: s.phase == PLAY and busy(s), seed=5, seats=SEATS)


def the_romans() -> Match:
    return romans.position(3, choosing("romans"), 4)


def age_of_rome() -> Match:
    return ageofrome.position(1, long_choice, 4)


POSITIONS: dict[str, Callable[[], Match]] = {
    "provincia": provincia,
    "romans": the_romans,
    "ageofrome": age_of_rome,
}


def rows(app: Any) -> list[str]:
    """The screen's rows as the terminal shows them (borders and
    scrollbars drawn over the widgets)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def table_text(app: Any) -> str:
    """The screen without the log (which names seats as it tells moves):
    what the table itself shows."""
    r = app.screen.query_one("#log").region
    shown = rows(app)
    for y in range(r.y, r.bottom):
        shown[y] = shown[y][:r.x] + " " * r.width + shown[y][r.right:]
    return "\n".join(shown)


def region_rows(app: Any, widget: Any) -> list[str]:
    r = widget.region
    return [row[r.x:r.right] for row in rows(app)[r.y:r.bottom]]


def seat_words(match: Match, looks: Any) -> list[str]:
    """What names each seat on a narrow screen: Provincia's cities show
    the city and the player; The Romans' side panel your colour and each
    other seat's player; Age of Rome's every seat's leader (another
    seat's by the start of its short name: a long one is cut)."""
    words = []
    for lk in looks:
        mine = lk.seat == 0
        if match.game_id == "provincia":
            words += [lk.label, lk.name]
        elif match.game_id == "romans":
            words.append(lk.label if mine else lk.name)
        elif mine:
            words.append(lk.label)
        else:  # Age of Rome's others: a long name short or cut, the kind on its row
            words.append(SHORT_NAMES.get(lk.label, lk.label)[:MIN_NAME - 1])
    return words


def words(text: str) -> str:
    return " ".join(text.split())


async def narrow_screen(match: Match) -> dict[str, Any]:
    """What the checks read at 80×24: the numbered rows of the action list,
    the whole screen, the status line's text, and the prompt."""
    app = app_for(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        listed = region_rows(app, screen.query_one("#action-list"))
        return {
            "numbered": [r for r in listed if NUMBERED.match(r.strip(" │▏"))],
            "screen": table_text(app),
            "status": words(" ".join(region_rows(app, screen.query_one(StatusLine)))),
            "prompt": match.game.prompt(match.view(0)),
            "offered": len(screen.query_one(ActionMenu)._shown),
            "looks": screen.looks,
        }


@pytest.fixture(scope="module", params=list(POSITIONS))
def shown(request: Any, tmp_path_factory: pytest.TempPathFactory
          ) -> tuple[Match, dict[str, Any]]:
    """Each game's screen, read once for the checks below (in a save
    folder of its own, as ``home`` gives each test)."""
    match = POSITIONS[request.param]()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TABULA_HOME", str(tmp_path_factory.mktemp("home")))
        return match, asyncio.run(narrow_screen(match))


# ---------------------------------------------------------------- snapshots
@pytest.mark.parametrize("game_id", list(POSITIONS))
def test_four_players_at_80x24(snap_compare, game_id):
    assert snap_compare(app_for(POSITIONS[game_id]()), terminal_size=SIZE, run_before=settle)


# ---------------------------------------------------------------- what shows
def test_at_least_six_actions_are_in_sight(shown):
    match, seen = shown
    assert seen["offered"] >= 6, "the position offers six actions or more"
    assert len(seen["numbered"]) >= 6, seen["numbered"]


def test_every_seat_is_named_on_the_table(shown):
    match, seen = shown
    missing = [w for w in seat_words(match, seen["looks"]) if w not in seen["screen"]]
    assert not missing, f"{missing} not on screen:\n{seen['screen']}"


def test_the_prompt_is_whole_on_the_status_line(shown):
    match, seen = shown
    assert f"Your turn — {words(seen['prompt'])}" in seen["status"], seen["status"]
    assert "…" not in seen["status"]


def test_age_of_romes_prompt_needs_the_second_line():
    """The position's prompt is longer than one status line: the test
    above would pass with a short one."""
    match = age_of_rome()
    assert len(f"  O  Your turn — {match.game.prompt(match.view(0))}") > STATUS_WIDTH


def test_provincias_four_cities_show_late_in_the_game():
    """The final round, when cities hold many buildings: the other cities
    are compact, so all four still show (the last one was scrolled away)."""
    match = provincia_position("final")

    async def go() -> None:
        app = app_for(match)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            screen = table_text(app)
            words_ = seat_words(match, app.screen.looks)
            assert [w for w in words_ if w not in screen] == [], screen

    asyncio.run(go())


def test_what_the_romans_highlighted_action_does_reads_whole_under_the_map():
    """A senator's box is explained under the map in three to five lines:
    all of them show at 80×24 (the first forty characters did)."""
    match = the_romans()

    async def go() -> None:
        app = app_for(match)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            board = app.screen.query_one(RomansBoard)
            about = words(board.about)
            assert len(about) > 120, "the highlighted box's text takes several lines"
            shown = words(" ".join(r.strip("│ ") for r in region_rows(app, board.parent)))
            assert about in shown, shown

    asyncio.run(go())


def test_a_thinking_bots_note_wraps_whole():
    """Each action takes one row at 80×24, but the note in their place
    (who thinks, and the keys to skip and to pace) wraps whole."""
    m = play_until(lambda s: True, seed=5, seats=SEATS)
    while not m.bot_to_move():
        m.play(m.game.legal(m.view(m.to_move()))[0])

    async def go() -> None:
        app = app_for(m, pacing="slow")
        async with app.run_test(size=SIZE) as pilot:
            menu = app.screen.query_one(ActionMenu)
            listed = menu.options
            await until(pilot, lambda: not menu._shown and "thinking" in str(
                listed.get_option_at_index(0).prompt))
            await pilot.pause()
            shown = words(" ".join(r.strip("│ ▏") for r in region_rows(app, listed)))
            assert "space: skip to your turn · ctrl+p: bot pacing (slow)" in shown, shown
            app.screen.stop_thinking()

    asyncio.run(go())


def test_a_few_actions_wrap_whole_and_many_take_a_row_each():
    """At 80×24 labels wrap whole while they all fit so (a leader's gold and
    bonus stay in sight); only a list too long for its box gives each a row
    (a long one then ends in "…")."""
    async def go(match: Match) -> tuple[bool, str]:
        app = app_for(match)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            return menu.options.has_class("-tight"), "\n".join(region_rows(app, menu))
    few = romans.position(3, lambda s: s.phase == "leaders", 4)
    view = few.view(0)
    labels = [few.game.describe(view, a) for a in few.game.legal(view)]
    tight, text = asyncio.run(go(few))
    text = words(text.replace("│", " "))
    assert not tight and 2 <= len(labels) <= 5
    assert all(words(label) in text for label in labels), "every label whole"
    tight, text = asyncio.run(go(the_romans()))
    assert tight and sum(1 for row in text.split("\n") if NUMBERED.match(row[1:])) >= 6


def test_a_tight_row_keeps_the_box_and_its_price():
    """At 80×24 "IV to Basilica Aemilia, box III (2 gold)" was cut to
    "IV to Basilica Aemilia, box I…": the box and the price were lost, and
    the rows read alike (issue 28). Each row now shows the placement's
    rank, building, box and price, as many as before."""
    from engine.romans.actions import Senator
    from engine.romans.data import BUILDING, RESOURCE_NAMES
    from engine.romans.text import ROMAN

    match = the_romans()

    async def go() -> tuple[list[tuple], list[str]]:
        app = app_for(match)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            rows = [row[1:-1] for row in region_rows(app, menu) if NUMBERED.match(row[1:])]
            return [a for a, _ in menu._shown], rows

    shown, rows = asyncio.run(go())
    placed = [(a, row) for a, row in zip(shown, rows, strict=False) if isinstance(a, Senator)]
    assert len(placed) >= 6
    for a, row in placed:
        which = rf"^\d {ROMAN[a.rank]}→{a.building.split()[0]}.* {ROMAN[a.box]}: "
        assert re.search(which, row), row
        cost = BUILDING[a.building].boxes[a.box - 1].cost
        for n, word in zip(cost, RESOURCE_NAMES, strict=True):
            assert not n or f"{n} {word}" in row or f"{word[0]}{n}" in row, row
    assert len({row[2:].strip() for _, row in placed}) == len(placed), "no two rows alike"


@pytest.mark.parametrize("label", [
    "Build Aquaeductus for 9 Stone (+10 PP)",
    "Build Portus for 1 Clay, 4 Wood (+5 PP)",
    "Take Figlina (1 Clay)",
    "Take Saltus (1 Stone)",
    # the chooser's own pick: 6 players at 80x24 showed "Take Silva (3W as Quaestor; 1W…"
    "Take Silva (3 Wood; another taker would get 1 Wood)",
    "Take Saltus (2 Wood, 1 Stone; another taker would get 1 Stone)",
    "Activate Vinea (1 PP): +1 Gold, +1 Morale",
    "Trade 2 Gold for 1 Stone — leaves no Gold for the tax (-2 PP)",
    "Play Concussio for 2 Gold — leaves no Gold for the tax (-2 PP)",
    "Play battle token -2 red: Narbo Martius 5→3, Gauls 3-4",
    "Play battle token +1 orange (start token): you 5→6, Gauls 3-4",
    "Play Praetor (no tax this round: keeps 1 Gold)",
    "Draw from the Opes deck (resources at once; you get the Quaestor's share)",
])
def test_provincias_one_row_labels_keep_every_price_and_gain(label: str) -> None:
    """A one-row label drops words, never a number: the cut in the middle
    made "Build Portus… 4 Wood (+5 PP)" of a build costing 1 Clay too."""
    import re

    from tui.provincia.labels import tight_label
    from tui.widgets.actions import squeeze

    short = squeeze(tight_label((), label, 31), 31)
    assert len(short) <= 31 and "…" not in short
    assert re.findall(r"\d+", short) == re.findall(r"\d+", label)


@pytest.mark.parametrize(("label", "row"), [
    ("Build Fornax Lateris for 1 Wood, 1 Stone, 1 Gold (+2 PP)",
     "Build Fornax Lat… 1W 1S 1G +2PP"),
    ("Play Consul Pompeo Magno for 3 Gold (+2 Defense)", "Play Consul Pompeo… 3G (+2 Def)"),
    ("Play Corruptio paying 1 Clay, 1 Wood, 1 Stone (you never pay taxes again)",
     "Corruptio 1C 1W 1S: no tax ever"),
])
def test_a_long_card_name_gives_way_to_its_price_and_gain(label: str, row: str) -> None:
    """Where dropping words is not enough, letters of the card's name go:
    at 80x24 (six players) the row read "Build Fornax Lateris 1W 1S 1G …"
    (no PP), "Play Consul Pompeo… (+2 Def)" (no price) and "Play
    Corruptio… no tax ever" (no payment)."""
    from tui.provincia.labels import tight_label
    from tui.widgets.actions import squeeze

    assert squeeze(tight_label((), label, 31), 31) == row


@pytest.mark.parametrize(("label", "short"), [
    ("Take Silva (3 Wood; another taker would get 1 Wood)", "Take Silva 3W (another: 1W)"),
    ("Take Metallum (1 Clay, 2 Stone; another taker would get 1 Wood)", "Take Metallum 1C 2S"),
    ("Take Tributum (2 Gold)", "Take Tributum (2 Gold)"),
])
def test_an_opes_pick_in_a_row_names_no_transfer(label: str, short: str) -> None:
    """The chooser's row read "Take Silva 3W; others 1W" and another
    taker's "1C; Quaestor 2C": a transfer that never happens (each taker
    gets only the share of the card they take). Another taker's share goes
    before a letter of the name (fix 36b walk)."""
    from tui.provincia.labels import tight_label

    assert tight_label((), label, 31) == short
