"""Issue 28 walk-through of Provincia Romana: every choice says what it gains
before it is taken (Senate cards, Commercium with no Clay, an activation
after the last battle, Consuetudo's pick), the hand-limit prompt says why
Horreum is not offered, and the production line reads right for "You"."""

from __future__ import annotations

import pytest

from engine import get_game
from engine.provincia import events as ev
from engine.provincia.actions import Activate, Take
from engine.provincia.scenario import Scenario, card
from engine.provincia.text import log_line, prompt
from tui.provincia.labels import tight_label

GAME = get_game("provincia")


def labels(s) -> list[str]:
    return [GAME.describe(s, a) for a in GAME.legal(s)]


def test_senate_labels_say_the_gain_beside_the_price():
    s = (Scenario(players=2).city(0, "Arelate")
         .hand(0, "Patronus", "Gloria VI", "Legio", "Consuetudo")
         .resources(0, clay=0, wood=2, stone=3, gold=9).at_phase("play"))
    got = labels(s)
    assert "Play Patronus for 1 Gold (+2 Wood)" in got
    assert "Play Gloria VI for 2 Gold (+6 PP at game end)" in got
    assert "Play Legio for 2 Gold (+1 Defense)" in got
    assert "Play Consuetudo for 2 Gold (take 1 of the top 10 Aedificium cards)" in got
    # one row at 80x24 keeps price and gain
    tight = [tight_label(a, GAME.describe(s, a), 31) for a in GAME.legal(s)]
    assert "Play Gloria VI 2G +6PP at end" in tight
    assert "Play Patronus for 1G (+2W)" in tight


def test_a_lower_gloria_says_it_adds_nothing():
    s = (Scenario(players=2).city(0, "Arelate").hand(0, "Gloria III")
         .spqr(0, "Gloria V").resources(0, gold=5).at_phase("play"))
    assert "Play Gloria III for 2 Gold (adds nothing: your Gloria with +5 PP counts)" \
        in labels(s)


def test_commercium_without_clay_says_it_gains_nothing_now():
    base = Scenario(players=2).city(0, "Arelate").hand(0, "Commercium")
    none = base.resources(0, clay=0, wood=2, stone=2, gold=0).at_phase("play")
    assert "Play Commercium (gains nothing now: no Clay to exchange)" in labels(none)
    some = base.resources(0, clay=2, wood=2, stone=2, gold=0).at_phase("play")
    assert "Play Commercium (then exchange 1 Clay for 1 Wood and 1 Stone)" in labels(some)


def test_a_defense_activation_after_the_last_battle_says_no_battle_left():
    s = (Scenario(players=2).city(0, "Massilia").built(0, ("Turris", False), ("Villa", False))
         .at_phase("activate", round=6))
    got = {GAME.describe(s, a) for a in GAME.legal(s) if isinstance(a, Activate)}
    assert "Activate Turris (1 PP): +1 Defense — no battle left: gains nothing" in got
    assert "Activate Villa (1 PP): +1 Gold, +1 Morale" in got
    earlier = (Scenario(players=2).city(0, "Massilia").built(0, ("Turris", False))
               .at_phase("activate", round=4))
    assert [GAME.describe(earlier, a) for a in GAME.legal(earlier)
            if isinstance(a, Activate)] == ["Activate Turris (1 PP): +1 Defense"]


def test_consuetudo_pick_shows_cost_pp_and_a_unique_building_built():
    s = (Scenario(players=2).city(0, "Arelate").hand(0, "Consuetudo")
         .built(0, "Amphitheatrum").resources(0, gold=3)
         .deck("aedificium", ["Amphitheatrum", "Turris"]).at_phase("play"))
    play = next(a for a in GAME.legal(s) if "Consuetudo" in GAME.describe(s, a))
    s = GAME.play(s, play)
    got = {GAME.describe(s, a) for a in GAME.legal(s) if isinstance(a, Take)}
    assert "Take Turris into your hand (1 Wood; +2 PP)" in got
    assert ("Take Amphitheatrum into your hand (3 Clay, 6 Stone; +8 PP)"
            " — unique, already built") in got


def test_the_hand_limit_prompt_says_horreum_cannot_be_discarded():
    s = (Scenario(players=2).city(0, "Arelate")
         .hand(0, "Horreum", "Turris", "Turris", "Villa", "Legio", "Patronus", "Praetor")
         .at_phase("play"))
    while not (s.pending and s.pending[-1].kind == "discard"):
        s = GAME.play(s, next(a for a in GAME.legal(s) if a[0] == "done"))
    assert prompt(s).endswith("discard down to 5 cards (you cannot discard your Horreum)")
    assert card("Horreum") not in {a.card for a in GAME.legal(s)}


