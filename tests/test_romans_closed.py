"""Why a City of Rome building, box or god is closed to the seat placing a
senator (issue 28: "Nothing says why an option is missing: no god because
of unrest, a box taken, no materials"), in the engine's words
(``closed.building_closed``, ``box_closed``, ``god_closed``), and the
table keeping each closed one listed, greyed, with its reason.

The reasons are held to the rules: in random games, a reason is given
exactly where the rules offer no placement. Last, the labels of a one-row
list at 80×24 (``squeeze``, ``tui.romans.labels``): the box and the price
stay in sight.
"""

from __future__ import annotations

import asyncio
import random
import re

from engine.romans.actions import Leader, Nation, Sell, Senator
from engine.romans.closed import (
    box_closed,
    building_closed,
    god_closed,
    trades_to_open,
    why_no_god,
)
from engine.romans.data import BUILDINGS, ERA_CARDS, GODS
from engine.romans.prep import entries
from engine.romans.senate import open_buildings
from engine.romans.setup import BUILDING_INDEX
from tests.romans_helpers import BLUE, GREEN, RED, YELLOW, G, expansion, romans
from tests.test_romans_tui import first_placing, position
from tests.test_tui_support import app_for, numbered, settle
from tui.romans.labels import tight_label
from tui.romans.table import building_places
from tui.widgets.actions import ActionMenu

ITALY = ["Venetia", "Etruria", "Campania", "Apulia"]  # and Latium, held from the start


def placements(s, seat: int) -> list[Senator]:
    return [a for a in G.legal(s) if isinstance(a, Senator)]


def test_a_taken_box_names_who_took_it():
    s = (expansion().villa(RED, 1, 2, 4).docks(RED, gold=4)
         .senator("Basilica Aemilia", 2, BLUE, 2).senator("Basilica Aemilia", 3, YELLOW, 3)
         .build())
    b = BUILDING_INDEX["Basilica Aemilia"]
    assert building_closed(s, RED, b) == ""
    assert box_closed(s, RED, b, 1) == ""
    assert box_closed(s, RED, b, 2) == "taken by Blue"
    assert box_closed(s, RED, b, 3) == "taken by Yellow"
    assert box_closed(s, RED, b, 4) == ""
    assert box_closed(expansion().villa(RED, 2).docks(RED, gold=4).build(), RED, b, 3) \
        == "needs a III senator"


def test_a_building_closed_as_a_whole_says_why():
    s = (expansion().villa(RED, 1).docks(RED, manpower=1, victuals=1, materials=0, gold=1)
         .senator("Forum", 4, RED, 4)
         .map(RED, garrison=ITALY, unrest=["Etruria"]).build())

    def why(name: str) -> str:
        return building_closed(s, RED, BUILDING_INDEX[name])
    assert why("Servian Wall") == "needs 1 material (have 0)"
    assert why("Basilica Aemilia") == "needs 2 gold (have 1)", "the price, not what it lacks"
    assert why("Forum") == "yours already (one senator a building)"
    assert why("Temple of Jupiter") == "no god: unrest in Etruria"
    assert why_no_god(s, RED) == "no god: unrest in Etruria"
    # Castra Peregrina's god, Mars, does not come with the senator
    assert god_closed(s, RED, BUILDING_INDEX["Castra Peregrina"]) == "no god: unrest in Etruria"


