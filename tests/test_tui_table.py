"""Provincia's table says why, and fits: the reason beside every card the
seat cannot play, the city's board and special building on its panel, and
at 80×24 the hand in sight during the draft, the Gauls by round and the
cities scrollable by keyboard for every player count."""

from __future__ import annotations

import asyncio
import html
import random

import pytest
from rich.color import ColorSystem
from textual.content import Content

from engine.match import Match, Seat
from engine.provincia.actions import PICKS
from engine.provincia.data import CARDS, CITIES, OPES
from engine.provincia.scenario import Scenario, card
from engine.provincia.state import PLAY, SELECT
from tests.test_tui_support import POSITIONS, SEATS, app_for, play_until, position, settle
from tui.provincia.board import Board
from tui.provincia.city import CityPanel, plural
from tui.provincia.hand import Hand
from tui.provincia.reasons import NEVER, NOT_NOW, PLAYABLE, trade_note, verdict

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py


def seats(n: int, kind: str = "random") -> tuple[Seat, ...]:
    return (Seat("You"),) + tuple(Seat(f"Bot{i}", kind) for i in range(1, n))


def draft(n: int):
    """Round 2's draft with the human to pick (with four players, after two
    seats have picked: the snapshots' position)."""
    if n == 4:
        return play_until(POSITIONS["draft"][1], 5, SEATS)
    return play_until(lambda s: s.phase == SELECT and s.draft is not None and s.round == 2,
                      5, seats(n))


def big_hand():
    """A Play Cards turn with nine cards in the human's hand."""
    return play_until(lambda s: s.phase == PLAY and len(s.players[0].hand) >= 9, 1)


def text(widget) -> str:
    return str(widget.render())


def hand_lines(app) -> list[str]:
    cards = app.screen.query_one("#hand-cards")
    return [Content.from_markup(str(cards.get_option_at_index(i).prompt)).plain
            for i in range(cards.option_count)]


def run(match, size, check, kind="game") -> None:
    async def go():
        app = app_for(match)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await check(app, pilot)

    asyncio.run(go())


# ---------------------------------------------------------------- reasons


def test_every_unplayable_card_says_why_in_a_few_words():
    s = (Scenario(players=2).city(0, "Arelate")
         .hand(0, "Portus", "Insula", "Aediles", "Amphitheatrum", "Turris")
         .resources(0, clay=0, wood=2, stone=0, gold=0).built(0, "Amphitheatrum")
         .at_phase("play"))
    got = {name: verdict(s, 0, card(name)) for name in
           ("Portus", "Insula", "Aediles", "Amphitheatrum", "Turris")}
    assert got["Portus"] == (NEVER, "Pons city: never")
    assert got["Insula"] == (NOT_NOW, "needs 7 more Wood")
    assert got["Aediles"] == (NOT_NOW, "reaction only")
    assert got["Amphitheatrum"] == (NOT_NOW, "unique, built")
    assert got["Turris"] == (PLAYABLE, "")


def test_a_reason_says_more_where_the_seat_holds_some():
    """"needs 1 Gold" to a player holding 2 read as the whole price: where
    the seat holds some of a resource the reason says how many more."""
    base = Scenario(players=2).city(0, "Arelate").hand(0, "Insula", "Strata", "Corruptio")
    some = base.resources(0, clay=1, wood=2, stone=0, gold=0).at_phase("play")
    assert verdict(some, 0, card("Insula")) == (NOT_NOW, "needs 7 more Wood")
    assert verdict(some, 0, card("Strata")) == (NOT_NOW, "needs 1 more Clay, 2 Stone")
    none = base.resources(0, clay=0, wood=0, stone=0, gold=0).at_phase("play")
    assert verdict(none, 0, card("Insula")) == (NOT_NOW, "needs 9 Wood")
    assert verdict(none, 0, card("Corruptio")) == (NOT_NOW, "needs 3 Clay/Wood/Stone")
    one = base.resources(0, clay=1, wood=0, stone=0, gold=0).at_phase("play")
    assert verdict(one, 0, card("Corruptio")) == (NOT_NOW, "needs 2 more Clay/Wood/Stone")


def test_the_hand_shows_each_reason_and_a_legend_for_the_marks():
    m = big_hand()
    hand = {h.card for h in m.state.players[0].hand}

    async def check(app, pilot):
        lines = hand_lines(app)
        assert len(lines) == len(hand)
        assert all(ln[0] in (PLAYABLE, NOT_NOW, NEVER) for ln in lines)
        unplayable = [ln for ln in lines if ln[0] != PLAYABLE]
        assert unplayable and all("needs" in ln or "never" in ln or "unique" in ln
                                  or "reaction" in ln for ln in unplayable)
        legend = str(app.screen.query_one(Hand).border_subtitle)
        assert "playable" in legend and "not now" in legend and "never" in legend
        # "○" is the inactive building's mark; the hand does not use it
        assert not any("○" in ln for ln in lines)

    run(m, (120, 40), check)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_each_city_panel_names_its_board_and_special_building(size):
    m = draft(4)

    async def check(app, pilot):
        # at 80×24 the other cities are shorter (the board never changes):
        # with Tab every city is in full
        app.screen.query_one("#cities").focus()
        await settle(pilot)
        for panel in app.screen.query(CityPanel):
            city = CITIES[m.state.players[panel.seat].city]
            shown = text(panel)
            assert city.access in shown and f"★{city.special}" in shown
            if panel.seat == m.state.caesar:
                assert "Caesar" in shown  # never cut to "C"

    run(m, size, check)


