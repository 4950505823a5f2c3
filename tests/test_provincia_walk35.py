"""Provincia Romana at 80×24, the gaps a walker who knows the game found
(fix 35): a hand's line reads whole, the draft keeps its actions in
sight, the battle panel counts Morale lost, automatic changes are in the
log, cards that can never be built or gain nothing say so."""

from __future__ import annotations

import asyncio
import re

import pytest

from engine.provincia.data import CARDS, RESOURCE_NAMES
from engine.provincia.state import PLAY
from tests.test_tui_narrow import region_rows
from tests.test_tui_support import app_for, play_until, settle
from tui.provincia.reasons import NOT_NOW, verdict

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py


def test_every_card_of_a_six_card_hand_reads_whole_at_80x24():
    """"· Colosseum 1C 7S 2G 9pp needs 3 more Stone" wrapped, 80×24 cut
    its second row with no mark and "Your hand (6)" showed 4 cards: each
    card now has one row, its reason in the costs' letters ("needs 3S"),
    a long name losing letters rather than the reason."""
    m = play_until(lambda s: s.phase == PLAY and len(s.players[0].hand) >= 6, 1)
    s = m.view(0)

    async def go() -> list[str]:
        app = app_for(m)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            return region_rows(app, app.screen.query_one("#hand-cards"))

    rows = asyncio.run(go())
    assert len(rows) >= len(s.players[0].hand), rows
    for h in s.players[0].hand:
        name = CARDS[h.card].name
        row = next((r for r in rows if name[:4] in r), None)
        assert row is not None, (name, rows)
        v = verdict(s, 0, h.card)
        if v.mark == NOT_NOW and v.why.startswith("needs"):
            needed = re.findall(r"(\d+) (?:more )?(\w+)", v.why)
            short = "needs " + " ".join(f"{n}{r[0]}" for n, r in needed
                                        if r in RESOURCE_NAMES)
            assert short in row, (short, row)


def test_the_battle_panel_counts_morale_lost():
    """"N −1 5 0 −3 1 falls / lost: …" while the log said "Narbo Martius
    loses 2 Morale": the loss line read every loss but Morale's (a Bellum
    card's penalty, rare at random: added to a real battle's events)."""
    import random

    from engine.match import Match
    from engine.provincia.events import MoraleLost, TokensRevealed
    from tests.test_tui_support import SEATS
    from tui.provincia import look
    from tui.provincia.battle import battle_losses
    from tui.widgets.scene import Scene

    m = Match("provincia", SEATS, 3)
    rng = random.Random(3)
    while not any(isinstance(e, TokensRevealed) for e in m.state.events):
        m.play(rng.choice(m.game.legal(m.view(m.to_move()))))
    s = m.state.replace(events=(*m.state.events, MoraleLost(2, 2)))
    scene = Scene(m.game, s, None, m.seats, look.looks(s, m.seats), m.states.__getitem__)
    assert "−2 Morale" in battle_losses(scene).get(2, []), battle_losses(scene)


def _said(s, e) -> str:
    from engine.provincia.text import log_line
    return "".join(p if isinstance(p, str) else p[0] for p in log_line(s, e).parts)


@pytest.mark.parametrize("seed", [3, 7])
def test_every_morale_and_defense_change_by_the_rules_is_in_the_log(seed):
    """Upkeep's Morale −1 and Defense −1 and Phase 5's Morale from
    buildings (Hortus, Circus) and activations (Villa) changed the cities'
    tracks with nothing in the log: each step's Morale and Defense moves
    are now the sum of what its log lines say."""
    import random

    from engine.match import Match
    from engine.provincia.events import TrackChanged
    from tests.test_tui_support import SEATS

    m = Match("provincia", SEATS, seed)
    rng = random.Random(seed)
    while not m.is_over():
        m.play(rng.choice(m.game.legal(m.view(m.to_move()))))
    why = set()
    for before, after in zip(m.states, m.states[1:], strict=False):
        said = [e for e in after.events if isinstance(e, TrackChanged)]
        if not any(e.kind == "tax" for e in after.events) and not any(
                e.kind in ("produce", "activate") for e in after.events):
            continue
        for p in range(after.n):
            moved = [e for e in said if e.seat == p]
            morale = after.players[p].morale - before.players[p].morale
            if any(e.kind == "morale_lost" and e.seat == p for e in after.events):
                continue  # a battle in the same step
            assert sum(e.morale for e in moved) == morale, (p, after.events)
            for e in moved:
                why.add(e.why)
                text = _said(after, e)
                assert ("Morale" in text) == bool(e.morale), text
                assert ("Defense" in text) == bool(e.defense), text
    assert "upkeep" in why


