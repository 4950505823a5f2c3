"""Age of Rome's texts before a choice (issue 28): every card's text where
it is shown (the side panel's hand and Quests, the detail under the board
for an action naming it) and in the rulebook's reference section, found by
the rules screen's search; the numbers of a build and an Income in their
menu text; and the builds you cannot take listed with the engine's reason.
"""

from __future__ import annotations

import asyncio
import random
import re
import textwrap
from typing import Any

import pytest
from textual.widgets import Input, Static

from engine import get_game
from engine.ageofrome import data, income, reference
from engine.ageofrome.actions import Build, Income, PlayCard, ReturnQuest, Sell
from engine.ageofrome.events_phase import EventReward
from engine.ageofrome.state import PROVINCES, in_front, seat_facing
from engine.core import Options
from engine.games import entry
from tests.test_ageofrome_tui import board_of, position, scene_of
from tests.test_tui_support import TabulaApp, app_for, settings, settle, until
from tui.ageofrome import detail, look
from tui.ageofrome.board import WIDE, spot_short
from tui.ageofrome.side import SidePanel, hand_lines
from tui.app import Start
from tui.screens.rules import RulesScreen, rulebook_text
from tui.widgets.actions import ActionMenu

GAME = get_game("ageofrome")


@pytest.fixture(autouse=True)
def isolated(home: Any) -> None:
    """Every test here plays in its own home directory (saves, settings)."""


# ---------------------------------------------------------------- the reference
def test_every_measure_quest_card_and_event_is_worded():
    assert set(data.MEASURES) <= set(reference.MEASURE_WORDS)
    assert set(data.CONDITIONS) == set(reference.CONDITION_WORDS)
    text = reference.text()
    for q in data.QUESTS:
        assert f"- {q.name}: " in text
    for c in data.TRADE_CARDS:
        assert f"- {c.name} (" in text
    for e in data.EVENTS:
        assert f"- {e.name}: " in text


def test_the_reference_words_a_card_as_its_data_says_and_marks_stand_ins():
    pugio = reference.card_text(data.TRADE_CARDS.index(data.TRADE_CARD["Pugio"]))
    assert pugio == "Pugio (Weapons): when you activate a Scheme: gain 2 Denarii"
    ascetic = reference.quest_text(data.QUESTS.index(data.QUEST["Ascetic"]))
    assert ascetic.startswith("Ascetic: 3 Glory if you have the fewest Denarii")
    assert "not in a 2-player game" in ascetic
    jeweller = reference.quest_text(data.QUESTS.index(data.QUEST["Jeweller"]))
    assert jeweller == "Jeweller: 3 Glory if you have at least 1 Jewels set formed"
    lines = reference.text().splitlines()
    assert next(x for x in lines if x.startswith("- Pugio ")).endswith("(stand-in).")
    bulla = next(x for x in lines if x.startswith("- Bulla "))
    assert "draw 2 Trade cards" in bulla and "the rulebook gives its effect" in bulla


def test_the_rulebook_of_age_of_rome_ends_with_the_card_reference():
    assert entry("ageofrome").reference == "engine.ageofrome.reference:text"
    book = rulebook_text("ageofrome")
    assert book.index("CARD REFERENCE") > book.index("Emperor")
    for name in ("Ascetic", "Pugio", "Feud Never Fades", "Arca V", "Storm at Sea"):
        assert name in book
    assert "CARD REFERENCE" not in rulebook_text("romans")  # the hook is per game


def test_searching_the_rules_for_a_card_finds_its_text():
    async def go() -> None:
        app = TabulaApp(Start("rules", game_id="ageofrome"), settings())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, RulesScreen)
            await pilot.press("slash", *"pugio", "enter")
            assert screen.query_one(Input).value == "pugio"
            assert len(screen._hits) == 1
            assert str(screen.query_one("#rules-hits", Static).render()) == "1/1"
            row = screen.text.selection.start[0]
            assert "when you activate a Scheme: gain 2 Denarii" in screen.text.document[row]

    asyncio.run(go())


