"""The Romans: the gaps a walker of a fresh clone found (stop 36): what
unrest in Italy costs, a pair of Temple recruits against the supply, a
Temple roll's odds, a remote province's loss in whole words, the senator a
placement's detail names, a price read as a price, the Glory a province
is worth."""

from __future__ import annotations

import asyncio

from engine.flow import Pending
from engine.romans.actions import Benefits, GloryPick, PlaceUnrest, Senator
from engine.romans.data import GODS
from engine.romans.events import RemoteLost
from engine.romans.explain import god_chart
from engine.romans.state import INDEX, NATIONS, PLACES
from engine.romans.text import log_line
from tests.romans_helpers import RED, G, expansion, romans
from tests.test_romans_shown import scene_of
from tui.romans.about import about
from tui.romans.labels import tight_label

ITALY = ["Venetia", "Etruria", "Campania", "Apulia"]  # and Latium, held from the start


def _mask(*names: str) -> int:
    return sum(1 << INDEX[n] for n in names)


def test_unrest_in_italy_says_it_costs_your_god_before_the_choice():
    """"1 Unrest in Latium … 5 Unrest in Apulia", then the log: "Red (You)
    loses Mercury (unrest in Italy)"; no choice had said so."""
    s = expansion().map(RED, garrison=[*ITALY, "Gallia"]).build()
    gods = tuple(RED if g.name == "Mercury" else -1 for g in GODS)  # taken at the Basilica
    s = s.replace(gods=gods,
                  pending=(Pending("unrest", RED, (_mask("Latium", "Apulia", "Gallia"),)),))
    assert G.describe(s, PlaceUnrest("Latium")) == "Unrest in Latium: you lose Mercury"
    assert G.describe(s, PlaceUnrest("Gallia")) == "Unrest in Gallia", "not in Italy"
    detail = about(scene_of(s, RED), PlaceUnrest("Apulia"))
    assert detail.startswith("You lose Mercury (unrest in Italy). Unrest in Apulia: no revenue")
    assert "without a battle" in detail
    assert "lose" not in about(scene_of(s, RED), PlaceUnrest("Gallia"))
    assert about(scene_of(s, RED), PlaceUnrest("Latium")).endswith(
        "without a battle (Latium taken is the Fall of Rome: -5 points a warband left)")


def test_a_basilica_placement_with_a_god_says_italian_unrest_costs_it():
    """"I→Basilica Aemilia I: 2 gold +Mercury": its detail said nothing of
    the unrest it places in Italy, which sent Mercury back."""
    s = expansion().villa(RED, 1).map(RED, garrison=ITALY).build()  # all Italy: a god
    v = G.view(s, RED)
    basilica = next(a for a in G.legal(v) if isinstance(a, Senator)
                    and a.building == "Basilica Aemilia" and a.god == "Mercury")
    detail = about(scene_of(s, RED), basilica)
    assert "in Italy it costs you your god Mercury (all you can collect from are in Italy)" \
        in detail


def test_a_pair_of_temple_recruits_says_the_supply_left_for_the_second():
    """"B5+3: 10 legions, 7 legions" recruited 10, then 2: the label said
    nothing of the cap where a single recruit says "(7 left)"."""
    from engine.romans.empire import legion_supply

    s = expansion().map(RED, garrison=["Gallia"]).barracks(RED, 4).build()
    left = legion_supply(s.players[RED])
    assert 10 <= left < 17
    s = s.replace(pending=(Pending("benefits", RED, ("Mars", 8)),))
    label = G.describe(s, Benefits(5, 3))
    assert label == ("Benefits 5: recruit 10 legions; then 3: recruit 7 legions "
                     f"(only {left - 10} left in the supply by then)")
    assert tight_label(Benefits(5, 3), label, 40) == \
        f"B5+3: 10 legions, 7 legions (only {left - 10} left)"


def test_a_temple_placement_gives_each_benefits_odds_in_words():
    """"roll the die + 3: … 5 recruit 10 legions" gave the chart, not the
    odds; "Vesta: 1 build pieces worth up to 2 gold" read as one phrase."""
    chart = god_chart("Mars", 3)
    assert chart.startswith("Mars's chart, score 4-9 (1 in 6 each;")
    assert "1: recruit 3 legions (sure)" in chart
    assert "5: recruit 10 legions (5 in 6)" in chart
    assert "6: 2 points per legion outside Italy (stand-in; 4 in 6)" in chart
    assert "— 1: build pieces worth up to 2 gold, free (stand-in) · " in god_chart("Vesta")
    assert " · 6: 1 point per city and per fortification" in god_chart("Vesta")


def test_a_remote_province_lost_says_what_goes_whole():
    """"Red (You) loses Mesopotamia: its garrison and pieces go" stopped
    mid-way."""
    s = expansion().build()
    line = str(log_line(s, RemoteLost(RED, PLACES.index("Mesopotamia"))))
    assert line.endswith("loses Mesopotamia: its legion, cities and fortifications go back "
                         "to the supply, and a Native force holds it again")