def test_counts_are_plural_only_when_more_than_one():
    assert plural(1, "token") == "1 token"
    assert plural(0, "card") == "0 cards"
    assert plural(4, "token") == "4 tokens"


def test_a_bots_kind_stays_on_a_long_headline():
    long = (Seat("You"),) + tuple(Seat(f"Maximilianus Augustus {i}", "mcts", "normal")
                                  for i in range(1, 4))
    m = play_until(lambda s: s.phase == SELECT and s.draft is not None, 5, long)

    async def check(app, pilot):
        for panel in app.screen.query(CityPanel):
            if panel.seat:
                assert "search" in text(panel)  # as every seat list says it

    run(m, (120, 40), check)


# ---------------------------------------------------------------- 80×24


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_hand_stays_in_sight_during_the_draft_at_80x24(players):
    m = draft(players)
    names = {CARDS[h.card].name for h in m.state.players[0].hand}

    async def check(app, pilot):
        hand = app.screen.query_one(Hand)
        assert hand.display and hand.region.height >= 3
        assert hand.region.bottom <= app.screen.query_one("#actions").region.y
        compact = app.screen.query_one("#hand-compact")
        assert compact.display and compact.region.height >= 1
        assert all(name in text(compact) for name in names)

    run(m, (80, 24), check)


def test_the_gauls_carry_round_labels_at_80x24():
    m = draft(4)

    async def check(app, pilot):
        shown = text(app.screen.query_one(Board))
        assert "Gauls II:" in shown and "III:" in shown and "V:" in shown and "VI:" in shown

    run(m, (80, 24), check)


def test_the_cities_scroll_by_keyboard_with_six_players_at_80x24():
    m = draft(6)

    async def check(app, pilot):
        cities = app.screen.query_one("#cities")
        for _ in range(8):
            if app.focused is cities:
                break
            await pilot.press("tab")
        assert app.focused is cities
        await pilot.pause()
        await pilot.pause()
        assert cities.max_scroll_y > 0  # focused, every city in full: some below the fold
        await pilot.press("end")
        await pilot.pause()
        assert cities.scroll_y == cities.max_scroll_y > 0
        last = app.screen.query(CityPanel).last()
        assert cities.region.contains_region(last.region)

    run(m, (80, 24), check)


def test_the_hand_takes_the_rows_it_needs_at_120x40():
    m = big_hand()

    async def check(app, pilot):
        cards = app.screen.query_one("#hand-cards")
        assert cards.option_count >= 9
        assert cards.max_scroll_y == 0  # every card in sight, no scrolling

    run(m, (120, 40), check)


# ---------------------------------------------------------------- snapshots




@pytest.mark.parametrize("players", [4, 6])
def test_draft_at_80x24(snap_compare, players):
    assert snap_compare(app_for(draft(players)), terminal_size=(80, 24), run_before=settle)


@pytest.mark.parametrize("players", [4, 6])
def test_play_at_80x24(snap_compare, players):
    m = play_until(POSITIONS["play"][1], 5, SEATS if players == 4 else seats(players))
    assert snap_compare(app_for(m), terminal_size=(80, 24), run_before=settle)


def test_a_missing_trade_says_why():
    base = Scenario(players=2).city(0, "Massilia").hand(0, "Turris")
    poor = base.resources(0, gold=1, wood=1).at_phase("play", seat=0)
    assert trade_note(poor, 0) == "Trade: needs 1 more Gold"
    full = base.resources(0, gold=4, wood=9, stone=2).at_phase("play", seat=0)
    assert trade_note(full, 0) == "Trade for Wood: no room"
    rich = base.resources(0, gold=4, wood=2, stone=2).at_phase("play", seat=0)
    assert trade_note(rich, 0) == ""


def test_the_hand_panel_says_why_the_trade_is_missing():
    m = play_until(POSITIONS["play"][1], 5)
    assert m.state.players[0].res[3] == 0

    async def check(app, pilot):
        # without Gold the row says the tax too (tests/test_provincia_stakes.py)
        assert "No Gold to trade; tax: -2 PP" in text(app.screen.query_one("#hand-trade"))
        assert app.screen.query_one("#hand-trade").region.height == 1

    run(m, (80, 24), check)