def test_production_line_has_no_possessive_after_a_seat():
    s = Scenario(players=2).city(0, "Tolosa").at_phase("play")
    line = log_line(s, ev.Produced(0, (0, 0, 1, 0)))
    assert line.text == "Buildings produce 1 Stone for Tolosa."
    assert line.parts[-2] == ("Tolosa", 0)


def test_a_one_row_list_writes_prestige_one_way():
    """"Build Turris for 1 Wood (+2 PP)" fit a row and kept its long form
    beside "Build Lignator for 1 Gold +2PP": one list, two forms."""
    assert tight_label((), "Build Turris for 1 Wood (+2 PP)", 31) == \
        "Build Turris for 1 Wood +2PP"
    assert tight_label((), "Build Lignator for 1 Gold (+2 PP)", 31) == \
        "Build Lignator for 1 Gold +2PP"
    assert tight_label((), "Play Praetor (no tax this round: no -2 PP)", 31) == \
        "Play Praetor, no tax: no -2PP"


def test_consuetudo_picks_read_alike_in_a_row():
    assert tight_label((), "Take Turris into your hand (1 Wood; +2 PP)", 31) == \
        "Take Turris 1W +2PP"
    assert tight_label((), "Take Colosseum into your hand (1 Clay, 7 Stone, 2 Gold; +9 PP)"
                       " — unique, already built", 40) == "Take Colosseum 1C 7S 2G +9PP, built"


def test_a_consuetudo_pick_keeps_to_one_row_with_its_name_and_why():
    """"Take Circus 2C 2W 9S 1G +12PP, built" was 37 columns in a row of 31
    (80×24), and the menu's cut lost ", built". Every pick of every card
    fits: one that cannot be built now keeps its name, PP and why (the
    price goes first: the detail has it), another its name and every
    number (the name loses letters)."""
    from engine.provincia.data import CARDS, Aedificium
    from engine.provincia.text import amount

    assert tight_label((), "Take Colosseum into your hand (1 Clay, 7 Stone, 2 Gold; +9 PP)"
                       " — unique, already built", 31) == "Take Colosseum +9PP, built"
    assert tight_label((), "Take Fornax Lateris into your hand (1 Wood, 1 Stone, 1 Gold; "
                       "+2 PP)", 31) == "Take Fornax Late… 1W 1S 1G +2PP"
    notes = {"": None, " — unique, already built": ", built",
             " — Pons city: never built": " ✗ never"}
    for aed in {c.name: c for c in CARDS if isinstance(c, Aedificium)}.values():
        for note, mark in notes.items():
            label = (f"Take {aed.name} into your hand ({amount(aed.cost)}; "
                     f"+{aed.award} PP){note}")
            got = tight_label((), label, 31)
            assert len(got) <= 31, got
            assert got.startswith(f"Take {aed.name[:4]}") and f"+{aed.award}PP" in got, got
            if mark:
                assert got.endswith(mark), got
            else:
                assert all(f"{n}{r[0]}" in got for n, r in
                           zip(aed.cost, ("Clay", "Wood", "Stone", "Gold"), strict=True)
                           if n), got


def test_the_hand_marks_a_commercium_that_gains_nothing_not_now_with_why():
    """The action says "gains nothing now: no Clay to exchange"; the hand
    marked the same card ● playable (and "free"), offering it as a good
    free play. It is marked · with the reason, in the list line as shown."""
    import asyncio

    from textual.app import App
    from textual.content import Content

    from engine.match import Seat
    from tui.provincia.hand import Hand
    from tui.provincia.look import looks
    from tui.provincia.reasons import NOT_NOW, PLAYABLE, verdict
    from tui.widgets.scene import Scene

    base = (Scenario(players=2).city(0, "Arelate").hand(0, "Commercium", "Gloria III")
            .spqr(0, "Gloria V"))
    none = base.resources(0, clay=0, wood=2, stone=2, gold=3).at_phase("play")
    some = base.resources(0, clay=2, wood=2, stone=2, gold=3).at_phase("play")
    commercium, gloria = card("Commercium"), card("Gloria III")
    assert verdict(none, 0, commercium) == (NOT_NOW, "no Clay: gains nothing now")
    assert verdict(some, 0, commercium) == (PLAYABLE, "")
    # a Gloria below the seat's own adds nothing, as its action says
    assert verdict(none, 0, gloria) == (NOT_NOW, "adds nothing: your +5 PP Gloria counts")
    # a second Commercium in the turn one is in effect
    twice = base.hand(0, "Commercium", "Commercium").resources(0, clay=2).at_phase("play")
    on = GAME.play(twice, next(a for a in GAME.legal(twice)
                               if "Commercium" in GAME.describe(twice, a)))
    assert on.commerce and verdict(on, 0, commercium) == (NOT_NOW,
                                                          "already on this turn: gains nothing")

    seats = (Seat("You"), Seat("Bot", "random"))

    class One(App):
        def compose(self):
            yield Hand(id="hand")

    async def go():
        app = One()
        async with app.run_test(size=(80, 24)) as pilot:
            hand = app.query_one(Hand)
            hand.show(Scene(GAME, none, 0, seats, looks(none, seats), lambda k: None))
            await pilot.pause()
            cards = app.query_one("#hand-cards")
            lines = [Content.from_markup(str(cards.get_option_at_index(i).prompt)).plain
                     for i in range(cards.option_count)]
            line = next(ln for ln in lines if "Commercium" in ln)
            assert line.startswith(NOT_NOW) and "no Clay: no gain" in line  # the row's short form

    asyncio.run(go())


