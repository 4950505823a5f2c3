"""Age of Rome at the terminal table: the Provinces board, the Column and
the Battle Regions, a Scheme activation and the final scoring at 80×24 and
120×40; what the board draws and which spaces an action names; picking a
space by keys and by a click narrows the actions; a whole 3-player game
and a whole Emperor Solo played by keys.

Positions come from seeded games played at random (every seat) up to the
first state where the human (seat 0) is to move and a test holds, so no
bot moves before a snapshot is taken. A rules change can move them: then
``--snapshot-update`` on this file and a look at the diff.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from textual.widgets import Static

import engine.games as games
from engine import get_game
from engine.ageofrome import board as geo
from engine.ageofrome import data
from engine.ageofrome.actions import (
    Activate,
    Apostasy,
    Build,
    MoveLegion,
    Offer,
    PickRegion,
    PickVote,
    Place,
    PlayCard,
)
from engine.ageofrome.scoring import solo_tasks
from engine.ageofrome.state import in_front
from engine.core import Options
from engine.match import Match, Seat
from tests.test_ssh_support import make_config, make_keys, run, serving, start_from_title
from tests.test_tui_support import (
    app_for,
    late_in_the_game,
    moves_of,
    play_to_the_end_by_keys,
    settle,
)
from tui.ageofrome import look
from tui.ageofrome.board import (
    NARROW,
    SPOT_INDEX,
    SPOTS,
    WIDE,
    AgeOfRomeBoard,
    draw,
    facing,
    filters,
    next_rotation,
    spot_short,
    spot_text,
    spots_of,
    step_cursor,
)
from tui.ageofrome.side import SidePanel, glory_text, hand_lines, playable, seat_lines
from tui.ageofrome.table import AgeOfRomeUI
from tui.screens.game_over import GameOverScreen
from tui.screens.table import TableScreen
from tui.ssh.probe import GameClient
from tui.widgets.actions import ActionMenu
from tui.widgets.scene import Scene

SIZES = [(80, 24), (120, 40)]


@pytest.fixture(autouse=True)
def isolated(home: Any) -> None:
    """Every test here plays in its own home directory (saves, settings)."""


def seats(n: int) -> tuple[Seat, ...]:
    return (Seat("You"),) + tuple(Seat(f"Bot{i}", "random") for i in range(1, n))


def position(seed: int, pred: Callable[[Any], bool], n: int = 4, limit: int = 3000,
             tries: int = 40, options: Any = None) -> Match:
    """The first such position of the seeded games from ``seed`` on (with
    ``options`` when given, else the Match's defaults)."""
    for s in range(seed, seed + tries):
        m = (Match("ageofrome", seats(n), s) if options is None
             else Match("ageofrome", seats(n), s, options))
        rng = random.Random(s)
        for _ in range(limit):
            if m.to_move() == 0 and pred(m.state):
                return m
            if m.is_over():
                break
            m.play(rng.choice(m.game.legal(m.view(m.to_move()))))
    raise AssertionError("no such position in these games")


def finished(seed: int, n: int) -> Match:
    m = Match("ageofrome", seats(n), seed)
    rng = random.Random(seed)
    while not m.is_over():
        m.play(rng.choice(m.game.legal(m.view(m.to_move()))))
    return m


def busy_board(s: Any) -> bool:
    """The Action phase of a later round: Followers out, Votes and Legions placed."""
    return (s.phase == "actions" and s.round >= 5 and len(s.column) >= 3
            and any(p.placed for p in s.players) and sum(map(sum, s.regions)) >= 4)


def activating(s: Any) -> bool:
    return s.phase == "schemes" and not s.pending


POSITIONS: dict[str, tuple[int, Callable[[Any], bool], int]] = {
    "board": (3, busy_board, 4),
    "schemes": (3, activating, 3),
}


def scene_of(m: Match, seat: int | None = 0) -> Scene:
    s = m.view(seat) if seat is not None else m.state
    ui = AgeOfRomeUI()
    return Scene(game=m.game, state=s, seat=seat, seats=m.seats,
                 looks=ui.looks(s, m.seats), earlier=lambda k: None)


def board_of(app: Any) -> AgeOfRomeBoard:
    return app.screen.query_one(AgeOfRomeBoard)


def shown_actions(app: Any) -> list[str]:
    return [d for _, d in app.screen.query_one(ActionMenu)._shown]


# ---------------------------------------------------------------- snapshots
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["board", "schemes"])
def test_the_table(snap_compare, name, size):
    seed, pred, n = POSITIONS[name]
    assert snap_compare(app_for(position(seed, pred, n)), terminal_size=size,
                        run_before=settle)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_column_and_regions(snap_compare, size):
    """The board focused, the cursor on Thrace: the region in words."""
    seed, pred, n = POSITIONS["board"]

    async def to_thrace(pilot):
        await settle(pilot)
        b = board_of(pilot.app)
        b.focus()
        b.cursor = SPOT_INDEX[("r", 2)]
        b.redraw()
        await settle(pilot)

    assert snap_compare(app_for(position(seed, pred, n)), terminal_size=size,
                        run_before=to_thrace)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_final_scoring(snap_compare, size):
    async def to_the_end(pilot):
        await settle(pilot)
        while not isinstance(pilot.app.screen, GameOverScreen):
            await pilot.pause()
        await pilot.pause()

    assert snap_compare(app_for(finished(5, 3)), terminal_size=size, run_before=to_the_end)