def test_a_replayed_hand_is_titled_by_its_owner_never_yous():
    from textual.app import App

    from tui.provincia.look import looks
    from tui.widgets.scene import Scene

    m = play_until(POSITIONS["play"][1], 5)
    full = m.state  # a replay of a finished game shows full states

    class One(App):
        def compose(self):
            yield Hand(id="hand")

    async def go():
        app = One()
        async with app.run_test() as pilot:
            hand = app.query_one(Hand)
            hand.show(Scene(m.game, full, 0, SEATS, looks(full, SEATS), lambda k: None))
            await pilot.pause()
            title = str(hand.border_title)
            assert "You's" not in title and title.startswith("Hand · You (")
            hand.show(Scene(m.game, m.view(0), 0, SEATS, looks(full, SEATS), lambda k: None))
            assert str(hand.border_title).startswith("Your hand (")

    asyncio.run(go())


def test_the_cities_a_move_changed_stand_out_until_the_next_move():
    """After each move, the city panels whose city the last step changed (as
    the player sees it) are tinted; the others are not."""
    match = position("play")
    app = app_for(match)

    async def go() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            marked = 0
            for _ in range(6):
                await pilot.press("1")
                await settle(pilot)
                if match.is_over():
                    break
                screen = app.screen
                viewer = screen.viewer
                before = match.game.view(match.states[-2], viewer)
                after = match.game.view(match.states[-1], viewer)
                for panel in screen.query(CityPanel):
                    changed = before.players[panel.seat] != after.players[panel.seat]
                    assert (panel.styles.background_tint.a > 0) == changed, panel.seat
                    marked += changed
            assert marked  # some move changed a city

    asyncio.run(go())


def test_unlimited_gold_shows_no_count_in_the_supply():
    """Gold is unlimited in a new game: the supply says ∞, not a count that
    grows past the 53 coins; a game with the limit shows the coins left."""
    from engine import get_game
    from engine.core import Options, named_options
    from engine.match import Match

    new_game = named_options(get_game("provincia").options, Options())
    for options, shown in ((new_game, "Gold ∞"), (Options.of({"finite_gold": True}), "Gold 25")):
        async def check(app, pilot, shown=shown) -> None:
            assert shown in text(app.screen.query_one(Board))

        run(Match("provincia", SEATS, 1, options), (120, 40), check)


def test_the_score_table_fits_80_columns_with_six_players():
    """Every breakdown column's label is whole at 80x24 with six players
    (the last one, Gloria, was cut to 'Glor')."""
    from tests.test_tui_support import finished

    match = finished(seed=3, seats=(Seat("You"),) + tuple(Seat(f"Rules {i}", "rules")
                                                          for i in range(2, 7)))

    async def check(app, pilot) -> None:
        shown = html.unescape(app.export_screenshot()).replace("\xa0", " ")
        assert " Gloria" in shown and "Rules 6" in shown

    run(match, (80, 24), check)


def test_a_category_label_longer_than_a_cell_is_whole_where_the_table_fits():
    """The Romans' results read "Christ" and "Triump" (cut to six columns)
    in a dialog 118 wide; a label is as wide as it needs where it fits."""
    from engine.core import Result
    from tui.screens.game_over import score_table
    from tui.widgets.seats import SeatLook

    res = Result(scores=(82, 68), ranks=(1, 2), winners=(0,),
                 breakdown=({"christian": 6, "triumphs": 9}, {"christian": 2, "triumphs": 4}),
                 labels=(("christian", "Christ."), ("triumphs", "Triumph")))
    looks = tuple(SeatLook(i, name, "Rome", "red", "R") for i, name in enumerate(("You", "Bo")))
    head = score_table(res, looks).plain.split("\n")[0]
    assert "Christ." in head and "Triumph" in head


def test_the_draft_row_keeps_its_box_between_the_rows_of_a_round():
    """Between two turns of a Select Cards phase the row's box stays, as many
    lines high, naming the next chooser (so the side panel keeps its size);
    before the round's first row, and in the next round, there is none."""
    from textual.app import App

    from tui.provincia import look
    from tui.provincia.draft import DraftRow
    from tui.widgets.scene import Scene

    m = Match("provincia", seats(4), 5)
    rng = random.Random(5)
    row = between = later = None
    while later is None:
        s = m.state
        if s.phase == SELECT and s.draft is not None and row is None:
            row = s
        elif row is not None and between is None and s.phase == SELECT and s.draft is None \
                and s.round == row.round:
            between = s
        elif between is not None and s.round == row.round + 1 and s.phase == SELECT \
                and s.draft is None:
            later = s
        m.play(rng.choice(m.game.legal(s)))

    def scene(state) -> Scene:
        return Scene(m.game, state, 0, m.seats, look.looks(state, m.seats), lambda k: None)

    class Harness(App):
        def compose(self):
            yield DraftRow(id="draft")

    async def go() -> None:
        app = Harness()
        async with app.run_test(size=(60, 20)) as pilot:
            widget = app.query_one(DraftRow)
            widget.show(scene(between))  # no row seen yet this round: no box
            assert not widget.display
            widget.show(scene(row))
            await pilot.pause()
            assert widget.display
            height = widget.size.height
            widget.show(scene(between))
            await pilot.pause()
            chooser = m.seats[between.queue[0]].name
            assert widget.display and widget.size.height == height
            assert "Next row" in str(widget.border_title)
            lines = [widget.render_line(y).text.strip() for y in range(height)]
            assert f"{chooser} chooses a deck…" in lines
            widget.show(scene(later))  # the next round's first turn: no box again
            assert not widget.display
    asyncio.run(go())