def _prices(label: str) -> list[str]:
    """A label's price in the row's letters: "1 Wood, 1 Stone" → 1W, 1S."""
    import re
    return [f"{n}{r[0]}" for n, r in re.findall(r"(\d+) (Clay|Wood|Stone|Gold)\b", label)]


def test_a_row_too_narrow_for_the_name_keeps_the_price():
    """At 80×24 "Build Fornax Lateris 1W 1S 1G +2PP, tax -2PP" had no room
    for four letters of the name, the menu's squeeze cut the middle and
    the price went ("Build Fornax Lateris… tax -2PP"); Corruptio's lost two
    of its three resources. The tax warning shortens, then the verb goes,
    then the gain: the price stays at every width of the row."""
    import re
    fornax = ("Build Fornax Lateris for 1 Wood, 1 Stone, 1 Gold (+2 PP)"
              " — leaves no Gold for the tax (-2 PP)")
    assert tight_label((), fornax, 31) == "Fornax… 1W 1S 1G +2PP, tax -2PP"
    assert tight_label((), fornax, 28) == "Fornax… 1W 1S 1G +2PP, tax!"
    corruptio = "Play Corruptio paying 1 Clay, 1 Wood, 1 Stone (you never pay taxes again)"
    assert tight_label((), corruptio, 28) == "Corru… 1C 1W 1S: no tax ever"
    for label in (fornax, corruptio,
                  "Play Corruptio paying 1 Wood, 2 Stone (you never pay taxes again)",
                  "Build Fornax Lateris for 1 Gold (+2 PP) — leaves no Gold for the tax (-2 PP)",
                  "Build Aquaeductus for 1 Clay, 3 Wood, 3 Stone, 1 Gold (+7 PP)"
                  " — leaves no Gold for the tax (-2 PP)"):
        for width in range(24, 32):
            row = tight_label((), label, width)
            assert len(row) <= width, (width, row)
            assert all(p in re.findall(r"\d+[CWSG]\b", row) for p in _prices(label)), (width, row)


def test_commercium_s_exchange_keeps_its_verb_in_a_row():
    """At 80×24 the exchange read "1C 1W and 1S (Commercium)": cut as if
    "1C" were a card's name, the verb and the direction went. It reads as
    the card's play does ("Play Commercium: 1C→1W, 1S")."""
    label = "Exchange 1 Clay for 1 Wood and 1 Stone (Commercium)"
    assert tight_label((), label, 31) == "Commercium: exchange 1C→1W, 1S"
    assert tight_label((), label, 60) == label


def test_consuetudos_put_back_says_which_end_of_the_deck():
    """"Put Pons next on the deck" and "Put the rest back in this order"
    left a player guessing which end "next" was: the first card put back
    is the top (drawn first), the next one under it."""
    from engine.provincia.actions import Keep, Order
    from engine.provincia.data import AEDIFICIUM

    s = (Scenario(players=2).city(0, "Forum Julii").hand(0, "Consuetudo").resources(0, gold=3)
         .deck("aedificium", ["Pons", "Portus", "Turris"]).at_phase("play"))
    s = GAME.play(s, next(a for a in GAME.legal(s) if "Consuetudo" in GAME.describe(s, a)))
    s = GAME.play(s, next(a for a in GAME.legal(s) if isinstance(a, Take)
                          and GAME.describe(s, a).startswith("Take Portus")))
    said = {GAME.describe(s, a): a for a in GAME.legal(s)}
    assert "Put Pons on top of the deck" in said and "Put Turris on top of the deck" in said
    assert "Put the rest back as listed, top first" in said
    assert isinstance(said["Put the rest back as listed, top first"], Keep)
    s = GAME.play(s, said["Put Turris on top of the deck"])
    said = {GAME.describe(s, a): a for a in GAME.legal(s)}
    assert isinstance(said.get("Put Pons 2nd from the top of the deck"), Order), said
    assert tight_label((), "Put Pons 2nd from the top of the deck", 31) == \
        "Put Pons 2nd from the top"
    while s.pending:
        s = GAME.play(s, next(a for a in GAME.legal(s) if isinstance(a, Keep)))
    assert s.decks[AEDIFICIUM].cards[:2] == (card("Turris"), card("Pons"))