# ---------------------------------------------------------------- where cards are shown
def test_your_hand_and_quests_show_each_cards_full_text():
    m = position(3, lambda s: bool(s.players[0].hand) and s.round >= 2)
    v = m.view(0)
    lines = "\n".join(hand_lines(v, 0))
    for h in v.players[0].hand:
        c = data.TRADE_CARDS[h.card]
        assert f"{c.name} " in lines and reference.card_rule(c) in lines
    for h in v.players[0].quests:
        assert reference.quest_text(h.card) in lines


def test_an_action_naming_a_card_or_quest_gives_its_text():
    m = position(3, lambda s: bool(s.players[0].hand) and s.round >= 2)
    v = m.view(0)
    card = v.players[0].hand[0].card
    name = data.TRADE_CARDS[card].name
    for a in (Sell(name), PlayCard(name)):
        assert detail.action_detail(v, 0, a) == reference.card_text(card)
    quest = data.QUESTS[v.players[0].quests[0].card].name
    assert detail.action_detail(v, 0, ReturnQuest(quest)).startswith(f"{quest}: ")
    assert detail.action_detail(v, 0, None) == ""


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_highlighting_a_sale_shows_the_cards_text_under_the_board(size):
    m = position(3, lambda s: s.phase == "build" and not s.pending
                 and any(a[0] == "sell" for a in GAME.legal(s)))

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            index = next(i for i, (a, _) in enumerate(menu._shown) if a[0] == "sell")
            sale = menu._shown[index][0]
            board = board_of(app)
            wide = size[0] >= 120
            # the layout may still be settling on a busy machine: wait for it
            await until(pilot, lambda: (board.geometry() == WIDE) == wide)
            menu.options.highlighted = index
            await until(pilot, lambda: board.about.startswith(sale.card))  # Highlighted
            board.redraw()
            await pilot.pause()
            text = str(board.render()).splitlines()
            card = data.TRADE_CARD[sale.card]
            first = next(i for i, x in enumerate(text) if x.startswith(f"{sale.card} ("))
            full = reference.card_text(data.TRADE_CARDS.index(card))
            lines = textwrap.wrap(full, board._width)
            # whole, wrapped at the grid's width (card texts run to 90)
            assert [x.rstrip() for x in text[first:first + len(lines)]] == lines
            # the line never pushes the board into a scrollbar (which would narrow it)
            assert (board.geometry() == WIDE) == wide
            box = app.screen.query_one("#ageofrome-box")
            assert box.max_scroll_y == 0

    asyncio.run(go())


# ---------------------------------------------------------------- numbers on choices
def test_a_build_says_its_tile_price_and_glory():
    m = position(3, lambda s: s.phase == "build" and not s.pending
                 and any(isinstance(a, Build) for a in GAME.legal(s)))
    v = m.view(0)
    a = next(a for a in GAME.legal(v) if isinstance(a, Build))
    t = data.BUILDING_TYPES.index(a.type)
    level = v.provinces[in_front(v, 0)].levels[t] + 1
    tile = data.tile(a.type, level)
    assert GAME.describe(v, a) == (
        f"Build {a.type} {'I' * level}: {tile.cost} Denarii, +{tile.glory} Glory")
    assert f" · {tile.name} (" in detail.action_detail(v, 0, a)  # after the Income


def test_single_and_double_income_say_their_amounts_and_penalty():
    m = position(3, lambda s: s.phase == "income" and not s.pending)
    v = m.view(0)
    pop = v.provinces[in_front(v, 0)].population
    coins = f"{pop} Denarius" if pop == 1 else f"{pop} Denarii"
    assert GAME.describe(v, Income(False)) == f"Single Income: +{coins}"
    assert GAME.describe(v, Income(True)) == (
        f"Double Income: +{2 * pop} Denarii, -{income.penalty(v, 0)} Glory")


def test_the_income_offer_is_the_population_discs_and_the_rulebooks_example():
    """L273: population 3 gives 3, or 6 for 2 Glory; population 6 gives 12
    for 4 Glory. ``take`` pays what ``offer`` says."""
    assert income.offer(3) == income.Offer(3, 3, 6, 2)
    assert income.offer(6) == income.Offer(6, 6, 12, 4)
    m = position(3, lambda s: s.phase == "income" and not s.pending)
    s = m.state
    seat = s.queue[0]
    said = income.offer_of(s, seat)
    for double in (False, True):
        if double and not income.can_double(s, seat):
            continue
        after = GAME.play(s, Income(double))
        gained = after.players[seat].denarii - s.players[seat].denarii
        assert gained == (said.double if double else said.single)
        if double:
            assert s.players[seat].glory - after.players[seat].glory == said.penalty


