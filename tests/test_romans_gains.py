"""What a choice gains, shown before it is made (issue 28, "Every choice
shows its price and its gain before you take it"): the Glory a city built
or converted in the Glory province earns (7A), the points a Christian city
scores at the end, what a Triumph kept scores with its arts (7C), and the
Glory an army conquering the Glory province earns. Each figure shown is
held to what playing the choice then scores, in random games."""

from __future__ import annotations

import asyncio
import random
import re

from engine.match import Match
from engine.romans.actions import Build, CitadelUse, Keep, PlacePiece
from engine.romans.empire import glory_gain, glory_parts, glory_points
from engine.romans.scoring import final_parts
from engine.romans.state import PLACES
from engine.romans.text import plural
from tests.romans_helpers import RED, YELLOW, G, romans
from tests.test_romans_tui import board_text, position, seats
from tests.test_tui_support import app_for, settle
from tui.romans.about import army_odds
from tui.romans.board import RomansBoard
from tui.romans.labels import tight_label
from tui.widgets.actions import ActionMenu

GLORY = re.compile(r"Glory \+(\d+) points?(?:, city bonus \+(\d+) points?)?")


def shown_and_scored(seeds: range):
    """(label, state before, state after, seat) of every city build or
    placement, conversion and Triumph kept offered in random games."""
    for seed in seeds:
        m = Match("romans", seats(4), seed)
        rng = random.Random(seed)
        while not m.is_over():
            s, seat = m.state, m.to_move()
            for a in G.legal(s):
                city = isinstance(a, Build | PlacePiece) and a.piece == "city" \
                    and a.place != "Villa"
                if city or isinstance(a, Keep) or (isinstance(a, CitadelUse)
                                                   and a.what == "convert"):
                    yield G.describe(G.view(s, seat), a), s, G.play(s, a), seat
            m.play(rng.choice(m.game.legal(m.view(seat))))


def glory_scored(after, seat: int, why: str) -> int:
    return sum(e.points for e in after.events
               if e.kind == "score" and e.seat == seat and e.why == why)


def test_the_glory_and_the_points_shown_are_what_the_choice_scores():
    """Each part as the log gives it: "Glory +8" was shown where the log
    gave "+6 points (Glory)" and "+2 points (city bonus)" (issue 28
    walk-through): the label says "Glory +6 points, city bonus +2 points"."""
    found = {"glory": 0, "bonus": 0, "convert": 0, "arts": 0}
    for label, before, after, seat in shown_and_scored(range(1, 7)):
        m = GLORY.search(label)
        assert (int(m.group(1)) if m else 0) == glory_scored(after, seat, "glory"), label
        assert (int(m.group(2) or 0) if m else 0) == glory_scored(after, seat, "city bonus"), \
            label
        found["glory"] += bool(m)
        found["bonus"] += bool(m and m.group(2))
        if label.startswith("Convert the city in "):
            assert "(+3 points at the end" in label
            found["convert"] += 1
        if label.startswith("Keep Triumph"):
            gain = re.search(r": (\d+) points?(?: \+ (at least )?(\d+) for the arts now)?$", label)
            assert gain, label
            points = int(gain.group(1)) + int(gain.group(3) or 0)
            was, now = final_parts(before, seat), final_parts(after, seat)
            scored = now["triumphs"] + now["arts"] - was["triumphs"] - was["arts"]
            assert points <= scored if gain.group(2) else points == scored, label
            found["arts"] += bool(gain.group(3))
    assert all(found.values()), found