def test_the_card_text_keeps_one_height_for_the_whole_hand():
    """Going from card to card in the hand changes no box size (each change
    of an auto height lays the whole screen out): the card text is held at
    the tallest text of the hand."""
    from tui.provincia import look
    from tui.widgets.untrusted import markup

    async def check(app, pilot):
        hand = app.screen.query_one(Hand)
        text = app.screen.query_one("#card-text")
        width = text.content_size.width
        tallest = max(markup(look.card_text(c)).get_height(text.styles, width)
                      for c in hand._cards)
        assert text.styles.min_height.cells == tallest > 1
        sizes = set()
        for c in hand._cards:
            hand.show_card(c)
            await pilot.pause()
            sizes.add(text.size.height)
        assert sizes == {tallest}

    run(big_hand(), (120, 40), check)


def in_colours(app, widget, system) -> list[tuple]:
    """The widget's rows as the terminal draws them, each segment's text and
    colours rounded to ``system`` (what a 256- or 16-colour terminal shows)."""
    r = widget.region
    rows = app.screen._compositor.render_strips()[r.y:r.bottom]
    out = []
    for strip in rows:
        for seg in strip.crop(r.x, r.right):
            style = seg.style
            colours = tuple(c.downgrade(ColorSystem[system]).number if c else None
                            for c in ((style.color, style.bgcolor) if style else (None, None)))
            marks = (style.bold, style.reverse, style.underline) if style else ()
            out.extend((ch, colours, marks) for ch in seg.text)
    return out


@pytest.mark.parametrize("system", ["EIGHT_BIT", "STANDARD"])
def test_a_changed_city_differs_in_256_and_16_colours(system):
    """The tint of a city the last move changed is lost when 256 colours
    round it away (rgb(27,26,25) against rgb(27,27,27)): the panel must
    still look different from the same panel unmarked."""
    match = position("play")

    async def check(app, pilot):
        await pilot.press("1")
        await settle(pilot)
        changed = [p for p in app.screen.query(CityPanel) if p._shown[2]]
        assert changed
        for panel in changed:
            marked = in_colours(app, panel, system)
            scene, to_move, _ = panel._shown
            panel.show(scene, to_move, False)
            await pilot.pause()
            assert in_colours(app, panel, system) != marked, panel.seat
            panel.show(scene, to_move, True)
            await pilot.pause()

    run(match, (120, 40), check)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_focused_cities_show_an_accent_border_and_title(size):
    """Tab onto the cities: a titled accent border appears, as on the other
    panels (before, at 120×40 nothing changed; at 80×24 a scrollbar thumb)."""
    m = draft(4)

    async def check(app, pilot):
        cities = app.screen.query_one("#cities")

        def rows() -> list[str]:
            r = cities.region
            return [s.text[r.x:r.right] for s in
                    app.screen._compositor.render_strips()[r.y:r.bottom]]

        assert not any("Cities" in row for row in rows())
        for _ in range(8):
            if app.focused is cities:
                break
            await pilot.press("tab")
        assert app.focused is cities
        await pilot.pause()
        top = rows()[0]
        assert "Cities" in top and "━" in top
        # the border is drawn in the accent colour, in 16 colours too
        accent = cities.styles.border_top[1].rich_color.downgrade(ColorSystem.STANDARD).number
        assert in_colours(app, cities, "STANDARD")[0][1][0] == accent

    run(m, size, check)


@pytest.mark.parametrize("players", [4, 6])
def test_a_draft_rows_number_is_its_actions_number(players):
    """Once cards are taken, row "4 Forum" was action "2 Take Forum": each
    row's number is now the key of the action taking its card, and a taken
    row has none."""
    from tui.provincia.draft import DraftRow

    m = draft(players)
    d = m.state.draft
    assert d.taken  # some cards are gone: the two numberings differed
    view = m.view(0)
    described = [m.game.describe(view, a) for a in m.game.legal(view)]

    async def check(app, pilot):
        lines = text(app.screen.query_one(DraftRow)).splitlines()[:len(d.slots)]
        numbered = 0
        for slot, line in enumerate(lines):
            key = line[1]
            if d.slots[slot] is None:
                assert key == " ", line
                continue
            assert key.isdigit(), line
            numbered += 1
            action = described[int(key) - 1]
            name = line[3:].lstrip(PLAYABLE + NOT_NOW + NEVER).split("  ")[0]
            name = name.split(" Q:")[0].strip()
            assert action.startswith("Take") and (name in action or "▒" in name), (line, action)
        assert numbered == len(d.slots) - len(d.taken)

    run(m, (120, 40), check)