def test_a_build_says_what_its_population_does_to_this_rounds_income():
    """Issue 28: "Build Military" showed no population penalty. A tile adds
    1 Population to the province in front (L156), which gives this round's
    Income (the board turns after it): the detail says the new figures, and
    building makes them true."""
    from engine.ageofrome import build

    m = position(3, lambda s: s.phase == "build" and not s.pending
                 and any(isinstance(a, Build) for a in GAME.legal(s)))
    s = m.state
    a = next(a for a in GAME.legal(s) if isinstance(a, Build))
    now, then = build.income_after(s, 0)
    assert now == income.offer_of(s, 0) and then.population == now.population + 1
    assert income.offer_of(GAME.play(s, a), 0) == then  # the preview holds
    text = detail.action_detail(m.view(0), 0, a)
    assert (f"Income this round {then.single} Denarii, or double {then.double} for "
            f"{then.penalty} Glory (now {now.single}, or {now.double} for {now.penalty}) · "
            f"Population {now.population} → {then.population}") in text


def test_an_income_choice_names_the_province_and_its_population():
    m = position(3, lambda s: s.phase == "income" and not s.pending)
    v = m.view(0)
    now = income.offer_of(v, 0)
    text = detail.action_detail(v, 0, Income(True))
    where = PROVINCES[in_front(v, 0)]
    assert text.startswith(f"{where}, Population {now.population}: ")
    assert f"red penalty of {now.penalty} Glory" in text


def test_a_build_you_cannot_afford_is_listed_with_its_price():
    def short(s: Any) -> bool:
        if s.phase != "build" or s.pending or not s.queue or s.queue[0] != 0:
            return False
        levels = s.provinces[in_front(s, 0)].levels
        return any(lv < 3 and data.tile(t, lv + 1).cost > s.players[0].denarii
                   for t, lv in zip(data.BUILDING_TYPES, levels, strict=True))

    m = position(3, short)
    v = m.view(0)
    missing = detail.unavailable(GAME, v, 0)
    legal = set(GAME.legal(v))
    types = [t for t in data.BUILDING_TYPES if Build(t) not in legal]
    assert [x.split(":")[0] for x in missing] == [f"Build {t}" for t in types]
    have = v.players[0].denarii
    assert any("costs" in x and f"you have {have}" in x for x in missing)
    panel = SidePanel()
    panel.scene = scene_of(m)
    panel.redraw()
    assert "Not now: " + missing[0] in panel._shown
    assert detail.unavailable(GAME, v, 1) == []  # only the seat to move, on its own turn


# ---------------------------------------------------------------- words
def test_a_follower_with_the_bonus_reads_as_one_seat_on_the_narrow_board():
    def bonus(s: Any) -> bool:
        return any(b >= 0 for pr in s.provinces for f in pr.followers for _, b in f)

    m = position(3, bonus)
    s = m.view(0)
    p, t = next((p, t) for p, pr in enumerate(s.provinces)
                for t, f in enumerate(pr.followers) if any(b >= 0 for _, b in f))
    seat = next(seat for seat, b in s.provinces[p].followers[t] if b >= 0)
    text = spot_short(s, ("b", p, t))
    assert f"{look.letter_of(seat)} (Bonus)" in text
    assert "+" not in text  # "O+B" read as Orange and Blue


def test_the_keys_screen_says_where_the_card_texts_are():
    from tui.ageofrome.table import AgeOfRomeUI

    assert "Card reference" in AgeOfRomeUI.notes
    assert "CARD REFERENCE" in rulebook_text("ageofrome")  # the section it names