def test_a_building_closed_by_its_price_points_to_the_trades_that_open_it():
    """A walker read "needs 1 gold" as one more gold; the box cost 2 and the
    seat held 1, and selling a resource below opened it, which nothing said."""
    s = (expansion().villa(RED, 1).docks(RED, manpower=1, victuals=1, materials=0, gold=1)
         .build())
    legal = list(G.legal(s))
    lines = dict((a.building, why) for a, why in building_places(s, RED, legal)
                 if why and isinstance(a, Senator))
    assert lines["Basilica Aemilia"] == \
        "Basilica Aemilia — needs 2 gold (have 1): sell 1 manpower below"
    trade = Sell("manpower")
    assert trade in legal, "the trade named is offered"
    after = G.play(s, trade)
    assert building_closed(after, RED, BUILDING_INDEX["Basilica Aemilia"]) == ""
    wall = lines["Servian Wall"]
    assert wall == ("Servian Wall — needs 1 material (have 0): "
                    "sell 1 manpower, 1 victuals, buy 1 material below"), wall
    for a in trades_to_open(s, RED, BUILDING_INDEX["Servian Wall"]):
        assert a in G.legal(s)
        s = G.play(s, a)
    assert building_closed(s, RED, BUILDING_INDEX["Servian Wall"]) == ""
    poor = expansion().villa(RED, 1).docks(RED, manpower=0, victuals=0, materials=0,
                                           gold=1).build()
    assert trades_to_open(poor, RED, BUILDING_INDEX["Basilica Aemilia"]) == [], \
        "nothing to sell: no trade is named"
    basilica = Senator(1, "Basilica Aemilia", 1, "")
    assert tight_label(basilica, lines["Basilica Aemilia"], 36) \
        == "Basilica: needs g2 (have 1): sell m1"
    assert tight_label(basilica, lines["Basilica Aemilia"], 31) \
        == "Basilica: g2 (have 1): sell m1", "80×24: the price in letters, the trade kept"
    assert tight_label(basilica, lines["Basilica Aemilia"], 29) \
        == "Basilica: needs g2 (have 1)", "the price and the Docks kept"


def test_a_god_held_by_another_player_is_named_with_its_holder():
    s = expansion().villa(RED, 4).docks(RED, manpower=2).map(RED, garrison=ITALY).build()
    mars = [g.name for g in GODS].index("Mars")
    s = s.replace(gods=s.gods[:mars] + (GREEN,) + s.gods[mars + 1:])
    assert god_closed(s, RED, BUILDING_INDEX["Castra Peregrina"]) == "Mars is held by Green"


def test_the_reasons_agree_with_the_rules_in_random_games():
    """A reason exactly where the rules offer nothing: a building closed
    as a whole, a box, a building's god."""
    checked = 0
    for seed in range(6):
        s, rng = G.setup(4, None, seed), random.Random(seed)
        while not G.is_over(s) and checked < 400:
            if s.phase == "expansion" and not s.pending:
                seat = G.to_move(s)
                offered = placements(s, seat)
                for b in open_buildings(s):
                    name = BUILDINGS[b].name
                    here = [a for a in offered if a.building == name]
                    assert bool(building_closed(s, seat, b)) == (not here)
                    if not here:
                        continue
                    for number in range(1, 5):
                        assert bool(box_closed(s, seat, b, number)) == \
                            (not any(a.box == number for a in here)), (name, number)
                    linked = BUILDINGS[b].god
                    if linked and name != "Temple of Jupiter":
                        assert bool(god_closed(s, seat, b)) == \
                            (not any(a.god == linked for a in here))
                checked += 1
            s = G.play(s, rng.choice(G.legal(s)))
    assert checked >= 100


def test_the_table_lists_a_closed_box_greyed_at_its_place_never_per_rank():
    s = (expansion().villa(RED, 1, 2, 3, 4).docks(RED, gold=4)
         .senator("Basilica Aemilia", 2, BLUE, 2).build())
    places = building_places(s, RED, list(G.legal(s)))
    lines = [why for _, why in places if why]
    assert "Basilica Aemilia, box II — taken by Blue" in lines
    assert sum("box II — taken" in why for why in lines) == 1, "one line, not one per rank"
    basilica = [a.box for a, _ in places if a.building == "Basilica Aemilia"]
    assert basilica == sorted(basilica), "the taken box keeps its place among the boxes"
    assert all(a not in G.legal(s) for a, why in places if why)