@pytest.mark.parametrize("label, row", [
    ("Destroy Horreum (-0 PP): storage 9→5, 4 Stone lost", "Horreum: storage 9→5, 4S lost"),
    ("Destroy Horreum (-0 PP): storage 9→5, 4 Wood, 4 Stone lost",
     "Horreum: storage 5, 4W 4S lost"),
    ("Destroy Fodina (-2 PP): no more 1 Stone a round", "Destroy Fodina -2PP: -1S/round"),
    ("Destroy Aquaeductus (-10 PP): no more +1 Morale a round",
     "Aquaeductus -10PP: -1 Mor/round"),
    ("Destroy Amphitheatrum (-8 PP): no more +1 Morale a round",
     "Amphitheatr… -8PP: -1 Mor/round"),
    ("Destroy Carchesium (-2 PP): no more discount", "Carchesium -2PP: no discount"),
    ("Destroy Stabulum (-2 PP): Military -1", "Destroy Stabulum -2PP: Mil -1"),
    ("Destroy Turris (inactive) (-2 PP)", "Destroy Turris (inactive) -2PP"),
])
def test_a_building_to_lose_keeps_its_loss_in_a_row(label, row):
    """After a lost battle the menu's cut made "Destroy Horreum -… 9→5, 4S
    lost" (the storage and the PP gone) and "Destroy Fodina -2PP… 1S a
    round" (what the 1S was, gone): every part of the loss stays, short."""
    assert tight_label((), label, 31) == row
    assert len(row) <= 31


@pytest.mark.parametrize("label, row", [
    ("Play Commercium (gains nothing now: no Clay to exchange)", "Commercium: nothing, no Clay"),
    ("Play Commercium (gains nothing: already in effect this turn)",
     "Commercium: nothing, already on"),
    ("Play Aediles to save the building", "Play Aediles: save the building"),
    ("Play Aediles to save the building (2 Gold)", "Aediles 2G: save the building"),
    ("Play Praetor (spares nothing: you pay no tax this round)",
     "Play Praetor: no tax due anyway"),
])
def test_a_card_that_gains_nothing_says_why_in_a_row(label, row):
    """The menu's cut made "Play Commerci… nothing, no Clay", "Play
    Aediles to save the build…" and "Play Praetor (spares nothing: …"
    (why gone) at 80×24."""
    assert tight_label((), label, 31) == row


def test_a_second_corruptio_is_marked_as_gaining_nothing():
    """With Corruptio already in the city, the hand showed "●Corruptio" and
    the list offered "Play Corruptio 3S: no tax ever": it gains nothing, as
    a Praetor there says (fix 36b walk). A Concussio taxes through it too."""
    from tui.provincia.reasons import NOT_NOW, PLAYABLE, verdict

    base = (Scenario(players=2).city(0, "Arelate").hand(0, "Corruptio")
            .resources(0, clay=1, wood=1, stone=3, gold=0))
    first = base.at_phase("play")
    second = base.spqr(0, "Corruptio").at_phase("play")
    corruptio = card("Corruptio")
    assert verdict(first, 0, corruptio) == (PLAYABLE, "")
    assert verdict(second, 0, corruptio) == (NOT_NOW, "no gain: Corruptio in play")
    got = [g for g in labels(second) if "Corruptio" in g]
    assert got and all(g.endswith("(gains nothing: Corruptio already in play)") for g in got)
    assert all("never pay" not in g for g in got)
    rows = {tight_label((), g, 31) for g in got}
    assert all(r.endswith(": nothing") and len(r) <= 31 for r in rows), rows
    assert all(g.endswith("(you never pay taxes again)") for g in labels(first)
               if "Corruptio" in g)
    taxed = second.replace(players=tuple(
        pl.replace(spqr=(), concussio=True) if i == 0 else pl
        for i, pl in enumerate(second.players)))
    assert verdict(taxed, 0, corruptio) == (NOT_NOW, "no gain: Concussio taxes you")
    assert all("Concussio taxes you all the same" in g for g in labels(taxed) if "Corruptio" in g)