# ---------------------------------------------------------------- what it draws
def test_each_province_shows_the_seat_facing_it_now_and_after_the_turn():
    m = position(*POSITIONS["board"])
    s = m.view(0)
    text = draw(s, 0, NARROW).text()
    after = next_rotation(s)
    assert after is not None, "the Event of the round gives the turn"
    for seat in range(s.n):
        p = in_front(s, seat)
        assert facing(s, p, s.rotation) == seat
        name = geo.PROVINCE_NAMES[p]
        line = next(x for x in text.splitlines() if name in x)
        assert f"{name} ▸{look.letter_of(seat)}" in line
    e = data.EVENTS[s.event]
    assert after == geo.turn(s.rotation, e.direction, e.arrows)


def test_buildings_show_their_level_and_followers_with_free_places():
    m = position(*POSITIONS["board"])
    s = m.view(0)
    c = draw(s, 0, NARROW)
    for p, pr in enumerate(s.provinces):
        for t, level in enumerate(pr.levels):
            spot = SPOT_INDEX[("b", p, t)]
            chars = "".join(ch for row_c, row_s in zip(c.chars, c.places, strict=True)
                            for ch, sp in zip(row_c, row_s, strict=True) if sp == spot)
            assert chars.startswith(f"{look.TYPE_LETTER[t]}{level if level else '·'}")
            people = "".join(look.letter_of(seat).lower() if b >= 0 else look.letter_of(seat)
                             for seat, b in pr.followers[t])
            free = geo.LEVEL_CAPACITY[level] - len(pr.followers[t]) if level else 0
            assert people + "·" * free in chars
    assert any(pr.followers[t] for pr in s.provinces for t in range(5)), \
        "the position has Followers out"


def test_the_column_lists_votes_bottom_to_top_and_regions_their_legions():
    m = position(*POSITIONS["board"])
    s = m.view(0)
    text = draw(s, 0, NARROW).text()
    column = next(x for x in text.splitlines() if x.startswith("Column"))
    letters = column.split()[1:1 + geo.COLUMN_MAX]
    expect = [look.letter_of(x) for x in s.column]
    assert letters == expect + ["·"] * (geo.COLUMN_MAX - len(expect))
    for r, region in enumerate(geo.BATTLE_REGIONS):
        line = next(x for x in text.splitlines() if x.startswith(region.name))
        for seat, n in enumerate(s.regions[r]):
            assert (f"{look.letter_of(seat)}{n}" in line) == (n > 0)
        assert ("✓" in line) == (sum(s.regions[r]) >= region.shield)