def test_a_placement_says_what_it_gives():
    from engine.ageofrome.actions import Place
    from engine.ageofrome.forces import farming_denarii

    m = position(3, lambda s: s.phase == "actions" and not s.pending and s.round >= 3)
    v = m.view(0)
    said = {t: GAME.describe(v, Place(t, b)) for t, b in (
        ("Military", True), ("Politics", False), ("Trade", True), ("Religion", False),
        ("Farming", False), ("Colosseum", False), ("Scheme", False))}
    assert said["Military"] == "Military with the Bonus: move 2 Legions"
    assert said["Politics"] == "Politics: 1 Vote on the Column"
    assert said["Trade"] == "Trade with the Bonus: draw 2 Trade cards"
    assert said["Religion"].startswith("Religion: Pantheon ")
    assert said["Farming"] == f"Farming: +{farming_denarii(v, 0)} Denarii"
    assert said["Colosseum"] == "Colosseum: +1 Glory"
    assert said["Scheme"] == \
        "Scheme space: a Scheme marker, face down; 1 Feud to activate it later"


def test_an_event_reward_reads_right_for_one_seat_several_and_a_penalty() -> None:
    """"Crassus win the reward, even for penalties" (issue 28): the verb
    agrees, a Hard Times card is a penalty, and what it gives is said."""
    s = GAME.setup(4, None, 7)
    names = [GAME.seat_label(s, i) for i in range(4)]
    card = [e.name for e in data.EVENTS].index
    def say(name: str, seats: tuple[int, ...]) -> str | None:
        return GAME.event_text(s, EventReward(card(name), seats))

    assert say("Grain Dole", (1,)) == (f"Grain Dole: {names[1]} wins the reward "
                                      "(gain 2 Denarii; gain 1 Glory)")
    assert say("Census", (0, 2)) == (f"Census: {names[0]} and {names[2]} win the reward "
                                     "(gain 2 Denarii)")
    assert say("Plague", (3,)) == f"Plague: {names[3]} suffers the penalty (lose 2 Glory)"
    assert say("Patronage", ()) == "Patronage: nobody wins the reward (gain 2 Denarii)"


def test_the_score_chart_has_a_point_per_round_and_the_final_totals() -> None:
    """"The score chart has one point" (issue 28): Glory at the end of each
    round (the results' chart adds the final totals)."""
    s, rng = GAME.setup(3, None, 11), random.Random(11)
    while s.round < 3:
        s = GAME.play(s, rng.choice(GAME.legal(s)))
    early = GAME.score_history(s)
    assert early.labels == ("R1", "R2") and len(early.rows) == 2
    while not GAME.is_over(s):
        s = GAME.play(s, rng.choice(GAME.legal(s)))
    done = GAME.score_history(s)
    assert done.labels == tuple(f"R{i}" for i in range(1, 10))
    assert done.rows[-1] == tuple(p.glory for p in s.players)
    assert done.rows[:2] == early.rows, "a round's points never change afterwards"


def test_a_scheme_action_names_its_target() -> None:
    """"A Scheme action does not name its target" (issue 28): the seat that
    faces the province now, who would suffer it."""
    rng = random.Random(3)
    for seed in range(40):
        s = GAME.setup(4, None, seed)
        while not GAME.is_over(s):
            moves = GAME.legal(s)
            schemes = [a for a in moves if a[0] == "activate"]
            if schemes:
                a = schemes[0]
                target = GAME.seat_label(s, seat_facing(s, PROVINCES.index(a[1])))
                said = GAME.describe(s, a)
                assert f"for 1 Feud: {a[3]}, " in said and target in said
                return
            s = GAME.play(s, rng.choice(moves))
    raise AssertionError("no Scheme to activate in 40 random games")


def test_a_scheme_action_says_its_feud_and_what_it_does_before_you_choose() -> None:
    """The rulebook's example (L128-138): Jack's Degradation on Henry pays
    a Feud, which uncovers Jack's Politics Bonus and covers Henry's last
    one. The line says the price and the effect on the target; the detail
    under the board says what the Feud does to both tracks."""
    from tests.test_ageofrome_schemes import HENRY, JACK, e6

    s = e6()
    (a,) = [a for a in GAME.legal(s) if a[0] == "activate"]
    henry = GAME.seat_label(s, HENRY)
    assert GAME.describe(s, a) == (f"Activate your Scheme in {PROVINCES[HENRY]} (space 1) "
                                   f"for 1 Feud: Degradation, {henry} loses a Pantheon piece")
    said = detail.action_detail(s, JACK, a)
    assert said.startswith("Degradation: remove 1 of the target's own-colour Pantheon")
    assert said.endswith(f"You pay 1 Feud to {henry}: your Feuds 4 → 3, uncovering your "
                         f"Politics Bonus; {henry}'s 4 → 5, covering their Politics Bonus.")


