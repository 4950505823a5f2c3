"""Age of Rome has no endless loop (issue 26, point 9).

With the Trade deck and the discard pile empty, a Trade card that draws
used to reshuffle a discard pile holding only itself and draw itself back:
selling a card and playing Bulla again and again gave +1 Denarius per two
legal actions for ever. The reading that ends it (docs/RULES-NOTES.md,
Trade; ``trade.REFILL``): only an action's or an Event's draw refills an
empty deck from the discard pile, never a Trade card's own draw. A game
saved before names no value and keeps the first reading, so it replays.

The search at the end checks the property itself: from many positions, no
sequence of one seat's legal decisions comes back to the same position
(counters set aside) without having paid something for it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import islice
from typing import Any

import pytest

from engine.ageofrome import data, trade
from engine.ageofrome.actions import Place, PlayCard, Sell
from engine.ageofrome.scenario import Scenario
from engine.ageofrome.state import Player, State
from engine.core import Held, Options, Record, check_options, named_options, parse_options
from tests.ageofrome_helpers import GAME, table

CHARACTERS = ("Marcus Antonius", "Julius Caesar", "Octavianus", "Pompeius")
ALL_CARDS = [c.name for c in data.TRADE_CARDS]
REPEATS = 200  # the figure: 400 legal actions


def _jack_to_place() -> Scenario:
    """Round 3's Action phase, Jack (Marcus Antonius) first to place."""
    return table().characters(*CHARACTERS).at("actions", round=3).first("Jack")