def test_the_feud_track_covers_from_the_right_and_used_bonuses_are_lower_case():
    m = position(*POSITIONS["board"])
    p = m.view(0).players[0]
    track = data.CHARACTERS[p.character].track
    feud = look.feud_plain(p)
    assert len(feud) == data.FEUD_TRACK_SPACES
    assert feud.endswith("x" * p.feuds) and "x" not in feud[: 5 - p.feuds]
    q = p.replace(feuds=0, bonus_used=0b001)
    shown = look.feud_plain(q)
    for k, bonus in enumerate(track):
        if bonus == data.PLAIN:
            assert shown[k] == "·"
        else:
            t = geo.BUILDING_TYPES.index(bonus)
            assert shown[k] == (look.TYPE_LETTER[t].lower() if t == 0 else look.TYPE_LETTER[t])


def test_your_hand_and_quests_are_named_the_others_only_counted():
    m = position(*POSITIONS["board"])
    v = m.view(0)
    scene = scene_of(m)
    mine = "\n".join(seat_lines(v, 0, scene, True))
    assert "hand" not in mine, "your own hand is listed in full, not counted"
    for seat in range(1, v.n):
        theirs = "\n".join(seat_lines(v, seat, scene, True))
        assert f"hand {len(v.players[seat].hand)}" in theirs
    own = "\n".join(hand_lines(v, 0))
    for h in v.players[0].quests:
        assert data.QUESTS[h.card].name in own
    for h in v.players[0].hand:
        assert data.TRADE_CARDS[h.card].name in own
    secret = {data.TRADE_CARDS[h.card].name for seat in range(1, v.n)
              for h in m.state.players[seat].hand} | {
        data.QUESTS[h.card].name for seat in range(1, v.n) for h in m.state.players[seat].quests}
    mine_names = {data.TRADE_CARDS[h.card].name for h in v.players[0].hand} | {
        data.QUESTS[h.card].name for h in v.players[0].quests}
    shown = own + "\n".join(x for i in range(v.n) for x in seat_lines(v, i, scene, True))
    assert secret - mine_names, "the others hold something you do not"
    for name in secret - mine_names:
        assert name not in shown


def test_the_cards_you_may_play_now_are_marked_in_your_hand():
    def window(s: Any) -> bool:
        return (bool(s.pending) and s.pending[-1].seat == 0
                and any(a[0] == "play" for a in get_game("ageofrome").legal(s)))

    m = position(3, window)
    scene = scene_of(m)
    legal = {a.card for a in m.game.legal(scene.state) if isinstance(a, PlayCard)}
    now = playable(scene)
    assert now == legal and legal
    lines = "\n".join(hand_lines(scene.state, 0, now))
    for h in scene.state.players[0].hand:
        name = data.TRADE_CARDS[h.card].name
        assert (f"● {name}" in lines) == (name in legal)


def test_the_four_seat_colours_are_four_hues_in_16_colours():
    from rich.color import Color, ColorSystem

    from tui.widgets.seats import SEAT_COLOURS

    numbers = [Color.parse(SEAT_COLOURS[c]).downgrade(ColorSystem.STANDARD).number
               for c in look.COLOURS]
    assert len({n % 8 for n in numbers if n is not None}) == len(look.COLOURS)
    assert not set(look.LETTERS) & set(look.TYPE_LETTER), "a seat letter is never a type's"


def test_at_80x24_the_side_panel_scrolls_to_every_seat_by_keys():
    m = position(*POSITIONS["board"])

    async def go():
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            box = app.screen.query_one("#ageofrome-side")
            assert box.max_scroll_y > 0, "four seats do not fit at 80×24"
            for _ in range(4):
                if app.focused is box:
                    break
                await pilot.press("tab")
            assert app.focused is box, "Tab reaches the side panel"
            await pilot.press("end")
            await pilot.pause()
            assert box.scroll_y == box.max_scroll_y
            await pilot.press("home")
            await pilot.pause()
            assert box.scroll_y == 0

    asyncio.run(go())