def test_the_draft_says_why_a_card_cannot_be_played_at_80x24():
    """At 80×24 the hand's card text gives way to the row: the row marks
    each card as the hand does, and the highlighted card's reason and text
    show under the row."""
    from tui.provincia import look
    from tui.provincia.draft import DraftRow

    def unaffordable(s) -> bool:
        d = s.draft
        return (s.phase == SELECT and d is not None and d.deck != OPES and any(
            h is not None and d.face_up[i] and verdict(s, 0, h.card).mark != PLAYABLE
            for i, h in enumerate(d.slots)))

    m = play_until(unaffordable, 5, seats(6))
    s = m.view(0)
    slots = [i for i, h in enumerate(s.draft.slots)
             if h is not None and h.card >= 0 and s.draft.face_up[i]]

    async def check(app, pilot):
        row = app.screen.query_one(DraftRow)
        for slot in slots:
            card = s.draft.slots[slot].card
            app.screen.ui.focus_action(app.screen.scene(), PICKS[slot])
            await pilot.pause()
            shown = text(row)
            v = verdict(s, 0, card)
            assert v.mark in shown
            if v.mark != PLAYABLE:
                assert v.why in " ".join(shown.split())
            body = look.card_text(card).split("\n", 1)
            if len(body) > 1:
                first = Content.from_markup(body[1]).plain.split()[:2]
                assert " ".join(first) in " ".join(shown.split()), shown

    run(m, (80, 24), check)


@pytest.mark.parametrize("players", [4, 6])
def test_the_compact_hand_is_a_tab_stop_that_opens_at_80x24(players):
    """During the draft at 80×24 the hand is one wrapped line of names; Tab
    reaches it all the same, and it opens into the browsable list with the
    card text until the focus leaves it."""
    m = draft(players)

    async def check(app, pilot):
        hand = app.screen.query_one(Hand)
        cards = app.screen.query_one("#hand-cards")
        assert not cards.display
        for _ in range(8):
            if cards.has_focus:
                break
            await pilot.press("tab")
            await pilot.pause()
        assert cards.has_focus and cards.display and hand.has_class("-open")
        assert cards.region.height >= 1 and app.screen.query_one("#card-text").region.height
        row = app.screen.query_one("#draft")
        assert not row.display  # the row makes way, so the open hand is seen whole
        first = CARDS[hand._cards[cards.highlighted]].name  # its text, not the row's card
        shown = text(app.screen.query_one("#card-text")).split("\n")
        # a card that cannot be played says why above its text
        assert shown[0].startswith(first) or shown[1].startswith(first)
        assert hand.region.bottom <= app.screen.query_one("#actions").region.y
        await pilot.press("down")  # browsing the hand keeps it open
        await pilot.pause()
        assert hand.has_class("-open") and not row.display
        await pilot.press("tab")
        await pilot.pause()
        assert not hand.has_class("-open") and not cards.display and row.display

    run(m, (80, 24), check)


def test_every_citys_battle_row_shows_with_six_players_at_80x24():
    """The 6-player battle panel dropped rows at its foot, the player's own
    among them: every city's row is on screen, and the player's own loss
    line when it fell."""
    from tests.test_tui_support import POSITIONS
    from tui.provincia.battle import BattlePanel

    m = play_until(POSITIONS["battle_result"][1], 5, seats(6))
    s = m.state

    async def check(app, pilot):
        panel = app.screen.query_one(BattlePanel)
        r = panel.region
        side = app.screen.query_one("#side").region
        rows = [strip.text[r.x:r.right] for strip in
                app.screen._compositor.render_strips()[r.y:min(r.bottom, side.bottom)]]
        assert rows[-1].startswith("╰")  # the whole panel is in sight
        letters = [CITIES[pl.city].letter for pl in s.players]
        for letter in letters:
            assert any(row.startswith(f"│  {letter} ") for row in rows), (letter, rows)
        own = next(line for line in s.battle if line.seat == 0)
        if not own.won:
            at = next(i for i, row in enumerate(rows) if row.startswith(f"│  {letters[0]} "))
            assert "lost:" in rows[at + 1]

    run(m, (80, 24), check)


