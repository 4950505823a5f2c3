"""Hidden information in every registered game: a view shows a seat only
what it may know, sampling a view gives a world with that very view, every
secret is a ``Held`` card (or a declared face-down field) where those checks
see it, a step whose outcome a seat could not foresee is one ``informs``
reports, and undo never goes back past such a step."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import HIDDEN, SPECTATOR, Held, IllegalAction, Rng, knows
from engine.match import Match, Seat

from .support import differences, face_down, random_game, values

SAMPLES = 2  # worlds sampled from each view


def counts(game: Any) -> tuple[int, ...]:
    """The fewest and the most players (every count in between is the
    soak's: bench/soak.py; every count of every step took 30 s a suite)."""
    return tuple(sorted({game.players.start, game.players.stop - 1}))

WORLDS_STRIDE = 5  # two worlds are compared at every fifth step (and the last)


def test_views_hide_what_a_seat_may_not_know(game: Any) -> None:
    """At every step, for every seat: the view is marked with its seat, holds
    no card of another seat that this seat has not seen and no random
    stream of the true state (the dice to come), and every world sampled
    from it has that very view."""
    for n in counts(game):
        g = random_game(game, n, seed=20 + n)
        for i, s in enumerate(g.states):
            assert game.viewer(s) is None
            secret = {v for v in values(s) if isinstance(v, Rng)}
            for seat in range(n):
                v = game.view(s, seat)
                assert game.viewer(v) == seat and game.seats(v) == n
                for held in (x for x in values(v) if isinstance(x, Held)):
                    assert held.card == HIDDEN or knows(held.seen, seat), (
                        f"step {i}: seat {seat} sees {held}")
                assert not secret & {x for x in values(v) if isinstance(x, Rng)}, (
                    f"step {i}: seat {seat}'s view holds the state's random stream")
                for k in range(SAMPLES):
                    world = game.sample(v, seat, Rng(1000 * i + k))
                    assert game.viewer(world) is None
                    assert game.view(world, seat) == v


def test_the_seat_to_move_acts_on_its_view_and_views_are_not_played(game: Any) -> None:
    for n in game.players:
        g = random_game(game, n, seed=30 + n)
        for before, a, _after in g.steps():
            seat = game.to_move(before)
            v = game.view(before, seat)
            assert list(game.legal(v)) == list(game.legal(before))
            assert game.to_move(v) == seat and game.describe(v, a)
            with pytest.raises(IllegalAction):
                game.play(v, a)


def test_informs_whenever_a_step_was_not_foreseeable(game: Any) -> None:
    """If ``informs`` says a step showed ``seat`` nothing, then playing the
    same action in any world ``seat`` cannot tell from the true one leads
    to the same view: nothing hidden and no chance decided it. (A die
    rolled, a card drawn or turned: ``informs`` must be true.)"""
    for n in counts(game):
        g = random_game(game, n, seed=40 + n)
        for i, (before, a, after) in enumerate(g.steps()):
            for seat in range(n):
                if game.informs(before, after, seat):
                    continue
                v, seen = game.view(before, seat), game.view(after, seat)
                for k in range(SAMPLES):
                    world = game.sample(v, seat, Rng(7919 * i + k))
                    try:
                        then = game.play(world, a)
                    except IllegalAction:  # the mover's hidden cards differ here
                        continue
                    assert game.view(then, seat) == seen, (
                        f"step {i}, {a!r}: seat {seat} could not foresee it, "
                        "but informs() says it learnt nothing")


def test_undo_never_goes_back_past_what_a_seat_has_learnt(game: Any) -> None:
    """At every step and for every seat, ``Match.undo`` either takes back to
    that seat's last decision with no informing step in between, or
    refuses exactly when there is none to go back to; redo restores it."""
    undone = 0
    for n in counts(game):
        g = random_game(game, n, seed=50 + n)
        m = Match(game.id, tuple(Seat(f"P{p}") for p in range(n)), g.seed, g.options)
        for a in g.actions:
            m.play(a)
            for seat in range(n):
                undone += _undo_and_redo(game, m, seat)
    assert undone > 0, "some step could be undone"


def _undo_and_redo(game: Any, m: Match, seat: int) -> int:
    states, actions, end = list(m.states), list(m.actions), len(m.actions)
    target = None
    for i in range(end - 1, -1, -1):
        if game.informs(states[i], states[i + 1], seat):
            break
        if game.to_move(states[i]) == seat:
            target = i
            break
    assert m.can_undo(seat) == (target is not None)
    if not m.undo(seat):
        assert target is None and m.states == states
        return 0
    assert len(m.actions) == target and m.state == states[target]
    while m.redo():
        pass
    assert m.actions == actions and m.states == states
    return 1


def test_sampled_worlds_differ_only_in_what_is_hidden(game: Any) -> None:
    """Every secret lies where the checks above can see it. Two worlds
    sampled from one view (with different Rng seeds) may differ only in the
    cards of ``Held`` values, the ``Rng`` and the fields a record declares
    ``_face_down``: a secret kept as a plain number would differ elsewhere.
    And the two worlds show the seat the very same view; a spectator sees
    no face-down card at all."""
    hidden = 0
    for n in game.players:
        g = random_game(game, n, seed=80 + n)
        for i, s in enumerate(g.states):
            if i % WORLDS_STRIDE and i != len(g.states) - 1:
                continue
            for seat in range(n):
                v = game.view(s, seat)
                one, two = (game.sample(v, seat, Rng(7 * i + k)) for k in (1, 2))
                outside = list(differences(one, two))
                assert not outside, (f"{n}p step {i}, seat {seat}: two worlds sampled from "
                                     "its view differ outside what is hidden:\n"
                                     + "\n".join(outside[:5]))
                seen = list(differences(game.view(one, seat), game.view(two, seat), hidden=False))
                assert not seen, (f"{n}p step {i}, seat {seat}: two worlds sampled from "
                                  "one view show it differently:\n" + "\n".join(seen[:5]))
                hidden += one != two
            shown = [c for c in face_down(game.view(s, SPECTATOR)) if type(c) is int]
            assert all(c == HIDDEN for c in shown), (
                f"{n}p step {i}: a spectator sees a face-down card: {shown[:10]}")
    if any(isinstance(x, Held) for x in values(game.setup(max(game.players), None, 1))):
        assert hidden, "worlds sampled from a view with hidden cards differ somewhere"