def test_at_the_table_a_taken_box_stays_listed_greyed_with_who_took_it():
    """Issue 28: a box taken left the list without a word; now it is listed,
    greyed, and its digit says why instead of playing."""
    m = position(3, lambda s: first_placing(s) and any(
        code for boxes in s.boxes for code in boxes if 100 <= code < 200))

    async def go():
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            dead = [d for a, d in menu._shown if a in menu._dead]
            assert any(" — taken by " in d for d in dead), dead
            shown, greyed = numbered(G, m.view(0), 0)
            assert [a for a, _ in menu._shown] == shown and set(menu._dead) == greyed
            text = "\n".join(str(o.prompt) for o in menu.options.options)
            assert ": taken by " in text, "a one-row list: 'Basilica II: taken by Blue'"

    asyncio.run(go())


# ---------------------------------------------------------------- one-row labels
def test_a_label_too_long_for_its_row_keeps_its_start_and_its_end():
    from tui.widgets.actions import squeeze

    assert squeeze("Trade 2 Gold for 1 Wood", 30) == "Trade 2 Gold for 1 Wood", "fits: as it is"
    assert squeeze("I to Basilica Aemilia, box III (2 gold)", 30) == \
        "I to Basilic… box III (2 gold)"
    assert squeeze("Build Aquaeductus Magnus for 2 Wood (+2 PP)", 30).endswith("(+2 PP)")
    figlina = "Take Figlina (2 Clay; another taker would get 1 Clay)"
    assert squeeze(figlina, 30) == figlina[:29] + "…", "no short end: the start, as before"
    for label in ("IV senator leads 2 legions into Etruria by sea (Mare Nostrum)",
                  "x" * 50, "Move a Legion from your board to Macedonia"):
        assert len(squeeze(label, 30)) <= 30


def test_a_placement_s_short_form_keeps_rank_building_box_god_and_price():
    from tui.romans.labels import tight_label

    a = Senator(4, "Amphitheatrum Castrense", 3, "")
    label = G.describe(expansion().build(), a)
    assert tight_label(a, label, 34) == "IV→Amphithea. III: pay 1 material", "singular: it fits"
    assert tight_label(a, label, 32) == "IV→Amphithea. III: pay 1 mat.", "brief words"
    a = Senator(4, "Castra Praetoria", 3, "")
    assert tight_label(a, G.describe(expansion().build(), a), 34) == \
        "IV→Castra Pra III: pay 1 manpower", "a price, not a gain"
    a = Senator(2, "Basilica Aemilia", 4, "Mercury")
    assert tight_label(a, G.describe(expansion().build(), a), 31) == \
        "II→Basilica IV: pay 2 gold +Mer", "the god cut before the price turns to letters"
    assert tight_label(a, G.describe(expansion().build(), a), 28) == \
        "II→Basilica IV: pay g2 +Mer"
    assert tight_label(Senator(2, "Forum", 3, ""), "Forum, box III — taken by Blue", 30) == \
        "Forum III: taken by Blue"
    assert tight_label(Senator(1, "Servian Wall", 1, ""),
                       "Servian Wall — needs 1 material (have 0)", 39) \
        == "Servian Wall: needs 1 material (have 0)"
    assert tight_label(Senator(1, "Servian Wall", 1, ""),
                       "Servian Wall — needs 1 material (have 0)", 38) \
        == "Serv. Wall: needs 1 material (have 0)"
    god = "Basilica Aemilia with Mercury — no god: Italy not all yours (Etruria, Venetia)"
    assert tight_label(Senator(4, "Basilica Aemilia", 4, "Mercury"), god, 30) == \
        "Basilica +Mer ✗ needs Etr Ven", "the reason's key words, not the cut"