def test_at_120x40_all_four_seats_show_without_scrolling():
    """Issue 28 walk-through: at 120×40 the fourth seat needed scrolling.
    The others take two lines each and your hand and Quests follow them."""
    m = position(*POSITIONS["board"])

    async def go():
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            box = app.screen.query_one("#ageofrome-side")
            panel = app.screen.query_one(SidePanel)
            assert box.scroll_y == 0
            rows = [str(x) for x in panel.render().wrap(panel.size.width)]
            seen = rows[:box.size.height]
            labels = [look.seat_name(m.view(0), seat) for seat in range(4)]
            for label in labels:
                assert any(label in row for row in seen), f"{label} needs scrolling"
            for seat, label in enumerate(labels):
                name = next(i for i, row in enumerate(rows) if label in row)
                # each seat keeps its figures: Glory, Denarii, Legions, Votes, Pantheon
                end = next(i for i in range(name + 1, len(rows))
                           if not rows[i].startswith("  ") or "Your hand" in rows[i])
                assert end - name <= 3, label
                said = " ".join(rows[name:end])
                p = m.state.players[seat]
                for part in (f"Glory {p.glory}", f"{p.denarii} Denari", f"L{p.legions}",
                             f"V{p.votes}", "Pan "):
                    assert part in said, (label, part)
            assert "Your hand" in "\n".join(rows)

    asyncio.run(go())


def test_a_long_card_line_wraps_under_its_text_not_under_the_mark():
    from tui.ageofrome.side import hung

    line = "  · Merchant: 4 Glory if you have at least 2 Trade sets formed"
    lines = hung([line, "  [b]Your Quests[/]:"], 30)
    assert lines[0].startswith("  · Merchant") and lines[-1] == "  [b]Your Quests[/]:"
    assert all(x.startswith("    ") and len(x) <= 30 for x in lines[1:-1])
    assert " ".join(x.strip() for x in lines[:-1]) == line.strip()


@pytest.mark.parametrize("name", ["board", "schemes"])
def test_at_80x24_the_board_fits_its_panel_with_the_cursor_on_any_space(name):
    m = position(*POSITIONS[name])

    async def go():
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            board = board_of(app)
            board.focus()
            box = app.screen.query_one("#ageofrome-box")
            for spot in range(len(SPOTS)):
                board.cursor = spot
                board.redraw()
                await pilot.pause()
                assert box.max_scroll_y == 0 and box.max_scroll_x == 0, SPOTS[spot]
                # what the cursor is on, whole (wrapped, never cut with "…")
                said = spot_short(m.view(0), SPOTS[spot])
                under = str(board.render()).splitlines()[len(board.cells.chars):]
                assert " ".join(x.rstrip() for x in under).endswith(said)

    asyncio.run(go())


def test_the_emperor_solo_shows_its_seven_tasks():
    m = position(3, lambda s: s.phase == "actions" and s.round >= 3, n=1)

    async def go():
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            text = str(app.screen.query_one(SidePanel).render())
            done = solo_tasks(m.view(0))
            assert f"Tasks {sum(done)}/7" in text
            assert text.count("✓") >= sum(done)
            assert "Hispania" in board_of(app).text()

    asyncio.run(go())


def test_the_solo_tasks_show_how_far_each_is():
    """Issue 28: "·4 Votes" did not say the character owns only 3 Votes and
    must recruit one; "·2 sets" stayed blank after the first set. Each task
    shows its progress, from the engine's measures."""
    from tui.ageofrome.side import solo_line

    m = position(3, lambda s: s.phase == "actions" and s.round >= 2, n=1)
    w = m.view(0).thaw()
    p = w.players[0].thaw()
    p.votes_unrecruited = data.VOTES_PER_PLAYER - 3  # owns 3 of the 4 needed
    p.sets = (("Gladius", "Toga", "Pugio"),)
    w.players = (p.freeze(),)
    w.column = (0, 0)
    line = solo_line(w.freeze())
    assert "·Votes 2/4, own 3" in line
    assert "·sets 1/2" in line
    assert re.search(r"[·✓]Glory \d+/51", line) and "Pantheon 0/2" in line