def test_a_placement_that_gives_nothing_says_so_and_one_that_gives_says_what():
    """A complete Pantheon and an empty board of Votes still took a Follower
    under "a piece for your Pantheon" / "1 Vote on the Column" (issue 28
    walk-through): the label says nothing comes, or which piece."""
    from engine.ageofrome.text import _pantheon, _votes
    from tests.test_ageofrome_forces import position as forces_position

    s = forces_position(4, seat0={"votes": 0})
    assert _votes(s, 0, 1) == "nothing: no Vote left on your board"
    s = forces_position(4, seat0={"votes": 1})
    assert _votes(s, 0, 2) == "1 Vote on the Column (only 1 left)"
    s = forces_position(4, seat0={"votes": 3}).replace(column=(1, 0, 0))
    assert _votes(s, 0, 1) == "1 Vote on the Column, a Majority, +2 Glory"
    s = forces_position(4, seat0={"base_common": "gold", "top_common": "silver"})
    assert _pantheon(s, 0) == "nothing: your Pantheon is complete"
    s = forces_position(4, seat0={"base_own": 2})
    assert _pantheon(s, 0) == "Pantheon base: the gold piece, 4 Glory at the end"
    s = forces_position(4, seat0={"base_own": 2}, seat1={"base_common": "gold"})
    assert _pantheon(s, 0) == "Pantheon base: the silver piece, 3 Glory at the end", \
        "walk-through: 'the common piece' named neither the piece nor its points"
    assert _pantheon(forces_position(4), 0) == \
        "Pantheon base: own piece 1 of 2, 1 Glory at the end", "walk-through: no gain shown"


def test_a_scheme_placed_in_the_last_round_says_it_is_never_activated():
    from engine.ageofrome.text import _gain
    from tests.test_ageofrome_forces import position as forces_position

    assert _gain(forces_position(4, round_=8), 0, "Scheme", False) == \
        "a Scheme marker, face down; 1 Feud to activate it later"
    assert _gain(forces_position(4, round_=9), 0, "Scheme", False).endswith(
        "(the last round: never activated)")


def test_at_80x24_a_builds_text_and_its_space_wrap_whole_under_the_board():
    """"The Barracks (Military I) on Italia: room for 3…" at 80×24 (issue 28
    walk-through): the highlighted action's text and the space it names
    wrap whole; the board's box grows without a scrollbar and the log keeps
    its three rows."""
    from tui.ageofrome.board import LOG_KEPT, NARROW

    m = position(3, lambda s: s.phase == "build" and not s.pending
                 and any(isinstance(a, Build) for a in GAME.legal(s)))

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            board = board_of(app)
            await until(pilot, lambda: board.geometry() == NARROW)
            menu = app.screen.query_one(ActionMenu)
            index = next(i for i, (a, _) in enumerate(menu._shown) if isinstance(a, Build))
            build = menu._shown[index][0]
            menu.options.highlighted = index
            about = detail.action_detail(m.view(0), 0, build)
            await until(pilot, lambda: board.about == about)
            board.redraw()
            await pilot.pause()
            await pilot.pause()
            assert len(about) > 2 * board._width and "Income this round" in about
            text = [x.rstrip() for x in str(board.render()).splitlines()]
            grid = len(board.cells.chars)
            under = text[grid:]
            lines = textwrap.wrap(about, board._width)
            assert under[:len(lines)] == lines, "the text whole, wrapped"
            where = spot_short(m.view(0), ("b", in_front(m.state, 0),
                                           data.BUILDING_TYPES.index(build.type)))
            assert " ".join(under[len(lines):]) == where
            box = app.screen.query_one("#ageofrome-box")
            assert box.max_scroll_y == 0 and box.size.height >= grid + len(under)
            assert app.screen.query_one("#log").outer_size.height >= LOG_KEPT

    asyncio.run(go())


