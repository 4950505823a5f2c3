"""Provincia shows what a choice risks before it is made (issue 28, the
walkers' gaps): a battle token's label says whose strength it moves and
the Gauls it meets, the battle panel what falling to each card the round
may draw would cost; a building's destruction says what is lost with it;
the coming tax is said before the choices that spend the Gold for it."""

from __future__ import annotations

import asyncio
import random

import pytest
from textual.content import Content

from engine.match import Match
from engine.provincia.battle import apply_penalty, foreseen, stack, strength
from engine.provincia.data import BELLA, CARDS, GOLD, TOKEN_VALUES, TOKENS_PER_COLOUR
from engine.provincia.events import Lost, MoraleLost, PrestigeChanged
from engine.provincia.scenario import Scenario
from engine.provincia.state import BATTLE, PLAY, SELECT
from engine.provincia.text import bellum_text, describe, foreseen_text
from engine.provincia.upkeep import taxed
from tests.test_tui_narrow import region_rows
from tests.test_tui_support import SEATS, app_for, play_until, settle
from tui.provincia.battle import BattlePanel

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py


def tokens_step(seed: int) -> Match:
    return play_until(lambda s: s.phase == BATTLE and s.step == "tokens", seed)


def test_a_tokens_label_says_whose_strength_it_moves_and_the_gauls():
    """"Play battle token -2 red" said neither whom it hurts nor by how much
    against what: now "-2 red: Narbo Martius 5→3, Gauls 3-4"."""
    m = tokens_step(5)
    v = m.view(0)
    attacks = sorted({BELLA[c].attack for c in stack(v, v.round)})
    gauls = f"{attacks[0]}-{attacks[-1]}" if len(attacks) > 1 else str(attacks[0])
    for a in m.game.legal(v):
        t = a.token
        who = next(p for p in range(v.n) if v.players[p].city == t // TOKENS_PER_COLOUR)
        base = strength(v.players[who])
        name = "you" if who == 0 else m.game.seat_label(v, who)
        after = base + TOKEN_VALUES[t % TOKENS_PER_COLOUR]
        assert describe(v, a).endswith(f": {name} {base}→{after}, Gauls {gauls}"), describe(v, a)


def penalty_paid(s, seat: int, card: int) -> tuple:
    """What ``apply_penalty`` takes from ``seat`` for ``card``, read from
    its events and the decision it opens."""
    w = s.thaw()
    w.events = []
    b = BELLA[card]
    apply_penalty(w, seat, b.penalty, b.either)
    out = []
    for e in w.events:
        if isinstance(e, Lost):
            out.append(("lose", e.amount))
        elif isinstance(e, PrestigeChanged):
            out.append(("lose_pp", -e.delta))
        elif isinstance(e, MoraleLost):
            out.append(("lose_morale", e.amount))
    out += [("destroy", pd.data.building) for pd in w.pending]
    return tuple(sorted(out, key=repr))


@pytest.mark.parametrize("seed", range(1, 9))
def test_the_foreseen_penalty_is_the_one_paid(seed):
    """For every card of the round's stack and every seat, what the panel
    says a fall would cost is what the rules then take."""
    rng = random.Random(seed)
    m = Match("provincia", SEATS, seed)
    seen = 0
    while not m.is_over():
        s = m.state
        if s.phase == BATTLE and s.step == "tokens":
            for seat in range(s.n):
                for c in stack(s, s.round):
                    assert tuple(sorted(foreseen(s, seat, c), key=repr)) == \
                        penalty_paid(s, seat, c), (seed, seat, BELLA[c].name)
                    seen += 1
        m.play(rng.choice(m.game.legal(m.view(m.to_move()))))
    assert seen


def test_the_printed_penalty_reads_as_the_card():
    by_name = {BELLA[c].name: c for c in range(len(BELLA))}
    assert bellum_text(by_name["II-a"]) == "destroy 1 Production or Defense building"
    assert bellum_text(by_name["III-c"]) == "destroy 1 Production building and lose 2 Clay"
    assert bellum_text(by_name["III-d"]) == "lose 3 Stone / lose 3 Gold"


def test_the_foreseen_penalty_names_the_buildings_at_stake():
    s = (Scenario(players=3).built(0, "Fodina", "Stabulum").resources(0, gold=1, wood=0)
         .bellum("II-d").at_phase("battle", round=2))
    ids = {BELLA[c].name: c for c in stack(s, 2)}
    assert foreseen_text(s, 0, ids["II-a"]) == "lose Horreum or Fodina"
    assert foreseen_text(s, 0, ids["II-b"]) == "lose Stabulum"
    assert foreseen_text(s, 0, ids["II-d"]) == "lose 2 PP"  # no Wood, 1 Gold: the fallback


def panel_text(app) -> str:
    return Content.from_markup(str(app.screen.query_one(BattlePanel).render())).plain


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_battle_panel_shows_the_price_of_falling_before_the_token(size):
    """Before the Bellum is turned the panel said "Gauls ?" and nothing of
    the penalty: now the Gauls' range and, for each card the round may
    draw, what falling to it costs you; each token's row says its effect."""
    m = tokens_step(5)
    v = m.view(0)

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            text = panel_text(app)
            assert "If you fall" in text, text
            for c in stack(v, v.round):
                line = f"{BELLA[c].attack} {BELLA[c].name} {foreseen_text(v, 0, c)}"
                assert line in " ".join(text.split()), (line, text)
            listed = "\n".join(region_rows(app, app.screen.query_one("#action-list")))
            assert "you " in listed and "→" in listed, listed

    asyncio.run(go())


def losing_the_horreum(res: tuple[int, int, int, int]):
    """Seat 0 has lost a Bellum II-a battle holding ``res`` and only the
    Horreum to give: the state asking which building goes."""
    from tests.provincia_helpers import at, position

    s = at(4, BATTLE, 2, seed=6)
    s = position(s, {0: {"res": res, "morale": 1, "defense": -3, "hand": []},
                     **{p: {"morale": 10, "defense": 3} for p in (1, 2, 3)}},
                 bellum_card="II-a")
    game = Match("provincia", SEATS, 6).game
    while not (s.pending and s.pending[-1].seat == 0):
        s = game.play(s, game.legal(s)[0])
    return s, game


def test_destroying_the_horreum_says_the_storage_and_the_goods_lost():
    """"Destroy Horreum (-0 PP)" hid that the city then holds 5, not 9, of
    each resource and that the goods above 5 go back to the supply: the
    label now says both, with the amounts the rules then take."""
    s, game = losing_the_horreum((9, 7, 5, 20))
    labels = [describe(s, a) for a in game.legal(s)]
    assert labels == ["Destroy Horreum (-0 PP): storage 9→5, 4 Clay, 2 Wood lost"], labels
    after = game.play(s, game.legal(s)[0])
    assert after.players[0].res[:3] == (5, 5, 5)
    s, game = losing_the_horreum((1, 2, 0, 0))
    assert [describe(s, a) for a in game.legal(s)] == \
        ["Destroy Horreum (-0 PP): storage 9→5, nothing held above it"]


def test_destroying_a_building_says_what_it_gave():
    from engine.provincia.actions import Destroy
    from engine.provincia.data import CARD_ID

    s = Match("provincia", SEATS, 1).state
    assert describe(s, Destroy(CARD_ID["Fodina"], True)) == \
        "Destroy Fodina (-2 PP): no more 1 Stone a round"
    assert describe(s, Destroy(CARD_ID["Stabulum"], True)) == \
        "Destroy Stabulum (-2 PP): Military -1"
    assert describe(s, Destroy(CARD_ID["Statio"], False)) == \
        "Destroy Statio (inactive) (-2 PP)"  # an inactive building gave nothing yet


def spending_position(gold: int, **kw):
    """Seat 0 in round 2's Play Cards holding ``gold`` Gold and a Praetor."""
    sc = Scenario(players=3).hand(0, "Praetor", "Turris").resources(0, gold=gold, wood=1)
    for seat, cards in kw.items():
        sc = sc.spqr(int(seat[1:]), *cards)
    return sc.at_phase("play", round=2, seat=0)


def test_spending_the_last_gold_before_the_tax_says_it_costs_2_pp():
    """Trading away the last Gold in Play Cards cost 2 PP at the tax in
    Phase 4, which nothing on the table said: the label says it; a seat
    spared the tax (Corruptio), or keeping a Gold, sees no warning."""
    from engine.provincia.actions import Trade
    from engine.provincia.data import STONE

    warn = " — leaves no Gold for the tax (-2 PP)"
    assert describe(spending_position(2), Trade(STONE)) == f"Trade 2 Gold for 1 Stone{warn}"
    assert describe(spending_position(3), Trade(STONE)) == "Trade 2 Gold for 1 Stone"
    spared = spending_position(2, s0=("Corruptio",))
    assert describe(spared, Trade(STONE)) == "Trade 2 Gold for 1 Stone"


def test_praetor_says_what_it_spares():
    from engine.provincia.actions import Play
    from engine.provincia.data import CARD_ID

    praetor = Play(CARD_ID["Praetor"], -1)
    assert describe(spending_position(2), praetor) == \
        "Play Praetor (no tax this round: keeps 1 Gold)"
    assert describe(spending_position(0), praetor) == "Play Praetor (no tax this round: no -2 PP)"


def test_the_hand_warns_of_the_tax_a_seat_without_gold_cannot_pay():
    """With no Gold before Phase 4 the hand says the tax will cost 2 PP
    (at 80×24 too), while an Opes card could still bring Gold."""
    async def go(m, size) -> str:
        app = app_for(m)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            hand = region_rows(app, app.screen.query_one("#hand"))
            return " ".join(" ".join(hand).replace("│", " ").split())

    for phase in (SELECT, PLAY):  # the Opes row (a card with Gold), Play Cards
        m = play_until(lambda s, ph=phase: s.phase == ph and s.players[0].res[GOLD] == 0
                       and taxed(s.players[0]), 5)
        for size in ((80, 24), (120, 40)):
            text = asyncio.run(go(m, size))
            assert "tax: -2 PP" in text.replace("the tax:", "tax:"), (phase, size, text)
    m = play_until(lambda s: s.phase == PLAY and s.players[0].res[GOLD] > 0, 5)
    assert "tax: -2 PP" not in asyncio.run(go(m, (120, 40))).replace("the tax:", "tax:")


def test_each_deck_says_what_it_holds():
    """"Draw from the Opes deck" meant nothing to a new player: each deck
    says what it holds, in the rulebook's words."""
    from engine.provincia.actions import DECKS

    s = Scenario(players=3).at_phase("select")
    assert [describe(s, a) for a in DECKS] == [
        "Draw from the Opes deck (resources at once; you get the Quaestor's share)",
        "Draw from the SPQR deck (Senate cards)",
        "Draw from the Aedificium deck (buildings)"]


def test_opes_and_bellum_are_in_the_rulebooks_reference():
    """Searching the rules for Opes or Bellum found only the rulebook's
    scattered lines: its reference section now says what each is and lists
    every card (each Bellum card with its Gauls and penalty)."""
    from tui.screens.rules import find_all, rulebook_text

    text = rulebook_text("provincia")
    assert find_all(text, "Opes (Production): resource production cards")
    assert find_all(text, "Bellum (Battles): these cards determine the attack strength")
    for b in BELLA:
        assert find_all(text, f"{b.name}: Gauls {b.attack}; "), b.name
    assert find_all(text, "Vectigal — Opes, played at once when taken.")
    assert find_all(text, "Horreum — Production building")


def test_the_keys_help_says_what_opes_and_bellum_are():
    from tests.test_tui_support import help_text

    m = play_until(lambda s: s.phase == SELECT and s.draft is None, 5)

    async def go() -> str:
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            return await help_text(app, pilot)

    text = asyncio.run(go())
    assert "Opes (Production): the resource cards" in text, text
    assert "Bellum (Battles): each battle round's card" in text, text


def test_a_deck_in_a_row_keeps_what_it_holds_or_why_it_is_greyed():
    from tui.provincia.labels import tight_label

    opes = "Draw from the Opes deck (resources at once; you get the Quaestor's share)"
    assert tight_label((), opes, 31) == "Opes deck (resources at once)"
    spqr = "Draw from the SPQR deck (Senate cards) — no action markers left this round"
    assert tight_label((), spqr, 31) == "SPQR deck — no markers left"
    short = "Draw from the Aedificium deck (buildings)"
    assert tight_label((), short, 60) == short


def test_no_rulebook_line_reference_reaches_a_provincia_player():
    """"(L258)" means nothing at the table: no label, prompt, log line,
    greyed reason, hand note, card text, ? note or reference line of
    Provincia carries one (they stay in comments and docstrings). A guard:
    Provincia had none left when the walkers' list was checked (Age of
    Rome's greyed reasons and options still do)."""
    import re

    from engine.games import entry, load
    from tui.provincia import look
    from tui.provincia.reasons import hand_note, verdict
    from tui.provincia.reference import text
    from tui.provincia.table import ProvinciaUI

    ref = re.compile(r"\bL\d{2,3}\b")
    places = load(entry("provincia").places)
    seen = [ProvinciaUI.notes, text()]
    seen += [look.card_text(c) for c in range(len(CARDS))]
    for seed in (1, 2):
        rng = random.Random(seed)
        m = Match("provincia", SEATS, seed)
        g = m.game
        while not m.is_over():
            seat = m.to_move()
            v = m.view(seat)
            seen += [g.prompt(v), hand_note(v, seat)]
            seen += [g.describe(v, a) for a in g.legal(v)]
            seen += [why for _, why in places(g, v, seat)]
            seen += [verdict(v, seat, h.card).why for h in v.players[seat].hand if h.card >= 0]
            seen += [line.text for e in g.events(m.state)
                     if (line := g.log_line(m.state, e)) is not None]
            m.play(rng.choice(g.legal(v)))
        seen += [o.help or "" for o in g.options] + [o.label for o in g.options]
    assert not [t for t in seen if ref.search(t)]


def test_six_players_at_80x24_keep_every_card_of_the_stake_in_sight():
    """With six cities the stakes did not fit the panel's lines at 80×24
    and the last card was cut: cards costing the same share a line, and
    only your own row stays (the tokens' labels give the others')."""
    from engine.match import Seat

    six = (SEATS[0],) + tuple(Seat(f"Bot{i}", "random") for i in range(1, 6))
    m = play_until(lambda s: s.phase == BATTLE and s.step == "tokens" and s.round == 3, 5, six)
    v = m.view(0)

    async def go() -> tuple[str, bool]:
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            panel = app.screen.query_one(BattlePanel)
            rows = " ".join(" ".join(region_rows(app, panel)).replace("│", " ").split())
            clear = panel.region.bottom <= app.screen.query_one("#actions").region.y
            return rows, clear

    rows, clear = asyncio.run(go())
    assert clear and "If you fall" in rows and "╰" in rows, rows
    for c in stack(v, v.round):
        assert BELLA[c].name in rows, (BELLA[c].name, rows)


def test_the_turned_bellum_shows_its_penalty_at_120x40():
    """Once the Bellum is turned the panel named the card and its Gauls but
    not what a fall costs: at 120×40 it prints the penalty too."""
    from engine.provincia.battle import current_bellum

    m = play_until(lambda s: s.phase == BATTLE and s.pending, 5)
    card = current_bellum(m.state)

    async def go() -> str:
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            return " ".join(panel_text(app).split())

    assert f"A city that falls: {bellum_text(card)}" in asyncio.run(go())