def elsewhere(s: Scenario, cards: list[str]) -> Scenario:
    """``cards`` in the hands (five each) and sets of Henry, Mary and Ross."""
    cards = list(cards)
    assert len(cards) <= 3 * (data.HAND_LIMIT + 3 * data.MAX_TRADE_SETS)
    in_sets = 3 * -(-(len(cards) - 3 * data.HAND_LIMIT) // 3)
    triples = [tuple(cards[i:i + 3]) for i in range(0, max(in_sets, 0), 3)]
    cards = cards[max(in_sets, 0):]
    for i, who in enumerate(("Henry", "Mary", "Ross")):
        hand, cards = cards[:data.HAND_LIMIT], cards[data.HAND_LIMIT:]
        s = s.hand(who, *hand).sets(who, *triples[3 * i:3 * i + 3])
    return s


def empty_deck(*jack: str, discard: tuple[str, ...] = ()) -> State:
    """Jack to place a Follower holding ``jack``, the discard pile
    ``discard``; every other Trade card is in another seat's hand or sets:
    the deck is empty."""
    s = _jack_to_place().hand("Jack", *jack).discard(*discard)
    return elsewhere(s, [c for c in ALL_CARDS if c not in jack + discard]).build()


def names(cards: Any) -> list[str]:
    return [data.TRADE_CARDS[c if isinstance(c, int) else c.card].name for c in cards]


def farm(s: State, cycle: tuple[tuple, ...], actions: int) -> tuple[State, int]:
    """Play ``cycle`` over and over while it is legal, at most ``actions``
    actions; the state and the actions played."""
    played = 0
    while played < actions:
        for a in cycle:
            if a not in GAME.legal(s):
                return s, played
            s = GAME.play(s, a)
            played += 1
    return s, played


# ---------------------------------------------------------------- the loop
def test_selling_and_playing_bulla_no_longer_loops() -> None:
    """The issue's loop: Jack places a Follower (a window of "Anywhere"
    cards opens), sells Groma and plays Bulla. Bulla's draw found the deck
    empty, reshuffled Groma and Bulla and drew both back: +1 Denarius, the
    same position, for ever (+200 Denarii in 400 actions). Now Bulla's draw
    does not refill the deck: nothing comes back and the loop ends."""
    s = empty_deck("Bulla", "Groma")
    assert s.trade_deck == () and s.discard == ()
    s = GAME.play(s, Place("Colosseum", False))
    assert PlayCard("Bulla") in GAME.legal(s) and Sell("Groma") in GAME.legal(s)
    before = s.players[0].denarii
    s, played = farm(s, (Sell("Groma"), PlayCard("Bulla")), 2 * REPEATS)
    assert played == 2
    assert s.players[0].denarii - before == 1
    assert s.players[0].hand == () and names(s.discard) == ["Groma", "Bulla"]
    assert s.trade_deck == () and not any(e[0] == "deck_reshuffled" for e in s.events)
    assert GAME.to_move(s) != 0 or PlayCard("Bulla") not in GAME.legal(s)


def test_a_draw_card_is_not_drawn_straight_back() -> None:
    """With nothing else to draw, Sundial's draw gives nothing: it stays on
    the discard pile (before, it came straight back and could be played for
    ever, stalling the table)."""
    s = GAME.play(empty_deck("Sundial"), Place("Colosseum", False))
    s = GAME.play(s, PlayCard("Sundial"))
    assert s.players[0].hand == () and names(s.discard) == ["Sundial"]
    assert GAME.to_move(s) != 0 or PlayCard("Sundial") not in GAME.legal(s)


def test_a_chain_cannot_refill_the_deck() -> None:
    """Leaving out of the reshuffle only the card just played is not enough:
    Snake Bracelets takes Bulla off the discard pile, Jack sells Groma, and
    Bulla's two draws would bring back exactly Snake Bracelets and Groma,
    the same position with +1 Denarius. No Trade card's draw refills."""
    s = empty_deck("Snake Bracelets", "Groma", discard=("Bulla",))
    assert s.trade_deck == () and names(s.discard) == ["Bulla"]
    s = GAME.play(s, Place("Colosseum", False))
    for a in (PlayCard("Snake Bracelets"), Sell("Groma"), PlayCard("Bulla")):
        s = GAME.play(s, a)
    assert s.players[0].hand == ()
    assert names(s.discard) == ["Snake Bracelets", "Groma", "Bulla"]


def test_an_action_still_refills_the_deck() -> None:
    """The Trade action's draw (and an Event's) still takes the shuffled
    discard pile as the new deck when the deck is empty."""
    s = empty_deck("Bulla", "Groma")
    s = GAME.play(s, Place("Colosseum", False))
    s = GAME.play(s, Sell("Groma"))
    s = GAME.play(s, PlayCard("Bulla"))  # draws nothing: Groma and Bulla discarded
    w = s.thaw()
    w.events = []
    trade.draw(w, 0, 1)
    assert any(e[0] == "deck_reshuffled" for e in w.events)
    assert len(w.players[0].hand) == 1 and len(w.trade_deck) == 1 and w.discard == ()


def test_a_game_saved_before_keeps_the_first_reading() -> None:
    """A save holds only the options it was given: a game saved before this
    reading names no ``trade_refill`` and replays by the first one, where the
    loop was possible; a new game names today's and cannot choose the first."""
    old = empty_deck("Bulla", "Groma").replace(options=Options())
    assert trade.cards_refill(old.options)
    s = GAME.play(old, Place("Colosseum", False))
    before = s.players[0].denarii
    s, played = farm(s, (Sell("Groma"), PlayCard("Bulla")), 2 * REPEATS)
    assert played == 2 * REPEATS and s.players[0].denarii - before == REPEATS
    new = named_options(GAME.options, Options())
    assert new.get("trade_refill") == trade.ACTIONS_REFILL and not trade.cards_refill(new)
    with pytest.raises(ValueError, match="trade_refill"):
        parse_options(GAME.options, [f"trade_refill={trade.ANY_REFILL}"], 4)
    with pytest.raises(ValueError, match="not one of"):  # the hall's gate for a new table
        check_options(GAME.options, Options.of({"trade_refill": trade.ANY_REFILL}), 4)


# ---------------------------------------------------------------- no cycle pays
def _plain(x: Any) -> Any:
    """``x`` as plain hashable values: a hidden card by its card alone (who
    has seen it and its pool are bookkeeping), a record by its fields."""
    if isinstance(x, Held):
        return x.card
    if isinstance(x, Record):
        return tuple(_plain(getattr(x, f)) for f in x._fields)
    if isinstance(x, tuple | list):
        return tuple(_plain(v) for v in x)
    if isinstance(x, Options):
        return x.items
    return x


# A player's counters: every number it holds but who it is and where it sits.
SCORE = tuple(f for f in Player._fields if f not in ("character", "position")
              and Player.__annotations__[f] in ("int", "bool"))
PLACE = tuple(f for f in Player._fields if f not in SCORE)
ASIDE = ("rng", "events", "players")  # chance, the log, and the players (below)


def position(s: State) -> tuple:
    """Everything about ``s`` but its counters (every number a player
    holds: Glory, Denarii, Legions, Followers...), chance and the log. The
    order of a hand does not count either."""
    players = tuple(
        tuple(tuple(sorted(_plain(p.hand))) if f == "hand" else _plain(getattr(p, f))
              for f in PLACE)
        for p in s.players)
    return players, tuple(_plain(getattr(s, f)) for f in State._fields if f not in ASIDE)


# Counters that count what was spent: a Follower placed (on the Colosseum it
# leaves no other trace), a Feud taken, a Bonus marker used.
COSTS = ("placed", "feuds")
BONUS_USED = "bonus_used"  # a bit per Bonus marker


def counters(s: State) -> tuple[int, ...]:
    """Every seat's counters, each as "more is more": the spent ones negated."""
    return tuple(-int(getattr(p, f)) if f in COSTS
                 else -p.bonus_used.bit_count() if f == BONUS_USED
                 else int(getattr(p, f))
                 for p in s.players for f in SCORE)


def paid(now: tuple[int, ...], then: tuple[int, ...]) -> bool:
    """Whether coming back to a position cost something: some counter is
    lower (the Religion Medal's 3 Denarii for 1 Glory is an exchange)."""
    return any(a < b for a, b in zip(now, then, strict=True))


def free_cycles(root: State, depth: int, budget: int) -> Iterator[list[tuple]]:
    """Sequences of decisions of the seat to move in ``root`` (while it
    keeps the move; chance as the state's own Rng decides it) that come back
    to a position on the way, having paid nothing: a loop that could be
    played for ever, gaining or stalling. Depth-first, ``depth`` decisions
    deep, at most ``budget`` states."""
    seat = GAME.to_move(root)
    on_path = {position(root): counters(root)}
    seen: set[tuple] = set()
    path: list[tuple] = []
    left = [budget]

    def walk(s: State) -> Iterator[list[tuple]]:
        for a in GAME.legal(s):
            if left[0] <= 0:
                return
            left[0] -= 1
            t = GAME.play(s, a, trusted=True)
            if GAME.to_move(t) != seat:
                continue
            key, now = position(t), counters(t)
            if key in on_path:
                if not paid(now, on_path[key]):
                    yield [*path, a]
                continue
            if len(path) + 1 >= depth or (key, now) in seen:
                continue
            seen.add((key, now))
            on_path[key] = now
            path.append(a)
            yield from walk(t)
            path.pop()
            del on_path[key]

    yield from walk(root)


ANYWHERE = [c.name for c in data.TRADE_CARDS if c.condition in "AC"]


def crafted(seed: int) -> State:
    """Jack to place with a few cards (at least one of a window he opens),
    a small discard pile, a deck of at most one card; every other Trade card
    in the other seats' hands and sets."""
    rng = random.Random(seed)
    cards = ALL_CARDS[:]
    rng.shuffle(cards)
    first = rng.choice(ANYWHERE)
    cards.remove(first)

    def take(k: int) -> list[str]:
        out = cards[:k]
        del cards[:k]
        return out

    hand = [first, *take(rng.randint(1, 3))]
    discard, deck = take(rng.randint(0, 3)), take(rng.randint(0, 1))
    s = _jack_to_place().hand("Jack", *hand).discard(*discard).deck("trade", *deck)
    return elsewhere(s, cards).build()


def random_positions(players: int, seed: int, every: int) -> Iterator[State]:
    """Every ``every``-th position of a random game where a seat holds an
    open Trade decision (a window or room to make)."""
    rng = random.Random(seed)
    s = GAME.setup(players, named_options(GAME.options, Options()), seed)
    k = 0
    while not GAME.is_over(s):
        if s.pending and s.pending[-1].kind in trade.DECISIONS:
            k += 1
            if k % every == 0:
                yield s
        s = GAME.play(s, rng.choice(GAME.legal(s)), trusted=True)


def test_the_search_finds_the_first_readings_loop() -> None:
    """The search itself: on a game saved before (the first reading) it
    finds the issue's loop in the crafted position."""
    old = GAME.play(empty_deck("Bulla", "Groma").replace(options=Options()),
                    Place("Colosseum", False))
    found = list(islice(free_cycles(old, depth=4, budget=200), 20))
    assert [PlayCard("Bulla"), PlayCard("Bulla")] in found  # a stall: Bulla for ever
    assert any(c[-2:] == [Sell("Groma"), PlayCard("Bulla")] for c in found)  # +1 Denarius


CRAFTED, BUDGET = 40, 1500  # positions, and states searched from each
RANDOM_GAMES = ((4, 1), (4, 2), (3, 3), (2, 4), (1, 5))  # (players, seed)


def test_no_cycle_of_legal_actions_comes_back_for_free() -> None:
    """From the crafted positions (the loop's, Snake Bracelets' chain, and
    random hands with the deck empty or nearly) and from positions of
    seeded random games with a Trade decision open: no sequence of the
    seat's legal decisions returns to the same position (counters aside)
    with at least as much of everything."""
    roots = [empty_deck("Bulla", "Groma"), empty_deck("Sundial"),
             empty_deck("Snake Bracelets", "Groma", discard=("Bulla",)),
             *(crafted(seed) for seed in range(CRAFTED))]
    roots += [r for n, seed in RANDOM_GAMES for r in random_positions(n, seed, every=3)]
    assert len(roots) > CRAFTED + 20
    for root in roots:
        found = next(free_cycles(root, depth=6, budget=BUDGET), None)
        assert found is None, (GAME.prompt(root), found)