def test_small_words_exchange_storage_and_one_minus_sign():
    """"exchange 1 Clay for 1 Wood, 1 Stone" read as two prices; "receives
    nothing (1 Wood due)" as a debt; the battle panel wrote "-4 PP" beside
    "−3 Stone"."""
    from textual.markup import to_content

    from engine.provincia import events as ev
    from engine.provincia.data import CARD_ID
    from engine.provincia.scenario import Scenario
    from engine.provincia.text import event_text
    from tui.provincia import look
    text = to_content(look.card_text(CARD_ID["Commercium"])).plain
    assert "for 1 Wood and 1 Stone as often" in text, text
    s = (Scenario(players=2).resources(0, clay=1, wood=9, stone=0, gold=1).at_phase("play"))
    assert event_text(s, ev.Exchanged(0, (1, 0, 0, 0), (0, 1, 1, 0))).endswith(
        "exchanges 1 Clay for 1 Wood and 1 Stone.")
    full = s.players[0].storage
    s = Scenario(players=2).resources(0, clay=1, wood=full, stone=0, gold=1).at_phase("play")
    opes = next(c for c, card in enumerate(CARDS) if type(card).__name__ == "Opes")
    line = event_text(s, ev.OpesTaken(0, opes, (0, 0, 0, 0), False, (0, 1, 0, 0)))
    assert line.endswith("receives nothing (no room for 1 Wood: storage full)."), line


def test_the_battle_panel_writes_one_minus_sign():
    import random

    from engine.match import Match
    from engine.provincia.events import PrestigeChanged, TokensRevealed
    from tests.test_tui_support import SEATS
    from tui.provincia import look
    from tui.provincia.battle import battle_losses
    from tui.widgets.scene import Scene

    m = Match("provincia", SEATS, 3)
    rng = random.Random(3)
    while not any(isinstance(e, TokensRevealed) for e in m.state.events):
        m.play(rng.choice(m.game.legal(m.view(m.to_move()))))
    s = m.state.replace(events=(*m.state.events, PrestigeChanged(1, -4, "battle")))
    scene = Scene(m.game, s, None, m.seats, look.looks(s, m.seats), m.states.__getitem__)
    assert "−4 PP" in battle_losses(scene).get(1, []), battle_losses(scene)


def test_consuetudo_marks_a_building_the_city_can_never_build():
    """"Take Pons 1C 4W +5PP" for a Portus city had no ✗ (the draft row
    said "✗ Portus city: never")."""
    from engine import get_game
    from engine.provincia.actions import Take
    from engine.provincia.scenario import Scenario
    from tui.provincia.labels import tight_label

    game = get_game("provincia")
    s = (Scenario(players=2).city(0, "Forum Julii").hand(0, "Consuetudo").resources(0, gold=3)
         .deck("aedificium", ["Pons", "Portus", "Turris"]).at_phase("play"))
    s = game.play(s, next(a for a in game.legal(s) if "Consuetudo" in game.describe(s, a)))
    got = {game.describe(s, a): a for a in game.legal(s) if isinstance(a, Take)}
    pons = "Take Pons into your hand (1 Clay, 4 Wood; +5 PP) — Portus city: never built"
    assert pons in got, got
    assert "Take Portus into your hand (1 Clay, 4 Wood; +5 PP)" in got
    assert tight_label(got[pons], pons, 31) == "Take Pons 1C 4W +5PP ✗ never"


def test_praetor_under_corruptio_says_it_gains_nothing():
    """With Corruptio in play the hand marked Praetor "● can pay now"."""
    from engine.provincia.scenario import Scenario
    from tui.provincia.reasons import PLAYABLE

    s = (Scenario(players=3).hand(0, "Praetor", "Turris").resources(0, gold=2, wood=1)
         .spqr(0, "Corruptio").at_phase("play", round=2, seat=0))
    v = verdict(s, 0, CARDS.index(next(c for c in CARDS if c.name == "Praetor")))
    assert v.mark != PLAYABLE and v.why == "no gain: Corruptio", v
    plain = (Scenario(players=3).hand(0, "Praetor").resources(0, gold=2)
             .at_phase("play", round=2, seat=0))
    assert verdict(plain, 0, CARDS.index(next(c for c in CARDS if c.name == "Praetor"))).mark \
        == PLAYABLE
