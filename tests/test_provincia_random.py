"""Randomised games: every action keeps the invariants, nothing is mutated,
games replay exactly, views hide what they must and samples agree with them."""

from __future__ import annotations

import copy
import random

import pytest

from engine import get_game
from engine.core import HIDDEN, IllegalAction, Options, Rng
from engine.provincia.invariants import check_all

G = get_game("provincia")
GAMES_PER_COUNT = 40  # x 5 player counts = 200 games in CI; bench/soak.py plays thousands


def random_game(players: int, seed: int, check=None, options: Options | None = None):
    """Play a random game to the end; return (final state, actions)."""
    rng = random.Random(seed)
    s = G.setup(players, options, seed)
    actions = []
    while G.to_move(s) is not None:
        legal = G.legal(s)
        assert legal, "legal() is empty although the game is not over"
        a = rng.choice(legal)
        nxt = G.play(s, a)
        if check:
            check(s, a, nxt)
        actions.append(a)
        s = nxt
    return s, actions


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_keep_invariants(players: int) -> None:
    for seed in range(GAMES_PER_COUNT):
        s, actions = random_game(players, 1000 * players + seed,
                                 lambda prev, a, nxt: check_all(nxt, prev))
        res = G.result(s)
        assert res.scores == tuple(pl.pp for pl in s.players)
        assert sorted(res.ranks)[0] == 1 and set(res.winners) == {
            p for p, r in enumerate(res.ranks) if r == 1}
        assert len(actions) > 50


OTHER_READINGS = Options.of({"finite_gold": False, "prestige_icon": True, "or_choice": True,
                             "strata_unique": True, "reshuffle_at_once": True,
                             "income_each_turn": True})


@pytest.mark.parametrize("players", [3, 6])
def test_random_games_under_every_other_reading_keep_invariants(players: int) -> None:
    """The readings offered as options (engine/provincia/readings.py) all at
    once: cards, supply and uniqueness stay sound and every game ends."""
    for seed in range(10):
        s, _ = random_game(players, 7000 * players + seed,
                           lambda prev, a, nxt: check_all(nxt, prev), OTHER_READINGS)
        assert G.to_move(s) is None


@pytest.mark.parametrize("players", [2, 4, 6])
def test_play_never_mutates_its_input(players: int) -> None:
    def check(prev, a, nxt):
        before = copy.deepcopy(prev)
        G.play(prev, a)
        assert prev == before

    random_game(players, 77 + players, check)


@pytest.mark.parametrize("players", [3, 5])
def test_same_seed_and_actions_give_the_same_game(players: int) -> None:
    s1, actions = random_game(players, 5)
    s2 = G.setup(players, None, 5)
    for a in actions:
        s2 = G.play(s2, a)
    assert s1 == s2
    assert G.result(s1) == G.result(s2)


def test_illegal_actions_raise_and_change_nothing() -> None:
    s = G.setup(4, None, 3)
    bad = [("deck", 7), ("pick", 0), ("play", 0, -1), ("trade", 0), ("nonsense",), (), 5]
    for a in bad:
        before = copy.deepcopy(s)
        with pytest.raises(IllegalAction) as e:
            G.play(s, a)
        assert str(e.value)
        assert s == before


def _hidden_cards(v) -> int:
    return sum(len(c) for _, c in v.unseen)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_views_hide_and_samples_agree(players: int) -> None:
    """At every step, for every seat: a view masks what the seat has not
    seen, and any sample of it is a full state with that very view."""
    rng = random.Random(players)
    s = G.setup(players, None, players)
    step = 0
    while G.to_move(s) is not None:
        if step % 7 == 0:
            for seat in range(players):
                v = G.view(s, seat)
                for p, pl in enumerate(v.players):
                    if p != seat:
                        truth = s.players[p].hand
                        for h_v, h in zip(pl.hand, truth, strict=True):
                            assert h_v.card in (h.card, HIDDEN)
                            if not h.seen >> seat & 1:
                                assert h_v.card == HIDDEN
                deck = v.decks[2]
                known = deck.known if deck.known_seat == seat else 0
                assert all(c == HIDDEN for c in deck.cards[known:])
                w = G.sample(v, seat, Rng(step * 10 + seat))
                assert w.viewer == -1
                assert G.view(w, seat) == v
                check_all(w)
                assert G.legal(w) == G.legal(s) or G.to_move(s) != seat
        s = G.play(s, rng.choice(G.legal(s)))
        step += 1


def test_two_states_sharing_a_view_have_equal_views() -> None:
    """Swap hidden cards between two opponents' hands: seat 0's view is the same."""
    rng = random.Random(1)
    s = G.setup(4, None, 11)
    while s.round < 3:
        s = G.play(s, rng.choice(G.legal(s)))
    v = G.view(s, 0)
    other = G.sample(v, 0, Rng(99))
    assert other != s or _hidden_cards(v) == 0
    assert G.view(other, 0) == v


def test_battle_tokens_stay_anonymous() -> None:
    """After the reveal nobody's view or log says who played which token."""
    rng = random.Random(2)
    s = G.setup(4, None, 21)
    while not any(e[0] == "tokens" for e in s.events):
        s = G.play(s, rng.choice(G.legal(s)))
    assert s.committed == (None,) * 4
    assert list(s.revealed) == sorted(s.revealed)
    for e in s.events:
        if e[0] == "tokens":
            assert len(e) == 2  # the sorted values only


def test_states_and_views_survive_pickling() -> None:
    """Bots and arenas may send states and views to other processes."""
    import pickle

    rng = random.Random(4)
    s = G.setup(5, None, 4)
    while s.round < 3:
        s = G.play(s, rng.choice(G.legal(s)))
    for x in (s, G.view(s, 2)):
        y = pickle.loads(pickle.dumps(x))
        assert y == x and type(y) is type(x)
    with pytest.raises(AttributeError):
        pickle.loads(pickle.dumps(s)).round = 9