def test_an_army_into_the_glory_province_says_the_glory_it_earns():
    s = romans(4).at("expansion", 2).build()
    p = s.players[RED]
    glory = next(i for i in range(16) if not p.garrison >> i & 1)
    s = s.replace(players=tuple(q.replace(glory=glory) if k == RED else q
                                for k, q in enumerate(s.players)))
    chart, bonus = glory_parts(s, RED, glory)
    assert chart > 0 and bonus > 0, "Latium's city"
    text = army_odds(s, RED, PLACES[glory], 3, 2)
    assert text.startswith("conquers ") and \
        f" (Glory +{chart} if first, 1 less per player before you; city bonus +{bonus})," \
        " losing " in text
    assert chart + bonus == glory_gain(s, RED, glory)
    other = next(i for i in range(16) if i != glory and not p.garrison >> i & 1)
    assert "Glory" not in army_odds(s, RED, PLACES[other], 3, 2)


def test_an_army_s_glory_says_it_is_less_when_another_player_earns_glory_first():
    """An army fights in the campaign, after every placement, in turn order
    with the other armies (R6): a walker read "Glory +9" and was paid +8,
    another player having earned Glory first. The figure is the engine's
    now, with its condition; with no other marker left on the chart, or
    solo (Rome scores in full), it is plain."""
    s = romans(4).at("expansion", 2).build()
    glory = next(i for i in range(16) if not s.players[RED].garrison >> i & 1)

    def marked(s, *markers):
        return s.replace(players=tuple(q.replace(glory=markers[k]) for k, q in
                                       enumerate(s.players)))
    s = marked(s, glory, 3, -1, -1)
    chart, bonus = glory_parts(s, RED, glory)
    text = army_odds(s, RED, PLACES[glory], 3, 2)
    assert f"(Glory +{chart} if first, 1 less per player before you; city bonus" in text
    off = s.replace(glory_off=1)
    assert glory_parts(off, RED, glory)[0] == chart - 1
    assert f"(Glory +{chart - 1} if next, 1 less per player before you" \
        in army_odds(off, RED, PLACES[glory], 3, 2)
    alone = marked(s, glory, -1, -1, -1)
    assert f"(Glory +{chart}, city bonus +{bonus})" in army_odds(alone, RED, PLACES[glory], 3, 2)
    solo = romans(1).at("expansion", 2).build()
    solo = solo.replace(players=(solo.players[0].replace(glory=glory),))
    chart = glory_parts(solo, RED, glory)[0]
    assert f"(Glory +{chart}" in army_odds(solo, RED, PLACES[glory], 3, 2)
    assert "if first" not in army_odds(solo, RED, PLACES[glory], 3, 2)


def triumph_to_keep(s) -> bool:
    return bool(s.pending) and s.pending[-1].kind == "triumph"


def test_a_triumph_in_one_row_keeps_what_it_scores():
    """80×24: "Keep Triumph 4 + mosaic (from…" lost the points, the arts
    and what they score."""
    label = "Keep Triumph 5 + statue, mosaic (from Yellow's map): 5 points + 2 for the arts now"
    assert tight_label(Keep(YELLOW, 0), label, 31) == "T5+sta,mos, Yellow: 5+2 arts"
    label = label.replace("+ 2", "+ at least 2")
    assert tight_label(Keep(YELLOW, 0), label, 31) == "T5+sta,mos, Yellow: 5+≥2 arts"
    assert tight_label(Keep(RED, 0), "Keep Triumph 7 (from your map): 7 points", 31) == \
        "Triumph 7, yours: 7 points"
    m = position(1, triumph_to_keep)

    async def go():
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            rows = [str(o.prompt) for o in menu.options.options]
            for (_, label), row in zip(menu._shown, rows, strict=True):
                gain = re.search(r": (\d+) points?(?: \+ (?:at least )?(\d+) for the arts)?", label)
                assert gain and f": {gain.group(1)}" in row, row
                assert not gain.group(2) or f"{gain.group(2)} arts" in row, row
            assert "each arts icon as many points" in board_text(app)

    asyncio.run(go())