def test_the_draft_border_is_never_cut_at_80x24():
    """"Aedificium row · chosen by …" and six seats to pick were cut at the
    border's end: shorter words are taken where the long ones would be."""
    from tui.provincia.draft import DraftRow

    m = play_until(lambda s: s.phase == SELECT and s.draft is not None and s.draft.deck == 2
                   and len(s.draft.pickers) == 6, 5, seats(6))
    letters = [CITIES[m.state.players[p].city].letter for p in m.state.draft.pickers]

    async def check(app, pilot):
        r = app.screen.query_one(DraftRow).region
        rows = [strip.text[r.x:r.right] for strip in app.screen._compositor.render_strips()]
        top, bottom = rows[r.y], rows[r.bottom - 1]
        assert "Aedificium" in top and "chosen by" in top and "…" not in top, top
        assert "…" not in bottom and all(f" {c}" in bottom for c in letters), bottom

    run(m, (80, 24), check)


def test_the_legend_says_can_pay_outside_play_cards():
    """During the draft and the battle nothing can be played: the hand's
    legend says ● can pay there, and ● playable in Play Cards."""
    for name, word in (("draft", "can pay"), ("battle", "can pay"), ("play", "playable")):
        async def check(app, pilot, word=word):
            legend = Content.from_markup(str(app.screen.query_one(Hand).border_subtitle)).plain
            assert f"{PLAYABLE} {word}" in legend, legend

        run(position(name), (120, 40), check)


def test_the_next_chooser_is_you_choose_on_your_own_screen():
    """"You chooses a deck…" read the seat's name into a sentence made for
    others: the seat whose screen it is reads "You choose a deck…"."""
    from textual.app import App

    from tui.provincia import look
    from tui.provincia.draft import DraftRow
    from tui.widgets.scene import Scene

    m = Match("provincia", (Seat("Julia"),) + seats(4)[1:], 5)
    rng = random.Random(5)
    row = between = None
    while between is None:
        s = m.state
        if s.phase == SELECT and s.draft is not None:
            row = s
        elif row is not None and s.phase == SELECT and s.draft is None and s.queue \
                and s.queue[0] == 0 and s.round == row.round:
            between = s
        m.play(rng.choice(m.game.legal(s)))

    class Harness(App):
        def compose(self):
            yield DraftRow(id="draft")

    async def go() -> None:
        async with Harness().run_test(size=(60, 20)) as pilot:
            widget = pilot.app.query_one(DraftRow)
            for seat, said in ((0, "You choose a deck…"), (1, "Julia chooses a deck…")):
                scene = Scene(m.game, row, seat, m.seats, look.looks(row, m.seats), lambda k: None)
                widget.show(scene)
                widget.show(Scene(m.game, between, seat, m.seats, look.looks(between, m.seats),
                                  lambda k: None))
                await pilot.pause()
                lines = [widget.render_line(y).text.strip() for y in range(widget.size.height)]
                assert said in lines, lines

    asyncio.run(go())


def test_the_edition_options_help_explains_each_choice():
    """The new-game form showed "Edition tuned" with a help naming only
    "first": the help says what each choice is."""
    from engine import get_game

    option = next(o for o in get_game("provincia").options if o.key == "edition")
    for choice in option.choices:
        assert f"{choice}: " in option.help, choice
    assert len(option.help) <= 35  # the form's help line, or it is cut


def test_the_last_battle_stays_until_a_deck_is_chosen_in_the_next_round():
    """The battle's result went by within Phases 4 and 5 at the bots' pace:
    it stays into the next round while the first deck is being chosen."""
    from engine.provincia.data import BATTLE_ROUNDS, MARKERS_PER_DECK
    from tui.provincia.battle import BattlePanel

    def next_round_start(s) -> bool:
        return (s.round - 1 in BATTLE_ROUNDS and s.phase == SELECT and s.draft is None
                and s.markers == (MARKERS_PER_DECK,) * 3)

    m = play_until(next_round_start, 5, seats(3))  # round 4: the human is Caesar, first to choose
    s = m.state
    assert s.battle

    async def check(app, pilot):
        panel = app.screen.query_one(BattlePanel)
        assert panel.display
        assert f"Last battle · round {s.round - 1}" in str(panel.border_title)
        shown = text(panel)
        for line in s.battle:
            assert CITIES[s.players[line.seat].city].letter in shown
        assert ("holds" in shown) or ("falls" in shown)

    run(m, (120, 40), check)


# ---------------------------------------------------------------- decks kept


def test_a_deck_that_cannot_be_chosen_stays_greyed_with_why():
    """An empty deck, or one whose markers are gone, vanished from the deck
    choice: the player had to guess why, and the others renumbered. All
    three keep their places; one that cannot be chosen says why."""
    from engine.provincia.actions import DECKS
    from engine.provincia.game import Provincia
    from tests.test_tui_support import numbered
    from tui.provincia.reasons import deck_places

    game = Provincia()
    s = Scenario(players=3).at_phase("select")
    empty = s.decks[2].replace(cards=())
    s = s.replace(decks=s.decks[:2] + (empty,), discards=s.discards[:2] + ((),))
    assert DECKS[2] not in game.legal(s)
    assert deck_places(game, s, 0)[2] == (
        DECKS[2], "Draw from the Aedificium deck (buildings) — deck empty")
    shown, dead = numbered(game, s, 0)
    assert shown == list(DECKS) and dead == {DECKS[2]}
    assert deck_places(game, s, 1) == [], "only for the seat choosing"
    spent = Scenario(players=3).at_phase("select")
    spent = spent.replace(markers=(0, 2, 2))
    assert deck_places(game, spent, 0)[0][1] == (
        "Draw from the Opes deck (resources at once; you get the Quaestor's share) — "
        "no action markers left this round")