def entry_labels(width: int) -> list[tuple[str, str]]:
    """Every leader and Enemy nation of every Era card as the menu words
    it (alone, for the other player as with 2 players, greyed) and its
    one-row form in ``width``."""
    s = romans(4).at("leaders", 1).build()
    out = []
    for index, card in enumerate(ERA_CARDS):
        at = s.replace(card=index)
        make = Leader if hasattr(card, "leaders") else Nation
        for face in range(1, 7):
            label, other = G.describe(at, make(face, RED)), G.describe(at, make(face, BLUE))
            for a, text in ((make(face, RED), label), (make(face, BLUE), other),
                            (make(face, RED), f"{label} — blocked by the black die"),
                            (make(face, RED), f"{label} — taken")):
                out.append((text, tight_label(a, text, width)))
    return out


def test_a_leader_or_nation_in_one_row_keeps_every_number_of_its_entry():
    """80×24: "Numa Pompilius: army 3, 5 gold, bonus city" became "Numa
    Pompil… 5 gold, bonus city" (no army size), "Ancus Marcius… bonus
    fleet" (neither). Its short form keeps every number, the bonus piece,
    the fleet and the start, and the player it is for."""
    assert tight_label(Leader(2, RED), "Numa Pompilius: army 3, 5 gold, bonus city", 31) == \
        "Numa: army 3, 5 gold, +city"
    assert tight_label(Nation(3, RED), "Senones: 3 warbands from Venetia, general +1", 31) == \
        "Senones: 3w Ven gen+1"
    for width in (31, 40):
        for label, short in entry_labels(width):
            assert len(short) <= width, short
            what, _, why = label.partition(" — ")
            if why and ": " not in short:  # no room: a greyed line's name and reason
                assert short.endswith(" — blocked" if "black die" in why else why), short
                continue
            assert re.findall(r"\d+", short) == re.findall(r"\d+", what), (label, short)
            for word in ("city", "fort", "wall", "fleet", "Blue"):
                assert (word in short) == (word in what), (label, short)


def test_the_leaders_at_80x24_show_their_army_and_gold():
    m = position(1, lambda s: s.phase == "leaders" and not s.pending)

    async def go():
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            assert menu.options.has_class("-tight"), "the case: a one-row list"
            rows = [str(o.prompt) for o in menu.options.options]
            assert len(rows) == len(menu._shown) == 6
            for (a, _), row in zip(menu._shown, rows, strict=True):
                e = entries(m.state)[a.face - 1]
                if "(no place yet)" in menu._shown[rows.index(row)][1]:  # "+city→Villa"
                    assert re.search(f"army {e.max_army}, {e.gold}g,? \\+{e.bonus}(→Villa|✗)",
                                     row), row
                    continue
                assert f"army {e.max_army}, {e.gold} gold" in row, row

    asyncio.run(go())


def test_the_filter_matches_a_greyed_line_s_words_whatever_the_punctuation():
    """A walker typed a greyed line's words and read "nothing matches": the
    label's punctuation (a comma, a colon) and the row's shorter form
    ("Castra Pra: needs g2") were not the label's. The filter is the
    shared one (``ActionMenu._matches``)."""
    label = "Basilica Aemilia, box II — taken by Blue"
    assert ActionMenu._matches("Aemilia box II: taken", label)
    assert ActionMenu._matches("basilica aemilia, box ii, taken by blue", label)
    assert not ActionMenu._matches("Aemilia box III", label)
    assert not ActionMenu._matches("[", label), "a sign alone is still only a sign"
    m = position(1, lambda s: first_placing(s) and any(
        building_closed(s, 0, b).startswith("needs ") for b in open_buildings(s)))

    async def go():
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            assert menu._room is not None, "a one-row list at 80×24"
            dead = next(a for a, d in menu._shown if a in menu._dead and "(have " in d)
            row = menu.shorten(dead, menu._dead[dead], menu._room)
            assert row != menu._dead[dead]
            await pilot.press("/", *row.replace("…", ""))
            await pilot.pause()
            assert dead in [a for a, _ in menu._shown], (row, menu.filter.value)

    asyncio.run(go())
