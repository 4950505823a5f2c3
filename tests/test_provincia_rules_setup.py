"""Setting Up the Game (L59-91) and the shape of a game (L95-105, L299-315).

The expected values are transcribed here from the rulebook (and, for 5 and 6
players, from INVENTORY PR-M1/M2), not read back from the engine's data.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import HIDDEN, IllegalAction, Options
from engine.provincia.data import AEDIFICIA, BELLA, CARDS, OPES, SPQR, bellum_ids
from engine.provincia.readings import stand_ins
from engine.provincia.state import ACTIVATE, BATTLE, FINAL, OVER, PLAY, SELECT, UPKEEP
from tests.provincia_helpers import (
    AEDIFICIUM,
    BOX_SUPPLY,
    G,
    cid,
    deck_cards,
    new,
    passive,
    token,
)

# (PP, Stone, Wood, Clay) per seat in turn order, L73-76; 5-6: INVENTORY PR-M1/M2,
# tuned by self-play (docs/RULES-NOTES.md, "Seat balance").
ROWS = {
    2: [(0, 4, 4, 3), (0, 4, 4, 3)],
    3: [(0, 4, 3, 2), (0, 4, 3, 2), (0, 4, 4, 3)],
    4: [(-2, 4, 4, 3), (-2, 4, 4, 3), (0, 4, 5, 4), (0, 4, 5, 4)],
    5: [(0, 4, 4, 3), (0, 4, 5, 3), (0, 4, 4, 3), (0, 4, 4, 3), (0, 4, 5, 3)],
    6: [(0, 4, 5, 3), (0, 4, 5, 3), (0, 4, 4, 3), (0, 4, 4, 3), (0, 4, 4, 3), (0, 4, 4, 3)],
}

# Aedificium counts as listed in "The Cards" (L397-463), Horreum included.
AEDIFICIUM_COUNTS = {
    "Amphitheatrum": 3, "Aquaeductus": 3, "Armamentarium": 2, "Aurifex": 6, "Carchesium": 6,
    "Circus": 3, "Colosseum": 3, "Domus": 6, "Fodina": 6, "Fons": 6, "Fornax Lateris": 8,
    "Forum": 3, "Horreum": 6, "Hortus": 6, "Insula": 6, "Lignator": 6, "Officina": 2,
    "Pons": 4, "Portus": 4, "Puteus": 3, "Stabulum": 2, "Statua": 3, "Strata": 8,
    "Emporium": 4, "Exercitatio": 2, "Mola": 2, "Statio": 4, "Templum": 3, "Turris": 6,
    "Via Mercatoris": 4, "Villa": 2, "Vinea": 2,
}
# SPQR counts, L335-385 (Consul and Gloria are several cards of one kind).
SPQR_COUNTS = {
    "Aediles": 3, "Architectus": 4, "Commercium": 19, "Concussio": 1, "Coniuratio": 2,
    "Consuetudo": 2, "Consul": 2, "Corruptio": 2, "Gloria": 4, "Legio": 4, "Patronus": 3,
    "Praetor": 4,
}


def kind_of(card: int) -> str:
    n = CARDS[card].name
    for k in ("Consul", "Gloria"):
        if n.startswith(k):
            return k
    return n


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_setup_per_seat_resources_prestige_gold_tracks_and_horreum(n):
    s = new(n, seed=20 + n)
    assert s.round == 1 and s.phase == SELECT and s.caesar == 0 and G.to_move(s) == 0
    for seat, (pp, stone, wood, clay) in enumerate(ROWS[n]):
        pl = s.players[seat]
        assert pl.res == (clay, wood, stone, 7), f"seat {seat}"
        assert pl.pp == pp
        assert pl.defense == 0 and pl.morale == 6
        assert pl.built == ((cid("Horreum"), True),)  # in play from the start
        assert pl.spqr == () and not pl.praetor and not pl.concussio
    # the supply is what the box holds minus what the players took
    held = [sum(pl.res[r] for pl in s.players) for r in range(4)]
    assert s.supply == tuple(b - h for b, h in zip(BOX_SUPPLY, held, strict=True))
    assert BOX_SUPPLY == (37, 42, 48, 53)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_setup_one_secret_aedificium_in_hand_and_42_removed_unseen(n):
    s = new(n, seed=30 + n)
    for seat, pl in enumerate(s.players):
        assert len(pl.hand) == 1
        c = pl.hand[0].card
        assert c < len(AEDIFICIA) and CARDS[c].name != "Horreum"
        for other in range(n):
            seen = G.view(s, other).players[seat].hand[0].card
            assert seen == (c if other == seat else HIDDEN)
    assert len(s.box) == 42
    # 134 listed - 6 Horreums (one per player in play, the rest to the box) = 128
    deck = deck_cards(s, AEDIFICIUM)
    assert len(deck) == 128 - 42 - n
    everything = Counter(deck) + Counter(s.box) + Counter(pl.hand[0].card for pl in s.players)
    assert {CARDS[c].name: k for c, k in everything.items()} == {
        k: v for k, v in AEDIFICIUM_COUNTS.items() if k != "Horreum"}
    # nobody sees the removed cards
    for seat in range(n):
        v = G.view(s, seat)
        assert all(c == HIDDEN for c in getattr(v, "box", ())) or v.box == ()


def test_setup_opes_and_spqr_decks_are_complete_and_shuffled():
    a, b = new(4, seed=1), new(4, seed=2)
    assert len(deck_cards(a, OPES)) == 30
    assert Counter(kind_of(c) for c in deck_cards(a, SPQR)) == Counter(SPQR_COUNTS)
    assert sum(SPQR_COUNTS.values()) == 50
    assert deck_cards(a, SPQR) != deck_cards(b, SPQR)
    assert deck_cards(a, OPES) != deck_cards(b, OPES)
    assert deck_cards(a, AEDIFICIUM) != deck_cards(b, AEDIFICIUM)
    assert new(4, seed=1) == a  # same seed, same game


@pytest.mark.parametrize("n", [2, 4, 6])
def test_setup_one_face_down_bellum_per_stack_the_other_11_returned(n):
    s = new(n, seed=40 + n)
    stacks = Counter(BELLA[i].round for i in bellum_ids(stand_ins(s.options)))
    assert stacks == {2: 4, 3: 4, 5: 4, 6: 3}  # 15 cards in 4 stacks (D3: backs II III V VI)
    assert [BELLA[h.card].round for h in s.bellum] == [2, 3, 5, 6]
    assert len(s.bellum_box) == 11
    for seat in range(n):
        v = G.view(s, seat)
        assert all(h.card == HIDDEN for h in v.bellum)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_setup_battle_tokens_own_coin_plus_four_random_of_the_players_colours(n):
    s = new(n, seed=50 + n)
    colours = {pl.city for pl in s.players}
    all_tokens = []
    for pl in s.players:
        ts = [h.card for h in pl.tokens]
        assert len(ts) == 5
        assert token(pl.city, 0) in ts  # the "+1" with the coin of his colour
        all_tokens += ts
    # exactly the 5 tokens of each colour in play, none of the others
    assert sorted(all_tokens) == sorted(token(c, k) for c in colours for k in range(5))


def test_setup_tokens_are_dealt_at_random():
    deals = {tuple(h.card for h in new(4, seed=k).players[0].tokens) for k in range(8)}
    assert len(deals) > 1


def test_setup_cities_option_by_name_and_errors_name_the_rule():
    s = new(2, cities=("Tolosa", "Massilia"))
    assert [pl.city for pl in s.players] == [4, 1]
    with pytest.raises(IllegalAction, match="unknown city"):
        new(2, cities=("Roma", "Massilia"))
    with pytest.raises(IllegalAction, match="different cities"):
        new(2, cities=("Tolosa", "Tolosa"))
    for bad in (1, 7):
        with pytest.raises(IllegalAction, match="2 to 6 players"):
            G.setup(bad, Options(), 1)


def test_six_rounds_battles_only_in_rounds_2_3_5_6_then_the_final_turn():
    s = new(3, seed=7)
    battle_rounds, rounds = set(), set()
    caesars = {}
    while G.to_move(s) is not None:
        rounds.add(s.round)
        caesars.setdefault(s.round, s.caesar)
        if s.phase == BATTLE:
            battle_rounds.add(s.round)
        s = G.play(s, passive(s))
    assert rounds == {1, 2, 3, 4, 5, 6}
    assert battle_rounds == {2, 3, 5, 6}
    # the Caesar card passes to the left every round
    assert [caesars[r] for r in range(1, 7)] == [0, 1, 2, 0, 1, 2]
    assert s.phase == OVER
    kinds = [e[0] for e in G.events(s)]
    assert "end" in kinds


def test_every_round_runs_its_phases_in_order():
    """L95-105: Select, Play, Battle (rounds 2, 3, 5, 6), Upkeep, Activate."""
    s = new(4, seed=8)
    stream = list(G.events(s))
    while G.to_move(s) is not None:
        s = G.play(s, passive(s))
        stream += G.events(s)
    by_round: dict[int, list[int]] = {}
    rnd = 0
    for e in stream:
        if e[0] == "round":
            rnd = e[1]
        elif e[0] == "phase":
            by_round.setdefault(rnd, []).append(e[1])
    full = [SELECT, PLAY, BATTLE, UPKEEP, ACTIVATE]
    quiet = [SELECT, PLAY, UPKEEP, ACTIVATE]
    assert by_round == {1: quiet, 2: full, 3: full, 4: quiet, 5: full, 6: full + [FINAL]}
