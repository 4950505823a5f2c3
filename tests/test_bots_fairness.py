"""Bots never cheat: they decide on their seat's view only.

Two full states that differ only in what the seat cannot know (cards
swapped between opponents' hands, the deck reordered) must get the same
decision from every bot for the same seed; and the only full states a bot
ever gets its hands on are the worlds it samples itself.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from ai.base import Budget, NotAView, require_view
from ai.mcts import MctsBot, Settings
from ai.players import bot_turn, make_bot, play_bots
from engine import get_game
from engine.core import HIDDEN, Held, Rng
from engine.match import Match, seats_from_kinds
from engine.provincia.data import AEDIFICIUM, SPQR

G = get_game("provincia")
KINDS = ("random", "rules", "mcts")
SMALL = Budget(iterations=60)


def bot(kind: str) -> Any:
    if kind == "mcts":
        return MctsBot(settings=Settings(reuse=False))
    return make_bot(kind)


def mid_game(seed: int = 3, steps: int = 140) -> Match:
    """A 4-player match of rules bots, ``steps`` actions in."""
    m = Match("provincia", seats_from_kinds(["rules"] * 4), seed)
    bots = {i: make_bot("rules") for i in range(4)}
    while len(m.actions) < steps and not m.is_over():
        m.play(bot_turn(m, bots))
    return m


def deck_slots(deck: Any) -> list[tuple[int, int]]:
    """(position, pool) of every card of a draw deck nobody has ordered."""
    out, pos = [], 0
    for length, pool in deck.runs:
        out.extend((i, pool) for i in range(pos, pos + length) if i >= deck.known)
        pos += length
    return out


def swapped(s: Any, seat: int) -> Any:
    """``s`` with hidden cards moved where ``seat`` cannot see: two unknown
    cards of one pool swapped between an opponent's hand and another
    opponent's hand or the SPQR deck, and every run of the Aedificium deck
    reversed."""
    others = [p for p in range(s.n) if p != seat]
    slots = []  # (where, index, pool, card) of cards ``seat`` does not know
    for p in others:
        for i, h in enumerate(s.players[p].hand):
            if not h.seen >> seat & 1:
                slots.append((("hand", p), i, h.pool, h.card))
    spqr = s.decks[SPQR]
    slots += [(("deck", SPQR), i, pool, spqr.cards[i]) for i, pool in deck_slots(spqr)]
    a, b = next((a, b) for a in slots for b in slots
                if a[0] != b[0] and a[2] == b[2] and a[3] != b[3])
    s = _put(s, a[0], a[1], b[3])
    s = _put(s, b[0], b[1], a[3])
    aed = s.decks[AEDIFICIUM]
    cards, pos = list(aed.cards), 0
    for length, _pool in aed.runs:
        lo = max(pos, aed.known)
        cards[lo:pos + length] = reversed(cards[lo:pos + length])
        pos += length
    decks = list(s.decks)
    decks[AEDIFICIUM] = aed.replace(cards=tuple(cards))
    return s.replace(decks=tuple(decks))


def _put(s: Any, where: tuple, i: int, card: int) -> Any:
    kind, k = where
    if kind == "hand":
        pl = s.players[k]
        h = pl.hand[i]
        hand = pl.hand[:i] + (Held(card, h.seen, h.pool),) + pl.hand[i + 1:]
        players = s.players[:k] + (pl.replace(hand=hand),) + s.players[k + 1:]
        return s.replace(players=players)
    decks = list(s.decks)
    cards = decks[k].cards
    decks[k] = decks[k].replace(cards=cards[:i] + (card,) + cards[i + 1:])
    return s.replace(decks=tuple(decks))


def test_swapped_state_differs_but_looks_the_same():
    m = mid_game()
    s = m.state
    seat = G.to_move(s)
    t = swapped(s, seat)
    assert t != s
    assert G.view(t, seat) == G.view(s, seat)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("steps", [40, 140, 200])
def test_same_view_same_decision(kind: str, steps: int):
    """Through the real pipeline (Match -> bot_turn -> view): the match is
    given one full state, then the other; decisions and explanations match."""
    m = mid_game(steps=steps)
    seat = m.to_move()
    twin = Match("provincia", m.seats, m.seed, actions=list(m.actions))
    twin.states[-1] = swapped(m.state, seat)
    assert twin.state != m.state
    a_bot, b_bot = bot(kind), bot(kind)
    a = bot_turn(m, {seat: a_bot}, SMALL if kind == "mcts" else None)
    b = bot_turn(twin, {seat: b_bot}, Budget(iterations=60) if kind == "mcts" else None)
    assert a == b
    assert a_bot.explain() == b_bot.explain()


@pytest.mark.parametrize("kind", KINDS)
def test_bots_refuse_full_states(kind: str):
    m = mid_game()
    seat = m.to_move()
    with pytest.raises(NotAView):
        bot(kind).decide(G, m.state, seat, SMALL, random.Random(0))
    other = (seat + 1) % 4
    with pytest.raises(NotAView):
        bot(kind).decide(G, m.view(other), seat, SMALL, random.Random(0))


class Says:
    """A game that names a view's seat through the protocol (``viewer``)."""

    def __init__(self, who: int | None) -> None:
        self.who = who

    def viewer(self, s: Any) -> int | None:
        return self.who