def test_the_table_lists_a_deck_without_markers_greyed():
    m = play_until(lambda s: s.phase == SELECT and s.draft is None and 0 in s.markers, 5, seats(6))
    gone = {("deck", d) for d in range(3) if m.state.markers[d] == 0}

    async def check(app, pilot):
        menu = app.screen.query_one("#actions")
        assert [a for a, _ in menu._shown] == [("deck", d) for d in range(3)]
        assert set(menu._dead) == gone
        first = min(gone)
        assert dict(menu._shown)[first].endswith("— no action markers left this round")
        step = len(m.actions)
        await pilot.press(str(first[1] + 1))  # a greyed deck plays nothing
        await settle(pilot)
        assert len(m.actions) == step

    run(m, (80, 24), check)


# ---------------------------------------------------------------- six at 80×24


def panel_text(panel) -> str:
    return str(panel.render())


def test_every_city_shows_with_six_players_at_80x24_without_scrolling():
    """Six cities in full did not fit: four showed, two were below the fold.
    The other cities take one line each (PP and holdings), your own in full;
    Tab shows them all in full again."""
    m = play_until(POSITIONS["play"][1], 5, seats(6))

    async def check(app, pilot):
        cities = app.screen.query_one("#cities")
        assert cities.max_scroll_y == 0
        panels = list(app.screen.query(CityPanel))
        assert len(panels) == 6
        for panel in panels:
            assert cities.region.contains_region(panel.region), panel.seat
            pl = m.state.players[panel.seat]
            shown = panel_text(panel)
            assert f"{pl.pp} PP" in shown and f"G{pl.res[3]}" in shown
        mine = panels[0]
        assert mine.region.height >= 3 and "cards" in panel_text(mine)  # your own in full
        for panel in panels[1:]:
            shown = " ".join(panel_text(panel).split())
            lk = app.screen.looks[panel.seat]
            assert "cards" not in shown and panel.region.height <= 2, shown
            # here every row has room for the player and the kind (one form)
            assert lk.name in shown and shown.endswith("  random".strip()), shown

    run(m, (80, 24), check)


def test_a_seats_kind_reads_the_same_on_every_city():
    """"(random bot)" on one row, "random" on the next: one form, as every
    seat list says it."""
    m = play_until(POSITIONS["play"][1], 5, SEATS)

    async def check(app, pilot):
        for panel in app.screen.query(CityPanel):
            lk = app.screen.looks[panel.seat]
            shown = panel_text(panel)
            assert "bot)" not in shown
            first = shown.split("\n")[0]
            if lk.kind_word and len(first) + 8 <= panel.content_size.width:
                assert f"  {lk.kind_word}" in first, shown

    for size in ((80, 24), (120, 40)):
        run(m, size, check)


@pytest.mark.parametrize("focus", [False, True])
def test_a_citys_building_line_wraps_never_cut_at_80x24(focus):
    """"Pons ★Amphith…": the line of buildings was cut at the panel's edge.
    Where a city's buildings show they show whole, wrapped: your own city's
    always, with its board; the others' with Tab."""
    from engine.provincia.data import CARDS as ALL

    m = play_until(POSITIONS["final"][1], 5, SEATS)

    async def check(app, pilot):
        cities = app.screen.query_one("#cities")
        if focus:
            cities.focus()
            await settle(pilot)
        for panel in app.screen.query(CityPanel):
            shown = " ".join(panel_text(panel).split())
            assert "…" not in shown
            pl = m.state.players[panel.seat]
            if panel.seat == 0 or focus:
                special = CITIES[pl.city].special
                assert f"★{special}" in shown, shown
                assert all(ALL[c].name in shown for c, _ in pl.built), shown
            assert cities.max_scroll_y == 0 or focus

    run(m, (80, 24), check)


def test_the_draft_shows_the_highlighted_cards_whole_text_at_80x24():
    """The text under the row was cut to a line or two ("Enters play …")."""
    from tui.provincia import look
    from tui.provincia.draft import DraftRow

    m = draft(6)
    s = m.view(0)
    slots = [i for i, h in enumerate(s.draft.slots) if h is not None and h.card >= 0]

    async def check(app, pilot):
        row = app.screen.query_one(DraftRow)
        heights = set()
        for slot in slots:
            app.screen.ui.focus_action(app.screen.scene(), PICKS[slot])
            await pilot.pause()
            shown = " ".join(text(row).split())
            body = look.card_text(s.draft.slots[slot].card).split("\n", 1)
            if len(body) > 1:
                whole = " ".join(Content.from_markup(body[1]).plain.split())
                assert whole in shown, shown
            assert "…" not in shown
            heights.add(row.region.height)
        assert len(heights) == 1, "moving the highlight lays nothing out"
        assert row.region.bottom <= app.screen.query_one("#actions").region.y

    run(m, (80, 24), check)