def test_the_text_under_the_wide_board_is_whole_and_the_legend_makes_way():
    """"The Barracks (Military I) on Italia: room for 3 Followers; 3 le…" at
    120×40 (issue 28 walk-through): wide, the text takes the legend's rows."""
    from tui.ageofrome.board import ABOUT_LINES, WIDE, AgeOfRomeBoard

    board = AgeOfRomeBoard()
    board._g, board._width = WIDE, 64
    board.about = ("The Barracks (Military I) on Italia: room for 3 Followers; "
                   "3 left in its pile; a Follower there moves 1 Legion")
    lines = [text for text, _ in board.notes(None)]
    assert 1 < len(lines) <= ABOUT_LINES and all(len(x) <= 64 for x in lines)
    assert " ".join(lines) == board.about and board.legend(None) == []
    board.about = "Stola C/C: gain 1 Glory"
    assert len(board.notes(None)) == 1 and board.legend(None), "a short text keeps the legend"


RULE_REF = re.compile(r"\b[LA]\d{1,3}\b")
"""A rulebook line ("L258") or a reading's note ("A17"): for the code's
comments, never for a player's screen."""


def everything_said() -> set[str]:
    """Every label, greyed reason, refusal, detail, prompt, log line and
    option help of three random games (4 players with Spies & Allies, 3,
    the solo). Each placement and build is asked why it is refused where
    it is, so every reason the engine words is read."""
    from engine.ageofrome import action_phase
    from engine.ageofrome.actions import Activate, Offer
    from engine.ageofrome.state import TYPES

    said: set[str] = {o.help for o in GAME.options} | {o.label for o in GAME.options}
    probes = [*action_phase.PLAIN, *action_phase.WITH_BONUS, action_phase.TO_COLOSSEUM,
              action_phase.TO_SCHEME, *(Build(t) for t in TYPES), Income(True),
              Activate(PROVINCES[0], 0, data.MUDSLINGING), Offer("spy", PROVINCES[0], TYPES[0], 0)]
    for n, seed, options in ((4, 1, {"spies_allies": True}), (3, 2, None), (1, 3, None)):
        s = GAME.setup(n, Options.of(options) if options else None, seed)
        rng = random.Random(seed)
        while not GAME.is_over(s):
            seat = GAME.to_move(s)
            moves = GAME.legal(s)
            said.add(GAME.prompt(s))
            said.update(GAME.describe(s, a) for a in moves)
            said.update(detail.action_detail(s, seat, a) for a in moves)
            said.update(why for _, why in detail.held_places(GAME, s, seat))
            said.update(detail.unavailable(GAME, s, seat))
            said.update(GAME.flow.why_illegal(s, a) for a in probes if a not in moves)
            for e in GAME.events(s):
                line = GAME.log_line(s, e)
                if line is not None:
                    said.add("".join(text for text, _ in line.parts))
            s = GAME.play(s, rng.choice(moves))
    return said


SAID: list[set[str]] = []


def said_in_games() -> set[str]:
    """``everything_said``, played once for the tests that read it."""
    if not SAID:
        SAID.append(everything_said())
    return SAID[0]


def test_no_rulebook_line_reaches_the_screen() -> None:
    """Labels, greyed reasons, refusals, details, prompts, the log and the
    options' help say nothing like "(L258)": it means nothing to a player
    (issue 28 walk-through: "your Military Bonus is already used this round
    (L258)")."""
    found = sorted(x for x in said_in_games() if RULE_REF.search(x))
    assert not found, found[:5]


ONE_MANY = re.compile(r"(?<![\d.])1 (Followers|Denarii|Legions|Votes|cards|Quests|Feuds|"
                      r"Trade cards|tiles|pieces|Medals|sets|spaces|rounds)\b")