def test_the_solo_side_panel_shows_the_solos_event_reward():
    """Issue 28: the Solo's panel read "Event Embassy: least votes on column
    → +1 place vote", the multiplayer reward; the Solo's Event gives one
    Denarius per Follower (L376)."""
    from tui.ageofrome.look import event_text

    m = position(3, lambda s: s.phase == "actions" and s.event >= 0, n=1)
    name = data.EVENTS[m.state.event].name

    async def go():
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            text = " ".join(str(app.screen.query_one(SidePanel).render()).split())
            assert f"Event {name}: +1 Denarius per Follower (Solo)" in text
            assert "→" not in text.split("Event ", 1)[1].split(";", 1)[0]

    asyncio.run(go())
    assert "most" in event_text(0) or "least" in event_text(0)  # the multiplayer reward stays


def test_glory_past_thirty_names_the_flipped_markers_space():
    assert glory_text(12) == glory_text(12, True) == "12"
    assert glory_text(31) == "31" and glory_text(45, True) == "45 (space 15)"


@pytest.mark.parametrize("n,options", [(1, {"clockwork": True}), (2, {"truce": True}),
                                       (3, {"spies_allies": True, "hard_times": True}),
                                       (4, {"heroes": True, "spies_allies": True})],
                         ids=["solo-clockwork", "2-truce", "3-spies-hard", "4-heroes-spies"])
def test_every_state_of_a_game_draws_for_every_seat(n, options):
    """Every step of a random game, as each seat sees it: every space is on
    the board and described, every seat's lines and its own hand are drawn,
    and the facing seats agree with the engine."""
    g = get_game("ageofrome")
    s = g.setup(n, Options.of(options), 7)
    rng = random.Random(7)
    turns = tokens = 0
    while True:
        tokens += bool(s.diplomacy)
        for seat in range(n):
            v = g.view(s, seat)
            scene = Scene(game=g, state=v, seat=seat, seats=seats(n),
                          looks=look.looks(v, seats(n)), earlier=lambda k: None)
            for geom in (NARROW, WIDE):
                c = draw(v, seat, geom)
                assert len(c.centres()) == len(SPOTS)
            for spot in SPOTS:
                assert spot_text(v, spot) and spot_text(v, spot, short=True)
            for i in range(n):
                assert len(seat_lines(v, i, scene, False)) == 3
            assert hand_lines(v, seat)
            assert facing(v, in_front(v, seat), v.rotation) == seat
        if g.is_over(s):
            break
        s = g.play(s, rng.choice(list(g.legal(s))))
        turns += 1
    assert turns > 50
    assert bool(tokens) == bool(options.get("spies_allies")), "Diplomacy tokens were drawn"


# ---------------------------------------------------------------- spots
def test_every_spot_can_be_reached_by_arrows_on_both_boards():
    m = position(*POSITIONS["board"])
    s = m.view(0)
    for g in (NARROW, WIDE):
        c = draw(s, 0, g)
        where = c.centres()
        assert len(where) == len(SPOTS), "every spot is drawn"
        seen, frontier = {0}, [0]
        while frontier:
            nxt = []
            for here in frontier:
                for key in ("left", "right", "up", "down"):
                    there = step_cursor(where, here, key)
                    if there not in seen:
                        seen.add(there)
                        nxt.append(there)
            frontier = nxt
        assert seen == set(range(len(SPOTS)))


def test_an_action_names_its_spaces_on_the_board():
    m = position(*POSITIONS["board"])
    s = m.view(0)
    mine = in_front(s, 0)
    assert spots_of(s, 0, Build("Trade")) == [("b", mine, 2)]
    assert spots_of(s, 0, Place("Farming", False)) == [("b", mine, 4)]
    assert spots_of(s, 0, Place("Colosseum", False)) == [("x",)]
    assert spots_of(s, 0, MoveLegion("board", "Thrace")) == [("r", 2)]
    assert spots_of(s, 0, MoveLegion("Epirus", "Macedonia")) == [("r", 0), ("r", 1)]
    assert spots_of(s, 0, Activate("Gaule", 2, "Revote")) == [("s", 1, 2)]
    assert spots_of(s, 0, Offer("spy", "Africa", "Religion", 2)) == [("b", 3, 3)]
    assert spots_of(s, 0, Apostasy("Epirus", True)) == [("r", 0)]
    assert spots_of(s, 0, PickRegion("Macedonia")) == [("r", 1)]
    assert spots_of(s, 0, PickVote(3)) == [("c", 3)]
    free = [("s", mine, k) for k in range(3) if s.provinces[mine].schemes[k] is None]
    assert spots_of(s, 0, Place("Scheme", False)) == free
    assert spots_of(s, 0, None) == []