def test_tab_browses_the_hand_at_80x24_with_each_reason():
    """Issue 28 walk-through: Tab reached the hand with only its border's
    colour to show it, three cards in sight and no room for a reason. Now
    the title says "↑↓ browse", the list takes more rows, and each card
    that cannot be played shows why above its text."""
    m = big_hand()

    async def check(app, pilot):
        hand = app.screen.query_one(Hand)
        cards = app.screen.query_one("#hand-cards")
        assert "browse" not in str(hand.border_title)
        for _ in range(6):
            await pilot.press("tab")
            await pilot.pause()
            if app.focused is cards:
                break
        assert app.focused is cards
        assert str(hand.border_title).endswith("↑↓ browse")
        assert cards.region.height >= 7
        seen = set()
        for i in range(cards.option_count):
            cards.highlighted = i
            await pilot.pause()
            seen.add(text(app.screen.query_one("#card-text")).split("\n")[0])
        reasons = [ln for ln in seen if "not now:" in ln or "never:" in ln]
        assert reasons and all("needs" in ln or "unique" in ln or "never" in ln
                               or "reaction" in ln for ln in reasons)
        await pilot.press("escape")
        await pilot.pause()
        assert "browse" not in str(hand.border_title)

    run(m, (80, 24), check)


def test_the_hand_never_runs_past_the_side_panel_at_80x24():
    """Six players, a Play Cards turn with five battle tokens (their row
    wraps) and a tall card text: the hand ran one row past the side panel,
    so its bottom border and the legend of its marks were cut. The card
    text gives way instead, and the tokens keep to one row."""
    from tests.test_tui_narrow import rows

    def tall(s):
        pl = s.players[0]
        return s.phase == PLAY and len(pl.tokens) >= 5 and pl.res[3] >= 2 and len(pl.hand) >= 4

    m = play_until(tall, 1, seats(6))

    async def check(app, pilot):
        side, hand = app.screen.query_one("#side"), app.screen.query_one(Hand)
        assert hand.region.bottom <= side.region.bottom
        shown = rows(app)[hand.region.bottom - 1]
        assert "playable" in shown and "never" in shown, shown
        # the five tokens keep to one row ("Battle tokens" wrapped them)
        tokens = app.screen.query_one("#hand-tokens")
        assert tokens.region.height == 1 and text(tokens).startswith("Tokens +")

    run(m, (80, 24), check)


def test_a_taken_card_and_its_taker_keep_to_one_row_at_80x24():
    """Six players: "Colosseum 1C 7S 2G 9pp ← M" wrapped, the taker's
    letter alone on the next row (and a row of the draft lost below).
    Where the row is too narrow, single spaces and the letter keep it to one."""
    import re

    from tests.test_tui_narrow import region_rows

    m = play_until(lambda s: s.phase == SELECT and s.draft is not None and s.draft.deck == 2
                   and len(s.draft.taken) >= 1, 1, seats(6))
    taken = len(m.state.draft.taken)

    async def check(app, pilot):
        shown = region_rows(app, app.screen.query_one("#draft"))[1:-1]
        takers = [row for row in shown if "←" in row]
        assert len(takers) == taken, shown
        assert all(re.search(r"← +[A-Z] ", row) for row in takers), shown

    run(m, (80, 24), check)


def test_choosing_a_deck_between_two_rows_shows_every_deck_at_80x24():
    """Six players: between two rows of a round, the box kept for the next
    row and the hand left the actions two rows, the third deck below them
    (the row's own numbers, which let the actions shrink, are not there
    while a deck is chosen)."""
    from tests.test_tui_narrow import region_rows

    m = play_until(lambda s: s.phase == SELECT and s.draft is not None and s.round == 2
                   and s.caesar != 0, 5, seats(6))

    async def check(app, pilot):
        for _ in range(12):  # pick, let the others play, until a deck is to choose
            if m.state.draft is None or m.state.phase != SELECT:
                break
            await pilot.press("1")
            await settle(pilot)
        s = m.state
        assert s.phase == SELECT and s.draft is None and m.to_move() == 0
        assert app.screen.query_one("#draft").display  # the box kept between rows
        shown = " ".join(region_rows(app, app.screen.query_one("#action-list")))
        for number, deck in enumerate(("Opes", "SPQR", "Aedificium"), start=1):
            assert f"{number} {deck}" in shown, shown
        assert "…" not in shown, shown  # "Aedificium… no markers left" lost "deck"

    run(m, (80, 24), check)