def test_solo_a_choice_that_takes_the_enemy_s_glory_says_what_it_denies():
    """Solo (rule 3 of the solo game): conquering, building a city in or
    converting a city in The Enemy's Glory province takes its marker off,
    so it does not score the chart's points at the end of expansion."""
    denies = re.compile(r"denies The Enemy (\d+) points?")
    found = 0
    for seed in range(1, 9):
        m = Match("romans", seats(1), seed)
        rng = random.Random(seed)
        while not m.is_over():
            s, seat = m.state, m.to_move()
            for a in G.legal(s):
                if isinstance(a, Build | PlacePiece | CitadelUse):
                    said = denies.search(G.describe(G.view(s, seat), a))
                    taken = any(e.kind == "deny glory" for e in G.play(s, a).events)
                    assert bool(said) == taken, G.describe(s, a)
                    if said:
                        assert int(said.group(1)) == glory_points(s)
                        found += 1
            m.play(rng.choice(m.game.legal(m.view(seat))))
    assert found
    s = romans(1).at("expansion", 2).build()
    province = next(i for i in range(16) if not s.players[RED].garrison >> i & 1)
    s = s.replace(enemy_glory=province)
    assert f"(denies The Enemy {plural(glory_points(s), 'point')}), losing " in \
        army_odds(s, RED, PLACES[province], 3, 2)


def glory_city_to_buy(s) -> bool:
    return any(isinstance(a, Build) and a.piece == "city" and "Glory" in G.describe(s, a)
               for a in G.legal(s))


def test_a_piece_in_one_row_keeps_its_place_price_and_glory():
    """80×24: "Buy a city in Latium (4 gold;…" lost the Glory it earns."""
    assert tight_label(Build("city", "Latium"), "Buy a city in Latium (4 gold; Glory +10 points)",
                       31) == "City Lat: 4g, Glory +10"
    assert tight_label(Build("city", "Latium"), "Buy a city in Latium (4 gold; Glory +6 points, "
                       "city bonus +2 points)", 31) == "City Lat: 4g, Glory +6+2 bonus"
    assert tight_label(PlacePiece("city", "Latium"), "Place the city in Latium (Glory +6 points, "
                       "city bonus +2 points)", 31) == "City Lat: Glory +6+2 bonus"
    moved = "Move the city from Etruria to Venetia (4 gold; Glory +6 points, city bonus +1 point)"
    assert tight_label(Build("city", "Venetia"), moved, 30) == "City Etr→Ven: 4g, Glory +6+1", \
        "the price before the word 'bonus'"
    assert tight_label(Build("wall", "Apulia"),
                       "Build a wall in Apulia, taking up the fort in Campania (4 gold)", 31) == \
        "Wall Apu, fort Cam goes: 4g"
    assert tight_label(Build("fort", "Apulia"), "Move the fort from Campania to Apulia (2 gold)",
                       31) == "Fort Cam→Apu: 2g"
    convert = "Convert the city in Etruria (+3 points at the end; Glory +9 points)"
    assert tight_label(CitadelUse("convert", "Etruria", 0), convert, 31) == \
        "Convert Etr: +3 at end, Glory +9"
    assert tight_label(PlacePiece("city", "Latium"), "Place the city in Latium (Glory +10 points)",
                       31) == "City in Latium: Glory +10"
    m = position(1, glory_city_to_buy)

    async def go():
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            assert menu.options.has_class("-tight"), "the case: a one-row list"
            rows = [str(o.prompt) for o in menu.options.options]
            glory = [(label, row) for (_, label), row in zip(menu._shown, rows, strict=True)
                     if "Glory" in label]
            assert glory
            for label, row in glory:
                chart, bonus = GLORY.search(label).groups()
                assert f"Glory +{chart}{f'+{bonus}' if bonus else ''}" in row, row
                assert re.search(r": \d+g, Glory", row), "the price stays: " + row
            index = next(i for i, (_, label) in enumerate(menu._shown) if "Glory" in label)
            menu.options.highlighted = index
            board = app.screen.query_one(RomansBoard)
            for _ in range(20):
                await pilot.pause()
                if board.about:
                    break
            assert board.about == menu._shown[index][1], "the line under the map: all of it"

    asyncio.run(go())