def test_picking_a_space_keeps_the_actions_naming_it():
    m = position(*POSITIONS["board"])
    s = m.view(0)
    mine = in_front(s, 0)
    other = (mine + 1) % 4
    actions = {
        "build": Build("Trade"), "place": Place("Trade", True),
        "activate": Activate(geo.PROVINCE_NAMES[other], 1, "Revote"),
        "offer": Offer("spy", geo.PROVINCE_NAMES[other], "Religion", 2),
        "vote": PickVote(2), "legion": MoveLegion("board", "Thrace"),
        "colosseum": Place("Colosseum", False), "farming": Place("Farming", False),
    }
    described = {k: m.game.describe(s, a) for k, a in actions.items()}

    def kept(spot: tuple) -> set[str]:
        """What the action list keeps (table.narrow: the first words naming any)."""
        for words in filters(s, 0, spot):
            hit = {k for k, d in described.items() if ActionMenu._matches(words, d)}
            if hit:
                return hit
        return set()

    assert kept(("b", mine, 2)) == {"build", "place"}
    assert kept(("s", other, 1)) == {"activate"}
    assert kept(("b", other, 3)) == {"offer"}
    assert kept(("c", 2)) == {"vote"}
    assert kept(("r", 2)) == {"legion"}
    assert kept(("x",)) == {"colosseum"}
    assert kept(("r", 0)) == set()


def test_picking_a_building_by_keys_narrows_the_actions():
    m = position(3, lambda s: s.phase == "actions" and not s.pending and s.round >= 2)
    view = m.view(0)
    places = [a for a in m.game.legal(view) if isinstance(a, Place) and a.target in
              geo.BUILDING_TYPES]
    assert places, "the position offers a building"
    target = places[0].target
    goal = SPOT_INDEX[("b", in_front(view, 0), geo.BUILDING_TYPES.index(target))]

    async def go():
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            before = shown_actions(app)
            await pilot.press("tab", "tab")  # the action list, then the board
            board = board_of(app)
            assert app.focused is board
            where = board.where
            path: dict[int, list[str]] = {board.cursor: []}
            frontier = [board.cursor]
            while goal not in path:
                nxt = []
                for here in frontier:
                    for key in ("left", "right", "up", "down"):
                        there = step_cursor(where, here, key)
                        if there not in path:
                            path[there] = path[here] + [key]
                            nxt.append(there)
                frontier = nxt
            await pilot.press(*path[goal])
            assert board.cursor == goal
            assert target in str(board.render()), "the cursor's space is described"
            await pilot.press("enter")
            await settle(pilot)
            after = shown_actions(app)
            assert after and len(after) < len(before)
            assert all(target in d for d in after)
            # the live lines naming it; a greyed one (a Bonus a Feud covers) stays unfiltered
            assert after == [d for d in before if target in d and " — " not in d]
            step = len(m.actions)
            await pilot.press("1")
            await settle(pilot)
            assert target in m.game.describe(view, m.actions[step])

    asyncio.run(go())


def test_clicking_a_region_narrows_the_actions():
    m = position(3, lambda s: bool(s.pending) and s.pending[-1].kind == "legion")
    legal = [a for a in m.game.legal(m.view(0)) if isinstance(a, MoveLegion)]
    assert legal
    region = legal[0].to

    async def go():
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            board = board_of(app)
            c = board.cells
            spot = SPOT_INDEX[("r", geo.REGION_NAMES.index(region))]
            y = next(y for y, row in enumerate(c.places) if spot in row)
            await pilot.click(AgeOfRomeBoard, offset=(1, y))
            await settle(pilot)
            after = shown_actions(app)
            assert after and all(region in d for d in after)

    asyncio.run(go())


# ---------------------------------------------------------------- the end of a game
@pytest.mark.parametrize(("n", "seed", "rounds"), [(1, 11, 1), (3, 13, 2)],
                         ids=["emperor-solo", "3-players"])