def test_one_of_a_thing_is_singular() -> None:
    """"a level 3 building holds 1 Followers", "takes 1 Denarii of Income"
    (issue 28 walk-through): one of a thing reads singular wherever it is
    said, in the side panel too ("Glory 22 · 1 Denarius")."""
    from tests.test_ageofrome_forces import position as forces_position
    from tui.ageofrome.side import seat_lines

    found = sorted(x for x in said_in_games() if ONE_MANY.search(x))
    assert not found, found[:5]
    from engine.match import Seat
    from tui.ageofrome.table import AgeOfRomeUI
    from tui.widgets.scene import Scene

    s = forces_position(4, seat0={"denarii": 1})
    seats = tuple(Seat(f"P{i}") for i in range(4))
    scene = Scene(game=GAME, state=s, seat=1, seats=seats,
                  looks=AgeOfRomeUI().looks(s, seats), earlier=lambda k: None)
    assert seat_lines(s, 0, scene, True)[0].endswith("· 1 Denarius")


def test_a_variant_s_help_does_not_repeat_its_name() -> None:
    """`tabula new --help` read "Truce: Truce: no Schemes" (issue 28
    walk-through of Age of Rome): the help follows the name."""
    from engine import get_game

    for option in get_game("ageofrome").options:
        assert not option.help.startswith(option.label), option.help


def test_a_legion_move_says_it_would_undo_a_defeated_region():
    """Issue 28: "✓ defeated" looked permanent, but moving a Legion out can
    drop a region below its shield. The move's detail says so, and who
    would hold first after it, from the engine."""
    from engine.ageofrome import forces
    from engine.ageofrome.actions import MoveLegion

    m = position(3, lambda s: bool(s.pending) and s.pending[-1].kind == "legion"
                 and s.pending[-1].seat == 0)
    w = m.view(0).thaw()
    tied = tuple(1 if i in (0, 1) else 0 for i in range(w.n))  # Epirus: shield 2
    w.regions = (tied, (0,) * w.n, (0,) * w.n)
    v = w.freeze()
    assert forces.defeated(v, 0)
    text = detail.action_detail(v, 0, MoveLegion("Epirus", "Thrace"))
    assert text.startswith("Epirus would no longer be defeated, you would lose first to ")
    assert "; Thrace: you would take first alone · Epirus: your Legions 1 → 0" in text
    tie = detail.action_detail(v, 0, MoveLegion("board", "Epirus"))
    assert tie.startswith("Epirus: you would take first alone")


def test_apostasy_warns_that_it_undoes_a_defeated_region():
    """Walk-through: Apostasy took a Legion out of a defeated region and
    left it short of its shield (its places then score nothing) without a
    word, where a Legion move now says so. Each Apostasy choice says what
    it does to the region before it is made, from the engine."""
    from engine.ageofrome.actions import Apostasy
    from tests.test_ageofrome_schemes import (
        HENRY,
        JACK,
        MACEDONIA,
        activate,
        legions,
        one_marker,
        start,
    )

    w = one_marker("Marcus Antonius")  # Jack's Scheme faces Henry (Octavianus)
    w.players[HENRY].glory = 1
    legions(w, HENRY, MACEDONIA, 2)
    legions(w, JACK, MACEDONIA, 1)  # 3 of Macedonia's shield of 3: defeated
    s = activate(start(w), HENRY, 0, data.APOSTASY)
    assert s.pending[-1].seat == JACK
    assert detail.action_detail(s, JACK, Apostasy("Macedonia", False)) == (
        "Un-defeats Macedonia: 2 Legions left of the 3 its shield needs, so its places "
        "score nothing; Octavianus would tie you for first")
    assert detail.action_detail(s, JACK, Apostasy("Macedonia", True)) == (
        "Macedonia: Octavianus would lose first to you")


@pytest.mark.parametrize("phase", ["build", "schemes"])
def test_a_prompt_that_ends_a_phase_names_the_action_that_ends_it(phase):
    """"build on the province in front of you, or end" read as a prompt
    cut at the screen's edge (walk-through, stop 36): it names the action
    that ends the phase, "Done", as the list does."""
    m = position(3, lambda s: s.phase == phase and not s.pending, 3)
    prompt = m.game.prompt(m.view(0))
    assert prompt.endswith(", or Done"), prompt
    labels = [m.game.describe(m.view(0), a) for a in m.game.legal(m.view(0))]
    assert "Done" in labels, labels
