"""The spectator's view of every registered game: ``view(s, SPECTATOR)``
shows only what every seat has seen, at every step of random games for
every player count (every third step: a card shown to a spectator stays
on the table for more than one step). A shared table sends spectators
exactly this view."""

from __future__ import annotations

from typing import Any

from engine.core import HIDDEN, SPECTATOR, Held, Rng
from engine.match import Match, Seat

from .support import random_game, values


def test_a_spectator_sees_only_what_every_seat_has_seen(game: Any) -> None:
    hidden = 0
    for n in game.players:
        everyone = (1 << n) - 1
        g = random_game(game, n, seed=60 + n)
        for i, s in enumerate(g.states):
            if i % 3 and i != len(g.states) - 1:
                continue
            v = game.view(s, SPECTATOR)
            assert game.viewer(v) == SPECTATOR and game.seats(v) == n
            assert not {x for x in values(v) if isinstance(x, Rng)} & \
                {x for x in values(s) if isinstance(x, Rng)}, f"step {i}: the random stream"
            for held in (x for x in values(v) if isinstance(x, Held)):
                hidden += held.card == HIDDEN
                assert held.card == HIDDEN or held.seen & everyone == everyone, (
                    f"{n} players, step {i}: a spectator sees {held}")
        if n != max(game.players):
            continue
        m = Match(game.id, tuple(Seat(f"P{p}") for p in range(n)), g.seed, g.options,
                  actions=list(g.actions))
        assert [line.text for _, line in m.log_lines(SPECTATOR)]  # the public log reads
    if any(isinstance(x, Held) for x in values(game.setup(max(game.players), g.options, 1))):
        assert hidden, "a game with hidden cards hides some from a spectator"