def test_the_game_says_whose_view_it_is():
    """The check asks ``game.viewer``, not an attribute of the state."""
    looks_like_seat_1 = type("View", (), {"viewer": 1})()
    with pytest.raises(NotAView, match="a full state"):
        require_view(Says(None), looks_like_seat_1, 1)
    with pytest.raises(NotAView, match="seat 0's view"):
        require_view(Says(0), looks_like_seat_1, 1)
    require_view(Says(1), object(), 1)  # no such attribute needed


class Spy:
    """The Provincia game, recording what a bot asks of it: every full state
    that reaches ``play`` must come from ``sample`` (or from ``play`` on
    such a state) — never from anywhere else."""

    def __init__(self) -> None:
        self.game = G
        self.id = G.id
        self.sampled: dict[int, Any] = {}  # id -> state, kept alive so ids stay unique
        self.views_in: list[Any] = []
        self.plays = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def _own(self, s: Any) -> Any:
        self.sampled[id(s)] = s
        return s

    def sample(self, v: Any, seat: int, rng: Rng) -> Any:
        assert G.viewer(v) == seat, "sampling must start from the bot's own view"
        return self._own(self.game.sample(v, seat, rng))

    def play(self, s: Any, a: tuple, trusted: bool = False) -> Any:
        assert G.viewer(s) is None
        assert id(s) in self.sampled, "a full state that was not sampled by the bot"
        self.plays += 1
        return self._own(self.game.play(s, a, trusted))

    def legal(self, s: Any) -> Any:
        if G.viewer(s) is not None:
            self.views_in.append(s)
        else:
            assert id(s) in self.sampled
        return self.game.legal(s)


@pytest.mark.parametrize("kind", KINDS)
def test_full_states_only_from_sampling(kind: str):
    m = mid_game(steps=100)
    seat = m.to_move()
    spy = Spy()
    view = m.view(seat)
    action = bot(kind).decide(spy, view, seat, SMALL, random.Random(5))
    assert action in G.legal(view)
    assert all(G.viewer(v) == seat for v in spy.views_in)
    if kind == "mcts":
        assert spy.plays > 0  # it did search, on sampled worlds only


def test_play_bots_hands_out_views_only():
    """Every decide call in a whole game gets its own seat's view."""
    seen: list[tuple[int, int]] = []

    class Watch:
        kind = "watch"

        def __init__(self) -> None:
            self.inner = make_bot("rules")

        def decide(self, game, view, seat, budget, rng):
            seen.append((game.viewer(view), seat))
            assert all(h.card == HIDDEN or h.seen >> seat & 1
                       for p in view.players for h in p.hand)
            return self.inner.decide(game, view, seat, budget, rng)

        def explain(self):
            return []

    m = Match("provincia", seats_from_kinds(["rules"] * 3), 11)
    play_bots(m, {i: Watch() for i in range(3)})
    assert m.is_over()
    assert seen and all(viewer == seat for viewer, seat in seen)