def test_the_last_rounds_are_played_by_keys_to_the_results(n, seed, rounds):
    """The last rounds by keys, bots at instant pace, the board drawn at
    every turn, then the results. The conformance suite plays a whole solo
    game by keys; a slice keeps the multi-player table and the ending at a
    fraction of the cost. These seeds' slices reach Build, MoveLegion,
    Activate, PickVote, PlayCard and Sell by key."""
    match = late_in_the_game("ageofrome", seats(n), seed, rounds)
    start = len(match.actions)
    played, text, phases = asyncio.run(play_to_the_end_by_keys(
        match, random.Random(seed), lambda app: "Italia" in board_of(app).text()))
    assert match.is_over()
    assert played == moves_of(match, 0, start) > 5, "every human move came by key"
    assert match.game.result(match.state).outcome in text
    assert {"build", "actions", "income"} <= phases


def test_the_table_is_age_of_romes_own():
    from tui.widgets.table import game_ui

    e = games.entry("ageofrome")
    assert (e.table, e.stylesheet) == ("tui.ageofrome.table:AgeOfRomeUI",
                                       "tui.ageofrome:ageofrome.tcss")
    assert isinstance(game_ui("ageofrome"), AgeOfRomeUI)


def test_tabula_new_ageofrome_opens_the_table(monkeypatch):
    """``tabula new ageofrome --seed 4``: the game screen shows the board."""
    from tui import entry
    from tui.cli import build_parser

    args = build_parser().parse_args(["new", "ageofrome", "--seed", "4"])
    apps = []
    monkeypatch.setattr(entry, "_run", lambda app: apps.append(app) or 0)
    assert entry.run_new(args) == 0
    (app,) = apps

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            text = board_of(app).text()
            assert all(name in text for name in geo.PROVINCE_NAMES)
            assert "Column" in text and "Thrace" in text

    asyncio.run(go())


# ---------------------------------------------------------------- over SSH
def test_over_ssh_a_player_starts_age_of_rome_from_the_title(tmp_path):
    keys = make_keys(tmp_path)

    async def body():
        async with serving(make_config(tmp_path, keys)) as host:
            client = await GameClient.connect(host.port, username="alice",
                                              client_keys=[keys.friend])
            # End: Age of Rome, the last in the list
            await start_from_title(client, "Age of Rome", ("Provincia", "Romans"), "\x1b[F\r")
            await client.read_until("Your turn")
            await client.read_until("Thrace")  # the board's regions
            screen = client.screen.text()
            assert all(name in screen for name in ("Italia", "Gaule", "Column"))
            client.close()

    run(body(), timeout=300)  # a loaded machine may need several tries at the list


# ---------------------------------------------------------------- the new-game form
def test_the_new_game_form_says_what_is_left_out_and_greys_spies_alone():
    """The form names the Emperor Solo and says Cassius' Attack Solo is left
    out; Spies & Allies (2-4 players) is greyed with one player, not a
    crash; with two players the game starts with it."""
    from textual.widgets import Checkbox, Select

    from tui.screens.new_game import NewGameScreen

    async def go():
        app = app_for(kind="title")
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            app.push_screen(NewGameScreen("ageofrome"))
            await pilot.pause()
            screen = app.screen
            note = str(screen.query_one("#game-note", Static).render())
            assert "Cassius' Attack Solo is left out" in note and "Emperor Solo" in note
            screen.query_one("#opt-spies_allies", Checkbox).value = True
            screen.query_one("#players", Select).value = 1
            await pilot.pause()
            assert screen.query_one("#opt-spies_allies", Checkbox).disabled, \
                "greyed at 1 player (walk-through: offered, then refused at Start)"
            screen.query_one("#players", Select).value = 2
            await pilot.pause()
            await pilot.press("ctrl+g")
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            assert app.screen.source.match.options.get("spies_allies") is True
            # a reading with one value left (kept for old saves) is no row of the form,
            # and the game is started under today's
            assert not screen.query("#opt-trade_refill")
            assert app.screen.source.match.options.get("trade_refill") == "actions"

    asyncio.run(go())