def test_a_placement_s_detail_names_the_senator_and_its_label_the_price():
    """"IV→Castra Per III" and "III→Castra Per III" read the same under the
    map (the walker placed their IV by mistake); "II→Castra Peregrina II: 1
    manpower" read as a gain."""
    s = expansion().villa(RED, 3, 4).build()
    v = G.view(s, RED)
    mine = [a for a in G.legal(v) if isinstance(a, Senator)
            and a.building == "Castra Peregrina" and a.box == 3]
    details = {about(scene_of(s, RED), a) for a in mine}
    assert len(mine) == 2 and len(details) == 2
    assert any(d.startswith("Your IV senator to Castra Peregrina III: ") for d in details)
    two = Senator(2, "Castra Peregrina", 2, "")
    assert tight_label(two, G.describe(s, two), 60) == "II→Castra Peregrina II: pay 1 manpower"


def test_a_glory_province_choice_gives_its_glory():
    """Choosing "Glory in X" (die 6) gave only the province."""
    s = romans(4).at("expansion", 2).build()
    detail = about(scene_of(s, RED), GloryPick("Gallia"))
    assert detail.startswith("Glory in Gallia: conquering it, or building or converting a city "
                             "there, scores Glory +")
    assert "1 less per player who earns Glory before you" in detail


def _nations(s) -> bool:
    return s.phase == NATIONS and not s.pending and s.era >= 2


def test_an_enemy_nation_s_preview_fits_under_the_map_at_80x24():
    """"…if it wins every battle it takes Macedonia →" and the rest hidden
    at 80×24, no key scrolling it: the preview takes fewer words and the
    map's tags there, the route left to the "If chosen:" line, every figure
    kept and the whole on screen."""
    from tests.test_romans_tui import position
    from tests.test_tui_hostile import screen_text
    from tests.test_tui_support import app_for, settle
    from tui.romans.board import RomansBoard, tight_preview

    async def run() -> None:
        app = app_for(position(3, _nations, n=1))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            board = app.screen.query_one(RomansBoard)
            seen = set()
            for _ in range(8):
                shown = screen_text(app)
                text = tight_preview(board.about)
                if "loss" in text:
                    seen.add(text)
                    under = "\n".join(line[:44] for line in shown.splitlines())
                    assert "If chosen: Enemy army" in under, under
                    assert text.split()[-1] in under.split(), (text, under)
                    assert "future points" not in text and " · route " not in text
                await pilot.press("down")
                await settle(pilot)
            assert len(seen) >= 3

    asyncio.run(run())
    assert tight_preview("on Blue's map · expected loss 16.6 future points · first attack on "
                         "Venetia, which holds each roll 17%, falls 100% in all · target "
                         "Latium · route Venetia → Etruria → Latium · its fleet enters Mare "
                         "Adriaticum · if it wins every battle it takes Venetia → Etruria → "
                         "Latium (the Fall of Rome)") == (
        "Blue's map · loss 16.6 pts · 1st attack Ven: holds a roll 17%, falls 100% · "
        "fleet→Adr · wins all: takes Ven→Etr→Lat (Fall of Rome)")


def test_the_docks_letters_and_the_results_heads_read_in_words():
    """"Docks m1 v2 t2 g4" (t: materials), "Play Christ. Items" over the
    results and "Serv. Wall: needs t1" made a player guess: words where
    there is room (the wide side panel, the results), the letters' legend
    where there is not (the narrow City of Rome, the ? keys)."""
    from engine.romans.scoring import LABELS
    from tui.romans import look
    from tui.romans.city import city_lines
    from tui.romans.table import RomansUI

    assert dict(LABELS)["christian"] == "Christian" and dict(LABELS)["play"] == "In play"
    assert look.docks_long((1, 2, 2, 4)) == "1 manpower, 2 victuals, 2 materials, 4 gold"
    assert look.docks_long((0, 0, 1, 12)) == "1 material, 12 gold"
    assert look.docks_long((0, 0, 0, 0)) == "empty"
    s = expansion().build()
    narrow = city_lines(scene_of(s, RED), False)
    assert any("m manpower v victuals t materials g gold" in line for line in narrow)
    assert "t materials, g gold" in RomansUI.notes


def test_a_build_box_says_the_gold_it_can_spend_now():
    """"buy pieces with up to 6 of your gold" with 2 gold held: the detail
    gave no "now" figure, as every other box does."""
    from engine.romans.explain import box_text

    s = expansion().docks(RED, gold=2, materials=1).build()
    text = box_text("Servian Wall", 2, "", s.players[RED])
    assert text.endswith("; now 2 gold to spend, all you hold"), text
